"""The toolbar helpers' steps (report-formats §2.13), the tracker staying at the last turn (§2.2) and a
stack's declaration with one prompt (§2.5), as the scribe writes them the engine's way, read back as
the same events as the acts done by hand."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from sdbp_module.codec.tree import decode_tree
from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.ids import AreaId, CardId, Phase, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import (
    CardDraw,
    DiceRoll,
    Fire,
    FireMarkerSet,
    Flip,
    GameEnd,
    NoSupplySet,
    PhaseStart,
)
from sdbp_module.vassal_log.scribe import Scribe
from tests.unit.interpret.scribed import read, run, w

F, V = FRENCH, VIET_MINH


def test_refresh_flips_spent_units_but_french_ones_under_no_supply(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.flip(F, ["FR-III13DBLE-9", "FR-III13DBLE-10"])  # in 14
    s.flip(F, ["FR-8BPC-1"])  # in 21
    s.flip(V, ["VM-312-165-115-1"])  # in 8
    s.add_marker(V, "no-supply", "no-supply", "14")
    flipped = s.refresh(F)
    assert sorted(flipped) == ["FR-8BPC-1", "VM-312-165-115-1"]
    assert s.steps[-1][0] == "CHAT*French uses Refresh units (refresh)"
    events, problems = run(s, game, module)
    assert problems == []
    (flip,) = [e for e in events if isinstance(e, Flip) and not e.spent]
    # each FLIP line names the unit's own side and helper=refresh: a flip by no player (§2.3, §2.13)
    flips = sorted(t for t in s.steps[-1] if "flips" in t)
    assert flips[0] == "CHAT* French unit 8 BPC 1 (FR-8BPC-1) in 21 Airstrip south / PC flips to fresh (Refresh units)"
    assert flips[1].startswith("CHAT* Viet Minh unit ") and "(VM-312-165-115-1) in 8 " in flips[1]
    assert flips[1].endswith(" flips to fresh (Refresh units)") and len(flips) == 2
    assert flip.where == w(5) and flip.by is None
    assert sorted(flip.units) == [UnitId("FR-8BPC-1"), UnitId("VM-312-165-115-1")]


def test_refresh_of_an_earlier_module_is_read_as_before(game: GameData, module: Path) -> None:
    """A log of a module whose Refresh units sent Flip to fresh: its FLIP lines name the presser's side,
    with no helper field, and the flips are read as that player's, as before."""
    s = Scribe(module)
    s.module_text = replace(s.module_text, refresh_by_unit=False)
    s.flip(F, ["FR-8BPC-1"])
    s.flip(V, ["VM-312-165-115-1"])
    s.refresh(F)
    assert "CHAT* " + s._say("FLIP", [("side", "French"), ("unit", "VM-312-165-115-1"), ("area", "8"), ("state", "fresh")]) in s.steps[-1]
    events, problems = run(s, game, module)
    assert problems == []
    (flip,) = [e for e in events if isinstance(e, Flip) and not e.spent]
    assert flip.by is F and sorted(flip.units) == [UnitId("FR-8BPC-1"), UnitId("VM-312-165-115-1")]


def test_clear_markers_removes_them_from_their_areas(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.add_marker(F, "fire", "french", "14")
    s.add_marker(V, "fire", "viet_minh", "8")
    s.add_marker(V, "no-supply", "no-supply", "21")
    assert len(s.clear_markers(V, "fire")) == 2
    assert len(s.clear_markers(V, "no-supply")) == 1
    assert s.clear_markers(V, "fire") == []  # nothing left: the line alone
    assert s.steps[-1] == ["CHAT*Viet Minh uses Clear fire markers (clear-fire)"]
    events, problems = run(s, game, module)
    assert problems == []
    assert events[3:] == [
        FireMarkerSet(where=w(4), area=AreaId(14), side=F, present=False),
        FireMarkerSet(where=w(4), area=AreaId(8), side=V, present=False),
        NoSupplySet(where=w(5), side=None, area=AreaId(21), present=False),
    ]


def test_draw_to_hand_moves_deck_cards_into_the_hand_as_draws(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.draw_to_hand(F, F, ["FR-01", "FR-02", "FR-03"])
    s.draw_to_hand(V, V, ["VM-05"])
    hand = {s.piece(c).map for c in ("FR-01", "FR-02", "FR-03")}
    assert hand == {"French hand"} and len({(s.piece(c).x, s.piece(c).y) for c in ("FR-01", "FR-02", "FR-03")}) == 1
    events, problems = run(s, game, module)
    assert problems == []
    assert events == [
        CardDraw(where=w(1), side=F, cards=(CardId("FR-01"), CardId("FR-02"), CardId("FR-03"))),
        CardDraw(where=w(2), side=V, cards=(CardId("VM-05"),)),
    ]


def test_next_at_the_last_turn_stays_there_and_gives_no_new_phase(game: GameData, module: Path) -> None:
    s = Scribe(module)
    last = game.game.turns
    s.phase(last, "end", V)
    s.stay_at_last_turn(V)
    assert s.steps[1][0] == f"CHAT* Viet Minh starts Turn {last} · end phase"
    assert s.steps[2] == [f"CHAT* Turn {last} is the last turn (rules 4.0 C): the tracker stays at turn {last}, phase end"]
    events, problems = read(decode_tree(s.text()), game, module)
    assert problems == [] and events == [PhaseStart(where=w(1), turn=last, phase=Phase.END)]


def test_a_stack_declared_with_one_prompt_is_one_fire_of_every_unit(game: GameData, module: Path) -> None:
    """One prompt per zone (report-formats §2.5): the leading unit's line, then its followers' lines
    under the Counter GKC's null root, the shared target's property change: one ``Fire``."""
    s = Scribe(module)
    ids = ["VM-312-165-115-1", "VM-312-165-115-2", "VM-312-165-115-3"]
    s.declare("FIRE", V, ids, "14")
    events, problems = run(s, game, module)
    assert problems == []
    assert events == [Fire(where=w(1), side=V, units=tuple(UnitId(i) for i in ids), from_area=AreaId(8), target=AreaId(14))]


def test_a_confirmed_result_is_the_game_end_and_a_refused_one_nothing(game: GameData, module: Path) -> None:
    """The result buttons (report-formats §2.12): the RESULT line under the property's change is the
    declared result; an unconfirmed answer or an observer's press writes a plain chat line: nothing."""
    s = Scribe(module)
    s.result(F, V, answer="no")
    s.result(None, V)
    s.result(V, F)
    events, problems = run(s, game, module)
    assert problems == []
    ends = [e for e in events if isinstance(e, GameEnd)]
    assert [(e.where, e.winner) for e in ends] == [(w(3), F)]


def test_a_roll_read_from_a_table_is_the_same_dice_roll(game: GameData, module: Path) -> None:
    """The supply and replacement lines' facts (``modified``, ``areas``, ``replacements``, report-formats
    §2.1) change nothing in what the roll is; the Draw line's ``drawn`` / ``hand`` nothing in the draw."""
    s = Scribe(module)
    s.add_marker(V, "control", "viet_minh", "16")
    s.dice(F, "supply", [6, 5])
    s.dice(V, "replacements", [3])
    assert s.steps[-2][0] == "CHAT* French rolls 2d6 for supply: 6 + 5 = 11; modified total 13; areas out of supply: 1"
    events, problems = run(s, game, module)
    assert problems == []
    rolls = [e for e in events if isinstance(e, DiceRoll)]
    assert [(r.side, r.values, r.total) for r in rolls] == [(F, (6, 5), 11), (V, (3,), 3)]
