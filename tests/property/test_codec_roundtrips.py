"""Hypothesis round trips for every codec layer (format reference §1, §4.1, §5.2, §5.3).

Values are drawn from an alphabet rich in the characters that matter: the delimiters (``;`` ``,``
``/`` TAB ESC), backslashes, quotes, empty fields and non-ASCII letters. The engine's own known
ambiguity (§1.3: a token whose last character is a backslash, followed by a delimiter, is misread)
is excluded from the identity properties and tested explicitly below.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from sdbp_module.codec import pieces
from sdbp_module.codec.envelope import (
    Envelope,
    EnvelopeKind,
    HexCase,
    decode_envelope,
    encode_envelope,
)
from sdbp_module.codec.json_form import command_from_json, command_to_json
from sdbp_module.codec.sequence import decode, encode
from sdbp_module.codec.tree import (
    Command,
    decode_tree,
    encode_tree,
    join_exact,
    split_exact,
)

SPECIAL = ";,/\t\x1b\\'\"|:= éÉçß€😀"
chars = st.sampled_from(list(SPECIAL) + list("abcXYZ019"))
text = st.text(alphabet=chars, max_size=12)
delimiters = st.sampled_from([";", ",", "/", "\t", "\x1b", "|", ":"])


def _safe(tokens: list[str]) -> bool:
    """No token but the last ends with a backslash (the engine's own ambiguity, §1.3)."""
    return not any(t.endswith("\\") for t in tokens[:-1])


@given(st.lists(text, min_size=1, max_size=6), delimiters)
def test_sequence_encoder_identity(tokens: list[str], delimiter: str) -> None:
    if not _safe(tokens):
        return
    encoded = encode(tokens, delimiter)
    assert encoded is not None
    assert decode(encoded, delimiter) == tokens
    assert split_exact(encoded, delimiter) == tokens
    assert join_exact(tokens, delimiter) == encoded


@given(st.text(alphabet=chars, max_size=30), delimiters)
def test_exact_split_then_join_is_identity_when_it_accepts(value: str, delimiter: str) -> None:
    tokens = split_exact(value, delimiter)
    if tokens is not None:
        assert tokens == decode(value, delimiter)
        assert join_exact(tokens, delimiter) == value


def test_the_engine_ambiguity_is_reproduced() -> None:
    """§1.3: ``["a\\", "b"]`` encodes to ``a\\;b``, which the engine reads back as one token."""
    assert encode(["a\\", "b"], ";") == "a\\;b"
    assert decode("a\\;b", ";") == ["a;b"]
    assert split_exact("a\\;b", ";") == ["a;b"]


@given(st.lists(text, min_size=1, max_size=8))
def test_trait_chain_identity(traits: list[str]) -> None:
    if not _safe(traits) or "\t" in traits[-1]:
        return
    raw = pieces.join_chain(traits)
    assert pieces.split_chain(raw) == traits


@given(st.text(alphabet=chars, max_size=40))
def test_trait_chain_split_is_exact_when_it_accepts(raw: str) -> None:
    traits = pieces.split_chain(raw)
    if traits is not None:
        assert pieces.join_chain(traits) == raw


@given(text.filter(lambda s: "/" not in s and not s.endswith("\\")), st.lists(text, min_size=1, max_size=4), st.lists(text, min_size=1, max_size=4))
def test_add_piece_identity(piece_id: str, type_traits: list[str], state_traits: list[str]) -> None:
    if not _safe(type_traits) or not _safe(state_traits) or "\t" in type_traits[-1] + state_traits[-1]:
        return
    piece_type = pieces.join_chain(type_traits)
    state = pieces.join_chain(state_traits)
    if piece_type.endswith("\\"):
        return
    text_ = pieces.add_piece_text(piece_id, piece_type, state)
    assert pieces.add_piece_fields(text_) == (piece_id, piece_type, state)


@given(st.lists(text, min_size=1, max_size=6))
def test_marker_identity(values: list[str]) -> None:
    names = [f"p{i}" for i in range(len(values))]
    if not _safe(values):
        return
    trait_type, state = pieces.marker_strings(list(zip(names, values)))
    assert pieces.marker(trait_type, state) == list(zip(names, values))


envelopes = st.one_of(
    st.builds(Envelope, st.just(EnvelopeKind.VCSK), st.integers(0, 255), st.text(), st.sampled_from(list(HexCase))),
    st.builds(Envelope, st.just(EnvelopeKind.VOBS), st.integers(1, 255), st.text()),
    st.builds(Envelope, st.just(EnvelopeKind.PLAIN), st.none(), st.text().filter(lambda s: not s.startswith(("!VCSK", "VOBS")))),
)


@given(envelopes)
def test_envelope_identity(env: Envelope) -> None:
    data = encode_envelope(env)
    back = decode_envelope(data)
    if env.kind is EnvelopeKind.VCSK and not any(c in data[7:] for c in b"abcdef"):
        back = Envelope(back.kind, back.key, back.text, env.hex_case)  # digits only: the case is moot
    assert back == env
    assert encode_envelope(back) == data


command_texts = text.filter(lambda s: "\x1b" not in s and not s.endswith("\\"))


def _trees() -> st.SearchStrategy[Command]:
    leaves = st.builds(Command, command_texts)
    return st.recursive(
        leaves,
        lambda kids: st.builds(Command, command_texts, st.lists(kids, min_size=1, max_size=4).map(tuple)),
        max_leaves=12,
    )


@given(_trees())
def test_command_tree_identity(tree: Command) -> None:
    encoded = encode_tree(tree)
    decoded = decode_tree(encoded)
    assert decoded == tree
    assert encode_tree(decoded) == encoded


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.text(alphabet=chars, max_size=60))
def test_any_text_survives_the_command_tree(value: str) -> None:
    """Decoding never loses a character: what the engine could not have written is kept opaque."""
    assert encode_tree(decode_tree(value)) == value


def _any_trees() -> st.SearchStrategy[Command]:
    """Trees with any texts: ESCs, trailing backslashes, needless quotes, opaque leaves."""
    leaves = st.builds(Command, text, st.just(()), st.booleans())
    return st.recursive(
        leaves,
        lambda kids: st.builds(Command, text, st.lists(kids, min_size=1, max_size=4).map(tuple)),
        max_leaves=16,
    )


@settings(max_examples=200, derandomize=True, deadline=None)
@given(_any_trees())
def test_the_encoding_of_any_tree_survives_the_command_tree(tree: Command) -> None:
    encoded = encode_tree(tree)
    assert encode_tree(decode_tree(encoded)) == encoded


@settings(max_examples=300)
@given(st.text(alphabet=st.sampled_from(list(SPECIAL) + list("+/-DMLOGCHATNDUV1;")), max_size=60))
def test_any_text_survives_the_json_form(value: str) -> None:
    doc = json.loads(json.dumps(command_to_json(decode_tree(value))))
    assert encode_tree(command_from_json(doc)) == value
