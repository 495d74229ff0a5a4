"""Checks that span records and files, run only on files that passed their schema.

Each problem points at the *referring* spot (style guide §6): a dangling area number is reported
where it is used, a repeated id at its second use. Nothing here is specific to one game; a game's
own facts (the rules' worked examples) live in ``games/<game id>/checks.py`` and run last.

The schemas only say that a side, unit type, mark, area class or hand bonus set is an id; which ids
exist is the game's to say (``game.yaml`` ``sides``, ``unit_types``, ``unit_marks``, ``area_classes``,
``hand_bonus_sets``), and ``check_vocabulary`` refuses any other at the spot that uses it. The first
check declares the game's sides (``ids.declare_sides``) so that nothing read later meets an
undeclared side; a side declared before with other words is a problem at its ``label``.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from sdbp_module.data import geometry
from sdbp_module.data.problems import InputProblem, JsonPath
from sdbp_module.data.sources import SourceFile
from sdbp_module.ids import Side, declare_sides

MIN_SHARED_BORDER = 4.0
"""Pixels of common outline two areas need to count as touching on the map."""

BRIDGE_REACH = 6.0
"""A road crosses a river border at most this many pixels from a bridge's drawn point."""

ON_BORDER = 3.0
"""A bridge's drawn point lies at most this many pixels from its border."""

LINE_STEP = 4.0
"""Pixels between the points of a road or runway that are checked to lie in its areas."""

SPECIAL_CARD = "SPECIAL"
NO_BONUS = "none"  # the hand bonus set of an area with none; never declared
NO_TIMING = "-"  # the timing of a special card, which is not used in play


class Checks:
    """The valid values of a folder plus a problem collector that knows every file's positions."""

    def __init__(self, files: Mapping[str, SourceFile], values: Mapping[str, Any]) -> None:
        self.files = files
        self.values = values
        self.problems: list[InputProblem] = []

    def has(self, *kinds: str) -> bool:
        """All of ``kinds`` passed their schema (so their values may be trusted)."""
        return all(kind in self.values for kind in kinds)

    def report(
        self, kind: str, path: JsonPath, message: str, expected: str = "", *, at_key: bool = False
    ) -> None:
        where = self.files[kind].where
        position = where.key(path) if at_key else where.value(path)
        self.problems.append(InputProblem(position, path, message, expected))

    def line_of(self, kind: str, path: JsonPath) -> int:
        return self.files[kind].where.value(path).line

    # -- convenient views --------------------------------------------------------------------

    def ids(self, kind: str, key: str, of: type, field: str = "id") -> set[Any] | None:
        """The ids defined in ``kind``, or None if they cannot be trusted.

        A file that failed its schema still lends its ids to the other files' checks when every
        record has an id of type ``of``, so that one typo does not hide every dangling reference.
        """
        if kind in self.values:
            return {r[field] for r in self.values[kind][key]}
        raw = self.files[kind].value if kind in self.files else None
        records = raw.get(key) if isinstance(raw, dict) else None
        if not isinstance(records, list):
            return None
        out: set[Any] = set()
        for record in records:
            value = record.get(field) if isinstance(record, dict) else None
            if isinstance(value, bool) or not isinstance(value, of):
                return None
            out.add(value)
        return out

    def area_ids(self) -> set[int] | None:
        return self.ids("areas", "areas", int)

    def turns(self) -> int:
        return int(self.values["game"]["turns"])

    def declared(self, key: str) -> list[str] | None:
        """The ids of ``game.yaml``'s list ``key`` (``sides``, ``unit_types`` ...), in data order, or
        None when they cannot be trusted (game.yaml failed its schema, or names one side twice)."""
        if not self.has("game"):
            return None
        ids = [r["id"] for r in self.values["game"][key]]
        if key == "sides" and len(set(ids)) != len(ids):
            return None
        return ids

    def refuse_undeclared(self, kind: str, path: JsonPath, value: Any, key: str, what: str, *, at_key: bool = False) -> None:
        """Report ``value`` at ``path`` of ``kind`` unless it is an id of ``game.yaml``'s ``key``
        (silent when game.yaml cannot be trusted); ``what`` names one, with its article."""
        known = self.declared(key)
        if known is None or value in known:
            return
        expected = f"one of {', '.join(repr(k) for k in known)}, from game.yaml {key}" if known else f"{what} declared in game.yaml {key}, which declares none"
        self.report(kind, path, f"{value!r} is not {what} of this game", expected, at_key=at_key)


Check = Callable[[Checks], None]


def _unique(checks: Checks, kind: str, key: str, field: str, what: str, records: Sequence[Mapping[str, Any]] | None = None) -> None:
    """Report every record of ``kind``'s list ``key`` (or of ``records``, that list) whose ``field``
    repeats an earlier one."""
    first: dict[Any, int] = {}
    for i, record in enumerate(checks.values[kind][key] if records is None else records):
        value = record[field]
        if value in first:
            line = checks.line_of(kind, (key, first[value], field))
            checks.report(
                kind,
                (key, i, field),
                f"{what} {value!r} is used twice",
                f"each {what} once; first at line {line}",
            )
        else:
            first[value] = i


def _numbers(word: str, numbers: list[int]) -> str:
    """``turn 2 is`` / ``turns 2, 3 are``."""
    if len(numbers) == 1:
        return f"{word} {numbers[0]} is"
    return f"{word}s {', '.join(map(str, numbers))} are"


def check_sides(checks: Checks) -> None:
    """The two sides of ``game.yaml`` differ, and are declared for this process (``ids.Side``);
    ``first_side`` is one of them. A side id declared before with another label or enemy (by
    another game loaded in the same process) is reported at its label, not raised."""
    if not checks.has("game"):
        return
    game = checks.values["game"]
    (a, b) = game["sides"]
    if a["id"] == b["id"]:
        line = checks.line_of("game", ("sides", 0))
        checks.report("game", ("sides", 1, "id"), f"side {b['id']!r} is declared twice", f"two different side ids; first at line {line}")
        return
    clash = False
    for i, (side, other) in enumerate(((a, b), (b, a))):
        known = Side.clashing(side["id"], side["label"], other["id"])
        if known is not None:
            clash = True
            checks.report(
                "game",
                ("sides", i, "label"),
                f"side {side['id']!r} is already declared as {known.label!r} against {known.enemy.value!r} by a game read before",
                "the same label and enemy wherever a side id is used, or another id",
            )
    if not clash:
        declare_sides(((a["id"], a["label"]), (b["id"], b["label"])))
    checks.refuse_undeclared("game", ("first_side",), game["first_side"], "sides", "a side")


def check_vocabulary(checks: Checks) -> None:
    """Each vocabulary of ``game.yaml`` names each id once (and never ``none`` as a hand bonus set);
    every side, unit type, mark, area class and hand bonus set the other files use is declared."""
    if checks.has("game"):
        game = checks.values["game"]
        for key, what in (("unit_types", "a unit type"), ("unit_marks", "a unit mark"), ("area_classes", "an area class"), ("hand_bonus_sets", "a hand bonus set")):
            _unique(checks, "game", key, "id", what, records=game[key])
        for i, bonus in enumerate(game["hand_bonus_sets"]):
            if bonus["id"] == NO_BONUS:
                checks.report("game", ("hand_bonus_sets", i, "id"), f"{NO_BONUS!r} is declared as a hand bonus set", f"another id: {NO_BONUS!r} is an area without a set")
        _unique(checks, "game", "roll_tables", "purpose", "roll table purpose", records=game.get("roll_tables", []))
        for i, table in enumerate(game.get("roll_tables", [])):
            for j, modifier in enumerate(table.get("modifiers", [])):
                checks.refuse_undeclared("game", ("roll_tables", i, "modifiers", j, "side"), modifier["side"], "sides", "a side")
                checks.refuse_undeclared("game", ("roll_tables", i, "modifiers", j, "area_class"), modifier["area_class"], "area_classes", "an area class")
            lows = [row[0] for row in table["rows"]]
            if lows != sorted(set(lows)):
                checks.report("game", ("roll_tables", i, "rows"), f"the rows' lowest totals {lows} do not rise", "each row's lowest total above the one before")
    if checks.has("areas"):
        for i, area in enumerate(checks.values["areas"]["areas"]):
            checks.refuse_undeclared("areas", ("areas", i, "control"), area["control"], "sides", "a side")
            checks.refuse_undeclared("areas", ("areas", i, "colour"), area["colour"], "area_classes", "an area class")
            if area["card_bonus"] != NO_BONUS:
                checks.refuse_undeclared("areas", ("areas", i, "card_bonus"), area["card_bonus"], "hand_bonus_sets", "a hand bonus set")
    if checks.has("counters"):
        for i, unit in enumerate(checks.values["counters"]["units"]):
            checks.refuse_undeclared("counters", ("units", i, "side"), unit["side"], "sides", "a side")
            checks.refuse_undeclared("counters", ("units", i, "type"), unit["type"], "unit_types", "a unit type")
            for j, mark in enumerate(unit["marks"]):
                checks.refuse_undeclared("counters", ("units", i, "marks", j), mark, "unit_marks", "a unit mark")
    if checks.has("turn_track"):
        sides = checks.declared("sides")
        for i, turn in enumerate(checks.values["turn_track"]["turns"]):
            for side in turn["cards"]:
                checks.refuse_undeclared("turn_track", ("turns", i, "cards", side), side, "sides", "a side", at_key=True)
            missing = [s for s in sides or () if s not in turn["cards"]]
            if missing:
                checks.report(
                    "turn_track",
                    ("turns", i, "cards"),
                    "no allowance for " + ", ".join(repr(s) for s in missing),
                    "one allowance per side of game.yaml sides",
                )


def check_unique_ids(checks: Checks) -> None:
    """Ids are unique within their file: areas, units, marker kinds, cards, turn-track turns."""
    for kind, key, field, what in (
        ("areas", "areas", "id", "area number"),
        ("counters", "units", "id", "unit id"),
        ("markers", "markers", "id", "marker kind"),
        ("cards", "cards", "id", "card id"),
        ("turn_track", "turns", "turn", "turn"),
    ):
        if checks.has(kind):
            _unique(checks, kind, key, field, what)


def check_borders(checks: Checks) -> None:
    """Borders name known areas, never an area and itself, each pair once; bridges lie on rivers."""
    if not checks.has("borders"):
        return
    known = checks.area_ids()
    seen: dict[frozenset[int], tuple[int, tuple[int, int]]] = {}
    for i, border in enumerate(checks.values["borders"]["borders"]):
        a, b = border["areas"]
        if known is not None:
            for j, area in enumerate((a, b)):
                if area not in known:
                    checks.report(
                        "borders",
                        ("borders", i, "areas", j),
                        f"{area} is not a defined area",
                        "an area number from areas.yaml",
                    )
        if a == b:
            checks.report(
                "borders", ("borders", i, "areas"), f"area {a} borders itself", "two different areas"
            )
            continue
        pair = frozenset((a, b))
        if pair in seen:
            first, order = seen[pair]
            line = checks.line_of("borders", ("borders", first))
            if order == (a, b):
                checks.report(
                    "borders",
                    ("borders", i, "areas"),
                    f"adjacency {a}-{b} is listed twice",
                    f"each pair once; first at line {line}",
                )
            else:
                checks.report(
                    "borders",
                    ("borders", i, "areas"),
                    f"adjacency {a}-{b} repeats {order[0]}-{order[1]} in the other order",
                    f"each pair once, in either order; first at line {line}",
                )
        else:
            seen[pair] = (i, (a, b))
        if border["bridge"] and not border["river"]:
            checks.report(
                "borders",
                ("borders", i, "bridge"),
                f"a bridge on {a}-{b}, which is not a river border",
                "river: true, or no bridge",
            )


def _setup_problem(checks: Checks, setup: Any) -> str | None:
    """Why a set-up value does not resolve, or None."""
    classes = checks.declared("area_classes")
    if isinstance(setup, str) and setup.startswith("any ") and classes is not None:
        wanted = setup[len("any ") :]
        if wanted not in classes:
            return f"{wanted!r} is not an area class of this game"
    elif isinstance(setup, int) and not isinstance(setup, bool):
        known = checks.area_ids()
        if known is not None and setup not in known:
            return f"{setup} is not a defined area"
    elif isinstance(setup, str) and setup.startswith("turn ") and checks.has("game"):
        turn = int(setup.split()[1])
        if not 1 <= turn <= checks.turns():
            return f"turn {turn} is not on the turn track"
    return None


def check_unit_setup(checks: Checks) -> None:
    """Printed set-up areas and area classes exist; reinforcement and withdrawal turns lie on the
    turn track."""
    if not checks.has("counters"):
        return
    for i, unit in enumerate(checks.values["counters"]["units"]):
        why = _setup_problem(checks, unit["setup"])
        if why:
            checks.report("counters", ("units", i, "setup"), why, _setup_expected(checks, unit["setup"]))
        if "withdraw" in unit and checks.has("game") and unit["withdraw"] > checks.turns():
            checks.report(
                "counters",
                ("units", i, "withdraw"),
                f"turn {unit['withdraw']} is not on the turn track",
                f"a turn 1..{checks.turns()}",
            )


def _turns_text(checks: Checks) -> str:
    return str(checks.turns()) if checks.has("game") else "N"


def _setup_expected(checks: Checks, setup: Any) -> str:
    """What the set-up value ``setup``, which does not resolve, should have been."""
    if isinstance(setup, str) and setup.startswith("any "):
        listed = ", ".join(repr(c) for c in checks.declared("area_classes") or ())
        return f"'any ' and one of {listed}, from game.yaml area_classes"
    return f"an area number from areas.yaml or turn 1..{_turns_text(checks)}"


def prefix_sides(cards: Sequence[Mapping[str, Any]], sides: Sequence[str] | None) -> dict[str, str]:
    """Card-id prefix → the side its cards belong to: the side most cards with that prefix give
    (the first such card's on a tie), among ``sides`` when they are known. A game names its decks'
    ids as it likes; the data says which prefix is whose."""
    votes: dict[str, dict[str, int]] = defaultdict(dict)
    for card in cards:
        if card["id"] != SPECIAL_CARD and card["side"] is not None and (sides is None or card["side"] in sides):
            counts = votes[card["id"].split("-")[0]]
            counts[card["side"]] = counts.get(card["side"], 0) + 1
    return {prefix: max(counts, key=lambda side: counts[side]) for prefix, counts in votes.items()}


def check_cards(checks: Checks) -> None:
    """Card ids agree with side and serial; serials run 1..N per side once each; references resolve."""
    if not checks.has("cards"):
        return
    cards = checks.values["cards"]["cards"]
    ids = {c["id"] for c in cards}  # the file is valid here
    sides = checks.declared("sides")
    owner = prefix_sides(cards, sides)
    numbers: dict[str, dict[int, int]] = defaultdict(dict)
    for i, card in enumerate(cards):
        cid, side, number = card["id"], card["side"], card["number"]
        undeclared = side is not None and sides is not None and side not in sides
        if cid == SPECIAL_CARD:
            if side is not None or number != 0:
                checks.report(
                    "cards",
                    ("cards", i),
                    "the special card has a side or a serial",
                    "side: null and number: 0, out of both decks",
                )
        else:
            prefix, serial = cid.split("-")
            if side is None:
                wanted = f"side {owner[prefix]!r}" if prefix in owner else "a side"
                checks.report(
                    "cards",
                    ("cards", i, "side"),
                    f"card {cid} has no side",
                    f"{wanted}; only {SPECIAL_CARD} has none",
                )
            elif not undeclared and prefix in owner and owner[prefix] != side:
                checks.report(
                    "cards",
                    ("cards", i, "side"),
                    f"card {cid} is given to {side!r}",
                    f"{owner[prefix]!r}, from its id",
                )
            if int(serial) != number:
                checks.report(
                    "cards",
                    ("cards", i, "number"),
                    f"card {cid} has serial {number}",
                    f"{int(serial)}, from its id",
                )
            if card["timing"] == NO_TIMING:
                checks.report(
                    "cards",
                    ("cards", i, "timing"),
                    f"card {cid} has no timing ({NO_TIMING!r})",
                    f"a timing class of the game's card list (letters, combined like A/R); {NO_TIMING!r} only for {SPECIAL_CARD}, not used in play",
                )
        if undeclared:
            checks.refuse_undeclared("cards", ("cards", i, "side"), side, "sides", "a side")
        elif side is not None:
            if number == 0 and cid != SPECIAL_CARD:
                checks.report(
                    "cards",
                    ("cards", i, "number"),
                    "serial 0 in a side's deck",
                    "a serial from 1; 0 only for the special card",
                )
            elif number in numbers[side]:
                line = checks.line_of("cards", ("cards", numbers[side][number]))
                checks.report(
                    "cards",
                    ("cards", i, "number"),
                    f"{side} serial {number} is used twice",
                    f"each serial once per side; first at line {line}",
                )
            else:
                numbers[side][number] = i
        for j, other in enumerate(card["excludes"]):
            if other not in ids:
                checks.report(
                    "cards",
                    ("cards", i, "excludes", j),
                    f"{other!r} is not a defined card",
                    "a card id from cards.yaml",
                )
            elif other == cid:
                checks.report(
                    "cards", ("cards", i, "excludes", j), f"card {cid} excludes itself", "other cards' ids"
                )
        if checks.has("game"):
            for j, turn in enumerate(card["turns"]):
                if turn > checks.turns():
                    checks.report(
                        "cards",
                        ("cards", i, "turns", j),
                        f"turn {turn} is not on the turn track",
                        f"turns 1..{checks.turns()}",
                    )
    for side, serials in sorted(numbers.items()):
        if not serials:
            continue
        missing = sorted(set(range(1, max(serials) + 1)) - set(serials))
        if missing:
            checks.report(
                "cards",
                ("cards",),
                f"{side} {_numbers('serial', missing)} missing",
                f"serials 1..{max(serials)} with no gap",
            )


def check_turn_track(checks: Checks) -> None:
    """The track has exactly turns 1..game.turns."""
    if not checks.has("turn_track", "game"):
        return
    turns = checks.turns()
    given = [t["turn"] for t in checks.values["turn_track"]["turns"]]
    for i, turn in enumerate(given):
        if turn > turns:
            checks.report(
                "turn_track",
                ("turns", i, "turn"),
                f"turn {turn} is past the last turn",
                f"turns 1..{turns}, game.yaml turns",
            )
    missing = sorted(set(range(1, turns + 1)) - set(given))
    if missing:
        checks.report(
            "turn_track",
            ("turns",),
            f"{_numbers('turn', missing)} missing",
            f"one record for each turn 1..{turns}",
        )


def check_scenario(checks: Checks) -> None:
    """Scenario overrides name known units and places; markers are known kinds and states."""
    if not checks.has("scenario"):
        return
    scenario = checks.values["scenario"]
    if checks.has("game") and scenario["first_turn"] > checks.turns():
        checks.report(
            "scenario",
            ("first_turn",),
            f"turn {scenario['first_turn']} is past the last turn",
            f"a turn 1..{checks.turns()}",
        )
    unit_ids = checks.ids("counters", "units", str)
    if unit_ids is not None:
        for unit_id in scenario["units"]:
            if unit_id not in unit_ids:
                checks.report(
                    "scenario",
                    ("units", unit_id),
                    f"{unit_id!r} is not a defined unit",
                    "a unit id from counters.yaml",
                    at_key=True,
                )
    for unit_id, setup in scenario["units"].items():
        why = _setup_problem(checks, setup)
        if why:
            checks.report("scenario", ("units", unit_id), why, _setup_expected(checks, setup))
    kinds = {m["id"]: m for m in checks.values["markers"]["markers"]} if checks.has("markers") else None
    areas = checks.area_ids()
    for i, placed in enumerate(scenario["markers"]):
        if kinds is not None:
            kind = kinds.get(placed["kind"])
            if kind is None:
                checks.report(
                    "scenario",
                    ("markers", i, "kind"),
                    f"{placed['kind']!r} is not a defined marker kind",
                    "a marker id from markers.yaml",
                )
            elif placed["state"] not in kind["states"]:
                checks.report(
                    "scenario",
                    ("markers", i, "state"),
                    f"{placed['state']!r} is not a state of {placed['kind']!r}",
                    "one of " + ", ".join(repr(s) for s in kind["states"]),
                )
        if ("area" in placed) == ("turn" in placed):
            checks.report(
                "scenario", ("markers", i), "a marker needs exactly one place", "either area: N or turn: N"
            )
        elif "area" in placed and areas is not None and placed["area"] not in areas:
            checks.report(
                "scenario",
                ("markers", i, "area"),
                f"{placed['area']} is not a defined area",
                "an area number from areas.yaml",
            )
        elif "turn" in placed and checks.has("game") and placed["turn"] > checks.turns():
            checks.report(
                "scenario",
                ("markers", i, "turn"),
                f"turn {placed['turn']} is not on the turn track",
                f"a turn 1..{checks.turns()}",
            )


def starting_areas(checks: Checks) -> Iterable[tuple[str, JsonPath, str, int]]:
    """(file kind, path of the set-up, side, area) for every unit that starts on the map."""
    units = checks.values["counters"]["units"]
    overrides = checks.values["scenario"]["units"] if checks.has("scenario") else {}
    for i, unit in enumerate(units):
        path: JsonPath
        if unit["id"] in overrides:
            kind, path, setup = "scenario", ("units", unit["id"]), overrides[unit["id"]]
        else:
            kind, path, setup = "counters", ("units", i, "setup"), unit["setup"]
        if isinstance(setup, int) and not isinstance(setup, bool):
            yield kind, path, unit["side"], setup


def check_stacking(checks: Checks) -> None:
    """At start no area holds more than ``stacking_limit`` units of one side (7.0)."""
    if not checks.has("counters", "game"):
        return
    limit = int(checks.values["game"]["stacking_limit"])
    count: dict[tuple[int, str], int] = defaultdict(int)
    for kind, path, side, area in starting_areas(checks):
        count[(area, side)] += 1
        if count[(area, side)] == limit + 1:
            checks.report(
                kind,
                path,
                f"{limit + 1} {side} units start in area {area}",
                f"at most {limit} units per side per area, game.yaml stacking_limit",
            )


def check_map(checks: Checks) -> None:
    """Outlines are simple, enclose an area, lie inside the map, hold their label, never overlap,
    and areas adjacent in borders.yaml touch on the map."""
    if not checks.has("areas"):
        return
    areas = checks.values["areas"]["areas"]
    size = checks.values["game"]["map"] if checks.has("game") else None
    good: dict[int, tuple[int, list[tuple[int, int]], tuple[float, float]]] = {}
    for i, area in enumerate(areas):
        poly: list[tuple[int, int]] = [(int(p[0]), int(p[1])) for p in area["polygon"]]
        ok = True
        if size is not None:
            for j, (x, y) in enumerate(poly):
                if x > size["width"] or y > size["height"]:
                    checks.report(
                        "areas",
                        ("areas", i, "polygon", j),
                        f"[{x}, {y}] lies outside the map",
                        f"0 <= x <= {size['width']}, 0 <= y <= {size['height']}, game.yaml map",
                    )
                    ok = False
        if geometry.signed_area(poly) == 0 and geometry.collinear(poly):
            checks.report(
                "areas",
                ("areas", i, "polygon"),
                f"the outline of area {area['id']} encloses no area (all points on one line)",
                "a polygon with positive area",
            )
            continue
        crossing = geometry.self_intersection(poly)
        if crossing is not None and crossing[0] == crossing[1]:
            j = (crossing[0] + 1) % len(poly)
            checks.report(
                "areas",
                ("areas", i, "polygon", j),
                f"point {j} of area {area['id']} repeats the point before it",
                "each corner once",
            )
            continue
        if crossing is not None:
            e1, e2 = crossing
            checks.report(
                "areas",
                ("areas", i, "polygon", e2),
                f"the outline of area {area['id']} crosses itself (edges {e1} and {e2} meet)",
                "a simple polygon",
            )
            continue
        label = (float(area["label"][0]), float(area["label"][1]))
        if geometry.locate(label, poly) is not geometry.Where.INSIDE:
            checks.report(
                "areas",
                ("areas", i, "label"),
                f"[{area['label'][0]}, {area['label'][1]}] is not inside the outline of area {area['id']}",
                "a point inside the polygon",
            )
            continue
        if ok and area["id"] not in good:
            good[area["id"]] = (i, poly, label)
    ids = sorted(good, key=lambda a: good[a][0])
    for n, a in enumerate(ids):
        for b in ids[n + 1 :]:
            _, pa, la = good[a]
            ib, pb, lb = good[b]
            if geometry.interiors_overlap(pa, pb, la, lb):
                checks.report(
                    "areas",
                    ("areas", ib, "polygon"),
                    f"the outline of area {b} overlaps area {a}",
                    "areas that share at most their edges",
                )
    if not checks.has("borders"):
        return
    for i, border in enumerate(checks.values["borders"]["borders"]):
        a, b = border["areas"]
        if a != b and a in good and b in good:
            shared = geometry.shared_border_length(good[a][1], good[b][1])
            if shared < MIN_SHARED_BORDER:
                checks.report(
                    "borders",
                    ("borders", i, "areas"),
                    f"areas {a} and {b} are adjacent here but their outlines share {shared:.0f} px of border",
                    f"outlines sharing at least {MIN_SHARED_BORDER:.0f} px",
                )


Pixel = tuple[int, int]
FPoint = tuple[float, float]


def _outlines(checks: Checks) -> dict[int, list[Pixel]]:
    """Area number → outline, for the areas whose outline is a usable simple polygon."""
    out: dict[int, list[Pixel]] = {}
    for area in checks.values["areas"]["areas"]:
        poly = [(int(p[0]), int(p[1])) for p in area["polygon"]]
        if area["id"] in out or geometry.signed_area(poly) == 0 or geometry.self_intersection(poly) is not None:
            continue
        out[area["id"]] = poly
    return out


def _box_of(poly: Sequence[Pixel]) -> tuple[int, int, int, int]:
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


def _along(points: Sequence[FPoint]) -> Iterator[tuple[int, FPoint]]:
    """(segment index, point) every ``LINE_STEP`` pixels along a polyline, every waypoint included."""
    last = len(points) - 2
    for j in range(last + 1):
        (px, py), (qx, qy) = points[j], points[j + 1]
        n = max(1, math.ceil(math.dist(points[j], points[j + 1]) / LINE_STEP))
        for k in range(n + (1 if j == last else 0)):
            yield j, (px + (qx - px) * k / n, py + (qy - py) * k / n)


def _shared_segments(a: Sequence[Pixel], b: Sequence[Pixel]) -> list[tuple[FPoint, FPoint]]:
    """The pieces of outline that ``a`` and ``b`` have in common (edges within 1 px of each other)."""
    out: list[tuple[FPoint, FPoint]] = []
    for p, q in geometry.edges(a):
        length = math.dist(p, q)
        if length == 0:
            continue
        ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
        for r, s in geometry.edges(b):
            if abs((r[0] - p[0]) * uy - (r[1] - p[1]) * ux) > 1 or abs((s[0] - p[0]) * uy - (s[1] - p[1]) * ux) > 1:
                continue
            tr = (r[0] - p[0]) * ux + (r[1] - p[1]) * uy
            ts = (s[0] - p[0]) * ux + (s[1] - p[1]) * uy
            lo, hi = max(0.0, min(tr, ts)), min(length, max(tr, ts))
            if hi > lo:
                out.append(((p[0] + ux * lo, p[1] + uy * lo), (p[0] + ux * hi, p[1] + uy * hi)))
    return out


def _distance_to_segment(p: FPoint, a: FPoint, b: FPoint) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def _meeting_point(p: FPoint, q: FPoint, r: FPoint, s: FPoint) -> FPoint:
    """Where segment ``pq`` meets segment ``rs`` (known to touch); ``p`` when they are parallel."""
    d = (q[0] - p[0]) * (s[1] - r[1]) - (q[1] - p[1]) * (s[0] - r[0])
    if d == 0:
        return p
    t = ((r[0] - p[0]) * (s[1] - r[1]) - (r[1] - p[1]) * (s[0] - r[0])) / d
    return (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))


def _shown(p: FPoint) -> str:
    return f"[{round(p[0])}, {round(p[1])}]"


def _check_in_map(checks: Checks, path: JsonPath, point: Sequence[int], size: Mapping[str, Any]) -> None:
    x, y = point
    if x > size["width"] or y > size["height"]:
        checks.report(
            "game",
            path,
            f"[{x}, {y}] lies outside the map",
            f"0 <= x <= {size['width']}, 0 <= y <= {size['height']}, game.yaml map",
        )


def _check_areas_exist(checks: Checks, path: JsonPath, areas: Sequence[int]) -> None:
    known = checks.area_ids()
    for k, area in enumerate(areas):
        if known is not None and area not in known:
            checks.report("game", (*path, k), f"{area} is not a defined area", "an area number from areas.yaml")


def _check_line(
    checks: Checks,
    path: JsonPath,
    lines: Sequence[Sequence[FPoint]],
    claimed: Sequence[int],
    outlines: Mapping[int, Sequence[Pixel]],
    what: str,
) -> None:
    """Every point of ``lines`` (a road's centre line, or a runway's centre and edges) lies in one of
    ``claimed``, and the line runs through every one of them; one problem per stray area."""
    boxes = {a: _box_of(poly) for a, poly in outlines.items()}

    def holds(area: int, p: FPoint) -> bool:
        x0, y0, x1, y1 = boxes[area]
        return x0 <= p[0] <= x1 and y0 <= p[1] <= y1 and geometry.locate(p, outlines[area]) is not geometry.Where.OUTSIDE

    own = [a for a in dict.fromkeys(claimed) if a in outlines]
    visited: set[int] = set()
    strays: dict[int | None, tuple[int, FPoint]] = {}
    for line in lines:
        for j, p in _along(line):
            here = [a for a in own if holds(a, p)]
            visited.update(here)
            if not here:
                other = next((a for a in outlines if holds(a, p)), None)
                strays.setdefault(other, (j, p))
    listed = ", ".join(map(str, claimed))
    for area, (j, p) in strays.items():
        where = "no area" if area is None else f"area {area}, which is not one of its areas"
        checks.report(
            "game",
            (*path, "points", j),
            f"the {what} from point {j} runs through {where} at {_shown(p)}",
            f"a line inside its areas ({listed})",
        )
    for k, area in enumerate(claimed):
        if area in outlines and area not in visited:
            checks.report(
                "game",
                (*path, "areas", k),
                f"the {what} does not run through area {area}",
                "only the areas the line runs through",
            )


def check_map_features(checks: Checks) -> None:
    """Roads, runways, bridges and villages of ``game.yaml`` ``map``: their points lie inside the map,
    the areas they name exist and hold them, roads cross rivers only at bridges, bridges sit on the
    bridged borders of borders.yaml, runways cross only airstrip areas."""
    if not checks.has("game"):
        return
    size = checks.values["game"]["map"]
    roads, runways = size["roads"], size["runways"]
    bridges, villages = size["bridges"], size["villages"]
    for key, records in (("roads", roads), ("runways", runways)):
        for i, record in enumerate(records):
            for j, point in enumerate(record["points"]):
                _check_in_map(checks, ("map", key, i, "points", j), point, size)
            _check_areas_exist(checks, ("map", key, i, "areas"), record["areas"])
    for key, records in (("bridges", bridges), ("villages", villages)):
        for i, record in enumerate(records):
            _check_in_map(checks, ("map", key, i, "at"), record["at"], size)
    for i, bridge in enumerate(bridges):
        _check_areas_exist(checks, ("map", "bridges", i, "areas"), bridge["areas"])
    known = checks.area_ids()
    for i, village in enumerate(villages):
        if known is not None and village["area"] not in known:
            checks.report(
                "game", ("map", "villages", i, "area"), f"{village['area']} is not a defined area", "an area number from areas.yaml"
            )
    if not checks.has("areas"):
        return
    outlines = _outlines(checks)
    terrain = {a["id"]: a["terrain"] for a in checks.values["areas"]["areas"]}
    for i, road in enumerate(roads):
        line = [(float(p[0]), float(p[1])) for p in road["points"]]
        _check_line(checks, ("map", "roads", i), [line], road["areas"], outlines, "road")
    for i, runway in enumerate(runways):
        (ax, ay), (bx, by) = runway["points"]
        length = math.dist((ax, ay), (bx, by)) or 1.0
        nx, ny = (by - ay) / length * runway["width"] / 2, (ax - bx) / length * runway["width"] / 2
        lines = [[(ax + nx * f, ay + ny * f), (bx + nx * f, by + ny * f)] for f in (0.0, -1.0, 1.0)]
        _check_line(checks, ("map", "runways", i), lines, runway["areas"], outlines, "runway")
        for k, area in enumerate(runway["areas"]):
            if terrain.get(area, "airstrip") != "airstrip":
                checks.report(
                    "game",
                    ("map", "runways", i, "areas", k),
                    f"area {area} has terrain {terrain[area]!r}",
                    "terrain airstrip for every area a runway runs through (areas.yaml)",
                )
    for i, village in enumerate(villages):
        poly = outlines.get(village["area"])
        if poly is not None and geometry.locate(tuple(village["at"]), poly) is geometry.Where.OUTSIDE:
            checks.report(
                "game",
                ("map", "villages", i, "at"),
                f"{_shown(tuple(village['at']))} is not inside area {village['area']}",
                "a point inside the village's area",
            )
    if not checks.has("borders"):
        return
    _check_bridges_and_crossings(checks, outlines)


def _check_bridges_and_crossings(checks: Checks, outlines: Mapping[int, Sequence[Pixel]]) -> None:
    """Bridges sit on bridged borders, one each; roads cross a river border only at a bridge."""
    size = checks.values["game"]["map"]
    borders = checks.values["borders"]["borders"]
    rivers = [frozenset(b["areas"]) for b in borders if b["river"] and b["areas"][0] != b["areas"][1]]
    bridged = {frozenset(b["areas"]) for b in borders if b["bridge"]}
    sites: dict[frozenset[int], list[FPoint]] = defaultdict(list)
    first: dict[frozenset[int], int] = {}
    for i, bridge in enumerate(size["bridges"]):
        a, b = bridge["areas"]
        pair = frozenset((a, b))
        at = (float(bridge["at"][0]), float(bridge["at"][1]))
        if pair not in bridged:
            checks.report(
                "game",
                ("map", "bridges", i, "areas"),
                f"{a}-{b} is not a bridged border",
                "a border with bridge: true in borders.yaml",
            )
            continue
        if pair in first:
            line = checks.line_of("game", ("map", "bridges", first[pair]))
            checks.report(
                "game",
                ("map", "bridges", i, "areas"),
                f"a second bridge on {a}-{b}",
                f"one drawing per bridged border; first at line {line}",
            )
            continue
        first[pair] = i
        sites[pair].append(at)
        if a in outlines and b in outlines:
            shared = _shared_segments(outlines[a], outlines[b])
            gap = min((_distance_to_segment(at, r, s) for r, s in shared), default=math.inf)
            if gap > ON_BORDER:
                checks.report(
                    "game",
                    ("map", "bridges", i, "at"),
                    f"{_shown(at)} is {gap:.0f} px from the border of areas {a} and {b}",
                    f"a point on their shared border (within {ON_BORDER:.0f} px)",
                )
    river_edges = [
        (pair, shared)
        for pair in rivers
        if all(x in outlines for x in pair)
        for shared in _shared_segments(outlines[min(pair)], outlines[max(pair)])
    ]
    for i, road in enumerate(size["roads"]):
        pts = [(float(p[0]), float(p[1])) for p in road["points"]]
        reported: set[tuple[frozenset[int], str]] = set()
        for j in range(len(pts) - 1):
            for pair, (r, s) in river_edges:
                if not geometry.segments_touch(pts[j], pts[j + 1], r, s):
                    continue
                at = _meeting_point(pts[j], pts[j + 1], r, s)
                if any(math.dist(at, site) <= BRIDGE_REACH for site in sites.get(pair, [])):
                    continue
                key = (pair, _shown(at))
                if key in reported:
                    continue
                reported.add(key)
                a, b = sorted(pair)
                checks.report(
                    "game",
                    ("map", "roads", i, "points", j),
                    f"the road crosses the river between areas {a} and {b} at {_shown(at)}, where no bridge is drawn",
                    f"river crossings within {BRIDGE_REACH:.0f} px of a bridge's at (game.yaml map bridges)",
                )


# Strings that become VASSAL piece, zone or property text (format reference §1.3): the engine
# misreads a value ending in a backslash before a delimiter, and cannot tell an escaped delimiter
# from a literal backslash, so none may hold one. (file, list key, field, what the field is)
PIECE_TEXT_FIELDS: tuple[tuple[str, str, str, str], ...] = (
    ("counters", "units", "formation", "unit formation"),
    ("counters", "units", "company", "unit company"),
    ("areas", "areas", "name", "area name"),
    ("cards", "cards", "name", "card name"),
    ("markers", "markers", "name", "marker name"),
    ("markers", "markers", "states", "marker state"),
    ("game", "sides", "label", "side label"),  # every report sentence starts with the acting side's label
)


QUICK_COLOURS = "|!?~`"
"""VASSAL's chat colour codes (``QuickColors``): a report whose text starts with one is shown as HTML
whatever the module's chat setting, and every report sentence starts with a side's label
(``codec.sentences``); the move reports of older modules started with the piece's name."""


def check_piece_text(checks: Checks) -> None:
    """No backslash in a name that ends up in a VASSAL piece or zone (format reference §1.3), and no
    name that starts with a chat colour code (``QUICK_COLOURS``)."""
    for kind, key, field, what in PIECE_TEXT_FIELDS:
        if not checks.has(kind):
            continue
        for i, record in enumerate(checks.values[kind][key]):
            value = record[field]
            texts = [(value, (key, i, field))] if isinstance(value, str) else [(v, (key, i, field, j)) for j, v in enumerate(value)]
            for text, path in texts:
                if "\\" in text:
                    checks.report(
                        kind,
                        path,
                        f"{what} '{text}' contains a backslash, which VASSAL misreads in piece and zone text",
                        "no backslash (format reference §1.3)",
                    )
                if text.strip()[:1] in tuple(QUICK_COLOURS):
                    checks.report(
                        kind,
                        path,
                        f"{what} '{text}' starts with {text.strip()[0]!r}, a VASSAL chat colour code: the chat would show "
                        "the reports that start with it as HTML",
                        f"a first character other than {' '.join(QUICK_COLOURS)}",
                    )


GENERIC_CHECKS: tuple[Check, ...] = (
    check_sides,
    check_vocabulary,
    check_piece_text,
    check_unique_ids,
    check_borders,
    check_unit_setup,
    check_cards,
    check_turn_track,
    check_scenario,
    check_stacking,
    check_map,
    check_map_features,
)


def cross_check(files: Mapping[str, SourceFile], values: Mapping[str, Any]) -> list[InputProblem]:
    """Every cross-file problem: the generic checks, then the game's own (chosen by game id)."""
    from sdbp_module.games import game_checks

    checks = Checks(files, values)
    generic = GENERIC_CHECKS
    if "hexes" in files:  # a hex-map game (data.files.is_hex_folder): its own generic checks
        from sdbp_module.data.hexcheck import HEX_CHECKS

        generic = HEX_CHECKS
    for check in generic:
        check(checks)
    if checks.has("game"):
        for check in game_checks(str(values["game"]["id"])):
            check(checks)
    return checks.problems
