"""Movement cost as data: what one step from a hex to its neighbour costs, and a whole path (``docs/hexes.md``,
"Movement cost").

A step is described by a ``MoveContext``: the mover's side, its **flags** (words the caller gives for
the mover and the moment: ``motorised``, ``disrupted``, ``rainy`` …), the terrain of the entered hex,
the kinds of the linear features the step crosses (or enters) and follows, the kinds of the paths
it follows, and the markers in the entered hex. ``move_context`` builds it from the map.

A ``CostTable`` (read from ``hexes.yaml`` ``movement``) prices it, in this order of precedence:

1. **prohibited** rows, first match: the step is refused with the row's reason.
2. If the step **follows a path** (a road; or both hexes hold a marker that counts as that path, or
   one holds it and the other is on such a path; and neither holds a marker that breaks it): the
   first matching row of that path kind (the cheapest, if several kinds are followed) is the whole
   base cost — terrain and features are not paid.
3. Otherwise the first matching **terrain** row (its cost or ``prohibited``); then the first
   matching **along** rule for a followed feature kind adds its amount to that terrain cost (a
   reduction stops at the rule's floor and never raises a cost already below it); then the
   **feature** surcharge of every crossed (entered) feature kind — the first matching row of that
   kind (a number alone is one row that always matches; ``prohibited`` refuses the step) —
   combined by ``feature_combine`` (``max``: only the dearest is paid; ``sum``).
4. Every matching **adjustment** adds its amount once to each of its parts that was paid:
   ``terrain``, ``feature`` (when a surcharge > 0 was paid), ``path``, or ``step`` (always once).

A table with no terrain row matching a step is a fault of the data: ``CostTable.uncovered`` names
the terrain and the loader refuses the table; ``cost`` never guesses.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, Callable, Iterable, Literal, Mapping, Sequence

from sdbp_module.hexgrid.coords import Hex, distance
from sdbp_module.hexgrid.features import Features
from sdbp_module.records import record

__all__ = ["Adjustment", "AlongRule", "CostRow", "CostTable", "MoveContext", "PathCost", "StepCost", "When", "move_context", "path_cost", "paths_of_step"]

Part = Literal["terrain", "feature", "path", "step"]
PARTS: tuple[Part, ...] = ("terrain", "feature", "path", "step")


@record
class MoveContext:
    """One step ``a`` → ``b`` and what prices it (module docstring)."""

    a: Hex
    b: Hex
    side: str
    terrain: str
    flags: frozenset[str] = frozenset()
    crossed: frozenset[str] = frozenset()
    followed: frozenset[str] = frozenset()
    paths: frozenset[str] = frozenset()
    markers: frozenset[str] = frozenset()


@record
class When:
    """A condition on a step; every field given must hold (None: any). ``flags``: all present;
    ``without``: none present; ``crossed``/``followed``/``paths``/``markers``: at least one present."""

    sides: frozenset[str] | None = None
    terrain: frozenset[str] | None = None
    flags: frozenset[str] | None = None
    without: frozenset[str] | None = None
    crossed: frozenset[str] | None = None
    followed: frozenset[str] | None = None
    paths: frozenset[str] | None = None
    markers: frozenset[str] | None = None

    FIELDS = ("sides", "terrain", "flags", "without", "crossed", "followed", "paths", "markers")

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any] | None, where: str) -> When:
        fields = dict(data or {})
        unknown = sorted(set(fields) - set(cls.FIELDS))
        if unknown:
            raise ValueError(f"{where}: unknown condition {unknown[0]!r} (known: {', '.join(cls.FIELDS)})")
        return cls(**{k: frozenset([v] if isinstance(v, str) else (str(x) for x in v)) for k, v in fields.items()})

    def holds(self, ctx: MoveContext) -> bool:
        return (
            (self.sides is None or ctx.side in self.sides)
            and (self.terrain is None or ctx.terrain in self.terrain)
            and (self.flags is None or self.flags <= ctx.flags)
            and (self.without is None or not (self.without & ctx.flags))
            and (self.crossed is None or bool(self.crossed & ctx.crossed))
            and (self.followed is None or bool(self.followed & ctx.followed))
            and (self.paths is None or bool(self.paths & ctx.paths))
            and (self.markers is None or bool(self.markers & ctx.markers))
        )


@record
class CostRow:
    """A cost (None: prohibited) when its condition holds; ``reason`` says why a prohibited row refuses."""

    when: When
    cost: int | None
    reason: str = ""


@record
class AlongRule:
    """Following a feature of one of ``kinds`` adds ``add`` to the terrain cost, not below ``floor``."""

    kinds: frozenset[str]
    add: int
    floor: int = 0
    when: When = field(default_factory=When)


@record
class Adjustment:
    """Adds ``add`` once to each part of ``to`` that was paid, when its condition holds."""

    when: When
    add: int
    to: frozenset[Part] = frozenset({"step"})


@record
class StepCost:
    """The price of one step: ``cost`` None when prohibited (``reason`` says why); ``parts`` the
    amounts paid by part, in ``PARTS`` order, for a reader; ``path`` the path kind followed."""

    cost: int | None
    parts: tuple[tuple[Part, int], ...] = ()
    reason: str = ""
    path: str | None = None

    @property
    def prohibited(self) -> bool:
        return self.cost is None


@record
class CostTable:
    """The movement cost of a map, as data (module docstring)."""

    terrain: tuple[CostRow, ...]
    features: Mapping[str, tuple[CostRow, ...]] = field(default_factory=dict)
    """Feature kind → its surcharge rows, first match (no match: nothing to pay); ``prohibited`` refuses the step."""
    feature_combine: Literal["max", "sum"] = "max"
    along: tuple[AlongRule, ...] = ()
    paths: Mapping[str, tuple[CostRow, ...]] = field(default_factory=dict)
    path_markers: Mapping[str, str] = field(default_factory=dict)
    """Marker → the path kind a hex holding it counts as being on."""
    path_breaks: Mapping[str, str] = field(default_factory=dict)
    """Marker → the path kind it cancels in its hex (a step into or out of that hex does not follow it)."""
    adjustments: tuple[Adjustment, ...] = ()
    prohibited: tuple[CostRow, ...] = ()

    def __post_init__(self) -> None:
        if self.feature_combine not in ("max", "sum"):
            raise ValueError(f"movement feature_combine must be max or sum, got {self.feature_combine!r}")
        for adj in self.adjustments:
            bad = sorted(set(adj.to) - set(PARTS))
            if bad:
                raise ValueError(f"movement adjustment: unknown part {bad[0]!r} (known: {', '.join(PARTS)})")

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> CostTable:
        """The ``movement`` block of ``hexes.yaml`` (``docs/hexes.md`` shows it)."""
        known = {"terrain", "features", "feature_combine", "along", "paths", "path_markers", "path_breaks", "adjustments", "prohibited"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"movement: unknown field {unknown[0]!r} (known: {', '.join(sorted(known))})")

        def row(item: Mapping[str, Any], where: str, *, prohibited: bool = False) -> CostRow:
            cond = dict(item.get("when", {}))
            if "terrain" in item:
                cond["terrain"] = item["terrain"]
            if prohibited:
                return CostRow(When.from_mapping(cond, where), None, str(item.get("reason", "prohibited")))
            cost = item.get("cost")
            if cost == "prohibited":
                return CostRow(When.from_mapping(cond, where), None, str(item.get("reason", "prohibited terrain")))
            if not isinstance(cost, int) or isinstance(cost, bool) or cost < 0:
                raise ValueError(f"{where}: cost must be a whole number of 0 or more, or 'prohibited'")
            return CostRow(When.from_mapping(cond, where), cost)

        return cls(
            terrain=tuple(row(r, f"movement terrain {i}") for i, r in enumerate(data.get("terrain", ()))),
            features={
                str(k): (CostRow(When(), int(v)),) if isinstance(v, int) else tuple(row(r, f"movement features {k} {i}") for i, r in enumerate(v))
                for k, v in dict(data.get("features", {})).items()
            },
            feature_combine=data.get("feature_combine", "max"),
            along=tuple(
                AlongRule(
                    kinds=frozenset(str(k) for k in r["kinds"]),
                    add=int(r["add"]),
                    floor=int(r.get("floor", 0)),
                    when=When.from_mapping(r.get("when"), f"movement along {i}"),
                )
                for i, r in enumerate(data.get("along", ()))
            ),
            paths={str(k): tuple(row(r, f"movement paths {k} {i}") for i, r in enumerate(rows)) for k, rows in dict(data.get("paths", {})).items()},
            path_markers={str(k): str(v) for k, v in dict(data.get("path_markers", {})).items()},
            path_breaks={str(k): str(v) for k, v in dict(data.get("path_breaks", {})).items()},
            adjustments=tuple(
                Adjustment(When.from_mapping(r.get("when"), f"movement adjustments {i}"), int(r["add"]), frozenset(r.get("to", ["step"])))
                for i, r in enumerate(data.get("adjustments", ()))
            ),
            prohibited=tuple(row(r, f"movement prohibited {i}", prohibited=True) for i, r in enumerate(data.get("prohibited", ()))),
        )

    def uncovered(self, terrains: Iterable[str]) -> tuple[str, ...]:
        """The terrains with no row that holds whatever the side, flags and features (a row whose only
        condition is its terrain, or none): a step there could find no cost."""
        return tuple(
            t for t in terrains if not any(r.when.holds(MoveContext(Hex(0, 0), Hex(1, 0), "", t)) and _only_terrain(r.when) for r in self.terrain)
        )

    def cost(self, ctx: MoveContext) -> StepCost:
        """The price of one step (module docstring for the precedence)."""
        for r in self.prohibited:
            if r.when.holds(ctx):
                return StepCost(None, reason=r.reason)
        parts: dict[Part, int] = {}
        via: str | None = None
        if ctx.paths & set(self.paths):
            best: tuple[int, str] | None = None
            refusal = ""
            for kind in sorted(ctx.paths & set(self.paths)):
                hit = next((r for r in self.paths[kind] if r.when.holds(ctx)), None)
                if hit is None:
                    continue
                if hit.cost is None:
                    refusal = refusal or hit.reason
                elif best is None or hit.cost < best[0]:
                    best = (hit.cost, kind)
            if best is not None:
                parts["path"], via = best
            elif refusal:
                return StepCost(None, reason=refusal)
        if via is None:
            hit = next((r for r in self.terrain if r.when.holds(ctx)), None)
            if hit is None:
                raise ValueError(f"movement: no terrain row prices a step into {ctx.terrain} (side {ctx.side}, flags {sorted(ctx.flags)})")
            if hit.cost is None:
                return StepCost(None, reason=hit.reason)
            terrain_cost = hit.cost
            rule = next((a for a in self.along if a.kinds & ctx.followed and a.when.holds(ctx)), None)
            if rule is not None:
                changed = terrain_cost + rule.add  # a reduction stops at the floor, and never raises a cost already below it
                terrain_cost = min(terrain_cost, max(rule.floor, changed)) if rule.add < 0 else changed
            parts["terrain"] = terrain_cost
            charges: list[int] = []
            for kind in sorted(ctx.crossed & set(self.features)):
                hit = next((r for r in self.features[kind] if r.when.holds(ctx)), None)
                if hit is None:
                    continue
                if hit.cost is None:
                    return StepCost(None, reason=hit.reason)
                charges.append(hit.cost)
            surcharge = (max(charges) if self.feature_combine == "max" else sum(charges)) if charges else 0
            if surcharge:
                parts["feature"] = surcharge
        for adj in self.adjustments:
            if adj.when.holds(ctx):
                for part in adj.to:
                    if part == "step":
                        parts["step"] = parts.get("step", 0) + adj.add
                    elif part in parts:
                        parts[part] += adj.add
        ordered = tuple((p, parts[p]) for p in PARTS if p in parts)
        return StepCost(sum(v for _, v in ordered), ordered, path=via)


def _only_terrain(w: When) -> bool:
    return all(getattr(w, name) is None for name in When.FIELDS if name != "terrain")


def paths_of_step(
    features: Features,
    a: Hex,
    b: Hex,
    markers_at: Callable[[Hex], frozenset[str]] = lambda h: frozenset(),
    path_markers: Mapping[str, str] | None = None,
    path_breaks: Mapping[str, str] | None = None,
) -> frozenset[str]:
    """The path kinds the step ``a`` → ``b`` follows: by the map's paths (consecutive hexes), or by
    markers (``path_markers``: one of the two hexes holds a marker counting as that kind, and each
    holds one or is on a path of that kind); a kind is cancelled when either hex holds a marker
    that breaks it (``path_breaks``: a destroyed road)."""
    kinds = {p.kind for p in features.paths_followed(a, b)}
    for marker, kind in (path_markers or {}).items():
        if marker in markers_at(a) or marker in markers_at(b):
            if all(marker in markers_at(h) or any(p.kind == kind and h in p.hexes for p in features.paths) for h in (a, b)):
                kinds.add(kind)
    for marker, kind in (path_breaks or {}).items():
        if marker in markers_at(a) or marker in markers_at(b):
            kinds.discard(kind)
    return frozenset(kinds)


def move_context(
    features: Features,
    terrain_of: Callable[[Hex], str],
    a: Hex,
    b: Hex,
    side: str,
    flags: Iterable[str] = (),
    markers_at: Callable[[Hex], frozenset[str]] = lambda h: frozenset(),
    path_markers: Mapping[str, str] | None = None,
    path_breaks: Mapping[str, str] | None = None,
) -> MoveContext:
    """The context of the step ``a`` → ``b`` on a map: the features crossed and followed, the paths
    followed (``paths_of_step``), the entered hex's terrain and markers."""
    if distance(a, b) != 1:
        raise ValueError(f"a step joins two neighbour hexes, not {a} and {b}")
    return MoveContext(
        a=a,
        b=b,
        side=side,
        terrain=terrain_of(b),
        flags=frozenset(flags),
        crossed=frozenset(f.kind for f in features.crossed(a, b)),
        followed=frozenset(f.kind for f in features.followed(a, b)),
        paths=paths_of_step(features, a, b, markers_at, path_markers, path_breaks),
        markers=markers_at(b),
    )


@record
class PathCost:
    """The price of a hex path: ``total`` None when a step is prohibited (``refused_at`` its index
    in ``steps``, step ``i`` entering hex ``i + 1``)."""

    total: int | None
    steps: tuple[StepCost, ...]
    refused_at: int | None = None


def path_cost(table: CostTable, contexts: Sequence[MoveContext]) -> PathCost:
    """Sum the steps; the first prohibited step makes the path prohibited."""
    steps: list[StepCost] = []
    for i, ctx in enumerate(contexts):
        if i and contexts[i - 1].b != ctx.a:
            raise ValueError(f"path step {i} starts at {ctx.a}, not where step {i - 1} ended ({contexts[i - 1].b})")
        step = table.cost(ctx)
        steps.append(step)
        if step.prohibited:
            return PathCost(None, tuple(steps), i)
    return PathCost(sum(s.cost or 0 for s in steps), tuple(steps))
