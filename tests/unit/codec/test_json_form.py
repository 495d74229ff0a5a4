"""JSON form (docs/json-form.md): named fields for the commands we know, raw text for the rest."""

from __future__ import annotations

import pytest

from sdbp_module.codec.envelope import Envelope, EnvelopeKind
from sdbp_module.codec.json_form import (
    command_from_json,
    command_to_json,
    game_from_json,
    game_to_json,
    text_from_json,
    text_to_json,
)
from sdbp_module.codec.jsonio import dump_chunks
from sdbp_module.codec.tree import Command, decode_tree, encode_tree
from sdbp_module.errors import CodecError


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("begin_save", {"cmd": "begin_save"}),
        ("SETUP_STACK\t", {"cmd": "setup_stack"}),
        ("", {"cmd": "empty"}),
        ("CHAT* Béatrice falls *", {"cmd": "chat", "text": "* Béatrice falls *"}),
        ("-/123", {"cmd": "remove_piece", "id": "123"}),
        (
            "M/1/Main Map/450/140/null/Main Map/150/120/null/pw",
            {"cmd": "move_piece", "id": "1", "new_map": "Main Map", "new_x": "450", "new_y": "140", "new_under": "null",
             "old_map": "Main Map", "old_x": "150", "old_y": "120", "old_under": "null", "player": "pw"},
        ),
        ("D/7/2\tx/1\tx", {"cmd": "change_piece", "id": "7", "new_state": {"traits": ["2", "x"]}, "old_state": {"traits": ["1", "x"]}}),
        ("MutableProperty\t2d6_result\t1\t3,5\tModule", {"cmd": "mutable_property", "name": "2d6_result", "old": "1", "new": "3,5", "container": "Module"}),
        ("GlobalProperty\t;VP;0;Module", {"cmd": "global_property", "name": "VP", "value": "0", "container": "Module"}),
        ("PLAYER\tsecretA\tAlice\tRed", {"cmd": "player", "player_id": "secretA", "name": "Alice", "side": "Red"}),
        ("UNDO\ttrue", {"cmd": "undo", "value": "true"}),
        ("TURNTurnTracker0\t0|1;0;false;-1;0", {"cmd": "turn", "tracker": "TurnTracker0", "state": "0|1;0;false;-1;0"}),
        ("Main MapBoardPicker\tMain\t0\t0", {"cmd": "board_picker", "map": "Main Map", "boards": ["Main", "0", "0"]}),
        ("LOG\tCHAThi", {"cmd": "log", "command": {"cmd": "chat", "text": "hi"}}),
        ("bd\tsomething VASL", {"cmd": "other", "text": "bd\tsomething VASL"}),
        ("M/1/too/few", {"cmd": "other", "text": "M/1/too/few"}),
        ("PLAYER\t'x'\ty\tz", {"cmd": "other", "text": "PLAYER\t'x'\ty\tz"}),
    ],
)
def test_commands(text: str, obj: dict[str, object]) -> None:
    assert text_to_json(text) == obj
    assert text_from_json(obj) == text


def test_add_piece_traits() -> None:
    text = "+/9/zzz;x\tmark;sdbp_id,firepower\\\tpiece;;;a.png;I\\/2 REI 1/s\tFR-I2REI-1,2\\\tnull;0;0;1;0"
    assert text_to_json(text) == {
        "cmd": "add_piece",
        "id": "9",
        "traits": [
            {"trait": "zzz", "type": "zzz;x", "state": "s"},
            {"trait": "mark", "properties": [["sdbp_id", "FR-I2REI-1"], ["firepower", "2"]]},
            {"trait": "piece", "clone_key": "", "delete_key": "", "image": "a.png", "name": "I/2 REI 1",
             "map": None, "x": "0", "y": "0", "gpid": "1", "properties": []},
        ],
    }
    assert text_from_json(text_to_json(text)) == text


def test_mismatched_chains_stay_raw() -> None:
    text = "+/9/mark;a\tpiece;;;;A/onlyone"
    assert text_to_json(text) == {"cmd": "add_piece", "id": "9", "type_raw": "mark;a\tpiece;;;;A", "state_raw": "onlyone"}
    assert text_from_json(text_to_json(text)) == text


def test_game_document_round_trip() -> None:
    env = Envelope(EnvelopeKind.VOBS, 7, "begin_save\x1bend_save")
    doc = game_to_json(env, decode_tree(env.text), (("savedGame", b""), ("moduledata", b"<m/>"), ("bin", b"\x80")))
    assert doc["envelope"] == {"kind": "vobs", "key": 7}
    back = game_from_json(doc, where="x.json")
    assert back.envelope == env
    assert back.entries == (("moduledata", b"<m/>"), ("bin", b"\x80"))


def test_malformed_document() -> None:
    """Every message is pinned in test_json_validation.py; here, that game_from_json checks first."""
    doc = {"format": "sdbp-vassal-game", "format_version": 1, "envelope": {"kind": "nope", "key": 1}, "entries": [], "commands": {"cmd": "end_save"}}
    with pytest.raises(CodecError) as info:
        game_from_json(doc, where="x.json")
    assert info.value.message == "x.json: envelope/kind: expected 'vcsk', 'vobs' or 'plain', got the string 'nope'"


@pytest.mark.parametrize(
    ("data", "form"),
    [
        (b"<x>\t\r\n</x>", {"text": "<x>\t\r\n</x>"}),
        ("Éliane\x7f\u0085".encode(), {"text": "Éliane\x7f\u0085"}),
        (b"a\x00b", {"base64": "YQBi"}),
        (b"\x1b", {"base64": "Gw=="}),
        (b"\xff", {"base64": "/w=="}),
        (b"", {"text": ""}),
    ],
)
def test_entries_with_control_characters_are_base64(data: bytes, form: dict[str, str]) -> None:
    """Only TAB, LF and CR of U+0000–U+001F stay text: JSON would write the others as six characters."""
    doc = game_to_json(Envelope(EnvelopeKind.PLAIN, None, "x"), decode_tree("x"), (("savedGame", b""), ("e", data)))
    assert doc["entries"][1] == {"name": "e", **form}
    assert game_from_json(doc, where="x.json").entries == (("e", data),)


def test_log_chains_of_any_length() -> None:
    assert text_to_json("LOG\tLOG\tCHATx") == {"cmd": "log", "command": {"cmd": "log", "command": {"cmd": "chat", "text": "x"}}}
    text = "LOG\t" * 100_000 + "M/1/too/few"
    obj = text_to_json(text)
    assert text_from_json(obj) == text
    for _ in range(100_000):
        obj = obj["command"]
    assert obj == {"cmd": "other", "text": "M/1/too/few"}


def test_command_trees_of_any_depth() -> None:
    node = Command("CHATbottom")
    for level in range(50_000):
        node = Command(f"-/{level}", (node, Command("")) if level % 7 == 0 else (node,))
    back = command_from_json(command_to_json(node))
    assert [(n.text, len(n.children)) for n in back.walk()] == [(n.text, len(n.children)) for n in node.walk()]


def test_decoded_counts_come_with_the_document() -> None:
    text = "begin_save\x1b+/1/stack/null;0;0;@@-1\x1bLOG\tCHATx\x1bend_save"
    doc = game_to_json(Envelope(EnvelopeKind.PLAIN, None, text), decode_tree(text), (("savedGame", b""),))
    assert game_from_json(doc, where="x.json").counts.line() == "0 pieces, 1 stacks, 0 decks, 1 log steps"


@pytest.mark.parametrize(
    "text",
    [
        "+/7/mark;a,b\tpiece;;;x.png;X/1,2\tnull;0;0;7;0",  # a Marker and a BasicPiece with named fields
        "LOG\t+/7/mark;a,b\tpiece;;;x.png;X/1,2\tnull;0;0;7;0",  # counted, in a log object
        "LOG\t" * 50 + "+/7/emb2;x\tpiece;;;x.png;X/1\tnull;0;0;7;0",  # not counted, in 50 log objects
        "+/7/mark;a\tpiece;;;x.png;X/1,2\tnull;0;0;7;0",  # a Marker whose values do not fit its names
        "+/7/a\tb/1",  # chains of different lengths: raw
        "+/" + "9" * 70_000 + "/stack/null;0;0",  # an id escaped a slice at a time: the object
        "+/1/deck;x/'q'",
        "+/\\/x/stack/s",
        "+/7/emb2;" + "\x01" * 300 + "\tpiece;;;x.png;X/" + "\x02" * 300 + "\tnull;0;0;7;0",  # kept an object
    ],
)
def test_pieces_written_as_text_are_their_objects(text: str) -> None:
    """``encode_pieces`` (what ``sdbp convert`` writes): the bytes and counts of the document of objects."""
    tree = decode_tree(encode_tree(Command("begin_save", (Command(text), Command(text, (Command("CHATx"),))))))
    env = Envelope(EnvelopeKind.PLAIN, None, "")
    as_objects = game_to_json(env, tree, (("savedGame", b""),))
    as_text = game_to_json(env, tree, (("savedGame", b""),), encode_pieces=True)
    assert as_text["summary"] == as_objects["summary"]
    assert b"".join(dump_chunks(as_text)) == b"".join(dump_chunks(as_objects))


def test_a_piece_of_control_characters_stays_an_object() -> None:
    """JSON writes a control character as six: such a piece is not held as text until written."""
    text = "+/7/emb2;" + "\x01" * 3000 + "\tpiece;;;x.png;X/1\tnull;0;0;7;0"
    tree = decode_tree(encode_tree(Command("begin_save", (Command(text),))))
    doc = game_to_json(Envelope(EnvelopeKind.PLAIN, None, ""), tree, (("savedGame", b""),), encode_pieces=True)
    assert isinstance(doc["commands"]["children"][0], dict)
