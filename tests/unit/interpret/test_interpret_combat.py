"""Combat read from a log (issue #8): the DAMAGE / RETREAT lines, card fire, one attack = one action."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from sdbp_module.codec.tree import decode_tree
from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules import activation, sequence
from sdbp_module.games.sodbp.rules.package import SODBP
from sdbp_module.ids import AreaId, CardId, Phase, Side, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import (
    Assault,
    CardPlay,
    Damage,
    DamageResult,
    DiceRoll,
    Event,
    Fire,
    Flip,
    GameStart,
    Move,
    MoveKind,
    Pass,
    PhaseStart,
    Pile,
    Relocate,
    TrenchSet,
    UnitOutcome,
    Where,
)
from sdbp_module.replay.interpret import Problem, interpret_tree
from sdbp_module.replay.location import ELIMINATED, Location
from sdbp_module.replay.vlog.card_fire import read_card_fire
from sdbp_module.replay.vlog.lines import format_line, side_name
from sdbp_module.rules.checker import check_events
from sdbp_module.vassal_log.scribe import Scribe
from tests.unit.interpret.scribed import module_zones

F, V = FRENCH, VIET_MINH
u, a = UnitId, AreaId
FR9, FR10, FR11, FR12 = (u(f"FR-III13DBLE-{n}") for n in (9, 10, 11, 12))  # in area 14
VM_FIRER = u("VM-312-165-115-1")  # in area 8, next to 14
ASSAULTERS = [f"VM-308-88-322-{n}" for n in (1, 2, 3, 4)]  # in area 7, next to 10 (FR-I2REI-1)


def w(n: int) -> Where:
    return Where("t.vlog", n)


def run(s: Scribe, game: GameData, module: Path) -> tuple[list[Event], list[Problem]]:
    """Events after the start (GameStart and PhaseStart dropped) and the problems."""
    events, problems = interpret_tree(decode_tree(s.text()), game, module_zones(module), "t.vlog")
    assert isinstance(events[0], GameStart) and isinstance(events[1], PhaseStart)
    return events[2:], problems


def damage_line(s: Scribe, side: Side, unit: str, area: str, result: str) -> None:
    s.chat("* " + format_line("DAMAGE", [("side", side_name(side)), ("unit", unit), ("area", area), ("result", result)]))


def retreat_line(s: Scribe, side: Side, unit: str, origin: str, to: str) -> None:
    s.chat("* " + format_line("RETREAT", [("side", side_name(side)), ("unit", unit), ("from", origin), ("to", to)]))


def vm_fires_at_14(s: Scribe) -> None:
    """Steps 1–3: the VM fire, its roll, the firer's own flip."""
    s.declare("FIRE", V, [VM_FIRER], "14")
    s.dice(V, "fire", [6, 6])
    s.flip(V, [VM_FIRER])


FIRE_AT_14 = [
    Fire(where=w(1), side=V, units=(VM_FIRER,), from_area=a(8), target=a(14)),
    DiceRoll(where=w(2), side=V, purpose="fire", values=(6, 6), total=12),
    Flip(where=w(3), units=(VM_FIRER,), spent=True, by=VIET_MINH),
]


# -- explicit lines -------------------------------------------------------------------------------


def test_explicit_flip_eliminate_retreat_and_flip_retreat_make_one_damage(game: GameData, module: Path) -> None:
    s = Scribe(module)
    vm_fires_at_14(s)
    damage_line(s, F, FR9, "14", "flip")  # 4, 5
    s.flip(F, [FR9])
    damage_line(s, F, FR10, "14", "eliminate")  # 6, 7
    s.move(F, [FR10], "Eliminated")
    retreat_line(s, F, FR11, "14", "17")  # 8, 9
    s.move(F, [FR11], "17")
    damage_line(s, F, FR12, "14", "flip")  # 10, 11
    s.flip(F, [FR12])
    retreat_line(s, F, FR12, "14", " 17 ")  # 12, 13: typed with spaces
    s.move(F, [FR12], "17")
    s.pass_(F)  # 14
    events, problems = run(s, game, module)
    assert problems == []
    assert events == [
        *FIRE_AT_14,
        Damage(
            where=w(4),
            side=F,
            target=a(14),
            outcomes=(
                UnitOutcome(FR9, DamageResult.FLIP),
                UnitOutcome(FR10, DamageResult.ELIMINATE),
                UnitOutcome(FR11, DamageResult.RETREAT, (a(17),)),
                UnitOutcome(FR12, DamageResult.FLIP_RETREAT, (a(17),)),
            ),
        ),
        Pass(where=w(14), side=F),
    ]


def test_a_double_retreat_keeps_both_areas_in_order(game: GameData, module: Path) -> None:
    s = Scribe(module)
    vm_fires_at_14(s)
    retreat_line(s, F, FR9, "14", "17")  # 4, 5: two lines, two drags (8.4.2 overflow)
    s.move(F, [FR9], "17")
    retreat_line(s, F, FR9, "17", "10")  # 6, 7
    s.move(F, [FR9], "10")
    retreat_line(s, F, FR10, "14", "17")  # 8, 9, 10: two lines, one drag to the end
    retreat_line(s, F, FR10, "17", "10")
    s.move(F, [FR10], "10")
    events, problems = run(s, game, module)
    assert problems == []
    assert events == [
        *FIRE_AT_14,
        Damage(
            where=w(4),
            side=F,
            target=a(14),
            outcomes=(
                UnitOutcome(FR9, DamageResult.RETREAT, (a(17), a(10))),
                UnitOutcome(FR10, DamageResult.RETREAT, (a(17), a(10))),
            ),
        ),
    ]


def test_a_typed_retreat_area_that_differs_from_the_drag_is_a_problem(game: GameData, module: Path) -> None:
    s = Scribe(module)
    vm_fires_at_14(s)
    retreat_line(s, F, FR9, "14", "13")  # 4, 5: typed 13, dragged to 17
    s.move(F, [FR9], "17")
    retreat_line(s, F, FR10, "14", "17")  # 6: no drag at all
    events, problems = run(s, game, module)
    assert events == [
        *FIRE_AT_14,
        Damage(where=w(4), side=F, target=a(14), outcomes=(UnitOutcome(FR9, DamageResult.RETREAT, (a(17),)),)),
    ]
    assert problems == [
        Problem(w(4), f"{FR9}: the RETREAT line says to 13 but the unit was dragged to 17; the drag is read"),
        Problem(w(6), f"{FR10}: a RETREAT line to 17 but no drag of the unit; it is not read as retreating"),
    ]


def test_a_damage_line_with_no_attack_is_a_problem_and_a_plain_flip(game: GameData, module: Path) -> None:
    s = Scribe(module)
    damage_line(s, F, FR9, "14", "flip")
    s.flip(F, [FR9])
    events, problems = run(s, game, module)
    assert events == [Flip(where=w(2), units=(FR9,), spent=True)]
    assert [p.where for p in problems] == [w(1)] and "no fire or assault" in problems[0].message


def test_assault_dice_purpose(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.declare("ASSAULT", V, ASSAULTERS[:2], "10")
    s.dice(V, "assault", [3, 4])
    events, problems = run(s, game, module)
    assert problems == []
    assert events[1] == DiceRoll(where=w(2), side=V, purpose="assault", values=(3, 4), total=7)


# -- card attacks ---------------------------------------------------------------------------------


def test_katyusha_fire_then_plain_drag_is_a_retreat_not_a_move(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.phase(1, "action", V)  # 1
    s.card(V, "VM-09", "play", target="14", to="Removed cards")  # 2
    s.dice(V, "fire", [5, 6])  # 3
    s.flip(F, [FR9])  # 4: plain flip
    s.move(F, [FR10], "17")  # 5: plain drag out of the target
    s.move(F, ["FR-8BPC-1"], "22")  # 6: the French's own next action
    s.flip(F, ["FR-8BPC-1"])  # 7
    events, problems = run(s, game, module)
    assert problems == []
    katyusha = CardId("VM-09")
    assert events == [
        PhaseStart(where=w(1), turn=1, phase=Phase.ACTION),
        CardPlay(where=w(2), side=V, card=katyusha, targets=(a(14),), as_action=True, to=Pile.REMOVED),
        Fire(where=w(2), side=V, card=katyusha, target=a(14)),
        DiceRoll(where=w(3), side=V, purpose="fire", values=(5, 6), total=11),
        Damage(
            where=w(4),
            side=F,
            target=a(14),
            outcomes=(UnitOutcome(FR9, DamageResult.FLIP), UnitOutcome(FR10, DamageResult.RETREAT, (a(17),))),
        ),
        Move(where=w(6), side=F, units=(u("FR-8BPC-1"),), from_area=a(21), to_area=a(22)),
        Flip(where=w(7), units=(u("FR-8BPC-1"),), spent=True, by=FRENCH),
    ]
    report = check_events(events, game, SODBP, rules=(*sequence.RULES, *activation.RULES), source="t.vlog")
    assert [r.side for r in report.final.clock.recent] == [V, F]  # the card action, then the French move: no move for the retreat


def test_b26_fire_then_plain_drags_read_as_damage(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.phase(1, "action", V)  # 1
    s.card(F, "FR-18", "play", target="11")  # 2
    s.dice(F, "fire", [4, 4])  # 3
    s.move(V, ["VM-312-165-564-1"], "7")  # 4: retreat
    s.flip(V, ["VM-312-165-564-2"])  # 5
    s.pass_(V)  # 6
    events, problems = run(s, game, module)
    assert problems == []
    assert [type(e) for e in events] == [PhaseStart, CardPlay, Fire, DiceRoll, Damage, Pass]
    assert events[2] == Fire(where=w(2), side=F, card=CardId("FR-18"), target=a(11))
    assert events[4] == Damage(
        where=w(4),
        side=V,
        target=a(11),
        outcomes=(
            UnitOutcome(u("VM-312-165-564-1"), DamageResult.RETREAT, (a(7),)),
            UnitOutcome(u("VM-312-165-564-2"), DamageResult.FLIP),
        ),
    )


def test_a_card_fire_with_no_target_is_a_problem_and_no_fire(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.card(F, "FR-19", "play")
    events, problems = run(s, game, module)
    assert [type(e) for e in events] == [CardPlay]
    assert problems == [Problem(w(1), "FR-19 (B-26 Bombers) played with no target area typed: its fire cannot be read")]


def _cards(game: GameData, raw: list[Event]) -> tuple[list[Event], list[Problem]]:
    return read_card_fire([replace(e, where=Where("t.jsonl", i)) for i, e in enumerate(raw)], game)


def test_artillery_fire_or_trench_removal(game: GameData) -> None:
    fire, problems = _cards(
        game,
        [
            CardPlay(side=F, card=CardId("FR-22"), targets=(a(11),), as_action=True),
            DiceRoll(side=F, purpose="fire", values=(3, 3), total=6),
        ],
    )
    assert problems == []
    assert fire[0] == CardPlay(
        where=Where("t.jsonl", 0), side=F, card=CardId("FR-22"), mode="fire", targets=(a(11),), as_action=True
    )
    assert fire[1] == Fire(where=Where("t.jsonl", 0), side=F, card=CardId("FR-22"), target=a(11))
    removal, problems = _cards(
        game,
        [
            CardPlay(side=F, card=CardId("FR-27"), targets=(a(8),), as_action=True),
            TrenchSet(area=a(8), level=0),
            Pass(side=V),
            DiceRoll(side=F, purpose="fire", values=(3, 3), total=6),  # after the next action: not the card's
        ],
    )
    assert problems == []
    assert [type(e) for e in removal] == [CardPlay, TrenchSet, Pass, DiceRoll]
    assert isinstance(removal[0], CardPlay) and removal[0].mode == "remove-trenches"
    neither, problems = _cards(game, [CardPlay(side=F, card=CardId("FR-23"), targets=(a(8),), as_action=True), Pass(side=V)])
    assert [type(e) for e in neither] == [CardPlay, Pass] and len(problems) == 1
    assert "cannot be told" in problems[0].message


def test_105mm_is_counter_battery_in_the_other_sides_artillery_action_and_fire_in_its_own(game: GameData) -> None:
    events, problems = _cards(
        game,
        [
            CardPlay(side=F, card=CardId("FR-22"), targets=(a(11),), as_action=True),
            CardPlay(side=V, card=CardId("VM-16")),  # negates it
            CardPlay(side=V, card=CardId("VM-17"), targets=(a(14),)),  # the VM's own action: fire
            DiceRoll(side=V, purpose="fire", values=(2, 5), total=7),
        ],
    )
    assert problems == []
    artillery, counter, fire_card, fire = events[:4]
    assert isinstance(artillery, CardPlay) and artillery.mode is None  # negated: neither effect
    assert isinstance(counter, CardPlay) and (counter.mode, counter.as_action) == ("counter-battery", False)
    assert isinstance(fire_card, CardPlay) and (fire_card.mode, fire_card.as_action) == ("fire", True)
    assert fire == Fire(where=Where("t.jsonl", 2), side=V, card=CardId("VM-17"), target=a(14))
    assert len(events) == 5


def test_debouchez_during_an_assault_fires_at_the_origin_then_the_assault_goes_on(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.declare("ASSAULT", V, ASSAULTERS, "10")  # 1
    s.card(F, "FR-04", "play", target="10")  # 2: a wrong target typed: the origin is meant
    s.dice(F, "fire", [6, 6])  # 3
    damage_line(s, V, ASSAULTERS[0], "7", "flip")  # 4, 5
    s.flip(V, ASSAULTERS[:1])
    s.move(V, ASSAULTERS[1:2], "5")  # 6: a plain retreat out of the origin
    s.dice(V, "assault", [6, 5])  # 7
    damage_line(s, F, "FR-I2REI-1", "10", "eliminate")  # 8, 9
    s.move(F, ["FR-I2REI-1"], "Eliminated")
    s.move(V, ASSAULTERS[2:], "10")  # 10: the advance
    s.flip(V, ASSAULTERS[2:])  # 11
    damage_line(s, V, ASSAULTERS[3], "10", "eliminate")  # 12, 13: the assault's price, not damage
    s.move(V, ASSAULTERS[3:], "Eliminated")
    events, problems = run(s, game, module)
    assert problems == []
    vm = tuple(u(x) for x in ASSAULTERS)
    assert events[1:] == [
        CardPlay(where=w(2), side=F, card=CardId("FR-04"), targets=(a(10),)),
        Fire(where=w(2), side=F, card=CardId("FR-04"), target=a(7)),
        DiceRoll(where=w(3), side=F, purpose="fire", values=(6, 6), total=12),
        Damage(
            where=w(4),
            side=V,
            target=a(7),
            outcomes=(UnitOutcome(vm[0], DamageResult.FLIP), UnitOutcome(vm[1], DamageResult.RETREAT, (a(5),))),
        ),
        DiceRoll(where=w(7), side=V, purpose="assault", values=(6, 5), total=11),
        Damage(where=w(8), side=F, target=a(10), outcomes=(UnitOutcome(u("FR-I2REI-1"), DamageResult.ELIMINATE),)),
        Move(where=w(10), side=V, units=vm[2:], from_area=a(7), to_area=a(10), move_kind=MoveKind.ADVANCE),
        Flip(where=w(11), units=vm[2:], spent=True, by=VIET_MINH),
        Relocate(where=w(13), units=vm[3:], to=ELIMINATED, reason="eliminated"),
    ]
    assert events[0] == Assault(where=w(1), side=V, units=vm, from_area=a(7), target=a(10))


# -- one attack, one action -----------------------------------------------------------------------


def test_surprise_assault_and_its_assault_share_the_action_number(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.phase(1, "action", V)  # 1
    s.card(V, "VM-12", "play", target="10")  # 2: Surprise Assault, the action
    s.card(V, "VM-25", "play")  # 3: Night Assault, for the assault
    s.declare("ASSAULT", V, ASSAULTERS[:2], "10")  # 4
    s.dice(V, "assault", [2, 2])  # 5
    s.flip(V, ASSAULTERS[:2])  # 6
    s.card(F, "FR-13", "play")  # 7: Mortar Support, for the French fire that follows
    s.declare("FIRE", F, ["FR-III13DBLE-9"], "11")  # 8
    s.dice(F, "fire", [1, 2])  # 9
    events, problems = run(s, game, module)
    assert problems == []
    numbered = [
        (type(e).__name__, getattr(e, "card", None), e.action) for e in events if isinstance(e, (CardPlay, Assault, Fire))
    ]
    assert numbered == [
        ("CardPlay", "VM-12", 1),
        ("CardPlay", "VM-25", 1),
        ("Assault", None, 1),
        ("CardPlay", "FR-13", 2),
        ("Fire", None, 2),
    ]
    report = check_events(events, game, SODBP, rules=(*sequence.RULES, *activation.RULES), source="t.vlog")
    assert [(r.number, r.side) for r in report.final.clock.recent] == [(1, V), (2, F)]


# -- what cannot be told --------------------------------------------------------------------------


def test_a_drag_out_of_the_target_too_far_for_a_retreat_is_a_problem(game: GameData, module: Path) -> None:
    s = Scribe(module)
    vm_fires_at_14(s)
    s.move(F, [FR9], "22")  # 4: 22 is not within two areas of 14
    events, problems = run(s, game, module)
    assert events == [*FIRE_AT_14, Relocate(where=w(4), units=(FR9,), to=Location.in_area(22), reason="drag")]
    assert len(problems) == 1 and problems[0].where == w(4) and FR9 in problems[0].message and "too far" in problems[0].message


def test_a_hit_unit_dragged_after_the_attacker_acted_again_is_a_problem(game: GameData, module: Path) -> None:
    s = Scribe(module)
    vm_fires_at_14(s)
    s.flip(F, [FR9])  # 4: the hit
    s.move(V, ["VM-312-141-11-1"], "13")  # 5: the attacker already does something else
    s.move(F, [FR9, FR10], "17")  # 6: a late retreat of FR9 (hit), or a move? FR10 moves
    events, problems = run(s, game, module)
    assert events[3:] == [
        Damage(where=w(4), side=F, target=a(14), outcomes=(UnitOutcome(FR9, DamageResult.FLIP),)),
        Move(where=w(5), side=V, units=(u("VM-312-141-11-1"),), from_area=a(12), to_area=a(13)),
        Relocate(where=w(6), units=(FR9,), to=Location.in_area(17), reason="drag"),
        Move(where=w(6), side=F, units=(FR10,), from_area=a(14), to_area=a(17)),
    ]
    assert [p.where for p in problems] == [w(6)] and "late retreat" in problems[0].message


def test_defender_moves_into_the_target_or_elsewhere_are_its_own_action(game: GameData, module: Path) -> None:
    s = Scribe(module)
    vm_fires_at_14(s)
    s.move(F, ["FR-GAACEO-REDON"], "14")  # 4: into the target: not damage
    s.flip(F, [FR9])  # 5: after the French act: not damage either
    events, problems = run(s, game, module)
    assert problems == []
    assert events[3:] == [
        Move(where=w(4), side=F, units=(u("FR-GAACEO-REDON"),), from_area=a(17), to_area=a(14)),
        Flip(where=w(5), units=(FR9,), spent=True, by=FRENCH),
    ]


def test_fighter_bombers_damage_is_allocated_by_the_firer(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.card(F, "FR-20", "play", target="11")  # 1
    s.dice(F, "fire", [5, 5])  # 2
    s.flip(V, ["VM-312-165-564-1"])  # 3
    events, problems = run(s, game, module)
    assert problems == []
    assert events[1] == Fire(where=w(1), side=F, card=CardId("FR-20"), target=a(11))
    assert events[3] == Damage(
        where=w(3), side=F, target=a(11), outcomes=(UnitOutcome(u("VM-312-165-564-1"), DamageResult.FLIP),)
    )
