"""The cards that modify an attack or an assault (``rules/card_modifiers.py``; catalogue §3.15 and the
worked examples §4.10 CA-13 … CA-16).

The map is the combat fixture's (``_combat_fixtures``): French fire from 10 at 11 [printed 1], from 81
at 80 [printed 2] and 82 [printed 3]; Viet Minh fire from 11 at 10; assaults 14 → 17. The numbers of
the examples are computed by ``rules/resolution`` and judged by FIRE-DEFENSE-TOTAL / FIRE-ATTACK-TOTAL
(``rules/fire``): each example test asserts them, then that the C-… rule finds nothing on the legal
play and the right finding on an illegal one. Every action is numbered (``action=1``); the next
side's ``pass`` (``action=2``) closes it, and with it the plays are judged.
"""

from __future__ import annotations

from functools import cache

from sdbp_module.games.sodbp.rules import resolution as res
from sdbp_module.games.sodbp.rules.assault import RULES as ASSAULT_RULES
from sdbp_module.games.sodbp.rules.card_modifiers import RULES
from sdbp_module.games.sodbp.rules.fire import RULES as FIRE_RULES
from sdbp_module.games.sodbp.rules.sodbp_cards import (
    BIGEARD,
    COMMAND_COORDINATION,
    DEBOUCHEZ,
    FLAMETHROWERS,
    GIAP,
    IMPROVED_DEFENSES,
    MINES,
    MORTAR_SUPPORT,
    NIGHT_ASSAULT,
    SURPRISE_ASSAULT,
)
from sdbp_module.ids import Phase, Side
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
    PhaseStart,
    Relocate,
    UnitOutcome,
)
from sdbp_module.replay.location import ELIMINATED
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

ILLEGAL, SUSPICIOUS, CANNOT = "illegal", "suspicious", "cannot-check"
Verdicts = list[tuple[str, str, int]]


# -- helpers ------------------------------------------------------------------------------------------


def go(begin: GameState, *events: Event, options: tuple[str, ...] = ()) -> Verdicts:
    """Findings of this module's rules only."""
    return verdicts(run(begin, *events, rules=RULES, options=options))


def about(begin: GameState, rules: tuple[object, ...], ids: tuple[str, ...], *events: Event) -> Verdicts:
    """Findings of ``ids`` when this module's rules run beside ``rules``."""
    report = run(begin, *events, rules=RULES + rules, options=())  # type: ignore[operator]
    return [v for v in verdicts(report) if v[0] in ids]


def play(name: str, side: Side, *, copy: int = 0, targets: tuple[int, ...] = (), as_action: bool = False) -> CardPlay:
    return CardPlay(side=side, card=card(name, copy), targets=tuple(aid(t) for t in targets), as_action=as_action, action=1)


def fire(side: Side, units: str, origin: int, target: int, **totals: int) -> Fire:
    return Fire(side=side, units=uids(units), from_area=aid(origin), target=aid(target), action=1, **totals)


def card_fire(name: str, side: Side, target: int, **totals: int) -> Fire:
    return Fire(side=side, card=card(name), target=aid(target), action=1, **totals)


def roll(*values: int, side: Side, purpose: str = "fire") -> DiceRoll:
    return DiceRoll(side=side, purpose=purpose, values=values, action=1)


def hit(units: str, area: int, side: Side, result: DamageResult = DamageResult.FLIP) -> Damage:
    return Damage(side=side, target=aid(area), outcomes=tuple(UnitOutcome(u, result) for u in uids(units)), action=1)


def close(side: Side) -> Pass:
    """The other side acts next: the action is over."""
    return Pass(side=side.enemy, action=2)


def attack_of(begin: GameState, *events: Event) -> Attack:
    state = begin
    for e in events:
        state = apply(state, e)
    return state.attacks[-1]


def defense(begin: GameState, *events: Event) -> int:
    total = res.defense_total(attack_of(begin, *events), combat_game(), switches())
    assert isinstance(total, res.Total)
    return total.value


def attack_total(begin: GameState, *events: Event) -> int:
    total = res.attack_total(attack_of(begin, *events), combat_game(), switches())
    assert isinstance(total, res.Total)
    return total.value


# -- positions ------------------------------------------------------------------------------------------


@cache
def ca13() -> GameState:
    """Area 80: printed 2 + trench 1 = 3; VM-V1 DEF 5; FR-F3 (FP 3) fires from 81."""
    return position("turn 2 action french\n81: FR-F3 | ctrl french\n80: VM-V1 | ctrl viet_minh | trench 1")


@cache
def ca16() -> GameState:
    """FR-F3 + FR-F2: FP 5, at 11."""
    return position("turn 2 action french\n10: FR-F3 FR-F2 | ctrl french\n11: VM-V1 | ctrl viet_minh")


def assault(units: str = THREE) -> Assault:
    return Assault(side=VM, units=uids(units), from_area=aid(14), target=aid(17), action=1)


def assault_end(units: str = "VM-V1 VM-V2 VM-V3", lost: str = "VM-V1") -> tuple[Event, ...]:
    """The assault fire fails: FR-F3 flipped, the assaulters flip, one is lost, the French act next."""
    return (
        roll(1, 2, side=VM, purpose="assault"),
        hit("FR-F3", 17, FR),
        Flip(units=uids(units), spent=True, action=1),
        Relocate(units=uids(lost), to=ELIMINATED, reason="assault loss", action=1),
        close(VM),
    )


# -- §4.10 worked examples ------------------------------------------------------------------------------


def test_CA_13_improved_defenses_3_to_6_two_copies_capped_6() -> None:
    """CA-13: terrain 3 → ×2 = 6 (defense 5 + 6 = 11); two copies → 9 → capped 6 (still 11): FIRE-DEFENSE-TOTAL
    finds nothing, nor does C-IMPDEF. Played after the roll → CARD-TIMING-BEFORE-ROLL (card_play's), not
    C-IMPDEF."""
    one = (fire(FR, "FR-F3", 81, 80, defense=11), play(IMPROVED_DEFENSES, VM, targets=(80,)))
    two = (*one, play(IMPROVED_DEFENSES, VM, copy=1, targets=(80,)))
    assert defense(ca13(), *one) == 11 and defense(ca13(), *two) == 11
    for events in (one, two):
        full = (*events, roll(3, 4, side=FR), close(FR))
        assert about(ca13(), FIRE_RULES, ("FIRE-DEFENSE-TOTAL", "C-IMPDEF"), *full) == []
    wrong = (fire(FR, "FR-F3", 81, 80, defense=14), *two[1:], roll(3, 4, side=FR), close(FR))
    assert about(ca13(), FIRE_RULES, ("FIRE-DEFENSE-TOTAL", "C-IMPDEF"), *wrong) == [("FIRE-DEFENSE-TOTAL", ILLEGAL, 1)]
    late = (fire(FR, "FR-F3", 81, 80), roll(3, 4, side=FR), play(IMPROVED_DEFENSES, VM, targets=(80,)), close(FR))
    assert go(ca13(), *late) == []


def test_CA_13_improved_defenses_played_after_the_roll_is_card_timing() -> None:
    """CA-13's illegal case belongs to CARD-TIMING-BEFORE-ROLL (rules/card_play), never to C-IMPDEF."""
    from sdbp_module.games.sodbp.rules.card_play import RULES as CARD_PLAY_RULES

    late = (fire(FR, "FR-F3", 81, 80), roll(3, 4, side=FR), play(IMPROVED_DEFENSES, VM, targets=(80,)), close(FR))
    ids = ("CARD-TIMING-BEFORE-ROLL", "C-IMPDEF")
    assert about(ca13(), CARD_PLAY_RULES, ids, *late) == [("CARD-TIMING-BEFORE-ROLL", ILLEGAL, 3)]


def test_CA_14_improved_defenses_on_value_1() -> None:
    """CA-14: area value 1 → 2 with one copy, 3 with two (defense 5 + 2 = 7, 5 + 3 = 8); C-IMPDEF finds
    nothing. Raising another area than the attacked one → C-IMPDEF suspicious (AMB-24; strict: illegal)."""
    one = (fire(FR, "FR-F2", 10, 11, defense=7), play(IMPROVED_DEFENSES, VM, targets=(11,)))
    two = (fire(FR, "FR-F2", 10, 11, defense=8), one[1], play(IMPROVED_DEFENSES, VM, copy=1, targets=(11,)))
    assert defense(ca14(), *one) == 7 and defense(ca14(), *two) == 8
    for events in (one, two):
        full = (*events, roll(3, 4, side=FR), close(FR))
        assert about(ca14(), FIRE_RULES, ("FIRE-DEFENSE-TOTAL", "C-IMPDEF"), *full) == []
    elsewhere = (fire(FR, "FR-F2", 10, 11), play(IMPROVED_DEFENSES, VM, targets=(10,)), roll(3, 4, side=FR), close(FR))
    assert go(ca14(), *elsewhere) == [("C-IMPDEF", SUSPICIOUS, 2)]
    assert go(ca14(), *elsewhere, options=("strict_mode=true",)) == [("C-IMPDEF", ILLEGAL, 2)]


def test_CA_15_flamethrowers_zero_terrain() -> None:
    """CA-15: Flamethrowers on a French unit attack at 82 (value 3) → terrain 0, defense 8; C-FLAMETHROWERS
    finds nothing. On a French card attack (Artillery) → C-FLAMETHROWERS illegal."""
    events = (fire(FR, "FR-F3", 81, 82, defense=8), play(FLAMETHROWERS, FR))
    assert defense(ca15(), *events) == 8
    full = (*events, roll(3, 4, side=FR), close(FR))
    assert about(ca15(), FIRE_RULES, ("FIRE-DEFENSE-TOTAL", "C-FLAMETHROWERS"), *full) == []
    on_card = (
        play("Artillery", FR, as_action=True, targets=(82,)),
        card_fire("Artillery", FR, 82),
        play(FLAMETHROWERS, FR),
        roll(3, 4, side=FR),
        close(FR),
    )
    assert go(ca15(), *on_card) == [("C-FLAMETHROWERS", ILLEGAL, 3)]


def test_CA_16_two_mortar_supports() -> None:
    """CA-16: Mortar Support ×2 + FP 5 + 2d6 7 = 18; C-MORTAR finds nothing; played in a Viet Minh action
    (on its fire) → C-MORTAR illegal."""
    events = (
        fire(FR, "FR-F3 FR-F2", 10, 11, attack=18),
        play(MORTAR_SUPPORT, FR),
        play(MORTAR_SUPPORT, FR, copy=1),
        roll(3, 4, side=FR),
    )
    assert attack_total(ca16(), *events) == 18
    assert about(ca16(), FIRE_RULES, ("FIRE-ATTACK-TOTAL", "C-MORTAR"), *events, close(FR)) == []
    in_vm = (fire(VM, "VM-D8 VM-V1", 11, 10), play(MORTAR_SUPPORT, FR), roll(3, 4, side=VM), close(VM))
    assert go(vm_fire(), *in_vm) == [("C-MORTAR", ILLEGAL, 2)]


# -- C-IMPDEF --------------------------------------------------------------------------------------------


def test_impdef_in_a_viet_minh_action() -> None:
    events = (fire(VM, "VM-D8 VM-V1", 11, 10), play(IMPROVED_DEFENSES, VM, targets=(11,)), roll(3, 4, side=VM), close(VM))
    assert go(vm_fire(), *events) == [("C-IMPDEF", ILLEGAL, 2)]


def test_impdef_in_a_french_action_without_an_attack_is_pointless() -> None:
    move = Move(side=FR, units=uids("FR-F2"), from_area=aid(10), to_area=aid(17), path=(aid(10), aid(17)), action=1)
    assert go(ca14(), move, play(IMPROVED_DEFENSES, VM, targets=(11,)), close(FR)) == [("C-IMPDEF", SUSPICIOUS, 2)]


def test_impdef_three_copies() -> None:
    events = (
        fire(FR, "FR-F2", 10, 11),
        play(IMPROVED_DEFENSES, VM, targets=(11,)),
        play(IMPROVED_DEFENSES, VM, copy=1, targets=(11,)),
        play(IMPROVED_DEFENSES, VM, targets=(11,)),
        roll(3, 4, side=FR),
        close(FR),
    )
    assert go(ca14(), *events) == [("C-IMPDEF", ILLEGAL, 4)]


def test_impdef_without_an_area_is_cannot_check() -> None:
    events = (fire(FR, "FR-F2", 10, 11), play(IMPROVED_DEFENSES, VM), roll(3, 4, side=FR), close(FR))
    assert go(ca14(), *events) == [("C-IMPDEF", CANNOT, 2)]


# -- C-NIGHT-ASSAULT -------------------------------------------------------------------------------------


def test_night_assault_in_an_assault() -> None:
    assert go(assault_position(), play(NIGHT_ASSAULT, VM), assault(), *assault_end()) == []


def test_night_assault_on_ordinary_fire_by_switch() -> None:
    """AMB-13: REC assault_only → suspicious (strict: illegal); any_vm_attack → nothing."""
    events = (fire(VM, "VM-D8 VM-V1", 11, 10), play(NIGHT_ASSAULT, VM), roll(3, 3, side=VM), close(VM))
    assert go(vm_fire(), *events) == [("C-NIGHT-ASSAULT", SUSPICIOUS, 2)]
    assert go(vm_fire(), *events, options=("strict_mode=true",)) == [("C-NIGHT-ASSAULT", ILLEGAL, 2)]
    assert go(vm_fire(), *events, options=("night_assault_scope=any_vm_attack",)) == []


def test_night_assault_in_a_french_attack() -> None:
    events = (fire(FR, "FR-F2", 10, 11), play(NIGHT_ASSAULT, VM), roll(3, 4, side=FR), close(FR))
    assert go(ca14(), *events) == [("C-NIGHT-ASSAULT", ILLEGAL, 2)]


def test_night_assault_before_the_assault_line_without_action_numbers() -> None:
    """A Night Assault logged before the assault line, no action numbers: it is the assault's."""
    from dataclasses import replace

    events = [play(NIGHT_ASSAULT, VM), assault(), *assault_end()]
    unnumbered = [replace(e, action=None) for e in events]
    assert go(assault_position(), *unnumbered) == []


# -- C-MORTAR --------------------------------------------------------------------------------------------


def test_mortar_with_a_card_attack_by_switch() -> None:
    """AMB-14: REC unit_attacks → suspicious with a card attack; any_french_attack → nothing."""
    events = (
        play("Artillery", FR, as_action=True, targets=(11,)),
        card_fire("Artillery", FR, 11),
        play(MORTAR_SUPPORT, FR),
        roll(3, 4, side=FR),
        close(FR),
    )
    assert go(ca14(), *events) == [("C-MORTAR", SUSPICIOUS, 3)]
    assert go(ca14(), *events, options=("mortar_scope=any_french_attack",)) == []


def test_mortar_with_no_attack() -> None:
    move = Move(side=FR, units=uids("FR-F2"), from_area=aid(10), to_area=aid(17), path=(aid(10), aid(17)), action=1)
    assert go(ca14(), move, play(MORTAR_SUPPORT, FR), close(FR)) == [("C-MORTAR", ILLEGAL, 2)]


# -- C-FLAMETHROWERS ----------------------------------------------------------------------------------


def test_flamethrowers_after_the_attack_is_resolved() -> None:
    events = (fire(FR, "FR-F3", 81, 82), roll(6, 6, side=FR), hit("VM-D8", 82, VM), play(FLAMETHROWERS, FR), close(FR))
    assert go(ca15(), *events) == [("C-FLAMETHROWERS", ILLEGAL, 4)]


def test_flamethrowers_on_a_viet_minh_attack() -> None:
    events = (fire(VM, "VM-D8 VM-V1", 11, 10), play(FLAMETHROWERS, FR), roll(3, 3, side=VM), close(VM))
    assert go(vm_fire(), *events) == [("C-FLAMETHROWERS", ILLEGAL, 2)]


# -- C-GIAP ----------------------------------------------------------------------------------------------


def test_giap_in_an_assault_after_the_roll() -> None:
    events = (
        assault(),
        roll(1, 1, side=VM, purpose="assault"),
        play(GIAP, VM),
        roll(5, 6, side=VM, purpose="assault"),
        hit("FR-F3", 17, FR, DamageResult.ELIMINATE),
        Move(side=VM, units=uids(THREE), from_area=aid(14), to_area=aid(17), path=(aid(14), aid(17)),
             move_kind=MoveKind.ADVANCE, action=1),
        Flip(units=uids(THREE), spent=True, action=1),
        Relocate(units=uids("VM-V1 VM-V2"), to=ELIMINATED, reason="assault loss", action=1),
        close(VM),
    )
    assert about(assault_position(), ASSAULT_RULES, ("C-GIAP", "ASSAULT-GIAP-REROLL-LIMIT", "ASSAULT-LOSS"), *events) == []


def test_giap_outside_an_assault() -> None:
    events = (fire(VM, "VM-D8 VM-V1", 11, 10), roll(1, 1, side=VM), play(GIAP, VM), roll(6, 6, side=VM), close(VM))
    assert go(vm_fire(), *events) == [("C-GIAP", ILLEGAL, 3)]


def test_giap_before_the_roll_is_the_assault_rules() -> None:
    """Giap played before the first roll is ASSAULT-GIAP-REROLL-LIMIT's finding; C-GIAP does not repeat it."""
    events = (assault(), play(GIAP, VM), *assault_end())
    ids = ("C-GIAP", "ASSAULT-GIAP-REROLL-LIMIT")
    assert about(assault_position(), ASSAULT_RULES, ids, *events) == [("ASSAULT-GIAP-REROLL-LIMIT", ILLEGAL, 2)]


def test_giap_in_the_end_phase() -> None:
    begin = position("turn 2 action viet_minh\n14: VM-V1 | ctrl viet_minh")
    events = (
        PhaseStart(turn=2, phase=Phase.END),
        CardPlay(side=VM, card=card(GIAP)),
        PhaseStart(turn=3, phase=Phase.DRAW),
    )
    assert go(begin, *events) == [("C-GIAP", ILLEGAL, 2)]


# -- C-SURPRISE-ASSAULT -----------------------------------------------------------------------------------


def test_surprise_assault_with_its_assault() -> None:
    begin = position(
        f"turn 2 action viet_minh\n14: {THREE} | ctrl viet_minh\n17: FR-F3 | ctrl french\n11: | ctrl viet_minh"
    )
    events = (play(SURPRISE_ASSAULT, VM, as_action=True), assault(), *assault_end())
    assert about(begin, ASSAULT_RULES, ("C-SURPRISE-ASSAULT", "ASSAULT-ENTRENCH-3"), *events) == []


def test_surprise_assault_without_an_assault() -> None:
    events = (play(SURPRISE_ASSAULT, VM, as_action=True), close(VM))
    assert go(assault_position(), *events) == [("C-SURPRISE-ASSAULT", ILLEGAL, 1)]


def test_surprise_assault_with_two_assaults() -> None:
    begin = position(
        "turn 2 action viet_minh\n14: VM-V1 VM-V2 | ctrl viet_minh\n11: VM-V3 VM-V4 | ctrl viet_minh\n"
        "17: FR-F3 | ctrl french"
    )
    second = Assault(side=VM, units=uids("VM-V3 VM-V4"), from_area=aid(11), target=aid(17), action=1)
    events = (
        play(SURPRISE_ASSAULT, VM, as_action=True),
        assault("VM-V1 VM-V2"),
        second,
        roll(1, 2, side=VM, purpose="assault"),
        close(VM),
    )
    assert go(begin, *events) == [("C-SURPRISE-ASSAULT", ILLEGAL, 1)]


# -- C-BIGEARD -------------------------------------------------------------------------------------------


def test_bigeard_after_a_viet_minh_attack() -> None:
    events = (fire(VM, "VM-D8 VM-V1", 11, 10), roll(6, 6, side=VM), play(BIGEARD, FR), hit("FR-F3", 10, FR), close(VM))
    assert go(vm_fire(), *events) == []


def test_bigeard_on_a_french_attack() -> None:
    events = (fire(FR, "FR-F2", 10, 11), roll(6, 6, side=FR), play(BIGEARD, FR), close(FR))
    assert go(ca14(), *events) == [("C-BIGEARD", ILLEGAL, 3)]


def test_bigeard_before_the_roll() -> None:
    events = (fire(VM, "VM-D8 VM-V1", 11, 10), play(BIGEARD, FR), roll(6, 6, side=VM), close(VM))
    assert go(vm_fire(), *events) == [("C-BIGEARD", ILLEGAL, 2)]


# -- C-COMMAND-COORD ---------------------------------------------------------------------------------------


def cc_fire(attack: int, reroll: tuple[int, ...] = (6,)) -> tuple[Event, ...]:
    """FR-F2 (FP 2) at 11: dice 2+4, one die re-rolled; attack 2 + 6 + 2 = 10 kept, or 2+6 → 10, 4+6 → 12."""
    return (
        fire(FR, "FR-F2", 10, 11, attack=attack),
        roll(2, 4, side=FR),
        play(COMMAND_COORDINATION, FR),
        roll(*reroll, side=FR, purpose="other"),
        close(FR),
    )


def test_command_coordination_new_result_kept() -> None:
    assert go(ca14(), *cc_fire(12)) == []
    assert go(ca14(), *cc_fire(10)) == []  # the 4 re-rolled to 6: 2 + 6 + 2


def test_command_coordination_old_result_kept() -> None:
    """The re-roll 5 gives 2+5 or 4+5 (attack 9 or 11); the log keeps 2+4 (attack 8) → illegal."""
    assert go(ca14(), *cc_fire(8, (5,))) == [("C-COMMAND-COORD", ILLEGAL, 1)]


def test_command_coordination_two_dice() -> None:
    assert go(ca14(), *cc_fire(12, (6, 6))) == [("C-COMMAND-COORD", ILLEGAL, 4)]


def test_command_coordination_with_no_french_die() -> None:
    events = (fire(VM, "VM-D8 VM-V1", 11, 10), roll(3, 3, side=VM), play(COMMAND_COORDINATION, FR), close(VM))
    assert go(vm_fire(), *events) == [("C-COMMAND-COORD", ILLEGAL, 3)]


def test_command_coordination_reroll_not_logged() -> None:
    events = (fire(FR, "FR-F2", 10, 11), roll(2, 4, side=FR), play(COMMAND_COORDINATION, FR), close(FR))
    assert go(ca14(), *events) == [("C-COMMAND-COORD", CANNOT, 3)]


# -- C-DEBOUCHEZ -----------------------------------------------------------------------------------------


def debouchez(target: int = 14) -> tuple[Event, ...]:
    return (play(DEBOUCHEZ, FR), card_fire(DEBOUCHEZ, FR, target), roll(1, 1, side=FR))


def test_debouchez_before_the_assault_fire() -> None:
    events = (assault(), *debouchez(), hit("VM-V3", 14, VM), *assault_end("VM-V1 VM-V2"))
    assert go(assault_position(), *events) == []


def test_debouchez_after_the_assault_fire() -> None:
    events = (assault(), roll(1, 2, side=VM, purpose="assault"), *debouchez(), close(VM))
    assert go(assault_position(), *events) == [("C-DEBOUCHEZ", ILLEGAL, 3)]


def test_debouchez_outside_an_assault() -> None:
    events = (fire(VM, "VM-D8 VM-V1", 11, 10), play(DEBOUCHEZ, FR), roll(3, 3, side=VM), close(VM))
    assert go(vm_fire(), *events) == [("C-DEBOUCHEZ", ILLEGAL, 2)]


def test_debouchez_at_another_area() -> None:
    events = (assault(), *debouchez(11), *assault_end())
    assert go(assault_position(), *events) == [("C-DEBOUCHEZ", ILLEGAL, 3)]


def test_debouchez_fire_not_logged() -> None:
    events = (assault(), play(DEBOUCHEZ, FR), *assault_end())
    assert go(assault_position(), *events) == [("C-DEBOUCHEZ", CANNOT, 2)]


# -- C-MINES -------------------------------------------------------------------------------------------


def withdraw(units: str, side: Side = VM) -> Move:
    return Move(side=side, units=uids(units), from_area=aid(14), to_area=aid(11), move_kind=MoveKind.WITHDRAW, action=1)


def mines(die: int) -> tuple[Event, ...]:
    return (assault(), play(MINES, FR), roll(die, side=FR, purpose="other"))


def test_mines_withdraw_min_of_die_and_assaulters() -> None:
    """Die 1 → 1 withdrawn, the 2 others assault; die 4 → all 3 withdrawn (moved, or flipped in place: AMB-15)."""
    assert go(assault_position(), *mines(1), withdraw("VM-V3"), *assault_end("VM-V1 VM-V2")) == []
    assert go(assault_position(), *mines(4), withdraw(THREE), close(VM)) == []
    assert go(assault_position(), *mines(4), Flip(units=uids(THREE), spent=True, action=1), close(VM)) == []


def test_mines_wrong_count() -> None:
    assert go(assault_position(), *mines(2), withdraw("VM-V3"), *assault_end("VM-V1 VM-V2")) == [("C-MINES", ILLEGAL, 2)]


def test_mines_french_choose() -> None:
    events = (*mines(1), Flip(units=uids("VM-V3"), spent=True, by=FR, action=1), *assault_end("VM-V1 VM-V2"))
    assert go(assault_position(), *events) == [("C-MINES", ILLEGAL, 4)]


def test_mines_withdrawn_unit_is_the_casualty() -> None:
    events = (*mines(1), withdraw("VM-V3"), *assault_end("VM-V1 VM-V2", lost="VM-V3"))
    assert ("C-MINES", ILLEGAL, 2) in go(assault_position(), *events)


def test_mines_outside_an_assault_and_after_the_fire() -> None:
    outside = (fire(VM, "VM-D8 VM-V1", 11, 10), play(MINES, FR), roll(3, 3, side=VM), close(VM))
    assert go(vm_fire(), *outside) == [("C-MINES", ILLEGAL, 2)]
    after = (assault(), roll(1, 2, side=VM, purpose="assault"), play(MINES, FR), roll(2, side=FR, purpose="other"), close(VM))
    assert go(assault_position(), *after) == [("C-MINES", ILLEGAL, 3)]


def test_mines_die_not_logged() -> None:
    events = (assault(), play(MINES, FR), withdraw("VM-V3"), *assault_end("VM-V1 VM-V2"))
    assert go(assault_position(), *events) == [("C-MINES", CANNOT, 2)]


def test_mines_withdrawn_state_switch() -> None:
    """AMB-15: under ``spent`` a withdrawn unit left fresh, under ``fresh`` one flipped, is a REC-style breach."""
    moved = (*mines(1), withdraw("VM-V3"), *assault_end("VM-V1 VM-V2"))
    assert go(assault_position(), *moved, options=("mines_withdrawn_state=spent",)) == [("C-MINES", SUSPICIOUS, 2)]
    assert go(assault_position(), *moved, options=("mines_withdrawn_state=fresh",)) == []
    flipped = (*mines(1), Flip(units=uids("VM-V3"), spent=True, action=1), *assault_end("VM-V1 VM-V2"))
    assert go(assault_position(), *flipped, options=("mines_withdrawn_state=fresh",)) == [("C-MINES", SUSPICIOUS, 2)]
    assert go(assault_position(), *flipped, options=("mines_withdrawn_state=spent",)) == []


def test_command_coordination_on_the_mines_die() -> None:
    """AMB-22: a Mines die re-rolled by Command Coordination: the new die sets the count (1 → 2)."""
    events = (
        *mines(1),
        play(COMMAND_COORDINATION, FR),
        roll(2, side=FR, purpose="other"),
        withdraw("VM-V2 VM-V3"),
        *assault_end("VM-V1"),
    )
    assert go(assault_position(), *events) == []


def test_surprise_assault_without_action_numbers() -> None:
    """Unnumbered, the card and the assault line are two actions to the replay: the card is still the assault's."""
    from dataclasses import replace

    begin = position(
        f"turn 2 action viet_minh\n14: {THREE} | ctrl viet_minh\n17: FR-F3 | ctrl french\n11: | ctrl viet_minh"
    )
    events = [play(SURPRISE_ASSAULT, VM, as_action=True), assault(), *assault_end()]
    assert go(begin, *[replace(e, action=None) for e in events]) == []
    alone = [replace(play(SURPRISE_ASSAULT, VM, as_action=True), action=None), Pass(side=FR)]
    report = run(begin, *alone, rules=RULES)
    assert verdicts(report) == [("C-SURPRISE-ASSAULT", ILLEGAL, 1)]
    assert report.findings[0].message == (
        "Surprise Assault (VM-12) is played in a Viet Minh action with no attack: no assault follows; "
        "the card is an assault action."
    )


def test_messages_name_cards_units_and_areas() -> None:
    report = run(assault_position(), *mines(2), withdraw("VM-V3"), *assault_end("VM-V1 VM-V2"), rules=RULES)
    assert [f.message for f in report.findings] == [
        "Mines (FR-11): die 2 against 3 fresh assaulting units → min(2, 3) = 2 withdrawn, but the log "
        "withdraws 1 (VM-V3)."
    ]
    report = run(ca14(), *cc_fire(8, (5,)), rules=RULES)
    assert [f.message for f in report.findings] == [
        "The French unit fire 10 → 11 keeps the old dice (attack 8) after Command Coordination (FR-02); the new "
        "die counts: attack 9 or 11."
    ]


def test_gate_and_event_filter_skip_nothing() -> None:
    """Every rule of the module run ungated on every event finds what the gated rules find."""
    from dataclasses import replace

    from sdbp_module.rules.base import FunctionRule

    ungated = tuple(replace(r, event_types=None, gate=None) for r in RULES if isinstance(r, FunctionRule))
    scenarios: tuple[tuple[GameState, tuple[Event, ...]], ...] = (
        (assault_position(), (*mines(2), withdraw("VM-V3"), *assault_end("VM-V1 VM-V2", lost="VM-V3"))),
        (assault_position(), (assault(), *debouchez(11), *assault_end())),
        (assault_position(), (play(SURPRISE_ASSAULT, VM, as_action=True), close(VM))),
        (ca14(), cc_fire(8, (5,))),
        (ca14(), (fire(FR, "FR-F2", 10, 11), play(IMPROVED_DEFENSES, VM), play(NIGHT_ASSAULT, VM), roll(3, 4, side=FR))),
        (vm_fire(), (fire(VM, "VM-D8 VM-V1", 11, 10), play(MORTAR_SUPPORT, FR), play(GIAP, VM), roll(3, 3, side=VM), close(VM))),
    )
    for begin, events in scenarios:
        gated = run(begin, *events, rules=RULES).findings
        assert gated and gated == run(begin, *events, rules=ungated).findings
