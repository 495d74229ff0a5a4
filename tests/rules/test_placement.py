"""Replacements, reinforcements and placement (rules 12.1–12.3, *Emergency Replacements*; catalogue
§3.13), with the worked examples of §4.9 (RP-1..RP-11, RP-4 being CARD-TURN-RESTRICTION's) and §4.10
CA-24, on the bundled game map (map edge 1 2 3 4 5 12 13 25 32 36 37 38 39 40).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import pytest

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules.placement import RULES
from sdbp_module.games.sodbp.rules.stacking import RULES as STACKING_RULES
from sdbp_module.ids import AreaId, CardId, Phase, Side, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import (
    CardPlay,
    Damage,
    DiceRoll,
    Event,
    Fire,
    Flip,
    NoReplacementsSet,
    Pass,
    PhaseStart,
    Place,
    PlaceKind,
    Where,
)
from sdbp_module.replay.location import ELIMINATED, Location
from sdbp_module.replay.notation import state_from_text
from sdbp_module.replay.state import GameState
from sdbp_module.rules.checker import Report, check_events
from sdbp_module.rules.switches import parse_switches

FR, VM = FRENCH, VIET_MINH
U, A = UnitId, AreaId
ER = CardId("VM-15")  # Emergency Replacements
R1, R2, R3, R4 = (U(f"VM-REPL-0{i}") for i in range(1, 5))
FR3 = tuple(U(f"FR-II1RCP-{i}") for i in range(1, 5))  # French reinforcements printed 3
VM4 = tuple(U(f"VM-316-176-888-{i}") for i in range(1, 5))  # VM reinforcements printed 4


@lru_cache(maxsize=1)
def game() -> GameData:
    from sdbp_module.model.from_data import load_game
    from sdbp_module.paths import default_data_dir

    return load_game(default_data_dir())


def control_lines(**overrides: Side) -> str:
    """A control line for every area of the bundled map: printed control, then ``a<N>=side`` overrides."""
    lines = []
    for area in game().areas:
        side = overrides.get(f"a{area.id}", area.control)
        lines.append(f"{area.id}: | ctrl {side.value}")
    return "\n".join(lines)


def position(head: str, body: str = "", **overrides: Side) -> GameState:
    """A state: clock line ``head``, the control of every area, then ``body`` (units per area override
    the bare control lines: the notation merges lines of one area)."""
    from sdbp_module.games.sodbp.rules.package import SODBP

    text = f"{head}\n{control_lines(**overrides)}\n{body}"
    return state_from_text(text, sequence=SODBP.make_sequence(game()))


def run(start: GameState, *events: Event, options: tuple[str, ...] = (), extra: tuple = ()) -> Report:
    from sdbp_module.games.sodbp.rules.package import SODBP

    numbered = [replace(e, where=Where("test.jsonl", i, i + 1)) for i, e in enumerate(events)]
    return check_events(
        numbered,
        game(),
        SODBP,
        initial=start,
        rules=RULES + extra,
        switches=parse_switches(options, SODBP.switches),
    )


def verdicts(report: Report) -> list[tuple[str, str, int]]:
    return [(f.rule_id, f.severity.value, f.where.line or 0) for f in report.findings]


def end(turn: int) -> PhaseStart:
    return PhaseStart(turn=turn, phase=Phase.END)


def next_turn(turn: int) -> PhaseStart:
    return PhaseStart(turn=turn + 1, phase=Phase.DRAW)


def roll(d: int) -> DiceRoll:
    return DiceRoll(side=VM, purpose="replacement", values=(d,))


def place(side: Side, units: tuple[UnitId, ...], area: int | None, kind: PlaceKind = PlaceKind.REPLACEMENT) -> Place:
    to = ELIMINATED if area is None else Location.in_area(area)
    return Place(side=side, units=units, to=to, place_kind=kind)


BOX = "replacements: VM-REPL-01 VM-REPL-02 VM-REPL-03 VM-REPL-04"


def box_state(turn: int = 2, body: str = "", **overrides: Side) -> GameState:
    return position(f"turn {turn} action", f"{BOX}\n{body}", **overrides)


# -- REPLACEMENTS-HALF-D6 (RP-1) --------------------------------------------------------------------


@pytest.mark.parametrize("d, taken", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_RP_1_half_the_roll_rounded_up_passes(d: int, taken: int) -> None:
    units = (R1, R2, R3)[:taken]
    report = run(box_state(), end(2), roll(d), place(VM, units, 11), next_turn(2))
    assert verdicts(report) == []


@pytest.mark.parametrize("d, taken", [(1, 2), (2, 0), (3, 1), (4, 3), (5, 2), (6, 4)])
def test_RP_1_any_other_mapping_is_illegal(d: int, taken: int) -> None:
    units = (R1, R2, R3, R4)[:taken]
    events: list[Event] = [end(2), roll(d)]
    if units:
        events.append(place(VM, units, 11))
    report = run(box_state(), *events, next_turn(2))
    assert verdicts(report) == [("REPLACEMENTS-HALF-D6", "illegal", 2)]
    assert report.findings[0].expected == (d + 1) // 2 and report.findings[0].actual == taken


def test_half_d6_short_box_takes_all_it_holds() -> None:
    start = position("turn 2 action", "replacements: VM-REPL-01")
    assert verdicts(run(start, end(2), roll(6), place(VM, (R1,), 11), next_turn(2))) == []
    short = run(start, end(2), roll(6), next_turn(2))
    assert verdicts(short) == [("REPLACEMENTS-HALF-D6", "illegal", 2)]
    assert short.findings[0].message == "Replacement roll 6 → 3 unit(s); the box holds 1: expected 1 placed, 0 placed."


def test_half_d6_eliminated_replacements_count_as_taken() -> None:
    # R2 eliminated although 11 had room: PLACE-NO-AREA-ELIMINATE; the count of 2 taken still holds
    report = run(box_state(), end(2), roll(3), place(VM, (R1,), 11), place(VM, (R2,), None), next_turn(2))
    assert verdicts(report) == [("PLACE-NO-AREA-ELIMINATE", "illegal", 4)]


def test_half_d6_replacements_placed_without_a_logged_roll_cannot_be_checked() -> None:
    report = run(box_state(), end(2), place(VM, (R1,), 11), next_turn(2))
    assert verdicts(report) == [
        ("REPLACEMENTS-WHEN", "illegal", 1),
        ("REPLACEMENTS-HALF-D6", "cannot-check", 2),
    ]


# -- REPLACEMENTS-WHEN (RP-2, RP-3) -----------------------------------------------------------------


def test_RP_2_a_replacement_roll_on_turn_1_is_illegal() -> None:
    report = run(box_state(turn=1), end(1), roll(4), next_turn(1))
    assert verdicts(report) == [("REPLACEMENTS-WHEN", "illegal", 2)]
    assert report.findings[0].message == "A replacement roll was made, but turn 1 has no replacement roll."


def test_turn_1_without_a_roll_passes_and_turn_2_without_one_is_illegal() -> None:
    assert verdicts(run(box_state(turn=1), end(1), next_turn(1))) == []
    assert verdicts(run(box_state(), end(2), next_turn(2))) == [("REPLACEMENTS-WHEN", "illegal", 1)]


def test_two_replacement_rolls_are_illegal() -> None:
    report = run(box_state(), end(2), roll(1), roll(6), place(VM, (R1,), 11), next_turn(2))
    assert verdicts(report) == [("REPLACEMENTS-WHEN", "illegal", 3)]


def test_no_roll_with_the_no_replacements_marker_on_passes_a_roll_is_illegal() -> None:
    start = position("turn 4 action", f"{BOX}\nno-replacements")
    ok = run(start, end(4), NoReplacementsSet(present=False), next_turn(4))
    assert verdicts(ok) == []
    bad = run(start, end(4), roll(2), place(VM, (R1,), 11), NoReplacementsSet(present=False), next_turn(4))
    assert verdicts(bad) == [
        ("REPLACEMENTS-WHEN", "illegal", 2),
        ("REPLACEMENTS-HALF-D6", "illegal", 3),
    ]


def emergency(area: int = 11, units: tuple[UnitId, ...] = (R1, R2), marker: bool = True) -> list[Event]:
    out: list[Event] = [CardPlay(side=VM, card=ER), place(VM, units, area)]
    if marker:
        out.append(NoReplacementsSet(present=True))
    return out


def french_action(turn: int = 3) -> list[Event]:
    """A French unit fire from 10 at 11 (the end of which Emergency Replacements follows)."""
    return [
        Fire(side=FR, units=(U("FR-A"),), from_area=A(10), target=A(11)),
        DiceRoll(side=FR, purpose="fire", values=(1, 1)),
        Flip(units=(U("FR-A"),), spent=True),
    ]


def er_state(turn: int = 3, body: str = "") -> GameState:
    return position(f"turn {turn} draw", f"{BOX}\n10: FR-A | ctrl french\n{body}")


def test_RP_3_emergency_replacements_then_a_replacement_roll_is_illegal() -> None:
    report = run(
        er_state(),
        PhaseStart(turn=3, phase=Phase.ACTION),
        Pass(side=VM),
        *french_action(),
        *emergency(),
        Pass(side=VM),
        end(3),
        roll(5),
        NoReplacementsSet(present=False),
        next_turn(3),
    )
    assert verdicts(report) == [("REPLACEMENTS-WHEN", "illegal", 11)]
    assert report.findings[0].message == (
        "A replacement roll was made, but Emergency Replacements (VM-15) was played this turn."
    )


# -- EMERGENCY-REPL (CA-24) ------------------------------------------------------------------------


def er_game(*er_events: Event, turn: int = 3, tail: tuple[Event, ...] | None = None, body: str = "", options: tuple[str, ...] = ()) -> Report:
    closing = (Pass(side=VM), end(turn), NoReplacementsSet(present=False), next_turn(turn)) if tail is None else tail
    return run(
        er_state(turn, body),
        PhaseStart(turn=turn, phase=Phase.ACTION),
        Pass(side=VM),
        *french_action(turn),
        *er_events,
        *closing,
        options=options,
    )


def test_CA_24_emergency_replacements_at_the_end_of_a_french_action_passes() -> None:
    assert verdicts(er_game(*emergency())) == []


def test_emergency_replacements_one_unit_when_the_box_holds_more_is_illegal() -> None:
    report = er_game(*emergency(units=(R1,)))
    assert verdicts(report) == [("EMERGENCY-REPL", "illegal", 6)]
    assert report.findings[0].message == "Emergency Replacements (VM-15) brought 1 unit(s); it brings 2."


def test_emergency_replacements_one_unit_when_the_box_holds_one_passes() -> None:
    start = position("turn 3 draw", "replacements: VM-REPL-01\n10: FR-A | ctrl french")
    report = run(
        start,
        PhaseStart(turn=3, phase=Phase.ACTION),
        Pass(side=VM),
        *french_action(),
        *emergency(units=(R1,)),
        Pass(side=VM),
        end(3),
        NoReplacementsSet(present=False),
        next_turn(3),
    )
    assert verdicts(report) == []


def test_emergency_replacements_into_a_french_area_is_illegal() -> None:
    assert verdicts(er_game(*emergency(area=10))) == [("EMERGENCY-REPL", "illegal", 7)]


def test_emergency_replacements_split_is_suspicious_by_default_and_legal_under_the_switch() -> None:
    split = [CardPlay(side=VM, card=ER), place(VM, (R1,), 11), place(VM, (R2,), 8), NoReplacementsSet(present=True)]
    assert verdicts(er_game(*split)) == [("EMERGENCY-REPL", "suspicious", 8)]
    assert verdicts(er_game(*split, options=("strict_mode=true",))) == [("EMERGENCY-REPL", "illegal", 8)]
    assert verdicts(er_game(*split, options=("emergency_same_area=false",))) == []


def test_emergency_replacements_without_the_marker_or_left_on_is_illegal() -> None:
    no_marker = er_game(*emergency(marker=False), tail=(Pass(side=VM), end(3), next_turn(3)))
    assert verdicts(no_marker) == [("EMERGENCY-REPL", "illegal", 6)]
    assert no_marker.findings[0].message == (
        "Emergency Replacements (VM-15) played but the No Replacements marker was not placed."
    )
    left_on = er_game(*emergency(), tail=(Pass(side=VM), end(3), next_turn(3)))
    assert verdicts(left_on) == [("EMERGENCY-REPL", "illegal", 0)]
    assert left_on.findings[0].message == (
        "The No Replacements marker (Emergency Replacements (VM-15) played this turn) is still on the track "
        "at the end of turn 3."
    )


def test_emergency_replacements_inside_an_action_is_illegal() -> None:
    inside = [
        Fire(side=FR, units=(U("FR-A"),), from_area=A(10), target=A(11)),
        CardPlay(side=VM, card=ER),
        place(VM, (R1, R2), 11),
        NoReplacementsSet(present=True),
        DiceRoll(side=FR, purpose="fire", values=(1, 1)),
        Damage(side=VM, target=A(11), points=0, outcomes=()),
    ]
    report = run(
        er_state(),
        PhaseStart(turn=3, phase=Phase.ACTION),
        Pass(side=VM),
        *inside,
        Pass(side=VM),
        end(3),
        NoReplacementsSet(present=False),
        next_turn(3),
    )
    assert verdicts(report) == [("EMERGENCY-REPL", "illegal", 4)]
    assert "a dice event follows it (line 7)" in report.findings[0].message


def test_emergency_replacements_spent_units_and_in_the_end_phase_are_illegal() -> None:
    start = position("turn 3 draw", "replacements: VM-REPL-01* VM-REPL-02\n10: FR-A | ctrl french")
    report = run(
        start,
        PhaseStart(turn=3, phase=Phase.ACTION),
        Pass(side=VM),
        *french_action(),
        *emergency(),
        Pass(side=VM),
        end(3),
        NoReplacementsSet(present=False),
        next_turn(3),
    )
    assert verdicts(report) == [("EMERGENCY-REPL", "illegal", 7)]
    late = run(
        er_state(),
        end(3),
        *emergency(),
        NoReplacementsSet(present=False),
        next_turn(3),
    )
    assert ("EMERGENCY-REPL", "illegal", 2) in verdicts(late)


# -- REPLACEMENTS-UNIT-TYPE ------------------------------------------------------------------------


def test_replacement_unit_type_not_a_replacement_or_not_from_the_box() -> None:
    start = box_state(body="turn:4: VM-316-176-888-1\n11: VM-REPL-05 | ctrl viet_minh")
    report = run(start, end(2), roll(3), place(VM, (VM4[0],), 11), place(VM, (U("VM-REPL-05"),), 8), next_turn(2))
    assert verdicts(report) == [
        ("REPLACEMENTS-UNIT-TYPE", "illegal", 3),
        ("REPLACEMENTS-UNIT-TYPE", "illegal", 4),
    ]
    assert report.findings[0].message == "VM-316-176-888-1 (Viet Minh 2-8-2) is not a 1-7-2 Viet Minh replacement unit."
    assert report.findings[1].message == "Replacement VM-REPL-05 comes from 11, not from the Replacements box."


# -- REINFORCEMENT-TURN (RP-5) ---------------------------------------------------------------------


FR3_TRACK = "turn:3: FR-II1RCP-1 FR-II1RCP-2 FR-II1RCP-3 FR-II1RCP-4"


def test_RP_5_a_unit_printed_3_placed_in_the_turn_2_end_phase() -> None:
    start = position("turn 2 action", FR3_TRACK)
    events = (end(2), place(FR, FR3, 16, PlaceKind.REINFORCEMENT), next_turn(2))
    report = run(start, *events)
    assert verdicts(report) == [("REINFORCEMENT-TURN", "illegal", 2)] * 4
    assert report.findings[0].message == (
        "Reinforcement FR-II1RCP-1 (printed turn 3) enters in the End phase of turn 2; it enters in the End phase of turn 3."
    )
    assert verdicts(run(start, *events, options=("reinforcement_offset=end_of_previous_turn",))) == []


def test_reinforcements_of_turn_3_all_placed_in_its_end_phase_pass() -> None:
    start = position("turn 3 action", FR3_TRACK)
    report = run(start, end(3), roll(1), place(FR, FR3, 16, PlaceKind.REINFORCEMENT), next_turn(3))
    assert [v for v in verdicts(report) if v[0] != "REPLACEMENTS-WHEN"] == []


def test_a_reinforcement_left_on_the_track_and_one_placed_in_the_action_phase() -> None:
    start = position("turn 3 draw", FR3_TRACK)
    report = run(
        start,
        PhaseStart(turn=3, phase=Phase.ACTION),
        place(FR, FR3[:1], 16, PlaceKind.REINFORCEMENT),
        end(3),
        place(FR, FR3[1:3], 16, PlaceKind.REINFORCEMENT),
        next_turn(3),
    )
    assert verdicts(report) == [("REINFORCEMENT-TURN", "illegal", 2), ("REINFORCEMENT-TURN", "illegal", 0)]
    assert report.findings[1].units == (FR3[3],)


def test_a_star_unit_placed_without_relief_force_is_illegal() -> None:
    start = position("turn 3 action", "off-map: FR-III3REI-C")
    report = run(start, end(3), place(FR, (U("FR-III3REI-C"),), 38, PlaceKind.REINFORCEMENT), next_turn(3))
    assert [v for v in verdicts(report) if v[0] == "REINFORCEMENT-TURN"] == [("REINFORCEMENT-TURN", "illegal", 2)]


# -- PLACE-ORDER-VM-FIRST (RP-11) ------------------------------------------------------------------


def test_RP_11_the_french_place_before_the_vm() -> None:
    start = position("turn 3 action", f"{FR3_TRACK}\n{BOX}")
    bad = run(
        start, end(3), roll(1), place(FR, FR3, 16, PlaceKind.REINFORCEMENT), place(VM, (R1,), 11), next_turn(3)
    )
    assert verdicts(bad) == [("PLACE-ORDER-VM-FIRST", "illegal", 3)]
    good = run(
        start, end(3), roll(1), place(VM, (R1,), 11), place(FR, FR3, 16, PlaceKind.REINFORCEMENT), next_turn(3)
    )
    assert verdicts(good) == []


# -- PLACE-VM-AREAS (RP-6, RP-7, RP-8; AMB-36) -----------------------------------------------------


def test_RP_6_empty_french_area_next_to_the_vm_chain_passes_and_turns_vm() -> None:
    # 17 (French, empty) is adjacent to 11 (VM), linked 11 - 8 - 12 (map edge)
    report = run(box_state(), end(2), roll(1), place(VM, (R1,), 17), next_turn(2))
    assert verdicts(report) == []
    assert report.final.control[A(17)] is VM


def test_RP_7_the_chain_is_broken_by_a_french_area() -> None:
    # 7 and 8 French: 11 has no VM link to the edge, and 17's other neighbours are French
    start = box_state(a7=FR, a8=FR)
    report = run(start, end(2), roll(1), place(VM, (R1,), 17), next_turn(2))
    assert verdicts(report) == [("PLACE-VM-AREAS", "illegal", 3)]
    assert report.findings[0].message == (
        "Viet Minh VM-REPL-01 placed in empty French area 17, but its VM neighbour(s) 11 have no "
        "VM-controlled link to the map edge."
    )


def test_RP_8_a_french_area_holding_a_french_unit() -> None:
    report = run(box_state(body="14: FR-A | ctrl french"), end(2), roll(1), place(VM, (R1,), 14), next_turn(2))
    assert verdicts(report) == [("PLACE-VM-AREAS", "illegal", 3)]


def test_amb_36_the_chain_grows_with_each_placement() -> None:
    # 24 touches only French areas until 17 is taken by the first placement
    grown = run(box_state(), end(2), roll(3), place(VM, (R1,), 17), place(VM, (R2,), 24), next_turn(2))
    assert verdicts(grown) == []
    alone = run(box_state(), end(2), roll(3), place(VM, (R2,), 24), place(VM, (R1,), 17), next_turn(2))
    assert verdicts(alone) == [("PLACE-VM-AREAS", "illegal", 3)]


def test_a_vm_area_holding_french_units_is_fine() -> None:
    report = run(box_state(body="11: FR-A | ctrl viet_minh"), end(2), roll(1), place(VM, (R1,), 11), next_turn(2))
    assert verdicts(report) == []


# -- PLACE-FR-AREAS (RP-9) -------------------------------------------------------------------------


def test_RP_9_french_reinforcement_into_a_french_area_holding_vm_units_passes() -> None:
    start = position("turn 3 action", f"{FR3_TRACK}\n10: FR-A VM-X | ctrl french")
    report = run(start, end(3), roll(1), place(FR, FR3, 10, PlaceKind.REINFORCEMENT), next_turn(3))
    assert [v for v in verdicts(report) if v[0] != "REPLACEMENTS-WHEN"] == []


def test_french_reinforcement_into_a_vm_area_is_illegal() -> None:
    start = position("turn 3 action", FR3_TRACK)
    report = run(start, end(3), place(FR, FR3, 11, PlaceKind.REINFORCEMENT), next_turn(3))
    assert [v for v in verdicts(report) if v[0] != "REPLACEMENTS-WHEN"] == [("PLACE-FR-AREAS", "illegal", 2)]


# -- STACK-LIMIT-9 on placement (RP-10) ------------------------------------------------------------


def test_RP_10_a_tenth_vm_unit_placed_in_an_area() -> None:
    nine = " ".join(f"VM-N{i}" for i in range(1, 10))
    start = box_state(body=f"11: {nine} | ctrl viet_minh")
    report = run(start, end(2), roll(1), place(VM, (R1,), 11), next_turn(2), extra=STACKING_RULES)
    assert verdicts(report) == [("STACK-LIMIT-9", "illegal", 3)]


# -- PLACE-NO-AREA-ELIMINATE -----------------------------------------------------------------------


def all_french(**extra: Side) -> dict[str, Side]:
    return {f"a{a.id}": FR for a in game().areas} | extra


def test_elimination_with_no_eligible_area_passes_with_one_is_illegal() -> None:
    # every area French and holding a French unit: the VM have nowhere to place
    body = "\n".join(f"{a.id}: FR-Q{a.id} | ctrl french" for a in game().areas)
    start = position("turn 2 action", f"{BOX}\n{body}", **all_french())
    assert verdicts(run(start, end(2), roll(1), place(VM, (R1,), None), next_turn(2))) == []
    report = run(box_state(), end(2), roll(1), place(VM, (R1,), None), next_turn(2))
    assert verdicts(report) == [("PLACE-NO-AREA-ELIMINATE", "illegal", 3)]


def test_reinforcement_left_on_the_track_with_no_area_should_be_eliminated() -> None:
    start = position("turn 3 action", FR3_TRACK, **{f"a{a.id}": VM for a in game().areas})
    report = run(start, end(3), roll(1), next_turn(3))
    assert [v for v in verdicts(report) if v[0] != "REPLACEMENTS-WHEN"] == [("PLACE-NO-AREA-ELIMINATE", "illegal", 0)]
    eliminated = run(start, end(3), roll(1), place(FR, FR3, None, PlaceKind.REINFORCEMENT), next_turn(3))
    assert [v for v in verdicts(eliminated) if v[0] != "REPLACEMENTS-WHEN"] == []


# -- PLACE-FRESH -----------------------------------------------------------------------------------


def test_a_spent_replacement_is_suspicious() -> None:
    start = position("turn 2 action", "replacements: VM-REPL-01*")
    report = run(start, end(2), roll(1), place(VM, (R1,), 11), next_turn(2))
    assert verdicts(report) == [("PLACE-FRESH", "suspicious", 3)]
    assert verdicts(run(start, end(2), roll(1), place(VM, (R1,), 11), next_turn(2), options=("strict_mode=true",))) == [
        ("PLACE-FRESH", "illegal", 3)
    ]


def test_placement_rules_are_quiet_on_other_events() -> None:
    assert verdicts(run(box_state(), Pass(side=VM), Pass(side=FR))) == []
