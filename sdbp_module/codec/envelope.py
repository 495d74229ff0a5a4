"""The ``savedGame`` envelope: ``!VCSK`` hex obfuscation, ``VOBS`` raw XOR, or plain UTF-8 text.

Format reference §5.2 (engine: ``ObfuscatingOutputStream`` / ``DeobfuscatingInputStream``) and
§5.2.1 (the newer ``VOBS`` envelope):

- ``!VCSK`` + key as two hex digits + two hex digits per UTF-8 byte XOR key (lowercase on write,
  either case accepted on read; all-uppercase digits, key and body, are remembered so that they
  re-encode exactly; mixed case reads fine and is written lowercase);
- ``VOBS`` + one raw key byte (1–255) + every UTF-8 byte XOR key;
- anything else (including input shorter than a header) is plain UTF-8 text.

The hot path uses ``binascii.a2b_hex`` on a view of the entry (no copy; unlike ``bytes.fromhex`` it
skips no whitespace, as the engine does not) and ``bytes.translate`` (one table per key), never a
Python loop over bytes. Every bad input is a ``CodecError`` with its byte offset in the entry.
:func:`decode_envelope_pieces` reads an entry in pieces as it is inflated (a save's ``savedGame``, by
``codec.reading``), the same way; it leaves any entry it cannot read so to :func:`decode_envelope`.

>>> env = decode_envelope(b"!VCSK5a383f3d333405293b2c3f41")
>>> env.kind, env.key, env.text
(<EnvelopeKind.VCSK: 'vcsk'>, 90, 'begin_save\\x1b')
>>> encode_envelope(env)
b'!VCSK5a383f3d333405293b2c3f41'
"""

from __future__ import annotations

import binascii
import enum
import itertools
import re
from collections.abc import Iterable

from sdbp_module.errors import CodecError
from sdbp_module.records import record

VCSK_HEADER = b"!VCSK"
VOBS_HEADER = b"VOBS"
_NOT_HEX = re.compile(rb"[^0-9a-fA-F]")
_NOT_LOWER_HEX = re.compile(rb"[^0-9a-f]")
_UPPER_DIGITS = b"ABCDEF"
_LOWER_DIGITS = b"abcdef"


class EnvelopeKind(enum.Enum):
    """How the text of a ``savedGame`` entry is wrapped."""

    VCSK = "vcsk"
    VOBS = "vobs"
    PLAIN = "plain"


class HexCase(enum.Enum):
    """Case of the hex digits of a ``!VCSK`` body (the engine writes lowercase)."""

    LOWER = "lower"
    UPPER = "upper"


@record
class Envelope:
    """A decoded ``savedGame`` entry: its envelope kind, key (``None`` for plain) and text."""

    kind: EnvelopeKind
    key: int | None
    text: str
    hex_case: HexCase = HexCase.LOWER

    def __post_init__(self) -> None:
        if self.kind is EnvelopeKind.PLAIN:
            if self.key is not None:
                raise ValueError("a plain envelope has no key")
        elif self.key is None or not 0 <= self.key <= 255:
            raise ValueError(f"{self.kind.value} envelope needs a key 0..255, got {self.key!r}")
        elif self.kind is EnvelopeKind.VOBS and self.key == 0:
            raise ValueError("a VOBS key is never 0")


_TABLES: dict[int, bytes] = {}


def _xor_table(key: int) -> bytes:
    table = _TABLES.get(key)
    if table is None:
        table = bytes(b ^ key for b in range(256))
        _TABLES[key] = table
    return table


def _utf8(raw: bytes, where: str, offset: int, step: int) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CodecError(
            f"{where}: invalid UTF-8 at byte {offset + exc.start * step} of the entry "
            f"(text byte {exc.start}: {exc.reason})"
        ) from None


def _first_of(data: bytes, letters: bytes, start: int) -> int:
    """The offset of the first of ``letters`` in ``data`` from ``start`` (-1 if none): one ``bytes.find``
    (a memchr) per letter, far faster than a regex character class over a 28 MB body."""
    found = [at for at in (data.find(letters[i : i + 1], start) for i in range(len(letters))) if at >= 0]
    return min(found) if found else -1


def _bad_hex_position(body: bytes | memoryview) -> int:
    match = _NOT_HEX.search(body)
    return -1 if match is None else match.start()


def decode_envelope(data: bytes, *, where: str = "savedGame", exact: bool = False) -> Envelope:
    """Unwrap a ``savedGame`` entry; ``where`` prefixes error messages (file and entry).

    Raises ``CodecError`` for a bad hex digit, an odd number of hex digits, or invalid UTF-8,
    each with the byte offset inside the entry. Hex digits in both cases are read (as the engine
    reads them) and written back lowercase; with ``exact`` (the lossless JSON form, which records
    one case) they are refused instead, with the byte offsets of a digit of each case.
    """
    if data[:5] == VCSK_HEADER:
        if len(data) < 7:
            raise CodecError(f"{where}: !VCSK header is truncated (no key after byte 5)")
        key_digits = data[5:7]
        bad = _bad_hex_position(key_digits)
        if bad >= 0:
            raise CodecError(f"{where}: bad hex digit {key_digits[bad:bad + 1].decode('latin-1')!r} in the key at byte {5 + bad}")
        key = int(key_digits, 16)
        body = memoryview(data)[7:]
        try:
            raw = binascii.a2b_hex(body)
        except binascii.Error:
            bad = _bad_hex_position(body)
            if bad >= 0:
                digit = bytes(body[bad : bad + 1]).decode("latin-1")
                raise CodecError(f"{where}: bad hex digit {digit!r} at byte {7 + bad}") from None
            raise CodecError(
                f"{where}: odd number of hex digits ({len(body)}) after the !VCSK header; "
                f"the last digit is at byte {len(data) - 1}"
            ) from None
        text = _utf8(raw.translate(_xor_table(key)), where, 7, 2)
        first_upper = _first_of(data, _UPPER_DIGITS, 5)
        first_lower = _first_of(data, _LOWER_DIGITS, 5) if first_upper >= 0 else -1
        if exact and first_upper >= 0 and first_lower >= 0:
            raise CodecError(
                f"{where}: hex digits in both cases (lowercase at byte {first_lower}, uppercase at "
                f"byte {first_upper}); the JSON form keeps one case, so it could not give this entry "
                "back byte for byte (convert it to a .vsav first: that rewrites it in lowercase)"
            )
        case = HexCase.UPPER if first_upper >= 0 and first_lower < 0 else HexCase.LOWER
        return Envelope(EnvelopeKind.VCSK, key, text, case)
    if data[:4] == VOBS_HEADER and len(data) >= 5:
        key = data[4]
        if key == 0:
            raise CodecError(f"{where}: VOBS key byte is 0 at byte 4 (the engine never writes 0)")
        text = _utf8(data[5:].translate(_xor_table(key)), where, 5, 1)
        return Envelope(EnvelopeKind.VOBS, key, text)
    return Envelope(EnvelopeKind.PLAIN, None, _utf8(data, where, 0, 1))


def decode_envelope_pieces(pieces: Iterable[bytes], size: int = 0) -> Envelope | None:
    """:func:`decode_envelope` of the entry whose data is ``pieces`` joined, read a piece at a time (each
    piece's hex digits decoded and XORed while it is in the processor's cache, only the text's bytes kept,
    in one buffer: ``size``, the entry's size if known, makes it the right size at once).

    ``None`` when the entry is not one read so: anything :func:`decode_envelope` refuses (a bad or odd
    hex digit, invalid UTF-8 …) and hex digits in uppercase; :func:`decode_envelope` of the whole entry
    then says what it is. Stops at the first piece it cannot read (the rest are the caller's to drain).
    """
    rest = iter(pieces)
    head = b""
    for piece in rest:
        head += piece
        if len(head) >= 7:
            break
    key: int | None = None
    if head[:5] == VCSK_HEADER:
        if len(head) < 7 or _NOT_LOWER_HEX.search(head, 5, 7) is not None:
            return None
        key = int(head[5:7], 16)
        kind = EnvelopeKind.VCSK
        out = bytearray(max(0, size - 7) // 2)
        rest = itertools.chain((head[7:],), rest)
    elif head[:4] == VOBS_HEADER and len(head) >= 5:
        key = head[4]
        if key == 0:
            return None
        kind = EnvelopeKind.VOBS
        out = bytearray(max(0, size - 5))
        rest = itertools.chain((head[5:],), rest)
    else:
        kind = EnvelopeKind.PLAIN
        out = bytearray(size)
        rest = itertools.chain((head,), rest)
    table = None if key is None else _xor_table(key)
    at = 0
    carry = b""
    try:
        for piece in rest:
            if kind is EnvelopeKind.VCSK:
                if _first_of(piece, _UPPER_DIGITS, 0) >= 0:
                    return None
                digits = memoryview(piece)
                if carry and digits:  # a byte's two digits, one at the end of the piece before
                    out[at : at + 1] = binascii.a2b_hex(carry + piece[:1]).translate(table)
                    at += 1
                    digits = digits[1:]
                    carry = b""
                if len(digits) & 1:
                    carry = bytes(digits[-1:])
                    digits = digits[:-1]
                raw = binascii.a2b_hex(digits)
            else:
                raw = piece
            if table is not None:
                raw = raw.translate(table)
            out[at : at + len(raw)] = raw
            at += len(raw)
    except binascii.Error:
        return None
    if carry:
        return None
    del out[at:]
    try:
        text = out.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return Envelope(kind, key, text)


def encode_envelope(env: Envelope) -> bytes:
    """Wrap text as the engine would (lowercase hex unless the envelope recorded uppercase)."""
    raw = env.text.encode("utf-8")
    if env.kind is EnvelopeKind.PLAIN:
        return raw
    assert env.key is not None  # guaranteed by Envelope.__post_init__
    xored = raw.translate(_xor_table(env.key))
    if env.kind is EnvelopeKind.VOBS:
        return VOBS_HEADER + bytes((env.key,)) + xored
    body = b"%02x" % env.key + xored.hex().encode("ascii")
    if env.hex_case is HexCase.UPPER:
        body = body.upper()
    return VCSK_HEADER + body
