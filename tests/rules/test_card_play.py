"""Cards inside actions (``rules/card_play.py``; catalogue §3.3 CARD-*, §3.15 C-POOR-WEATHER, C-FLARES).

Worked examples: §4.10 CA-6, CA-7, CA-8, CA-9, CA-10 (turn part), CA-13 (after the roll), CA-19,
CA-20 and §4.9 RP-4. The map is the combat test map (``_combat_fixtures``): French FR-F3 … in 10
fire at 11 (VM, trench 1); Viet Minh VM-V1 … in 80 assault 81 (French). Cards are the bundled deck.
"""

from __future__ import annotations

from sdbp_module.games.sodbp.rules.card_play import RULES
from sdbp_module.ids import Severity
from sdbp_module.replay.events import (
    Assault,
    CardPlay,
    Damage,
    DamageResult,
    DiceRoll,
    Event,
    Fire,
    Move,
    MoveKind,
    Pass,
    Pile,
    TrenchSet,
    UnitOutcome,
)
from sdbp_module.rules.checker import Report
from tests.rules._combat_fixtures import (
    FIRE_EXAMPLE,
    FR,
    VM,
    aid,
    card,
    position,
    run,
    uid,
    uids,
    verdicts,
)

ILLEGAL = Severity.ILLEGAL.value
SUSPICIOUS = Severity.SUSPICIOUS.value
CANNOT = Severity.CANNOT_CHECK.value

FIRERS = uids("FR-F3 FR-F1A FR-F1B FR-F2")
ASSAULT_MAP = "turn 3 action viet_minh\n80: VM-V1 VM-V2 VM-V3 | ctrl viet_minh\n81: FR-S1 | ctrl french\n"
ASSAULTERS = uids("VM-V1 VM-V2 VM-V3")


def check(start: str, *events: Event, options: tuple[str, ...] = ()) -> Report:
    return run(position(start), *events, rules=RULES, options=options)


def mine(report: Report) -> list[tuple[str, str, int]]:
    return verdicts(report)


def play(side: object, name: str, copy: int = 0, **kw: object) -> CardPlay:
    return CardPlay(side=side, card=card(name, copy), **kw)  # type: ignore[arg-type]


def card_fire(side: object, name: str, target: int = 11, copy: int = 0, **kw: object) -> list[Event]:
    c = card(name, copy)
    return [
        CardPlay(side=side, card=c, targets=(aid(target),), **kw),  # type: ignore[arg-type]
        Fire(side=side, card=c, target=aid(target)),  # type: ignore[arg-type]
    ]


def roll(side: object, *values: int, purpose: str = "fire") -> DiceRoll:
    return DiceRoll(side=side, purpose=purpose, values=values)  # type: ignore[arg-type]


def hit(area: int, unit: str, by: object = VM) -> Damage:
    return Damage(side=by, target=aid(area), outcomes=(UnitOutcome(uid(unit), DamageResult.FLIP),))  # type: ignore[arg-type]


def unit_fire(**kw: object) -> Fire:
    return Fire(side=FR, units=FIRERS, from_area=aid(10), target=aid(11), **kw)  # type: ignore[arg-type]


# -- CARD-ONE-ACTION-CARD -------------------------------------------------------------------------


def test_CA_6_b26_and_artillery_in_one_action_is_illegal() -> None:
    events = [
        *card_fire(FR, "B-26 Bombers", as_action=True, action=1),
        roll(FR, 3, 4),
        *card_fire(FR, "Artillery", as_action=True, action=1, mode="fire"),
        roll(FR, 2, 2),
        Pass(side=VM),
    ]
    assert mine(check(FIRE_EXAMPLE, *events)) == [("CARD-ONE-ACTION-CARD", ILLEGAL, 4)]


def test_one_action_card_alone_passes() -> None:
    events = [*card_fire(FR, "B-26 Bombers", as_action=True), roll(FR, 3, 4), hit(11, "VM-V1"), Pass(side=VM)]
    assert mine(check(FIRE_EXAMPLE, *events)) == []


def test_CA_8_unit_fire_and_b26_is_illegal() -> None:
    events = [
        unit_fire(action=1),
        roll(FR, 2, 4),
        *card_fire(FR, "B-26 Bombers", as_action=True, action=1),
        roll(FR, 3, 3),
        Pass(side=VM),
    ]
    assert mine(check(FIRE_EXAMPLE, *events)) == [("CARD-ONE-ACTION-CARD", ILLEGAL, 1)]


def test_b26_logged_inside_a_unit_fire_is_illegal_at_the_end_of_the_log() -> None:
    """A class-A card logged as part of the unit action (not as the action); judged by ``finish``."""
    events = [unit_fire(), roll(FR, 2, 4), *card_fire(FR, "B-26 Bombers"), roll(FR, 3, 3)]
    assert mine(check(FIRE_EXAMPLE, *events)) == [("CARD-ONE-ACTION-CARD", ILLEGAL, 1)]


def test_counter_battery_is_not_an_action_card() -> None:
    """A 105mm as counter-battery inside a French artillery action is not a second action card (CA-20)."""
    events = [
        play(FR, "Artillery", as_action=True, mode="remove-trenches", targets=(aid(11),)),
        play(VM, "105mm Artillery", mode="counter-battery"),
        Pass(side=VM),
    ]
    assert mine(check(FIRE_EXAMPLE, *events)) == []


def test_surprise_assault_contains_its_assault() -> None:
    events = [
        play(VM, "Surprise Assault", as_action=True, action=1, targets=(aid(81),)),
        Assault(side=VM, units=ASSAULTERS, from_area=aid(80), target=aid(81), action=1),
        roll(VM, 4, 4, purpose="assault"),
        Pass(side=FR),
    ]
    assert mine(check(ASSAULT_MAP, *events)) == []
    moved = [*events[:3], Move(side=VM, units=uids("VM-V1"), from_area=aid(80), to_area=aid(82), action=1), Pass(side=FR)]
    assert mine(check(ASSAULT_MAP, *moved)) == [("CARD-ONE-ACTION-CARD", ILLEGAL, 4)]


COUNTER = "turn 3 action french\n10: FR-F3 | ctrl french\n14: FR-F2 | ctrl french\n11: VM-V1 | ctrl viet_minh\n"


def _counter_attack_with_b26() -> list[Event]:
    return [
        play(FR, "Counter Attack", as_action=True, action=1, targets=(aid(11),)),
        Move(side=FR, units=uids("FR-F3"), from_area=aid(10), to_area=aid(11), move_kind=MoveKind.GATHER, action=1),
        Fire(side=FR, units=uids("FR-F3"), from_area=aid(11), target=aid(11), action=1),
        roll(FR, 3, 3),
        *card_fire(FR, "B-26 Bombers", target=11, as_action=True, action=1),
        Pass(side=VM),
    ]


def test_counter_attack_and_b26_by_switch() -> None:
    """AMB-04: Counter Attack counts as an action card under the REC reading (a REC breach: suspicious)."""
    assert mine(check(COUNTER, *_counter_attack_with_b26())) == [("CARD-ONE-ACTION-CARD", SUSPICIOUS, 5)]
    strict = check(COUNTER, *_counter_attack_with_b26(), options=("strict_mode=true",))
    assert mine(strict) == [("CARD-ONE-ACTION-CARD", ILLEGAL, 5)]
    other = check(COUNTER, *_counter_attack_with_b26(), options=("counter_attack_is_action_card=false",))
    assert mine(other) == []


def test_counter_attack_contains_its_gather_and_attack() -> None:
    events = _counter_attack_with_b26()
    del events[4:6]
    assert mine(check(COUNTER, *events)) == []


# -- CARD-CLASS-D-OWN-ACTION ----------------------------------------------------------------------


def test_fighter_bombers_in_a_viet_minh_action_is_illegal() -> None:
    start = "turn 2 action viet_minh\n10: FR-F3 | ctrl french\n11: VM-V1 | ctrl viet_minh\n"
    events = [Pass(side=VM), *card_fire(FR, "Fighter Bombers")]
    assert mine(check(start, *events)) == [("CARD-CLASS-D-OWN-ACTION", ILLEGAL, 2)]


def test_rats_in_own_action_passes_and_outside_the_action_phase_is_illegal() -> None:
    start = "turn 2 action viet_minh\n10: FR-F3 | ctrl french\n11: VM-V1 | ctrl viet_minh\n"
    events = [
        Move(side=VM, units=uids("VM-V1"), from_area=aid(11), to_area=aid(7)),
        play(VM, "Rats of the Nam Yum", targets=(aid(10),)),
        DiceRoll(side=VM, purpose="other", values=(2,)),
    ]
    assert mine(check(start, *events)) == []
    end = "turn 2 end\n10: FR-F3 | ctrl french\n"
    assert mine(check(end, play(VM, "Rats of the Nam Yum", targets=(aid(10),)))) == [
        ("CARD-CLASS-D-OWN-ACTION", ILLEGAL, 1)
    ]


# -- CARD-TURN-RESTRICTION ------------------------------------------------------------------------

MINE_SHAFT = "turn {turn} action viet_minh\n10: FR-F3 | ctrl french\n11: VM-V1 | ctrl viet_minh\n"


def test_CA_9_detonate_on_turn_1_is_illegal() -> None:
    events = [Pass(side=VM), play(VM, "Detonate Mine Shaft", targets=(aid(10),), to=Pile.REMOVED)]
    assert mine(check(MINE_SHAFT.format(turn=1), *events)) == [("CARD-TURN-RESTRICTION", ILLEGAL, 2)]
    assert mine(check(MINE_SHAFT.format(turn=2), *events)) == []


def test_CA_10_relief_force_on_turn_5_is_illegal() -> None:
    start = "turn {turn} action french\n38: | ctrl french\n"
    events = [play(FR, "Relief Force from Isabelle", as_action=True, to=Pile.REMOVED), DiceRoll(side=FR, purpose="other", values=(6,))]
    assert mine(check(start.format(turn=4), *events)) == []
    assert mine(check(start.format(turn=5), *events)) == [("CARD-TURN-RESTRICTION", ILLEGAL, 1)]


def test_RP_4_emergency_replacements_on_turn_1_is_illegal() -> None:
    start = "turn {turn} action viet_minh\n11: VM-V1 | ctrl viet_minh\n"
    events = [Pass(side=VM), play(VM, "Emergency Replacements")]
    assert mine(check(start.format(turn=1), *events)) == [("CARD-TURN-RESTRICTION", ILLEGAL, 2)]
    assert mine(check(start.format(turn=3), *events)) == []


# -- CARD-MULTI-COPY and CARD-MULTI-RESOLUTION ----------------------------------------------------


def _ca7(second_fb_early: bool = False) -> list[Event]:
    fb1 = card_fire(FR, "Fighter Bombers", copy=0)
    fb2 = card_fire(FR, "Fighter Bombers", copy=1)
    head = [
        unit_fire(),
        play(FR, "Mortar Support", 0),
        play(FR, "Mortar Support", 1),
        roll(FR, 2, 4),
        hit(11, "VM-V1"),
    ]
    if second_fb_early:
        return [*head, *fb1, *fb2, roll(FR, 3, 3), roll(FR, 1, 1), hit(11, "VM-D8", FR), Pass(side=VM)]
    return [*head, *fb1, roll(FR, 3, 3), hit(11, "VM-D8", FR), *fb2, roll(FR, 1, 1), Pass(side=VM)]


def test_CA_7_unit_fire_fighter_bombers_and_mortars_pass() -> None:
    assert mine(check(FIRE_EXAMPLE, *_ca7())) == []


def test_fighter_bombers_copies_resolved_together_are_c_fighter_bombers() -> None:
    """5.2: two *Fighter Bombers* resolved together — the card's own id (C-FIGHTER-BOMBERS, card_fire) owns
    it; CARD-MULTI-RESOLUTION, which judges *Mines* and *Débouchez* copies, does not report it again."""
    from sdbp_module.games.sodbp.rules.card_fire import RULES as CARD_FIRE

    assert mine(check(FIRE_EXAMPLE, *_ca7(second_fb_early=True))) == []
    both = run(position(FIRE_EXAMPLE), *_ca7(second_fb_early=True), rules=(*RULES, *CARD_FIRE))
    assert [v[0] for v in mine(both)] == ["C-FIGHTER-BOMBERS"]


def test_mines_copies_resolved_together_is_card_multi_resolution() -> None:
    """5.2: a second *Mines* played before the first got its roll → CARD-MULTI-RESOLUTION."""
    head = [Assault(side=VM, units=ASSAULTERS, from_area=aid(80), target=aid(81))]
    together = [*head, play(FR, "Mines"), play(FR, "Mines", 1), roll(FR, 1, purpose="other"), roll(FR, 1, purpose="other")]
    assert [v[0] for v in mine(check(ASSAULT_MAP, *together))] == ["CARD-MULTI-RESOLUTION"]
    apart = [*head, play(FR, "Mines"), roll(FR, 1, purpose="other"), play(FR, "Mines", 1), roll(FR, 1, purpose="other")]
    assert mine(check(ASSAULT_MAP, *apart)) == []


def test_two_command_coordinations_in_one_action_is_suspicious() -> None:
    events = [
        unit_fire(),
        roll(FR, 2, 4),
        play(FR, "Command Coordination", 0),
        DiceRoll(side=FR, purpose="other", values=(5,)),
        play(FR, "Command Coordination", 1),
        DiceRoll(side=FR, purpose="other", values=(6,)),
        Pass(side=VM),
    ]
    assert mine(check(FIRE_EXAMPLE, *events)) == [("CARD-MULTI-COPY", SUSPICIOUS, 5)]


# -- CARD-TWO-EFFECTS-ONE -------------------------------------------------------------------------


def test_artillery_fire_and_trench_removal_is_illegal() -> None:
    events = [
        *card_fire(FR, "Artillery", as_action=True, mode="fire"),
        roll(FR, 3, 3),
        TrenchSet(area=aid(11), level=0),
        Pass(side=VM),
    ]
    assert mine(check(FIRE_EXAMPLE, *events)) == [("CARD-TWO-EFFECTS-ONE", ILLEGAL, 1)]
    one = [*events[:3], Pass(side=VM)]
    assert mine(check(FIRE_EXAMPLE, *one)) == []


def test_counter_battery_that_also_fires_is_illegal() -> None:
    events = [
        *card_fire(FR, "Artillery", as_action=True, mode="fire"),
        *card_fire(VM, "75mm Artillery", mode="counter-battery"),
        Pass(side=VM),
    ]
    assert mine(check(FIRE_EXAMPLE, *events)) == [("CARD-TWO-EFFECTS-ONE", ILLEGAL, 3)]


def test_two_effect_card_mode_unknown_or_missing() -> None:
    """A mode that is not one of the card's is a word the format does not know (issue 21, class 5): the
    events reader refuses it (``replay.vocabulary``), and it is never an illegal play."""
    from sdbp_module.replay.vocabulary import Vocabulary
    from tests.rules._combat_fixtures import combat_game

    both = play(FR, "TOT Artillery", as_action=True, mode="both", targets=(aid(11),))
    assert Vocabulary.of(combat_game()).refusal(both) == "mode: 'both' is not one of the modes of card FR-27 ('fire', 'remove-trenches')"
    assert mine(check(FIRE_EXAMPLE, both, Pass(side=VM))) == []
    silent = [play(FR, "TOT Artillery", as_action=True, targets=(aid(11),)), Pass(side=VM)]
    assert mine(check(FIRE_EXAMPLE, *silent)) == [("CARD-TWO-EFFECTS-ONE", CANNOT, 1)]
    inferred = [play(FR, "TOT Artillery", as_action=True, targets=(aid(11),)), TrenchSet(area=aid(11), level=0), Pass(side=VM)]
    assert mine(check(FIRE_EXAMPLE, *inferred)) == []


# -- CARD-TIMING-BEFORE-ROLL ----------------------------------------------------------------------


def test_CA_13_improved_defenses_after_the_roll_is_illegal() -> None:
    after = [unit_fire(), roll(FR, 2, 4), play(VM, "Improved Defenses"), hit(11, "VM-V1"), Pass(side=VM)]
    assert mine(check(FIRE_EXAMPLE, *after)) == [("CARD-TIMING-BEFORE-ROLL", ILLEGAL, 3)]
    before = [unit_fire(), play(VM, "Improved Defenses"), roll(FR, 2, 4), hit(11, "VM-V1"), Pass(side=VM)]
    assert mine(check(FIRE_EXAMPLE, *before)) == []


def test_night_assault_after_the_assault_roll_is_illegal() -> None:
    events = [
        Assault(side=VM, units=ASSAULTERS, from_area=aid(80), target=aid(81)),
        roll(VM, 4, 4, purpose="assault"),
        play(VM, "Night Assault"),
        Pass(side=FR),
    ]
    assert mine(check(ASSAULT_MAP, *events)) == [("CARD-TIMING-BEFORE-ROLL", ILLEGAL, 3)]


def test_mortar_with_no_roll_logged_cannot_be_checked() -> None:
    events = [unit_fire(), play(FR, "Mortar Support"), Pass(side=VM)]
    assert mine(check(FIRE_EXAMPLE, *events)) == [("CARD-TIMING-BEFORE-ROLL", CANNOT, 2)]


# -- CARD-COMBO-MINES-DEBOUCHEZ -------------------------------------------------------------------


def test_mines_and_debouchez_in_one_assault_is_illegal() -> None:
    head = [Assault(side=VM, units=ASSAULTERS, from_area=aid(80), target=aid(81)), play(FR, "Mines")]
    mines_roll = DiceRoll(side=FR, purpose="other", values=(1,))
    tail = [roll(VM, 4, 4, purpose="assault"), Pass(side=FR)]
    assert mine(check(ASSAULT_MAP, *head, mines_roll, *tail)) == []
    both = [*head, mines_roll, *card_fire(FR, "Débouchez à Zéro!", target=80), roll(FR, 2, 2), *tail]
    assert mine(check(ASSAULT_MAP, *both)) == [("CARD-COMBO-MINES-DEBOUCHEZ", ILLEGAL, 4)]


# -- CARD-NEGATION-TARGET and C-POOR-WEATHER ------------------------------------------------------


def test_CA_19_poor_weather_against_b26_passes() -> None:
    events = [*card_fire(FR, "B-26 Bombers", as_action=True), play(VM, "Poor Weather"), Pass(side=VM)]
    assert mine(check(FIRE_EXAMPLE, *events)) == []


def test_CA_19_poor_weather_against_artillery_is_illegal() -> None:
    events = [*card_fire(FR, "Artillery", as_action=True, mode="fire"), play(VM, "Poor Weather"), Pass(side=VM)]
    assert mine(check(FIRE_EXAMPLE, *events)) == [("CARD-NEGATION-TARGET", ILLEGAL, 3)]


def test_poor_weather_negating_nothing_is_illegal() -> None:
    events = [unit_fire(), play(VM, "Poor Weather"), roll(FR, 2, 4), Pass(side=VM)]
    assert mine(check(FIRE_EXAMPLE, *events)) == [("CARD-NEGATION-TARGET", ILLEGAL, 2)]


def test_negated_b26_still_firing_is_illegal() -> None:
    events = [*card_fire(FR, "B-26 Bombers", as_action=True), play(VM, "Poor Weather"), roll(FR, 3, 3), hit(11, "VM-V1")]
    assert mine(check(FIRE_EXAMPLE, *events, Pass(side=VM))) == [("C-POOR-WEATHER", ILLEGAL, 4)]
    late = [*card_fire(FR, "B-26 Bombers", as_action=True), roll(FR, 3, 3), play(VM, "Poor Weather"), Pass(side=VM)]
    report = check(FIRE_EXAMPLE, *late)
    assert mine(report) == [("C-POOR-WEATHER", ILLEGAL, 3)]
    assert "after it was resolved" in report.findings[0].message


def test_poor_weather_played_by_the_french_is_card_own_deck() -> None:
    """A *Poor Weather* logged as the French's: a card of the other side → CARD-OWN-DECK alone (hand.py);
    C-POOR-WEATHER does not report the same fact again."""
    from sdbp_module.games.sodbp.rules.hand import RULES as HAND

    events = [*card_fire(FR, "B-26 Bombers", as_action=True), play(FR, "Poor Weather"), Pass(side=VM)]
    assert mine(check(FIRE_EXAMPLE, *events)) == []
    report = run(position(FIRE_EXAMPLE), *events, rules=(*RULES, *HAND))
    assert [v[:2] for v in mine(report) if v[1] == ILLEGAL] == [("CARD-OWN-DECK", ILLEGAL)]


def test_poor_weather_in_a_viet_minh_action_negates_nothing() -> None:
    start = "turn 2 action viet_minh\n10: FR-F3 | ctrl french\n11: VM-V1 | ctrl viet_minh\n"
    events = [Pass(side=VM), play(VM, "Poor Weather")]
    assert mine(check(start, *events)) == [("CARD-NEGATION-TARGET", ILLEGAL, 2)]


def test_CA_20_counter_battery_against_trench_removal_passes() -> None:
    events = [
        play(FR, "Artillery", as_action=True, mode="remove-trenches", targets=(aid(11),)),
        play(VM, "105mm Artillery", mode="counter-battery"),
        Pass(side=VM),
    ]
    assert mine(check(FIRE_EXAMPLE, *events)) == []


def test_counter_battered_artillery_still_removing_trenches_is_c_105() -> None:
    """A counter-battered *Artillery* that still removes the trench: the negated card's effect is the
    counter-battery card's own fault, C-105 (card_fire), once; CARD-NEGATION-TARGET judges only what a
    negation may target."""
    from sdbp_module.games.sodbp.rules.card_fire import RULES as CARD_FIRE

    events = [
        play(FR, "Artillery", as_action=True, mode="remove-trenches", targets=(aid(11),)),
        play(VM, "105mm Artillery", mode="counter-battery"),
        TrenchSet(area=aid(11), level=0),
        Pass(side=VM),
    ]
    assert mine(check(FIRE_EXAMPLE, *events)) == []
    report = run(position(FIRE_EXAMPLE), *events, rules=(*RULES, *CARD_FIRE))
    assert [v[:2] for v in mine(report)] == [("C-105", ILLEGAL)]


def test_counter_battery_against_mortar_support_by_switch() -> None:
    """AMB-20: REC, counter-battery does not negate Mortar Support (suspicious); the switch allows it."""
    events = [unit_fire(), play(FR, "Mortar Support"), play(VM, "75mm Artillery", mode="counter-battery"), roll(FR, 2, 4), Pass(side=VM)]
    assert mine(check(FIRE_EXAMPLE, *events)) == [("CARD-NEGATION-TARGET", SUSPICIOUS, 3)]
    assert mine(check(FIRE_EXAMPLE, *events, options=("counterbattery_covers_mortar=true",))) == []


def test_counter_battery_against_b26_is_illegal() -> None:
    events = [*card_fire(FR, "B-26 Bombers", as_action=True), play(VM, "75mm Artillery", mode="counter-battery"), Pass(side=VM)]
    assert mine(check(FIRE_EXAMPLE, *events)) == [("CARD-NEGATION-TARGET", ILLEGAL, 3)]


# -- C-FLARES -------------------------------------------------------------------------------------


def _night_assault(*after_flares: Event) -> list[Event]:
    return [
        play(VM, "Night Assault"),
        Assault(side=VM, units=ASSAULTERS, from_area=aid(80), target=aid(81)),
        play(FR, "Flares"),
        *after_flares,
        Pass(side=FR),
    ]


def test_flares_against_night_assault_in_an_assault_passes() -> None:
    assert mine(check(ASSAULT_MAP, *_night_assault(roll(VM, 4, 4, purpose="assault")))) == []


def test_assault_stopped_by_flares_is_illegal() -> None:
    assert mine(check(ASSAULT_MAP, *_night_assault())) == [("C-FLARES", ILLEGAL, 3)]


def test_flares_outside_an_assault_is_illegal() -> None:
    start = "turn 2 action viet_minh\n11: VM-D8 VM-V1 | ctrl viet_minh\n10: FR-F3 | ctrl french\n"
    events = [
        Fire(side=VM, units=uids("VM-D8 VM-V1"), from_area=aid(11), target=aid(10)),
        play(VM, "Night Assault"),
        play(FR, "Flares"),
        roll(VM, 3, 3),
        Pass(side=FR),
    ]
    assert mine(check(start, *events)) == [("C-FLARES", ILLEGAL, 3)]


def test_flares_against_another_card_or_nothing_is_illegal() -> None:
    two = [
        play(VM, "Night Assault"),
        Assault(side=VM, units=ASSAULTERS, from_area=aid(80), target=aid(81)),
        play(FR, "Flares", 0),
        play(FR, "Flares", 1),
        roll(VM, 4, 4, purpose="assault"),
        Pass(side=FR),
    ]
    assert mine(check(ASSAULT_MAP, *two)) == [("CARD-MULTI-COPY", SUSPICIOUS, 4), ("CARD-NEGATION-TARGET", ILLEGAL, 4)]


def test_filters_and_gates_change_no_finding() -> None:
    """The rules' ``events=`` filters and gates skip only steps they never judge (a few scenarios above)."""
    from dataclasses import replace

    from sdbp_module.rules.base import FunctionRule

    ungated = tuple(replace(r, event_types=None, gate=None) for r in RULES if isinstance(r, FunctionRule))
    scenarios: list[tuple[str, list[Event]]] = [
        (ASSAULT_MAP, [Assault(side=VM, units=ASSAULTERS, from_area=aid(80), target=aid(81)), play(FR, "Mines"), play(FR, "Mines", 1)]),
        (FIRE_EXAMPLE, [*card_fire(FR, "B-26 Bombers", as_action=True), play(VM, "Poor Weather"), roll(FR, 3, 3)]),
        (ASSAULT_MAP, _night_assault()),
        (COUNTER, _counter_attack_with_b26()),
        (FIRE_EXAMPLE, [unit_fire(), roll(FR, 2, 4), play(VM, "Improved Defenses"), hit(11, "VM-V1"), Pass(side=VM)]),
    ]
    for start, events in scenarios:
        gated = check(start, *events).findings
        assert gated
        assert run(position(start), *events, rules=ungated).findings == gated
