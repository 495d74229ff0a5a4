"""Storm Over Dien Bien Phu: facts the rules fix, checked against the data.

The map and counter mix are reconstructions, but the rules text pins some of them down
(rules digest, "Facts deducible from the seed"): named and bonus areas (2.2.1, 5.1), the
airstrips and green areas (11.0), the two bridges (7.0), and the adjacencies, rivers, control and
values that the movement (7.0), fire (8.4) and assault (10.0) examples only work with. Every
check names the rule it comes from; a broken one points at the record that contradicts it.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Callable
from typing import Any

from sdbp_module.data.crossref import Checks, starting_areas
from sdbp_module.games.sodbp.ids import UNIT_TYPES, AreaColour, CardBonus

TURNS = 8  # 4.0
STACKING_LIMIT = 9  # 7.0
DICE = [6, 6]  # 2.0: two dice
CARDS_PER_SIDE = 27  # 2.3
CARD_PREFIX = {"FR": "french", "VM": "viet_minh"}  # 2.3: the two decks (our ids)
TIMINGS = ("A", "D", "R", "E", "X")  # 2.3: the timing letters of the card list

NAMED = {6: "Gabrielle", 9: "Anne-Marie", 14: "Béatrice"}  # 2.2.1, 5.1 (white card symbol)
AIRSTRIPS = (16, 20, 21)  # 2.2.1, 5.1, 11.0 (blue number, grey card symbol)
GREEN_COUNT = 6  # 2.2.1, 11.0
BRIDGES = {frozenset((28, 29)), frozenset((21, 29))}  # 2.2.1, 7.0
ADJACENT = ((10, 7), (10, 11), (10, 17), (11, 7), (11, 8), (11, 14), (11, 17), (14, 17))  # 7.0, 8.4, 10.0
NEIGHBOURS_OF_11 = frozenset({7, 8, 10, 14, 17})  # 8.4 example: 11's retreat options
UNBRIDGED_RIVERS = ((10, 17), (11, 17))  # 7.0 example (M3, M4, M6, M9)
CONTROL = {
    7: "viet_minh",
    8: "viet_minh",
    11: "viet_minh",
    10: "french",
    14: "french",
    17: "french",
}  # 7.0, 8.4
FRENCH_AT_START = (6, 9, 14, 16, 20, 21)  # 5.1: both bonuses on turn 1
DEFENSE = {11: 1}  # 8.4 example
MUST_EXIST = (38,)  # card Relief Force from Isabelle
NOT_RED = (7,)  # 7.0 example: French units enter 7
REPLACEMENT_VALUES = [1, 7, 2]  # 12.1
STAR_UNITS = 3  # 2.1.1
FRENCH_TURN1_CARDS = 4  # 2.2.2, 5.1
VICTORY_AREAS = 6  # 14.0
FRENCH_FIREPOWERS = Counter({3: 1, 1: 2, 2: 1})  # 8.4 example: four French units, FP 3, 1, 1, 2


def _plain(text: str) -> str:
    """Compare names without accents: the seed prints 'Beatrice', the French map 'Béatrice'."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).casefold()


def _areas(checks: Checks) -> dict[int, tuple[int, dict[str, Any]]]:
    return {a["id"]: (i, a) for i, a in enumerate(checks.values["areas"]["areas"])}


def _field(
    checks: Checks,
    areas: dict[int, tuple[int, dict[str, Any]]],
    area: int,
    field: str,
    wanted: Any,
    rule: str,
    shown: str | None = None,
) -> None:
    if area not in areas:
        return
    i, record = areas[area]
    if record[field] != wanted:
        checks.report(
            "areas",
            ("areas", i, field),
            f"area {area} has {field} {record[field]!r}",
            f"{shown or repr(wanted)}, rules {rule}",
        )


def _missing_areas(checks: Checks, areas: dict[int, tuple[int, dict[str, Any]]], needed: set[int]) -> None:
    for area in sorted(needed - set(areas)):
        checks.report(
            "areas",
            ("areas",),
            f"area {area} is missing",
            "areas named by the rules: 6, 7, 8, 9, 10, 11, 14, 16, 17, 20, 21, 28, 29, 38",
        )


def check_game(checks: Checks) -> None:
    """8 turns (4.0), stacking limit 9 (7.0), two six-sided dice (2.0)."""
    game = checks.values["game"]
    for field, wanted, rule in (
        ("turns", TURNS, "4.0"),
        ("stacking_limit", STACKING_LIMIT, "7.0"),
        ("dice", DICE, "2.0"),
    ):
        if game[field] != wanted:
            checks.report("game", (field,), f"{field} is {game[field]!r}", f"{wanted!r}, rules {rule}")


MARKS = ("thai", "elite", "replacement")  # 2.1.1, 12.1; the module writes them in this order
VOCABULARY: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("unit_types", tuple(UNIT_TYPES), "2.1.1"),
    ("unit_marks", MARKS, "2.1.1, 12.1"),
    ("area_classes", (AreaColour.PLAIN, AreaColour.RED, AreaColour.BLUE, AreaColour.GREEN), "2.2.1"),
    ("hand_bonus_sets", (CardBonus.WHITE, CardBonus.GREY), "2.2.1, 5.1"),
)
"""The vocabularies the SoDBP rules name (``games.sodbp.ids``), as game.yaml must declare them."""


def check_vocabulary(checks: Checks) -> None:
    """game.yaml declares exactly the unit types, marks, area classes and bonus sets the rules name,
    in the rules' order (2.1.1, 2.2.1, 5.1, 12.1)."""
    game = checks.values["game"]
    for key, wanted, rule in VOCABULARY:
        given = tuple(r["id"] for r in game[key])
        if given != wanted:
            checks.report("game", (key,), f"{key} declares {', '.join(given) or 'nothing'}", f"{', '.join(wanted)}, rules {rule}")


def check_areas(checks: Checks) -> None:
    """Named, bonus, airstrip, green and example areas (2.2.1, 5.1, 7.0, 8.4, 11.0)."""
    if not checks.has("areas"):
        return
    areas = _areas(checks)
    needed = set(NAMED) | set(AIRSTRIPS) | set(CONTROL) | set(MUST_EXIST) | {28, 29}
    _missing_areas(checks, areas, needed)
    for area, name in NAMED.items():
        if area in areas and _plain(areas[area][1]["name"]) != _plain(name):
            i, record = areas[area]
            checks.report(
                "areas",
                ("areas", i, "name"),
                f"area {area} is named {record['name']!r}",
                f"{name!r}, rules 2.2.1",
            )
        _field(checks, areas, area, "card_bonus", "white", "2.2.1, 5.1")
    for area in AIRSTRIPS:
        _field(checks, areas, area, "colour", "blue", "2.2.1, 11.0")
        _field(checks, areas, area, "card_bonus", "grey", "2.2.1, 5.1")
        _field(checks, areas, area, "terrain", "airstrip", "2.2.1, 11.0")
    for area in FRENCH_AT_START:
        _field(checks, areas, area, "control", "french", "5.1 (French get both card bonuses on turn 1)")
    for area, side in CONTROL.items():
        _field(checks, areas, area, "control", side, "7.0, 8.4 examples")
    for area, value in DEFENSE.items():
        _field(checks, areas, area, "defense", value, "8.4 example")
    for area in NOT_RED:
        if area in areas and areas[area][1]["colour"] == "red":
            i, _ = areas[area]
            checks.report(
                "areas",
                ("areas", i, "colour"),
                f"area {area} is red (closed to French units)",
                "not red, rules 7.0 example (French units enter it)",
            )
    for i, record in enumerate(checks.values["areas"]["areas"]):
        bonus, colour = record["card_bonus"], record["colour"]
        if bonus == "white" and record["id"] not in NAMED:
            checks.report(
                "areas",
                ("areas", i, "card_bonus"),
                f"area {record['id']} has a white card symbol",
                "white only on areas 6, 9, 14, rules 2.2.1",
            )
        if bonus == "grey" and record["id"] not in AIRSTRIPS:
            checks.report(
                "areas",
                ("areas", i, "card_bonus"),
                f"area {record['id']} has a grey card symbol",
                "grey only on areas 16, 20, 21, rules 2.2.1",
            )
        if colour == "blue" and record["id"] not in AIRSTRIPS:
            checks.report(
                "areas",
                ("areas", i, "colour"),
                f"area {record['id']} is blue (an airstrip)",
                "blue only on areas 16, 20, 21, rules 11.0",
            )
        if record["terrain"] == "airstrip" and record["id"] not in AIRSTRIPS:
            checks.report(
                "areas",
                ("areas", i, "terrain"),
                f"area {record['id']} has terrain 'airstrip'",
                "airstrip terrain only on areas 16, 20, 21, rules 2.2.1, 11.0",
            )


def check_green(checks: Checks) -> None:
    """Exactly six green areas, each on the west bank and adjacent to an airstrip (2.2.1, 11.0)."""
    if not checks.has("areas"):
        return
    areas = checks.values["areas"]["areas"]
    green = [(i, a) for i, a in enumerate(areas) if a["colour"] == "green"]
    if len(green) != GREEN_COUNT:
        checks.report(
            "areas", ("areas",), f"{len(green)} green areas", f"exactly {GREEN_COUNT}, rules 2.2.1, 11.0"
        )
    neighbours = _neighbours(checks) if checks.has("borders") else None
    for i, area in green:
        if area.get("bank") != "west":
            checks.report(
                "areas",
                ("areas", i, "bank"),
                f"green area {area['id']} is not on the west bank",
                "bank: west, rules 11.0",
            )
        if neighbours is not None and not neighbours.get(area["id"], set()) & set(AIRSTRIPS):
            checks.report(
                "areas",
                ("areas", i, "colour"),
                f"green area {area['id']} is not adjacent to an airstrip",
                "a neighbour among 16, 20, 21, rules 11.0",
            )


def check_victory_and_red(checks: Checks) -> None:
    """Victory symbol exactly on defense-3 areas, at least six of them (14.0); red areas lie on the
    map edge (2.2.1) and no French unit starts in one (7.0: French units may never enter)."""
    if not checks.has("areas"):
        return
    areas = checks.values["areas"]["areas"]
    for i, record in enumerate(areas):
        if record["victory"] != (record["defense"] == 3):
            checks.report(
                "areas",
                ("areas", i, "victory"),
                f"area {record['id']} has defense {record['defense']} and victory {str(record['victory']).lower()}",
                "a victory symbol exactly on the defense-3 areas, rules 14.0",
            )
        if record["colour"] == "red" and not record["map_edge"]:
            checks.report(
                "areas",
                ("areas", i, "map_edge"),
                f"red area {record['id']} is not on the map edge",
                "map_edge: true, rules 2.2.1 (red areas are around the map edge)",
            )
    victory = sum(1 for a in areas if a["victory"])
    if victory < VICTORY_AREAS:
        checks.report(
            "areas",
            ("areas",),
            f"only {victory} victory areas",
            f"at least {VICTORY_AREAS}, rules 14.0 (the VM needs six)",
        )
    if checks.has("counters"):
        red = {a["id"] for a in areas if a["colour"] == "red"}
        for kind, path, side, area in starting_areas(checks):
            if side == "french" and area in red:
                checks.report(
                    kind,
                    path,
                    f"a French unit starts in red area {area}",
                    "French units never in red areas, rules 7.0",
                )


def _neighbours(checks: Checks) -> dict[int, set[int]]:
    out: dict[int, set[int]] = {}
    for border in checks.values["borders"]["borders"]:
        a, b = border["areas"]
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return out


def check_borders(checks: Checks) -> None:
    """Bridges 28-29 and 21-29 only (7.0); the examples' adjacencies and rivers (7.0, 8.4, 10.0)."""
    if not checks.has("borders"):
        return
    borders = checks.values["borders"]["borders"]
    by_pair = {frozenset(b["areas"]): (i, b) for i, b in enumerate(borders)}
    for i, border in enumerate(borders):
        pair = frozenset(border["areas"])
        if border["bridge"] and pair not in BRIDGES:
            a, b = border["areas"]
            checks.report(
                "borders",
                ("borders", i, "bridge"),
                f"a bridge on {a}-{b}",
                "bridges only on 28-29 and 21-29, rules 7.0",
            )
    for pair in sorted(BRIDGES, key=sorted):
        a, b = sorted(pair)
        found = by_pair.get(pair)
        if found is None:
            checks.report(
                "borders",
                ("borders",),
                f"no border {a}-{b}",
                f"a river border {a}-{b} with a bridge, rules 7.0",
            )
        elif not found[1]["bridge"]:
            checks.report(
                "borders",
                ("borders", found[0], "bridge"),
                f"border {a}-{b} has no bridge",
                "bridge: true, rules 7.0",
            )
    for a, b in ADJACENT:
        if frozenset((a, b)) not in by_pair:
            checks.report(
                "borders",
                ("borders",),
                f"areas {a} and {b} are not adjacent",
                f"a border {a}-{b}, rules 7.0, 8.4, 10.0 examples",
            )
    eleven = _neighbours(checks).get(11, set())
    extra = sorted(eleven - NEIGHBOURS_OF_11)
    for other in extra:
        i, _ = by_pair[frozenset((11, other))]
        checks.report(
            "borders",
            ("borders", i, "areas"),
            f"area 11 borders area {other}",
            "11's neighbours exactly 7, 8, 10, 14, 17, rules 8.4 example",
        )
    for a, b in UNBRIDGED_RIVERS:
        found = by_pair.get(frozenset((a, b)))
        if found is not None and (not found[1]["river"] or found[1]["bridge"]):
            checks.report(
                "borders",
                ("borders", found[0]),
                f"border {a}-{b} is not a river without a bridge",
                "river: true, bridge: false, rules 7.0 example",
            )


def check_units(checks: Checks) -> None:
    """Replacements 1-7-2 (12.1); three '*' French units (2.1.1); example values (7.0, 8.4)."""
    if not checks.has("counters"):
        return
    units = checks.values["counters"]["units"]
    replacements = [(i, u) for i, u in enumerate(units) if "replacement" in u["marks"]]
    if not replacements:
        checks.report(
            "counters", ("units",), "no replacement units", "VM replacement units 1-7-2, rules 12.1"
        )
    for i, unit in replacements:
        if unit["side"] != "viet_minh" or unit["fresh"] != REPLACEMENT_VALUES:
            checks.report(
                "counters",
                ("units", i, "fresh"),
                f"replacement {unit['id']} is {unit['side']} {'-'.join(map(str, unit['fresh']))}",
                "viet_minh 1-7-2, rules 12.1",
            )
    stars = [(i, u) for i, u in enumerate(units) if u["setup"] == "*"]
    if len(stars) != STAR_UNITS:
        checks.report(
            "counters",
            ("units",),
            f"{len(stars)} units with set-up '*'",
            f"exactly {STAR_UNITS}, all French, rules 2.1.1",
        )
    for i, unit in stars:
        if unit["side"] != "french":
            checks.report(
                "counters",
                ("units", i, "setup"),
                f"{unit['id']} is a {unit['side']} unit with set-up '*'",
                "'*' only on French units, rules 2.1.1",
            )
    vm = [u for u in units if u["side"] == "viet_minh"]
    if not any(u["fresh"][1] == 8 or u["spent"] == 8 for u in vm):
        checks.report(
            "counters", ("units",), "no Viet Minh unit with defense 8", "at least one, rules 8.4 example"
        )
    if not any(u["fresh"][2] == 2 for u in vm):
        checks.report(
            "counters", ("units",), "no Viet Minh unit with movement 2", "at least one, rules 7.0 example"
        )
    french_fp = Counter(u["fresh"][0] for u in units if u["side"] == "french")
    short = {fp: n for fp, n in FRENCH_FIREPOWERS.items() if french_fp[fp] < n}
    if short:
        checks.report(
            "counters",
            ("units",),
            "too few French units with firepower "
            + ", ".join(f"{fp} (need {n})" for fp, n in sorted(short.items())),
            "French units with FP 3, 1, 1, 2, rules 8.4 example",
        )


def check_cards(checks: Checks) -> None:
    """27 cards per side, serials 1..27 once each, and the one special card; FR-nn ids for French
    cards and VM-nn for VM cards; timing letters A, D, R, E, X (2.3)."""
    if not checks.has("cards"):
        return
    cards = checks.values["cards"]["cards"]
    for side in ("french", "viet_minh"):
        have = sorted(c["number"] for c in cards if c["side"] == side)
        if have != list(range(1, CARDS_PER_SIDE + 1)):
            missing = sorted(set(range(1, CARDS_PER_SIDE + 1)) - set(have))
            extra = sorted(set(have) - set(range(1, CARDS_PER_SIDE + 1)))
            detail = "; ".join(
                x
                for x in (f"missing {missing}" if missing else "", f"beyond 27: {extra}" if extra else "")
                if x
            )
            checks.report(
                "cards",
                ("cards",),
                f"{len(have)} {side} cards" + (f" ({detail})" if detail else ""),
                f"serials 1..{CARDS_PER_SIDE} once each, rules 2.3",
            )
    special = [c for c in cards if c["side"] is None]
    if len(special) != 1:
        checks.report(
            "cards", ("cards",), f"{len(special)} special cards", "exactly one, out of both decks, rules 2.3"
        )
    for i, card in enumerate(cards):
        if card["id"] != "SPECIAL" and CARD_PREFIX.get(card["id"].split("-")[0]) != card["side"]:
            checks.report(
                "cards",
                ("cards", i, "id"),
                f"card {card['id']} of side {card['side']!r} has the prefix of another deck",
                "FR-nn for french cards, VM-nn for viet_minh cards, rules 2.3",
            )
        letters = set(card["timing"].split("/")) - {"-"}
        if letters - set(TIMINGS):
            checks.report(
                "cards",
                ("cards", i, "timing"),
                f"card {card['id']} has timing {card['timing']!r}",
                f"timing letters {', '.join(TIMINGS)}, rules 2.3",
            )
        if card["side"] == "viet_minh" and card["entrenchment"] is None:
            checks.report(
                "cards",
                ("cards", i, "entrenchment"),
                f"VM card {card['id']} has no entrenchment value",
                "an integer 0..3, rules 2.3, 9.0",
            )
        if card["side"] == "french" and card["entrenchment"] is not None:
            checks.report(
                "cards",
                ("cards", i, "entrenchment"),
                f"French card {card['id']} has an entrenchment value",
                "null (only VM cards have one), rules 2.3",
            )


def check_turn_track(checks: Checks) -> None:
    """French may hold 4 cards on turn 1 (2.2.2, 5.1)."""
    if not checks.has("turn_track"):
        return
    for i, turn in enumerate(checks.values["turn_track"]["turns"]):
        if turn["turn"] == 1 and turn["cards"]["french"] != FRENCH_TURN1_CARDS:
            checks.report(
                "turn_track",
                ("turns", i, "cards", "french"),
                f"French turn-1 allowance is {turn['cards']['french']}",
                f"{FRENCH_TURN1_CARDS}, rules 2.2.2",
            )


CHECKS: tuple[Callable[[Checks], None], ...] = (
    check_game,
    check_vocabulary,
    check_areas,
    check_green,
    check_victory_and_red,
    check_borders,
    check_units,
    check_cards,
    check_turn_track,
)
