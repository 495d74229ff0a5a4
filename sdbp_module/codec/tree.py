"""The command tree of a save/log text: ESC-separated commands, nested by escaping (reference §5.3).

``encode(node) = text`` for a leaf, ``SE(ESC)[text, encode(child)…]`` otherwise. Decoding is the
engine's, with one addition that keeps round trips exact: a string the engine's encoder could not
have produced (for example a token wrapped in ``'…'`` that did not need it) is kept as an *opaque*
leaf whose text is written back verbatim.

Any depth, in time and memory linear in the text: backslashes are never escaped, so a boundary at
depth ``k`` is always ``k`` backslashes and an ESC, and every level of nesting can be read off the
original text without splitting (and copying) it once per level. :func:`decode_tree` finds every
ESC once with the length of the backslash run before it; a node at depth ``L`` owns a span of the
text, its delimiters are the ESCs in that span whose run is exactly ``L`` long, and the engine's
``'…'`` wrapping and the exactness checks need only the characters at the ends of a token.
:func:`encode_tree` writes each piece once with as many backslashes before its ESCs as its depth.
Neither recurses; results are those of the plain recursive definition (:func:`split_exact` applied
level by level), which the tests keep as an oracle.

>>> node = decode_tree("begin_save\\x1b\\x1b\\\\\\x1b+/1/stack/null;0;0;@@-1\\x1bend_save")
>>> [c.text for c in node.children]
['', '', 'end_save']
>>> node.children[1].children[0].text
'+/1/stack/null;0;0;@@-1'
>>> encode_tree(node) == "begin_save\\x1b\\x1b\\\\\\x1b+/1/stack/null;0;0;@@-1\\x1bend_save"
True
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator

from sdbp_module.codec.sequence import encode_token
from sdbp_module.records import record

ESC = "\x1b"
BACKSLASH = "\\"


@record(eq=False)
class Command:
    """One node: its own command text and its children (depth-first pre-order execution).

    ``opaque`` marks a string kept verbatim because re-encoding its engine reading would not give
    the same characters; its ``text`` is then the whole raw string and it has no children.
    Equality and hashing look at the whole subtree, at any depth (no recursion).
    """

    text: str
    children: tuple[Command, ...] = ()
    opaque: bool = False

    def walk(self) -> Iterator[Command]:
        """This node and every descendant, depth-first pre-order (the engine's execution order)."""
        pending = [self]
        while pending:
            node = pending.pop()
            yield node
            if node.children:  # (most nodes are leaves: no reversed iterator made and extended by for them)
                pending.extend(reversed(node.children))

    def __eq__(self, other: object) -> bool:
        """Same text, opaque flag and children, all the way down."""
        if not isinstance(other, Command):
            return NotImplemented
        pairs = [(self, other)]
        while pairs:
            mine, theirs = pairs.pop()
            if mine is theirs:
                continue
            if mine.text != theirs.text or mine.opaque != theirs.opaque or len(mine.children) != len(theirs.children):
                return False
            pairs.extend(zip(mine.children, theirs.children))
        return True

    def __hash__(self) -> int:
        """A hash of the whole subtree, consistent with ``==`` (children hashed before parents)."""
        hashes: dict[int, int] = {}
        pending = [self]
        while pending:
            node = pending[-1]
            waiting = [c for c in node.children if id(c) not in hashes]
            if waiting:
                pending.extend(waiting)
                continue
            pending.pop()
            hashes[id(node)] = hash((node.text, node.opaque, tuple(hashes[id(c)] for c in node.children)))
        return hashes[id(self)]


QUOTE_STARTS = ("'", BACKSLASH)
"""A token whose raw text starts with one of these may be one the engine wrapped in ``'…'``."""


def split_exact(value: str, delimiter: str) -> list[str] | None:
    """SE-decode ``value`` (engine rules), or ``None`` if re-encoding would not give ``value`` back.

    A value with no backslash and no quote is the plain ``str.split``. The usual other value (no token
    starting with a quote or a backslash, no backslash at the very end) is read by :func:`_split_plain`,
    which visits the delimiters only (``str.find``), not every part of a split; any other by
    :func:`_split_exact_parts`. The result is ``None`` only for strings the
    engine's encoder never writes (a needless or missing ``'…'`` wrapping).
    """
    if BACKSLASH not in value and "'" not in value:  # nothing escaped, nothing wrapped: the plain split
        return value.split(delimiter)
    if not value.endswith(BACKSLASH):
        tokens = _split_plain(value, delimiter)
        if tokens is not None:
            return tokens
    return _split_exact_parts(value, delimiter)


def _split_plain(value: str, delimiter: str) -> list[str] | None:
    """The tokens of ``value``, a delimiter after a backslash escaped (the backslash dropped); ``None``
    as soon as a token's raw text starts with a quote or a backslash (it may need unwrapping)."""
    tokens: list[str] = []
    pieces: list[str] = []
    start = token_start = 0
    at = value.find(delimiter)
    while True:
        if at > 0 and value[at - 1] == BACKSLASH:  # an escaped delimiter: the token goes on after it
            pieces.append(value[start : at - 1])
            start = at
            at = value.find(delimiter, at + 1)
            continue
        if value[token_start : token_start + 1] in QUOTE_STARTS:
            return None
        end = len(value) if at < 0 else at
        if pieces:
            pieces.append(value[start:end])
            tokens.append("".join(pieces))
            pieces = []
        else:
            tokens.append(value[start:end])
        if at < 0:
            return tokens
        start = token_start = at + 1
        at = value.find(delimiter, start)


def _split_exact_parts(value: str, delimiter: str) -> list[str] | None:
    """:func:`split_exact` part by part: a delimiter after a backslash is escaped; tokens that start with a
    quote or a backslash are unwrapped and checked."""
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
            unwrapped = _unwrap_exact(token, delimiter)
            if unwrapped is None:
                return None
            token = unwrapped
        tokens.append(token)
    if buffer:
        # the value ends with a backslash right after an escaped delimiter chain: no delimiter follows
        unwrapped = _unwrap_exact(delimiter.join(buffer[:-1] + [buffer[-1] + "\\"]), delimiter)
        if unwrapped is None:
            return None
        tokens.append(unwrapped)
    return tokens


def _unwrap_exact(token: str, delimiter: str) -> str | None:
    """``token`` without its ``'…'`` wrapping, or ``None`` if the engine's encoder would not write it so."""
    raw = token.replace(delimiter, "\\" + delimiter)
    if len(token) > 1 and token[0] == "'" and token[-1] == "'":
        token = token[1:-1]
    return token if encode_token(token, delimiter) == raw else None


def join_exact(tokens: list[str], delimiter: str) -> str:
    """SE-encode a non-empty token list (the inverse of :func:`split_exact`)."""
    return delimiter.join([encode_token(t, delimiter) for t in tokens])


# ---------------------------------------------------------------------------------------------
# decoding
#
# A span ``(start, end, first, stop)`` is ``text[start:end]`` together with the indices
# ``first:stop`` of the ESCs inside it (into ``_Text.positions``). The span of a node at depth
# ``L`` reads as its text once ``L`` backslashes are taken away before each of its ESCs; every ESC
# in it has a run of at least ``L`` backslashes, and those with exactly ``L`` are its delimiters.

Span = tuple[int, int, int, int]

_SHORT_RUN = 16
_RUN = re.compile(r"\\*")


def _escapes(text: str) -> tuple[list[int], list[int]]:
    """Positions of every ESC in ``text`` and the length of the backslash run before each.

    Short runs are measured on a slice; a run of ``k >= 16`` is matched in the reversed text
    (made once, when first needed), so the whole scan stays linear in the text.
    """
    positions: list[int] = []
    runs: list[int] = []
    backwards: str | None = None
    position = text.find(ESC)
    while position >= 0:
        run = 0
        if position and text[position - 1] == BACKSLASH:
            tail = text[max(0, position - _SHORT_RUN) : position]
            run = len(tail) - len(tail.rstrip(BACKSLASH))
            if run == _SHORT_RUN:
                if backwards is None:
                    backwards = text[::-1]
                at = len(text) - position
                match = _RUN.match(backwards, at)
                assert match is not None  # a run of zero or more backslashes always matches
                run = match.end() - at
        positions.append(position)
        runs.append(run)
        position = text.find(ESC, position + 1)
    return positions, runs


class _Text:
    """A save/log text with its ESCs indexed by position and by run length (read-only)."""

    __slots__ = ("text", "positions", "runs", "by_run")

    def __init__(self, text: str) -> None:
        self.text = text
        self.positions, self.runs = _escapes(text)
        self.by_run: dict[int, list[int]] = {}
        for index, run in enumerate(self.runs):
            self.by_run.setdefault(run, []).append(index)

    def split(self, depth: int, span: Span) -> tuple[str, list[Span]] | None:
        """A node's own text and its children's spans, or ``None`` if :func:`split_exact` refuses it.

        ``span`` holds at least one ESC. Each token is checked as :func:`_unwrap_exact` would.
        """
        start, end, first, stop = span
        if self.runs[first] != depth:  # no delimiter, or an ESC in the node's own text
            return None
        level = self.by_run[depth]
        low = bisect_left(level, first)
        delimiters = level[low : bisect_left(level, stop, low)]
        positions = self.positions
        tokens: list[Span] = []
        token_start, token_first = start, first
        for index in delimiters:
            position = positions[index]
            token = self._token((token_start, position - depth, token_first, index), depth + 1)
            if token is None:
                return None
            tokens.append(token)
            token_start, token_first = position + 1, index + 1
        token = self._token((token_start, end, token_first, stop), depth + 1)
        if token is None:
            return None
        tokens.append(token)
        own_start, own_end = tokens[0][0], tokens[0][1]
        return self.text[own_start:own_end], tokens[1:]

    def _token(self, span: Span, depth: int) -> Span | None:
        """A token (read at ``depth``) without its ``'…'`` wrapping, or ``None`` if it is not exact.

        The engine's encoder wraps a token that starts with a backslash or starts and ends with
        ``'``; only the first two and last two characters decide, and they are read off ``text``
        (a leading backslash run ending in an ESC of this depth reads as that ESC).
        """
        start, end, first, stop = span
        if start == end:
            return span
        text = self.text
        head = text[start]
        if head == BACKSLASH:
            return span if self._reads_as_esc(start, first, stop, depth) else None
        if head != "'":
            return span
        if end - start == 1:
            return None  # a lone ' is written as '''
        if text[end - 1] != "'":
            return span
        if end - start == 2:
            return None  # '' would be written as nothing
        second = text[start + 1]
        if second == BACKSLASH:
            exact = not self._reads_as_esc(start + 1, first, stop, depth)
        else:
            exact = second == "'" and text[end - 2] == "'"
        return (start + 1, end - 1, first, stop) if exact else None

    def _reads_as_esc(self, at: int, first: int, stop: int, depth: int) -> bool:
        """True if the backslashes from ``at`` are exactly the escape of the span's first ESC."""
        return first < stop and self.runs[first] == depth and self.positions[first] - depth == at

    def raw(self, depth: int, span: Span) -> str:
        """The span read at ``depth``: ``depth`` backslashes fewer before each ESC."""
        start, end, first, stop = span
        if depth == 0:
            return self.text[start:end]
        pieces: list[str] = []
        previous = start
        for position in self.positions[first:stop]:
            pieces.append(self.text[previous : position - depth])
            previous = position
        pieces.append(self.text[previous:end])
        return "".join(pieces)


class _Branch:
    """A node being decoded: its own text, its children's spans, the next one, the children built."""

    __slots__ = ("own", "spans", "next", "built", "depth")

    def __init__(self, own: str, spans: list[Span], depth: int) -> None:
        self.own = own
        self.spans = spans
        self.next = 0
        self.built: list[Command] = []
        self.depth = depth


def decode_tree(text: str) -> Command:
    """Decode a save/log text into its command tree (reference §5.3), at any depth, in linear time."""
    if ESC not in text:
        return Command(text)
    indexed = _Text(text)
    split = indexed.split(0, (0, len(text), 0, len(indexed.positions)))
    if split is None:
        return Command(text, (), True)
    branches = [_Branch(split[0], split[1], 0)]
    while True:
        branch = branches[-1]
        depth = branch.depth + 1
        while branch.next < len(branch.spans):
            span = branch.spans[branch.next]
            branch.next += 1
            if span[2] == span[3]:  # no ESC: a leaf
                branch.built.append(Command(text[span[0] : span[1]]))
                continue
            child = indexed.split(depth, span)
            if child is None:
                branch.built.append(Command(indexed.raw(depth, span), (), True))
                continue
            branches.append(_Branch(child[0], child[1], depth))
            break
        else:  # every child built: the node is done
            branches.pop()
            node = Command(branch.own, tuple(branch.built))
            if not branches:
                return node
            branches[-1].built.append(node)


# ---------------------------------------------------------------------------------------------
# encoding


def _needs_quotes(first: str, last: str) -> bool:
    """The engine's wrapping rule for a non-empty token with these end characters."""
    return first == BACKSLASH or (first == "'" and last == "'")


class _Writer:
    """The pieces of an encoded tree, in order, with the delimiter of each depth made once."""

    __slots__ = ("out", "separators")

    def __init__(self) -> None:
        self.out: list[str] = []
        self.separators = [ESC]

    def separator(self, depth: int) -> str:
        """``depth`` backslashes and an ESC: a delimiter at ``depth``, or an ESC inside a piece there."""
        separators = self.separators
        while len(separators) <= depth:
            separators.append(BACKSLASH * len(separators) + ESC)
        return separators[depth]

    def token(self, value: str, depth: int) -> str:
        """Write ``value`` as a token of a node at ``depth - 1``; return the last character written.

        An empty token writes nothing and returns ESC (the delimiter before it is then the last).
        """
        if not value:
            return ESC
        piece = value.replace(ESC, self.separator(depth)) if ESC in value else value
        if _needs_quotes(value[0], value[-1]):
            self.out.extend(("'", piece, "'"))
            return "'"
        self.out.append(piece)
        return value[-1]


class _Open:
    """A node with children being written: where its opening quote would go and what decides it."""

    __slots__ = ("children", "next", "depth", "first", "slot", "last")

    def __init__(self, node: Command, depth: int, first: str, slot: int) -> None:
        self.children = node.children
        self.next = 0
        self.depth = depth
        self.first = first  # first character of the node's encoding
        self.slot = slot  # index of the placeholder for its opening quote
        self.last = ""  # last character of its encoding so far


def _first_character(node: Command) -> str:
    """The first character of the encoding of a node with children."""
    text = node.text
    if not text:
        return ESC  # its first delimiter
    if _needs_quotes(text[0], text[-1]):
        return "'"
    return BACKSLASH if text[0] == ESC else text[0]


def encode_tree(node: Command) -> str:
    """Encode a command tree back to text, byte for byte what :func:`decode_tree` read.

    Pieces are written top-down, each once: the tokens of a node at depth ``d`` (its own text, then
    its children) are separated by ``d`` backslashes and an ESC, and each ESC inside a text written
    there gets ``d + 1`` backslashes. A token's ``'…'`` wrapping depends on the first and last
    character of its encoding; the last is known when its subtree is done, so the opening quote is
    a placeholder filled in then.
    """
    if node.opaque or not node.children:
        return node.text
    writer = _Writer()
    out = writer.out
    writer.token(node.text, 1)
    stack = [_Open(node, 0, "", -1)]
    while True:
        current = stack[-1]
        if current.next < len(current.children):
            child = current.children[current.next]
            current.next += 1
            depth = current.depth + 1
            out.append(writer.separator(depth - 1))
            if child.opaque or not child.children:
                current.last = writer.token(child.text, depth)
                continue
            out.append("")
            stack.append(_Open(child, depth, _first_character(child), len(out) - 1))
            writer.token(child.text, depth + 1)
            continue
        stack.pop()
        if not stack:
            return "".join(out)
        last = current.last
        if _needs_quotes(current.first, last):
            out[current.slot] = "'"
            out.append("'")
            last = "'"
        stack[-1].last = last
