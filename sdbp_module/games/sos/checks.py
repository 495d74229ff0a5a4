"""Storm over Stalingrad: the facts its rules text fixes, checked against the data.

The map, the counters and most cards are our reconstruction (``docs/sos-data.md``), but the rules
text (``shared/rules/storm-over-stalingrad.md``, rebuilt section numbers) pins some facts down:
6 turns, 10 units per side per area, two dice, the German first impulse (1.0, 4.0, 7.4, 2.0);
the five unit types, the black counters that leave in the End phase of turn 3, the two kinds of
area (2.1.1, 2.2, 10.4); Mamayev Kurgan with set-up letter G and its extra card (2.2, 5.1); Soviet
landing zones and the three L units that start in them (2.2, 3.3, 10.3); the defence-3 areas that
decide victory (2.2, 3.1); 27 cards a side and the nine cards the text names, with how their
copies combine (2.3, 5.2, 8.1). And the converse: a fact the text never gives (an area's number or
terrain, a counter's values, a card's effect …) is sourced ``reconstructed:``, never credited to
the rules (``check_sources``). Each check below names its rule; a broken one points at the record
that contradicts it. ``CHECKS`` runs after the generic cross-checks (``data.crossref``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from sdbp_module.data.crossref import Checks, starting_areas

TURNS = 6  # 1.0, 4.0
STACKING_LIMIT = 10  # 7.4
DICE = [6, 6]  # 2.0: two dice
FIRST_SIDE = "german"  # 4.0, 6.0
SIDES = ("german", "soviet")  # 1.0
CARDS_PER_SIDE = 27  # 2.3
UNIT_TYPES = ("infantry", "motorized", "mechanized", "recon", "armor")  # 2.1.1
AREA_CLASSES = ("general", "landing_zone")  # 2.2
LANDING_ZONE = "landing_zone"
BLACK = "black"  # 2.1.1: German units on black counters
WITHDRAW_TURN = 3  # 2.1.1, 10.4
MAMAYEV = "Mamayev Kurgan"  # 2.2, 5.1
MAMAYEV_CODE = "G"  # 2.2
MAMAYEV_SET = "mamayev"  # our id of its hand bonus set (game.yaml hand_bonus_sets)
L_UNITS = 3  # 3.3
L_SETUP = f"any {LANDING_ZONE}"
VICTORY_DEFENSE = 3  # 2.2, 3.1

NAMED_CARDS: dict[str, tuple[str | None, str]] = {
    "Attack on the Move": ("german", "5.2"),
    "Sniper": ("german", "5.2"),
    "Mines": ("soviet", "5.2"),
    "Defensive Fire": ("soviet", "5.2"),
    "Anti-Tank Guns": (None, "5.2"),
    "Rubble": (None, "5.2"),
    "Dive Bombers": (None, "5.2"),
    "Engineer Support": (None, "5.2"),
    "Soviet Ammunition Shortage": (None, "8.1"),
}
"""The cards the rules text names, with the side it has play them (None: the text does not say)."""

MULTI_COPY = {
    "Anti-Tank Guns": "cumulative",
    "Rubble": "cumulative",
    "Engineer Support": "cumulative",
    "Defensive Fire": "sequential",
    "Mines": "sequential",
    "Dive Bombers": "sequential",
}  # 5.2
RUBBLE_COPIES = 3  # 5.2: one card doubles the terrain defence, ..., three quadruple it


def check_game(checks: Checks) -> None:
    """6 turns (1.0, 4.0), stacking limit 10 (7.4), two six-sided dice (2.0), German first (4.0, 6.0),
    the sides German and Soviet (1.0)."""
    if not checks.has("game"):
        return
    game = checks.values["game"]
    for field, wanted, rule in (
        ("turns", TURNS, "1.0, 4.0"),
        ("stacking_limit", STACKING_LIMIT, "7.4"),
        ("dice", DICE, "2.0"),
        ("first_side", FIRST_SIDE, "4.0, 6.0"),
    ):
        if game[field] != wanted:
            checks.report("game", (field,), f"{field} is {game[field]!r}", f"{wanted!r}, rules {rule}")
    sides = tuple(side["id"] for side in game["sides"])
    if sides != SIDES:
        checks.report("game", ("sides",), f"sides are {', '.join(sides)}", "german, soviet, rules 1.0")


def check_vocabulary(checks: Checks) -> None:
    """game.yaml declares the five unit types (2.1.1), the black mark (2.1.1, 10.4), the two kinds
    of area (2.2) and Mamayev Kurgan's bonus set of one card (5.1)."""
    if not checks.has("game"):
        return
    game = checks.values["game"]
    for key, wanted, rule in (
        ("unit_types", UNIT_TYPES, "2.1.1"),
        ("area_classes", AREA_CLASSES, "2.2"),
        ("unit_marks", (BLACK,), "2.1.1, 10.4"),
        ("hand_bonus_sets", (MAMAYEV_SET,), "2.2, 5.1"),
    ):
        given = tuple(r["id"] for r in game[key])
        if given != wanted:
            checks.report(
                "game", (key,), f"{key} declares {', '.join(given) or 'nothing'}", f"{', '.join(wanted)}, rules {rule}"
            )
    for i, bonus in enumerate(game["hand_bonus_sets"]):
        if bonus["id"] == MAMAYEV_SET and bonus.get("cards", 1) != 1:
            checks.report(
                "game",
                ("hand_bonus_sets", i, "cards"),
                f"{MAMAYEV} adds {bonus['cards']} cards",
                "1 card to its controller each turn, rules 5.1",
            )


def _areas(checks: Checks) -> list[tuple[int, dict[str, Any]]]:
    return list(enumerate(checks.values["areas"]["areas"]))


def check_mamayev(checks: Checks) -> None:
    """Exactly one Mamayev Kurgan, a general area with set-up letter G and the bonus set (2.2, 5.1);
    no other area has letter G or the bonus set."""
    if not checks.has("areas"):
        return
    areas = _areas(checks)
    named = [(i, a) for i, a in areas if a["name"] == MAMAYEV]
    if len(named) != 1:
        checks.report("areas", ("areas",), f"{len(named)} areas named {MAMAYEV!r}", "exactly one, rules 2.2, 5.1")
    for i, area in named:
        for field, wanted in (("setup_code", MAMAYEV_CODE), ("card_bonus", MAMAYEV_SET), ("colour", "general")):
            if area[field] != wanted:
                checks.report(
                    "areas",
                    ("areas", i, field),
                    f"{MAMAYEV} has {field} {area[field]!r}",
                    f"{wanted!r}, rules 2.2, 5.1",
                )
    for i, area in areas:
        if area["name"] == MAMAYEV:
            continue
        if area["setup_code"] == MAMAYEV_CODE:
            checks.report(
                "areas",
                ("areas", i, "setup_code"),
                f"area {area['id']} has set-up letter G",
                f"G only on {MAMAYEV}, rules 2.2",
            )
        if area["card_bonus"] == MAMAYEV_SET:
            checks.report(
                "areas",
                ("areas", i, "card_bonus"),
                f"area {area['id']} gives the {MAMAYEV} card",
                f"only {MAMAYEV}, rules 5.1",
            )


def check_landing_zones(checks: Checks) -> None:
    """Landing zones exist and are Soviet-controlled (2.2, 10.3), border only general areas, carry no
    set-up letter nor victory value (3.3: L units start in any of them)."""
    if not checks.has("areas"):
        return
    zones = [(i, a) for i, a in _areas(checks) if a["colour"] == LANDING_ZONE]
    if not zones:
        checks.report(
            "areas", ("areas",), "no landing zone", "landing zones for the Soviet reinforcements, rules 2.2, 10.3"
        )
    for i, zone in zones:
        if zone["control"] != "soviet":
            checks.report(
                "areas",
                ("areas", i, "control"),
                f"landing zone {zone['id']} is {zone['control']}",
                "soviet, rules 2.2, 10.3",
            )
        if zone["setup_code"]:
            checks.report(
                "areas",
                ("areas", i, "setup_code"),
                f"landing zone {zone['id']} has set-up letter {zone['setup_code']!r}",
                "none: L units start in any landing zone, rules 3.3",
            )
        if zone["victory"]:
            checks.report(
                "areas",
                ("areas", i, "victory"),
                f"landing zone {zone['id']} is a victory area",
                "false: only general areas have a defence value, rules 2.2",
            )
    if not checks.has("borders"):
        return
    ids = {a["id"] for _, a in zones}
    for i, border in enumerate(checks.values["borders"]["borders"]):
        a, b = border["areas"]
        if a in ids and b in ids:
            checks.report(
                "borders",
                ("borders", i, "areas"),
                f"landing zones {a} and {b} border each other",
                "a landing zone borders only bank areas, rules 7.6",
            )
    bordered = {x for border in checks.values["borders"]["borders"] for x in border["areas"]}
    for i, zone in zones:
        if zone["id"] not in bordered:
            checks.report(
                "areas",
                ("areas", i, "id"),
                f"landing zone {zone['id']} borders no area",
                "units leave a landing zone into adjacent areas, rules 7.6",
            )


def check_victory_areas(checks: Checks) -> None:
    """Defence-3 areas exist and are exactly the victory areas (2.2, 3.1)."""
    if not checks.has("areas"):
        return
    areas = _areas(checks)
    if not any(a["defense"] == VICTORY_DEFENSE for _, a in areas):
        checks.report("areas", ("areas",), "no area of defence 3", "the defence-3 areas decide victory, rules 2.2, 3.1")
    for i, area in areas:
        if area["victory"] != (area["defense"] == VICTORY_DEFENSE):
            checks.report(
                "areas",
                ("areas", i, "victory"),
                f"area {area['id']} of defence {area['defense']} has victory {area['victory']}",
                "victory exactly on the defence-3 areas, rules 2.2, 3.1",
            )


def check_setup_letters(checks: Checks) -> None:
    """Set-up letters name one area each (2.2, 3.2); L is no area's letter (3.3); every unit set up
    on the map stands in a lettered area its side controls (3.2)."""
    if not checks.has("areas"):
        return
    areas = _areas(checks)
    seen: dict[str, int] = {}
    for i, area in areas:
        code = area["setup_code"]
        if not code:
            continue
        if code == "L":
            checks.report(
                "areas",
                ("areas", i, "setup_code"),
                f"area {area['id']} has set-up letter L",
                "L means any landing zone, rules 3.3",
            )
        if code in seen:
            checks.report(
                "areas",
                ("areas", i, "setup_code"),
                f"set-up letter {code!r} again (area {seen[code]} has it)",
                "one area per letter, rules 3.2",
            )
        seen.setdefault(code, area["id"])
    if not checks.has("counters"):
        return
    by_id = {a["id"]: a for _, a in areas}
    for kind, path, side, number in starting_areas(checks):
        start = by_id.get(number)
        if start is None:
            continue
        if not start["setup_code"]:
            checks.report(
                kind, path, f"area {number} has no set-up letter", "an area printed with a set-up letter, rules 3.2"
            )
        if start["control"] != side:
            checks.report(
                kind,
                path,
                f"a {side} unit starts in {start['control']} area {number}",
                "an area its side controls at start, rules 2.2, 3.2",
            )


def check_units(checks: Checks) -> None:
    """Exactly three L units, all Soviet (3.3); black counters are German and leave in the End phase
    of turn 3, and only they withdraw (2.1.1, 10.4); activation groups only on German units (6.1)."""
    if not checks.has("counters"):
        return
    units = list(enumerate(checks.values["counters"]["units"]))
    l_units = [(i, u) for i, u in units if u["setup"] == L_SETUP]
    if len(l_units) != L_UNITS:
        checks.report(
            "counters",
            ("units",),
            f"{len(l_units)} units with set-up {L_SETUP!r}",
            f"exactly {L_UNITS}, all Soviet, rules 3.3",
        )
    for i, unit in l_units:
        if unit["side"] != "soviet":
            checks.report(
                "counters",
                ("units", i, "setup"),
                f"{unit['id']} is a {unit['side']} L unit",
                "L units are Soviet, rules 3.3",
            )
    for i, unit in units:
        black = BLACK in unit["marks"]
        if black and unit["side"] != "german":
            checks.report(
                "counters",
                ("units", i, "marks"),
                f"{unit['id']} is a {unit['side']} black counter",
                "black counters are German, rules 2.1.1",
            )
        if black and unit.get("withdraw") != WITHDRAW_TURN:
            checks.report(
                "counters",
                ("units", i, "withdraw") if "withdraw" in unit else ("units", i),
                f"black counter {unit['id']} withdraws {'on turn ' + str(unit['withdraw']) if 'withdraw' in unit else 'never'}",
                f"withdraw: {WITHDRAW_TURN}, rules 10.4",
            )
        if not black and "withdraw" in unit:
            checks.report(
                "counters",
                ("units", i, "withdraw"),
                f"{unit['id']} withdraws but is not a black counter",
                "only black counters withdraw, rules 10.4",
            )
        if unit["side"] == "soviet" and unit["group"]:
            checks.report(
                "counters",
                ("units", i, "group"),
                f"Soviet unit {unit['id']} has group {unit['group']!r}",
                "'': the Soviet player activates any fresh units, rules 6.1",
            )


def check_cards(checks: Checks) -> None:
    """27 cards a side (2.3); the cards the text names exist, with their owner where the text says
    it (5.2); the multi-copy cards combine as 5.2 says; at least three Rubble (5.2)."""
    if not checks.has("cards"):
        return
    cards = list(enumerate(checks.values["cards"]["cards"]))
    per_side = Counter(c["side"] for _, c in cards)
    for side in SIDES:
        if per_side[side] != CARDS_PER_SIDE:
            checks.report("cards", ("cards",), f"{per_side[side]} {side} cards", f"{CARDS_PER_SIDE}, rules 2.3")
    names = Counter(c["name"] for _, c in cards)
    for name, (owner, rule) in NAMED_CARDS.items():
        if not names[name]:
            checks.report("cards", ("cards",), f"no card {name!r}", f"the card the rules name, rules {rule}")
    for i, card in cards:
        owner = NAMED_CARDS.get(card["name"], (None, ""))[0]
        if owner is not None and card["side"] != owner:
            checks.report(
                "cards",
                ("cards", i, "side"),
                f"{card['name']} {card['id']} is {card['side']}",
                f"{owner}: the rules have that player play it, rules 5.2",
            )
        wanted = MULTI_COPY.get(card["name"])
        if wanted is not None and card["multi_copy"] != wanted:
            checks.report(
                "cards",
                ("cards", i, "multi_copy"),
                f"{card['name']} {card['id']} is {card['multi_copy']}",
                f"{wanted}, rules 5.2",
            )
    if 0 < names["Rubble"] < RUBBLE_COPIES:
        checks.report(
            "cards",
            ("cards",),
            f"{names['Rubble']} Rubble cards",
            f"at least {RUBBLE_COPIES} (three quadruple the defence), rules 5.2",
        )


NOT_IN_TEXT: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "game": ((), ("id", "module_name", "version", "vassal_version", "description")),
    "scenario": ((), ("id", "name", "description")),
    "areas": (("areas",), ("id", "defense", "control", "map_edge", "terrain", "strongpoint", "polygon", "label")),
    "borders": (("borders",), ("areas",)),
    "counters": (("units",), ("formation", "company", "group", "size", "fresh", "spent")),
    "markers": (("markers",), ("count",)),
    "cards": (("cards",), ("effect", "firepower")),
    "turn_track": (("turns",), ("cards",)),
}
"""Per data file (the list of records in it, or () for a file that is one record): the fields the
rules text never gives for any record: it has no map, no counter values, no card texts, no hand
sizes, no marker counts (docs/sos-data.md). Such a field is ours, also where the file leaves it to
its default (the record's source covers it then, as the module's help page counts it)."""

RECONSTRUCTED = "reconstructed:"


def check_sources(checks: Checks) -> None:
    """A fact the rules text never gives (``NOT_IN_TEXT``) is sourced ``reconstructed: <reason>``:
    by the record's ``source`` or by a ``sources`` entry for the field, never credited to the rules."""
    for kind, (where, fields) in NOT_IN_TEXT.items():
        if not checks.has(kind):
            continue
        raw = checks.files[kind].value
        records = raw
        for key in where:
            records = records.get(key, []) if isinstance(records, dict) else []
        listed = list(enumerate(records)) if where else [(None, raw)]
        for i, record in listed:
            if not isinstance(record, dict):
                continue
            own = record.get("sources") or {}
            for field in fields:
                source = own.get(field, record.get("source", ""))
                if isinstance(source, str) and not source.startswith(RECONSTRUCTED):
                    base: tuple[str | int, ...] = (*where, i) if i is not None else ()
                    path = (*base, "sources", field) if field in own else (*base, "source")
                    checks.report(
                        kind,
                        path,
                        f"{field} of {record.get('id', kind)!r} is credited to {source!r}",
                        f"'reconstructed: <reason>': the rules text never gives {field}",
                    )


CHECKS: tuple[Callable[[Checks], None], ...] = (
    check_game,
    check_vocabulary,
    check_mamayev,
    check_landing_zones,
    check_victory_areas,
    check_setup_letters,
    check_units,
    check_cards,
    check_sources,
)
