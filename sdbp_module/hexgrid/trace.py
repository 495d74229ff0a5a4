"""Tracing a line of hexes with a range and blocking predicates (``docs/hexes.md``, "Tracing lines").

``trace_line`` finds the shortest line of at most ``reach`` steps from a start hex to any of the
target hexes, where no hex of the line (the start and the end included) is blocked and no step is
blocked; each predicate returns the reason a hex or step blocks (None: it does not). When there is
none it says why, in one of two ways:

- ``out of range``: even with nothing blocking, no target is within ``reach`` steps (on the map);
- ``blocked``: a line within range exists only through blocked hexes or steps; the reasons are those
  of every blocked hex or step lying on some line of at most ``reach`` steps (sorted, each once).

``LineRules`` builds the two predicates from data (``hexes.yaml`` ``lines``) and the units on the
map: hexes of ``impassable_regions`` block; enemy-occupied hexes block, except for the enemy units ``not_blocking`` describes and in the
``open_regions``; hexes of some regions count as enemy-occupied for a side; an enemy zone of control
blocks ``never`` (default), ``always``, or ``unless_friendly`` (unless a friendly unit is in the
hex); hexsides with a feature of an ``impassable`` kind block a step; ``along`` restricts every step
to follow a path or a feature of the given kinds (a line along roads or rivers), or, with
``along_regions``, to join two hexes of one of those regions (coastal hexes): that is the line's
route, so a line that cannot keep to it within range is ``out of range … along …``, not blocked.
"""

from __future__ import annotations

from collections import deque
from dataclasses import field
from typing import Any, Callable, Collection, Literal, Mapping

from sdbp_module.hexgrid.coords import Hex
from sdbp_module.hexgrid.features import Features
from sdbp_module.hexgrid.zoc import MapUnit, UnitWhen
from sdbp_module.records import record

__all__ = ["LineRules", "Trace", "trace_line"]

HexBlock = Callable[[Hex], "str | None"]
StepBlock = Callable[[Hex, Hex], "str | None"]
ZocBlocks = Literal["never", "always", "unless_friendly"]


@record
class Trace:
    """A traced line (``hexes`` from the start to a target) or why there is none (``reason``)."""

    hexes: tuple[Hex, ...] | None
    reason: str = ""
    blockers: tuple[str, ...] = ()

    @property
    def found(self) -> bool:
        return self.hexes is not None

    @property
    def length(self) -> int | None:
        return None if self.hexes is None else len(self.hexes) - 1


def _no_step(a: Hex, b: Hex) -> str | None:
    return None


def _search(start: Hex, reach: int, on_map: Callable[[Hex], tuple[Hex, ...]], hex_block: HexBlock | None, step_block: StepBlock | None) -> dict[Hex, Hex | None]:
    """Breadth-first from ``start`` up to ``reach`` steps: each reached hex and the hex it was reached
    from (neighbours in sorted order, so the line found is deterministic)."""
    came: dict[Hex, Hex | None] = {start: None}
    depth = {start: 0}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        if depth[h] == reach:
            continue
        for n in sorted(on_map(h)):
            if n in came:
                continue
            if hex_block is not None and hex_block(n) is not None:
                continue
            if step_block is not None and step_block(h, n) is not None:
                continue
            came[n] = h
            depth[n] = depth[h] + 1
            queue.append(n)
    return came


def _depths(start: Hex, reach: int, on_map: Callable[[Hex], tuple[Hex, ...]]) -> dict[Hex, int]:
    came = _search(start, reach, on_map, None, None)
    out = {start: 0}
    for h in came:
        d, x = 0, h
        while came[x] is not None:
            x = came[x]  # type: ignore[assignment]
            d += 1
        out[h] = d
    return out


def trace_line(
    start: Hex,
    targets: Collection[Hex],
    reach: int,
    on_map: Callable[[Hex], tuple[Hex, ...]],
    hex_block: HexBlock,
    step_block: StepBlock = _no_step,
    route: str = "",
) -> Trace:
    """The shortest unblocked line of at most ``reach`` steps from ``start`` to a target (module docstring).
    ``on_map`` gives the steps a line may take from a hex (the map's neighbours, or a route such as
    "along the river"); ``route`` names that route in an out-of-range reason."""
    if reach < 0:
        raise ValueError(f"a line's range must not be negative, got {reach}")
    goal = frozenset(targets)
    if hex_block(start) is None:
        came = _search(start, reach, on_map, hex_block, step_block)
        hits = sorted(h for h in came if h in goal)
        if hits:
            best = min(hits, key=lambda h: (_length(came, h), h))
            line = [best]
            while came[line[-1]] is not None:
                line.append(came[line[-1]])  # type: ignore[arg-type]
            return Trace(tuple(reversed(line)))
    # why not: the hexes and steps on some line of at most ``reach`` steps, ignoring every block
    from_start = _depths(start, reach, on_map)
    to_goal: dict[Hex, int] = {}
    for t in goal:
        for h, d in _depths(t, reach, on_map).items():
            to_goal[h] = min(d, to_goal.get(h, d))
    useful = {h for h, d in from_start.items() if h in to_goal and d + to_goal[h] <= reach}
    if not useful:
        return Trace(None, f"out of range: no target within {reach} hexes" + (f" {route}" if route else ""))
    reasons: set[str] = set()
    for h in useful:
        why = hex_block(h)
        if why is not None:
            reasons.add(why)
        for n in on_map(h):
            if n in useful and from_start[h] + 1 + to_goal[n] <= reach:
                why = step_block(h, n)
                if why is not None:
                    reasons.add(why)
    blockers = tuple(sorted(reasons))
    return Trace(None, "blocked: " + "; ".join(blockers), blockers)


def _length(came: Mapping[Hex, Hex | None], h: Hex) -> int:
    n = 0
    while came[h] is not None:
        h = came[h]  # type: ignore[assignment]
        n += 1
    return n


@record
class LineRules:
    """What blocks a traced line, as data (module docstring)."""

    enemy_regions: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Side → regions whose hexes count as enemy-occupied for that side's lines."""
    zoc_blocks: ZocBlocks = "never"
    impassable: frozenset[str] = frozenset()
    along: frozenset[str] = frozenset()
    along_regions: frozenset[str] = frozenset()
    """With ``along``: a step whose two hexes are both in one of these regions is allowed too (coastal hexes)."""
    not_blocking: tuple[UnitWhen, ...] = ()
    """Enemy units that do not block this line (their hex is not enemy-occupied for it, their zone ignored)."""
    open_regions: frozenset[str] = frozenset()
    """Regions whose hexes no unit blocks (neither by occupying them nor by its zone)."""
    impassable_regions: frozenset[str] = frozenset()
    """Regions whose hexes no line starts in, passes through or ends in (the sea, for a land line)."""

    FIELDS = ("along", "along_regions", "enemy_regions", "impassable", "impassable_regions", "not_blocking", "open_regions", "zoc_blocks")

    def __post_init__(self) -> None:
        if self.zoc_blocks not in ("never", "always", "unless_friendly"):
            raise ValueError(f"lines zoc_blocks must be never, always or unless_friendly, got {self.zoc_blocks!r}")
        if self.along_regions and not self.along:
            raise ValueError("lines along_regions widens along: give along too")

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], where: str = "lines") -> LineRules:
        unknown = sorted(set(data) - set(cls.FIELDS))
        if unknown:
            raise ValueError(f"{where}: unknown field {unknown[0]!r} (known: {', '.join(cls.FIELDS)})")

        def words(v: Any) -> frozenset[str]:
            return frozenset([v] if isinstance(v, str) else (str(x) for x in v))

        try:
            return cls(
                enemy_regions={str(k): words(v) for k, v in dict(data.get("enemy_regions", {})).items()},
                zoc_blocks=data.get("zoc_blocks", "never"),
                impassable=words(data.get("impassable", ())),
                along=words(data.get("along", ())),
                along_regions=words(data.get("along_regions", ())),
                not_blocking=tuple(UnitWhen.from_mapping(u, f"{where} not_blocking {i}") for i, u in enumerate(data.get("not_blocking", ()))),
                open_regions=words(data.get("open_regions", ())),
                impassable_regions=words(data.get("impassable_regions", ())),
            )
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}") from None

    def blocks(self, unit: MapUnit, side: str, in_region: Callable[[str, Hex], bool], terrain_of: Callable[[Hex], str]) -> bool:
        """Whether ``unit`` blocks a line of ``side`` by standing in its hex (an enemy not in ``not_blocking``)."""
        return unit.side != side and not any(w.holds(unit, in_region, terrain_of) for w in self.not_blocking)

    def predicates(
        self,
        side: str,
        enemy: Collection[Hex],
        friendly: Collection[Hex],
        enemy_zoc: Collection[Hex],
        features: Features,
        in_region: Callable[[str, Hex], bool],
        on_map: Callable[[Hex], tuple[Hex, ...]],
        name: Callable[[Hex], str] = lambda h: f"{h.q},{h.r}",
        paths_of: Callable[[Hex, Hex], frozenset[str]] | None = None,
    ) -> tuple[HexBlock, StepBlock, Callable[[Hex], tuple[Hex, ...]]]:
        """The hex and step predicates for a line of ``side``: ``enemy`` the hexes of the enemy units
        that block it, ``friendly`` the hexes of ``side``'s units, ``enemy_zoc`` the hexes in the zone
        of an enemy unit that blocks it; ``name`` prints a hex in a reason (the map's printed id);
        ``paths_of`` the path kinds a step follows (default: by the map's paths alone). The
        third function gives the steps a line may take from a hex: ``on_map``'s neighbours, only those
        ``along`` allows when it is given (the route, not a block: a line that cannot keep to it is
        out of range along it)."""
        regions = sorted(self.enemy_regions.get(side, frozenset()))
        open_regions = sorted(self.open_regions)
        closed = sorted(self.impassable_regions)
        enemy_hexes, friendly_hexes, zoc = frozenset(enemy), frozenset(friendly), frozenset(enemy_zoc)

        def hex_block(h: Hex) -> str | None:
            for r in closed:
                if in_region(r, h):
                    return f"hex {name(h)} in {r} is impassable"
            for r in regions:
                if in_region(r, h):
                    return f"hex {name(h)} in {r} counts as enemy-occupied"
            if any(in_region(r, h) for r in open_regions):
                return None
            if h in enemy_hexes:
                return f"enemy-occupied hex {name(h)}"
            if h in zoc and (self.zoc_blocks == "always" or (self.zoc_blocks == "unless_friendly" and h not in friendly_hexes)):
                return f"enemy zone of control in hex {name(h)}" + (" with no friendly unit" if self.zoc_blocks == "unless_friendly" else "")
            return None

        def step_block(a: Hex, b: Hex) -> str | None:
            for f in features.crossed(a, b):
                if f.kind in self.impassable:
                    return f"{f.kind} {f.name} between {name(a)} and {name(b)}"
            return None

        def keeps_to_route(a: Hex, b: Hex) -> bool:
            kinds = paths_of(a, b) if paths_of is not None else frozenset(p.kind for p in features.paths_followed(a, b))
            if kinds & self.along or any(f.kind in self.along for f in features.followed(a, b)):
                return True
            return any(in_region(r, a) and in_region(r, b) for r in self.along_regions)

        def moves(h: Hex) -> tuple[Hex, ...]:
            return tuple(n for n in on_map(h) if keeps_to_route(h, n)) if self.along else on_map(h)

        return hex_block, step_block, moves

    def route(self) -> str:
        """What ``along`` restricts a line to, for a reason ("along a major_river or coast hexes"); empty without it."""
        if not self.along:
            return ""
        return "along a " + " or ".join([*sorted(self.along), *(f"{r} hexes" for r in sorted(self.along_regions))])
