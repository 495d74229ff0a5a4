"""A hex map's facts: its grid, the terrain and elevation of each hex, named hex sets, and the line
of fire and range rules the game's data chooses (``docs/hexes.md`` shows the YAML); optionally its
linear features and paths (``features``), regions, movement costs, zones of control and line-tracing
rules (``docs/hexes.md``, "Map features").

``HexMap.from_mapping`` reads the mapping a data file holds, with hexes named by their printed ids;
an id the grid does not print, a hex named twice, or an unknown setting is one ``ValueError`` line
(the data loader adds the file and position).
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, Callable, Collection, Iterable, Mapping, Sequence

from sdbp_module.hexgrid.coords import Hex, distance
from sdbp_module.hexgrid.features import (
    Features,
    Hexside,
    LinearFeature,
    Path,
    Region,
    regions_from_mapping,
)
from sdbp_module.hexgrid.grid import HexGrid
from sdbp_module.hexgrid.movement import (
    CostTable,
    MoveContext,
    PathCost,
    StepCost,
    move_context,
    path_cost,
    paths_of_step,
)
from sdbp_module.hexgrid.sight import (
    ELEVATION_RULES,
    TIE_POLICIES,
    ElevationRule,
    Sight,
    TiePolicy,
    line_of_fire,
)
from sdbp_module.hexgrid.trace import LineRules, Trace, trace_line
from sdbp_module.hexgrid.zoc import MapUnit, ZocRules, in_enemy_zoc
from sdbp_module.records import record

__all__ = ["HexMap", "SightRules"]


@record
class SightRules:
    """What blocks a line of fire and what a hex adds to range, by terrain name."""

    blocking: frozenset[str] = frozenset()
    tie: TiePolicy = "both"
    elevation: ElevationRule = "below_both"
    higher_blocks: bool = False
    range_bonus: Mapping[str, int] = field(default_factory=dict)
    """Hexes added to a firer's range by the terrain of the firer's hex."""

    def __post_init__(self) -> None:
        if self.tie not in TIE_POLICIES:
            raise ValueError(f"line_of_fire tie must be one of {', '.join(TIE_POLICIES)}, got {self.tie!r}")
        if self.elevation not in ELEVATION_RULES:
            raise ValueError(f"line_of_fire elevation must be one of {', '.join(ELEVATION_RULES)}, got {self.elevation!r}")


@record
class HexMap:
    """The grid and what stands on it. Every hex of the grid has a terrain (``default_terrain``
    unless listed) and an elevation (the terrain's, unless the hex is listed)."""

    grid: HexGrid
    terrain: Mapping[Hex, str]
    elevation: Mapping[Hex, int]
    sets: Mapping[str, frozenset[Hex]]
    sight: SightRules = field(default_factory=SightRules)
    features: Features = field(default_factory=Features)
    regions: Mapping[str, Region] = field(default_factory=dict)
    movement: CostTable | None = None
    zoc: ZocRules = field(default_factory=ZocRules)
    lines: Mapping[str, LineRules] = field(default_factory=dict)

    KEYS = ("grid", "terrain", "elevation", "sets", "line_of_fire", "features", "paths", "regions", "movement", "zoc", "lines")
    """The fields of ``hexes.yaml`` this class reads."""

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> HexMap:
        known = set(cls.KEYS)
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"hex map: unknown field {unknown[0]!r} (known: {', '.join(sorted(known))})")
        grid = HexGrid.from_mapping(data["grid"])

        def hex_named(text: object, where: str) -> Hex:
            h = grid.parse_id(str(text))
            if h is None:
                raise ValueError(f"hex map {where}: {text!r} is not a hex id of this grid")
            return h

        terrain_data = dict(data.get("terrain", {}))
        default = str(terrain_data.pop("default", "clear"))
        terrain = {h: default for h in grid.hexes()}
        named: dict[Hex, str] = {}
        for kind, ids in terrain_data.items():
            for text in ids:
                h = hex_named(text, f"terrain {kind}")
                if h in named:
                    raise ValueError(f"hex map terrain: {text} is both {named[h]} and {kind}")
                named[h] = terrain[h] = str(kind)
        elevation_data = dict(data.get("elevation", {}))
        by_terrain = {str(k): int(v) for k, v in dict(elevation_data.pop("terrain", {})).items()}
        elevation = {h: by_terrain.get(terrain[h], 0) for h in grid.hexes()}
        for text, height in dict(elevation_data.pop("hexes", {})).items():
            elevation[hex_named(text, "elevation")] = int(height)
        if elevation_data:
            raise ValueError(f"hex map elevation: unknown field {sorted(elevation_data)[0]!r} (known: terrain, hexes)")
        sets = {str(name): frozenset(hex_named(t, f"set {name}") for t in ids) for name, ids in dict(data.get("sets", {})).items()}
        los = dict(data.get("line_of_fire", {}))
        try:
            sight = SightRules(
                blocking=frozenset(str(t) for t in los.pop("blocking", ())),
                range_bonus={str(k): int(v) for k, v in dict(los.pop("range_bonus", {})).items()},
                **los,
            )
        except TypeError as exc:
            raise ValueError(f"hex map line_of_fire: {exc}") from None
        paths = []
        for p in data.get("paths", ()):
            texts = [str(t) for t in p["hexes"]]
            _chain(f"path {p['name']}", texts, [hex_named(t, f"path {p['name']}") for t in texts], repeats=True)
            paths.append(Path(str(p["name"]), str(p["kind"]), tuple(hex_named(t, f"path {p['name']}") for t in texts)))
        features = Features(lines=tuple(_feature(item, i, hex_named) for i, item in enumerate(data.get("features", ()))), paths=tuple(paths))
        regions = regions_from_mapping(dict(data.get("regions", {})), grid.hexes(), hex_named, terrain.__getitem__, grid.on_map_neighbours, sets)
        movement = CostTable.from_mapping(data["movement"]) if "movement" in data else None
        if movement is not None:
            missing = movement.uncovered(sorted(set(terrain.values())))
            if missing:
                raise ValueError(f"hex map movement: no terrain row prices every step into {missing[0]} (add a row with only its terrain)")
        zoc = ZocRules.from_mapping(data.get("zoc", {}))
        lines = {str(k): LineRules.from_mapping(v, f"lines {k}") for k, v in dict(data.get("lines", {})).items()}
        region_names = set(regions) | set(sets)
        used = [("zoc", r) for w in zoc.none_for for r in (w.regions or ())]
        used += [("zoc", r) for x in zoc.not_into for r in (x.regions or ())]
        for line_name, line in lines.items():
            used += [(f"lines {line_name}", r) for rs in line.enemy_regions.values() for r in rs]
            used += [(f"lines {line_name}", r) for r in (*line.along_regions, *line.open_regions, *line.impassable_regions)]
            used += [(f"lines {line_name}", r) for w in line.not_blocking for r in (w.regions or ())]
        for where, r in sorted(used):
            if r not in region_names:
                raise ValueError(f"hex map {where}: {r!r} is no region or set")
        return cls(
            grid=grid,
            terrain=terrain,
            elevation=elevation,
            sets=sets,
            sight=sight,
            features=features,
            regions=regions,
            movement=movement,
            zoc=zoc,
            lines=lines,
        )

    def hexes_in(self, name: str) -> frozenset[Hex]:
        """A named set's hexes (KeyError names the set)."""
        return self.sets[name]

    def line_of_fire(self, a: Hex, b: Hex) -> Sight:
        """Whether ``a`` sees ``b`` under the map's rules (``sight.line_of_fire``)."""
        rules = self.sight
        return line_of_fire(
            a,
            b,
            lambda h: self.terrain.get(h) in rules.blocking,
            lambda h: self.elevation.get(h, 0),
            tie=rules.tie,
            rule=rules.elevation,
            higher_blocks=rules.higher_blocks,
        )

    def reach(self, firer: Hex, base: int) -> int:
        """A firer's range from ``firer``: ``base`` plus its hex's terrain bonus."""
        return base + self.sight.range_bonus.get(self.terrain.get(firer, ""), 0)

    def in_range(self, firer: Hex, target: Hex, base: int) -> bool:
        return distance(firer, target) <= self.reach(firer, base)

    # -- map features ---------------------------------------------------------------------------

    def in_region(self, name: str, h: Hex) -> bool:
        """Whether ``h`` is in the region, or the named set, ``name`` (KeyError names it)."""
        if name in self.regions:
            return h in self.regions[name].hexes
        return h in self.sets[name]

    def regions_of(self, h: Hex) -> tuple[str, ...]:
        """The regions holding ``h``, sorted."""
        return tuple(sorted(name for name, r in self.regions.items() if h in r.hexes))

    def terrain_of(self, h: Hex) -> str:
        return self.terrain[h]

    def step(self, a: Hex, b: Hex, side: str, flags: Iterable[str] = (), markers_at: Callable[[Hex], frozenset[str]] = lambda h: frozenset()) -> MoveContext:
        """The context of the step ``a`` → ``b`` (``movement.move_context``)."""
        table = self.movement
        return move_context(
            self.features, self.terrain_of, a, b, side, flags, markers_at, table.path_markers if table else None, table.path_breaks if table else None
        )

    def _table(self) -> CostTable:
        if self.movement is None:
            raise ValueError("this hex map declares no movement costs (hexes.yaml movement)")
        return self.movement

    def step_cost(self, a: Hex, b: Hex, side: str, flags: Iterable[str] = (), markers_at: Callable[[Hex], frozenset[str]] = lambda h: frozenset()) -> StepCost:
        return self._table().cost(self.step(a, b, side, flags, markers_at))

    def path_cost(self, hexes: Sequence[Hex], side: str, flags: Iterable[str] = (), markers_at: Callable[[Hex], frozenset[str]] = lambda h: frozenset()) -> PathCost:
        """The cost of moving along ``hexes`` (each a neighbour of the next)."""
        flags = frozenset(flags)
        return path_cost(self._table(), [self.step(a, b, side, flags, markers_at) for a, b in zip(hexes, hexes[1:])])

    def enemy_zoc(self, side: str, units: Iterable[MapUnit]) -> frozenset[Hex]:
        """Every hex in the zone of control of a unit not of ``side`` (``zoc.in_enemy_zoc``)."""
        return in_enemy_zoc(side, units, self.zoc, self.features, self.grid.on_map_neighbours, self.in_region, self.terrain_of)

    def trace(
        self,
        rules: str | LineRules,
        side: str,
        start: Hex,
        targets: Collection[Hex],
        reach: int,
        units: Iterable[MapUnit],
        markers_at: Callable[[Hex], frozenset[str]] = lambda h: frozenset(),
    ) -> Trace:
        """The shortest line of ``side`` from ``start`` to a target within ``reach`` steps under the named
        (``hexes.yaml`` ``lines``) or given rules, with the units and markers on the map
        (``trace.trace_line``; a road is followed as in movement, ``movement.paths_of_step``)."""
        table = self.movement

        def paths_of(a: Hex, b: Hex) -> frozenset[str]:
            return paths_of_step(self.features, a, b, markers_at, table.path_markers if table else None, table.path_breaks if table else None)

        line = self.lines[rules] if isinstance(rules, str) else rules
        units = tuple(units)
        blocking = tuple(u for u in units if line.blocks(u, side, self.in_region, self.terrain_of))
        friendly = frozenset(u.hex for u in units if u.side == side)
        zoc = self.enemy_zoc(side, blocking) if line.zoc_blocks != "never" else frozenset()
        hex_block, step_block, moves = line.predicates(
            side, frozenset(u.hex for u in blocking), friendly, zoc, self.features, self.in_region, self.grid.on_map_neighbours, self.grid.hex_id, paths_of
        )
        return trace_line(start, targets, reach, moves, hex_block, step_block, line.route())


def _feature(item: Mapping[str, Any], index: int, hex_named: Callable[[object, str], Hex]) -> LinearFeature:
    """One entry of ``features``: ``course: hexsides`` with ``hexsides: ["C3|C4", …]``, or ``course: hexes``
    with ``hexes: [ids]`` and optional ``start_side`` / ``end_side`` (the hex beyond the side the line
    begins / ends on)."""
    name = str(item.get("name", f"#{index}"))
    where = f"feature {name}"
    course = item.get("course", "hexes")
    if course == "hexsides":
        sides: list[Hexside] = []
        for text in item.get("hexsides", ()):
            parts = str(text).split("|")
            if len(parts) != 2:
                raise ValueError(f"{where}: a hexside is written 'C3|C4', not {text!r}")
            x, y = (hex_named(t, where) for t in parts)
            try:
                side = Hexside.of(x, y)
            except ValueError:
                raise ValueError(f"{where}: {text} is not a hexside (the two hexes are not neighbours)") from None
            if side in sides:
                raise ValueError(f"{where}: the hexside {text} is named twice")
            if sides and not sides[-1].meets(side):
                raise ValueError(f"{where}: {text} does not meet the hexside before it at a corner")
            sides.append(side)
        return LinearFeature(name, str(item["kind"]), "hexsides", sides=tuple(sides))
    texts = [str(t) for t in item.get("hexes", ())]
    hexes = tuple(hex_named(t, where) for t in texts)
    _chain(where, texts, list(hexes), repeats=False)
    ends = []
    for key, end in (("start_side", 0), ("end_side", -1)):
        if key in item:
            if not hexes:
                raise ValueError(f"{where}: {key} needs the line's hexes")
            beyond = hex_named(item[key], f"{where} {key}")
            if distance(beyond, hexes[end]) != 1:
                raise ValueError(f"{where}: {key} {item[key]} is not next to the line's {'first' if end == 0 else 'last'} hex")
            ends.append(Hexside.of(beyond, hexes[end]))
    return LinearFeature(name, str(item["kind"]), course, hexes=hexes, sides=tuple(ends))


def _chain(where: str, texts: Sequence[str], hexes: Sequence[Hex], *, repeats: bool) -> None:
    """A line or path of hexes, each a neighbour of the next (and, unless ``repeats``, no hex twice), in printed ids."""
    for i in range(1, len(hexes)):
        if distance(hexes[i - 1], hexes[i]) != 1:
            raise ValueError(f"{where}: {texts[i - 1]} and {texts[i]} are consecutive but not neighbours")
    if not repeats:
        for i, h in enumerate(hexes):
            if h in hexes[:i]:
                raise ValueError(f"{where}: {texts[i]} is named twice")
