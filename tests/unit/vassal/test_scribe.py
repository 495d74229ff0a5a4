"""The scribe writes what the 3.7 engine writes with the built module (docs/report-formats.md), and
the interpretation reads its logs back (the tracker's TURN state included)."""

from __future__ import annotations

import pytest

from sdbp_module.codec.module_info import read_module
from sdbp_module.codec.tree import Command, decode_tree
from sdbp_module.ids import AreaId, Phase, Side, UnitId
from sdbp_module.replay.events import Damage, DamageResult, DiceRoll, PhaseStart, UnitOutcome, Where
from sdbp_module.replay.interpret import interpret_tree
from sdbp_module.replay.vlog.start import PHASES, StartReader
from sdbp_module.replay.vlog.tracker import Tracker
from sdbp_module.replay.vlog.zones import Zones
from sdbp_module.vassal import setup
from sdbp_module.vassal_log.scribe import Scribe, piece_name, turn_state

from .conftest import Built

F, V = Side.FRENCH, Side.VIET_MINH


@pytest.fixture
def scribe(built: Built) -> Scribe:
    return Scribe(built.path)


def log_steps(s: Scribe) -> list[Command]:
    """The top-level LOG steps of the scribe's text, decoded as the engine would."""
    return [c for c in decode_tree(s.text()).children if c.text.startswith("LOG\t")]


def test_turn_state_reads_back_as_the_same_turn_and_phase(built: Built) -> None:
    reader = StartReader(built.game, Zones.from_module(read_module(built.path)), Tracker(), Where("t.vlog", 0))
    for turn in range(1, 9):
        for phase in PHASES:
            assert reader.phase(turn_state(turn, phase)) == PhaseStart(where=Where("t.vlog", 0), turn=turn, phase=Phase(phase))
    assert reader.problems == []
    assert turn_state(1, "draw") == setup.turn_state(1)  # the set-up save's own record
    assert turn_state(2, "action") == "0|2;0;false;-1;1\\;0\\;0\\;true,true,true"


def test_phase_is_the_decorated_line_with_the_tracker_state_as_its_child(scribe: Scribe) -> None:
    scribe.phase(2, "action", V)
    assert scribe.steps[-1] == [
        "CHAT* SDBP|1|PHASE|turn=2|phase=action|side=Viet Minh",
        "TURNTurnTracker0\t0|2;0;false;-1;1\\;0\\;0\\;true,true,true",
    ]
    (step,) = log_steps(scribe)
    assert step.text == "LOG\tCHAT* SDBP|1|PHASE|turn=2|phase=action|side=Viet Minh"
    assert [c.text for c in step.children] == ["LOG\tTURNTurnTracker0\t0|2;0;false;-1;1\\;0\\;0\\;true,true,true"]
    with pytest.raises(ValueError, match="chat"):
        scribe.phase(1, "supper", V)


def test_pass_and_null_step(scribe: Scribe) -> None:
    scribe.pass_(F)
    scribe.null_step()
    assert [c.text for c in log_steps(scribe)] == ["LOG\tCHAT* SDBP|1|PASS|side=French", "LOG\tnull"]


def test_move_writes_the_engine_move_report_between_the_moves_and_the_move_lines(scribe: Scribe) -> None:
    a, b = "VM-308-88-322-1", "VM-308-88-322-2"
    assert piece_name(scribe.piece(a)) == "322/88 1 (fresh)"
    scribe.move(V, [a, b], "11")  # from two set-up spots: one report line each
    texts = scribe.steps[-1]
    assert [t[:2] for t in texts[:2]] == ["M/", "M/"]
    assert texts[2:] == [
        "CHAT* 322/88 1 (fresh) moves 7 &rarr; 11 *",
        "CHAT* 322/88 2 (fresh) moves 7 &rarr; 11 *",
        "CHAT* SDBP|1|MOVE|side=Viet Minh|unit=VM-308-88-322-1|from=7|to=11",
        "CHAT* SDBP|1|MOVE|side=Viet Minh|unit=VM-308-88-322-2|from=7|to=11",
    ]
    scribe.flip(V, [b])
    scribe.move(V, [a, b], "8")  # now from one point: one line naming both, spent level shown
    assert scribe.steps[-1][2] == "CHAT* 322/88 1 (fresh), 322/88 2 (spent) moves 11 &rarr; 8 *"


def test_damage_flip_writes_damage_then_the_flip(scribe: Scribe) -> None:
    scribe.damage(F, "FR-III13DBLE-9", "flip")
    line, change, flip = scribe.steps[-1]
    assert line == "CHAT* SDBP|1|DAMAGE|side=French|unit=FR-III13DBLE-9|area=14|result=flip"
    assert change.startswith("D/") and scribe.piece("FR-III13DBLE-9").spent
    assert flip == "CHAT* SDBP|1|FLIP|side=French|unit=FR-III13DBLE-9|area=14|state=spent"


def test_damage_eliminate_names_the_area_it_was_hit_in(scribe: Scribe) -> None:
    scribe.damage(F, "FR-III13DBLE-10", "eliminate")
    line, move, *rest = scribe.steps[-1]
    assert line == "CHAT* SDBP|1|DAMAGE|side=French|unit=FR-III13DBLE-10|area=14|result=eliminate"
    assert move.startswith("M/")
    assert rest == [
        "CHAT* SDBP|1|MOVE|side=French|unit=FR-III13DBLE-10|from=14|to=Eliminated",
        "CHAT* SDBP|1|ELIMINATE|side=French|unit=FR-III13DBLE-10|from=14",
    ]
    assert scribe.zone_of(scribe.piece("FR-III13DBLE-10")) == "Eliminated"
    with pytest.raises(ValueError):
        scribe.damage(F, "FR-III13DBLE-11", "retreat")


def test_retreat_is_the_menu_step_then_the_drag(scribe: Scribe) -> None:
    scribe.retreat(F, "FR-III13DBLE-11", "17")
    menu, drag = scribe.steps[-2:]
    assert menu[0].startswith("D/") and menu[2].startswith("D/")  # the prompt sets sdbp_target, the reset empties it
    assert menu[1] == "CHAT* SDBP|1|RETREAT|side=French|unit=FR-III13DBLE-11|from=14|to=17"
    assert scribe.piece("FR-III13DBLE-11").prop("sdbp_target") == ""
    assert drag[0].startswith("M/")
    assert drag[1:] == [
        "CHAT* III/13 DBLE 11 (fresh) moves 14 &rarr; 17 *",
        "CHAT* SDBP|1|MOVE|side=French|unit=FR-III13DBLE-11|from=14|to=17",
    ]
    scribe.retreat(F, "FR-III13DBLE-9", "17", typed=" 17 ")
    assert scribe.steps[-2][1].endswith("|from=14|to= 17 ")


def test_assault_dice_use_the_assault_button(scribe: Scribe) -> None:
    scribe.dice(V, "assault", [6, 2])
    scribe.dice(V, "fire", [1, 1])
    assert scribe.steps[-2] == [
        "CHAT* SDBP|1|DICE|side=Viet Minh|purpose=assault|dice=6,2|total=8",
        "MutableProperty\tAssault 2d6_result\t\t6,2\tModule",
        "MutableProperty\tAssault 2d6_total\t0\t8\tModule",
    ]
    assert scribe.steps[-1][1].startswith("MutableProperty\tFire 2d6_result\t")


def test_the_interpretation_reads_a_scribe_log_with_phases_damage_and_retreats(built: Built, scribe: Scribe) -> None:
    s = scribe
    s.phase(1, "action", V)
    s.declare("FIRE", V, ["VM-312-165-115-1"], "14")
    s.dice(V, "fire", [6, 6])
    s.damage(F, "FR-III13DBLE-9", "flip")
    s.retreat(F, "FR-III13DBLE-9", "17")  # flip + retreat = flip-retreat
    s.damage(F, "FR-III13DBLE-10", "eliminate")
    s.retreat(F, "FR-III13DBLE-11", "17")
    s.null_step()
    s.pass_(F)
    s.phase(1, "end", None)
    s.phase(2, "draw", V)
    events, problems = interpret_tree(decode_tree(s.text()), built.game, Zones.from_module(read_module(built.path)), "t.vlog")
    assert problems == []
    assert [(e.turn, e.phase) for e in events if isinstance(e, PhaseStart)] == [
        (1, Phase.DRAW),  # the save's tracker state
        (1, Phase.ACTION),
        (1, Phase.END),
        (2, Phase.DRAW),
    ]
    assert [e.purpose for e in events if isinstance(e, DiceRoll)] == ["fire"]
    (damage,) = [e for e in events if isinstance(e, Damage)]
    assert (damage.side, damage.target) == (F, AreaId(14))
    assert set(damage.outcomes) == {
        UnitOutcome(UnitId("FR-III13DBLE-9"), DamageResult.FLIP_RETREAT, (AreaId(17),)),
        UnitOutcome(UnitId("FR-III13DBLE-10"), DamageResult.ELIMINATE),
        UnitOutcome(UnitId("FR-III13DBLE-11"), DamageResult.RETREAT, (AreaId(17),)),
    }
