"""Storm Over Dien Bien Phu: every number of the player aid, as a Fact with its source.

Two kinds of number:

* **Data numbers** (hand sizes, area ids and defences, card values, arrival turns, counter counts) are
  read from the loaded ``GameData``; the source names the file and field. Such a number counts as
  printed in the rules only when the rules give that very value: the facts ``data.games.sodbp``
  checks the data against (the French turn-1 hand size, area 11's defence, the airstrips, the named
  areas ...). Any other data number is our reconstruction and carries the reason. The model keeps one
  source per record (a YAML ``sources:`` override per field is not loaded), so the rule above decides
  per number; for the bundled data it gives what the per-field sources say.
* **Rules numbers** (movement costs, the damage, supply and replacement tables, thresholds) come from
  the checker: its constants and functions are imported and evaluated here, so the aid shows what
  ``sdbp check`` enforces. Where the checker has a number only inline, it is a named constant below
  that cites the rules section and the checker's line.
"""

from __future__ import annotations

from collections.abc import Iterable

from sdbp_module.games.aid import Fact, Name, Parts, fact
from sdbp_module.games.sodbp import checks as printed
from sdbp_module.games.sodbp.ids import FRENCH, AreaColour
from sdbp_module.games.sodbp.rules import resolution, supply, trenches, victory
from sdbp_module.ids import AreaId, Side, UnitId
from sdbp_module.model.game_data import Area, Card, GameData, SetupKind, TurnInfo
from sdbp_module.replay.events import DamageResult
from sdbp_module.rules.area_impulse.paths import StepCost

# -- numbers the checker has only inline (rules section; where the checker has it) -----------------

ASSAULT_ORIGIN_LEVEL = 3  # 10.0: an assault starts from trench level 3 (rules/assault.py: ``level >= 3``)
ASSAULT_ANY_LEVEL_TURN = 1  # 10.0: on turn 1 from any trench level (rules/assault.py: ``turn == 1``)
ASSAULT_LOSS = 1  # 10.0: one assaulting unit is eliminated automatically (rules/assault.py ASSAULT-LOSS)
GIAP_REROLL_LOSS = 1  # 10.0, Giap Demands Success: one more unit per re-roll, at most N - 1 re-rolls
NO_REPLACEMENT_TURN = 1  # 4.0 C, 12.1: no replacement roll on turn 1 (rules/placement.py ``_roll_forbidden``)
REPLACEMENT_DIVISOR = 2  # 12.1: half the d6, rounded up (rules/placement.py: ``(d + 1) // 2``)
BONUS_CARDS_PER_SET = 1  # 5.1: +1 card per set of three areas held (rules/hand.py ``_bonus``)
TRENCH_PER_LEVEL = 1  # 9.1: each trench level adds 1 to the terrain value (rules/resolution.py ``terrain``)
IMPROVED_FACTORS = (2, 3)  # Improved Defenses: one copy doubles, two triple (rules/resolution.py ``_defense_total``)
VICTORY_DEFENSE = 3  # 14.0: the victory areas are the defence-3 areas (data/games/sodbp.py: ``defense == 3``)
REPLACEMENT_DICE = 1  # 12.1: the VM rolls one die for replacements
FIRE_MIN_FIREPOWER = 1  # 8.0: units with firepower 1 or more may fire (rules/fire.py: ``firepower < 1``)


def rules_fact(value: int, section: str, where: str) -> Fact:
    """A number the rules give, with the section and the checker's name for it."""
    return fact(value, f"rules {section} ({where})")


def data_fact(value: int, where: str, printed_value: int | None, section: str, reason: str) -> Fact:
    """A data number: from the rules when it equals the value the rules print, else reconstructed."""
    if printed_value is not None and value == printed_value:
        return fact(value, f"{where}; rules {section}")
    return fact(value, where, reason)


def data_facts(values: Iterable[int], where: str, printed_values: Iterable[int] | None, section: str, reason: str) -> Fact:
    """A list of data numbers read together (e.g. the areas of a set), judged as one set."""
    got = tuple(values)
    if printed_values is not None and sorted(got) == sorted(printed_values):
        return Fact(got, f"{where}; rules {section}")
    return Fact(got, where, reason)


# -- game-wide facts (game.yaml) ------------------------------------------------------------------------

def turns(game: GameData) -> Fact:
    return data_fact(game.game.turns, "game.yaml turns", printed.TURNS, "1.0, 4.0", "game length differs from the rules")


def stacking_limit(game: GameData) -> Fact:
    return data_fact(
        game.game.stacking_limit, "game.yaml stacking_limit", printed.STACKING_LIMIT, "7.0", "stacking limit differs from the rules"
    )


def dice_parts(game: GameData, count: Fact | None = None) -> Parts:
    """A roll written the usual way, e.g. 2d6: ``count`` dice (default: the game's dice rolled together,
    game.yaml ``dice``) of the game's die."""
    if count is None:
        count = data_fact(len(game.game.dice), "game.yaml dice (dice rolled together)", len(printed.DICE), "2.0, 8.3.1", "dice differ from the rules")
    sides = data_fact(game.game.dice[0], "game.yaml dice[0] (sides of a die)", printed.DICE[0], "2.0", "dice differ from the rules")
    return (count, "d", sides)


def die_sides(game: GameData) -> int:
    return game.game.dice[0]


def dice_range(game: GameData) -> tuple[int, int]:
    """The smallest and largest sum of the game's dice rolled together."""
    return len(game.game.dice), sum(game.game.dice)


# -- the turn track (turn_track.yaml) -----------------------------------------------------------------

HAND_REASON = "the rules print only the French hand size of the first turn; this one is ours (turn_track.yaml)"


def turn_number(info: TurnInfo) -> Fact:
    return fact(info.turn, f"turn_track.yaml turns[turn={info.turn}].turn; rules 4.0")


def hand_size(info: TurnInfo, side: Side) -> Fact:
    """The hand size printed under the turn track (5.1); only French turn 1 = 4 is in the rules."""
    printed_value = printed.FRENCH_TURN1_CARDS if (side is FRENCH and info.turn == 1) else None
    return data_fact(info.cards[side], f"turn_track.yaml turns[turn={info.turn}].cards.{side.value}", printed_value, "5.1", HAND_REASON)


# -- the map (areas.yaml, borders.yaml) ----------------------------------------------------------------

def area_number(area: Area) -> Name:
    """An area's number, as the zone name and the map show it: an identifier quoted from the data (the
    rules name 14 of them; the others number our reconstructed areas, which the map itself says)."""
    return Name(str(area.id), f"areas.yaml areas[id={area.id}].id")


def area_name(area: Area) -> Name:
    return Name(area.name, f"areas.yaml areas[id={area.id}].name")


def area_defense(area: Area) -> Fact:
    """The printed terrain defence (D): the rules give only area 11's (the fire example)."""
    return data_fact(
        area.defense,
        f"areas.yaml areas[id={area.id}].defense",
        printed.DEFENSE.get(area.id),
        "8.4",
        "terrain defence of our reconstructed map (areas.yaml)",
    )


def area_set(game: GameData, ids: Iterable[AreaId], what: str, printed_ids: Iterable[int] | None, section: str, reason: str) -> Fact:
    """The areas of a set (``what``: the field that selects them), sorted; from the rules when the rules name exactly them."""
    return data_facts(sorted(ids), f"areas.yaml areas[{what}].id", printed_ids, section, reason)


def bridges(game: GameData) -> tuple[tuple[Fact, Fact], ...]:
    """Each bridged river border as its two area numbers (rules 7.0 names both bridges)."""
    out = []
    for border in game.borders:
        if border.bridge:
            where = f"borders.yaml borders[areas=[{border.a}, {border.b}]].bridge"
            if frozenset((border.a, border.b)) in printed.BRIDGES:
                a, b = fact(border.a, f"{where}; rules 7.0"), fact(border.b, f"{where}; rules 7.0")
            else:
                reason = "a bridge of our reconstructed map (borders.yaml)"
                a, b = fact(border.a, where, reason), fact(border.b, where, reason)
            out.append((a, b))
    return tuple(out)


# -- counters (counters.yaml) --------------------------------------------------------------------------

ARRIVAL_REASON = "arrival turns are not in the rules; ours follow the order of battle (counters.yaml)"


def arrivals(game: GameData, turn: int, side: Side) -> Fact:
    """How many of ``side``'s units arrive as reinforcements on ``turn`` (12.2; the schedule is ours)."""
    count = sum(1 for u in game.units_of(side) if _placement_is(game, u.id, SetupKind.TURN) and game.scenario.units[u.id].turn == turn)
    return fact(count, f"counters.yaml units[side={side.value}, setup={turn}] (count; scenario.yaml units may move a set-up)", ARRIVAL_REASON)


def _placement_is(game: GameData, unit: UnitId, kind: SetupKind) -> bool:
    return game.scenario.units[unit].kind is kind


def replacement_count(game: GameData) -> Fact:
    count = sum(1 for u in game.units if "replacement" in u.marks)
    return fact(count, "counters.yaml units[replacement=true] (count)", "the rules do not give how many replacement counters there are (counters.yaml)")


def replacement_values(game: GameData) -> Parts:
    """The printed values of a VM replacement unit (firepower-defence-movement), 1-7-2 by 12.1."""
    units = [u for u in game.units if "replacement" in u.marks]
    values = (units[0].firepower, units[0].defense, units[0].movement) if units else tuple(printed.REPLACEMENT_VALUES)
    names = ("firepower", "defense", "movement")
    parts: list[str | Fact] = []
    for i, (value, name, rules_value) in enumerate(zip(values, names, printed.REPLACEMENT_VALUES, strict=True)):
        if i:
            parts.append("-")
        parts.append(data_fact(value, f"counters.yaml units[replacement=true].fresh.{name}", rules_value, "12.1", "replacement values differ from the rules"))
    return tuple(parts)


def card_units(game: GameData) -> Fact:
    """The units that enter only by a card ("*" on the counter, 2.1.1)."""
    count = sum(1 for u in game.units if _placement_is(game, u.id, SetupKind.CARD))
    return data_fact(count, "counters.yaml units[setup=*] (count)", printed.STAR_UNITS, "2.1.1", "the number of card-only units differs from the rules")


# -- cards (cards.yaml) --------------------------------------------------------------------------------

ENTRENCH_REASON = "the rules give no card's entrenchment value; ours (cards.yaml)"


def copies(cards: tuple[Card, ...]) -> Fact:
    name = cards[0].name
    return fact(len(cards), f"cards.yaml cards[name={name!r}] (count); rules card list")


def card_firepower(card: Card) -> Fact:
    assert card.firepower is not None
    where = f"cards.yaml cards[id={card.id}].firepower"
    if card.source.is_reconstructed:
        return fact(card.firepower, where, "a card value of ours (cards.yaml)")
    return fact(card.firepower, f"{where}; {card.source.text}")


def card_entrenchment(cards: tuple[Card, ...]) -> Fact:
    """The entrenchment values of a card's copies (distinct, in order): never printed in the rules (2.3)."""
    values = tuple(dict.fromkeys(c.entrenchment for c in cards if c.entrenchment is not None))
    return Fact(values, f"cards.yaml cards[name={cards[0].name!r}].entrenchment", ENTRENCH_REASON)


def card_turns(card: Card) -> tuple[Fact, Fact]:
    """First and last turn a card may be played on (its ``turns``)."""
    where = f"cards.yaml cards[id={card.id}].turns; {card.source.text}"
    return fact(min(card.turns), where), fact(max(card.turns), where)


# -- the checker's rules numbers --------------------------------------------------------------------------

def step_costs() -> tuple[Fact, Fact, Fact]:
    """Entering an adjacent area, the entry surcharge, the leaving surcharge (7.0), from ``StepCost``."""
    a, b = AreaId(0), AreaId(0)
    plain = StepCost(a, b, False, False, False, False, False)
    entering = StepCost(a, b, True, True, True, False, False)
    leaving = StepCost(a, b, False, False, False, True, True)
    return (
        rules_fact(plain.total, "7.0", "rules.paths.StepCost.total"),
        rules_fact(entering.enter_surcharge, "7.0", "rules.paths.StepCost.enter_surcharge"),
        rules_fact(leaving.leave_surcharge, "7.0", "rules.paths.StepCost.leave_surcharge"),
    )


def damage_points(result: str, spent: bool) -> Fact:
    """Points one damage outcome absorbs (8.4), from ``resolution.points``."""
    value = resolution.points(DamageResult(result), spent)
    assert value is not None, (result, spent)
    return rules_fact(value, "8.4", f"rules.resolution.points({result}, spent={spent})")


def supply_rows(game: GameData) -> tuple[tuple[int, int | None, int], ...]:
    """The supply table (11.0) as (lowest total, highest total or None for "and more", areas unsupplied),
    evaluated from the checker's ``supply.base_count`` over every total the roll can make."""
    low, _high = dice_range(game)
    top = max_supply_total(game)
    rows: list[tuple[int, int | None, int]] = []
    start = low
    for total in range(low, top + 1):
        count = supply.base_count(total)
        if total == top or supply.base_count(total + 1) != count:
            rows.append((start, total, count))
            start = total + 1
    last_low, _last_high, last_count = rows[-1]
    rows[-1] = (last_low, None, last_count)
    return tuple(rows)


def supply_modifiers() -> tuple[Fact, Fact]:
    """+2 per VM-controlled airstrip, +1 per VM-controlled green area (11.0), from ``supply.Modified``."""
    one = AreaId(0)
    airstrip = supply.Modified(0, (one,), (), ()).total
    green = supply.Modified(0, (), (one,), ()).total
    return (
        rules_fact(airstrip, "11.0", "rules.supply.Modified: per VM airstrip"),
        rules_fact(green, "11.0", "rules.supply.Modified: per VM green area"),
    )


def max_supply_total(game: GameData) -> int:
    """The highest supply total: the dice's maximum with every airstrip and green area VM-held."""
    blue = tuple(a.id for a in game.areas if a.colour == AreaColour.BLUE)
    green = tuple(a.id for a in game.areas if a.colour == AreaColour.GREEN)
    return supply.Modified(dice_range(game)[1], blue, green, ()).total


def heavy_flak() -> Fact:
    """Heavy Flak: +1 unsupplied area, also on a total that leaves none (AMB-11), from ``supply.required_count``."""
    return rules_fact(supply.required_count(0, True, True), "11.0, Heavy Flak", "rules.supply.required_count")


def terrain_cap() -> Fact:
    return rules_fact(resolution.TERRAIN_CAP, "9.1", "rules.resolution.TERRAIN_CAP")


def card_bonus() -> Fact:
    return rules_fact(resolution.CARD_BONUS, "8.3.1", "rules.resolution.CARD_BONUS")


def improved_cap() -> Fact:
    return rules_fact(resolution.IMPROVED_CAP, "card list (Improved Defenses)", "rules.resolution.IMPROVED_CAP")


def trench_max() -> Fact:
    return rules_fact(trenches.MAX_LEVEL, "9.0", "rules.trenches.MAX_LEVEL")


def units_per_level() -> Fact:
    return rules_fact(trenches.UNITS_PER_LEVEL, "9.0", "rules.trenches.UNITS_PER_LEVEL")


def victory_threshold() -> Fact:
    return rules_fact(victory.PRINTED_THRESHOLD, "14.0", "rules.victory.PRINTED_THRESHOLD")


def victory_defense() -> Fact:
    """The defence value of the victory areas (14.0), the value the data check ties the star to."""
    return rules_fact(VICTORY_DEFENSE, "14.0", "data.games.sodbp.check_victory_and_red")
