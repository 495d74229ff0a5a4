"""Validation of a JSON form before writing (codec/json_validation.py, docs/json-form.md).

Exact one-line messages with their JSON paths; the JSON Schema and the validator agree on many
mutated shallow documents; documents of any depth give one line, never a traceback; a text that
would read back differently is refused at the first differing command.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable, Iterator
from importlib import resources
from typing import Any

import jsonschema
import pytest

from sdbp_module.codec.json_form import game_from_json
from sdbp_module.codec.json_validation import check_reads_back, validate_document
from sdbp_module.codec.jsonio import load
from sdbp_module.codec.tree import Command, encode_tree
from sdbp_module.errors import CodecError

PIECE = {
    "trait": "piece", "clone_key": "", "delete_key": "", "image": "a.png", "name": "A", "map": None,
    "x": "0", "y": "0", "gpid": "1", "properties": [["k", "v"]], "extra": ["e"], "no_property_count": True,
}
COMMANDS: dict[str, dict[str, Any]] = {
    "traits": {"cmd": "add_piece", "id": "1", "traits": [
        {"trait": "emb2", "type": "emb2;x", "state": "1"}, {"trait": "mark", "properties": [["sdbp_id", "FR-1"]]}, PIECE,
    ]},
    "raw_piece": {"cmd": "add_piece", "id": "2", "type_raw": "stack", "state_raw": "s"},
    "change": {"cmd": "change_piece", "id": "1", "new_state": {"traits": ["a", "b"]}, "old_state": {"raw": "r"}},
    "move": {"cmd": "move_piece", "id": "1", "new_map": "M", "new_x": "1", "new_y": "2", "new_under": "null", "old_map": "M",
             "old_x": "0", "old_y": "0", "old_under": "null", "player": "p", "resolved": {"name": None, "new_zone": "2"}},
    "log": {"cmd": "log", "command": {"cmd": "chat", "text": "hi", "resolved": {"name": "A"}}, "children": [{"cmd": "remove_piece", "id": "3"}]},
    "opaque": {"cmd": "opaque", "raw": "x\x1by"},
    "properties": {"cmd": "begin_save", "children": [
        {"cmd": "mutable_property", "name": "n", "old": "1", "new": "2", "container": "c"},
        {"cmd": "global_property", "name": "n", "value": "1", "container": "c"},
    ]},
    "small": {"cmd": "setup_stack", "children": [
        {"cmd": "player", "player_id": "p", "name": "A", "side": "S"}, {"cmd": "undo", "value": "true"},
        {"cmd": "turn", "tracker": "T", "state": "s"}, {"cmd": "board_picker", "map": "M", "boards": ["a"]},
        {"cmd": "other", "text": "zz"}, {"cmd": "end_save", "children": []}, {"cmd": "empty"},
    ]},
}


def document(commands: dict[str, Any] | None = None) -> dict[str, Any]:
    """A small valid JSON form (a chat line unless ``commands`` is given)."""
    return {
        "format": "sdbp-vassal-game",
        "format_version": 1,
        "envelope": {"kind": "vcsk", "key": 71, "hex_case": "lower"},
        "entries": [{"name": "savedGame"}, {"name": "moduledata", "text": "<m/>"}, {"name": "bin", "base64": "/wA="}],
        "commands": copy.deepcopy(commands) if commands is not None else {"cmd": "chat", "text": "hi"},
        "summary": {"pieces": 1, "stacks": 0, "decks": 0, "log_steps": 0},
        "module": {"name": "M", "file": None},
    }


def problem(doc: object) -> str | None:
    """The validator's message (``None`` if it accepts the document)."""
    try:
        validate_document(doc, "x.json")
    except CodecError as exc:
        return exc.message
    return None


@functools.cache
def schema_validator() -> jsonschema.Draft202012Validator:
    text = resources.files("sdbp_module").joinpath("schemas", "save-json.schema.json").read_text(encoding="utf-8")
    return jsonschema.Draft202012Validator(json.loads(text))


# ---------------------------------------------------------------------------------------------
# the schema and the validator agree


SWAPS: list[object] = [5, 1.5, None, True, "", "s", "a\x1bb", [], {}, ["s"]]


def _positions(value: object, path: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], object]]:
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _positions(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _positions(item, path + (index,))


def _changed(doc: dict[str, Any], path: tuple[str | int, ...], change: Callable[[Any, Any], None]) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    parent: Any = doc
    for segment in path[:-1]:
        parent = parent[segment]
    change(parent, path[-1])
    return doc


def mutations(doc: dict[str, Any], under: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Type swaps, deletions, unknown keys and extra nesting at every position under ``doc[under]``."""
    for path, value in list(_positions(doc[under], (under,))):
        where = "/".join(map(str, path))
        for new in SWAPS:
            yield f"{where} = {new!r}", _changed(doc, path, lambda p, k, new=new: p.__setitem__(k, copy.deepcopy(new)))
        yield f"{where} wrapped in []", _changed(doc, path, lambda p, k: p.__setitem__(k, [p[k]]))
        if isinstance(path[-1], str):
            yield f"{where} deleted", _changed(doc, path, lambda p, k: p.__delitem__(k))
        if isinstance(value, dict):
            yield f"{where} + unknown key", _changed(doc, path, lambda p, k: p[k].__setitem__("zz", "s"))
        if path[-1] == "cmd":
            for cmd in ("log", "chat", "add_piece", "opaque", "begin_save", "change_piece"):
                yield f"{where} = {cmd!r}", _changed(doc, path, lambda p, k, cmd=cmd: p.__setitem__(k, cmd))


TOP = document()
TOP["envelope"] = {"kind": "vobs", "key": 7}
CASES = [(name, document(commands), "commands") for name, commands in COMMANDS.items()] + [
    ("envelope vcsk", document(), "envelope"),
    ("envelope vobs", TOP, "envelope"),
    ("entries", document(), "entries"),
    ("summary", document(), "summary"),
    ("module", document(), "module"),
]


@pytest.mark.parametrize(("doc", "under"), [(doc, under) for _, doc, under in CASES], ids=[name for name, _, _ in CASES])
def test_the_schema_and_the_validator_agree(doc: dict[str, Any], under: str) -> None:
    assert schema_validator().is_valid(doc) and problem(doc) is None
    rejected = 0
    for what, mutated in mutations(doc, under):
        schema_says = schema_validator().is_valid(mutated)
        assert (problem(mutated) is None) == schema_says, (what, problem(mutated))
        rejected += not schema_says
    assert rejected > 10  # the mutations do test something


# ---------------------------------------------------------------------------------------------
# exact messages


def _set(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        *parents, last = [int(s) if s.isdigit() else s for s in path.split("/")]
        target: Any = doc
        for segment in parents:
            target = target[segment]
        if value is DELETE:
            del target[last]
        else:
            target[last] = value
    return change


DELETE = object()
MESSAGES = [
    ("commands/text", 5, "commands/text: expected a string, got the number 5"),
    ("commands/text", 1.5, "commands/text: expected a string, got the number 1.5"),
    ("commands/text", None, "commands/text: expected a string, got null"),
    ("commands/text", {"a": 1}, "commands/text: expected a string, got an object"),
    ("commands/text", "a\ud800b", "commands/text: a lone surrogate (U+D800) at offset 1: it cannot be written as UTF-8"),
    ("commands/text", "a\x1bb", "commands/text: ESC (U+001B) at offset 1: it would split the command when read back "
                                "(only an opaque command's \"raw\" may hold it)"),
    ("commands/text", DELETE, "commands/text: missing (required for a 'chat' command)"),
    ("commands/colour", "red", "commands/colour: unknown key (a 'chat' command has: cmd, text, resolved, children)"),
    ("commands/cmd", "teleport", "commands/cmd: unknown command 'teleport' (see docs/json-form.md)"),
    ("commands/cmd", 7, "commands/cmd: expected a string, got the number 7"),
    ("commands/cmd", DELETE, "commands/cmd: missing (every command has one)"),
    ("commands/children", {}, "commands/children: expected an array of commands, got an object"),
    ("commands/children", [[]], "commands/children/0: expected an object (a command), got an array"),
    ("commands/children", [{"cmd": "opaque", "raw": "a", "children": []}], "commands/children/0/children: an opaque command has no children"),
    ("commands", {"cmd": "log", "command": {"cmd": "opaque", "raw": "a"}}, "commands/command/cmd: the command of a log step cannot be opaque"),
    ("commands", {"cmd": "log", "command": {"cmd": "empty", "children": []}}, "commands/command/children: the command of a log step has no children"),
    ("commands", {"cmd": "add_piece", "id": "1"},
     "commands/traits: missing (an 'add_piece' command has \"traits\", or \"type_raw\" and \"state_raw\")"),
    ("commands", {"cmd": "add_piece", "id": "1", "type_raw": "t"}, "commands/state_raw: missing (required for an 'add_piece' command without \"traits\")"),
    ("commands", {"cmd": "add_piece", "id": "1", "traits": [PIECE], "type_raw": "t"}, "commands/type_raw: not allowed with \"traits\""),
    ("commands", {"cmd": "add_piece", "id": "1", "traits": []}, "commands/traits: expected at least one trait, got an empty array"),
    ("commands", {"cmd": "add_piece", "id": "1", "traits": [{"trait": "emb2", "type": "x"}]},
     "commands/traits/0/state: missing (required for a 'emb2' trait with its type and state)"),
    ("commands", {"cmd": "add_piece", "id": "1", "traits": [{**PIECE, "x": 3}]}, "commands/traits/0/x: expected a string, got the number 3"),
    ("commands", {"cmd": "add_piece", "id": "1", "traits": [{**PIECE, "properties": [["a"]]}]},
     "commands/traits/0/properties/0: expected a [name, value] pair, got an array of 1"),
    ("commands", {"cmd": "add_piece", "id": "1", "traits": [{**PIECE, "no_property_count": False}]},
     "commands/traits/0/no_property_count: expected true (or no key), got false"),
    ("commands", {"cmd": "change_piece", "id": "1", "new_state": {"traits": []}}, "commands/new_state/traits: expected at least one string, got an empty array"),
    ("commands", {"cmd": "change_piece", "id": "1", "new_state": {"raw": "a", "traits": ["b"]}},
     "commands/new_state/raw: unknown key (a piece state with \"traits\" has: traits)"),
    ("commands", {"cmd": "board_picker", "map": "M", "boards": ["a", 2]}, "commands/boards/1: expected a string, got the number 2"),
    ("commands", {"cmd": "chat", "text": "", "resolved": {"zone": 14}}, "commands/resolved/zone: expected a string or null, got the number 14"),
    ("envelope/key", 1.5, "envelope/key: expected an integer 0..255 for a vcsk envelope, got the number 1.5"),
    ("envelope/key", 256, "envelope/key: expected an integer 0..255 for a vcsk envelope, got the number 256"),
    ("envelope/key", True, "envelope/key: expected an integer 0..255 for a vcsk envelope, got true"),
    ("envelope/kind", "zip", "envelope/kind: expected 'vcsk', 'vobs' or 'plain', got the string 'zip'"),
    ("envelope/hex_case", "mixed", "envelope/hex_case: expected 'lower' or 'upper', got the string 'mixed'"),
    ("envelope", {"kind": "vobs", "key": 0}, "envelope/key: expected an integer 1..255 for a vobs envelope, got the number 0"),
    ("envelope", {"kind": "vobs", "key": 3, "hex_case": "lower"}, "envelope/hex_case: unknown key (a vobs envelope has: kind, key)"),
    ("envelope", {"kind": "plain", "key": 3}, "envelope/key: expected null (a plain envelope has no key), got the number 3"),
    ("entries/1/name", "../evil", "entries/1/name: unsafe entry name (absolute or with '..')"),
    ("entries/1/name", "/etc/x", "entries/1/name: unsafe entry name (absolute or with '..')"),
    ("entries/1/name", "", "entries/1/name: empty entry name"),
    ("entries/1/name", 3, "entries/1/name: expected a string, got the number 3"),
    ("entries/1/name", "bin", "entries/2/name: duplicate entry name 'bin' (also entries/1)"),
    ("entries/1", {"name": "savedGame"}, "entries/1/name: a second savedGame entry (also entries/0)"),
    ("entries/0", {"name": "savedGame", "text": "x"}, "entries/0/text: unknown key (the savedGame entry (its content is \"commands\") has: name)"),
    ("entries/1", {"name": "a", "text": "x", "base64": ""}, "entries/1: expected exactly one of \"text\" and \"base64\""),
    ("entries/1", {"name": "a"}, "entries/1: expected exactly one of \"text\" and \"base64\""),
    ("entries/2/base64", "/wA", "entries/2/base64: not base64: 3 characters and 0 '=' do not make whole groups of 4"),
    ("entries/2/base64", "/w!=", "entries/2/base64: not base64: '!' at offset 2"),
    ("entries/1/text", "\udfff", "entries/1/text: a lone surrogate (U+DFFF) at offset 0: it cannot be written as UTF-8"),
    ("summary/pieces", -1, "summary/pieces: expected an integer 0 or more, got the number -1"),
    ("module/file", 3, "module/file: expected a string or null, got the number 3"),
    ("envelope", DELETE, "envelope: missing (required for the top level)"),
    ("extra", 1, "extra: unknown key (the top level has: format, format_version, envelope, entries, commands, summary, module)"),
    ("format_version", 2, "unsupported format_version 2 (expected 1)"),
    ("format_version", "1", "unsupported format_version '1' (expected 1)"),
    ("format_version", [[1]], "unsupported format_version an array (expected 1)"),
    ("format", "other", "not an sdbp JSON save/log (\"format\" is not 'sdbp-vassal-game')"),
]


@pytest.mark.parametrize(("path", "value", "message"), MESSAGES, ids=[m for _, _, m in MESSAGES])
def test_exact_messages(path: str, value: object, message: str) -> None:
    doc = document()
    _set(path, value)(doc)
    assert problem(doc) == f"x.json: {message}"


def test_a_float_key_with_no_fraction_is_an_integer_as_in_json_schema() -> None:
    doc = document()
    doc["envelope"]["key"] = 71.0
    assert problem(doc) is None
    assert game_from_json(doc, where="x.json").envelope.key == 71


def test_not_an_object_at_the_top() -> None:
    assert problem([1]) == "x.json: expected a JSON object at the top"


# ---------------------------------------------------------------------------------------------
# any depth


def _deep(prefix: str, middle: str, suffix: str, depth: int) -> str:
    return prefix * depth + middle + suffix * depth


@pytest.mark.parametrize(
    ("commands", "message"),
    [
        (_deep("[", "", "]", 100_000), "commands: expected an object (a command), got an array"),
        ('{"cmd": "chat", "text": ' + _deep("[", "", "]", 100_000) + "}", "commands/text: expected a string, got an array"),
        (_deep('{"cmd": "empty", "children": [', "5", "]}", 20_000),
         "commands/children/0/children/0/children/0/children/…(39977 more)…" + "/children/0" * 8 + ": expected an object (a command), got the number 5"),
        (_deep('{"cmd": "log", "command": ', '{"cmd": "chat"}', "}", 100_000), "commands" + "/command" * 7 + "/…(99978 more)…" + "/command" * 15 + "/text: missing (required for a 'chat' command)"),
    ],
    ids=["array-as-commands", "array-as-text", "deep-children", "deep-log-chain"],
)
def test_documents_nested_100_000_deep_give_one_line(commands: str, message: str) -> None:
    head = '{"format": "sdbp-vassal-game", "format_version": 1, "envelope": {"kind": "plain", "key": null}, "entries": [], "commands": '
    doc = load(head + commands + "}", "x.json")
    assert problem(doc) == f"x.json: {message}"


def test_a_deep_log_chain_converts() -> None:
    doc = load(
        '{"format": "sdbp-vassal-game", "format_version": 1, "envelope": {"kind": "plain", "key": null}, "entries": [], "commands": '
        + _deep('{"cmd": "log", "command": ', '{"cmd": "chat", "text": "x"}', "}", 50_000) + "}",
        "x.json",
    )
    assert game_from_json(doc, where="x.json").envelope.text == "LOG\t" * 50_000 + "CHATx"


# ---------------------------------------------------------------------------------------------
# reading back


@pytest.mark.parametrize(
    ("tree", "message"),
    [
        (Command("P", (Command("a\\"), Command("b"))), "commands/children/0: would not read back as written: its text from offset 1 would read back as '', not '\\\\'"),
        (Command("a\\", (Command("b"),)), "commands: would not read back as written: it would read back as an opaque string"),
        (Command("a", (), True), "commands: would not read back as written: its raw string would read back as commands"),
        (Command("P", (Command("a\x1bb", (), True),)), "commands/children/0: would not read back as written: its raw string would read back as commands"),
    ],
    ids=["trailing-backslash", "backslash-before-children", "opaque-without-esc", "opaque-child"],
)
def test_texts_that_would_read_back_differently(tree: Command, message: str) -> None:
    with pytest.raises(CodecError) as info:
        check_reads_back(tree, encode_tree(tree), "x.json")
    assert info.value.message == f"x.json: {message}"


def test_a_different_number_of_children_is_reported_after_the_common_ones() -> None:
    with pytest.raises(CodecError) as info:
        check_reads_back(Command("P", (Command("a"),)), "P\x1ba\x1bb", "x.json")
    assert info.value.message == "x.json: commands/children: would not read back as written: 1 commands would read back as 2"


def test_the_read_back_check_runs_before_anything_is_built() -> None:
    doc = document({"cmd": "begin_save", "children": [{"cmd": "other", "text": "a\\"}, {"cmd": "end_save"}]})
    with pytest.raises(CodecError) as info:
        game_from_json(doc, where="x.json")
    assert info.value.message == (
        "x.json: commands/children/0: would not read back as written: its text from offset 1 would read back as '', not '\\\\'"
    )
