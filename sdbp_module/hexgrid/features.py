"""What a hex map carries besides terrain: hexsides, linear features, paths and regions (``docs/hexes.md``,
"Map features").

- ``Hexside``: the side between two neighbour hexes, as a value (the two hexes, sorted).
- ``LinearFeature``: a named line of a kind the data declares (``major_river``, ``minor_river`` …),
  drawn one of two ways (``Course``):

  - ``hexsides`` — the line lies **on** hexsides (a chain of hexsides, each meeting the next at a
    corner). A move **crosses** it when it steps over one of its hexsides; it **follows** it when it
    does not cross it and the two hexes both touch it at one corner they share: for a common
    neighbour ``c`` of the two hexes, both ``a|c`` and ``b|c`` are hexsides of the line (the line
    runs past the moving unit on that side, over the whole step).
  - ``hexes`` — the line runs **through** hexes (a sequence of hexes, each a neighbour of the next),
    and may begin or end **on a hexside** of its first or last hex (``start_side``/``end_side``: the
    hex beyond that side). A move **follows** it when its two hexes are consecutive on the line, or
    when it steps over a hexside the line begins or ends on (the text this was written for: "some
    rivers end on a hexside; moving across that hexside counts as moving along the river"). A move
    **enters** it (``crosses``) when it ends in a hex of the line without following it.

  A **fork** is several lines meeting: each line is its own value; a move follows or enters each
  one separately, so a hex where a tributary joins is entered "from the side" by a move along the
  main line (``Features.entered``).
- ``Path``: a named sequence of hexes of a kind (a road); a move **follows** it when its two hexes
  are consecutive on it (in either direction).
- ``Region``: a named hex set, listed or defined by a predicate over terrain, other regions and
  neighbours (``RegionPredicate``), evaluated once over the grid.

Everything is pure and game-neutral: kinds and names come from the data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Literal, Mapping

from sdbp_module.hexgrid.coords import Hex, distance, neighbours
from sdbp_module.records import record

__all__ = [
    "Course",
    "Features",
    "Hexside",
    "LinearFeature",
    "Path",
    "Region",
    "RegionPredicate",
    "common_neighbours",
    "regions_from_mapping",
]

Course = Literal["hexsides", "hexes"]
COURSES: tuple[Course, ...] = ("hexsides", "hexes")


@dataclass(frozen=True, order=True, slots=True)
class Hexside:
    """The side between two neighbour hexes; ``a < b`` always (``Hexside.of`` sorts)."""

    a: Hex
    b: Hex

    def __post_init__(self) -> None:
        if distance(self.a, self.b) != 1:
            raise ValueError(f"a hexside needs two neighbour hexes, got {self.a} and {self.b}")
        if not self.a < self.b:
            raise ValueError(f"a hexside's hexes are in order (use Hexside.of), got {self.a} and {self.b}")

    @classmethod
    def of(cls, x: Hex, y: Hex) -> Hexside:
        """The side between ``x`` and ``y``, in either order (ValueError if they are not neighbours)."""
        return cls(min(x, y), max(x, y))

    @property
    def hexes(self) -> tuple[Hex, Hex]:
        return (self.a, self.b)

    def touches(self, h: Hex) -> bool:
        return h == self.a or h == self.b

    def other(self, h: Hex) -> Hex:
        """The hex across the side from ``h`` (ValueError if ``h`` is not one of its two)."""
        if h == self.a:
            return self.b
        if h == self.b:
            return self.a
        raise ValueError(f"hex {h} is not on the hexside {self.a}|{self.b}")

    def corners(self) -> tuple[Hex, Hex]:
        """The two hexes that meet this side at its ends (the two common neighbours of ``a`` and ``b``)."""
        return common_neighbours(self.a, self.b)

    def meets(self, other: Hexside) -> bool:
        """Whether the two sides share a corner: different sides with one hex in common whose other
        hexes are neighbours (three hexes round one corner)."""
        if self == other:
            return False
        shared = set(self.hexes) & set(other.hexes)
        if len(shared) != 1:
            return False
        (s,) = shared
        return distance(self.other(s), other.other(s)) == 1


def common_neighbours(a: Hex, b: Hex) -> tuple[Hex, Hex]:
    """The two hexes next to both of two neighbours, sorted."""
    if distance(a, b) != 1:
        raise ValueError(f"{a} and {b} are not neighbours")
    both = sorted(set(neighbours(a)) & set(neighbours(b)))
    return both[0], both[1]


@record
class LinearFeature:
    """A named line of a kind, on hexsides or through hexes (module docstring).

    ``hexsides`` course: ``sides`` is the chain, each side meeting the next at a corner; ``hexes``
    is empty. ``hexes`` course: ``hexes`` is the line, each a neighbour of the next; ``sides`` holds
    the sides it begins or ends on (0, 1 or 2 of them, each a side of the first or last hex)."""

    name: str
    kind: str
    course: Course
    hexes: tuple[Hex, ...] = ()
    sides: tuple[Hexside, ...] = ()
    _touched: frozenset[Hex] = field(init=False, repr=False, compare=False, default=frozenset())
    _index: Mapping[Hex, int] = field(init=False, repr=False, compare=False, default_factory=dict)
    _sides: frozenset[Hexside] = field(init=False, repr=False, compare=False, default=frozenset())

    def __post_init__(self) -> None:
        self._check()
        touched = frozenset(self.hexes) if self.course == "hexes" else frozenset(h for s in self.sides for h in s.hexes)
        object.__setattr__(self, "_touched", touched)
        object.__setattr__(self, "_index", {h: i for i, h in enumerate(self.hexes)})
        object.__setattr__(self, "_sides", frozenset(self.sides))

    def _check(self) -> None:
        if self.course not in COURSES:
            raise ValueError(f"feature {self.name}: course must be one of {', '.join(COURSES)}, got {self.course!r}")
        if self.course == "hexsides":
            if self.hexes or not self.sides:
                raise ValueError(f"feature {self.name}: a line on hexsides is a chain of one or more hexsides and no hexes")
            for s1, s2 in zip(self.sides, self.sides[1:]):
                if not s1.meets(s2):
                    raise ValueError(f"feature {self.name}: hexsides {_side_text(s1)} and {_side_text(s2)} do not meet at a corner")
            if len(set(self.sides)) != len(self.sides):
                raise ValueError(f"feature {self.name}: a hexside is named twice")
            return
        if not self.hexes:
            raise ValueError(f"feature {self.name}: a line through hexes needs one or more hexes")
        for x, y in zip(self.hexes, self.hexes[1:]):
            if distance(x, y) != 1:
                raise ValueError(f"feature {self.name}: {x} and {y} are consecutive but not neighbours")
        if len(set(self.hexes)) != len(self.hexes):
            raise ValueError(f"feature {self.name}: a hex is named twice")
        ends = {self.hexes[0], self.hexes[-1]}
        for side in self.sides:
            if not any(side.touches(h) for h in ends):
                raise ValueError(f"feature {self.name}: it can begin or end only on a side of its first or last hex, not {_side_text(side)}")
            if side.a in self.hexes and side.b in self.hexes:
                raise ValueError(f"feature {self.name}: the side {_side_text(side)} lies between two hexes of the line")
        if len(self.sides) > 2:
            raise ValueError(f"feature {self.name}: a line through hexes begins and ends on at most two hexsides")

    # -- geometry ------------------------------------------------------------------------------

    def touched(self) -> frozenset[Hex]:
        """The hexes the line is in (``hexes`` course) or on a side of (``hexsides`` course)."""
        return self._touched

    def in_hex(self, h: Hex) -> bool:
        """Whether ``h`` is a hex of the line (a "river hex"); for a line on hexsides: one of its hexsides is a side of ``h``."""
        return h in self.touched()

    def crosses(self, a: Hex, b: Hex) -> bool:
        """Whether the step ``a`` → ``b`` crosses the line: over one of its hexsides (``hexsides``
        course); into one of its hexes without following it (``hexes`` course: the step *enters* it)."""
        if self.course == "hexsides":
            return Hexside.of(a, b) in self._sides
        return b in self._index and not self.follows(a, b)

    def follows(self, a: Hex, b: Hex) -> bool:
        """Whether the step ``a`` → ``b`` runs along the line (module docstring; never both crossing and following)."""
        side = Hexside.of(a, b)
        if self.course == "hexsides":
            if side in self._sides or not (a in self._touched and b in self._touched):
                return False
            return any(Hexside.of(a, c) in self._sides and Hexside.of(b, c) in self._sides for c in side.corners())
        if side in self._sides:
            return True
        index = self._index
        return a in index and b in index and abs(index[a] - index[b]) == 1


def _side_text(s: Hexside) -> str:
    return f"{s.a}|{s.b}"


@record
class Path:
    """A named sequence of hexes of a kind (a road): consecutive hexes are neighbours."""

    name: str
    kind: str
    hexes: tuple[Hex, ...]

    _steps: frozenset[Hexside] = field(init=False, repr=False, compare=False, default=frozenset())

    def __post_init__(self) -> None:
        if len(self.hexes) < 2:
            raise ValueError(f"path {self.name}: needs two or more hexes")
        for x, y in zip(self.hexes, self.hexes[1:]):
            if distance(x, y) != 1:
                raise ValueError(f"path {self.name}: {x} and {y} are consecutive but not neighbours")
        object.__setattr__(self, "_steps", frozenset(Hexside.of(x, y) for x, y in zip(self.hexes, self.hexes[1:])))

    def follows(self, a: Hex, b: Hex) -> bool:
        """Whether ``a`` and ``b`` are consecutive on the path (either direction; a path may pass a hex twice)."""
        return distance(a, b) == 1 and Hexside.of(a, b) in self._steps


@record
class Features:
    """The linear features and paths of a map, with the questions a move asks of them."""

    lines: tuple[LinearFeature, ...] = ()
    paths: tuple[Path, ...] = ()

    def in_hex(self, h: Hex) -> tuple[LinearFeature, ...]:
        return tuple(f for f in self.lines if f.in_hex(h))

    def followed(self, a: Hex, b: Hex) -> tuple[LinearFeature, ...]:
        """The lines the step ``a`` → ``b`` runs along."""
        return tuple(f for f in self.lines if f.follows(a, b))

    def crossed(self, a: Hex, b: Hex) -> tuple[LinearFeature, ...]:
        """The lines the step crosses (``LinearFeature.crosses``): for lines through hexes, every line
        of the entered hex the step does not follow — a tributary joining a followed line is entered."""
        return tuple(f for f in self.lines if f.crosses(a, b))

    def paths_followed(self, a: Hex, b: Hex) -> tuple[Path, ...]:
        return tuple(p for p in self.paths if p.follows(a, b))

    def hexsides_of(self, kinds: Iterable[str]) -> frozenset[Hexside]:
        """Every hexside a line of one of ``kinds`` lies on (``hexsides`` course) or begins/ends on."""
        wanted = set(kinds)
        return frozenset(s for f in self.lines if f.kind in wanted for s in f.sides)


# -- regions ------------------------------------------------------------------------------------

TerrainOf = Callable[[Hex], str]


@record
class RegionPredicate:
    """A test on a hex, as data (``docs/hexes.md``, "Regions"). Exactly one field is set:

    - ``terrain``: the hex's terrain is one of these;
    - ``region``: the hex is in one of these regions (or named sets);
    - ``all`` / ``any``: every / some sub-predicate holds; ``not_``: it does not;
    - ``adjacent_any`` / ``adjacent_all``: some / every neighbour on the map satisfies it.
    """

    terrain: frozenset[str] | None = None
    region: frozenset[str] | None = None
    all: tuple[RegionPredicate, ...] | None = None
    any: tuple[RegionPredicate, ...] | None = None
    not_: RegionPredicate | None = None
    adjacent_any: RegionPredicate | None = None
    adjacent_all: RegionPredicate | None = None

    @classmethod
    def from_mapping(cls, data: Any, where: str) -> RegionPredicate:
        if not isinstance(data, Mapping) or len(data) != 1:
            raise ValueError(f"{where}: a predicate is a mapping of one key (terrain, region, all, any, not, adjacent_any, adjacent_all)")
        ((key, value),) = data.items()
        if key in ("terrain", "region"):
            words = frozenset(str(w) for w in ([value] if isinstance(value, str) else value))
            return cls(terrain=words) if key == "terrain" else cls(region=words)
        if key in ("all", "any"):
            subs = tuple(cls.from_mapping(v, f"{where}.{key}") for v in value)
            return cls(all=subs) if key == "all" else cls(any=subs)
        if key in ("not", "adjacent_any", "adjacent_all"):
            sub = cls.from_mapping(value, f"{where}.{key}")
            return cls(not_=sub) if key == "not" else cls(adjacent_any=sub) if key == "adjacent_any" else cls(adjacent_all=sub)
        raise ValueError(f"{where}: unknown predicate {key!r} (known: terrain, region, all, any, not, adjacent_any, adjacent_all)")

    def regions_named(self) -> frozenset[str]:
        """Every region this predicate reads."""
        out: set[str] = set(self.region or ())
        for sub in (*(self.all or ()), *(self.any or ()), self.not_, self.adjacent_any, self.adjacent_all):
            if sub is not None:
                out |= sub.regions_named()
        return frozenset(out)

    def select(
        self,
        hexes: frozenset[Hex],
        terrain: TerrainOf,
        named: Callable[[str], frozenset[Hex]],
        on_map: Callable[[Hex], tuple[Hex, ...]],
    ) -> frozenset[Hex]:
        """The hexes of ``hexes`` where this predicate holds, a whole set at a time: ``named(name)`` gives
        the hexes of a region or set, ``on_map(h)`` the neighbours of ``h`` on the map (all in ``hexes``)."""
        if self.terrain is not None:
            return frozenset(h for h in hexes if terrain(h) in self.terrain)
        if self.region is not None:
            return hexes & frozenset().union(*(named(name) for name in self.region))
        if self.all is not None:
            return hexes.intersection(*(p.select(hexes, terrain, named, on_map) for p in self.all))
        if self.any is not None:
            return frozenset().union(*(p.select(hexes, terrain, named, on_map) for p in self.any))
        if self.not_ is not None:
            return hexes - self.not_.select(hexes, terrain, named, on_map)
        if self.adjacent_any is not None:
            found = self.adjacent_any.select(hexes, terrain, named, on_map)
            return frozenset(h for h in hexes if any(n in found for n in on_map(h)))
        if self.adjacent_all is not None:
            found = self.adjacent_all.select(hexes, terrain, named, on_map)
            return frozenset(h for h in hexes if all(n in found for n in on_map(h)))
        raise ValueError("an empty region predicate")


@record
class Region:
    """A named set of hexes; ``where`` is the predicate it was computed from (None: listed)."""

    name: str
    hexes: frozenset[Hex]
    where: RegionPredicate | None = field(default=None, compare=False)

    def __contains__(self, h: object) -> bool:
        return h in self.hexes


def regions_from_mapping(
    data: Mapping[str, Any],
    all_hexes: Iterable[Hex],
    hex_named: Callable[[object, str], Hex],
    terrain: TerrainOf,
    on_map: Callable[[Hex], tuple[Hex, ...]],
    sets: Mapping[str, frozenset[Hex]],
) -> dict[str, Region]:
    """The regions a data file declares: each name maps to ``{hexes: [ids]}`` or ``{where: predicate}``.
    A predicate may read the named ``sets`` and other regions (in any order; a cycle is refused)."""
    order = tuple(all_hexes)
    hexes = frozenset(order)
    listed: dict[str, Region] = {}
    defined: dict[str, RegionPredicate] = {}
    for name, spec in data.items():
        name = str(name)
        if name in sets:
            raise ValueError(f"region {name}: a named set has that name already")
        if not isinstance(spec, Mapping) or set(spec) not in ({"hexes"}, {"where"}):
            raise ValueError(f"region {name}: give either hexes: [ids] or where: <predicate>")
        if "hexes" in spec:
            listed[name] = Region(name, frozenset(hex_named(t, f"region {name}") for t in spec["hexes"]))
        else:
            defined[name] = RegionPredicate.from_mapping(spec["where"], f"region {name}")
    known = set(listed) | set(defined) | set(sets)
    for name, pred in defined.items():
        missing = sorted(pred.regions_named() - known)
        if missing:
            raise ValueError(f"region {name}: reads {missing[0]!r}, which is no region or set")
    done: dict[str, Region] = dict(listed)
    visiting: list[str] = []

    neighbours: dict[Hex, tuple[Hex, ...]] = {}

    def on_map_once(h: Hex) -> tuple[Hex, ...]:
        found = neighbours.get(h)
        if found is None:
            found = neighbours[h] = on_map(h)
        return found

    def named(name: str) -> frozenset[Hex]:
        return sets[name] if name in sets else resolve(name).hexes

    def resolve(name: str) -> Region:
        if name in done:
            return done[name]
        if name in visiting:
            raise ValueError(f"region {name}: its definition reads itself ({' -> '.join([*visiting, name])})")
        visiting.append(name)
        pred = defined[name]
        for other in sorted(pred.regions_named()):
            if other not in sets:
                resolve(other)
        found = pred.select(hexes, terrain, named, on_map_once)
        region = Region(name, frozenset(h for h in order if h in found), pred)  # built in map order, as it always was
        visiting.pop()
        done[name] = region
        return region

    for name in defined:
        resolve(name)
    return {name: done[name] for name in data}
