"""Command tree layer (format reference §5.3, §5.5, §5.8): nesting by escaped ESC, exact round trips.

``decode_tree``/``encode_tree`` are iterative and linear in the text. The plain recursive definition
they replaced (``str.split`` level by level) is kept here as the oracle ``reference_decode`` /
``reference_encode``: the two must agree on every input, which hypothesis checks on random texts
over the characters that matter, on random trees (with ESCs, backslashes and quotes in their texts,
and opaque nodes) and on mutated encodings of them, and the real corpus checks on every file.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sdbp_module.codec.container import read_container
from sdbp_module.codec.envelope import decode_envelope
from sdbp_module.codec.sequence import encode_token
from sdbp_module.codec.tree import Command, decode_tree, encode_tree, split_exact
from tests.shared_corpus import CORPUS, corpus_files, needs_corpus

E = "\x1b"
# Reference §5.8 (constructed log part), lines joined; {ESC} = E.
LOG_PART = "".join(
    [
        "end_save" + E,
        "LOG\tCHAT&lt;Alice&gt; - Ready?" + E,
        "LOG\tM/1700000000102/Main Map/450/140/null/Main Map/150/120/null/secretA\\" + E,
        "LOG\tCHAT* 1st Corps (Fresh) moves Alpha &rarr; Bravo *" + E,
        "LOG\tCHAT*** 2d6 = 3,5 *** &lt;Alice&gt;\\" + E,
        "LOG\tMutableProperty\t2d6_result\t1\t3,5\tModule\\" + E,
        "LOG\tMutableProperty\t2d6_total\t0\t8\tModule" + E,
        "LOG\tUNDO\ttrue\\" + E,
        "LOG\tMutableProperty\t2d6_total\t8\t0\tModule\\\\" + E,
        "LOG\tCHAT* UNDO: *** 2d6 = 3,5 *** &lt;Alice&gt;\\" + E,
        "LOG\tUNDO\tfalse",
    ]
)
GAMES = corpus_files(".vsav", ".vlog")


# ---------------------------------------------------------------------------------------------
# the oracle: the recursive implementation before issue 11, verbatim but for the names


def _reference_split_exact(value: str, delimiter: str) -> list[str] | None:
    parts = value.split(delimiter)
    tokens: list[str] = []
    buffer: list[str] = []
    for part in parts:
        if part.endswith("\\"):
            buffer.append(part[:-1])
            continue
        if buffer:
            buffer.append(part)
            raw_token_first = buffer[0][:1] or "\\"
            token = delimiter.join(buffer)
            buffer = []
        else:
            raw_token_first = part[:1]
            token = part
        if raw_token_first in ("'", "\\"):
            unwrapped = _reference_unwrap_exact(token, delimiter)
            if unwrapped is None:
                return None
            token = unwrapped
        tokens.append(token)
    if buffer:
        unwrapped = _reference_unwrap_exact(delimiter.join(buffer[:-1] + [buffer[-1] + "\\"]), delimiter)
        if unwrapped is None:
            return None
        tokens.append(unwrapped)
    return tokens


def _reference_unwrap_exact(token: str, delimiter: str) -> str | None:
    raw = token.replace(delimiter, "\\" + delimiter)
    if len(token) > 1 and token[0] == "'" and token[-1] == "'":
        token = token[1:-1]
    return token if encode_token(token, delimiter) == raw else None


def reference_decode(text: str) -> Command:
    """The recursive decoder (the oracle)."""
    if E not in text:
        return Command(text)
    tokens = _reference_split_exact(text, E)
    if tokens is None or len(tokens) < 2 or E in tokens[0]:
        return Command(text, (), True)
    return Command(tokens[0], tuple(reference_decode(t) for t in tokens[1:]))


def reference_encode(node: Command) -> str:
    """The recursive encoder (the oracle)."""
    if node.opaque or not node.children:
        return node.text
    return E.join([encode_token(t, E) for t in [node.text] + [reference_encode(c) for c in node.children]])


# ---------------------------------------------------------------------------------------------
# examples


def test_log_steps_and_sub_steps() -> None:
    tree = decode_tree(LOG_PART)
    assert tree.text == "end_save"
    steps = tree.children
    assert [s.text[:12] for s in steps] == ["LOG\tCHAT&lt;", "LOG\tM/170000", "LOG\tCHAT*** ", "LOG\tUNDO\ttru"]
    assert [c.text for c in steps[1].children] == ["LOG\tCHAT* 1st Corps (Fresh) moves Alpha &rarr; Bravo *"]
    assert len(steps[2].children) == 2
    undo = steps[3]
    assert [c.text for c in undo.children] == [
        "LOG\tMutableProperty\t2d6_total\t8\t0\tModule",
        "LOG\tUNDO\tfalse",
    ]
    assert [c.text for c in undo.children[0].children] == ["LOG\tCHAT* UNDO: *** 2d6 = 3,5 *** &lt;Alice&gt;"]
    assert encode_tree(tree) == LOG_PART


def test_save_group_starts_with_an_empty_token() -> None:
    text = "begin_save" + E + E + "\\" + E + "+/1/a" + "\\" + E + "+/2/b" + E + "end_save"
    tree = decode_tree(text)
    assert tree == Command(
        "begin_save", (Command(""), Command("", (Command("+/1/a"), Command("+/2/b"))), Command("end_save"))
    )
    assert encode_tree(tree) == text


def test_text_the_engine_could_not_write_is_kept_opaque() -> None:
    for text in ("'a'" + E + "b", "a\\" + E + "b"):
        tree = decode_tree(text)
        assert tree.opaque and tree.text == text and encode_tree(tree) == text


def test_an_opaque_child_keeps_its_text_read_at_its_depth() -> None:
    """The child ``'a'ESCb`` (needless quotes) is written at depth 1 as ``'a'\\ESCb``."""
    text = "top" + E + "'a'\\" + E + "b" + E + "end"
    tree = decode_tree(text)
    assert tree == Command("top", (Command("'a'" + E + "b", (), True), Command("end")))
    assert encode_tree(tree) == text


def test_quotes_are_taken_off_at_every_level() -> None:
    """A child whose encoding starts and ends with ``'`` is wrapped once more by its parent."""
    tree = Command("top", (Command("'x", (Command("y'"),)),))
    text = encode_tree(tree)
    assert text == "top" + E + "''x\\" + E + "y''"
    assert decode_tree(text) == tree


def test_a_text_ending_in_a_backslash_is_the_engine_ambiguity() -> None:
    """§1.3: a token ending in ``\\`` escapes the delimiter after it; the engine reads it so too."""
    text = encode_tree(Command("x", (Command("a\\"), Command("b"))))
    assert text == "x" + E + "a\\" + E + "b"
    assert decode_tree(text) == Command("x", (Command("a", (Command("b"),)),))
    assert decode_tree("x" + E + "b\\") == Command("x", (Command("b\\"),))


@pytest.mark.parametrize(
    "text",
    [
        "",
        E,
        E + E,
        "\\" + E,
        "a" + E + "\\",
        "a" + E + "\\\\",
        "a" + E + "'",
        "a" + E + "''",
        "a" + E + "'''",
        "a" + E + "'\\'",
        "a" + E + "'\\" + E + "'",
        "a" + E + "\\" + E + "b",
        "a" + E + "b\\" + E + "c",
        "a" + E + "b\\\\" + E + "c",
        "a" + E + "\\\\" + E + "b" + "\\" + E + "c",
        "''" + E + "x",
        "'''" + E + "x",
        "a" + E + "'x\\" + E + "y'",
        "a" + E + "''x\\" + E + "y''",
        "a" + E + "b" + "\\" + E + "'c'",
        "a" + E + "b" + "\\" + E + "''c''" + E + "d",
        "a" + E + "b" + "\\" + E + "c" + "\\\\" + E + "d" + "\\" + E + "e" + E + "f",
        "a" + E + "b" + "\\" + E + "c" + "\\\\\\" + E + "d",
    ],
)
def test_edge_cases_agree_with_the_oracle(text: str) -> None:
    tree = decode_tree(text)
    assert tree == reference_decode(text)
    assert encode_tree(tree) == reference_encode(tree) == text


def test_split_exact_refuses_needless_quotes() -> None:
    assert split_exact("''hi'';x", ";") == ["'hi'", "x"]
    assert split_exact("'hi';x", ";") is None
    assert split_exact("\\x;y", ";") is None
    assert split_exact("'\\x';y", ";") == ["\\x", "y"]


def test_walk_is_depth_first_pre_order() -> None:
    tree = Command("a", (Command("b", (Command("c"),)), Command("d")))
    assert [n.text for n in tree.walk()] == ["a", "b", "c", "d"]


def test_equality_and_hash_look_at_the_whole_tree() -> None:
    one = Command("a", (Command("b", (Command("c"),)), Command("d")))
    same = Command("a", (Command("b", (Command("c"),)), Command("d")))
    assert one == same and hash(one) == hash(same)
    assert one != Command("a", (Command("b", (Command("x"),)), Command("d")))
    assert one != Command("a", (Command("b"), Command("d")))
    assert Command("a") != Command("a", (), True)
    assert one != "a"


# ---------------------------------------------------------------------------------------------
# the iterative codec agrees with the oracle

ALPHABET = [E, "\\", "'", "a", ";"]
small_texts = st.text(alphabet=st.sampled_from(ALPHABET), max_size=5)


def _trees() -> st.SearchStrategy[Command]:
    leaves = st.builds(Command, small_texts, st.just(()), st.booleans())
    return st.recursive(
        leaves,
        lambda kids: st.builds(Command, small_texts, st.lists(kids, min_size=1, max_size=3).map(tuple)),
        max_leaves=16,
    )


@settings(max_examples=400, derandomize=True, deadline=None)
@given(st.text(alphabet=st.sampled_from(ALPHABET), max_size=40))
def test_decoding_any_text_agrees_with_the_oracle(text: str) -> None:
    tree = decode_tree(text)
    assert tree == reference_decode(text)
    assert encode_tree(tree) == text


@settings(max_examples=150, derandomize=True, deadline=None)
@given(_trees())
def test_encoding_any_tree_agrees_with_the_oracle(tree: Command) -> None:
    text = encode_tree(tree)
    assert text == reference_encode(tree)
    assert decode_tree(text) == reference_decode(text)


@settings(max_examples=150, derandomize=True, deadline=None)
@given(_trees(), st.lists(st.tuples(st.integers(0, 10**6), st.sampled_from(ALPHABET + [""])), max_size=3))
def test_decoding_a_damaged_encoding_agrees_with_the_oracle(tree: Command, edits: list[tuple[int, str]]) -> None:
    """Near-valid nested texts: an encoded tree with characters replaced or deleted."""
    chars = list(reference_encode(tree))
    for at, char in edits:
        if chars:
            chars[at % len(chars)] = char
    text = "".join(chars)
    decoded = decode_tree(text)
    assert decoded == reference_decode(text)
    assert encode_tree(decoded) == text


@needs_corpus
def test_the_corpus_is_there() -> None:
    assert len(GAMES) == 24, f"expected the 24 corpus saves/logs under {CORPUS}"


@needs_corpus
@pytest.mark.parametrize("path", GAMES, ids=[str(p.relative_to(CORPUS)) for p in GAMES])
def test_every_corpus_file_agrees_with_the_oracle(path: Path) -> None:
    text = decode_envelope(read_container(path).saved_game).text
    tree = decode_tree(text)
    assert tree == reference_decode(text)
    assert encode_tree(tree) == reference_encode(tree) == text
