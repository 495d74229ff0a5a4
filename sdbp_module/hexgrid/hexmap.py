"""A hex map's facts: its grid, the terrain and elevation of each hex, named hex sets, and the line
of fire and range rules the game's data chooses (``docs/hexes.md`` shows the YAML).

``HexMap.from_mapping`` reads the mapping a data file holds, with hexes named by their printed ids;
an id the grid does not print, a hex named twice, or an unknown setting is one ``ValueError`` line
(the data loader adds the file and position).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from sdbp_module.hexgrid.coords import Hex, distance
from sdbp_module.hexgrid.grid import HexGrid
from sdbp_module.hexgrid.sight import (
    ELEVATION_RULES,
    TIE_POLICIES,
    ElevationRule,
    Sight,
    TiePolicy,
    line_of_fire,
)

__all__ = ["HexMap", "SightRules"]


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class HexMap:
    """The grid and what stands on it. Every hex of the grid has a terrain (``default_terrain``
    unless listed) and an elevation (the terrain's, unless the hex is listed)."""

    grid: HexGrid
    terrain: Mapping[Hex, str]
    elevation: Mapping[Hex, int]
    sets: Mapping[str, frozenset[Hex]]
    sight: SightRules = field(default_factory=SightRules)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> HexMap:
        known = {"grid", "terrain", "elevation", "sets", "line_of_fire"}
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
        return cls(grid=grid, terrain=terrain, elevation=elevation, sets=sets, sight=sight)

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
