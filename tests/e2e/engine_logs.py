"""Reading the engine-played games of the hex games (``tests/engine_games_<game>/<name>/``): the chat of a
``.vlog``'s steps, the module's sentences in it, a folder's ``expect.json``, the step of a sentence."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sdbp_module.codec.container import read_container
from sdbp_module.codec.envelope import decode_envelope
from sdbp_module.codec.sentences import parse_sentence
from sdbp_module.codec.tree import Command, decode_tree


def _steps(vlog: Path) -> list[Command]:
    tree = decode_tree(decode_envelope(dict(read_container(vlog).entries)["savedGame"]).text)
    return [top for top in tree.children if top.text.startswith("LOG\t")]


def _chats(step: Command) -> list[str]:
    out = []
    for node in step.walk():
        text = node.text.removeprefix("LOG\t")
        if text.startswith("CHAT"):
            out.append(text[len("CHAT") :])
    return out


def chat_of(vlog: Path) -> list[str]:
    """Every chat text of the log's steps, in order (``CHAT`` commands; the engine's decoration kept)."""
    return [chat for step in _steps(vlog) for chat in _chats(step)]


def records(folder: Path) -> list[tuple[str, dict[str, str], str]]:
    """The module's sentences of the game's log: (event, fields, sentence)."""
    out = []
    for chat in chat_of(folder / "game.vlog"):
        found = parse_sentence(chat)
        if found is not None and not found[3]:
            out.append((found[0], dict(found[1]), found[2]))
    return out


def expect(folder: Path) -> dict[str, Any]:
    return json.loads((folder / "expect.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def step_of(vlog: Path, sentence: str) -> int:
    """The number (1-based, as the reader's positions count them) of the first log step whose chat holds ``sentence``."""
    for number, step in enumerate(_steps(vlog), start=1):
        for chat in _chats(step):
            parsed = parse_sentence(chat)
            if parsed is not None and parsed[2] == sentence:
                return number
    raise AssertionError(f"{vlog}: no step says {sentence!r}")
