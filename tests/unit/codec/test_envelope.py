"""Envelope layer (format reference §5.2, §5.2.1): !VCSK hex, VOBS raw XOR, plain text."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from sdbp_module.codec.envelope import (
    Envelope,
    EnvelopeKind,
    HexCase,
    decode_envelope,
    encode_envelope,
)
from sdbp_module.errors import CodecError

NAMES = "begin_save\x1bCHAT<Éliane> - Béatrice, Françoise\x1bend_save"


def test_reference_example() -> None:
    env = decode_envelope(b"!VCSK5a383f3d333405293b2c3f41")
    assert env == Envelope(EnvelopeKind.VCSK, 0x5A, "begin_save\x1b")
    assert encode_envelope(env) == b"!VCSK5a383f3d333405293b2c3f41"


@pytest.mark.parametrize(
    "env",
    [
        Envelope(EnvelopeKind.VCSK, 0x00, NAMES),
        Envelope(EnvelopeKind.VCSK, 0xFF, NAMES),
        Envelope(EnvelopeKind.VCSK, 0x3C, NAMES, HexCase.UPPER),
        Envelope(EnvelopeKind.VOBS, 0x01, NAMES),
        Envelope(EnvelopeKind.VOBS, 0xA7, NAMES),
        Envelope(EnvelopeKind.PLAIN, None, NAMES),
    ],
)
def test_round_trip_keeps_non_ascii_names(env: Envelope) -> None:
    data = encode_envelope(env)
    assert decode_envelope(data) == env
    assert encode_envelope(decode_envelope(data)) == data


def test_vcsk_layout() -> None:
    data = encode_envelope(Envelope(EnvelopeKind.VCSK, 0x10, "é"))
    # é = C3 A9 in UTF-8; XOR 0x10 = D3 B9
    assert data == b"!VCSK10d3b9"


def test_vobs_layout() -> None:
    assert encode_envelope(Envelope(EnvelopeKind.VOBS, 0x10, "é")) == b"VOBS\x10\xd3\xb9"


def test_uppercase_hex_is_read_and_kept() -> None:
    env = decode_envelope(b"!VCSK10D3B9")
    assert env.text == "é" and env.hex_case is HexCase.UPPER
    assert encode_envelope(env) == b"!VCSK10D3B9"


@pytest.mark.parametrize(
    ("data", "case"),
    [
        (b"!VCSK5A", HexCase.UPPER),  # a key with a letter and an empty body
        (b"!VCSK5A1234", HexCase.UPPER),
        (b"!VCSK10D3B9", HexCase.UPPER),
        (b"!VCSK5a", HexCase.LOWER),
        (b"!VCSK12", HexCase.LOWER),  # no letter at all
        (b"!VCSK1034", HexCase.LOWER),
    ],
)
def test_one_case_throughout_re_encodes_exactly(data: bytes, case: HexCase) -> None:
    env = decode_envelope(data)
    assert env.hex_case is case
    assert encode_envelope(env) == data


@pytest.mark.parametrize("data", [b"!VCSK10D3b9", b"!VCSK1ad3B9", b"!VCSK1Ad3b9"])
def test_mixed_case_reads_and_writes_lowercase(data: bytes) -> None:
    env = decode_envelope(data)
    assert env.hex_case is HexCase.LOWER
    assert encode_envelope(env) == data[:5] + data[5:].lower()


def test_empty_body_is_empty_text() -> None:
    assert decode_envelope(b"!VCSK5a") == Envelope(EnvelopeKind.VCSK, 0x5A, "")
    assert decode_envelope(b"VOBS\x01") == Envelope(EnvelopeKind.VOBS, 0x01, "")


def test_short_input_is_plain() -> None:
    assert decode_envelope(b"VOBS") == Envelope(EnvelopeKind.PLAIN, None, "VOBS")
    assert decode_envelope(b"") == Envelope(EnvelopeKind.PLAIN, None, "")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"!VCSK5a383g", "f: bad hex digit 'g' at byte 10"),
        (b"!VCSK5a38 3", "f: bad hex digit ' ' at byte 9"),
        (b"!VCSK5a383", "f: odd number of hex digits (3) after the !VCSK header; the last digit is at byte 9"),
        (b"!VCSK5a38 3f", "f: bad hex digit ' ' at byte 9"),
        (b"!VCSK5a38\n3f3", "f: bad hex digit '\\n' at byte 9"),
        (b"!VCSK5a38\xc3\xa9", "f: bad hex digit '\u00c3' at byte 9"),
        (b"!VCSKzz", "f: bad hex digit 'z' in the key at byte 5"),
        (b"!VCSK5", "f: !VCSK header is truncated (no key after byte 5)"),
        (b"!VCSK00ff", "f: invalid UTF-8 at byte 7 of the entry (text byte 0: invalid start byte)"),
        (b"VOBS\x00abc", "f: VOBS key byte is 0 at byte 4 (the engine never writes 0)"),
        (b"VOBS\x01\xc2", "f: invalid UTF-8 at byte 5 of the entry (text byte 0: unexpected end of data)"),
        (b"ab\xff", "f: invalid UTF-8 at byte 2 of the entry (text byte 2: invalid start byte)"),
    ],
)
def test_bad_envelopes(data: bytes, message: str) -> None:
    with pytest.raises(CodecError) as info:
        decode_envelope(data, where="f")
    assert info.value.message == message


HEADERS = st.sampled_from([b"!VCSK", b"!VCSK5a", b"!VCSK5A", b"VOBS", b"VOBS\x00", b"VOBS\x07", b""])


@settings(max_examples=150, derandomize=True, deadline=None)
@given(HEADERS, st.binary(max_size=40) | st.text("0123456789abcdefABCDEF \n", max_size=40).map(str.encode))
@example(b"!VCSK5a", b"")
def test_any_bytes_decode_or_give_one_line(header: bytes, body: bytes) -> None:
    """Any entry decodes, or gives one CodecError line; what decodes re-encodes to the same text."""
    data = header + body
    try:
        env = decode_envelope(data, where="f")
    except CodecError as exc:
        assert exc.message.startswith("f: ") and "\n" not in exc.message
        return
    again = encode_envelope(env)
    assert decode_envelope(again) == env
    if env.kind is EnvelopeKind.VCSK:
        digits = data[5:]
        one_case = digits in (digits.lower(), digits.upper())
        assert again == (data if one_case else data[:5] + digits.lower())
    else:
        assert again == data


def test_hex_digits_in_both_cases_are_read_but_refused_where_the_result_must_be_exact() -> None:
    """The engine reads either case; the JSON form records one, so it refuses a mix, naming a digit of each."""
    data = b"!VCSK5A383f3d333405293b2c3f41"  # key digit uppercase, body lowercase
    env = decode_envelope(data)
    assert env.text == "begin_save\x1b" and env.hex_case is HexCase.LOWER
    assert encode_envelope(env) == b"!VCSK" + data[5:].lower()
    with pytest.raises(CodecError) as info:
        decode_envelope(data, where="x.vsav: entry 'savedGame'", exact=True)
    assert info.value.message == (
        "x.vsav: entry 'savedGame': hex digits in both cases (lowercase at byte 10, uppercase at byte 6); the JSON "
        "form keeps one case, so it could not give this entry back byte for byte (convert it to a .vsav first: "
        "that rewrites it in lowercase)"
    )
    assert decode_envelope(data.upper(), exact=True).hex_case is HexCase.UPPER
