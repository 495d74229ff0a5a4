"""A hex game's ``.vlog`` → events (``replay.hexes.interpret``): the start from the module's own set-up
save, the contract's sentences (written with ``codec.sentences.render``, as the module writes them)
grouped and resolved, undos and unreadable lines as problems, ``sdbp convert --events``."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from sdbp_module.cli import main
from sdbp_module.codec.commands import read_game
from sdbp_module.codec.sequence import decode as se_decode
from sdbp_module.errors import InputError
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import NOWHERE, Where
from sdbp_module.replay.hexes.events import (
    Activate,
    CardDrawn,
    Declared,
    FireAt,
    HexEvent,
    HexGameStart,
    Hit,
    PassTurn,
    Reshuffle,
    SupportCall,
    TurnStart,
    UnitEliminated,
    UnitMove,
)
from sdbp_module.replay.hexes.interpret import (
    HIT_LAYER,
    HexBoardPositions,
    _HexReader,
    read_hex_vlog,
)
from sdbp_module.replay.hexes.jsonl import read_events
from sdbp_module.replay.hexes.loading import load_hex_log, read_hex_log
from sdbp_module.replay.vlog.tracker import Tracker
from sdbp_module.vassal import hex_module
from tests.built_modules import built_module

from .conftest import DATA, LogWriter

DE: Any = "de"  # the sides as their ids (a Side is its id: equal to it)
US: Any = "usa"
TIGER = ("102 Tiger", "DE-102")
PZ = ("1 SS Pz", "DE-1SS-PZ")
GI = ("2/120", "US-2-120")
TD = ("823 TD A", "US-823A")


def events_of(log: LogWriter, tmp_path: Path, game: GameData) -> tuple[list[HexEvent], list[str]]:
    path = log.write(tmp_path / "game.vlog")
    events, problems, _ = read_hex_vlog(path, game, None, None)
    return events, [f"{p.where.index}: {p.message}" for p in problems]


def bare(events: list[HexEvent]) -> list[HexEvent]:
    return [replace(e, where=NOWHERE) for e in events]


def at(events: list[HexEvent]) -> list[int]:
    return [e.where.index for e in events]


# -- the start --------------------------------------------------------------------------------------


def test_the_start_is_every_unit_where_the_set_up_save_puts_it(game: GameData, log: LogWriter, tmp_path: Path) -> None:
    events, problems = events_of(log, tmp_path, game)
    assert problems == []
    (start,) = events
    assert isinstance(start, HexGameStart) and start.where == Where("game.vlog", 0)
    expected = {u.id: (u.setup.hex if u.setup.hex is not None else f"box:{u.setup.box}") for u in game.units}
    assert dict(start.places) == expected and len(start.places) == len(game.units) == 28
    assert start.flipped == () and start.turn == 1


def test_a_flipped_face_a_later_turn_a_unit_off_the_board_and_a_second_piece_are_read(game: GameData, module: Path) -> None:
    """The ``Hit`` Layer at level 2 is the flipped face; the tracker's state gives the turn; a unit on the
    panel outside the boxes has no place, said."""
    _env, tree, _ = read_game(module_setup(module))
    reader = _HexReader(game, HexBoardPositions.of_game(game), "setup.vsav")
    tracker = Tracker()
    from sdbp_module.codec.pieces import add_piece_fields

    for top in tree.children:
        for node in top.walk():
            fields = add_piece_fields(node.text) if not node.opaque else None
            if fields is not None:
                tracker.add(*fields)
                if "US-CCA" in fields[1] and "stack" != fields[1]:
                    tracker.add("999", fields[1], fields[2])  # a second piece of one unit
    by_id = {p.sdbp_id: p for p in tracker.pieces.values() if p.kind == "unit"}
    assert all(p.layer_level(HIT_LAYER) == 1 for p in by_id.values())  # every unit has the Layer, full face up
    gi = by_id["US-2-120"]
    layer = next(i for i, t in enumerate(gi.types) if t.startswith("emb2;") and se_decode(t[5:], ";")[18] == HIT_LAYER)
    states = list(gi.states)
    states[layer] = "2" + states[layer][1:]
    gi.states = states
    tiger = by_id["DE-102"]
    tiger.x, tiger.y = "3000", "40"  # beyond every box, on no hex
    start = reader.game_start(tracker, hex_module.tracker_state(game, 3), Where("setup.vsav", 0))
    assert start.flipped == ("US-2-120",) and start.turn == 3
    assert dict(start.places)["DE-102"] == "" and dict(start.places)["US-2-120"] == "J8"
    assert [p.message for p in reader.problems] == [
        "DE-102 starts at Main Map:3000,40, neither a hex of the map nor an off-map box of the game: its place is unknown",
        "unit US-CCA has a second piece (999) in the saved position: only its first is read",
    ]


def module_setup(module: Path) -> Path:
    import zipfile

    out = module.with_name("setup.vsav")
    with zipfile.ZipFile(module) as z:
        out.write_bytes(z.read("campaign.vsav"))
    return out


# -- the sentences ----------------------------------------------------------------------------------


def test_a_game_reads_as_the_contract_says(game: GameData, log: LogWriter, tmp_path: Path) -> None:
    log.say("turn-start", side="German", turn="1")
    log.say("draw-card", side="German", card=("7 of spades", "7S"), deck="Draw pile")
    log.say("activate", side="German", unit=TIGER, area="german-entry")
    log.say("activate", side="German", unit=PZ, area="german-entry")
    log.say("move", side="German", unit=TIGER, **{"from": "german-entry", "to": "L3"})
    log.say("move", side="German", unit=PZ, **{"from": "German entry (off the east edge)", "to": "L4"})
    log.say("draw-card", side="German", card=("3 of hearts", "3H"), deck="Draw pile")
    log.say("activate", side="US", unit=GI, area="J8")
    log.say("activate", side="US", unit=TD, area="H7")
    log.say("fire-at", side="US", unit=GI, **{"from": "J8", "target": "102 tiger"})
    log.say("fire-at", side="US", unit=TD, **{"from": "H7", "target": "102 tiger"})
    log.say("draw-card", side="US", card=("king of hearts", "KH"), deck="Draw pile")
    log.say("draw-card", side="US", card=("2 of clubs", "2C"), deck="Draw pile")
    log.say("damage", side="German", unit=TIGER, area="L3", result="flip")
    log.say("draw-card", side="US", card=("4 of diamonds", "4D"), deck="Draw pile")
    log.say("support", side="US", marker=("OBA", "oba"), mode="attack", target="DE-1SS-PZ")
    log.say("draw-card", side="US", card=("Joker", "JOKER"), deck="Draw pile")
    log.say("reshuffle", side="German", deck="Discard pile", to="Draw pile")
    log.say("turn-start", side="German", turn="2")
    log.say("draw-card", side="German", card=("5 of hearts", "5H"), deck="Draw pile")
    log.say("support", side="US", marker=("Air", "air"), mode="suppression", target="k5")
    log.say("draw-card", side="German", card=("ace of spades", "AS"), deck="Draw pile")
    log.say("pass", side="German")
    log.say("eliminate", side="German", unit=TIGER, **{"from": "L3"})
    log.say("damage", side="US", unit=GI, area="J8", result="eliminate")
    log.say("result", side="US", winner="German")
    log.say("marker", side="US", marker=("Air", "air"), area="Markers", _label="Used", state="used")  # no event
    log.say("move-marker", side="US", marker=("Air", "air: used"), **{"from": "Markers", "to": "offboard"})  # no event
    log.chat("<alice> - I fire at 102 Tiger")  # a player's chat
    log.chat("* 102 Tiger moves L3 -> L4 *")  # an engine line that is no sentence
    events, problems = events_of(log, tmp_path, game)
    assert problems == []
    assert bare(events[1:]) == [
        TurnStart(side=DE, turn=1),
        CardDrawn(side=DE, card="7S", purpose="activation"),
        Activate(side=DE, units=("DE-102", "DE-1SS-PZ"), place="box:german-entry"),
        UnitMove(side=DE, unit="DE-102", from_place="box:german-entry", to_place="L3"),
        UnitMove(side=DE, unit="DE-1SS-PZ", from_place="box:german-entry", to_place="L4"),
        CardDrawn(side=DE, card="3H", purpose="activation"),
        Activate(side=US, units=("US-2-120", "US-823A"), place="J8"),
        FireAt(side=US, firers=(("US-2-120", "J8"), ("US-823A", "H7")), target="DE-102", typed="102 tiger"),
        CardDrawn(side=US, card="KH", purpose="combat"),
        CardDrawn(side=US, card="2C", purpose="combat"),
        Hit(side=DE, unit="DE-102", place="L3", result="flip"),
        CardDrawn(side=US, card="4D", purpose="activation"),
        SupportCall(side=US, marker="oba", mode="attack", target="DE-1SS-PZ", typed="DE-1SS-PZ"),
        CardDrawn(side=US, card="JOKER", purpose="combat"),
        Reshuffle(side=DE),
        TurnStart(side=DE, turn=2),
        CardDrawn(side=DE, card="5H", purpose="activation"),
        SupportCall(side=US, marker="air", mode="suppression", target="K5", typed="k5"),
        CardDrawn(side=DE, card="AS", purpose="activation"),
        PassTurn(side=DE),
        UnitEliminated(side=DE, unit="DE-102", from_place="L3"),
        Hit(side=US, unit="US-2-120", place="J8", result="eliminate"),
        Declared(side=US, winner=DE),
    ]
    # a grouped event is at its first line's step; every step is one line here
    assert at(events)[:10] == [0, 1, 2, 3, 5, 6, 7, 8, 10, 12]


def test_runs_are_broken_by_another_side_another_target_or_another_event(game: GameData, log: LogWriter, tmp_path: Path) -> None:
    log.say("activate", side="German", unit=TIGER, area="L3")
    log.say("activate", side="US", unit=GI, area="J8")  # another side
    log.say("activate", side="US", unit=TD, area="H7")
    log.say("move", side="US", unit=TD, **{"from": "H7", "to": "H8"})
    log.say("activate", side="US", unit=TD, area="H8")  # after another event
    log.say("fire-at", side="US", unit=GI, **{"from": "J8", "target": "DE-102"})
    log.say("fire-at", side="US", unit=TD, **{"from": "H8", "target": "DE-1SS-PZ"})  # another target
    log.say("fire-at", side="US", unit=GI, **{"from": "J8", "target": "no such unit"})
    events, problems = events_of(log, tmp_path, game)
    assert problems == []
    assert bare(events[1:]) == [
        Activate(side=DE, units=("DE-102",), place="L3"),
        Activate(side=US, units=("US-2-120", "US-823A"), place="J8"),
        UnitMove(side=US, unit="US-823A", from_place="H7", to_place="H8"),
        Activate(side=US, units=("US-823A",), place="H8"),
        FireAt(side=US, firers=(("US-2-120", "J8"),), target="DE-102", typed="DE-102"),
        FireAt(side=US, firers=(("US-823A", "H8"),), target="DE-1SS-PZ", typed="DE-1SS-PZ"),
        FireAt(side=US, firers=(("US-2-120", "J8"),), target="no such unit", typed="no such unit"),
    ]


def test_an_undo_is_a_problem_and_its_lines_are_no_events(game: GameData, log: LogWriter, tmp_path: Path) -> None:
    log.say("draw-card", side="German", card=("7 of spades", "7S"), deck="Draw pile")
    log.say("move", side="German", unit=TIGER, **{"from": "german-entry", "to": "L3"})
    log.undo()
    events, problems = events_of(log, tmp_path, game)
    assert bare(events[1:]) == [
        CardDrawn(side=DE, card="7S"),
        UnitMove(side=DE, unit="DE-102", from_place="box:german-entry", to_place="L3"),
    ]
    assert problems == [
        "3: an undo takes back 'German moves 102 Tiger (DE-102) from german-entry to L3'; the checker does not follow "
        "undos: the events it took back are read as played"
    ]


def test_lines_naming_what_the_game_does_not_have_are_problems(game: GameData, log: LogWriter, tmp_path: Path) -> None:
    log.say("move", side="German", unit=("Panther", "DE-PANTHER"), **{"from": "german-entry", "to": "L3"})
    log.say("move", side="German", unit=TIGER, **{"from": "Markers", "to": "Z99"})
    log.say("draw-card", side="German", card=("eleven of spades", "11S"), deck="Draw pile")
    log.say("pass", side="Soviet")
    log.say("turn-start", side="German", turn="9")
    log.say("support", side="US", marker=("Tank", "tank"), mode="attack", target="DE-102")
    log.say("dice", side="German", _n="2", purpose="fire", dice="3,4", total="7")
    events, problems = events_of(log, tmp_path, game)
    assert bare(events[1:]) == [
        UnitMove(side=DE, unit="DE-102", from_place="", to_place=""),
        PassTurn(side=None),
    ]
    assert [p.split(":", 1)[0] for p in problems] == ["1", "2", "2", "3", "4", "5", "6", "7"]
    assert "'DE-PANTHER', not a unit of the game data" in problems[0]
    assert "'Markers' is neither a hex of the map nor an off-map box" in problems[1]
    assert "'Z99' is neither a hex" in problems[2]
    assert "'11S' is not a card of the game's deck" in problems[3]
    assert "the side 'Soviet' is not a side of the game" in problems[4]
    assert "'9' is not a turn of the game (1 to 6)" in problems[5]
    assert "'tank' is not a marker kind of the game" in problems[6]
    assert "a DICE line, a sentence a hex game's module does not write" in problems[7]


def test_a_long_typed_target_is_cut_and_said(game: GameData, log: LogWriter, tmp_path: Path) -> None:
    log.say("fire-at", side="US", unit=GI, **{"from": "J8", "target": "x" * 500})
    events, problems = events_of(log, tmp_path, game)
    fire = events[1]
    assert isinstance(fire, FireAt) and fire.typed == "x" * 200 and fire.target == "x" * 200
    assert problems == ["1: FIRE line: a typed target of 500 characters, cut to 200"]


# -- loading and the command ------------------------------------------------------------------------


def test_a_log_and_its_converted_transcript_give_the_same_events(game: GameData, log: LogWriter, tmp_path: Path) -> None:
    log.say("draw-card", side="German", card=("7 of spades", "7S"), deck="Draw pile")
    log.say("activate", side="German", unit=TIGER, area="german-entry")
    log.say("fire-at", side="German", unit=TIGER, **{"from": "L3", "target": "2/120"})
    log.say("draw-card", side="German", card=("queen of clubs", "QC"), deck="Draw pile")
    log.say("pass", side="US")
    log.undo()
    vlog = log.write(tmp_path / "game.vlog")
    out = tmp_path / "events.jsonl"
    result = CliRunner().invoke(main, ["convert", "--events", "--data", str(DATA), str(vlog), str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == f"{out}: 6 events, 1 interpretation problem"  # the pass taken back is still read
    assert "cannot interpret: game.vlog#6: an undo takes back 'US passes'" in result.output
    from_log, problems = load_hex_log(vlog, game)
    from_transcript = read_events(out, game)
    assert bare(list(from_log)) == bare(from_transcript) and len(problems) == 1
    first = json.loads(out.read_text(encoding="utf-8").splitlines()[1])
    assert first == {"kind": "draw", "side": "de", "card": "7S", "purpose": "activation", "where": {"file": "game.vlog", "index": 1}}
    assert read_hex_log(out, game, None, build=lambda: pytest.fail("a transcript needs no build")).problems == ()


def test_what_is_not_a_hex_log_is_refused_in_one_line(game: GameData, log: LogWriter, tmp_path: Path) -> None:
    text = tmp_path / "game.txt"
    text.write_text("{}\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"game.txt: expected a \.vlog log or an events \.jsonl file"):
        load_hex_log(text, game)
    with pytest.raises(InputError, match="no such file"):
        load_hex_log(tmp_path / "missing.vlog", game)
    sodbp_log = tmp_path / "other.vlog"
    from sdbp_module.paths import PROJECT_ROOT
    from sdbp_module.vassal_log.scribe import Scribe

    other = built_module(PROJECT_ROOT / "source_data" / "sodbp", tmp_path / "sodbp")
    Scribe(other).write(sodbp_log)
    with pytest.raises(InputError, match="a log of the module 'StormOverDienBienPhu', not of 'StandAtMortain'"):
        load_hex_log(sodbp_log, game)
    result = CliRunner().invoke(main, ["convert", "--events", "--data", str(DATA), str(text), str(tmp_path / "x.jsonl")])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1 and "--events reads a .vlog" in result.output
