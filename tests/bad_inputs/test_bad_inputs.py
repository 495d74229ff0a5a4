"""Bad input files give one exact line naming the file and exit 2, and write nothing.

Files and expected messages: ``files/`` and ``cases.json`` (made by ``make_files.py``). Files the
engine accepts (a plain-text ``savedGame``, a piece with an unknown trait) are accepted and convert
back byte for byte.

A case runs ``sdbp convert {path} {out}``, or the command in its optional ``args`` list, where
``{path}`` is the case file, ``{out}`` the target (``out.json``, or ``out.vsav`` for a ``.json``
case), ``{folder}`` an existing folder named ``existing.json`` and ``{good_save}`` a save that converts — e.g. ``["convert", "{good_save}", "{out}",
"--module", "{path}"]`` for a bad module. ``{path}`` in the message is the case file.
"""

from __future__ import annotations

import json
import struct
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from sdbp_module.cli import main
from sdbp_module.codec.container import read_container
from sdbp_module.errors import CodecError

HERE = Path(__file__).resolve().parent
GOOD_SAVE = "plain-text.vsav"
"""A save that converts; cases with ``args`` use it as ``{good_save}`` (e.g. with a bad ``--module``)."""
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
    folder = tmp_path / "existing.json"
    fields = {"path": source, "out": target, "good_save": HERE / "files" / GOOD_SAVE, "folder": folder}
    command = case.get("args", ["convert", "{path}", "{out}"])
    assert isinstance(command, list)
    if any("{folder}" in str(arg) for arg in command):
        folder.mkdir()
    before = sorted(tmp_path.iterdir())
    args = [str(arg).format(**fields) for arg in command]
    result = CliRunner().invoke(main, args)
    expected = str(case["message"]).format(**fields)
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
        assert sorted(tmp_path.iterdir()) == before
        assert not folder.exists() or list(folder.iterdir()) == []


def test_unknown_trait_is_kept_verbatim(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    CliRunner().invoke(main, ["convert", str(HERE / "files" / "unknown-trait.vsav"), str(target)])
    doc = json.loads(target.read_text(encoding="utf-8"))
    piece = doc["commands"]["children"][1]["children"][0]
    assert piece["traits"][0] == {"trait": "zzz", "type": "zzz;who\\;knows", "state": "?"}
    assert piece["traits"][2]["name"] == "Éliane"


def test_declared_size_is_capped(tmp_path: Path) -> None:
    """The cap holds for the sizes the central directory declares, before anything is inflated."""
    path = tmp_path / "big.vsav"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("savedGame", b"0" * 5000)
    with pytest.raises(CodecError) as info:
        read_container(path, max_total=4096)
    assert info.value.message == (
        f"{path}: entry 'savedGame' (central directory record at byte 62): decompressed size exceeds the cap "
        "of 4096 bytes (zip bomb?)"
    )


def test_inflating_stops_at_the_declared_size(tmp_path: Path) -> None:
    """Declared sizes can lie: inflating never goes past them, so the cap also holds while inflating."""
    path = tmp_path / "lie.vsav"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("savedGame", b"0" * 5_000_000)
    data = bytearray(path.read_bytes())
    for offset in (22, data.find(b"PK\x01\x02") + 24):  # size in the local header and the central directory
        struct.pack_into("<I", data, offset, 100)
    path.write_bytes(data)
    with pytest.raises(CodecError) as info:
        read_container(path)
    compressed = struct.unpack_from("<I", data, 18)[0]
    assert info.value.message == (
        f"{path}: entry 'savedGame': inflates to more than the 100 bytes the central directory declares "
        f"(data at bytes 39..{38 + compressed})"
    )
