"""``sdbp convert``: .vsav/.vlog ⇄ .json, .vlog → .jsonl, envelopes and keys, module resolution."""

from __future__ import annotations

import base64
import json
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import etree

from sdbp_module.cli import main
from sdbp_module.codec.container import write_save
from sdbp_module.codec.envelope import Envelope, EnvelopeKind, encode_envelope
from sdbp_module.codec.tree import Command, encode_tree
from tests.shared_corpus import CORPUS, needs_corpus

ESC = "\x1b"
NAMES_SAVE = ESC.join(
    [
        "begin_save",
        "",
        "\\" + ESC + "+/11/mark;sdbp_id\tpiece;;;;Éliane/FR-1\tMain Map;150;120;1;1;UniqueID;11"
        + "\\" + ESC + "+/12/stack/Main Map;150;120;11;@@1",
        "PLAYER\tpw\tBéatrice\tFrench",
        "end_save",
        "LOG\tM/12/Main Map/450/140/null/Main Map/150/120/null/pw" + "\\" + ESC + "LOG\tCHAT* Éliane moves 14 → 15 *",
        "LOG\tD/11/FR-2\tMain Map;450;140;1;1;UniqueID;11/FR-1\tMain Map;450;140;1;1;UniqueID;11",
        "LOG\tCHAT*** 2d6 = 3,5 *** <Françoise>",
    ]
)


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def small_module(path: Path) -> None:
    """A module with one map and two polygon zones, "14" and "15" (reference §3.3)."""
    root = etree.Element("VASSAL.build.GameModule", name="Test", version="1")
    game_map = etree.SubElement(root, "VASSAL.build.module.Map", mapName="Main Map", edgeWidth="0", edgeHeight="0")
    picker = etree.SubElement(game_map, "VASSAL.build.module.map.BoardPicker")
    board = etree.SubElement(picker, "VASSAL.build.module.map.boardPicker.Board", name="Main")
    grid = etree.SubElement(board, "VASSAL.build.module.map.boardPicker.board.ZonedGrid")
    for name, zone_path in (("14", "50,50;250,50;250,200;50,200"), ("15", "250,50;650,50;650,200;250,200")):
        etree.SubElement(grid, "VASSAL.build.module.map.boardPicker.board.mapgrid.Zone", name=name, path=zone_path)
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("buildFile.xml", etree.tostring(root, xml_declaration=True, encoding="UTF-8"))
        archive.writestr("moduledata", b"<data/>")


@pytest.fixture()
def names_vlog(tmp_path: Path) -> Path:
    path = tmp_path / "names.vlog"
    write_save(path, encode_envelope(Envelope(EnvelopeKind.VCSK, 0x3C, NAMES_SAVE)), {"moduledata": b"<data/>", "blob": b"\xff\x00"})
    return path


def test_vlog_to_json_and_back_is_exact(names_vlog: Path, tmp_path: Path) -> None:
    code, out, err = run("convert", str(names_vlog), str(tmp_path / "a.json"))
    assert (code, err) == (0, "")
    assert out == f"{names_vlog}: 1 pieces, 1 stacks, 0 decks, 3 log steps\n"
    doc = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
    assert doc["format_version"] == 1
    assert doc["envelope"] == {"kind": "vcsk", "key": 60, "hex_case": "lower"}
    assert doc["entries"] == [
        {"name": "savedGame"},
        {"name": "moduledata", "text": "<data/>"},
        {"name": "blob", "base64": "/wA="},
    ]
    piece = doc["commands"]["children"][1]["children"][0]
    assert piece["traits"][1]["name"] == "Éliane"
    assert doc["commands"]["children"][2] == {"cmd": "player", "player_id": "pw", "name": "Béatrice", "side": "French"}
    code, out, _ = run("convert", str(tmp_path / "a.json"), str(tmp_path / "b.vlog"))
    assert code == 0
    with zipfile.ZipFile(names_vlog) as a, zipfile.ZipFile(tmp_path / "b.vlog") as b:
        assert a.read("savedGame") == b.read("savedGame")
        assert {n: a.read(n) for n in a.namelist()} == {n: b.read(n) for n in b.namelist()}


def test_envelope_and_key_options(names_vlog: Path, tmp_path: Path) -> None:
    run("convert", str(names_vlog), str(tmp_path / "a.json"))
    for envelope, key, head in (("vobs", "a7", b"VOBS\xa7"), ("plain", None, b"begin_save"), ("vcsk", "0F", b"!VCSK0f")):
        args = ["convert", str(tmp_path / "a.json"), str(tmp_path / f"{envelope}.vsav"), "--envelope", envelope]
        if key:
            args += ["--key", key]
        assert run(*args)[0] == 0
        with zipfile.ZipFile(tmp_path / f"{envelope}.vsav") as archive:
            assert archive.read("savedGame").startswith(head)
        run("convert", str(tmp_path / f"{envelope}.vsav"), str(tmp_path / f"{envelope}.json"))
        again = json.loads((tmp_path / f"{envelope}.json").read_text(encoding="utf-8"))
        assert again["commands"] == json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))["commands"]


def test_bad_key(names_vlog: Path, tmp_path: Path) -> None:
    assert run("convert", str(names_vlog), str(tmp_path / "x.vsav"), "--key", "zz") == (
        2, "", "Error: --key 'zz': expected two hex digits, e.g. 5a\n"
    )
    assert not (tmp_path / "x.vsav").exists()


def test_vlog_to_jsonl_steps_with_zones(names_vlog: Path, tmp_path: Path) -> None:
    small_module(tmp_path / "m.vmod")
    code, _, _ = run("convert", str(names_vlog), str(tmp_path / "s.jsonl"), "--module", str(tmp_path / "m.vmod"))
    assert code == 0
    steps = [json.loads(line) for line in (tmp_path / "s.jsonl").read_text(encoding="utf-8").splitlines()]
    assert steps == [
        {
            "step": 1,
            "actions": [
                {
                    "action": "move", "piece": "12", "name": "Éliane", "player": "pw",
                    "from": {"map": "Main Map", "x": "150", "y": "120", "zone": "14"},
                    "to": {"map": "Main Map", "x": "450", "y": "140", "zone": "15"},
                },
                {"action": "chat", "text": "* Éliane moves 14 → 15 *"},
            ],
        },
        {
            "step": 2,
            "actions": [
                {
                    "action": "change", "piece": "11", "name": "Éliane", "sdbp_id": "FR-1",
                    "changes": [{"trait": "marker sdbp_id", "from": "FR-1", "to": "FR-2"}],
                }
            ],
        },
        {"step": 3, "actions": [{"action": "dice", "text": "*** 2d6 = 3,5 *** <Françoise>"}]},
    ]


def test_json_with_module_resolves_zones(names_vlog: Path, tmp_path: Path) -> None:
    small_module(tmp_path / "m.vmod")
    run("convert", str(names_vlog), str(tmp_path / "a.json"), "--module", str(tmp_path / "m.vmod"))
    doc = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
    assert doc["commands"]["children"][1]["children"][0]["resolved"] == {"name": "Éliane", "sdbp_id": "FR-1", "zone": "14"}
    move = doc["commands"]["children"][4]["command"]
    assert move["resolved"] == {"name": "Éliane", "new_zone": "15", "old_zone": "14"}
    assert run("convert", str(tmp_path / "a.json"), str(tmp_path / "b.vlog"))[0] == 0
    with zipfile.ZipFile(names_vlog) as a, zipfile.ZipFile(tmp_path / "b.vlog") as b:
        assert a.read("savedGame") == b.read("savedGame")


def test_missing_source(tmp_path: Path) -> None:
    assert run("convert", str(tmp_path / "nope.vsav"), str(tmp_path / "a.json")) == (
        2, "", f"Error: {tmp_path / 'nope.vsav'}: no such file\n"
    )


@needs_corpus
def test_real_save_through_the_command(tmp_path: Path) -> None:
    source = CORPUS / "paths-of-glory" / "Historical10-8.vsav"
    code, out, _ = run("convert", str(source), str(tmp_path / "pog.json"))
    assert (code, out) == (0, f"{source}: 844 pieces, 1399 stacks, 13 decks, 0 log steps\n")
    assert run("convert", str(tmp_path / "pog.json"), str(tmp_path / "pog.vsav"))[0] == 0
    with zipfile.ZipFile(source) as a, zipfile.ZipFile(tmp_path / "pog.vsav") as b:
        assert a.read("savedGame") == b.read("savedGame")


def test_rewrap_a_save_directly(names_vlog: Path, tmp_path: Path) -> None:
    assert run("convert", str(names_vlog), str(tmp_path / "v.vlog"), "--envelope", "vobs")[0] == 0
    with zipfile.ZipFile(tmp_path / "v.vlog") as archive:
        assert archive.read("savedGame")[:5] == b"VOBS\x3c"  # the recorded key is kept
    assert run("convert", str(names_vlog), str(tmp_path / "v.vlog"), "--envelope", "vobs", "--key", "00") == (
        2, "", "Error: --key 00 cannot be used with the VOBS envelope (its key is 1..255)\n"
    )
    assert run("convert", str(names_vlog), str(tmp_path / "x.txt")) == (
        2, "", f"Error: {tmp_path / 'x.txt'}: unknown target type (expected .json, .jsonl, .vsav or .vlog)\n"
    )


def test_an_edit_in_the_json_reaches_the_save(names_vlog: Path, tmp_path: Path) -> None:
    run("convert", str(names_vlog), str(tmp_path / "a.json"))
    doc = json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))
    piece = doc["commands"]["children"][1]["children"][0]
    piece["traits"][0]["properties"][0][1] = "FR-9"
    piece["traits"][1]["x"] = "175"
    (tmp_path / "a.json").write_text(json.dumps(doc), encoding="utf-8")
    assert run("convert", str(tmp_path / "a.json"), str(tmp_path / "b.vlog"))[0] == 0
    with zipfile.ZipFile(tmp_path / "b.vlog") as archive:
        data = archive.read("savedGame")
    key = int(data[5:7], 16)
    text = bytes(b ^ key for b in bytes.fromhex(data[7:].decode())).decode("utf-8")
    assert "+/11/mark;sdbp_id\tpiece;;;;Éliane/FR-9\tMain Map;175;120;1;1;UniqueID;11" in text


# ---------------------------------------------------------------------------------------------
# JSON → save: hostile documents give one line, exit 2, and no file (issue 11)


def json_form(**changes: object) -> dict[str, object]:
    """A small valid JSON form; ``changes`` replace its top-level keys."""
    doc: dict[str, object] = {
        "format": "sdbp-vassal-game",
        "format_version": 1,
        "envelope": {"kind": "vcsk", "key": 71, "hex_case": "lower"},
        "entries": [{"name": "savedGame"}, {"name": "savedata", "text": "<s/>"}],
        "commands": {"cmd": "begin_save", "children": [{"cmd": "chat", "text": "hi"}, {"cmd": "end_save"}]},
    }
    doc.update(changes)
    return doc


def chat(text: object) -> dict[str, object]:
    return {"cmd": "begin_save", "children": [{"cmd": "chat", "text": text}]}


HOSTILE = [
    ("float-key", json.dumps(json_form(envelope={"kind": "vcsk", "key": 1.5})),
     "envelope/key: expected an integer 0..255 for a vcsk envelope, got the number 1.5"),
    ("number-as-entry-name", json.dumps(json_form(entries=[{"name": "savedGame"}, {"name": 7, "text": ""}])),
     "entries/1/name: expected a string, got the number 7"),
    ("number-as-text", json.dumps(json_form(commands=chat(12))), "commands/children/0/text: expected a string, got the number 12"),
    ("lone-surrogate", json.dumps(json_form(commands=chat("a\ud800"))),
     "commands/children/0/text: a lone surrogate (U+D800) at offset 1: it cannot be written as UTF-8"),
    ("esc-in-text", json.dumps(json_form(commands=chat("a\x1bb"))),
     "commands/children/0/text: ESC (U+001B) at offset 1: it would split the command when read back (only an opaque command's \"raw\" may hold it)"),
    ("dotdot-name", json.dumps(json_form(entries=[{"name": "savedGame"}, {"name": "../x", "text": ""}])),
     "entries/1/name: unsafe entry name (absolute or with '..')"),
    ("absolute-name", json.dumps(json_form(entries=[{"name": "/abs", "text": ""}])), "entries/0/name: unsafe entry name (absolute or with '..')"),
    ("empty-name", json.dumps(json_form(entries=[{"name": "", "text": ""}])), "entries/0/name: empty entry name"),
    ("duplicate-name", json.dumps(json_form(entries=[{"name": "a", "text": ""}, {"name": "a", "base64": ""}])),
     "entries/1/name: duplicate entry name 'a' (also entries/0)"),
    ("second-savedGame", json.dumps(json_form(entries=[{"name": "savedGame"}, {"name": "savedGame"}])),
     "entries/1/name: a second savedGame entry (also entries/0)"),
    ("bad-base64", json.dumps(json_form(entries=[{"name": "a", "base64": "A"}])),
     "entries/0/base64: not base64: 1 characters and 0 '=' do not make whole groups of 4"),
    ("deep-commands", json.dumps(json_form(commands=None)).replace("null", "[" * 100_000 + "]" * 100_000),
     "commands: expected an object (a command), got an array"),
    ("deep-field", json.dumps(json_form(commands=chat(None))).replace("null", "[" * 100_000 + "]" * 100_000),
     "commands/children/0/text: expected a string, got an array"),
    ("reads-back-differently", json.dumps(json_form(commands={"cmd": "empty", "children": [{"cmd": "other", "text": "a\\"}, {"cmd": "empty"}]})),
     "commands/children/0: would not read back as written: its text from offset 1 would read back as '', not '\\\\'"),
]


@pytest.mark.parametrize(("text", "message"), [(t, m) for _, t, m in HOSTILE], ids=[name for name, _, _ in HOSTILE])
def test_hostile_json_gives_one_line_and_no_file(tmp_path: Path, text: str, message: str) -> None:
    source = tmp_path / "hostile.json"
    source.write_text(text, encoding="utf-8")
    assert run("convert", str(source), str(tmp_path / "out" / "x.vsav")) == (2, "", f"Error: {source}: {message}\n")
    assert not (tmp_path / "out").exists()


def test_invalid_json_nested_deep_gives_its_position(tmp_path: Path) -> None:
    source = tmp_path / "deep.json"
    source.write_text('{"commands": ' + "[" * 50_000 + "]" * 49_999 + "}", encoding="utf-8")
    assert run("convert", str(source), str(tmp_path / "x.vsav")) == (
        2, "", f"Error: {source}:1:100013: invalid JSON: Expecting ',' delimiter\n"
    )
    assert not (tmp_path / "x.vsav").exists()


# ---------------------------------------------------------------------------------------------
# deep trees and large strings convert both ways, byte for byte


def chain_save(path: Path, depth: int) -> str:
    """A save whose tree is a chain ``depth`` levels deep (a group of one group of … a chat line).

    Its text is O(depth²) long: the boundary at depth k is k backslashes and an ESC.
    """
    node = Command("CHATbottom")
    for level in range(depth):
        node = Command("" if level % 2 else "LOG\tCHATx", (node,) if level % 3 else (node, Command(f"-/{level}")))
    text = encode_tree(Command("begin_save", (node, Command("end_save"))))
    write_save(path, encode_envelope(Envelope(EnvelopeKind.VOBS, 9, text)), {"savedata": b"<s/>"})
    return text


@pytest.mark.parametrize("depth", [300, 5_000])
def test_a_deep_save_converts_both_ways_byte_for_byte(tmp_path: Path, depth: int) -> None:
    source = tmp_path / "deep.vsav"
    text = chain_save(source, depth)
    assert run("convert", str(source), str(tmp_path / "deep.json"))[0] == 0
    doc_text = (tmp_path / "deep.json").read_text(encoding="utf-8")
    assert doc_text.count('"children": [') == depth + 1
    code, out, err = run("convert", str(tmp_path / "deep.json"), str(tmp_path / "back.vsav"))
    assert (code, err) == (0, "")
    assert out == f"{tmp_path / 'back.vsav'}: 0 pieces, 0 stacks, 0 decks, 0 log steps\n"
    with zipfile.ZipFile(source) as a, zipfile.ZipFile(tmp_path / "back.vsav") as b:
        assert a.read("savedGame") == b.read("savedGame")
        assert b.read("savedGame")[5:] == text.encode("utf-8").translate(bytes(c ^ 9 for c in range(256)))  # each byte XOR 9
        assert a.namelist() == b.namelist() and a.read("savedata") == b.read("savedata")


def test_control_characters_make_an_entry_base64_and_a_chat_line_stays_text(tmp_path: Path) -> None:
    source = tmp_path / "ctl.vsav"
    line = "\x01\x02" * 600_000 + "é"
    text = ESC.join(["begin_save", "CHAT" + line, "end_save"])
    savedata = b"\x01" * 300_000 + b"<x/>"
    write_save(source, encode_envelope(Envelope(EnvelopeKind.VCSK, 5, text)), {"savedata": savedata, "moduledata": b"<m>\t\r\n</m>"})
    assert run("convert", str(source), str(tmp_path / "ctl.json"))[0] == 0
    doc = json.loads((tmp_path / "ctl.json").read_text(encoding="utf-8"))
    assert doc["entries"][1] == {"name": "savedata", "base64": base64.b64encode(savedata).decode("ascii")}
    assert doc["entries"][2] == {"name": "moduledata", "text": "<m>\t\r\n</m>"}
    assert doc["commands"]["children"][0] == {"cmd": "chat", "text": line}
    assert run("convert", str(tmp_path / "ctl.json"), str(tmp_path / "back.vsav"))[0] == 0
    with zipfile.ZipFile(source) as a, zipfile.ZipFile(tmp_path / "back.vsav") as b:
        assert {n: a.read(n) for n in a.namelist()} == {n: b.read(n) for n in b.namelist()}


def test_a_folder_as_source_is_named_as_a_folder(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["convert", str(tmp_path), str(tmp_path / "out.json")])
    assert result.exit_code == 2
    assert result.stderr == f"Error: {tmp_path}: a folder, not a file\n"
    assert list(tmp_path.iterdir()) == []
