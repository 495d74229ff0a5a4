"""Log and module must match: a log records the build of the module it was written with, and
``sdbp check``, ``show``, ``audit`` and ``convert --events`` refuse a log of another build in one line
(exit 2), or with ``--allow-other-build`` read it with a loud warning on every report.

The log is the real engine's: ``identity/identity.vlog`` was written by VASSAL 3.7.26 playing
``identity/script.txt`` (``identity/record.sh``) with the module built from the bundled data;
``identity/module.vmod`` holds that module's ``buildFile.xml`` and ``moduledata`` (what a log is read
through; the images are left out). Another build is the bundled data with one map vertex moved (the
boundary of two areas), read as ``--data`` (the module the data builds) or as a module of its own.
"""

from __future__ import annotations

import json
import re
import shutil
import zipfile
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from lxml import etree

from sdbp_module.cli import main
from sdbp_module.codec.container import read_container, write_save
from sdbp_module.codec.identity import BuildId, build_version, recorded_build
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import PROJECT_ROOT, default_data_dir
from sdbp_module.vassal import buildfile, layout
from sdbp_module.vassal.commands import build_module
from sdbp_module.vassal.identity import computed_build
from tests.built_modules import built_module

HERE = Path(__file__).resolve().parent / "identity"
LOG = HERE / "identity.vlog"
MODULE = HERE / "module.vmod"
SQ1 = PROJECT_ROOT / "tests" / "cli" / "data" / "check_sq1.jsonl"
SCHEMAS = PROJECT_ROOT / "sdbp_module" / "schemas"
NAME = "StormOverDienBienPhu"


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def fixture_version() -> str:
    with zipfile.ZipFile(MODULE) as archive:
        version = etree.fromstring(archive.read("buildFile.xml")).get("version")
    assert version is not None
    return version


def moved_vertex(data: Path) -> None:
    """Move the third vertex of the first area's outline, wherever the map has it (the boundary of the
    areas that share it moves: another layout, the data still valid)."""
    areas = data / "areas.yaml"
    text = areas.read_text(encoding="utf-8")
    polygon = re.search(r"polygon: (\[\[.*\]\])", text)
    assert polygon is not None
    x, y = json.loads(polygon.group(1))[2]
    old = f"[{x}, {y}]"
    assert text.count(old) >= 2, "the vertex is shared by two areas"
    areas.write_text(text.replace(old, f"[{x + 20}, {y + 21}]"), encoding="utf-8")


@pytest.fixture(scope="module")
def game() -> GameData:
    return load_game(default_data_dir())


@pytest.fixture(scope="module")
def other_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled data with one vertex moved: another layout, so the module it builds is another build."""
    data = tmp_path_factory.mktemp("other") / "sodbp"
    shutil.copytree(default_data_dir(), data)
    moved_vertex(data)
    return data


@pytest.fixture(scope="module")
def other_module(other_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A module file of the other build (its build file and moduledata: what a log is read with)."""
    game = load_game(other_data)
    built = buildfile.build_file(game, layout.make_layout(game))
    path = tmp_path_factory.mktemp("other-module") / f"{NAME}-other.vmod"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("buildFile.xml", built.xml)
        archive.writestr("moduledata", buildfile.moduledata_xml(game, 0, built.version))
    return path


# -- what the engine recorded ----------------------------------------------------------------------


def test_the_engine_records_the_module_build_in_the_log() -> None:
    """VASSAL writes the running module's version into savedata and copies its moduledata: the log
    carries the build identity, and it is the digest of the build file the engine ran."""
    version = fixture_version()
    entries = read_container(LOG).entries
    assert recorded_build(entries) == BuildId(NAME, version)
    savedata = etree.fromstring(dict(entries)["savedata"])
    assert savedata.findtext("version") == version and savedata.findtext("VassalVersion") == "3.7.26"  # the engine wrote it
    with zipfile.ZipFile(MODULE) as archive:
        root = etree.fromstring(archive.read("buildFile.xml"))
        assert dict(entries)["moduledata"] == archive.read("moduledata")  # a byte copy, as copyModuleMetadata makes
    data_version, _, digest = version.rpartition("+")
    assert build_version(data_version, root) == version and len(digest) == 12


# -- same build, other build -----------------------------------------------------------------------


def test_a_log_of_the_same_build_is_checked() -> None:
    code, out, err = invoke("check", str(LOG), "--module", str(MODULE), "--format", "json")
    report = json.loads(out)
    assert (code, err) == (0, "")
    assert report["build"]["status"] == "same" and report["build"]["warning"] is False
    assert report["build"]["log"] == report["build"]["module"] == {"name": NAME, "version": fixture_version()}
    jsonschema.validate(report, json.loads((SCHEMAS / "findings.schema.json").read_text(encoding="utf-8")))
    code, out, _ = invoke("check", str(LOG), "--module", str(MODULE))
    assert code == 0 and f"Module build: written with {NAME} {fixture_version()}, the build of the module {MODULE}." in out.splitlines()


@pytest.mark.parametrize("against", ["module", "data"])
def test_a_log_of_another_build_is_refused_in_one_line(against: str, other_data: Path, other_module: Path) -> None:
    option = ["--module", str(other_module)] if against == "module" else ["--data", str(other_data)]
    other = load_game(other_data)
    other_version = computed_build(other).version
    assert other_version != fixture_version()
    code, out, err = invoke("check", str(LOG), *option)
    where = f"the module {other_module}" if against == "module" else "the module this game data builds"
    assert (code, out) == (2, "")
    assert err == (
        f"Error: {LOG}: written with {NAME} {fixture_version()}, {where} is {other_version}; a log of another build "
        "is misread (use --allow-other-build to check it anyway)\n"
    )


def test_show_and_convert_refuse_a_log_of_another_build(other_module: Path, tmp_path: Path) -> None:
    for args, verb in (
        (["show", str(LOG), "--format", "text"], "show"),
        (["convert", str(LOG), str(tmp_path / "events.jsonl"), "--events"], "convert"),
    ):
        code, out, err = invoke(*args, "--module", str(other_module))
        assert (code, out) == (2, "")
        assert len(err.splitlines()) == 1 and f"use --allow-other-build to {verb} it anyway" in err
    assert not (tmp_path / "events.jsonl").exists()


# -- --allow-other-build: a loud warning on every report -----------------------------------------


def test_with_the_option_every_report_format_warns(other_module: Path, tmp_path: Path) -> None:
    option = ["--module", str(other_module), "--allow-other-build"]
    code, text, err = invoke("check", str(LOG), *option)
    assert (code, err) == (0, "")
    lines = text.splitlines()
    assert lines[1].startswith("!! WARNING: THIS LOG WAS WRITTEN WITH ANOTHER BUILD OF THE MODULE")
    assert f"written with {NAME} {fixture_version()}, another build than the module {other_module}" in lines[2]
    assert lines[-1].endswith("WARNING: a log of another build of the module; findings may be misreadings.")

    code, out, _ = invoke("check", str(LOG), *option, "--format", "json")
    report = json.loads(out)
    jsonschema.validate(report, json.loads((SCHEMAS / "findings.schema.json").read_text(encoding="utf-8")))
    assert report["build"]["status"] == "other" and report["build"]["warning"] is True
    assert report["build"]["log"]["version"] == fixture_version() != report["build"]["module"]["version"]

    code, page, _ = invoke("check", str(LOG), *option, "--format", "html", "--pictures", "none")
    body = page[page.index("<body>") :]
    assert body.index('class="build-banner"') < body.index("<header>")  # on top of the page
    assert "WARNING: this log was written with another build of the module" in page

    code, board, err = invoke("show", str(LOG), *option, "--format", "text")
    assert code == 0 and board.startswith(f"WARNING: ANOTHER BUILD: {LOG}: written with {NAME} {fixture_version()}")

    code, out, err = invoke("convert", str(LOG), str(tmp_path / "events.jsonl"), "--events", *option)
    assert code == 0 and err.startswith(f"WARNING: ANOTHER BUILD: {LOG}: written with")
    assert (tmp_path / "events.jsonl").is_file()


def test_audit_refuses_a_log_of_another_build_or_warns_per_log_and_in_the_index(other_data: Path, tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    shutil.copy(LOG, logs / "engine.vlog")
    shutil.copy(SQ1, logs / "sq1.jsonl")  # a transcript: read with no module build, never refused
    code, out, err = invoke("audit", str(logs), "-o", str(tmp_path / "refused"), "--data", str(other_data), "-j", "1")
    assert code == 2
    assert err == f"unreadable: {logs / 'engine.vlog'}: written with {NAME} {fixture_version()}, the module this game data builds is " + (
        f"{computed_build(load_game(other_data)).version}; a log of another build is misread (use --allow-other-build to check it anyway)\n"
    )
    summary = json.loads((tmp_path / "refused" / "summary.json").read_text(encoding="utf-8"))
    assert [(row["path"], row["status"]) for row in summary["logs"]] == [("engine.vlog", "unreadable"), ("sq1.jsonl", "checked")]

    out_dir = tmp_path / "allowed"
    code, out, err = invoke("audit", str(logs), "-o", str(out_dir), "--data", str(other_data), "-j", "1", "--allow-other-build")
    assert code == 1 and err == ""  # sq1's illegal findings; the engine log is checked
    summary = json.loads((out_dir / "summary.json").read_text(encoding="utf-8"))
    jsonschema.validate(summary, json.loads((SCHEMAS / "audit-summary.schema.json").read_text(encoding="utf-8")))
    rows = {row["path"]: row for row in summary["logs"]}
    assert rows["engine.vlog"]["build"] == {"status": "other", "warning": True, "log_version": fixture_version()}
    assert rows["sq1.jsonl"]["build"] == {"status": "unrecorded", "warning": False, "log_version": None}
    assert summary["totals"]["other_build"] == 1
    assert json.loads((out_dir / "engine.vlog.json").read_text(encoding="utf-8"))["build"]["warning"] is True
    assert 'class="build-banner"' in (out_dir / "engine.vlog.html").read_text(encoding="utf-8")
    assert 'class="build-banner"' not in (out_dir / "sq1.jsonl.html").read_text(encoding="utf-8")
    index = (out_dir / "index.html").read_text(encoding="utf-8")
    assert "WARNING: 1 of these logs was written with another build of the module" in index
    assert f"ANOTHER BUILD ({fixture_version()})" in index


# -- no identity: said, not refused ----------------------------------------------------------------


def test_a_transcript_records_no_build_and_is_checked() -> None:
    code, out, _ = invoke("check", str(SQ1), "--format", "json")
    assert code == 1  # its planted faults, not its build
    assert json.loads(out)["build"] == {
        "status": "unrecorded",
        "warning": False,
        "log": None,
        "module": None,
        "message": "an events transcript records no module build, and needs none: its places are already areas",
    }


def test_a_log_of_a_module_built_before_build_identities_is_checked_with_a_note(tmp_path: Path) -> None:
    """A log whose module recorded the data's version alone (every module sdbp built before): whether
    it is this build cannot be told, so it is read, and the report says so."""
    old = tmp_path / "old.vlog"
    container = read_container(LOG)
    entries = [(n, d.replace(f"<version>{fixture_version()}</version>".encode(), b"<version>1.0.0</version>")) for n, d in container.entries if n != "savedGame"]
    write_save(old, container.saved_game, entries)
    assert recorded_build(read_container(old).entries) == BuildId(NAME, "1.0.0")
    code, out, err = invoke("check", str(old), "--module", str(MODULE))
    assert (code, err) == (0, "")
    assert (
        f"Module build: the log records {NAME} 1.0.0, no build identity (a module built before sdbp recorded one): whether "
        f"it was written with the module {MODULE} ({fixture_version()}) cannot be told; many findings at the set-up are the "
        "sign of another build." in out.splitlines()
    )
    code, out, _ = invoke("check", str(old), "--module", str(MODULE), "--format", "json")
    assert json.loads(out)["build"]["status"] == "unrecorded"


def test_a_log_of_another_data_version_is_another_build(tmp_path: Path) -> None:
    old = tmp_path / "v09.vlog"
    container = read_container(LOG)
    entries = [(n, d.replace(f"<version>{fixture_version()}</version>".encode(), b"<version>0.9.0</version>")) for n, d in container.entries if n != "savedGame"]
    write_save(old, container.saved_game, entries)
    code, out, err = invoke("check", str(old), "--module", str(MODULE))
    assert (code, out) == (2, "") and f"written with {NAME} 0.9.0, the module {MODULE} is {fixture_version()}" in err


# -- the identity: deterministic, blind to art, sees the layout -------------------------------------


def test_the_identity_is_deterministic_and_is_what_the_build_writes(game: GameData, tmp_path: Path) -> None:
    first = computed_build(game)
    again = computed_build(load_game(default_data_dir()))
    assert first == again and first.name == NAME and first.data_version == game.game.version and first.digest is not None
    built = built_module(default_data_dir(), tmp_path / "a")  # the session's build_module(game, …, None) (tests/built_modules.py)
    with zipfile.ZipFile(built) as archive:
        root = etree.fromstring(archive.read("buildFile.xml"))
        moduledata = etree.fromstring(archive.read("moduledata"))
        setup = read_container_bytes(archive.read(buildfile.SETUP_FILE), tmp_path)
    assert root.get("version") == moduledata.findtext("version") == first.version
    assert recorded_build(setup) == first  # the set-up save records it too
    assert built.name == f"{NAME}-{game.game.version}.vmod"  # the file name stays the data's version


def read_container_bytes(data: bytes, tmp_path: Path) -> tuple[tuple[str, bytes], ...]:
    path = tmp_path / "setup.vsav"
    path.write_bytes(data)
    return read_container(path).entries


def test_artwork_does_not_change_the_identity(game: GameData, tmp_path: Path) -> None:
    art = tmp_path / "art"
    art.mkdir()
    from PIL import Image

    Image.new("RGB", (game.map.width, game.map.height), (200, 30, 30)).save(art / "map.png")
    built = build_module(game, tmp_path / "out", art)
    with zipfile.ZipFile(built.path) as archive:
        version = etree.fromstring(archive.read("buildFile.xml")).get("version")
        assert archive.read("images/map.png") == (art / "map.png").read_bytes()  # the supplied art is in it
    assert version == computed_build(game).version


def test_the_layout_changes_the_identity(game: GameData, other_data: Path) -> None:
    other = computed_build(load_game(other_data))
    assert other.data_version == game.game.version and other.version != computed_build(game).version
