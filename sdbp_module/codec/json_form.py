"""The JSON form of a save or log (``format_version`` 1), documented in ``docs/json-form.md``.

One decode/encode pair: :func:`game_to_json` (a decoded save → a JSON-ready dict) and
:func:`game_from_json` (dict → the ``savedGame`` text, envelope and other zip entries). Named fields
are used for the commands and traits we understand; everything else is kept as a raw string, so
converting back gives the original ``savedGame`` text byte for byte. Every named reading is checked
by writing it back before it is used; a command that does not survive that check is kept raw
(``"cmd": "other"``). Keys are sorted when serialised (:func:`dump_json`, or streamed with
:mod:`sdbp_module.codec.jsonio`). A document that is only written (``sdbp convert``) holds each AddPiece
as that text already (``game_to_json(..., encode_pieces=True)``: the same bytes, the strings escaped by
C-level calls over a piece's traits and the piece type read once however many pieces share it). Both directions are iterative: trees and ``LOG`` chains of any
depth. Converting back checks the whole document first and that the text built reads back as the
same tree (:mod:`sdbp_module.codec.json_validation`), so bad input never reaches a traceback or a
file.

>>> node = command_to_json(decode_tree("CHAT<Éliane> - hi"))
>>> node
{'cmd': 'chat', 'text': '<Éliane> - hi'}
>>> encode_tree(command_from_json(node))
'CHAT<Éliane> - hi'
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable
from typing import Any

from sdbp_module.codec import pieces
from sdbp_module.codec.container import SAVED_GAME
from sdbp_module.codec.envelope import Envelope, EnvelopeKind, HexCase
from sdbp_module.codec.json_validation import (
    FORMAT,
    FORMAT_VERSION,
    MOVE_FIELDS,
    check_reads_back,
    validate_document,
)
from sdbp_module.codec.jsonio import (
    SLICE_CHARS,
    Base64Bytes,
    Encoded,
    dump_text,
    encode_string,
)
from sdbp_module.codec.sequence import decode as se_decode
from sdbp_module.codec.sequence import encode as se_encode
from sdbp_module.codec.tree import (  # noqa: F401
    BACKSLASH,
    QUOTE_STARTS,
    Command,
    decode_tree,
    encode_tree,
    join_exact,
    split_exact,
)
from sdbp_module.records import record

JsonObject = dict[str, Any]

LOG_PREFIX = "LOG\t"
_ESCAPED_CONTROL = re.compile(rb"[\x00-\x08\x0b\x0c\x0e-\x1f]")
_SIMPLE = {"begin_save": "begin_save", "end_save": "end_save", "SETUP_STACK\t": "setup_stack", "": "empty"}
_SIMPLE_BACK = {v: k for k, v in _SIMPLE.items()}


# ---------------------------------------------------------------------------------------------
# pieces


def chain_to_json(type_traits: list[str], state_traits: list[str]) -> list[JsonObject]:
    """Traits of one piece, outermost first; named fields for BasicPiece and Marker."""
    out: list[JsonObject] = []
    for trait_type, state in zip(type_traits, state_traits, strict=True):
        semicolon = trait_type.find(";")  # pieces.trait_id, without copying the rest of a long type
        tid = trait_type if semicolon < 0 else trait_type[:semicolon]
        if tid == "piece":
            basic = pieces.basic_type(trait_type)
            bstate = pieces.basic_state(state)
            if basic is not None and bstate is not None:
                obj: JsonObject = {
                    "trait": "piece",
                    "clone_key": basic[0],
                    "delete_key": basic[1],
                    "image": basic[2],
                    "name": basic[3],
                    "map": bstate.map,
                    "x": bstate.x,
                    "y": bstate.y,
                    "gpid": bstate.gpid,
                    "properties": [list(p) for p in bstate.properties],
                }
                if not bstate.has_count:
                    obj["no_property_count"] = True
                if bstate.extra:
                    obj["extra"] = list(bstate.extra)
                out.append(obj)
                continue
        elif tid == "mark":
            pairs = pieces.marker(trait_type, state)
            if pairs is not None and pieces.marker_strings(pairs) == (trait_type, state):
                out.append({"trait": "mark", "properties": [list(p) for p in pairs]})
                continue
        out.append({"trait": tid, "type": trait_type, "state": state})
    return out


def chain_from_json(traits: list[JsonObject]) -> tuple[str, str]:
    """Type and state strings of a piece from its JSON traits (inverse of :func:`chain_to_json`)."""
    types: list[str] = []
    states: list[str] = []
    for obj in traits:
        kind = obj["trait"]
        if "type" in obj:
            types.append(obj["type"])
            states.append(obj["state"])
        elif kind == "piece":
            types.append("piece;" + (se_encode([obj["clone_key"], obj["delete_key"], obj["image"], obj["name"]], ";") or ""))
            state = pieces.BasicState(
                obj["map"],
                obj["x"],
                obj["y"],
                obj["gpid"],
                tuple((k, v) for k, v in obj["properties"]),
                not obj.get("no_property_count", False),
                tuple(obj.get("extra", ())),
            )
            states.append(pieces.basic_state_text(state))
        elif kind == "mark":
            trait_type, state_text = pieces.marker_strings([(k, v) for k, v in obj["properties"]])
            types.append(trait_type)
            states.append(state_text)
        else:
            raise ValueError(f"trait {kind!r} needs 'type' and 'state'")
    return pieces.join_chain(types), pieces.join_chain(states)


def _state_to_json(state: str) -> JsonObject:
    traits = pieces.split_chain(state)
    return {"raw": state} if traits is None else {"traits": traits}


def _state_from_json(obj: JsonObject) -> str:
    return obj["raw"] if "raw" in obj else pieces.join_chain(obj["traits"])


def _add_piece(text: str) -> JsonObject | None:
    fields = pieces.add_piece_fields(text)
    return None if fields is None else _add_piece_object(fields)


def _add_piece_object(fields: tuple[str, str, str]) -> JsonObject:
    piece_id, piece_type, state = fields
    type_traits = pieces.split_chain(piece_type)
    state_traits = pieces.split_chain(state)
    if type_traits is None or state_traits is None or len(type_traits) != len(state_traits):
        return {"cmd": "add_piece", "id": piece_id, "type_raw": piece_type, "state_raw": state}
    return {"cmd": "add_piece", "id": piece_id, "traits": chain_to_json(type_traits, state_traits)}


def _add_piece_back(obj: JsonObject) -> str:
    if "traits" in obj:
        piece_type, state = chain_from_json(obj["traits"])
    else:
        piece_type, state = obj["type_raw"], obj["state_raw"]
    return pieces.add_piece_text(obj["id"], piece_type, state)


@record
class _PieceType:
    """A piece type as :func:`_add_piece_encoded` writes it, read once however many pieces share it.

    ``count``: how many traits it has (``None``: not engine-encoded). A piece is written as
    ``"".join(template)`` with the JSON string of its id at ``template[1]`` and the text of trait ``i`` at
    ``template[3 + 2 * i]`` (a list copy and a slice assignment of the escaped states, then one join):
    between them, the command's keys and punctuation and the text that depends on the type alone. A trait
    without named fields is written as :func:`chain_to_json` reads it, ``{"state": …, "trait": …, "type": …}``
    (the text around its state's in the template); one that may have them has its whole text made in place
    of the state's. ``named``: those, as (index, ``piece`` or ``mark``, what its type gives (:data:`_Trait`),
    the text after the state in the form without named fields). ``grown``: the characters of the text
    after each trait's state (its tail and the ``", "``), for the check of :data:`_GROWTH`.
    """

    count: int | None
    template: list[str]
    named: list[tuple[int, str, tuple[str, ...] | None, str]]
    grown: int


_Trait = tuple[str, str, str, tuple[str, ...] | None]
"""A trait type as :func:`_read_piece_type` writes it: its id, its tail (the text after its state's, as in
:class:`_PieceType`, without the ``", "`` after it), that tail and the ``", "``, and what named fields it
gives: for a BasicPiece, its clone key, delete key, image and name as JSON strings (``None`` if its type
does not read exactly); for a Marker whose type writes back exactly, ``"[" + (name as JSON) + ", "`` for
each property name."""

_PIECE_OPEN = '{"cmd": "add_piece", "id": '
_PIECE_TRAITS = ', "traits": ['
_PIECE_CLOSE = "]}"
_STATE_OPEN = '{"state": '


def _read_trait(trait_type: str) -> _Trait:
    semicolon = trait_type.find(";")
    tid = trait_type if semicolon < 0 else trait_type[:semicolon]
    tail = f', "trait": {encode_string(tid)}, "type": {encode_string(trait_type)}}}'
    given: tuple[str, ...] | None = None
    if tid == "piece":
        basic = pieces.basic_type(trait_type)
        given = None if basic is None else tuple(map(encode_string, basic))
    elif tid == "mark" and trait_type.startswith("mark;"):
        names = split_exact(trait_type[5:], ",")
        if names is not None and pieces.marker_type(names) == trait_type:
            given = tuple(f"[{encode_string(name)}, " for name in names)
    return tid, tail, tail + ", ", given


def _read_piece_type(piece_type: str, known_traits: dict[str, _Trait]) -> _PieceType:
    """The :class:`_PieceType` of ``piece_type``; each trait is read once however many types share it
    (``known_traits``: the traits read so far, its JSON text escaped once, not once per type)."""
    traits = pieces.split_chain(piece_type)
    if traits is None:
        return _PieceType(None, [], [], 0)
    heads: list[str] = []
    tails: list[str] = []
    named: list[tuple[int, str, tuple[str, ...] | None, str]] = []
    last = len(traits) - 1
    for index, trait_type in enumerate(traits):
        known = known_traits.get(trait_type)
        if known is None:
            known = _read_trait(trait_type)
            if len(known[1]) <= _GROWTH * len(trait_type) + _PER_TRAIT:  # not control characters (below)
                known_traits[trait_type] = known
        tid = known[0]
        if tid == "piece" or tid == "mark":
            named.append((index, tid, known[3], known[1]))
            heads.append("")
            tails.append(", " if index < last else "")
        else:
            heads.append(_STATE_OPEN)
            tails.append(known[2] if index < last else known[1])
    template = [_PIECE_OPEN, "", _PIECE_TRAITS + heads[0]]
    for tail, head in zip(tails, heads[1:]):
        template += ("", tail + head)
    template += ("", tails[-1] + _PIECE_CLOSE)
    return _PieceType(len(traits), template, named, sum(map(len, tails)))


_GROWTH, _PER_TRAIT = 3, 64
"""An AddPiece is kept as text (and a piece type's text for the pieces after it) only while its JSON text
is at most ``_GROWTH`` times its own and ``_PER_TRAIT`` characters a trait (the keys and punctuation):
JSON writes a control character as six characters, and a crafted save of them would otherwise hold
several times its size until written (as an object, it is escaped while written, a command at a time)."""

_NO_PROPERTIES = '{"properties": [], "trait": "mark"}'
_COMMAND_CHARS = len(_PIECE_OPEN) + len(_PIECE_TRAITS) + len(_PIECE_CLOSE)


def _basic_piece_text(given: tuple[str, ...], state: pieces.BasicState) -> str:
    """:func:`~sdbp_module.codec.jsonio.encode_value` of the object :func:`chain_to_json` makes of a BasicPiece whose type reads as
    ``given`` (:data:`_Trait`) and whose state is ``state``: the same text, without building the object."""
    clone_key, delete_key, image, name = given
    extra = f', "extra": [{", ".join(map(encode_string, state.extra))}]' if state.extra else ""
    where = "null" if state.map is None else encode_string(state.map)
    count = "" if state.has_count else ', "no_property_count": true'
    properties = ", ".join([f"[{encode_string(key)}, {encode_string(value)}]" for key, value in state.properties])
    return (
        f'{{"clone_key": {clone_key}, "delete_key": {delete_key}{extra}, "gpid": {encode_string(state.gpid)}, '
        f'"image": {image}, "map": {where}, "name": {name}{count}, "properties": [{properties}], "trait": "piece", '
        f'"x": {encode_string(state.x)}, "y": {encode_string(state.y)}}}'
    )


def _add_piece_encoded(
    fields: tuple[str, str, str], types: dict[str, _PieceType], known_traits: dict[str, _Trait]
) -> Encoded | JsonObject:
    """The object of an AddPiece (its :func:`~sdbp_module.codec.pieces.add_piece_fields`) as the JSON text
    :func:`~sdbp_module.codec.jsonio.dump_chunks` writes for that object.

    The strings are escaped and joined by C-level calls over a piece's traits, and what depends on the
    piece type alone is done once per type (``types``: the types seen so far); a piece whose chains do
    not split, or with an id long enough to be escaped a slice at a time, is the object itself.
    """
    piece_id, piece_type, state = fields
    known = types.get(piece_type)
    if known is None:
        known = _read_piece_type(piece_type, known_traits)
        if known.grown <= _GROWTH * len(piece_type) + _PER_TRAIT * (known.count or 0):  # not control characters
            types[piece_type] = known
    states = pieces.split_chain(state)
    if known.count is None or states is None or len(states) != known.count or len(piece_id) > SLICE_CHARS:
        return _add_piece_object(fields)
    parts = known.template[:]
    parts[1] = encoded_id = encode_string(piece_id)
    parts[3::2] = map(encode_string, states)
    for index, tid, given, tail in known.named:
        trait_state = states[index]
        if tid == "piece":
            basic = pieces.basic_state(trait_state) if given is not None else None
            if given is not None and basic is not None:
                parts[3 + 2 * index] = _basic_piece_text(given, basic)
                continue
        elif given is not None:  # a Marker whose type writes back exactly: its values too?
            values = pieces.marker_values(trait_state)
            if values is not None and len(values) == len(given):
                pairs = "], ".join(map(str.__add__, given, map(encode_string, values)))
                parts[3 + 2 * index] = f'{{"properties": [{pairs}]], "trait": "mark"}}' if given else _NO_PROPERTIES
                continue
        parts[3 + 2 * index] = _STATE_OPEN + parts[3 + 2 * index] + tail
    text = "".join(parts)
    written = len(text) - _COMMAND_CHARS - len(encoded_id)
    if written > _GROWTH * (len(piece_type) + len(state)) + _PER_TRAIT * len(states):  # control characters: 6 times
        return _add_piece_object(fields)
    return Encoded(text)


# ---------------------------------------------------------------------------------------------
# other commands: each reader returns None when the text is not of its kind


def _remove(text: str) -> JsonObject | None:
    return {"cmd": "remove_piece", "id": text[2:]} if text.startswith("-/") else None


def _change(text: str) -> JsonObject | None:
    if not text.startswith("D/"):
        return None
    tokens = se_decode(text[2:], "/")
    if len(tokens) not in (2, 3):
        return None
    obj: JsonObject = {"cmd": "change_piece", "id": tokens[0], "new_state": _state_to_json(tokens[1])}
    if len(tokens) == 3:
        obj["old_state"] = _state_to_json(tokens[2])
    return obj


def _change_back(obj: JsonObject) -> str:
    tokens = [obj["id"], _state_from_json(obj["new_state"])]
    if "old_state" in obj:
        tokens.append(_state_from_json(obj["old_state"]))
    return "D/" + (se_encode(tokens, "/") or "")


def _move(text: str) -> JsonObject | None:
    if not text.startswith("M/"):
        return None
    tokens = se_decode(text[2:], "/")
    if len(tokens) != len(MOVE_FIELDS):
        return None
    return {"cmd": "move_piece", **dict(zip(MOVE_FIELDS, tokens, strict=True))}


def _move_back(obj: JsonObject) -> str:
    return "M/" + (se_encode([obj[f] for f in MOVE_FIELDS], "/") or "")


def _tab_fields(text: str, head: str, names: tuple[str, ...], cmd: str) -> JsonObject | None:
    if not text.startswith(head + "\t"):
        return None
    tokens = split_exact(text, "\t")
    if tokens is None or len(tokens) != len(names) + 1 or tokens[0] != head:
        return None
    return {"cmd": cmd, **dict(zip(names, tokens[1:], strict=True))}


def _mutable(text: str) -> JsonObject | None:
    return _tab_fields(text, "MutableProperty", ("name", "old", "new", "container"), "mutable_property")


def _player(text: str) -> JsonObject | None:
    return _tab_fields(text, "PLAYER", ("player_id", "name", "side"), "player")


def _undo(text: str) -> JsonObject | None:
    return _tab_fields(text, "UNDO", ("value",), "undo")


def _global(text: str) -> JsonObject | None:
    if not text.startswith("GlobalProperty\t;"):
        return None
    tokens = se_decode(text, ";")
    if len(tokens) != 4:
        return None
    return {"cmd": "global_property", "name": tokens[1], "value": tokens[2], "container": tokens[3]}


def _turn(text: str) -> JsonObject | None:
    if not text.startswith("TURN") or "\t" not in text:
        return None
    tracker, _, state = text[4:].partition("\t")
    return {"cmd": "turn", "tracker": tracker, "state": state}


def _board(text: str) -> JsonObject | None:
    head, sep, rest = text.partition("\t")
    if not sep or not head.endswith("BoardPicker"):
        return None
    return {"cmd": "board_picker", "map": head[: -len("BoardPicker")], "boards": rest.split("\t")}


def _chat(text: str) -> JsonObject | None:
    return {"cmd": "chat", "text": text[4:]} if text.startswith("CHAT") else None


def _simple(text: str) -> JsonObject | None:
    cmd = _SIMPLE.get(text)
    return None if cmd is None else {"cmd": cmd}


_READERS: tuple[Callable[[str], JsonObject | None], ...] = (
    _simple,
    _chat,
    _move,
    _change,
    _remove,
    _mutable,
    _global,
    _player,
    _undo,
    _turn,
    _board,
)
_EXACT_READERS = frozenset((_simple, _chat, _remove, _turn, _board))
"""Readers whose fields always write back the text they were read from (no check, no copy)."""

_WRITERS: dict[str, Callable[[JsonObject], str]] = {
    "chat": lambda o: "CHAT" + o["text"],
    "move_piece": _move_back,
    "change_piece": _change_back,
    "remove_piece": lambda o: "-/" + o["id"],
    "mutable_property": lambda o: join_exact(["MutableProperty", o["name"], o["old"], o["new"], o["container"]], "\t"),
    "global_property": lambda o: se_encode(["GlobalProperty\t", o["name"], o["value"], o["container"]], ";") or "",
    "player": lambda o: join_exact(["PLAYER", o["player_id"], o["name"], o["side"]], "\t"),
    "undo": lambda o: join_exact(["UNDO", o["value"]], "\t"),
    "turn": lambda o: "TURN" + o["tracker"] + "\t" + o["state"],
    "board_picker": lambda o: o["map"] + "BoardPicker\t" + "\t".join(o["boards"]),
    "add_piece": _add_piece_back,
    "other": lambda o: o["text"],
}


def _unlogged_text_to_json(text: str) -> JsonObject:
    if text.startswith("+/"):
        obj = _add_piece(text)
        if obj is not None:
            return obj
    for reader in _READERS:
        obj = reader(text)
        if obj is not None:
            if reader in _EXACT_READERS or _unlogged_text_from_json(obj) == text:
                return obj
            break
    return {"cmd": "other", "text": text}


def _unlogged_text_from_json(obj: JsonObject) -> str:
    cmd = obj["cmd"]
    simple = _SIMPLE_BACK.get(cmd)
    if simple is not None:
        return simple
    writer = _WRITERS.get(cmd)
    if writer is None:
        raise ValueError(f"unknown cmd {cmd!r}")
    return writer(obj)


def text_to_json(text: str) -> JsonObject:
    """One command text (no children) in its JSON form; unknown or inexact text stays raw.

    ``LOG{TAB}`` prefixes, however many, become nested ``log`` objects (a loop, not recursion).
    """
    start = 0
    while text.startswith(LOG_PREFIX, start):
        start += len(LOG_PREFIX)
    obj = _unlogged_text_to_json(text[start:] if start else text)
    for _ in range(start // len(LOG_PREFIX)):
        obj = {"cmd": "log", "command": obj}
    return obj


def text_from_json(obj: JsonObject) -> str:
    """The command text of a JSON command (inverse of :func:`text_to_json`)."""
    logs = 0
    while obj["cmd"] == "log":
        obj = obj["command"]
        logs += 1
    return LOG_PREFIX * logs + _unlogged_text_from_json(obj)


def _node_to_json(node: Command) -> JsonObject:
    return {"cmd": "opaque", "raw": node.text} if node.opaque else text_to_json(node.text)


def command_to_json(node: Command) -> JsonObject:
    """A command tree node (and its children) in JSON form; iterative, so any depth."""
    root = _node_to_json(node)
    stack = [(node, root)]
    while stack:
        parent, obj = stack.pop()
        if parent.children and not parent.opaque:
            children = [_node_to_json(c) for c in parent.children]
            obj["children"] = children
            stack.extend(zip(parent.children, children))
    return root


def command_from_json(obj: JsonObject) -> Command:
    """Inverse of :func:`command_to_json` (for a document :func:`validate_document` accepts).

    Iterative: the nodes in pre-order, then built in reverse, when their children are built.
    """
    order: list[JsonObject] = []
    stack = [obj]
    while stack:
        current = stack.pop()
        order.append(current)
        if current["cmd"] != "opaque":
            stack.extend(reversed(current.get("children", ())))
    built: list[Command] = []
    for current in reversed(order):
        if current["cmd"] == "opaque":
            built.append(Command(current["raw"], (), True))
            continue
        count_children = len(current.get("children", ()))
        children = tuple(built.pop() for _ in range(count_children))
        built.append(Command(text_from_json(current), children))
    return built[0]


# ---------------------------------------------------------------------------------------------
# whole files


@record
class Counts:
    """What a save/log holds: pieces (BasicPiece-based), stacks, decks and log steps."""

    pieces: int
    stacks: int
    decks: int
    log_steps: int

    def line(self) -> str:
        """The one-line summary printed by ``sdbp convert``."""
        return f"{self.pieces} pieces, {self.stacks} stacks, {self.decks} decks, {self.log_steps} log steps"


def count(tree: Command) -> Counts:
    """Count AddPiece commands by kind (anywhere in the tree) and top-level log steps."""
    n_pieces = n_stacks = n_decks = 0
    for node in tree.walk():
        text = node.text
        text = text.removeprefix("LOG\t")
        if not text.startswith("+/") or node.opaque:
            continue
        fields = pieces.add_piece_fields(text)
        if fields is None:
            continue
        piece_type = fields[1]
        if piece_type == "stack":
            n_stacks += 1
        elif piece_type.startswith("deck;"):
            n_decks += 1
        else:
            n_pieces += 1
    steps = sum(1 for c in tree.children if c.text.startswith("LOG\t"))
    return Counts(n_pieces, n_stacks, n_decks, steps)


_SAME_LENGTH_TYPES = 8
"""How many piece types of one length :func:`_add_piece_fields` keeps (each a compare at each lookup)."""


def _add_piece_fields(text: str, raw_types: dict[int, list[tuple[str, str]]]) -> tuple[str, str, str] | None:
    """:func:`~sdbp_module.codec.pieces.add_piece_fields` of ``text`` (which starts with ``+/``), its piece type
    not decoded again when a piece before had the same (``raw_types``: by length, each type as written in
    the command and decoded).

    A piece's type is most of its text (10.7 M of the 13.9 M characters of the Paths of Glory save's
    AddPieces, 40% of them types met before), its ``/`` escaped. When the first and the last ``/`` of the
    text are unescaped, no token starts with a quote or a backslash and the text does not end with a
    backslash, the id and the state are the text before the first and after the last, and the type
    the text between decoded on its own: a type met so is found by its length and one compare (no
    hashing of it, no walk over its escapes), and the decoded string is the one already read (its hash
    known to the dict of piece types).
    """
    first = text.find("/", 2)
    last = text.rfind("/")
    if (
        first < 0
        or last <= first
        or text[first - 1] == BACKSLASH
        or text[last - 1] == BACKSLASH
        or text.endswith(BACKSLASH)
        or text[2:3] in QUOTE_STARTS
        or text[first + 1 : first + 2] in QUOTE_STARTS
        or text[last + 1 : last + 2] in QUOTE_STARTS
    ):
        return pieces.add_piece_fields(text)
    size = last - first - 1
    same_length = raw_types.get(size)
    if same_length is not None:
        for raw, piece_type in same_length:
            if text.startswith(raw, first + 1):
                return text[2:first], piece_type, text[last + 1 :]
    fields = pieces.add_piece_fields(text)
    if fields is not None and fields[0] == text[2:first] and fields[2] == text[last + 1 :]:
        same_length = raw_types.setdefault(size, [])
        if len(same_length) < _SAME_LENGTH_TYPES:
            same_length.append((text[first + 1 : last], fields[1]))
    return fields


def _commands_for_writing(tree: Command) -> tuple[JsonObject | Encoded, Counts]:
    """:func:`command_to_json` and :func:`count` of ``tree`` in one pass, each AddPiece without children as
    :class:`~sdbp_module.codec.jsonio.Encoded` text (:func:`_add_piece_encoded`): for a document that is
    only written. Its text is read once: the AddPiece fields both count the piece and make its JSON."""
    types: dict[str, _PieceType] = {}
    known_traits: dict[str, _Trait] = {}
    raw_types: dict[int, list[tuple[str, str]]] = {}
    tally = [0, 0, 0]  # pieces, stacks, decks

    def convert(node: Command) -> JsonObject | Encoded:
        if node.opaque:
            return {"cmd": "opaque", "raw": node.text}
        text = node.text
        start = 0
        while text.startswith(LOG_PREFIX, start):
            start += len(LOG_PREFIX)
        if not text.startswith("+/", start):
            return text_to_json(text)
        unlogged = text[start:] if start else text
        fields = _add_piece_fields(unlogged, raw_types)
        if fields is None:
            return text_to_json(text)
        if start <= len(LOG_PREFIX):  # count() reads one LOG prefix
            piece_type = fields[1]
            tally[1 if piece_type == "stack" else 2 if piece_type.startswith("deck;") else 0] += 1
        if node.children:
            return text_to_json(text)
        obj = _add_piece_encoded(fields, types, known_traits)
        logs = start // len(LOG_PREFIX)
        if isinstance(obj, Encoded):  # in as many log objects as prefixes (text_to_json), written at once
            return Encoded('{"cmd": "log", "command": ' * logs + obj.text + "}" * logs) if logs else obj
        for _ in range(logs):
            obj = {"cmd": "log", "command": obj}
        return obj

    root = convert(tree)
    stack = [(tree, root)]
    while stack:
        parent, obj = stack.pop()
        if parent.children and not parent.opaque:
            assert isinstance(obj, dict)  # a node with children is an object (only leaves are Encoded)
            children = [convert(c) for c in parent.children]
            obj["children"] = children
            stack.extend(zip(parent.children, children))
    steps = sum(1 for c in tree.children if c.text.startswith("LOG\t"))
    return root, Counts(tally[0], tally[1], tally[2], steps)


def _entry_to_json(name: str, data: bytes, stream: bool) -> JsonObject:
    """``text`` for UTF-8 without control characters other than TAB, LF and CR, else ``base64``.

    JSON writes each other control character as a six-character escape, so such an entry would
    grow sixfold (and a hostile one by hundreds of MiB); base64 grows by a third.
    """
    if _ESCAPED_CONTROL.search(data) is None:
        try:
            return {"name": name, "text": data.decode("utf-8")}
        except UnicodeDecodeError:
            pass
    return {"name": name, "base64": Base64Bytes(data) if stream else base64.b64encode(data).decode("ascii")}


def game_to_json(
    env: Envelope,
    tree: Command,
    entries: tuple[tuple[str, bytes], ...],
    *,
    stream_base64: bool = False,
    encode_pieces: bool = False,
) -> JsonObject:
    """The JSON form of a decoded save/log. ``entries``: all zip entries in order (savedGame too).

    Only the envelope's kind, key and hex case are used (its text is ``tree``). With
    ``stream_base64``, base64 entries hold a :class:`~sdbp_module.codec.jsonio.Base64Bytes` instead
    of the string, for :func:`~sdbp_module.codec.jsonio.dump_chunks` to encode while writing. With
    ``encode_pieces``, AddPiece commands without children are already their JSON text (an
    :class:`~sdbp_module.codec.jsonio.Encoded`; the document writes the same bytes, in less time, but
    those commands cannot be read or changed as objects).
    """
    if encode_pieces:
        commands, counts = _commands_for_writing(tree)
    else:
        counts = count(tree)
        commands = command_to_json(tree)
    envelope: JsonObject = {"kind": env.kind.value, "key": env.key}
    if env.kind is EnvelopeKind.VCSK:
        envelope["hex_case"] = env.hex_case.value
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "envelope": envelope,
        "entries": [{"name": SAVED_GAME} if n == SAVED_GAME else _entry_to_json(n, d, stream_base64) for n, d in entries],
        "commands": commands,
        "summary": {
            "pieces": counts.pieces,
            "stacks": counts.stacks,
            "decks": counts.decks,
            "log_steps": counts.log_steps,
        },
    }


@record
class DecodedJson:
    """A JSON form read back: envelope (with text), the zip entries other than savedGame, counts."""

    envelope: Envelope
    entries: tuple[tuple[str, bytes], ...]
    counts: Counts


def game_from_json(doc: object, *, where: str) -> DecodedJson:
    """Rebuild the savedGame text, envelope and other entries from a JSON form.

    The whole document is checked first (:func:`validate_document`), and the text built from it
    is decoded again and compared (:func:`check_reads_back`): bad input raises ``CodecError``
    naming ``where`` and the JSON path, before anything is written.
    """
    validate_document(doc, where)
    assert isinstance(doc, dict)
    tree = command_from_json(doc["commands"])
    text = encode_tree(tree)
    check_reads_back(tree, text, where)
    env_obj = doc["envelope"]
    kind = EnvelopeKind(env_obj["kind"])
    key = None if kind is EnvelopeKind.PLAIN else int(env_obj["key"])
    envelope = Envelope(kind, key, text, HexCase(env_obj.get("hex_case", "lower")))
    entries = tuple(
        # a2b_base64 reads the (validated, ASCII) string in place: no bytes copy of it first
        (entry["name"], entry["text"].encode("utf-8") if "text" in entry else binascii.a2b_base64(entry["base64"]))
        for entry in doc["entries"]
        if entry["name"] != SAVED_GAME
    )
    return DecodedJson(envelope, entries, count(tree))


def dump_json(doc: JsonObject) -> str:
    """Serialise deterministically: sorted keys, UTF-8 characters kept, final newline (any depth).

    For files, stream :func:`sdbp_module.codec.jsonio.dump_chunks` instead.
    """
    return dump_text(doc)
