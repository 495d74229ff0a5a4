"""The attack a card play belongs to (``replay.combat``: ``Attack.holds``; SoDBP timings in
``rules/play_sequence.ATTACK_CARD_TIMINGS``; issue 21, class 2).

A reaction or modifier card played after an attack's declaration and before its roll belongs to that
attack, and to no other: not to the attack the other side declares next. Each case below is written
as a log without action numbers (the way the log interpretation reads a ``.vlog``), and every action
is followed by the other side's fire, which opens the next action: the legal sequence gives no card
finding and the arithmetic counts the card in its own attack only; a card played at a wrong time
still gets its finding, under its own rule id.

The maps are the combat fixture's (``_combat_fixtures``), the positions those of
``test_card_modifiers``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache

import pytest

from sdbp_module.games.sodbp.rules import resolution as res
from sdbp_module.games.sodbp.rules.assault import RULES as ASSAULT_RULES
from sdbp_module.games.sodbp.rules.card_modifiers import RULES as MODIFIER_RULES
from sdbp_module.games.sodbp.rules.card_play import RULES as CARD_PLAY_RULES
from sdbp_module.games.sodbp.rules.fire import RULES as FIRE_RULES
from sdbp_module.games.sodbp.rules.sodbp_cards import (
    BIGEARD,
    COMMAND_COORDINATION,
    DEBOUCHEZ,
    FLAMETHROWERS,
    FLARES,
    GIAP,
    IMPROVED_DEFENSES,
    MINES,
    MORTAR_SUPPORT,
    NIGHT_ASSAULT,
    POOR_WEATHER,
)
from sdbp_module.ids import Side
from sdbp_module.replay.apply import apply
from sdbp_module.replay.combat import Attack
from sdbp_module.replay.events import (
    Assault,
    CardPlay,
    Damage,
    DamageResult,
    DiceRoll,
    Event,
    Fire,
    Flip,
    Move,
    MoveKind,
    Pass,
    UnitOutcome,
)
from sdbp_module.replay.state import GameState
from tests.rules._combat_fixtures import (
    FR,
    THREE,
    VM,
    aid,
    assault_position,
    ca14,
    ca15,
    card,
    combat_game,
    position,
    run,
    switches,
    uids,
    verdicts,
    vm_fire,
)

RULES = MODIFIER_RULES + CARD_PLAY_RULES + ASSAULT_RULES + FIRE_RULES
CARD_IDS = ("C-", "CARD-TIMING-BEFORE-ROLL", "CARD-NEGATION-TARGET", "ASSAULT-GIAP", "FIRE-ATTACK-TOTAL", "FIRE-DEFENSE-TOTAL")


@cache
def assault_and_10() -> GameState:
    """``assault_position`` with French FR-F2 in 10 to fire at 11 after the assault (its target cleared)."""
    return position(
        f"turn 2 action viet_minh\n14: {THREE} | ctrl viet_minh | trench 3\n17: FR-F3 | ctrl french\n"
        "11: VM-V4 | ctrl viet_minh\n10: FR-F2 | ctrl french"
    )


# -- events, all without action numbers ----------------------------------------------------------------


def play(name: str, side: Side, *, copy: int = 0, targets: tuple[int, ...] = (), mode: str | None = None) -> CardPlay:
    return CardPlay(side=side, card=card(name, copy), targets=tuple(aid(t) for t in targets), mode=mode)


def fire(side: Side, units: str, origin: int, target: int, **totals: int) -> Fire:
    return Fire(side=side, units=uids(units), from_area=aid(origin), target=aid(target), **totals)  # type: ignore[arg-type]


def roll(*values: int, side: Side, purpose: str = "fire") -> DiceRoll:
    return DiceRoll(side=side, purpose=purpose, values=values)


def hit(units: str, area: int, side: Side, result: DamageResult = DamageResult.FLIP) -> Damage:
    return Damage(side=side, target=aid(area), outcomes=tuple(UnitOutcome(u, result) for u in uids(units)))


def assault() -> Assault:
    return Assault(side=VM, units=uids(THREE), from_area=aid(14), target=aid(17))


def assault_end(units: str = THREE, lost: str = "VM-V1") -> tuple[Event, ...]:
    """The assault fire fails: FR-F3 flipped, the assaulters flip, one is lost (the price, 10.0)."""
    return (
        roll(1, 2, side=VM, purpose="assault"),
        hit("FR-F3", 17, FR),
        Flip(units=uids(units), spent=True),
        hit(lost, 14, VM, DamageResult.ELIMINATE),
    )


NEXT_VM = (fire(VM, "VM-V1", 11, 10), roll(1, 1, side=VM), Pass(side=FR))
"""After a French action on 11 (CA-14): the Viet Minh fires back from 11 at 10 (a new action)."""
NEXT_VM_82 = (fire(VM, "VM-D8", 82, 81), roll(1, 1, side=VM), Pass(side=FR))
NEXT_FR = (fire(FR, "FR-F3", 10, 11), roll(1, 1, side=FR), Pass(side=VM))
"""After a Viet Minh action from 11 (``vm_fire``): the French fire back from 10 at 11."""
NEXT_FR_10 = (fire(FR, "FR-F2", 10, 11), roll(1, 1, side=FR), Pass(side=VM))
NEXT_FR_17 = (fire(FR, "FR-F3", 17, 14), roll(1, 1, side=FR), Pass(side=VM))
"""After the Viet Minh assault 14 → 17: the French fire from 17 at 14."""


def findings(begin: GameState, *events: Event, options: tuple[str, ...] = ()) -> list[tuple[str, str, int]]:
    assert all(e.action is None for e in events)
    report = run(begin, *events, rules=RULES, options=options)
    return [v for v in verdicts(report) if v[0].startswith(CARD_IDS)]


def attacks(begin: GameState, *events: Event) -> list[Attack]:
    """Every attack of the log, as it stands when its action closes."""
    out: dict[int, Attack] = {}
    state = begin
    for e in events:
        state = apply(state, e)
        for a in state.attacks:
            out[a.number] = a
    return [out[n] for n in sorted(out)]


# -- the legal sequence: declaration → card → roll, then the other side attacks ------------------------

LEGAL: dict[str, Callable[[], tuple[GameState, tuple[Event, ...]]]] = {
    "C-IMPDEF": lambda: (ca14(), (fire(FR, "FR-F2", 10, 11, defense=7), play(IMPROVED_DEFENSES, VM, targets=(11,)), roll(3, 4, side=FR), *NEXT_VM)),
    "C-MORTAR": lambda: (ca14(), (fire(FR, "FR-F2", 10, 11, attack=12), play(MORTAR_SUPPORT, FR), roll(3, 4, side=FR), *NEXT_VM)),
    "C-FLAMETHROWERS": lambda: (ca15(), (fire(FR, "FR-F3", 81, 82, defense=8), play(FLAMETHROWERS, FR), roll(3, 4, side=FR), *NEXT_VM_82)),
    "C-NIGHT-ASSAULT": lambda: (assault_position(), (assault(), play(NIGHT_ASSAULT, VM), *assault_end(), *NEXT_FR_17)),
    "C-FLARES": lambda: (assault_position(), (assault(), play(NIGHT_ASSAULT, VM), play(FLARES, FR), *assault_end(), *NEXT_FR_17)),
    "C-GIAP": lambda: (
        assault_and_10(),
        (
            assault(),
            roll(1, 1, side=VM, purpose="assault"),
            play(GIAP, VM),
            roll(5, 6, side=VM, purpose="assault"),
            hit("FR-F3", 17, FR, DamageResult.ELIMINATE),
            Move(side=VM, units=uids(THREE), from_area=aid(14), to_area=aid(17), move_kind=MoveKind.ADVANCE),
            Flip(units=uids(THREE), spent=True),
            hit("VM-V1 VM-V2", 17, VM, DamageResult.ELIMINATE),
            *NEXT_FR_10,
        ),
    ),
    "C-BIGEARD": lambda: (vm_fire(), (fire(VM, "VM-D8 VM-V1", 11, 10), roll(6, 6, side=VM), play(BIGEARD, FR), hit("FR-F3", 10, FR), *NEXT_FR)),
    "C-COMMAND-COORD": lambda: (
        ca14(),
        (fire(FR, "FR-F2", 10, 11, attack=12), roll(2, 4, side=FR), play(COMMAND_COORDINATION, FR), roll(6, side=FR, purpose="other"), *NEXT_VM),
    ),
    "C-DEBOUCHEZ": lambda: (
        assault_position(),
        (
            assault(),
            play(DEBOUCHEZ, FR),
            Fire(side=FR, card=card(DEBOUCHEZ), target=aid(14)),
            roll(1, 1, side=FR),
            hit("VM-V3", 14, VM),
            *assault_end("VM-V1 VM-V2"),
            *NEXT_FR_17,
        ),
    ),
    "C-MINES": lambda: (
        assault_position(),
        (
            assault(),
            play(MINES, FR),
            roll(1, side=FR, purpose="other"),
            Move(side=VM, units=uids("VM-V3"), from_area=aid(14), to_area=aid(11), move_kind=MoveKind.WITHDRAW),
            *assault_end("VM-V1 VM-V2"),
            *NEXT_FR_17,
        ),
    ),
}


@pytest.mark.parametrize("rule_id", sorted(LEGAL))
def test_a_card_played_inside_an_attack_is_that_attacks(rule_id: str) -> None:
    begin, events = LEGAL[rule_id]()
    assert findings(begin, *events) == []
    first, *later = attacks(begin, *events)
    plays = [e for e in events if isinstance(e, CardPlay)]
    assert plays and all(first.holds(p) for p in plays)  # every card of the case is the first attack's …
    assert later and not any(a.holds(p) for a in later for p in plays)  # … and none is the next attack's


def _value(total: res.Total | res.Missing) -> int:
    assert isinstance(total, res.Total)
    return total.value


def test_the_arithmetic_counts_the_card_in_its_own_attack_only() -> None:
    """Mortar Support +3 and Improved Defenses ×2 in the French attack; the Viet Minh fire after it gets neither."""
    game, rules = combat_game(), switches()
    begin, events = LEGAL["C-MORTAR"]()
    french, viet_minh = attacks(begin, *events)
    assert _value(res.attack_total(french, game, rules)) == 3 + 4 + 2 + 3  # dice + FP + Mortar Support
    assert _value(res.attack_total(viet_minh, game, rules)) == 1 + 1 + 1
    begin, events = LEGAL["C-IMPDEF"]()
    french, viet_minh = attacks(begin, *events)
    assert _value(res.defense_total(french, game, rules)) == 5 + 2  # VM-V1 DEF 5 + terrain 1 doubled
    assert _value(res.defense_total(viet_minh, game, rules)) == 6 + 1  # FR-F2 DEF 6 + terrain 1


# -- a card played at a wrong time still gets its finding, under its own id ------------------------------

WRONG: dict[str, Callable[[], tuple[GameState, tuple[Event, ...], list[tuple[str, str, int]]]]] = {
    "Improved Defenses after the roll": lambda: (
        ca14(),
        (fire(FR, "FR-F2", 10, 11), roll(3, 4, side=FR), play(IMPROVED_DEFENSES, VM, targets=(11,)), *NEXT_VM),
        [("CARD-TIMING-BEFORE-ROLL", "illegal", 3)],
    ),
    "Improved Defenses in a Viet Minh attack": lambda: (
        vm_fire(),
        (fire(VM, "VM-D8 VM-V1", 11, 10), play(IMPROVED_DEFENSES, VM, targets=(11,)), roll(3, 4, side=VM), *NEXT_FR),
        [("C-IMPDEF", "illegal", 2)],
    ),
    "Mortar Support after the roll": lambda: (
        ca14(),
        (fire(FR, "FR-F2", 10, 11), roll(3, 4, side=FR), play(MORTAR_SUPPORT, FR), *NEXT_VM),
        [("CARD-TIMING-BEFORE-ROLL", "illegal", 3)],
    ),
    "Mortar Support in a Viet Minh attack": lambda: (
        vm_fire(),
        (fire(VM, "VM-D8 VM-V1", 11, 10), play(MORTAR_SUPPORT, FR), roll(3, 4, side=VM), *NEXT_FR),
        [("C-MORTAR", "illegal", 2)],
    ),
    "Night Assault after the assault roll": lambda: (
        assault_position(),
        (assault(), roll(1, 2, side=VM, purpose="assault"), play(NIGHT_ASSAULT, VM), *assault_end()[1:], *NEXT_FR_17),
        [("CARD-TIMING-BEFORE-ROLL", "illegal", 3)],
    ),
    "Night Assault in a French attack": lambda: (
        ca14(),
        (fire(FR, "FR-F2", 10, 11), play(NIGHT_ASSAULT, VM), roll(3, 4, side=FR), *NEXT_VM),
        [("C-NIGHT-ASSAULT", "illegal", 2)],
    ),
    "Flamethrowers after the damage": lambda: (
        ca15(),
        (fire(FR, "FR-F3", 81, 82), roll(6, 6, side=FR), hit("VM-D8", 82, VM), play(FLAMETHROWERS, FR), *NEXT_VM_82),
        [("C-FLAMETHROWERS", "illegal", 4)],
    ),
    "Flares in a Viet Minh fire": lambda: (
        vm_fire(),
        (fire(VM, "VM-D8 VM-V1", 11, 10), play(NIGHT_ASSAULT, VM), play(FLARES, FR), roll(3, 3, side=VM), *NEXT_FR),
        [("C-NIGHT-ASSAULT", "suspicious", 2), ("C-FLARES", "illegal", 3)],
    ),
    "Giap before the assault roll": lambda: (
        assault_position(),
        (assault(), play(GIAP, VM), *assault_end(), *NEXT_FR_17),
        [("ASSAULT-GIAP-REROLL-LIMIT", "illegal", 2)],
    ),
    "Bigeard before the roll": lambda: (
        vm_fire(),
        (fire(VM, "VM-D8 VM-V1", 11, 10), play(BIGEARD, FR), roll(6, 6, side=VM), *NEXT_FR),
        [("C-BIGEARD", "illegal", 2)],
    ),
    "Bigeard after a French attack": lambda: (
        ca14(),
        (fire(FR, "FR-F2", 10, 11), roll(6, 6, side=FR), play(BIGEARD, FR), *NEXT_VM),
        [("C-BIGEARD", "illegal", 3)],
    ),
    "Command Coordination with no French die": lambda: (
        vm_fire(),
        (fire(VM, "VM-D8 VM-V1", 11, 10), roll(3, 3, side=VM), play(COMMAND_COORDINATION, FR), *NEXT_FR),
        [("C-COMMAND-COORD", "illegal", 3)],
    ),
    "Débouchez after the assault fire": lambda: (
        assault_position(),
        (
            assault(),
            roll(1, 2, side=VM, purpose="assault"),
            play(DEBOUCHEZ, FR),
            Fire(side=FR, card=card(DEBOUCHEZ), target=aid(14)),
            roll(1, 1, side=FR),
            *NEXT_FR_17,
        ),
        [("C-DEBOUCHEZ", "illegal", 3)],
    ),
    "Mines after the assault fire": lambda: (
        assault_position(),
        (assault(), roll(1, 2, side=VM, purpose="assault"), play(MINES, FR), roll(2, side=FR, purpose="other"), *NEXT_FR_17),
        [("C-MINES", "illegal", 3)],
    ),
}


@pytest.mark.parametrize("case", sorted(WRONG))
def test_a_card_played_at_a_wrong_time_keeps_its_finding(case: str) -> None:
    begin, events, expected = WRONG[case]()
    assert findings(begin, *events) == expected


# -- a card logged before its declaration, and what crosses from one action to the next ------------------


def test_a_card_logged_before_its_own_declaration_is_the_declarations() -> None:
    """No action numbers: a Night Assault logged after the French fire's roll, before the Viet Minh assault
    line, joins the French action to the clock, and is the assault's (its ``prior``), not the French fire's."""
    begin = position(
        f"turn 2 action french\n10: FR-F2 | ctrl french\n11: VM-V4 | ctrl viet_minh\n"
        f"14: {THREE} | ctrl viet_minh | trench 3\n17: FR-F3 | ctrl french"
    )
    night = play(NIGHT_ASSAULT, VM)
    events = (fire(FR, "FR-F2", 10, 11), roll(1, 1, side=FR), night, assault(), *assault_end(), Pass(side=FR))
    assert findings(begin, *events) == []
    french, vm_assault = attacks(begin, *events)
    assert vm_assault.prior == (night,) and not french.holds(night)


def test_the_other_sides_card_does_not_cross_into_the_next_action() -> None:
    """A Poor Weather played against a French B-26 stays in the French action: the Viet Minh fire that
    opens the next action does not take it (it would negate nothing there)."""
    events = (
        CardPlay(side=FR, card=card("B-26 Bombers"), targets=(aid(11),), as_action=True),
        Fire(side=FR, card=card("B-26 Bombers"), target=aid(11)),
        play(POOR_WEATHER, VM),
        *NEXT_VM,
    )
    assert findings(ca14(), *events) == []
    bombers, viet_minh = attacks(ca14(), *events)
    assert bombers.holds(events[2]) and viet_minh.prior == ()


def test_a_numbered_log_reads_the_same() -> None:
    """The same sequences with action numbers give the same findings."""
    for case in LEGAL.values():
        begin, events = case()
        numbered, action = [], 0
        for e in events:
            if isinstance(e, (Fire, Assault, Pass)) and not (isinstance(e, Fire) and e.card is not None):
                action += 1
            numbered.append(replace(e, action=action))
        report = run(begin, *numbered, rules=RULES)
        assert [v for v in verdicts(report) if v[0].startswith(CARD_IDS)] == []
