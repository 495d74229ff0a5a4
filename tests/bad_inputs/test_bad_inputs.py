"""Bad input files give one exact line naming the file and exit 2, and write nothing.

Files and expected messages: ``files/`` and ``cases.json`` (made by ``make_files.py``). Files the
engine accepts (a plain-text ``savedGame``, a piece with an unknown trait) are accepted and convert
back byte for byte.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from sdbp_module.cli import main
from sdbp_module.codec.container import read_container
from sdbp_module.errors import CodecError

HERE = Path(__file__).resolve().parent
CASES: dict[str, dict[str, object]] = {
    k: v for k, v in json.loads((HERE / "cases.json").read_text(encoding="utf-8")).items() if not k.startswith("_")
}


def test_every_file_has_a_case() -> None:
    assert sorted(p.name for p in (HERE / "files").iterdir()) == sorted(CASES)


def test_files_match_their_generator() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_bad_files", HERE / "make_files.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name, data in module.files().items():
        assert (HERE / "files" / name).read_bytes() == data, name


@pytest.mark.parametrize("name", sorted(CASES))
def test_message_and_exit_code(name: str, tmp_path: Path) -> None:
    case = CASES[name]
    source = HERE / "files" / name
    target = tmp_path / ("out.vsav" if name.endswith(".json") else "out.json")
    result = CliRunner().invoke(main, ["convert", str(source), str(target)])
    expected = str(case["message"]).format(path=source)
    assert result.exit_code == case["exit"], result.output
    if case["exit"] == 0:
        assert result.stdout.strip() == expected
        back = tmp_path / "back.vsav"
        assert CliRunner().invoke(main, ["convert", str(target), str(back)]).exit_code == 0
        with zipfile.ZipFile(source) as a, zipfile.ZipFile(back) as b:
            assert a.read("savedGame") == b.read("savedGame")
    else:
        assert result.stderr.strip() == f"Error: {expected}"
        assert result.stdout == ""
        assert list(tmp_path.iterdir()) == []


def test_unknown_trait_is_kept_verbatim(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    CliRunner().invoke(main, ["convert", str(HERE / "files" / "unknown-trait.vsav"), str(target)])
    doc = json.loads(target.read_text(encoding="utf-8"))
    piece = doc["commands"]["children"][1]["children"][0]
    assert piece["traits"][0] == {"trait": "zzz", "type": "zzz;who\\;knows", "state": "?"}
    assert piece["traits"][2]["name"] == "Éliane"


def test_streamed_size_is_capped_too(tmp_path: Path) -> None:
    """The declared sizes can lie: the cap also holds while inflating."""
    path = tmp_path / "big.vsav"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("savedGame", b"0" * 5000)
    with pytest.raises(CodecError) as info:
        read_container(path, max_total=4096)
    assert info.value.message == (
        f"{path}: entry 'savedGame': decompressed size exceeds the cap of 4096 bytes (zip bomb?)"
    )
