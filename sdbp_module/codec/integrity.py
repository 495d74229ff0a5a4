"""Structural checks the engine would fail on: piece commands cut short (reference §5.4).

The engine reads AddPiece ``+/id/type/state``, MovePiece ``M/`` with ten fields and ChangePiece
``D/id/state`` with fixed positions; a command with fewer fields cannot be executed (the engine
throws while decoding it). Everything else we do not understand is kept verbatim, not refused.
"""

from __future__ import annotations

from sdbp_module.codec.tree import Command

_MIN_FIELDS = {"+/": 3, "M/": 9, "D/": 2}


def field_count(text: str, start: int, most: int) -> int:
    """``min(most, len(se_decode(text[start:], "/")))`` without splitting: one more than the delimiters
    that no backslash escapes (the engine's decoder ends a token at each of those, and only there),
    found by ``str.find`` and counted only up to ``most``, so a long AddPiece is not scanned to its end (its
    last field is found by ``str.rfind``).

    >>> field_count("D/12/a\\\\/b/", 2, 9), field_count("D/12/a\\\\/b/", 2, 2)
    (3, 2)
    """
    count = 1
    at = text.find("/", start)
    while at >= 0 and count < most:
        if at == start or text[at - 1] != "\\":
            count += 1
            if count == most - 1:  # one more makes it ``most``: the last "/", found from the end, if it is one
                last = text.rfind("/", at + 1)  # (an AddPiece: past its type's escaped "/", not walked over)
                if last > at and text[last - 1] != "\\":
                    return most
        at = text.find("/", at + 1)
    return count


def truncated_command(tree: Command) -> tuple[int, str] | None:
    """The first piece command with too few fields: (its number, depth-first from 1; its text).

    A command is read where its ``LOG{TAB}`` wrappers end (compared as slices, and counted in place: no
    ``startswith`` call and no copy for each of a log's commands, 1,400 of the small log's 1,800 wrapped);
    only a truncated one is copied, to be shown."""
    for number, node in enumerate(tree.walk(), start=1):
        if node.opaque:
            continue
        text = node.text
        start = 0
        while text[start : start + 4] == "LOG\t":
            start += 4
        need = _MIN_FIELDS.get(text[start : start + 2])
        if need is not None and field_count(text, start + 2, need) < need:
            return number, text[start:]
    return None
