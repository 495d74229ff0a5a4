"""The cross-file checks of a hex-map game's folder (``hexes.yaml`` beside ``game.yaml``, ``counters.yaml``,
``markers.yaml``, ``turn_track.yaml``; docs/data-format.md).

The map features (``features``, ``paths``, ``regions``, ``movement``, ``zoc``, ``lines``; docs/hexes.md,
"Map features"): every hex id and hexside they name is the map's, a terrain, region, side, feature
or path kind they name is declared, and each block builds (a line whose hexes are not neighbours, a region reading itself, a
terrain no movement row prices … is one problem at its block).

Each check runs only on the files that passed their schema, and reports one positioned problem per
fault: a hex id the grid does not print (in the terrain, elevation, a named set or place, a unit's
set-up), a terrain word ``terrain_kinds`` does not declare, a set named ``<x>_edge`` holding a hex
that is not on the map's edge, a side, unit type, mark or box that is not declared, a counter whose
faces do not give one number per ``factors`` entry (or whose back face comes with one step, or who
enters after the last turn), a hex of the set-up over a stacking limit in points (``game.yaml``
``stacking``), a turn record that is not turns 1..N (or an arrival off its unit's ``enters``), and every
problem of the ``playing_cards:`` block of ``game.yaml`` (``model.playing_cards.read_playing_cards``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from sdbp_module.data.crossref import Checks, _unique, check_sides
from sdbp_module.hexgrid.grid import HexGrid

HexCheck = Callable[[Checks], None]


def grid_of(checks: Checks) -> HexGrid | None:
    """The grid of ``hexes.yaml``, or None when the file failed its schema or the grid is refused (then
    reported once, at ``grid``)."""
    if not checks.has("hexes"):
        return None
    try:
        return HexGrid.from_mapping(checks.values["hexes"]["grid"])
    except (ValueError, TypeError) as exc:
        if not any(p.path == ("grid",) for p in checks.problems):
            checks.report("hexes", ("grid",), f"the grid cannot be made: {exc}", "a grid as docs/hexes.md shows it")
        return None


def _not_a_hex(checks: Checks, grid: HexGrid, kind: str, path: tuple[str | int, ...], text: str) -> None:
    checks.report(
        kind,
        path,
        f"{text!r} is not a hex of the map",
        f"a hex id the grid prints ({grid.hex_id(grid.hex_of(0, 0))} to {grid.hex_id(grid.hex_of(grid.columns - 1, grid.rows - 1))})",
    )


def _hex_lists(hexes: dict[str, Any]) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    """Every hex id ``hexes.yaml`` names, with its path."""
    for key, ids in hexes.get("terrain", {}).items():
        if key != "default":
            for i, text in enumerate(ids):
                yield ("terrain", key, i), text
    for text in hexes.get("elevation", {}).get("hexes", {}):
        yield ("elevation", "hexes", text), text
    for name, ids in hexes.get("sets", {}).items():
        for i, text in enumerate(ids):
            yield ("sets", name, i), text
    for i, place in enumerate(hexes.get("places", [])):
        yield ("places", i, "hex"), place["hex"]
    for i, feature in enumerate(hexes.get("features", [])):
        for j, text in enumerate(feature.get("hexes", [])):
            yield ("features", i, "hexes", j), text
        for key in ("start_side", "end_side"):
            if key in feature:
                yield ("features", i, key), feature[key]
        for j, side in enumerate(feature.get("hexsides", [])):
            for text in str(side).split("|"):
                yield ("features", i, "hexsides", j), text
    for i, path in enumerate(hexes.get("paths", [])):
        for j, text in enumerate(path["hexes"]):
            yield ("paths", i, "hexes", j), text
    for name, region in hexes.get("regions", {}).items():
        for j, text in enumerate(region.get("hexes", [])):
            yield ("regions", name, "hexes", j), text


def check_hexes(checks: Checks) -> None:
    """Every hex id of ``hexes.yaml`` is one the grid prints; no hex has two terrains; a set named
    ``<x>_edge`` holds only hexes with fewer than six neighbours on the map."""
    grid = grid_of(checks)
    if grid is None:
        return
    hexes = checks.values["hexes"]
    for path, text in _hex_lists(hexes):
        if grid.parse_id(str(text)) is None:
            _not_a_hex(checks, grid, "hexes", path, str(text))
    first: dict[str, tuple[str, int]] = {}
    for key, ids in hexes.get("terrain", {}).items():
        if key == "default":
            continue
        for i, text in enumerate(ids):
            if text in first and first[text][0] != key:
                line = checks.line_of("hexes", ("terrain", first[text][0], first[text][1]))
                checks.report("hexes", ("terrain", key, i), f"hex {text} is also {first[text][0]}", f"one terrain per hex; {first[text][0]} at line {line}")
            first.setdefault(text, (key, i))
    for name, ids in hexes.get("sets", {}).items():
        if not name.endswith("_edge"):
            continue
        for i, text in enumerate(ids):
            h = grid.parse_id(str(text))
            if h is not None and len(grid.on_map_neighbours(h)) == 6:
                checks.report("hexes", ("sets", name, i), f"hex {text} is not on the map's edge", f"a set named {name} holds only edge hexes")
    _unique(checks, "hexes", "places", "hex", "place hex", hexes.get("places", []))


def check_terrain_words(checks: Checks) -> None:
    """Every terrain word ``hexes.yaml`` uses (the terrain lists and default, elevation by terrain,
    line of fire) is declared in ``terrain_kinds``, each once; ``sources`` keys name what exists."""
    if not checks.has("hexes"):
        return
    hexes = checks.values["hexes"]
    _unique(checks, "hexes", "terrain_kinds", "id", "terrain kind")
    declared = [k["id"] for k in hexes["terrain_kinds"]]
    expected = "a terrain of terrain_kinds: " + ", ".join(declared)
    terrain = hexes.get("terrain", {})
    used: list[tuple[tuple[str | int, ...], str, bool]] = []
    if "default" in terrain:
        used.append((("terrain", "default"), terrain["default"], False))
    elif "clear" not in declared:
        checks.report("hexes", ("terrain",), "no terrain default and no 'clear' terrain kind", "terrain: default: <a declared terrain>")
    used += [(("terrain", k), k, True) for k in terrain if k != "default"]
    used += [(("elevation", "terrain", k), k, True) for k in hexes.get("elevation", {}).get("terrain", {})]
    los = hexes.get("line_of_fire", {})
    used += [(("line_of_fire", "blocking", i), k, False) for i, k in enumerate(los.get("blocking", []))]
    used += [(("line_of_fire", "range_bonus", k), k, True) for k in los.get("range_bonus", {})]
    for path, word, at_key in used:
        if word not in declared:
            checks.report("hexes", path, f"terrain {word!r} is not declared", expected, at_key=at_key)
    for key in hexes.get("sources", {}):
        field, _, name = key.partition(".")
        if name and name not in hexes.get(field, {}):
            checks.report("hexes", ("sources", key), f"{key!r} names no {field} entry", f"an entry of {field}: " + ", ".join(hexes.get(field, {})), at_key=True)


def check_hex_units(checks: Checks) -> None:
    """Each unit: a unique id, a declared side, type and marks, one number per factor on each face,
    and a set-up that is a hex of the map or an off-map box of ``markers.yaml``."""
    if not checks.has("counters"):
        return
    units = checks.values["counters"]["units"]
    _unique(checks, "counters", "units", "id", "unit id")
    factors = [f["id"] for f in checks.values["game"]["factors"]] if checks.has("game") else None
    grid = grid_of(checks)
    boxes = checks.ids("markers", "boxes", str)
    for i, unit in enumerate(units):
        checks.refuse_undeclared("counters", ("units", i, "side"), unit["side"], "sides", "a side")
        checks.refuse_undeclared("counters", ("units", i, "type"), unit["type"], "unit_types", "a unit type")
        for j, mark in enumerate(unit.get("marks", [])):
            checks.refuse_undeclared("counters", ("units", i, "marks", j), mark, "unit_marks", "a unit mark")
        if factors is not None:
            for face in ("front", "back"):
                if face in unit and len(unit[face]) != len(factors):
                    checks.report("counters", ("units", i, face), f"{len(unit[face])} factors", f"{len(factors)}, one per game.yaml factors: {', '.join(factors)}")
        if "back" in unit and unit.get("steps", 2) < 2:
            checks.report("counters", ("units", i, "steps"), f"{unit['steps']} step with a back face", "2 or more steps for a counter with a reduced face (or no back)")
        if "enters" in unit and checks.has("game") and unit["enters"] > checks.turns():
            checks.report("counters", ("units", i, "enters"), f"turn {unit['enters']}", f"a turn of the game, 1 to {checks.turns()} (game.yaml turns)")
        setup = unit["setup"]
        if grid is not None and boxes is not None and grid.parse_id(setup) is None and setup not in boxes:
            checks.report(
                "counters",
                ("units", i, "setup"),
                f"{setup!r} is neither a hex of the map nor an off-map box",
                "a hex id of hexes.yaml or a box of markers.yaml: " + ", ".join(sorted(boxes)),
            )


def check_stacking_points(checks: Checks) -> None:
    """A stacking limit in points (``game.yaml`` ``stacking``): its factor is one of ``factors``, and no
    hex of the printed set-up holds more points of one side than the limit (each unit by its front)."""
    if not checks.has("game") or "stacking" not in checks.values["game"]:
        return
    block = checks.values["game"]["stacking"]
    factors = [f["id"] for f in checks.values["game"]["factors"]]
    if block["factor"] not in factors:
        checks.report("game", ("stacking", "factor"), f"{block['factor']!r} is not a factor", "a factor of game.yaml factors: " + ", ".join(factors))
        return
    if not checks.has("counters"):
        return
    at = factors.index(block["factor"])
    default, limit = block.get("default", 1), block["points"]
    grid = grid_of(checks)
    points: dict[tuple[str, str], int] = {}
    for i, unit in enumerate(checks.values["counters"]["units"]):
        if grid is None or grid.parse_id(unit["setup"]) is None or len(unit["front"]) != len(factors):
            continue
        key = (unit["side"], unit["setup"])
        before = points.get(key, 0)
        points[key] = before + (default if unit["front"][at] is None else unit["front"][at])
        if before <= limit < points[key]:  # reported once, at the unit that goes over
            checks.report(
                "counters",
                ("units", i, "setup"),
                f"{unit['side']} has {points[key]} stacking points in {unit['setup']} with {unit['id']}",
                f"at most {limit} per side in a hex (game.yaml stacking)",
            )


def check_hex_markers(checks: Checks) -> None:
    """Marker kinds and boxes have unique ids; a marker's side is a side of the game; a box's
    ``eliminated`` names sides and unit marks of the game."""
    if not checks.has("markers"):
        return
    markers = checks.values["markers"]
    _unique(checks, "markers", "markers", "id", "marker kind")
    _unique(checks, "markers", "boxes", "id", "box")
    for i, marker in enumerate(markers["markers"]):
        if marker.get("side") is not None:
            checks.refuse_undeclared("markers", ("markers", i, "side"), marker["side"], "sides", "a side")
    for i, box in enumerate(markers.get("boxes", [])):
        taken = box.get("eliminated") or {}
        for j, side in enumerate(taken.get("sides", [])):
            checks.refuse_undeclared("markers", ("boxes", i, "eliminated", "sides", j), side, "sides", "a side")
        for j, mark in enumerate(taken.get("marks", [])):
            checks.refuse_undeclared("markers", ("boxes", i, "eliminated", "marks", j), mark, "unit_marks", "a unit mark")


def check_hex_turns(checks: Checks) -> None:
    """The turn record lists turns 1..N of game.yaml once each, in order; a unit arriving on a turn
    exists and starts in an off-map box."""
    if not checks.has("turn_track"):
        return
    turns = checks.values["turn_track"]["turns"]
    numbers = [t["turn"] for t in turns]
    if checks.has("game") and numbers != list(range(1, checks.turns() + 1)):
        checks.report("turn_track", ("turns",), f"turns {numbers}", f"turns 1 to {checks.turns()} (game.yaml turns), once each, in order")
    played = checks.values["turn_track"].get("scenario")
    if played is not None and checks.has("game") and played["first_turn"] > checks.turns():
        checks.report("turn_track", ("scenario", "first_turn"), f"turn {played['first_turn']}", f"a turn of the game, 1 to {checks.turns()} (game.yaml turns)")
    last = (played or {}).get("last_turn")
    if last is not None and checks.has("game") and played["first_turn"] <= checks.turns() and not played["first_turn"] <= last <= checks.turns():
        checks.report("turn_track", ("scenario", "last_turn"), f"turn {last}", f"a turn from the scenario's first_turn {played['first_turn']} to {checks.turns()} (game.yaml turns)")
    if not checks.has("counters"):
        return
    setups = {u["id"]: u["setup"] for u in checks.values["counters"]["units"]}
    enters = {u["id"]: u["enters"] for u in checks.values["counters"]["units"] if "enters" in u}
    grid = grid_of(checks)
    for i, turn in enumerate(turns):
        for j, unit_id in enumerate(turn.get("arrive", [])):
            if unit_id not in setups:
                checks.report("turn_track", ("turns", i, "arrive", j), f"{unit_id!r} is not a unit of counters.yaml", "a unit id")
            elif enters.get(unit_id, turn["turn"]) != turn["turn"]:
                checks.report("turn_track", ("turns", i, "arrive", j), f"{unit_id} arrives on turn {turn['turn']}", f"turn {enters[unit_id]}, its counters.yaml enters")
            elif grid is not None and grid.parse_id(setups[unit_id]) is not None:  # a set-up neither hex nor box is reported once, at the unit
                checks.report("turn_track", ("turns", i, "arrive", j), f"{unit_id} starts in hex {setups[unit_id]}, not in an off-map box", "a unit that waits off the map")


def check_deck(checks: Checks) -> None:
    """The ``playing_cards:`` block of game.yaml, against its schema and the game's sides."""
    if not checks.has("game"):
        return
    from sdbp_module.model.playing_cards import read_playing_cards

    sides = [s["id"] for s in checks.values["game"]["sides"]]
    _, problems = read_playing_cards(checks.files["game"], sides)
    checks.problems.extend(problems)


def check_hex_vocabulary(checks: Checks) -> None:
    """Each vocabulary of game.yaml (unit types, marks, factors) names each id once; ``counter_colours``
    paints declared sides and marks."""
    if not checks.has("game"):
        return
    for key, what in (("unit_types", "unit type"), ("unit_marks", "unit mark"), ("factors", "factor")):
        _unique(checks, "game", key, "id", what, checks.values["game"].get(key, []))
    colours = checks.values["game"].get("counter_colours", {})
    for side in colours.get("sides", {}):
        checks.refuse_undeclared("game", ("counter_colours", "sides", side), side, "sides", "a side", at_key=True)
    for mark in colours.get("bands", {}):
        checks.refuse_undeclared("game", ("counter_colours", "bands", mark), mark, "unit_marks", "a unit mark", at_key=True)


FEATURE_KEYS = ("features", "paths", "regions", "movement", "zoc", "lines")
"""The optional map-feature blocks of ``hexes.yaml``."""


def _region_words(value: Any) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


def _conditions(hexes: dict[str, Any]) -> Iterator[tuple[tuple[str | int, ...], dict[str, Any]]]:
    """Every movement condition (``when``) of ``hexes.yaml``, with the path of its record."""
    movement = hexes.get("movement", {})
    for block in ("terrain", "along", "adjustments", "prohibited"):
        for i, row in enumerate(movement.get(block, [])):
            yield ("movement", block, i), row.get("when", {})
    for key in ("paths", "features"):
        for kind, rows in movement.get(key, {}).items():
            for i, row in enumerate(rows if isinstance(rows, list) else []):
                yield ("movement", key, kind, i), row.get("when", {})


def _kind_words(hexes: dict[str, Any]) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Every feature or path kind the movement, zone and line rules name, with its path: a kind no
    feature or path has is a typo that would silently never apply."""
    movement = hexes.get("movement", {})
    for kind in movement.get("features", {}):
        yield ("movement", "features", kind), kind
    for i, rule in enumerate(movement.get("along", [])):
        for kind in rule["kinds"]:
            yield ("movement", "along", i), kind
    for kind in movement.get("paths", {}):
        yield ("movement", "paths", kind), kind
    for key in ("path_markers", "path_breaks"):
        for marker, kind in movement.get(key, {}).items():
            yield ("movement", key, marker), kind
    for path, when in _conditions(hexes):
        for key in ("crossed", "followed", "paths"):
            for kind in _region_words(when.get(key, [])):
                yield path, kind
    for kind in _region_words(hexes.get("zoc", {}).get("not_across", [])):
        yield ("zoc", "not_across"), kind
    for name, rules in hexes.get("lines", {}).items():
        for key in ("impassable", "along"):
            for kind in _region_words(rules.get(key, [])):
                yield ("lines", name, key), kind


def _side_words(hexes: dict[str, Any]) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Every side the movement, zone and line rules name, with its path."""
    for path, when in _conditions(hexes):
        for side in _region_words(when.get("sides", [])):
            yield path, side
    for i, cond in enumerate(hexes.get("zoc", {}).get("none_for", [])):
        for side in _region_words(cond.get("sides", [])):
            yield ("zoc", "none_for", i), side
    for name, rules in hexes.get("lines", {}).items():
        for side in rules.get("enemy_regions", {}):
            yield ("lines", name, "enemy_regions", side), side
        for i, cond in enumerate(rules.get("not_blocking", [])):
            for side in _region_words(cond.get("sides", [])):
                yield ("lines", name, "not_blocking", i), side


def check_hex_features(checks: Checks) -> None:
    """Terrain and region words of the feature blocks are declared; each block builds (module docstring).
    A block with a hex id the grid does not print is reported there only (``check_hexes``)."""
    grid = grid_of(checks)
    if grid is None:
        return
    from sdbp_module.hexgrid.hexmap import HexMap

    hexes = checks.values["hexes"]
    terrains = {k["id"] for k in hexes["terrain_kinds"]}
    regions = set(hexes.get("regions", {})) | set(hexes.get("sets", {}))
    words: list[tuple[tuple[str | int, ...], str, set[str], str]] = []
    movement = hexes.get("movement", {})
    for block in ("terrain", "prohibited"):
        for i, row in enumerate(movement.get(block, [])):
            words += [(("movement", block, i), t, terrains, "terrain") for t in _region_words(row.get("terrain", []))]
    for key in ("paths", "features"):
        for kind, rows in movement.get(key, {}).items():
            for i, row in enumerate(rows if isinstance(rows, list) else []):
                words += [(("movement", key, kind, i), t, terrains, "terrain") for t in _region_words(row.get("terrain", []))]
    for path, when in _conditions(hexes):
        words += [(path, t, terrains, "terrain") for t in _region_words(when.get("terrain", []))]
    zoc = hexes.get("zoc", {})
    for block in ("none_for", "not_into"):
        for i, cond in enumerate(zoc.get(block, [])):
            words += [(("zoc", block, i), r, regions, "region") for r in _region_words(cond.get("regions", []))]
            words += [(("zoc", block, i), t, terrains, "terrain") for t in _region_words(cond.get("terrain", []))]
    for name, rules in hexes.get("lines", {}).items():
        for side, names in rules.get("enemy_regions", {}).items():
            words += [(("lines", name, "enemy_regions", side), r, regions, "region") for r in _region_words(names)]
        for key in ("along_regions", "open_regions", "impassable_regions"):
            words += [(("lines", name, key), r, regions, "region") for r in _region_words(rules.get(key, []))]
        for i, cond in enumerate(rules.get("not_blocking", [])):
            words += [(("lines", name, "not_blocking", i), r, regions, "region") for r in _region_words(cond.get("regions", []))]
            words += [(("lines", name, "not_blocking", i), t, terrains, "terrain") for t in _region_words(cond.get("terrain", []))]
    kinds = {f["kind"] for f in hexes.get("features", [])} | {p["kind"] for p in hexes.get("paths", [])}
    words += [(path, k, kinds, "feature or path kind") for path, k in _kind_words(hexes)]
    if checks.has("game"):
        sides = {side["id"] for side in checks.values["game"]["sides"]}
        words += [(path, side, sides, "side") for path, side in _side_words(hexes)]
    bad_words = set()
    for path, word, known, what in words:
        if word not in known:
            checks.report("hexes", path, f"{what} {word!r} is not declared", f"a {what} of hexes.yaml: " + ", ".join(sorted(known)))
            bad_words.add(path[0])
    reported = {p.path[0] for p in checks.problems if p.path and p.path[0] in FEATURE_KEYS}
    base = {k: hexes[k] for k in ("grid", "terrain", "sets") if k in hexes}
    parts: list[tuple[str, dict[str, Any]]] = []
    for key in FEATURE_KEYS:
        if key not in hexes or key in reported or key in bad_words:
            continue
        needs = {"zoc": ("regions",), "lines": ("regions",)}.get(key, ())
        if any(n in reported or n in bad_words for n in needs):
            continue
        parts.append((key, {**base, **{n: hexes[n] for n in needs if n in hexes}, key: hexes[key]}))
    if not parts:
        return
    try:  # every block in one map first: each block's own build is a part of that one, so when it builds, each does
        HexMap.from_mapping({k: v for _, part in parts for k, v in part.items()})
        return
    except Exception:  # some block fails: build each alone, as before, to name the one that fails
        pass
    for key, part in parts:
        try:
            HexMap.from_mapping(part)
        except (ValueError, KeyError, TypeError) as exc:
            checks.report("hexes", (key,), f"the {key} cannot be read: {exc}", "docs/hexes.md, 'Map features'", at_key=True)


def check_hex_play(checks: Checks) -> None:
    """How the game is played (``model.hex_play``): phases, statuses, transport modes and packages name
    each id once; their sides and unit types are the game's; a track's markers are marker kinds, each on
    one track, starting inside it."""
    if checks.has("game"):
        g = checks.values["game"]
        for key, what in (("phases", "phase"), ("statuses", "status"), ("transport_modes", "transport mode"), ("packages", "package")):
            _unique(checks, "game", key, "id", what, g.get(key, []))
        for key in ("phases", "packages"):
            for i, record in enumerate(g.get(key, [])):
                if record.get("side") is not None:
                    checks.refuse_undeclared("game", (key, i, "side"), record["side"], "sides", "a side")
        for i, status in enumerate(g.get("statuses", [])):
            for j, t in enumerate(status.get("types", [])):
                checks.refuse_undeclared("game", ("statuses", i, "types", j), t, "unit_types", "a unit type")
        declare = g.get("declare")
        if declare is not None:
            checks.refuse_undeclared("game", ("declare", "side"), declare["side"], "sides", "a side")
            for j, t in enumerate(declare["types"]):
                checks.refuse_undeclared("game", ("declare", "types", j), t, "unit_types", "a unit type")
    if not checks.has("markers"):
        return
    tracks = checks.values["markers"].get("tracks", [])
    _unique(checks, "markers", "tracks", "id", "track", tracks)
    kinds = {m["id"] for m in checks.values["markers"]["markers"]}
    on_track: dict[str, str] = {}
    for i, track in enumerate(tracks):
        if track["first"] > track["last"]:
            checks.report("markers", ("tracks", i, "last"), f"last {track['last']} before first {track['first']}", "last >= first")
        for j, m in enumerate(track["markers"]):
            if m["kind"] not in kinds:
                checks.report("markers", ("tracks", i, "markers", j, "kind"), f"{m['kind']!r} is not a marker kind of markers.yaml", "a marker kind id")
            elif m["kind"] in on_track:
                checks.report("markers", ("tracks", i, "markers", j, "kind"), f"{m['kind']} is on two tracks", f"one track; already on {on_track[m['kind']]}")
            else:
                on_track[m["kind"]] = track["id"]
            if not track["first"] <= m["start"] <= track["last"]:
                checks.report("markers", ("tracks", i, "markers", j, "start"), f"start {m['start']}", f"a box of the track, {track['first']} to {track['last']}")


def column_name(column: Any) -> str:
    """A ``tables.yaml`` column's name: the string, or its ``name``."""
    return str(column["name"]) if isinstance(column, dict) else str(column)


def check_tables(checks: Checks) -> None:
    """``tables.yaml``: table ids unique; every row has one cell per column; a row's id is unique in its
    table; a row's per-cell ``sources`` name its table's columns."""
    if not checks.has("tables"):
        return
    _unique(checks, "tables", "tables", "id", "table id")
    for t, table in enumerate(checks.values["tables"]["tables"]):
        names = [column_name(c) for c in table["columns"]]
        seen: dict[str, int] = {}
        for r, row in enumerate(table["rows"]):
            if len(row["cells"]) != len(names):
                checks.report("tables", ("tables", t, "rows", r, "cells"), f"{len(row['cells'])} cells", f"{len(names)}, one per column of table {table['id']!r}")
            if "id" in row:
                if row["id"] in seen:
                    checks.report("tables", ("tables", t, "rows", r, "id"), f"row id {row['id']!r} is used twice", f"each row id once in a table; first at line {checks.line_of('tables', ('tables', t, 'rows', seen[row['id']], 'id'))}")
                else:
                    seen[row["id"]] = r
            for name in row.get("sources", {}):
                if name not in names:
                    checks.report("tables", ("tables", t, "rows", r, "sources", name), f"{name!r} is not a column of table {table['id']!r}", "a column name: " + ", ".join(names), at_key=True)


HEX_CHECKS: tuple[HexCheck, ...] = (
    check_sides,
    check_hex_vocabulary,
    check_deck,
    check_hexes,
    check_terrain_words,
    check_hex_features,
    check_hex_units,
    check_stacking_points,
    check_hex_markers,
    check_hex_play,
    check_hex_turns,
    check_tables,
)
"""The generic checks of a hex-map game, in order (the game's own follow, as for an area game)."""
