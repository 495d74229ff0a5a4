"""Structural checks the engine would fail on: piece commands cut short (reference §5.4).

The engine reads AddPiece ``+/id/type/state``, MovePiece ``M/`` with ten fields and ChangePiece
``D/id/state`` with fixed positions; a command with fewer fields cannot be executed (the engine
throws while decoding it). Everything else we do not understand is kept verbatim, not refused.
"""

from __future__ import annotations

from sdbp_module.codec.tree import Command

_MIN_FIELDS = {"+/": 3, "M/": 9, "D/": 2}


def field_count(text: str, start: int) -> int:
    """``len(se_decode(text[start:], "/"))`` without splitting: one more than the delimiters that no
    backslash escapes (the engine's decoder ends a token at each of those, and only there).

    >>> field_count("D/12/a\\\\/b/", 2)
    3
    """
    return 1 + text.count("/", start) - text.count("\\/", start)


def truncated_command(tree: Command) -> tuple[int, str] | None:
    """The first piece command with too few fields: (its number, depth-first from 1; its text)."""
    for number, node in enumerate(tree.walk(), start=1):
        if node.opaque:
            continue
        text = node.text
        start = 0
        while text.startswith("LOG\t", start):
            start += 4
        text = text[start:] if start else text
        need = _MIN_FIELDS.get(text[:2])
        if need is not None and field_count(text, 2) < need:
            return number, text
    return None
