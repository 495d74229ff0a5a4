"""SoDBP fire resolution as arithmetic over a replayed attack (rules 8.3, 8.4, 9.1, 10.0; catalogue §1.3, §3.6).

Given an :class:`~sdbp_module.replay.combat.Attack` (the declaration, the state before it and every
event logged while its action lasted), this module computes what the rules say the numbers must
be: the attack total, the defense total, the damage, the capacity of the targets and the points a
logged allocation used. Every result says how it was made (``parts``, for the umpire's message) and
which values other readings of an ambiguous rule would give (``alternatives``: the switches of
catalogue §2 decide which reading is the recommended one). A fact neither the log nor the data
gives is a :class:`Missing`, never a guess.

Shared by the FIRE-*, DAMAGE-* and ASSAULT-* rules; it judges nothing itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules.sodbp_cards import (
    ART_75,
    ART_105,
    ARTILLERY,
    B26,
    BIGEARD,
    COMMAND_COORDINATION,
    DEBOUCHEZ,
    FIGHTER_BOMBERS,
    FLAMETHROWERS,
    FLARES,
    GIAP,
    IMPROVED_DEFENSES,
    KATYUSHA,
    MORTAR_SUPPORT,
    NIGHT_ASSAULT,
    POOR_WEATHER,
    TOT_ARTILLERY,
    card_name,
)
from sdbp_module.ids import AreaId, Side, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay.combat import Attack, AttackKind
from sdbp_module.replay.events import CardPlay, DamageResult, DiceRoll
from sdbp_module.replay.memo import remembers
from sdbp_module.replay.state import GameState
from sdbp_module.rules.switches import RuleSet

BOOST_AT = 7  # "7 or more French units" in the target raises a VM artillery card's firepower (REC: fresh and spent)
TERRAIN_CAP = 3  # printed value + trench level never exceeds 3 (9.1)
IMPROVED_CAP = 6  # Improved Defenses: ×2, two copies ×3, at most 6
CARD_BONUS = 3  # Mortar Support, Night Assault: +3 per copy (8.3.1)
ATTACK_PURPOSES = ("fire", "assault")
T = TypeVar("T")


@record
class Missing:
    """Facts a computation needs and neither the log nor the game data gives."""

    facts: tuple[str, ...]

    @property
    def text(self) -> str:
        return "; ".join(self.facts)


@record
class Total:
    """A computed number, how it was made, and what other readings of the rules would make it."""

    value: int
    parts: tuple[str, ...]
    alternatives: frozenset[int] = frozenset()  # values under non-recommended readings (switches)
    accepted: frozenset[int] = frozenset()  # other values just as legal (the log cannot tell them apart)
    misreduced: frozenset[int] = frozenset()  # damage under a smaller *Bigeard* reduction than the card's (C-BIGEARD)

    @property
    def text(self) -> str:
        return f"{self.value} ({' + '.join(self.parts)})" if self.parts else str(self.value)


# -- the pieces of an attack --------------------------------------------------------------------


def cards_named(attack: Attack, game: GameData, name: str, side: Side | None = None) -> tuple[CardPlay, ...]:
    """Plays of the card ``name`` (by ``side`` when given) that concern ``attack``."""
    plays = _plays_by_name(attack, game).get(name, ())
    return plays if side is None else tuple(c for c in plays if c.side is side)


_PLAYS: dict[int, tuple[Attack, GameData, Mapping[str | None, tuple[CardPlay, ...]]]] = {}


def _plays_by_name(attack: Attack, game: GameData) -> Mapping[str | None, tuple[CardPlay, ...]]:
    """The card plays that concern ``attack``, by card name, in log order: sorted out once per attack
    (the totals ask for a dozen names of each attack; most attacks have no card at all)."""
    held = _PLAYS.get(id(attack))
    if held is not None and held[0] is attack and held[1] is game:
        return held[2]
    by_name: dict[str | None, tuple[CardPlay, ...]] = {}
    for c in attack.cards():
        name = card_name(game, c.card)
        by_name[name] = (*by_name.get(name, ()), c)
    if len(_PLAYS) >= _MEMO_SIZE:
        _PLAYS.clear()
    _PLAYS[id(attack)] = (attack, game, by_name)
    return by_name


def attack_card_name(attack: Attack, game: GameData) -> str | None:
    return card_name(game, attack.card)


NEGATIONS: tuple[tuple[str, str | None, tuple[str, ...]], ...] = (
    (POOR_WEATHER, None, (FIGHTER_BOMBERS, B26)),  # "that card has no effect"
    (ART_105, "counter-battery", (ARTILLERY, TOT_ARTILLERY)),
    (ART_75, "counter-battery", (ARTILLERY, TOT_ARTILLERY)),
)
"""(negating card, its mode, the firing cards it negates): the enemy's plays that leave a card attack
without effect."""


def negation(attack: Attack, game: GameData) -> CardPlay | None:
    """The enemy play that negates the card ``attack`` fires (*Poor Weather* on a *Fighter Bombers* /
    *B-26*, a counter-battery on an *Artillery* / *TOT*), when the attack holds one (``Attack.holds``:
    the one notion of the attack a card play belongs to); None otherwise. A negated card attack has no
    effect: it takes no roll and does no damage (what it still did is the negating card's rule's,
    C-POOR-WEATHER / C-105 / C-75), so the attack arithmetic does not judge it."""
    if attack.kind is not AttackKind.CARD:
        return None
    name = attack_card_name(attack, game)
    for play in attack.cards():
        if play.side is attack.side:
            continue
        by = card_name(game, play.card)
        for negating, mode, negated in NEGATIONS:
            if by == negating and (mode is None or play.mode == mode) and name in negated:
                return play
    return None


def is_debouchez(attack: Attack, game: GameData) -> bool:
    return attack.kind is AttackKind.CARD and attack_card_name(attack, game) == DEBOUCHEZ


def assault_of(attack: Attack) -> Attack | None:
    """For a *Débouchez* fire: the assault it fires at (open in the same action, origin = its target)."""
    for other in reversed(attack.before.attacks):
        if other.is_assault and other.origin == attack.target:
            return other
    return None


def controller(state: GameState, game: GameData, area: AreaId) -> Side:
    side = state.control.get(area)
    return side if side is not None else game.area(area).control


def roll_state(attack: Attack) -> GameState:
    """The state just before the attacker's first attack roll (the declaration's when none is logged)."""
    for state, event in attack.steps:
        if isinstance(event, DiceRoll) and event.purpose in ATTACK_PURPOSES and event.side in (None, attack.side):
            return state
    return attack.before


@record
class Dice:
    """The attack dice: the first roll and, with *Giap Demands Success*, the re-rolls (best kept)."""

    first: DiceRoll
    rerolls: tuple[DiceRoll, ...]
    kept: int  # the result that counts (8.3.1; Giap: the best so far)
    alternatives: frozenset[int]  # other results a *Command Coordination* re-roll of one die could give


def attack_dice(attack: Attack, game: GameData) -> Dice | Missing:
    rolls = attack.rolls(attack.side, ATTACK_PURPOSES)
    if not rolls:
        return Missing(("the attack's dice roll (a DICE line of purpose fire or assault after the declaration)",))
    first = rolls[0]
    rerolls: tuple[DiceRoll, ...] = ()
    if attack.is_assault:
        giap = any(card_name(game, c.card) == GIAP and c.side is attack.side for c in attack.prior)
        for _state, event in attack.steps:
            if (
                isinstance(event, CardPlay)
                and event.side is attack.side
                and card_name(game, event.card) == GIAP
                and attack.holds(event)
            ):
                giap = True
            elif giap and isinstance(event, DiceRoll) and any(event is r for r in rolls[1:]):
                rerolls += (event,)  # a roll after a Giap play is a re-roll (others are not the attack's)
    kept = max(sum(r.values) for r in (first, *rerolls))
    alternatives: set[int] = set()
    if cards_named(attack, game, COMMAND_COORDINATION, attack.side):
        for d in attack.rolls(attack.side, ("other",)):
            if len(d.values) == 1:
                alternatives |= {sum(first.values) - v + d.values[0] for v in first.values}
    alternatives.discard(kept)
    return Dice(first, rerolls, kept, frozenset(alternatives))


def assaulters_at_roll(attack: Attack) -> tuple[UnitId, ...]:
    """The assaulting units still fresh in the origin at the roll (*Mines* / *Débouchez* may remove some)."""
    state = roll_state(attack)
    return tuple(
        u
        for u in attack.units
        if (s := state.unit(u)) is not None and s.location.area == attack.origin and not s.spent
    )


# -- memo ---------------------------------------------------------------------------------------

_MEMO: dict[tuple[str, int, int, bool], tuple[Attack, RuleSet, object]] = {}
_MEMO_SIZE = 64


def _memo(name: str, attack: Attack, rules: RuleSet, flag: bool, compute: Callable[[], T]) -> T:
    """Several rules judge one closed attack: compute each total once per attack (identity-checked)."""
    key = (name, id(attack), id(rules), flag)
    held = _MEMO.get(key)
    if held is not None and held[0] is attack and held[1] is rules:
        return held[2]  # type: ignore[return-value]
    value = compute()
    if len(_MEMO) >= _MEMO_SIZE:
        _MEMO.clear()
    _MEMO[key] = (attack, rules, value)
    return value


@remembers
def _forget() -> None:
    _MEMO.clear()
    _PLAYS.clear()


# -- attack ---------------------------------------------------------------------------------------


def card_firepower(attack: Attack, game: GameData, rules: RuleSet) -> Total | Missing:
    card = attack.card
    if card is None or not game.has_card(card):
        return Missing((f"the firing card {card!r} in the game data",))
    data = game.card(card)
    if data.firepower is None:
        return Missing((f"the firepower of {data.name} ({card})",))
    name = data.name
    french = attack.before.count(attack.target, FRENCH)
    boosted = {KATYUSHA: 13, ART_105: 10, ART_75: int(rules.get("art75_boost"))}.get(name)
    if boosted is not None and attack.side is VIET_MINH and french >= BOOST_AT:
        return Total(boosted, (f"{name} {boosted} against {french} French units",))
    return Total(data.firepower, (f"{name} {data.firepower}",))


def units_firepower(units: Iterable[UnitId], game: GameData) -> Total | Missing:
    units = tuple(units)
    unknown = [u for u in units if not game.has_unit(u)]
    if unknown:
        return Missing((f"the firepower of {', '.join(unknown)} (not in the game data)",))
    values = [game.unit(u).firepower for u in units]
    return Total(sum(values), (f"FP {'+'.join(str(v) for v in values)}",) if values else ("FP 0",))


def attack_total(attack: Attack, game: GameData, rules: RuleSet) -> Total | Missing:
    """8.3.1: 2d6 + ΣFP of the firing units (or the card's FP) + 3 per *Mortar Support* / un-negated *Night Assault*."""
    return _memo("attack", attack, rules, False, lambda: _attack_total(attack, game, rules))


def _attack_total(attack: Attack, game: GameData, rules: RuleSet) -> Total | Missing:
    dice = attack_dice(attack, game)
    if attack.kind is AttackKind.CARD:
        fp = card_firepower(attack, game, rules)
    elif attack.is_assault:
        fp = units_firepower(assaulters_at_roll(attack), game)
    else:
        fp = units_firepower(attack.units, game)
    missing = [m for m in (dice, fp) if isinstance(m, Missing)]
    if missing:
        return Missing(tuple(f for m in missing for f in m.facts))
    assert isinstance(dice, Dice) and isinstance(fp, Total)
    value = dice.kept + fp.value
    dice_text = f"dice {dice.kept}" if not dice.rerolls else f"dice {dice.kept} (best of {len(dice.rerolls) + 1} rolls)"
    parts = [dice_text, *fp.parts]
    bonus, other = _card_bonus(attack, game, rules)
    if bonus:
        value += bonus[0]
        parts.append(bonus[1])
    # Command Coordination: the new die counts, and the log does not say which die was re-rolled
    accepted = {value - dice.kept + a for a in dice.alternatives} - {value}
    alternatives = {v + other for v in (value, *accepted)} - {value} - accepted if other else set()
    return Total(value, tuple(parts), frozenset(alternatives), frozenset(accepted))


def _card_bonus(attack: Attack, game: GameData, rules: RuleSet) -> tuple[tuple[int, str] | None, int]:
    """The cards' +3s that count under the switches, and what another reading would add (or take off)."""
    if attack.side is FRENCH:
        copies = len(cards_named(attack, game, MORTAR_SUPPORT, FRENCH))
        if not copies:
            return None, 0
        counts = attack.kind is not AttackKind.CARD or rules.get("mortar_scope") == "any_french_attack"
        # AMB-20: a VM counter-battery (105mm / 75mm) negates a Mortar Support only under the switch
        battery = sum(
            1
            for c in attack.cards()
            if c.side is VIET_MINH and c.mode == "counter-battery" and card_name(game, c.card) in (ART_105, ART_75)
        )
        negated = min(copies, battery)
        covered = rules.get("counterbattery_covers_mortar") == "true"
        kept = copies - negated if covered else copies
        amount = CARD_BONUS * kept
        if not counts:
            return None, amount
        other = CARD_BONUS * negated * (1 if covered else -1)
        label = f"Mortar Support +{amount}" + (f" ({negated} negated by counter-battery)" if covered and negated else "")
        return ((amount, label) if amount else None), other
    night = len(cards_named(attack, game, NIGHT_ASSAULT, VIET_MINH))
    flares = len(cards_named(attack, game, FLARES, FRENCH))
    net = max(0, night - flares)
    if not net:
        return None, 0
    counts = attack.is_assault or rules.get("night_assault_scope") == "any_vm_attack"
    amount = CARD_BONUS * net
    label = f"Night Assault +{amount}" + (f" ({night} played, {flares} negated by Flares)" if flares else "")
    return ((amount, label) if counts else None), (0 if counts else amount)


# -- defense --------------------------------------------------------------------------------------


def terrain(game: GameData, state: GameState, area: AreaId) -> int:
    """Catalogue §1.3 terrain(a): the printed value, raised by the trench level to at most 3 (9.1)."""
    printed = game.area(area).defense
    level = state.trench(area)
    return printed if level <= 0 else max(printed, min(TERRAIN_CAP, printed + level))


def targets(attack: Attack, game: GameData, state: GameState) -> tuple[UnitId, ...]:
    """The units the attack hits: the defender's units in the target (*Débouchez*: the assaulting units)."""
    if is_debouchez(attack, game):
        assault = assault_of(attack)
        if assault is not None:
            return tuple(u for u in assault.units if state.area_of(u) == attack.target)
    return state.units_in(attack.target, attack.defender)


def terrain_ignored(attack: Attack, game: GameData) -> tuple[str, ...]:
    """Why 8.3.2 ignores the target's terrain (empty: it counts): (i)–(iv), *Débouchez* on assaulters."""
    before = attack.before
    reasons: list[str] = []
    if attack.kind is not AttackKind.CARD and attack.origin == attack.target:
        reasons.append("the firing units are in the target area")
    if controller(before, game, attack.target) is not attack.defender:
        reasons.append(f"the targets do not control area {attack.target}")
    if before.has_fire_marker(attack.target):
        reasons.append(f"area {attack.target} already has a fire marker")
    if attack.is_assault:
        reasons.append("it is an assault")
    if is_debouchez(attack, game):
        reasons.append("Débouchez à Zéro! fires at the assaulting units, who get no area defense value")
    return tuple(reasons)


def max_defense(units: Iterable[UnitId], game: GameData, state: GameState) -> tuple[int, UnitId] | Missing:
    best: tuple[int, UnitId] | None = None
    for u in units:
        if not game.has_unit(u):
            return Missing((f"the defense of {u} (not in the game data)",))
        s = state.unit(u)
        data = game.unit(u)
        value = data.spent_defense if s is not None and s.spent else data.defense
        if best is None or value > best[0]:
            best = (value, u)
    if best is None:
        return Missing(("a targeted unit (the target area holds no unit of the defending side)",))
    return best


def defense_total(attack: Attack, game: GameData, rules: RuleSet) -> Total | Missing:
    """8.3.2: the highest DEF of the targeted units (spent units: back value) + the terrain value T."""
    return _memo("defense", attack, rules, False, lambda: _defense_total(attack, game, rules))


def _defense_total(attack: Attack, game: GameData, rules: RuleSet) -> Total | Missing:
    state = roll_state(attack)
    best = max_defense(targets(attack, game, state), game, state)
    if isinstance(best, Missing):
        return best
    value, unit = best
    parts = [f"DEF {value} ({unit})"]
    ignored = terrain_ignored(attack, game)
    if ignored:
        return Total(value, (*parts, f"no terrain: {ignored[0]}"))
    if cards_named(attack, game, FLAMETHROWERS, FRENCH) and attack.kind is AttackKind.UNITS:
        return Total(value, (*parts, "terrain 0 (Flamethrowers)"))
    t = terrain(game, attack.before, attack.target)
    copies = len(cards_named(attack, game, IMPROVED_DEFENSES, VIET_MINH)) if attack.defender is VIET_MINH else 0
    if copies and t:
        raised = min(IMPROVED_CAP, t * (2 if copies == 1 else 3))
        return Total(value + raised, (*parts, f"terrain {t} × {2 if copies == 1 else 3} = {raised} (Improved Defenses, cap {IMPROVED_CAP})"))
    level = attack.before.trench(attack.target)
    printed = game.area(attack.target).defense
    detail = f"terrain {t}" + (f" (printed {printed} + trench {level}, cap {TERRAIN_CAP})" if level else "")
    return Total(value + t, (*parts, detail))


# -- damage ---------------------------------------------------------------------------------------


def logged(attack: Attack, name: str) -> int | None:
    """The ``attack`` / ``defense`` / ``damage`` number the log states for the attack, if any."""
    value = getattr(attack.declaration, name, None)
    return value if isinstance(value, int) else None


def damage_total(attack: Attack, game: GameData, rules: RuleSet, *, as_logged: bool = False) -> Total | Missing:
    """8.3.3: attack − defense, at least 0; *Bigeard*: minus one per French unit in the target.

    ``as_logged``: from the totals the log states where it states them (FIRE-DAMAGE judges the
    subtraction alone); otherwise from the computed totals (what the rules make the damage)."""
    return _memo("damage", attack, rules, as_logged, lambda: _damage_total(attack, game, rules, as_logged))


def _damage_total(attack: Attack, game: GameData, rules: RuleSet, as_logged: bool) -> Total | Missing:
    a: Total | Missing = attack_total(attack, game, rules)
    d: Total | Missing = defense_total(attack, game, rules)
    if as_logged:
        if (la := logged(attack, "attack")) is not None:
            a = Total(la, ("logged",))
        if (ld := logged(attack, "defense")) is not None:
            d = Total(ld, ("logged",))
    missing = [m for m in (a, d) if isinstance(m, Missing)]
    if missing:
        return Missing(tuple(f for m in missing for f in m.facts))
    assert isinstance(a, Total) and isinstance(d, Total)
    french = bigeard_reduction(attack, game)
    value = damage_points(a.value, d.value, french)
    parts = [f"attack {a.value} − defense {d.value}"]
    if french:
        parts.append(f"− {french} (Bigeard, French units in {attack.target})")
    accepted = frozenset(damage_points(x, d.value, french) for x in a.accepted) - {value}
    alternatives = frozenset(damage_points(x, d.value, french) for x in a.alternatives) - {value} - accepted
    misreduced = frozenset(damage_points(a.value, d.value, r) for r in range(french)) - {value} - accepted
    return Total(value, tuple(parts), alternatives, accepted, misreduced)


def bigeard_reduction(attack: Attack, game: GameData) -> int:
    """*Bigeard Refuses to Leave*: the points the damage drops by, one per French unit in the target (0 without it)."""
    if attack.defender is FRENCH and cards_named(attack, game, BIGEARD, FRENCH):
        return roll_state(attack).count(attack.target, FRENCH)
    return 0


def damage_points(attack: int, defense: int, reduction: int = 0) -> int:
    """8.3.3: attack − defense, at least 0, less a *Bigeard* reduction, at least 0."""
    return max(0, max(0, attack - defense) - reduction)


def points(result: DamageResult, spent: bool) -> int | None:
    """Damage points one outcome absorbs (8.4); None when the outcome is not one the rules allow."""
    if result is DamageResult.NONE:
        return 0
    if spent:
        return {DamageResult.RETREAT: 1, DamageResult.ELIMINATE: 2}.get(result)
    return {DamageResult.FLIP: 1, DamageResult.FLIP_RETREAT: 2, DamageResult.ELIMINATE: 3}.get(result)


def capacity(state: GameState, units: Iterable[UnitId]) -> int:
    """Catalogue §1.3: Σ (3 if fresh else 2) over the targeted units."""
    return sum(2 if state.is_spent(u) else 3 for u in units)
