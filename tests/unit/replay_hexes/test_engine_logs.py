"""Engine-played logs of the hex game read with no problem, and the events say what the engine did.

The reader reads only the sentences (and the opening save); the engine's own commands (every ``M/`` of a
drag or a Send To Location, every ``D/`` of a face) say where each unit really went. Folding the events
(``replay.hexes.state.apply``) must end with every unit where the commands put it and the flipped ones
flipped, and every move must start where the unit stood: a check of the reading against the engine,
not against our own idea of it.

Logs: ``engine/legal-exit-tiger.vlog`` (VASSAL 3.7.26 playing ``engine/legal-exit-tiger.play.txt``,
the morplay branch's script of ``tests/engine_games_mortain/legal-exit-tiger`` with its comments taken
out, through that branch's module at d071c0e: ``run-harness.sh play … --strict``, VERDICT OK) and every
``tests/engine_games_mortain/*/game.vlog``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sdbp_module.codec.commands import read_game
from sdbp_module.codec.pieces import add_piece_fields
from sdbp_module.codec.sequence import decode as se_decode
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.replay.hexes.events import (
    CardDrawn,
    FireAt,
    Hit,
    Purpose,
    SupportCall,
    UnitMove,
)
from sdbp_module.replay.hexes.interpret import HIT_LAYER, HexBoardPositions
from sdbp_module.replay.hexes.loading import load_hex_log
from sdbp_module.replay.hexes.places import HexWords
from sdbp_module.replay.hexes.state import HexState, apply
from sdbp_module.replay.vlog.tracker import Tracker

HERE = Path(__file__).with_name("engine")
LOGS = sorted(HERE.glob("*.vlog")) + sorted((PROJECT_ROOT / "tests" / "engine_games_mortain").glob("*/game.vlog"))


def engine_positions(path: Path, game: GameData) -> tuple[dict[str, str], frozenset[str]]:
    """Every unit's place and the flipped units after the log's last command, by the commands alone."""
    _env, tree, _ = read_game(path)
    tracker = Tracker()
    for top in tree.children:
        for node in top.walk():
            text = node.text.removeprefix("LOG\t")
            if text.startswith("+/"):
                fields = add_piece_fields(text)
                if fields is not None:
                    tracker.add(*fields)
            elif text.startswith("M/"):
                f = se_decode(text[2:], "/")
                tracker.move(f[0], (None if f[1] == "null" else f[1], f[2], f[3]), None if f[4] == "null" else f[4])
            elif text.startswith("D/"):
                f = se_decode(text[2:], "/")
                piece = tracker.pieces.get(f[0])
                if piece is not None:
                    piece.set_state(f[1])
    board, words = HexBoardPositions.of_game(game), HexWords(game)
    places: dict[str, str] = {}
    flipped: set[str] = set()
    for piece in tracker.pieces.values():
        if piece.kind == "unit" and piece.sdbp_id:
            location = board.location(piece.map, piece.x, piece.y)
            places[piece.sdbp_id] = (words.place_of_location(location) if location is not None else None) or ""
            if piece.layer_level(HIT_LAYER) == 2:
                flipped.add(piece.sdbp_id)
    return places, frozenset(flipped)


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.parent.name if p.name == "game.vlog" else p.stem)
def test_an_engine_played_log_reads_as_the_engine_played_it(game: GameData, path: Path) -> None:
    events, problems = load_hex_log(path, game)
    assert [str(p) for p in problems] == []
    assert game.hexes is not None
    boxes = {b.id for b in game.hexes.boxes}

    def eliminated_box(unit: str) -> str | None:
        wanted = f"{game.unit(unit).side.label.lower()}-eliminated"  # type: ignore[arg-type]
        return wanted if wanted in boxes else None

    state = HexState()
    for event in events:
        if isinstance(event, UnitMove):
            assert event.from_place == state.place(event.unit), event
        if isinstance(event, Hit):
            assert event.place == state.place(event.unit), event
        state = apply(state, event, eliminated_box)
    places, flipped = engine_positions(path, game)
    assert dict(state.places) == places
    gone = {u for u, place in places.items() if place.endswith("-eliminated")}  # a unit keeps its face in the box
    assert state.flipped == flipped - gone
    # every fire and attack call is followed by a combat draw before the next activation draw
    open_attack = False
    for event in events:
        if isinstance(event, FireAt) or (isinstance(event, SupportCall) and event.mode == "attack"):
            open_attack = True
        elif isinstance(event, CardDrawn):
            assert event.purpose == Purpose.COMBAT or not open_attack, event
            open_attack = False


GAMES = sorted(p.parent for p in (PROJECT_ROOT / "tests" / "engine_games_mortain").glob("*/play.txt"))
ANNOTATED = re.compile(r"^# card (\S+) \((activation|combat)\)", re.MULTILINE)
"""How an engine game's script names the card each *Draw card* is planned to draw, and what for."""


@pytest.mark.parametrize("folder", GAMES, ids=lambda p: p.name)
def test_every_draw_is_the_card_and_the_purpose_the_script_planned(game: GameData, folder: Path) -> None:
    """The purposes the reader infers (``replay.hexes.purpose``) are those the script's author wrote for
    each draw, in ``tests/engine_games_mortain/*/play.txt`` (``# card 3D (combat)``)."""
    planned = ANNOTATED.findall((folder / "play.txt").read_text(encoding="utf-8"))
    events, _ = load_hex_log(folder / "game.vlog", game)
    assert planned and [(e.card, e.purpose) for e in events if isinstance(e, CardDrawn)] == planned


def test_the_recorded_log_has_the_acts_the_reader_reads(game: GameData) -> None:
    """The bundled engine log holds activations, moves into the map and off it (an exit), fires with a
    flip and an elimination, passes, a reshuffle, a turn, so the test above exercises each reading."""
    events, _ = load_hex_log(HERE / "legal-exit-tiger.vlog", game)
    kinds = {e.kind for e in events}
    assert {"game-start", "reshuffle", "draw", "activate", "move", "fire", "hit", "pass", "turn"} <= kinds
    assert any(isinstance(e, UnitMove) and e.to_place == "box:german-exited" for e in events)
    assert {e.result for e in events if isinstance(e, Hit)} == {"flip", "eliminate"}
    assert any(isinstance(e, FireAt) and len(e.firers) == 2 for e in events)
