"""The command tree of a save/log text: ESC-separated commands, nested by escaping (reference §5.3).

``encode(node) = text`` for a leaf, ``SE(ESC)[text, encode(child)…]`` otherwise. Decoding is the
engine's, with one addition that keeps round trips exact: a string the engine's encoder could not
have produced (for example a token wrapped in ``'…'`` that did not need it) is kept as an *opaque*
leaf whose text is written back verbatim.

The hot path splits on ESC with ``str.split`` and glues back the parts whose delimiter was escaped
(the part ends with a backslash), which is exactly the engine's rule (the delimiter is escaped when
the character before it in the whole string is a backslash).

>>> node = decode_tree("begin_save\\x1b\\x1b\\\\\\x1b+/1/stack/null;0;0;@@-1\\x1bend_save")
>>> [c.text for c in node.children]
['', '', 'end_save']
>>> node.children[1].children[0].text
'+/1/stack/null;0;0;@@-1'
>>> encode_tree(node) == "begin_save\\x1b\\x1b\\\\\\x1b+/1/stack/null;0;0;@@-1\\x1bend_save"
True
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from sdbp_module.codec.sequence import encode_token

ESC = "\x1b"


@dataclass(frozen=True, slots=True)
class Command:
    """One node: its own command text and its children (depth-first pre-order execution).

    ``opaque`` marks a string kept verbatim because re-encoding its engine reading would not give
    the same characters; its ``text`` is then the whole raw string and it has no children.
    """

    text: str
    children: tuple[Command, ...] = ()
    opaque: bool = False

    def walk(self) -> Iterator[Command]:
        """This node and every descendant, depth-first pre-order (the engine's execution order)."""
        yield self
        for child in self.children:
            yield from child.walk()


def split_exact(value: str, delimiter: str) -> list[str] | None:
    """SE-decode ``value`` (engine rules), or ``None`` if re-encoding would not give ``value`` back.

    Uses ``str.split`` and joins the parts whose delimiter is escaped. The result is ``None`` only
    for strings the engine's encoder never writes (a needless or missing ``'…'`` wrapping).
    """
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


def decode_tree(text: str) -> Command:
    """Decode a save/log text into its command tree (reference §5.3)."""
    if ESC not in text:
        return Command(text)
    tokens = split_exact(text, ESC)
    if tokens is None or len(tokens) < 2 or ESC in tokens[0]:
        return Command(text, (), True)
    return Command(tokens[0], tuple(decode_tree(t) for t in tokens[1:]))


def encode_tree(node: Command) -> str:
    """Encode a command tree back to text, byte for byte what :func:`decode_tree` read."""
    if node.opaque or not node.children:
        return node.text
    return join_exact([node.text] + [encode_tree(c) for c in node.children], ESC)
