"""Storm Over Dien Bien Phu's player aid, the pages of tables: supply and reinforcements, cards, the map.

The supply, replacement and Relief Force tables are evaluated from the checker (``rules.supply``,
``numbers.REPLACEMENT_DIVISOR``, ``rules.card_effects.RELIEF_TABLE``); hand sizes, arrivals, card values
and the areas come from the data, each with its source and, when ours, its mark.
"""

from __future__ import annotations

from sdbp_module.games.aid import (
    Items,
    Name,
    Page,
    Parts,
    Ref,
    Strong,
    Table,
    items,
    para,
    section,
)
from sdbp_module.games.sodbp import checks as printed
from sdbp_module.games.sodbp import numbers as n
from sdbp_module.games.sodbp.ids import (
    FRENCH,
    VIET_MINH,
    AreaColour,
    CardBonus,
)
from sdbp_module.games.sodbp.rules.card_effects import RELIEF_AREA, RELIEF_TABLE
from sdbp_module.games.sodbp.rules.sodbp_cards import (
    COUNTER_ATTACK,
    RELIEF_FORCE,
)
from sdbp_module.games.sodbp.text import (
    DASH,
    EN,
    R_ARRIVAL,
    R_BONUS,
    R_COUNTER_ATTACK,
    R_FLAK,
    R_NO_SUPPLY,
    card_name,
    join,
    span,
    title,
)
from sdbp_module.ids import AreaClassId, Side, UnitTypeId
from sdbp_module.model.game_data import Card, GameData

# -- supply, replacements, reinforcements -------------------------------------------------------------


def _supply_table(game: GameData) -> Table:
    rows = []
    for low, high, count in n.supply_rows(game):
        where = f"rules.supply.base_count over {low}..{high if high is not None else 'max'}"
        low_fact = n.rules_fact(low, "11.0", where)
        high_fact = n.rules_fact(high, "11.0", where) if high is not None else None
        rows.append((span(low_fact, high_fact), (n.rules_fact(count, "11.0", where),)))
    return Table((("Modified total",), ("French areas without supply",)), tuple(rows), ("center", "center"))


def _replacement_table(game: GameData) -> Table:
    """Replacements per d6 result (12.1: half the roll, rounded up), grouped by the number they give."""
    groups: dict[int, list[int]] = {}
    for roll in range(1, n.die_sides(game) + 1):
        groups.setdefault(-(-roll // n.REPLACEMENT_DIVISOR), []).append(roll)
    rows = []
    for units, rolls in groups.items():
        where = "numbers.REPLACEMENT_DIVISOR: half the roll, rounded up"
        low = n.rules_fact(rolls[0], "12.1", where)
        high = n.rules_fact(rolls[-1], "12.1", where) if len(rolls) > 1 else None
        rows.append(((low, EN, high) if high is not None else (low,), (n.rules_fact(units, "12.1", where),)))
    return Table((("Die",), ("Replacement units",)), tuple(rows), ("center", "center"))


def _relief_table(game: GameData) -> Table:
    """Relief Force from Isabelle's d6 (card list), from the checker's ``RELIEF_TABLE``."""
    groups: dict[tuple[UnitTypeId, ...], list[int]] = {}
    for roll, kinds in sorted(RELIEF_TABLE.items()):
        groups.setdefault(kinds, []).append(roll)
    rows = []
    for kinds, rolls in groups.items():
        where = "rules.card_effects.RELIEF_TABLE"
        low = n.rules_fact(rolls[0], "card list (Relief Force from Isabelle)", where)
        high = n.rules_fact(rolls[-1], "card list (Relief Force from Isabelle)", where) if len(rolls) > 1 else None
        counted = join(
            ((n.rules_fact(kinds.count(k), "card list (Relief Force from Isabelle)", where), f" {k}") for k in dict.fromkeys(kinds)),
            " and ",
        )
        rows.append(((low, EN, high) if high is not None else (low,), counted))
    return Table((("Die",), ("Units placed fresh",)), tuple(rows), ("center", "left"))


def _arrivals_table(game: GameData) -> Table:
    sides = game.game.sides
    rows = []
    for info in game.turn_track:
        counts = [n.arrivals(game, info.turn, side) for side in sides]
        if any(c.values[0] for c in counts):
            rows.append(((n.turn_number(info),), *((c,) for c in counts)))
    return Table((("Turn",), *((f"{side.label} units",) for side in sides)), tuple(rows), ("center",) * (1 + len(sides)))


def supply_page(game: GameData) -> Page:
    vm, fr = VIET_MINH.label, FRENCH.label
    airstrip, green = n.supply_modifiers()
    blue_areas = n.area_set(game, (a.id for a in game.areas if a.colour == AreaColour.BLUE), "colour=blue", printed.AIRSTRIPS, "11.0", "the rules name other airstrips")
    green_areas = n.area_set(
        game, (a.id for a in game.areas if a.colour == AreaColour.GREEN), "colour=green", None, "11.0", "the rules do not say which six areas are green (areas.yaml)"
    )
    low, _high = n.dice_range(game)
    relief = next((c for c in game.cards if c.name == RELIEF_FORCE), None)  # None: a cut-down deck
    relief_turns = n.card_turns(relief) if relief is not None and relief.turns else None
    return Page(
        "supply",
        "Supply",
        "Supply, replacements and reinforcements",
        (
            section(
                title("French supply", "11.0"),
                para(f"In the End phase the {fr} roll ", *n.dice_parts(game), " and add:"),
                items(
                    ("+", airstrip, f" for each airstrip the {vm} controls (blue numbers: areas ", blue_areas, ");"),
                    ("+", green, f" for each green-numbered area the {vm} controls (west of the river, next to an airstrip: areas ", green_areas, ")."),
                ),
                _supply_table(game),
                items(
                    (
                        "Totals run from ",
                        n.rules_fact(low, "11.0", "game.yaml dice: the lowest roll"),
                        " to ",
                        n.rules_fact(n.max_supply_total(game), "11.0", "rules.supply.Modified with every blue and green area held by the VM"),
                        ".",
                    ),
                    (card_name(game, "Heavy Flak"), f" ({vm}, this step): +", n.heavy_flak(), " area without supply", R_FLAK, "."),
                    (f"The {vm} chooses the areas, each a {fr} area", R_NO_SUPPLY, ", and puts a No Supply marker on it."),
                    (f"{fr} units in a marked area do not flip to fresh in the refresh step; they stay spent and defend with their spent value.",),
                ),
            ),
            section(
                title("Replacements", "12.1"),
                para(
                    "Every End phase except on turn ",
                    n.rules_fact(n.NO_REPLACEMENT_TURN, "4.0 C, 12.1", "numbers.NO_REPLACEMENT_TURN"),
                    " and on a turn when ",
                    card_name(game, "Emergency Replacements"),
                    f" was played, the {vm} rolls ",
                    *n.dice_parts(game, n.rules_fact(n.REPLACEMENT_DICE, "12.1", "numbers.REPLACEMENT_DICE")),
                    " and takes half, rounded up, from the Replacements box:",
                ),
                _replacement_table(game),
                items(
                    ("Replacement units are ", *n.replacement_values(game), " (yellow numbers); the box holds ", n.replacement_count(game), ". If it runs short, place what is left."),
                    ("They are placed with the reinforcements, under the same rules.",),
                ),
            ),
            section(
                title("Reinforcements", "12.2"),
                para("Units arrive in the End phase of the turn printed on the counter", R_ARRIVAL, " and act from the next turn:"),
                _arrivals_table(game),
                para(
                    "The ",
                    n.card_units(game),
                    f" {fr} units marked * enter only by ",
                    card_name(game, RELIEF_FORCE),
                    " (a card action",
                    *((", turns ", relief_turns[0], EN, relief_turns[1]) if relief_turns else ()),
                    "), in area ",
                    n.rules_fact(RELIEF_AREA, "card list (Relief Force from Isabelle)", "rules.card_effects.RELIEF_AREA"),
                    ", by a die roll:",
                ),
                _relief_table(game),
            ),
            section(
                title("Placing reinforcements and replacements", "12.3"),
                items(
                    (
                        Strong((f"{vm} first",)),
                        f": in any {vm}-controlled area (even with {fr} units), or in a {fr}-controlled area with no {fr} units adjacent to an unbroken chain of {vm}-controlled areas from the map edge; placing there makes the area {vm} at once.",
                    ),
                    (Strong((fr,)), f": in any {fr}-controlled area (even with {vm} units)."),
                    ("Singly or in stacks, at most ", n.stacking_limit(game), " units per side in an area; units are placed fresh; a unit with no eligible area is eliminated."),
                ),
            ),
        ),
    )


# -- cards and hands -----------------------------------------------------------------------------------

TIMING_ORDER = ("A", "D", "R", "E", "X")


def _timing_meaning(game: GameData, letter: str) -> Parts:
    meanings: dict[str, Parts] = {
        "A": ("Action card: the card is your whole action; at most one per action (", Ref("5.2"), ", ", Ref("6.2"), ")."),
        "D": ("During your own action, at any moment, alongside a unit action.",),
        "R": ("Reactive: when the situation on the card arises, in either player's action.",),
        "E": ("End phase, in the French supply step.",),
        "X": ("At the end of any action, yours or your opponent's.",),
        "-": ("Not used in play (the special card, ", Ref("2.3"), ")."),
    }
    if "/" in letter:
        return (f"Either effect: {' or '.join(letter.split('/'))}; choose one, never both (", Ref("5.2"), ").")
    if letter not in meanings:
        raise ValueError(f"the cards use a timing {letter!r} the player aid does not explain")
    return meanings[letter]


def _timing_key(letter: str) -> tuple[int, str]:
    """The single letters in the rules' order, then the combined ones, then anything else ("-")."""
    if letter in TIMING_ORDER:
        return (TIMING_ORDER.index(letter), letter)
    return (len(TIMING_ORDER) + (0 if "/" in letter else 1), letter)


def _card_groups(game: GameData, side: Side | None) -> list[tuple[Card, ...]]:
    groups: dict[str, list[Card]] = {}
    for card in game.cards_of(side):
        groups.setdefault(card.name, []).append(card)
    return [tuple(g) for g in groups.values()]


def _card_notes(card: Card) -> Parts:
    notes: list[Parts] = []
    if card.turns:
        first, last = n.card_turns(card)
        notes.append(("turns ", first, EN, last))
    if card.removed_after_play:
        notes.append(("removed after play",))
    return join(notes, "; ") if notes else (DASH,)


def _card_table(game: GameData, side: Side) -> Table:
    vm = side is VIET_MINH
    rows = []
    for group in _card_groups(game, side):
        card = group[0]
        row: list[Parts] = [
            (Name(card.name, f"cards.yaml cards[id={card.id}].name"),),
            (n.copies(group),),
            (card.timing,),
            (n.card_firepower(card),) if card.firepower is not None else (DASH,),
        ]
        if vm:
            row.append((n.card_entrenchment(group),) if any(c.entrenchment is not None for c in group) else (DASH,))
        row.append(_card_notes(card))
        rows.append(tuple(row))
    header: list[Parts] = [("Card",), ("Copies",), ("Timing",), ("FP",)]
    if vm:
        header.append(("Entrench",))
    header.append(("Notes",))
    align = ("left", "center", "center", "center", *(("center",) if vm else ()), "left")
    return Table(tuple(header), tuple(rows), align)


def _multi_copy(game: GameData, kind: str) -> Parts:
    names = list(dict.fromkeys(c.name for c in game.cards if c.multi_copy == kind))
    return join(((Name(name, f"cards.yaml cards[name={name!r}].multi_copy"),) for name in names))


def _exclusions(game: GameData) -> Parts:
    pairs: list[tuple[str, str]] = []
    for card in game.cards:
        for other in card.excludes:
            pair = tuple(sorted((card.name, game.card(other).name)))
            if pair not in pairs:
                pairs.append((pair[0], pair[1]))
    return join(((Name(a, f"cards.yaml cards[name={a!r}].excludes"), " with ", Name(b, f"cards.yaml cards[name={b!r}].name")) for a, b in pairs), "; ")


def _bonus_sets(game: GameData) -> Items:
    entries = []
    for colour, label, printed_ids in ((CardBonus.WHITE, "white", tuple(printed.NAMED)), (CardBonus.GREY, "grey", printed.AIRSTRIPS)):
        areas = [game.area(a) for a in game.bonus_areas(colour)]
        ids = n.area_set(game, (a.id for a in areas), f"card_bonus={label}", printed_ids, "5.1", "the rules name other areas for this set")
        names = join(((n.area_name(a),) for a in areas))
        entries.append(
            (
                "+",
                n.rules_fact(n.BONUS_CARDS_PER_SET, "5.1", "numbers.BONUS_CARDS_PER_SET"),
                f" card for holding all of the {label} card-symbol areas ",
                ids,
                " (",
                *names,
                ").",
            )
        )
    entries.append(("Either side can earn them, and they add up. Draw until your hand holds the hand size plus the bonus cards; kept cards count, and a larger hand is cut down", R_BONUS, "."))
    return items(*entries)


def cards_page(game: GameData) -> Page:
    sides = game.game.sides
    letters = sorted({c.timing for c in game.cards}, key=_timing_key)
    special = [c for c in game.cards if c.side is None]
    return Page(
        "cards",
        "Cards",
        "Cards and hands",
        (
            section(
                title("Hand size by turn", "5.1"),
                Table(
                    (("Turn",), *((side.label,) for side in sides)),
                    tuple(((n.turn_number(info),), *((n.hand_size(info, side),) for side in sides)) for info in game.turn_track),
                    ("center",) * (1 + len(sides)),
                ),
                _bonus_sets(game),
            ),
            section(
                title("Timing letters", "5.2", "6.2"),
                Table(
                    (("Letter",), ("When the card may be played",)),
                    tuple(((Strong((letter,)),), _timing_meaning(game, letter)) for letter in letters),
                    ("center", "left"),
                ),
                items((card_name(game, COUNTER_ATTACK), R_COUNTER_ATTACK, " is played during your action, as an action card."),),
            ),
            section(
                title("Playing cards", "5.2", "5.3", "5.4"),
                items(
                    ("Card text beats the rules; where a card is silent, the rules apply.",),
                    ("Several copies in one action add up: ", *_multi_copy(game, "cumulative"), ". Resolved one after another: ", *_multi_copy(game, "sequential"), "."),
                    ("Never together in one action: ", *_exclusions(game), "."),
                    ("After play a card goes to its owner's discard pile, or out of the game when it says so; a card discarded rather than played always goes to the pile.",),
                    ("In the End phase each player may discard any cards; kept cards count against the next hand size.",),
                ),
            ),
            section(title(f"{FRENCH.label} cards", "card list"), _card_table(game, FRENCH)),
            section(
                title(f"{VIET_MINH.label} cards", "card list", "9.0"),
                _card_table(game, VIET_MINH),
                *((para("The special card (", Name(special[0].name, f"cards.yaml cards[id={special[0].id}].name"), ") is not used in play."),) if special else ()),
            ),
        ),
    )


# -- control, victory, the map -------------------------------------------------------------------------


def _colour_text(colour: AreaClassId) -> str:
    return {AreaColour.RED: "red", AreaColour.BLUE: "blue", AreaColour.GREEN: "green", AreaColour.PLAIN: DASH}[colour]


def _areas_table(game: GameData) -> Table:
    rows = []
    for area in game.areas:
        rows.append(
            (
                (n.area_number(area),),
                (n.area_name(area),),
                (n.area_defense(area),),
                (_colour_text(area.colour),),
                ("star" if area.victory else DASH,),
                (area.card_bonus if area.card_bonus != CardBonus.NONE else DASH,),
                (area.control.label,),
            )
        )
    return Table(
        (("Area",), ("Name",), ("D",), ("Number",), ("Victory",), ("Card bonus",), ("At start",)),
        tuple(rows),
        ("center", "left", "center", "center", "center", "center", "left"),
    )


def map_page(game: GameData) -> Page:
    vm, fr = VIET_MINH.label, FRENCH.label
    victory_areas = n.area_set(
        game, (a.id for a in game.areas if a.victory), "victory=true", None, "14.0", "the rules do not say which areas carry the victory symbol (areas.yaml)"
    )
    airstrip, green = n.supply_modifiers()
    return Page(
        "map",
        "Map",
        "Control, victory and the map",
        (
            section(
                title("Control", "13.0"),
                items(
                    ("At the start each area belongs to the side of its printed control box.",),
                    (
                        "At any moment, if the controlling side has no unit in an area and the enemy has at least ",
                        n.rules_fact(1, "13.0", "rules.paths.controller_after"),
                        ", control passes at once: put a control marker on its box, or remove it when control returns to the printed side.",
                    ),
                    ("An empty area, or one holding both sides' units, keeps its controller.",),
                    (f"When an area becomes {fr}, its trench marker is removed.",),
                ),
            ),
            section(
                title("Victory", "14.0", "15.0"),
                items(
                    (
                        Strong(("At the end of turn ", n.turns(game), f" the {vm} wins if he controls at least ", n.victory_threshold(), " victory areas")),
                        " (defence ",
                        n.victory_defense(),
                        ", star): areas ",
                        victory_areas,
                        f". Otherwise the {fr} win.",
                    ),
                    (
                        f"Optional bidding: each player bids how many victory areas the {vm} must hold; the higher bid plays the {vm} with that threshold; on equal bids a die roll decides the sides.",
                    ),
                ),
            ),
            section(
                title("The areas", "2.2.1"),
                items(
                    (Strong(("Number colours",)), f": red, {fr} units never enter (", Ref("7.0"), "); blue, an airstrip (supply +", airstrip, "); green, next to an airstrip west of the river (supply +", green, ")."),
                    ("D: the printed terrain defence. Victory: the star of ", Ref("14.0"), ". Card bonus: the white and grey card symbols of ", Ref("5.1"), "."),
                ),
                _areas_table(game),
            ),
        ),
    )
