"""Reading a save a piece at a time (``codec.reading``): ``savedGame`` decoded while it is inflated gives what
reading the whole entry then decoding it gives, the same envelope or the same error, damage and all."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sdbp_module.codec.container import SAVED_GAME, container_bytes, read_container
from sdbp_module.codec.envelope import (
    Envelope,
    EnvelopeKind,
    HexCase,
    decode_envelope,
    decode_envelope_pieces,
    encode_envelope,
)
from sdbp_module.codec.reading import read_game
from sdbp_module.codec.tree import Command
from sdbp_module.codec.zipread import PIECE_BYTES, open_archive
from sdbp_module.errors import CodecError

TEXT = "begin_save\x1bCHAT<Éliane> - Béatrice\x1b+/1/piece;;;a.png;A/null;0;0;1;0\x1bend_save"
LARGE_TEXT = "begin_save" + "".join(f"\x1bCHAT<Éliane> - line {n} \u20ac" for n in range(12_000)) + "\x1bend_save"
"""About 400 KB of text: a ``!VCSK`` entry of about 800 KB, inflated in a dozen pieces."""


def _whole_then_decoded(path: Path, exact: bool) -> tuple[object, ...]:
    """What reading a save gave before it was read in pieces: every entry whole, then its envelope."""
    try:
        container = read_container(path)
        env = decode_envelope(container.saved_game, where=f"{path}: entry 'savedGame'", exact=exact)
    except CodecError as exc:
        return ("error", exc.message)
    entries = tuple((name, b"" if name == SAVED_GAME else data) for name, data in container.entries)
    return ("read", env, entries)


def _in_pieces(path: Path, exact: bool) -> tuple[object, ...]:
    try:
        env, tree, entries = read_game(path, exact=exact)
    except CodecError as exc:
        if "command separators" in exc.message or "is truncated" in exc.message:  # the tree's checks, after
            return ("tree", exc.message)
        return ("error", exc.message)
    assert isinstance(tree, Command)
    return ("read", env, entries)


def _save(saved_game: bytes) -> bytes:
    return container_bytes(saved_game, [("savedata", b"<data/>" * 40), ("moduledata", b"<m/>")])


def test_read_pieces_joins_to_the_entry(tmp_path: Path) -> None:
    path = tmp_path / "x.vsav"
    path.write_bytes(_save(encode_envelope(Envelope(EnvelopeKind.VCSK, 0x5A, LARGE_TEXT))))
    with open_archive(path) as archive:
        for entry in archive.entries:
            pieces = list(archive.read_pieces(entry))
            assert b"".join(pieces) == archive.read(entry)
            assert all(0 < len(piece) <= PIECE_BYTES for piece in pieces)
        assert len(list(archive.read_pieces(archive.entries[0]))) > 10


@pytest.mark.parametrize(
    "env",
    [
        Envelope(EnvelopeKind.VCSK, 0x5A, TEXT),
        Envelope(EnvelopeKind.VCSK, 0x00, LARGE_TEXT),
        Envelope(EnvelopeKind.VCSK, 0xC3, LARGE_TEXT, HexCase.UPPER),
        Envelope(EnvelopeKind.VOBS, 0x11, LARGE_TEXT),
        Envelope(EnvelopeKind.PLAIN, None, LARGE_TEXT),
    ],
)
def test_read_game_reads_every_envelope(env: Envelope, tmp_path: Path) -> None:
    path = tmp_path / "x.vsav"
    path.write_bytes(_save(encode_envelope(env)))
    read, tree, entries = read_game(path)
    assert read == env
    assert [name for name, _ in entries] == [SAVED_GAME, "savedata", "moduledata"]
    assert entries[0][1] == b""
    assert _in_pieces(path, True) == _whole_then_decoded(path, True)


def test_damage_reads_as_when_read_whole(tmp_path: Path) -> None:
    """Each byte of a small save, and some of a large one, set to 0 or flipped (the zip's structure, the
    compressed data, the envelope's digits), and cuts: the same envelope or the same error."""
    rng = random.Random(26)
    good = {
        "small": _save(encode_envelope(Envelope(EnvelopeKind.VCSK, 0x5A, TEXT))),
        "large": _save(encode_envelope(Envelope(EnvelopeKind.VCSK, 0x2A, LARGE_TEXT))),
    }
    path = tmp_path / "x.vsav"
    outcomes = set()
    for name, data in good.items():
        offsets = range(len(data)) if name == "small" else rng.sample(range(len(data)), 20)
        for offset in offsets:
            for value in (0x00 if offset % 3 == 0 else data[offset] ^ (0x01 if offset % 3 == 1 else 0x80),):
                damaged = bytearray(data)
                damaged[offset] = value
                path.unlink(missing_ok=True)  # a new file each time: rewriting one in place waits for the disk
                path.write_bytes(damaged)
                exact = bool(offset & 1)
                whole, pieces = _whole_then_decoded(path, exact), _in_pieces(path, exact)
                if pieces[0] == "tree":  # the envelope read, then the tree refused: as read whole
                    assert whole[0] == "read", (name, offset, value)
                else:
                    assert pieces == whole, (name, offset, value)
                outcomes.add(str(whole[0]))
        for size in rng.sample(range(len(data)), 15):
            path.unlink()
            path.write_bytes(data[:size])
            assert _in_pieces(path, False) == _whole_then_decoded(path, False), (name, size)
    assert outcomes == {"read", "error"}


def test_a_damaged_entry_after_savedgame_is_said_before_its_bad_envelope(tmp_path: Path) -> None:
    clean = _save(b"!VCSK5a38z" + b"00" * 5000)
    path = tmp_path / "x.vsav"
    path.write_bytes(clean)
    assert _in_pieces(path, False) == ("error", f"{path}: entry 'savedGame': bad hex digit 'z' at byte 9")
    damaged = bytearray(clean)
    savedata = clean.find(b"PK\x03\x04", 1)
    damaged[savedata + 30 + len("savedata") + 2] ^= 0x55  # inside savedata's compressed bytes
    path.write_bytes(damaged)
    whole = _whole_then_decoded(path, False)
    assert whole[0] == "error" and "entry 'savedata'" in str(whole[1])
    assert _in_pieces(path, False) == whole


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(alphabet=st.sampled_from("ab\t\x1b/\\;'É€\U0001f600\x00"), max_size=80),
    kind=st.sampled_from(list(EnvelopeKind)),
    key=st.integers(1, 255),
    upper=st.booleans(),
    damage=st.lists(st.tuples(st.integers(0, 10_000), st.sampled_from(b"0aAFgz \x00\xc3\xff")), max_size=2),
    cut=st.integers(0, 10_000) | st.none(),
    sizes=st.lists(st.integers(0, 9), min_size=1, max_size=8),
    hint=st.integers(-9, 9) | st.none(),
)
def test_decode_envelope_pieces_is_decode_envelope_or_none(
    text: str, kind: EnvelopeKind, key: int, upper: bool, damage: list[tuple[int, int]], cut: int | None, sizes: list[int],
    hint: int | None,
) -> None:
    env = Envelope(kind, None if kind is EnvelopeKind.PLAIN else key, text, HexCase.UPPER if upper and kind is EnvelopeKind.VCSK else HexCase.LOWER)
    data = bytearray(encode_envelope(env))
    for offset, value in damage:
        if data:
            data[offset % len(data)] = value
    if cut is not None:
        del data[cut % (len(data) + 1) :]
    pieces = []
    at = 0
    while at < len(data):
        size = sizes[len(pieces) % len(sizes)]
        if size == 0:
            pieces.append(b"")  # read_pieces yields none, but an empty piece reads as nothing
            size = 1
        pieces.append(bytes(data[at : at + size]))
        at += size
    got = decode_envelope_pieces(pieces, 0 if hint is None else max(0, len(data) + hint))  # the size: any will do
    if not damage and cut is None and not (upper and kind is EnvelopeKind.VCSK):
        assert got == env
    for exact in (False, True):
        if got is not None:
            assert decode_envelope(bytes(data), exact=exact) == got
