"""Every real engine-written save and log survives decode → JSON → encode byte for byte.

The corpus (``../shared/corpus/real``, format reference §9) is read in place, never copied.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from sdbp_module.codec.container import Container, read_container
from sdbp_module.codec.envelope import (
    Envelope,
    EnvelopeKind,
    decode_envelope,
    encode_envelope,
)
from sdbp_module.codec.json_form import dump_json, game_from_json, game_to_json
from sdbp_module.codec.jsonio import dump_chunks
from sdbp_module.codec.module_info import read_module
from sdbp_module.codec.tree import Command, decode_tree, encode_tree
from tests.shared_corpus import CORPUS, corpus_files, needs_corpus

GAMES = corpus_files(".vsav", ".vlog")
pytestmark = needs_corpus


def test_the_corpus_is_there() -> None:
    assert len(GAMES) == 24, f"expected the 24 corpus saves/logs under {CORPUS}"


@cache
def _decoded(path: Path) -> tuple[Container, Envelope, Command]:
    """The save or log at ``path`` read, its envelope and its command tree decoded: once for both tests."""
    container = read_container(path)
    env = decode_envelope(container.saved_game)
    return container, env, decode_tree(env.text)


@pytest.fixture(scope="module", autouse=True)
def _forget_the_decoded() -> Iterator[None]:
    yield
    _decoded.cache_clear()  # the Paths of Glory tree is large


@pytest.mark.parametrize("path", GAMES, ids=[str(p.relative_to(CORPUS)) for p in GAMES])
def test_json_round_trip_is_byte_identical(path: Path) -> None:
    container, env, tree = _decoded(path)
    assert env.kind is EnvelopeKind.VCSK
    assert encode_tree(tree) == env.text
    doc = json.loads(dump_json(game_to_json(env, tree, container.entries)))
    back = game_from_json(doc, where=str(path))
    assert back.envelope.key == env.key
    assert encode_envelope(back.envelope) == container.saved_game
    assert dict(back.entries) == container.extra_entries
    assert not any(node.opaque for node in tree.walk())


@pytest.mark.parametrize("path", GAMES, ids=[str(p.relative_to(CORPUS)) for p in GAMES])
def test_pieces_written_as_text_are_the_bytes_of_their_objects(path: Path) -> None:
    """What ``sdbp convert`` writes (``encode_pieces``) is the document of objects, byte for byte."""
    container, env, tree = _decoded(path)
    as_objects = game_to_json(env, tree, container.entries, stream_base64=True)
    as_text = game_to_json(env, tree, container.entries, stream_base64=True, encode_pieces=True)
    assert as_text["summary"] == as_objects["summary"]
    assert b"".join(dump_chunks(as_text)) == b"".join(dump_chunks(as_objects))


def test_zxvt_build_file_parses() -> None:
    info = read_module(CORPUS / "zxvt" / "zxvt.vmod")
    assert info.name == "Capture of the territory"
    assert "Main Map" in info.zones
