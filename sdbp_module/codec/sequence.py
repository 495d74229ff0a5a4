"""VASSAL's SequenceEncoder: join a list of strings with one delimiter, and split it back.

The engine's rules (``VASSAL/tools/SequenceEncoder.java``), reproduced exactly, ambiguities
included (format reference §1):

- a delimiter inside a token gets one backslash in front; backslashes are never escaped;
- a token starting with a backslash, or starting and ending with ``'``, is wrapped in ``'…'``;
- an encoder with no tokens yields Java ``null`` (``None`` here); decoding ``""`` yields ``[""]``.

>>> encode(["I/2 REI", "a;b", ""], ";")
'I/2 REI;a\\\\;b;'
>>> decode(encode(["I/2 REI", "a;b", ""], ";"), ";")
['I/2 REI', 'a;b', '']
>>> encode(["'hi'", "\\\\x"], ",")
"''hi'','\\\\x'"
"""

from __future__ import annotations

from collections.abc import Iterable


def encode_token(token: str, delimiter: str) -> str:
    """Escape one token as the engine's ``SequenceEncoder.append`` does."""
    if token == "":
        return ""
    escaped = token.replace(delimiter, "\\" + delimiter)
    if token[0] == "\\" or (token[0] == "'" and token[-1] == "'"):
        return "'" + escaped + "'"
    return escaped


def encode(tokens: Iterable[str | None], delimiter: str) -> str | None:
    """Join ``tokens`` with ``delimiter``; ``None`` (Java null) when there are no tokens."""
    parts = ["" if t is None else encode_token(t, delimiter) for t in tokens]
    if not parts:
        return None
    return delimiter.join(parts)


def decode(value: str | None, delimiter: str) -> list[str]:
    """Split ``value`` as the engine's ``SequenceEncoder.Decoder`` does.

    A delimiter whose previous character in the whole string is a backslash is escaped; a trailing
    delimiter yields a final empty token; a token longer than one character wrapped in ``'`` loses
    the quotes.
    """
    if value is None:
        return []
    if "\\" not in value and "'" not in value:  # nothing escaped, nothing wrapped: the plain split
        return value.split(delimiter)
    tokens: list[str] = []
    start = 0
    stop = len(value)
    while True:
        if start == stop:
            tokens.append("")
            return tokens
        pieces: list[str] = []
        i = value.find(delimiter, start)
        ended = False
        while True:
            if i < 0:
                pieces.append(value[start:stop])
                ended = True
                break
            if i > 0 and value[i - 1] == "\\":
                pieces.append(value[start : i - 1])
                start = i
                i = value.find(delimiter, i + 1)
                continue
            pieces.append(value[start:i])
            start = i + 1
            break
        token = pieces[0] if len(pieces) == 1 else "".join(pieces)
        if len(token) > 1 and token[0] == "'" and token[-1] == "'":
            token = token[1:-1]
        tokens.append(token)
        if ended:
            return tokens
