"""Zones of control with their exceptions as data (``docs/hexes.md``, "Zones of control").

A unit on the map (``MapUnit``: side, hex, unit type, flags such as ``disrupted``) exerts a zone of
control into the hexes next to it unless a ``none_for`` condition (``UnitWhen``) describes it: its
side, its type, a flag it has, the region or the terrain of its hex. A zone does not extend across a
hexside where a feature of a ``not_across`` kind lies (the step from the unit's hex to the
neighbour crosses it), nor into a hex a ``not_into`` condition (``HexWhen``: region, terrain)
describes. ``in_enemy_zoc`` is every hex in the zone of a unit of another side.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from sdbp_module.hexgrid.coords import Hex
from sdbp_module.hexgrid.features import Features
from sdbp_module.records import record

__all__ = ["HexWhen", "MapUnit", "UnitWhen", "ZocRules", "exerts_zoc", "in_enemy_zoc", "zone_of"]


def _words(value: Any) -> frozenset[str]:
    return frozenset([value] if isinstance(value, str) else (str(v) for v in value))


@record
class MapUnit:
    """A unit where it stands: ``kind`` its unit type, ``flags`` its state (``disrupted`` …)."""

    side: str
    hex: Hex
    kind: str = ""
    flags: frozenset[str] = frozenset()


@record
class HexWhen:
    """A condition on a hex: in one of ``regions`` (or named sets), of one of ``terrain``; every field given must hold."""

    regions: frozenset[str] | None = None
    terrain: frozenset[str] | None = None

    def holds(self, h: Hex, in_region: Callable[[str, Hex], bool], terrain_of: Callable[[Hex], str]) -> bool:
        return (self.regions is None or any(in_region(r, h) for r in self.regions)) and (self.terrain is None or terrain_of(h) in self.terrain)


@record
class UnitWhen:
    """A condition on a unit; every field given must hold (``flags``: all of them present, as in
    ``movement.When``; ``regions`` and ``terrain``: of the unit's hex). Several conditions in a list
    are alternatives."""

    sides: frozenset[str] | None = None
    kinds: frozenset[str] | None = None
    flags: frozenset[str] | None = None
    regions: frozenset[str] | None = None
    terrain: frozenset[str] | None = None

    FIELDS = ("sides", "kinds", "flags", "regions", "terrain")

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], where: str) -> UnitWhen:
        unknown = sorted(set(data) - set(cls.FIELDS))
        if unknown or not data:
            raise ValueError(f"{where}: a unit condition has one or more of {', '.join(cls.FIELDS)}" + (f", not {unknown[0]!r}" if unknown else ""))
        return cls(**{k: _words(v) for k, v in data.items()})

    def holds(self, unit: MapUnit, in_region: Callable[[str, Hex], bool], terrain_of: Callable[[Hex], str]) -> bool:
        return (
            (self.sides is None or unit.side in self.sides)
            and (self.kinds is None or unit.kind in self.kinds)
            and (self.flags is None or self.flags <= unit.flags)
            and HexWhen(self.regions, self.terrain).holds(unit.hex, in_region, terrain_of)
        )


@record
class ZocRules:
    """Who exerts no zone, and where a zone does not reach (module docstring)."""

    none_for: tuple[UnitWhen, ...] = ()
    not_across: frozenset[str] = frozenset()
    not_into: tuple[HexWhen, ...] = ()

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> ZocRules:
        """The ``zoc`` block of ``hexes.yaml``."""
        unknown = sorted(set(data) - {"none_for", "not_across", "not_into"})
        if unknown:
            raise ValueError(f"zoc: unknown field {unknown[0]!r} (known: none_for, not_across, not_into)")
        not_into = []
        for i, item in enumerate(data.get("not_into", ())):
            bad = sorted(set(item) - {"regions", "terrain"})
            if bad or not item:
                raise ValueError(f"zoc not_into {i}: a hex condition has regions and/or terrain" + (f", not {bad[0]!r}" if bad else ""))
            not_into.append(HexWhen(**{k: _words(v) for k, v in item.items()}))
        return cls(
            none_for=tuple(UnitWhen.from_mapping(item, f"zoc none_for {i}") for i, item in enumerate(data.get("none_for", ()))),
            not_across=_words(data.get("not_across", ())),
            not_into=tuple(not_into),
        )


def exerts_zoc(unit: MapUnit, rules: ZocRules, in_region: Callable[[str, Hex], bool], terrain_of: Callable[[Hex], str]) -> bool:
    return not any(w.holds(unit, in_region, terrain_of) for w in rules.none_for)


def zone_of(
    unit: MapUnit,
    rules: ZocRules,
    features: Features,
    on_map: Callable[[Hex], tuple[Hex, ...]],
    in_region: Callable[[str, Hex], bool],
    terrain_of: Callable[[Hex], str],
) -> frozenset[Hex]:
    """The hexes a unit's zone covers (empty when it exerts none)."""
    if not exerts_zoc(unit, rules, in_region, terrain_of):
        return frozenset()
    out = set()
    for n in on_map(unit.hex):
        if rules.not_across and any(f.kind in rules.not_across for f in features.crossed(unit.hex, n)):
            continue
        if any(w.holds(n, in_region, terrain_of) for w in rules.not_into):
            continue
        out.add(n)
    return frozenset(out)


def in_enemy_zoc(
    side: str,
    units: Iterable[MapUnit],
    rules: ZocRules,
    features: Features,
    on_map: Callable[[Hex], tuple[Hex, ...]],
    in_region: Callable[[str, Hex], bool],
    terrain_of: Callable[[Hex], str],
) -> frozenset[Hex]:
    """Every hex in the zone of control of a unit whose side is not ``side``."""
    out: set[Hex] = set()
    for u in units:
        if u.side != side:
            out |= zone_of(u, rules, features, on_map, in_region, terrain_of)
    return frozenset(out)
