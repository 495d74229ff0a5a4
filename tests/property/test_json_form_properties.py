"""Hypothesis properties of the JSON form as a whole (docs/json-form.md).

- Whatever text a save holds, its JSON form, streamed and parsed again, converts back to the same
  text: the checks made before writing never refuse what ``sdbp convert`` wrote.
- Whatever a hand-edited JSON form holds, converting it back either works or raises ``CodecError``
  (one line, exit 2): no other exception, so no traceback.
- Whatever AddPiece commands a save holds, writing them as text (``encode_pieces``, as ``sdbp convert``
  does) gives the bytes of writing their objects.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sdbp_module.codec import pieces
from sdbp_module.codec.envelope import Envelope, EnvelopeKind
from sdbp_module.codec.json_form import game_from_json, game_to_json
from sdbp_module.codec.jsonio import dump_chunks, load
from sdbp_module.codec.tree import Command, decode_tree, encode_tree
from sdbp_module.errors import CodecError

SPECIAL = ";,/\t\x1b\\'\"|:= \x01éÉ€😀"
save_texts = st.text(alphabet=st.sampled_from(list(SPECIAL) + list("+/-DMLOGCHATNDUV1;")), max_size=60)


@settings(max_examples=300)
@given(save_texts, st.binary(max_size=8))
def test_every_save_text_converts_back_through_its_streamed_json_form(text: str, extra: bytes) -> None:
    env = Envelope(EnvelopeKind.VCSK, 3, text)
    doc = game_to_json(env, decode_tree(text), (("savedGame", b""), ("extra", extra)))
    back = game_from_json(load(b"".join(dump_chunks(doc)).decode("utf-8"), "x.json"), where="x.json")
    assert back.envelope == env
    assert back.entries == (("extra", extra),)


BASE: dict[str, Any] = {
    "format": "sdbp-vassal-game",
    "format_version": 1,
    "envelope": {"kind": "vcsk", "key": 71, "hex_case": "lower"},
    "entries": [{"name": "savedGame"}, {"name": "moduledata", "text": "<m/>"}, {"name": "bin", "base64": "/wA="}],
    "commands": {"cmd": "begin_save", "children": [
        {"cmd": "add_piece", "id": "1", "traits": [
            {"trait": "emb2", "type": "emb2;x", "state": "1"},
            {"trait": "mark", "properties": [["sdbp_id", "FR-1"]]},
            {"trait": "piece", "clone_key": "", "delete_key": "", "image": "a.png", "name": "A", "map": None,
             "x": "0", "y": "0", "gpid": "1", "properties": [["k", "v"]]},
        ]},
        {"cmd": "change_piece", "id": "1", "new_state": {"traits": ["a", "b"]}, "old_state": {"raw": "r"}},
        {"cmd": "log", "command": {"cmd": "chat", "text": "hi"}, "children": [{"cmd": "remove_piece", "id": "3"}]},
        {"cmd": "board_picker", "map": "M", "boards": ["a", "b"]},
        {"cmd": "opaque", "raw": "x\x1b'y'"},
        {"cmd": "end_save"},
    ]},
}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-300, 300) | st.floats(allow_nan=True) | st.text(alphabet="a\\'\x1b\ud800é/.:", max_size=6)
    | st.sampled_from(["savedGame", "chat", "opaque", "log", "piece", "mark", "vcsk", "plain", "upper", "/wA="]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["cmd", "text", "children", "name", "trait", "zz"]), inner, max_size=3),
    max_leaves=6,
)


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    places = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            places += _places(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            places += _places(item, path + (index,))
    return places


PLACES = _places(BASE)[1:]


@settings(max_examples=400)
@given(st.lists(st.tuples(st.sampled_from(PLACES), json_values, st.booleans()), min_size=1, max_size=3))
def test_any_edit_converts_or_gives_a_codec_error(edits: list[tuple[tuple[Any, ...], Any, bool]]) -> None:
    doc = copy.deepcopy(BASE)
    for path, value, delete in edits:
        parent: Any = doc
        try:
            for segment in path[:-1]:
                parent = parent[segment]
            if delete and isinstance(parent, dict):
                parent.pop(path[-1], None)
            else:
                parent[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier edit removed or replaced this place
    try:
        game_from_json(doc, where="x.json")
    except CodecError as exc:
        assert "\n" not in exc.message and exc.message.startswith("x.json: ")


def _texts(tokens: str, *words: str, most: int) -> st.SearchStrategy[str]:
    """Up to ``most`` tokens (the characters of ``tokens`` and the ``words``) joined: the texts of
    ``st.lists(st.sampled_from([*tokens, *words]), max_size=most).map("".join)``, drawn as one string in which
    a private-use character stands for each word. Hypothesis draws a string as one choice, a list as two a
    token: this test's lists were a third of the choices of the whole suite, and most of its time."""
    stand_ins = {chr(0xE000 + index): word for index, word in enumerate(words)}
    assert not set(tokens) & set(stand_ins)
    table = str.maketrans(stand_ins)
    return st.text(alphabet=tokens + "".join(stand_ins), max_size=most).map(lambda text: text.translate(table))


piece_names = _texts("ab;,/\t\\'\"\x01é", most=4)
piece_traits = st.one_of(
    _texts(";,/\t\\'\"\x01é\x1bab", "mark", "piece", "emb2;", most=8),
    st.lists(piece_names, max_size=3).map(lambda names: "mark;" + ",".join(names)),
    st.lists(piece_names, min_size=3, max_size=5).map(lambda fields: "piece;" + ";".join(fields)),
    st.sampled_from(["stack", "deck;x", "mark", "mark;", "piece;", "piece;;;a.png;A", "'mark;a'"]),
)
piece_states = _texts("ab;,/\t\\'\"\x01é09", "null;1;2;3;1;k;v", "5;", "-1", most=8)


@st.composite
def piece_commands(draw: st.DrawFn) -> str:
    """An AddPiece as the engine writes it (its type and state chains of the same length), or one mangled."""
    types = draw(st.lists(piece_traits, min_size=1, max_size=4))
    states = draw(st.lists(piece_states, min_size=len(types), max_size=len(types) + draw(st.integers(0, 1))))
    piece_id = draw(st.text(alphabet="1a/\\'", max_size=4))
    text = pieces.add_piece_text(piece_id, pieces.join_chain(types), pieces.join_chain(states))
    if draw(st.booleans()):  # mangled: a character dropped or doubled somewhere
        at = draw(st.integers(0, len(text)))
        text = text[:at] + (text[at : at + 1] * draw(st.integers(0, 2))) + text[at + 1 :]
    return "LOG\t" * draw(st.integers(0, 2)) + text


@settings(max_examples=400)
@given(st.lists(st.tuples(piece_commands(), st.lists(piece_commands(), max_size=2)), min_size=1, max_size=4))
def test_pieces_written_as_text_are_the_bytes_of_their_objects(commands: list[tuple[str, list[str]]]) -> None:
    """``encode_pieces`` (what ``sdbp convert`` writes) and the objects give the same document, byte for byte."""
    tree = Command("begin_save", tuple(Command(text, tuple(Command(c) for c in children)) for text, children in commands))
    tree = decode_tree(encode_tree(tree))
    env = Envelope(EnvelopeKind.VCSK, 3, "")
    entries = (("savedGame", b""),)
    as_objects = b"".join(dump_chunks(game_to_json(env, tree, entries)))
    as_text = b"".join(dump_chunks(game_to_json(env, tree, entries, encode_pieces=True)))
    assert as_text == as_objects
