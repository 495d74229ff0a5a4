"""Assault rules (``rules/assault.py``; rule 10.0; catalogue §3.11 and the worked examples §4.7 AS-1 … AS-16).

The map is the combat fixture's (``_combat_fixtures``): 14 [printed 2] and 17 [1], both French at
start and adjacent; 11 [1] VM, adjacent to 14 and to 17 across a river without a bridge (AS-16);
10 French, not adjacent to 14. Each position below makes the origin VM-controlled with the trench
level the example needs. VM-V* units are FP 1, DEF 5/3; FR-F3 is FP 3, DEF 6/4.

Only this module's rules run (``RULES``), unless a test says otherwise: the examples' other
verdicts belong to other modules and are named in the docstrings —
AS-1 CARD-ONE-ACTION-CARD (Night Assault is no action card), AS-9 CONTROL-CHANGE /
TRENCH-REMOVED-ON-FR-CONTROL (the trench rules), AS-12 CARD-COMBO-MINES-DEBOUCHEZ, AS-13
C-DEBOUCHEZ (terrain given to the assaulters), AS-14 FIRE-ATTACK-TOTAL / C-FLARES (net Night
Assault bonus). Where an example states a number (attack, defense), the test computes it with
``rules/resolution`` to show the assault rules and the fire arithmetic agree.

An assault is logged as one action: the cards (numbered into the action with ``action=1``), the
``assault`` declaration, the VM's ``dice`` (purpose ``assault``), the French ``damage`` in the
target, the ``advance`` move, the ``flip`` of the assaulters and the ``relocate`` of the casualty;
the French ``pass`` that follows closes the action, and with it the assault is judged.
"""

from __future__ import annotations

from dataclasses import replace

from sdbp_module.games.sodbp.ids import UnitType
from sdbp_module.games.sodbp.rules import resolution as res
from sdbp_module.games.sodbp.rules.assault import RULES
from sdbp_module.games.sodbp.rules.sodbp_cards import (
    DEBOUCHEZ,
    FLARES,
    GIAP,
    MINES,
    NIGHT_ASSAULT,
    SURPRISE_ASSAULT,
)
from sdbp_module.ids import AreaId, Side
from sdbp_module.model.game_data import GameData, Placement, SetupKind, Unit
from sdbp_module.replay.apply import apply
from sdbp_module.replay.combat import Attack
from sdbp_module.replay.events import (
    Assault,
    CardPlay,
    ControlSet,
    Damage,
    DamageResult,
    DiceRoll,
    Event,
    Fire,
    FireMarkerSet,
    Flip,
    Move,
    MoveKind,
    Pass,
    Relocate,
    TrenchSet,
    UnitOutcome,
    Where,
)
from sdbp_module.replay.location import ELIMINATED
from sdbp_module.replay.state import GameState
from sdbp_module.rules.checker import Report, check_events
from tests.rules._combat_fixtures import (
    FR,
    HYPO,
    VM,
    aid,
    card,
    combat_game,
    position,
    run,
    switches,
    uid,
    uids,
    verdicts,
)

ILLEGAL, SUSPICIOUS, INFO, CANNOT = "illegal", "suspicious", "info", "cannot-check"


def vm(first: int, last: int) -> str:
    """``VM-V{first} … VM-V{last}``."""
    return " ".join(f"VM-V{i}" for i in range(first, last + 1))


def start(origin: str, target: str = "17: FR-F3 | ctrl french", *, turn: int = 2, extra: str = "") -> GameState:
    return position(f"turn {turn} action viet_minh\n{origin}\n{target}\n{extra}")


# -- events -----------------------------------------------------------------------------------------


def play(name: str, side: Side = VM, *, as_action: bool = False, copy: int = 0) -> CardPlay:
    return CardPlay(side=side, card=card(name, copy), as_action=as_action, action=1)


def assault(
    units: str, origin: int = 14, target: int = 17, side: Side = VM, *, attack: int | None = None, defense: int | None = None
) -> Assault:
    return Assault(
        side=side, units=uids(units), from_area=aid(origin), target=aid(target), action=1, attack=attack, defense=defense
    )


def roll(*values: int, side: Side = VM, purpose: str = "assault") -> DiceRoll:
    return DiceRoll(side=side, purpose=purpose, values=values, action=1)


def hit(units: str, result: DamageResult = DamageResult.ELIMINATE, area: int = 17, side: Side = FR) -> Damage:
    """``side`` allocates ``result`` to each of ``units`` in ``area``."""
    return Damage(side=side, target=aid(area), outcomes=tuple(UnitOutcome(u, result) for u in uids(units)), action=1)


def advance(units: str, origin: int = 14, target: int = 17) -> Move:
    return Move(
        side=VM, units=uids(units), from_area=aid(origin), to_area=aid(target), path=(aid(origin), aid(target)),
        move_kind=MoveKind.ADVANCE, action=1,
    )


def withdraw(units: str, origin: int = 14, to: int = 11) -> Move:
    return Move(side=VM, units=uids(units), from_area=aid(origin), to_area=aid(to), move_kind=MoveKind.WITHDRAW, action=1)


def spent(units: str) -> Flip:
    return Flip(units=uids(units), spent=True, action=1)


def lose(units: str) -> Relocate:
    return Relocate(units=uids(units), to=ELIMINATED, reason="assault loss", action=1)


def close() -> Pass:
    """The French act next: the assault's action is over."""
    return Pass(side=FR, action=2)


def mine(report: Report, *, with_info: bool = False) -> list[tuple[str, str, int]]:
    return verdicts(report, with_info=with_info)


def go(begin: GameState, *events: Event, options: tuple[str, ...] = ()) -> list[tuple[str, str, int]]:
    return mine(run(begin, *events, rules=RULES, options=options))


def go_info(begin: GameState, *events: Event, options: tuple[str, ...] = ()) -> list[tuple[str, str, int]]:
    return mine(run(begin, *events, rules=RULES, options=options), with_info=True)


def attack_at(begin: GameState, *events: Event, number: int = -1) -> Attack:
    """The open attack (``number``: index into ``state.attacks``) after replaying ``events``."""
    state = begin
    for e in events:
        state = apply(state, e)
    return state.attacks[number]


# -- positions ------------------------------------------------------------------------------------

NINE = vm(1, 9)
AS1 = "14: " + NINE + " | ctrl viet_minh | trench 1"
TRENCH3 = "14: " + NINE + " | ctrl viet_minh | trench 3"


def cleared(units: str = NINE, *, lost: str = "VM-V1") -> tuple[Event, ...]:
    """The assault clears 17 (FR-F3 eliminated): all advance, flip, one lost, the action ends."""
    return (roll(4, 5), hit("FR-F3"), advance(units), spent(units), lose(lost), close())


def failed(units: str = NINE, *, lost: str = "VM-V1") -> tuple[Event, ...]:
    """The assault fails (FR-F3 only flipped): the assaulters stay, flip, one lost, the action ends."""
    return (roll(1, 2), hit("FR-F3", DamageResult.FLIP), spent(units), lose(lost), close())


# -- §4.7 worked examples ---------------------------------------------------------------------------


def as1_events(*, surprise: bool = True, defense: int | None = 6) -> tuple[Event, ...]:
    cards = (play(SURPRISE_ASSAULT, as_action=True),) if surprise else ()
    return (
        *cards,
        play(NIGHT_ASSAULT),
        assault(NINE, attack=19, defense=defense),
        roll(3, 4),
        hit("FR-F3"),
        advance(NINE),
        spent(NINE),
        lose("VM-V1"),
        close(),
    )


def test_as_1_the_rules_assault_example() -> None:
    """§4.7 AS-1: turn 2, Surprise Assault, all 9 VM units of 14 (trench 1) assault 17, Night Assault
    before the roll → PASS: 9 ≤ 9 − 0; attack 2d6 + 3 + ΣFP(9) = 7 + 3 + 9 = 19; defense = the
    highest French DEF (6), no terrain. (CARD-ONE-ACTION-CARD: Night Assault is no action card — the
    card rules' id.)"""
    begin = start(AS1)
    events = as1_events()
    assert go_info(begin, *events) == []
    attack = attack_at(begin, *events[:5])
    game, rules = combat_game(), switches()
    total = res.attack_total(attack, game, rules)
    defense = res.defense_total(attack, game, rules)
    assert isinstance(total, res.Total) and isinstance(defense, res.Total)
    assert (total.value, defense.value) == (19, 6)
    assert total.parts == ("dice 7", "FP 1+1+1+1+1+1+1+1+1", "Night Assault +3")


def test_as_1_with_every_rule_of_the_package() -> None:
    """AS-1 under the whole rules package: no assault finding (other modules may say what they say)."""
    from sdbp_module.games.sodbp.rules.package import SODBP

    report = run(start(AS1), *as1_events(), rules=SODBP.rules)
    assert [f for f in report.findings if f.rule_id.startswith("ASSAULT-")] == []


def test_as_2_no_surprise_assault_on_turn_2() -> None:
    """§4.7 AS-2: AS-1 without Surprise Assault on turn 2 → ASSAULT-ENTRENCH-3 illegal (the assault line)."""
    report = run(start(AS1), *as1_events(surprise=False), rules=RULES)
    assert mine(report) == [("ASSAULT-ENTRENCH-3", ILLEGAL, 2)]
    (f,) = report.findings
    assert (f.expected, f.actual, f.turn, f.action) == (3, 1, 2, 1)
    assert f.message == (
        "Assault 14 → 17 on turn 2 from trench level 1 without Surprise Assault; the origin needs "
        "trench level 3 except on turn 1 (10.0)."
    )


def test_as_3_no_surprise_assault_on_turn_1() -> None:
    """§4.7 AS-3: AS-2 on turn 1 → PASS (any origin on turn 1)."""
    assert go(start(AS1, turn=1), *as1_events(surprise=False)) == []


def test_entrench_3_trench_3_needs_no_card() -> None:
    """10.0: from trench level 3 no card is needed."""
    assert go(start(TRENCH3), assault(NINE), *cleared()) == []


def test_entrench_3_unknown_turn_is_cannot_check() -> None:
    """10.0: without a turn number the exception of turn 1 cannot be judged → cannot-check."""
    begin = position(f"{AS1}\n17: FR-F3 | ctrl french")
    report = run(begin, assault(NINE), *cleared(), rules=RULES)
    assert mine(report) == [("ASSAULT-ENTRENCH-3", CANNOT, 1)]
    assert "the turn number" in report.findings[0].message


def test_as_4_target_already_holds_two_vm_units() -> None:
    """§4.7 AS-4: 17 already holds 2 VM units; 8 assault → ASSAULT-SIZE-LIMIT illegal; 7 → PASS."""
    target = "17: FR-F3 VM-V10 VM-V11 | ctrl french"
    eight = vm(1, 8)
    report = run(start("14: " + eight + " | ctrl viet_minh | trench 3", target), assault(eight), *failed(eight), rules=RULES)
    assert mine(report) == [("ASSAULT-SIZE-LIMIT", ILLEGAL, 1)]
    assert (report.findings[0].expected, report.findings[0].actual) == (7, 8)
    seven = vm(1, 7)
    assert go(start("14: " + seven + " | ctrl viet_minh | trench 3", target), assault(seven), *failed(seven)) == []


def test_as_5_the_assault_clears_17() -> None:
    """§4.7 AS-5: 17 cleared, the 9 move in, 17 → VM, all spent, 1 eliminated (the VM's choice) → PASS."""
    report = run(start(TRENCH3), assault(NINE), *cleared(lost="VM-V5"), rules=RULES)
    assert mine(report, with_info=True) == []
    final = report.final
    assert final.controller(aid(17)) is VM
    assert final.units_in(aid(17), VM) == tuple(u for u in uids(NINE) if u != "VM-V5")
    assert all(final.is_spent(u) for u in final.units_in(aid(17)))


def test_as_6_the_assault_fails() -> None:
    """§4.7 AS-6: the assault fails: the units stay in 14, spent, 1 eliminated → PASS; 0 eliminated →
    ASSAULT-LOSS illegal (stamped on the assault line)."""
    begin = start(TRENCH3)
    assert go(begin, assault(NINE), *failed()) == []
    no_loss = (roll(1, 2), hit("FR-F3", DamageResult.FLIP), spent(NINE), close())
    report = run(begin, assault(NINE), *no_loss, rules=RULES)
    assert mine(report) == [("ASSAULT-LOSS", ILLEGAL, 1)]
    f = report.findings[0]
    assert (f.expected, f.actual) == (1, 0)
    assert f.message == (
        "The assault 14 → 17 eliminated 0 assaulting units; it must lose exactly 1 "
        "(1 automatic + 0 Giap re-rolls) (10.0)."
    )


SEVEN = vm(1, 7)


def giap_rolls(n: int) -> tuple[Event, ...]:
    return (roll(1, 1), play(GIAP), *(roll(2, 3) for _ in range(n)))


def test_as_7_giap_six_rerolls_all_seven_lost() -> None:
    """§4.7 AS-7: 7 units, 6 Giap re-rolls, all 7 eliminated, 17 cleared → 17 becomes VM-controlled
    and stays so although empty → PASS."""
    begin = start("14: " + SEVEN + " | ctrl viet_minh | trench 3")
    events = (assault(SEVEN), *giap_rolls(6), hit("FR-F3"), advance(SEVEN), spent(SEVEN), lose(SEVEN), close())
    report = run(begin, *events, rules=RULES)
    assert mine(report, with_info=True) == []
    assert report.final.controller(aid(17)) is VM
    assert report.final.units_in(aid(17)) == ()


def test_as_7_a_seventh_reroll() -> None:
    """§4.7 AS-7: a 7th re-roll with 7 units → ASSAULT-GIAP-REROLL-LIMIT illegal, on that re-roll (the
    loss is capped at the 7 units there are: no ASSAULT-LOSS)."""
    begin = start("14: " + SEVEN + " | ctrl viet_minh | trench 3")
    events = (assault(SEVEN), *giap_rolls(7), hit("FR-F3"), advance(SEVEN), spent(SEVEN), lose(SEVEN), close())
    report = run(begin, *events, rules=RULES)
    assert mine(report) == [("ASSAULT-GIAP-REROLL-LIMIT", ILLEGAL, 10)]
    assert (report.findings[0].expected, report.findings[0].actual) == (6, 7)


def test_capture_order_all_lost_before_entering() -> None:
    """10.0: AS-7 with the 7 eliminated before they enter 17: the cleared 17 stays French →
    ASSAULT-CAPTURE-ORDER illegal (the advance rule has no remaining assaulter to move)."""
    begin = start("14: " + SEVEN + " | ctrl viet_minh | trench 3")
    events = (assault(SEVEN), *giap_rolls(6), hit("FR-F3"), spent(SEVEN), lose(SEVEN), close())
    report = run(begin, *events, rules=RULES)
    assert mine(report) == [("ASSAULT-CAPTURE-ORDER", ILLEGAL, 1)]
    assert (report.findings[0].expected, report.findings[0].actual) == ("viet_minh", "french")


def test_capture_order_marker_gives_the_area_back() -> None:
    """10.0: a control marker that gives the captured 17 back to the French → ASSAULT-CAPTURE-ORDER."""
    report = run(
        start(TRENCH3),
        assault(NINE), roll(4, 5), hit("FR-F3"), advance(NINE), spent(NINE), lose("VM-V1"),
        ControlSet(area=aid(17), side=FR, action=1), close(),
        rules=RULES,
    )
    assert mine(report) == [("ASSAULT-CAPTURE-ORDER", ILLEGAL, 1)]


FIVE = vm(1, 5)


def as8(attack: int) -> tuple[Event, ...]:
    """5 units; raw 5, Giap, re-roll 9, re-roll 7; 3 eliminated; FR-F3 survives (flipped)."""
    return (
        assault(FIVE, attack=attack),
        roll(2, 3),
        play(GIAP),
        roll(4, 5),
        roll(3, 4),
        hit("FR-F3", DamageResult.FLIP),
        spent(FIVE),
        lose("VM-V1 VM-V2 VM-V3"),
        close(),
    )


AS8_START = "14: " + FIVE + " | ctrl viet_minh | trench 3"


def test_as_8_giap_keeps_the_best_roll() -> None:
    """§4.7 AS-8: raw 5, re-roll 9 (keep 9), re-roll 7 (keep 9): attack 9 + ΣFP(all 5) = 14, not
    recomputed; losses 1 + 2 = 3 → PASS."""
    begin = start(AS8_START)
    assert go(begin, *as8(14)) == []
    total = res.attack_total(attack_at(begin, *as8(14)[:5]), combat_game(), switches())
    assert isinstance(total, res.Total) and total.value == 14


def test_as_8_keeping_the_last_roll() -> None:
    """§4.7 AS-8: keeping the 7 (attack 12) → ASSAULT-GIAP-REROLL-LIMIT illegal, once: with the fire rules
    on, FIRE-ATTACK-TOTAL leaves the total a Giap re-roll explains to it."""
    from sdbp_module.games.sodbp.rules.fire import RULES as FIRE_RULES

    report = run(start(AS8_START), *as8(12), rules=RULES)
    assert mine(report) == [("ASSAULT-GIAP-REROLL-LIMIT", ILLEGAL, 1)]
    assert "keeps the roll 7, not the best so far (9 of 5, 9, 7)" in report.findings[0].message
    both = run(start(AS8_START), *as8(12), rules=(*RULES, *FIRE_RULES))
    assert [v for v in mine(both) if v[0] in ("ASSAULT-GIAP-REROLL-LIMIT", "FIRE-ATTACK-TOTAL")] == [
        ("ASSAULT-GIAP-REROLL-LIMIT", ILLEGAL, 1)
    ]
    other = run(start(AS8_START), *as8(13), rules=(*RULES, *FIRE_RULES))  # neither roll nor the lost units
    assert [v for v in mine(other) if v[0] in ("ASSAULT-GIAP-REROLL-LIMIT", "FIRE-ATTACK-TOTAL")] == [
        ("FIRE-ATTACK-TOTAL", ILLEGAL, 1)
    ]


def test_as_8_attack_recomputed_without_the_lost_units() -> None:
    """Giap: the attack recomputed without the 3 units the assault costs (9 + 2 = 11) → illegal."""
    report = run(start(AS8_START), *as8(11), rules=RULES)
    assert mine(report) == [("ASSAULT-GIAP-REROLL-LIMIT", ILLEGAL, 1)]
    assert (report.findings[0].expected, report.findings[0].actual) == (14, 11)


def test_as_8_two_losses_for_two_rerolls_is_loss() -> None:
    """10.0, Giap: 2 re-rolls cost 1 + 2 = 3 units; 2 eliminated → ASSAULT-LOSS illegal."""
    events = list(as8(14))
    events[7] = lose("VM-V1 VM-V2")
    report = run(start(AS8_START), *events, rules=RULES)
    assert mine(report) == [("ASSAULT-LOSS", ILLEGAL, 1)]
    assert (report.findings[0].expected, report.findings[0].actual) == (3, 2)


def test_giap_before_the_first_roll() -> None:
    """Giap: played before the first attack roll → ASSAULT-GIAP-REROLL-LIMIT illegal, on the card line."""
    begin = start(AS8_START)
    events = (assault(FIVE), play(GIAP), roll(2, 3), hit("FR-F3", DamageResult.FLIP), spent(FIVE), lose("VM-V1"), close())
    assert go(begin, *events) == [("ASSAULT-GIAP-REROLL-LIMIT", ILLEGAL, 2)]


def test_second_giap_is_suspicious() -> None:
    """AMB-33: a second Giap in the same assault → suspicious (strict: illegal)."""
    begin = start(AS8_START)
    events = (
        assault(FIVE), roll(2, 3), play(GIAP), roll(4, 5), play(GIAP, copy=1), roll(3, 4),
        hit("FR-F3", DamageResult.FLIP), spent(FIVE), lose("VM-V1 VM-V2 VM-V3"), close(),
    )
    assert go(begin, *events) == [("ASSAULT-GIAP-REROLL-LIMIT", SUSPICIOUS, 5)]
    assert go(begin, *events, options=("strict_mode=true",)) == [("ASSAULT-GIAP-REROLL-LIMIT", ILLEGAL, 5)]


def test_reroll_without_giap() -> None:
    """Giap: a second VM assault roll without the card → illegal, on that roll; it costs no unit."""
    begin = start(AS8_START)
    events = (assault(FIVE), roll(2, 3), roll(4, 5), hit("FR-F3", DamageResult.FLIP), spent(FIVE), lose("VM-V1"), close())
    assert go(begin, *events) == [("ASSAULT-GIAP-REROLL-LIMIT", ILLEGAL, 3)]


def test_old_logs_fire_purpose_count_as_assault_rolls() -> None:
    """Old logs give the assault dice purpose "fire": the Giap re-rolls are counted the same."""
    begin = start(AS8_START)
    events = [e if not isinstance(e, DiceRoll) else replace(e, purpose="fire") for e in as8(14)]
    assert go(begin, *events) == []
    events[7] = lose("VM-V1")
    assert go(begin, *events) == [("ASSAULT-LOSS", ILLEGAL, 1)]


AS9_ORIGIN = "14: VM-V1 VM-V2 VM-V3 VM-V4 FR-S1 FR-S2 | ctrl viet_minh | trench 3"
FOUR = vm(1, 4)


def test_as_9_assault_out_of_a_shared_area() -> None:
    """§4.7 AS-9: 14 (trench 3) holds 4 VM + 2 French units; all 4 assault 17 and clear it → 14 passes
    to the French and its trench marker is removed → PASS. (The trench rules' ids judge the marker
    too; this is ASSAULT-ORIGIN-CONTROL.)"""
    begin = start(AS9_ORIGIN)
    events = (
        assault(FOUR), roll(4, 5), hit("FR-F3"), advance(FOUR),
        TrenchSet(area=aid(14), level=0, action=1), spent(FOUR), lose("VM-V1"), close(),
    )
    report = run(begin, *events, rules=RULES)
    assert mine(report, with_info=True) == []
    assert report.final.controller(aid(14)) is FR and report.final.trench(aid(14)) == 0


def test_as_9_trench_kept() -> None:
    """§4.7 AS-9 variant: the trench marker stays on 14 → ASSAULT-ORIGIN-CONTROL illegal."""
    events = (assault(FOUR), roll(4, 5), hit("FR-F3"), advance(FOUR), spent(FOUR), lose("VM-V1"), close())
    report = run(start(AS9_ORIGIN), *events, rules=RULES)
    assert mine(report) == [("ASSAULT-ORIGIN-CONTROL", ILLEGAL, 1)]
    assert "it keeps its trench marker (level 3)" in report.findings[0].message


def test_as_9_control_kept() -> None:
    """§4.7 AS-9 variant: a VM control marker keeps 14 VM → ASSAULT-ORIGIN-CONTROL illegal."""
    events = (
        assault(FOUR), roll(4, 5), hit("FR-F3"), advance(FOUR), TrenchSet(area=aid(14), level=0, action=1),
        ControlSet(area=aid(14), side=VM, action=1), spent(FOUR), lose("VM-V1"), close(),
    )
    report = run(start(AS9_ORIGIN), *events, rules=RULES)
    assert mine(report) == [("ASSAULT-ORIGIN-CONTROL", ILLEGAL, 1)]
    assert "it is still Viet Minh-controlled" in report.findings[0].message


def test_origin_control_failed_assault_keeps_the_origin() -> None:
    """10.0: a failed assault out of a shared area: the assaulters stay, 14 stays VM → PASS."""
    events = (assault(FOUR), *failed(FOUR))
    assert go(start(AS9_ORIGIN), *events) == []


def _fire_marker(area: int, side: Side = VM) -> FireMarkerSet:
    return FireMarkerSet(area=aid(area), side=side, action=1)


def test_as_10_fire_marker_after_an_assault() -> None:
    """§4.7 AS-10: a fire marker placed after an assault → ASSAULT-NO-FIRE-MARKER suspicious (strict:
    illegal); with ``fire_marker_on_assault=origin_area`` one on the origin is allowed."""
    begin = start(TRENCH3)
    on_origin = (assault(NINE), roll(4, 5), hit("FR-F3"), advance(NINE), spent(NINE), _fire_marker(14), lose("VM-V1"), close())
    assert go(begin, *on_origin) == [("ASSAULT-NO-FIRE-MARKER", SUSPICIOUS, 6)]
    assert go(begin, *on_origin, options=("strict_mode=true",)) == [("ASSAULT-NO-FIRE-MARKER", ILLEGAL, 6)]
    assert go(begin, *on_origin, options=("fire_marker_on_assault=origin_area",)) == []
    on_target = on_origin[:5] + (_fire_marker(17),) + on_origin[6:]
    assert go(begin, *on_target, options=("fire_marker_on_assault=origin_area",)) == [
        ("ASSAULT-NO-FIRE-MARKER", SUSPICIOUS, 6)
    ]


def test_as_10_fire_marker_put_down_and_turned_is_judged_once_at_its_last_face() -> None:
    """AMB-05 (``replay.markers``): with ``origin_area``, a marker dragged from the palette with the
    French face and turned to VM on the origin is the one VM marker the switch allows → nothing; turned
    to VM on the target it is one marker where none goes → suspicious once, at the turn."""
    begin = start(TRENCH3)
    options = ("fire_marker_on_assault=origin_area",)

    def marked(area: int) -> tuple[Event, ...]:
        put = FireMarkerSet(area=aid(area), side=FR, by=VM, action=1)
        turned = FireMarkerSet(area=aid(area), side=VM, was=FR, by=VM, action=1)
        return (assault(NINE), roll(4, 5), hit("FR-F3"), advance(NINE), spent(NINE), put, turned, lose("VM-V1"), close())

    assert go(begin, *marked(14), options=options) == []
    assert go(begin, *marked(17), options=options) == [("ASSAULT-NO-FIRE-MARKER", SUSPICIOUS, 7)]


def test_an_older_fire_marker_turned_during_an_assault_is_not_placed_by_it() -> None:
    """AMB-05: a VM marker of an earlier fire, turned during the assault (a correction), is no marker
    the assault places."""
    begin = start(TRENCH3.replace("| trench 3", "| trench 3 | fire french"))
    turned = FireMarkerSet(area=aid(14), side=VM, was=FR, by=VM, action=1)
    assert go(begin, assault(NINE), roll(4, 5), hit("FR-F3"), advance(NINE), spent(NINE), turned, lose("VM-V1"), close()) == []


def test_fire_marker_outside_an_assault_is_not_ours() -> None:
    """A fire marker after the assault's action is over is not the assault's."""
    begin = start(TRENCH3)
    later = FireMarkerSet(area=aid(14), side=VM, action=2)
    assert go(begin, assault(NINE), *cleared(), later) == []


THREE = vm(1, 3)
AS11_START = "14: " + THREE + " | ctrl viet_minh | trench 3"
AS11_EXTRA = "11: | ctrl viet_minh"


def test_as_11_mines_withdraw_everyone() -> None:
    """§4.7 AS-11: 3 assaulting units; Mines die 4 → all withdrawn; the action ends, no casualty → PASS
    (withdrawn by a ``withdraw`` move, or flipped in place: AMB-15)."""
    begin = start(AS11_START, extra=AS11_EXTRA)
    mines = (assault(THREE), play(MINES, FR), roll(4, side=FR, purpose="other"))
    assert go(begin, *mines, withdraw(THREE), close()) == []
    assert go(begin, *mines, spent(THREE), close()) == []


def test_as_11_casualty_after_an_abort() -> None:
    """§4.7 AS-11: a casualty taken after Mines withdrew every assaulter → ASSAULT-ABORT illegal, on
    the casualty (ASSAULT-LOSS leaves an aborted assault to ASSAULT-ABORT)."""
    begin = start(AS11_START, extra=AS11_EXTRA)
    events = (assault(THREE), play(MINES, FR), roll(4, side=FR, purpose="other"), spent(THREE), lose("VM-V1"), close())
    report = run(begin, *events, rules=RULES)
    assert mine(report) == [("ASSAULT-ABORT", ILLEGAL, 5)]
    assert report.findings[0].message == (
        "Mines left no fresh assaulting unit in area 14, so the action ended; yet VM-V1 is eliminated "
        "as the assault's casualty, which an aborted assault does not take."
    )


def test_abort_yet_the_assault_fire_is_rolled() -> None:
    """Mines: no fresh assaulter left, yet the assault dice are rolled → ASSAULT-ABORT illegal."""
    begin = start(AS11_START, extra=AS11_EXTRA)
    events = (
        assault(THREE), play(MINES, FR), roll(4, side=FR, purpose="other"), withdraw(THREE), roll(5, 6),
        hit("FR-F3", DamageResult.FLIP), close(),
    )
    assert go(begin, *events) == [("ASSAULT-ABORT", ILLEGAL, 5)]


def test_mines_leave_fresh_units_who_go_on() -> None:
    """Mines: die 1 → 1 of 3 withdrawn; the 2 fresh go on: they assault, flip, one is lost → PASS;
    the withdrawn unit need not flip, and 0 lost → ASSAULT-LOSS."""
    begin = start(AS11_START, extra=AS11_EXTRA)
    head = (assault(THREE), play(MINES, FR), roll(1, side=FR, purpose="other"), withdraw("VM-V3"))
    two = "VM-V1 VM-V2"
    assert go(begin, *head, roll(3, 3), hit("FR-F3", DamageResult.FLIP), spent(two), lose("VM-V1"), close()) == []
    assert go(begin, *head, roll(3, 3), hit("FR-F3", DamageResult.FLIP), spent(two), close()) == [
        ("ASSAULT-LOSS", ILLEGAL, 1)
    ]


def test_as_12_mines_and_debouchez() -> None:
    """§4.7 AS-12: Mines and Débouchez in the same assault → CARD-COMBO-MINES-DEBOUCHEZ (the card
    rules'). The assault itself goes on legally: 4 units, Mines withdraw 1, Débouchez flips 1, the 2
    left fresh assault → no assault finding."""
    begin = start("14: " + FOUR + " | ctrl viet_minh | trench 3", extra=AS11_EXTRA)
    events = (
        assault(FOUR),
        play(MINES, FR), roll(1, side=FR, purpose="other"), spent("VM-V4"),
        play(DEBOUCHEZ, FR), Fire(side=FR, target=aid(14), card=card(DEBOUCHEZ), action=1), roll(1, 1, side=FR, purpose="fire"),
        hit("VM-V3", DamageResult.FLIP, area=14, side=VM),
        roll(3, 3), hit("FR-F3", DamageResult.FLIP), spent("VM-V1 VM-V2"), lose("VM-V1"), close(),
    )
    assert go(begin, *events) == []


def _with_def7() -> GameData:
    """The combat map with a VM unit of DEF 7 (AS-13's "max DEF 7"): VM-E7, FP 1, DEF 7/4, MA 3."""
    game = combat_game()
    e7 = Unit(
        id=uid("VM-E7"), side=VM, formation="VM-E7", company="", type=UnitType.INFANTRY, marks=frozenset(),
        firepower=1, defense=7, movement=3, spent_defense=4,
        setup=Placement(SetupKind.OFF_MAP), source=HYPO,
    )
    return replace(game, units=game.units + (e7,))


def _run_on(game: GameData, begin: GameState, *events: Event) -> Report:
    from sdbp_module.games.sodbp.rules.package import SODBP

    numbered = [replace(e, where=Where("test.jsonl", i, i + 1)) for i, e in enumerate(events)]
    return check_events(numbered, game, SODBP, initial=begin, rules=RULES, switches=switches())


def debouchez(*dice: int) -> tuple[Event, ...]:
    return (
        play(DEBOUCHEZ, FR),
        Fire(side=FR, target=aid(14), card=card(DEBOUCHEZ), action=1),
        roll(*dice, side=FR, purpose="fire"),
    )


def test_as_13_debouchez_leaves_one_fresh_assaulter() -> None:
    """§4.7 AS-13: 4 fresh assaulters (max DEF 7); Débouchez 2d6 = 8 → attack 8 + 6 = 14 vs defense 7
    (no terrain for the assaulters) → 7 damage: the VM eliminates 2 (6) and flips 1 (1); the 1 fresh
    assaulter goes on → PASS, and the Débouchez eliminations are not the assault's price (1 lost).
    (Giving the assaulters their area's terrain is C-DEBOUCHEZ, the card rules'.)"""
    game = _with_def7()
    units = "VM-E7 VM-V1 VM-V2 VM-V3"
    begin = start("14: " + units + " | ctrl viet_minh | trench 3")
    events = (
        assault(units),
        *debouchez(4, 4),
        Damage(
            side=VM, target=aid(14), action=1,
            outcomes=(
                UnitOutcome(uid("VM-E7"), DamageResult.ELIMINATE),
                UnitOutcome(uid("VM-V1"), DamageResult.ELIMINATE),
                UnitOutcome(uid("VM-V2"), DamageResult.FLIP),
            ),
        ),
        roll(6, 6), hit("FR-F3"), advance("VM-V3"), spent("VM-V3"), lose("VM-V3"), close(),
    )
    assert verdicts(_run_on(game, begin, *events), with_info=True) == []
    card_fire = attack_at(begin, *events[:4])
    assert card_fire.card == card(DEBOUCHEZ) and res.assault_of(card_fire) is not None
    dmg = res.damage_total(card_fire, game, switches())
    assert isinstance(dmg, res.Total) and dmg.value == 7 and dmg.parts == ("attack 14 − defense 7",)
    # without the flip the last fresh unit would have to be lost by the assault: 0 lost → ASSAULT-LOSS
    no_loss = events[:-2] + (close(),)
    assert verdicts(_run_on(game, begin, *no_loss)) == [("ASSAULT-LOSS", ILLEGAL, 1)]


def test_debouchez_abort() -> None:
    """Débouchez: both assaulters flipped → no fresh assaulter: the action ends, no casualty → PASS;
    the assault rolled anyway → ASSAULT-ABORT illegal."""
    two = "VM-V1 VM-V2"
    begin = start("14: " + two + " | ctrl viet_minh | trench 3")
    head = (assault(two), *debouchez(5, 5), hit(two, DamageResult.FLIP, area=14, side=VM))
    assert go(begin, *head, close()) == []
    report = run(begin, *head, roll(6, 6), hit("FR-F3"), lose("VM-V1"), close(), rules=RULES)
    assert mine(report) == [("ASSAULT-ABORT", ILLEGAL, 6), ("ASSAULT-ABORT", ILLEGAL, 8)]
    assert "Débouchez à Zéro! left no fresh assaulting unit in area 14" in report.findings[0].message


def test_as_14_flares_against_two_night_assaults() -> None:
    """§4.7 AS-14: 2 Night Assaults, 1 Flares → net +3: attack 7 + 9 + 3 = 19 → PASS for the assault
    rules (the net bonus is FIRE-ATTACK-TOTAL / C-FLARES')."""
    begin = start(TRENCH3)
    events = (
        play(NIGHT_ASSAULT), play(NIGHT_ASSAULT, copy=1), assault(NINE, attack=19), play(FLARES, FR),
        roll(3, 4), hit("FR-F3"), advance(NINE), spent(NINE), lose("VM-V1"), close(),
    )
    assert go(begin, *events) == []
    total = res.attack_total(attack_at(begin, *events[:5]), combat_game(), switches())
    assert isinstance(total, res.Total) and total.value == 19
    assert "Night Assault +3 (2 played, 1 negated by Flares)" in total.parts


def test_as_15_assault_on_a_vm_controlled_area() -> None:
    """§4.7 AS-15: an assault on a VM-controlled area → ASSAULT-TARGET illegal."""
    begin = start("14: " + vm(1, 7) + " | ctrl viet_minh | trench 3", "17: FR-F3 VM-V10 | ctrl viet_minh")
    report = run(begin, assault(vm(1, 7)), *failed(vm(1, 7)), rules=RULES)
    assert mine(report) == [("ASSAULT-TARGET", ILLEGAL, 1)]
    assert (report.findings[0].expected, report.findings[0].actual) == ("french", "viet_minh")


def test_as_16_assault_across_a_river() -> None:
    """§4.7 AS-16: 11 → 17 across the river (no bridge), where a move would cost 3 MP → PASS; said
    once as info (ASSAULT-ACROSS-RIVER-OK)."""
    begin = start("11: " + THREE + " | ctrl viet_minh | trench 3")
    events = (assault(THREE, origin=11), roll(5, 5), hit("FR-F3"), advance(THREE, origin=11), spent(THREE), lose("VM-V2"), close())
    report = run(begin, *events, rules=RULES)
    assert mine(report, with_info=True) == [("ASSAULT-ACROSS-RIVER-OK", INFO, 1)]
    assert report.findings[0].message == (
        "The assault 11 → 17 crosses the river (with no bridge): legal, an assault ignores MP (10.0)."
    )


def test_no_river_no_info() -> None:
    """10.0: 14 → 17 crosses no river: nothing said."""
    assert go_info(start(TRENCH3), assault(NINE), *cleared()) == []


# -- the other ids, violating and legal ---------------------------------------------------------------


def test_vm_only_french_assault() -> None:
    """10.0: a French assault → ASSAULT-VM-ONLY illegal (the other assault ids say nothing of it)."""
    begin = start("14: VM-V1 | ctrl viet_minh | trench 3", "17: FR-F3 FR-S1 | ctrl french")
    events = (assault("FR-F3 FR-S1", origin=17, target=14, side=FR), roll(5, 5, side=FR), close())
    report = run(begin, *events, rules=RULES)
    assert mine(report, with_info=True) == [("ASSAULT-VM-ONLY", ILLEGAL, 1)]
    assert report.findings[0].side is FR


def test_origin_not_vm_is_info() -> None:
    """AMB-21: on turn 1 the VM assaults out of French-controlled 14 → info, nothing else."""
    begin = start("14: " + THREE + " | ctrl french", turn=1)
    report = run(begin, assault(THREE), *cleared(THREE), rules=RULES)
    assert mine(report, with_info=True) == [("ASSAULT-ORIGIN-NOT-VM", INFO, 1)]
    assert report.findings[0].message == (
        "The assault comes from area 14, which is French-controlled; possible only on turn 1 or with "
        "Surprise Assault (AMB-21)."
    )


def test_target_not_adjacent() -> None:
    """10.0: 14 → 10 (not adjacent) → ASSAULT-TARGET illegal."""
    begin = start(TRENCH3, "10: FR-F3 | ctrl french")
    events = (assault(NINE, target=10), roll(1, 2), hit("FR-F3", DamageResult.FLIP, area=10), spent(NINE), lose("VM-V1"), close())
    report = run(begin, *events, rules=RULES)
    assert mine(report) == [("ASSAULT-TARGET", ILLEGAL, 1)]
    assert "not adjacent to its origin 14" in report.findings[0].message


def test_target_without_french_units() -> None:
    """AMB-26: 17 French-controlled but empty → ASSAULT-TARGET suspicious (strict: illegal)."""
    begin = start(TRENCH3, "17: | ctrl french")
    events = (assault(NINE), roll(4, 4), advance(NINE), spent(NINE), lose("VM-V1"), close())
    assert go(begin, *events) == [("ASSAULT-TARGET", SUSPICIOUS, 1)]
    assert go(begin, *events, options=("strict_mode=true",)) == [("ASSAULT-TARGET", ILLEGAL, 1)]


def test_fresh_one_area_spent_unit() -> None:
    """10.0, 6.1: a spent unit among the assaulters → ASSAULT-FRESH-ONE-AREA illegal."""
    begin = start("14: VM-V1 VM-V2* VM-V3 | ctrl viet_minh | trench 3")
    report = run(begin, assault(THREE), *failed(THREE), rules=RULES)
    assert mine(report) == [("ASSAULT-FRESH-ONE-AREA", ILLEGAL, 1)]
    assert report.findings[0].units == ("VM-V2",)


def test_fresh_one_area_unit_from_elsewhere() -> None:
    """10.0, 6.1: an assaulter standing in 11, not in the origin 14 → ASSAULT-FRESH-ONE-AREA illegal."""
    begin = start("14: VM-V1 VM-V2 | ctrl viet_minh | trench 3", extra="11: VM-V3 | ctrl viet_minh")
    report = run(begin, assault(THREE), roll(1, 1), hit("FR-F3", DamageResult.FLIP), spent(THREE), lose("VM-V1"), close(), rules=RULES)
    assert mine(report) == [("ASSAULT-FRESH-ONE-AREA", ILLEGAL, 1)]
    assert "VM-V3 in 11" in report.findings[0].message


NO_TERRAIN_START = ("11: " + THREE + " | ctrl viet_minh | trench 3", "14: FR-F3 | ctrl french")


def _into_14(defense: int | None = None) -> tuple[Event, ...]:
    return (
        assault(THREE, origin=11, target=14, defense=defense), roll(1, 1), hit("FR-F3", DamageResult.FLIP, area=14),
        spent(THREE), lose("VM-V1"), close(),
    )


def test_no_terrain_logged_defense_with_terrain() -> None:
    """8.3.2, 10.0: 11 → 14 [printed 2]; the logged defense 8 = DEF 6 + terrain 2 → ASSAULT-NO-TERRAIN."""
    report = run(start(*NO_TERRAIN_START), *_into_14(defense=8), rules=RULES)
    assert mine(report) == [("ASSAULT-NO-TERRAIN", ILLEGAL, 1)]
    f = report.findings[0]
    assert (f.expected, f.actual) == (6, 8)
    assert f.message == (
        "The logged defense 8 includes terrain 2 of area 14; an assault's defense is the highest French "
        "DEF alone, DEF 6 (FR-F3) (8.3.2, 10.0)."
    )


def test_no_terrain_logged_defense_without_terrain() -> None:
    """8.3.2, 10.0: the logged defense 6 (DEF alone) → PASS; no logged defense → nothing to contradict."""
    assert go(start(*NO_TERRAIN_START), *_into_14(defense=6)) == []
    assert go(start(*NO_TERRAIN_START), *_into_14()) == []


def test_advance_partial() -> None:
    """10.0: 17 cleared, 8 of the 9 move in → ASSAULT-ADVANCE illegal (partial advance), on the advance."""
    begin = start(TRENCH3)
    events = (assault(NINE), roll(4, 5), hit("FR-F3"), advance(vm(1, 8)), spent(NINE), lose("VM-V1"), close())
    report = run(begin, *events, rules=RULES)
    assert mine(report) == [("ASSAULT-ADVANCE", ILLEGAL, 4)]
    assert report.findings[0].units == ("VM-V9",)
    assert report.findings[0].message.startswith("Partial advance: VM-V9 stays in area 14")


def test_advance_while_french_remain() -> None:
    """10.0: FR-F3 only flipped, yet the assaulters move into 17 → ASSAULT-ADVANCE illegal, on the move."""
    begin = start(TRENCH3)
    events = (assault(NINE), roll(1, 2), hit("FR-F3", DamageResult.FLIP), advance(NINE), spent(NINE), lose("VM-V1"), close())
    report = run(begin, *events, rules=RULES)
    assert mine(report) == [("ASSAULT-ADVANCE", ILLEGAL, 4)]
    assert "French units remain there after the assault fire (FR-F3)" in report.findings[0].message


def test_advance_missing_when_cleared() -> None:
    """10.0: 17 cleared but nobody moves in → ASSAULT-ADVANCE and ASSAULT-CAPTURE-ORDER illegal (17
    stays French)."""
    begin = start(TRENCH3)
    events = (assault(NINE), roll(4, 5), hit("FR-F3"), spent(NINE), lose("VM-V1"), close())
    assert go(begin, *events) == [("ASSAULT-ADVANCE", ILLEGAL, 1), ("ASSAULT-CAPTURE-ORDER", ILLEGAL, 1)]


def test_advance_assaulters_left_fresh() -> None:
    """10.0: the assaulters are not flipped spent → ASSAULT-ADVANCE illegal (left fresh)."""
    begin = start(TRENCH3)
    events = (assault(NINE), roll(4, 5), hit("FR-F3"), advance(NINE), lose("VM-V1"), close())
    report = run(begin, *events, rules=RULES)
    assert mine(report) == [("ASSAULT-ADVANCE", ILLEGAL, 1)]
    assert report.findings[0].units == tuple(uids(vm(2, 9)))


def test_advance_as_a_plain_move_in_the_same_action() -> None:
    """10.0: an advance logged as a plain move numbered into the assault's action counts as the advance."""
    begin = start(TRENCH3)
    plain = Move(side=VM, units=uids(NINE), from_area=aid(14), to_area=aid(17), path=(aid(14), aid(17)), action=1)
    events = (assault(NINE), roll(4, 5), hit("FR-F3"), plain, spent(NINE), lose("VM-V1"), close())
    assert go(begin, *events) == []


def test_loss_two_without_giap() -> None:
    """10.0: two assaulters eliminated without Giap → ASSAULT-LOSS illegal (1 expected)."""
    report = run(start(TRENCH3), assault(NINE), *cleared(lost="VM-V1 VM-V2"), rules=RULES)
    assert mine(report) == [("ASSAULT-LOSS", ILLEGAL, 1)]
    assert (report.findings[0].expected, report.findings[0].actual) == (1, 2)


def test_loss_by_the_vm_damage_after_the_fire() -> None:
    """10.0: the casualty logged as a VM ``damage`` (eliminate) after the assault fire counts."""
    begin = start(TRENCH3)
    casualty = hit("VM-V1", area=17, side=VM)
    events = (assault(NINE), roll(4, 5), hit("FR-F3"), advance(NINE), spent(NINE), casualty, close())
    assert go(begin, *events) == []


def test_assault_open_at_the_end_of_the_log() -> None:
    """An assault still open when the log ends is judged at the end (here: no casualty → ASSAULT-LOSS)."""
    begin = start(TRENCH3)
    report = run(begin, assault(NINE), roll(1, 2), hit("FR-F3", DamageResult.FLIP), spent(NINE), rules=RULES)
    assert mine(report) == [("ASSAULT-LOSS", ILLEGAL, 1)]


def test_finding_stamps_turn_action_and_side() -> None:
    """Findings about a whole assault point at its declaration, with its turn, action and side."""
    report = run(start(TRENCH3), assault(NINE), roll(1, 2), hit("FR-F3", DamageResult.FLIP), spent(NINE), close(), rules=RULES)
    (f,) = report.findings
    assert (f.rule_id, f.turn, f.action, f.side, f.areas) == ("ASSAULT-LOSS", 2, 1, VM, (AreaId(14), AreaId(17)))


def test_stack_declared_unit_by_unit() -> None:
    """10.0: an assault logged as two ``assault`` lines of one action is one assault of 10 units: one
    ASSAULT-SIZE-LIMIT, on the line that goes over 9, and the spent unit of that line reported there."""
    begin = start("14: " + vm(1, 9) + " VM-V10* | ctrl viet_minh | trench 3")
    ten = vm(1, 10)
    events = (assault(vm(1, 5)), assault(vm(6, 10)), *failed(ten))
    report = run(begin, *events, rules=RULES)
    assert mine(report) == [("ASSAULT-FRESH-ONE-AREA", ILLEGAL, 2), ("ASSAULT-SIZE-LIMIT", ILLEGAL, 2)]
    assert report.findings[1].actual == 10
    assert report.findings[0].units == ("VM-V10",)


def test_debouchez_after_the_roll_does_not_abort() -> None:
    """Débouchez logged after the assault roll (its timing is C-DEBOUCHEZ's) cannot abort the assault:
    the assault's loss is still due, and the VM damage it causes is not the assault's price."""
    two = "VM-V1 VM-V2"
    begin = start("14: " + two + " | ctrl viet_minh | trench 3")
    events = (
        assault(two), roll(3, 3), *debouchez(5, 5), hit(two, DamageResult.FLIP, area=14, side=VM),
        hit("FR-F3", DamageResult.FLIP), spent(two), lose("VM-V1"), close(),
    )
    assert go(begin, *events) == []


def test_advance_by_a_unit_that_did_not_assault() -> None:
    """10.0: the unit Mines withdrew (flipped in 14) advances with the assaulters → ASSAULT-ADVANCE."""
    begin = start(AS11_START)
    events = (
        assault(THREE), play(MINES, FR), roll(1, side=FR, purpose="other"), spent("VM-V3"),
        roll(6, 6), hit("FR-F3"), advance(THREE), spent("VM-V1 VM-V2"), lose("VM-V1"), close(),
    )
    report = run(begin, *events, rules=RULES)
    assert mine(report) == [("ASSAULT-ADVANCE", ILLEGAL, 7)]
    assert report.findings[0].units == ("VM-V3",)
