"""Line of fire and range over a hex map: which intervening hexes block, by terrain and elevation.

Pure functions of the hexes, what blocks and the elevations; the rules a game picks (the hexside
tie policy, the elevation rule) are parameters its data names, never code of its own.

**Hexside ties** (``TiePolicy``): where the line between the two centres runs exactly along a hexside
(``coords.along_hexsides``; ``coords.hexes_crossed`` gives each such step as the two hexes of the side),
``both`` — the common wargame convention — blocks only if *both* hexes of the side block (the firer
may choose the clear side); ``either`` blocks if *either* hex blocks (the stricter reading). The
line is ``coords.hexes_crossed``: every hex the segment passes through, exactly, so a hex it only
clips counts, and a hex it only touches at a corner does not.

**Elevation** (``ElevationRule``), for an intervening hex whose terrain blocks:

- ``none`` — elevation is ignored: the hex blocks.
- ``below_both`` (default) — the hex does not block if its elevation is lower than the elevations
  of both the firer's and the target's hexes (two hills see over the forest in the valley between).
- ``below_either`` — the hex does not block if it is lower than at least one end (a firer on a hill
  sees over lower ground to a target down in the plain).

and, whatever the rule, with ``higher_blocks`` an intervening hex higher than both ends blocks even
if its terrain does not (a clear hill between two valleys). The ends never block their own line;
neighbours always see each other.
"""

from __future__ import annotations

from typing import Callable, Literal, Mapping

from sdbp_module.hexgrid.coords import Hex, distance, hexes_crossed
from sdbp_module.records import record

__all__ = ["ElevationRule", "Sight", "TiePolicy", "fire_range", "line_of_fire"]

TiePolicy = Literal["both", "either"]
ElevationRule = Literal["none", "below_both", "below_either"]
TIE_POLICIES: tuple[TiePolicy, ...] = ("both", "either")
ELEVATION_RULES: tuple[ElevationRule, ...] = ("none", "below_both", "below_either")


@record
class Sight:
    """The answer for one line: clear or not, and the hexes that block it (each step's blockers)."""

    clear: bool
    blocking: tuple[Hex, ...]
    line: tuple[tuple[Hex, ...], ...]


def _hex_blocks(
    h: Hex, blocks: Callable[[Hex], bool], elevation: Callable[[Hex], int], low: int, high: int, rule: ElevationRule, higher_blocks: bool
) -> bool:
    e = elevation(h)
    if higher_blocks and e > high:
        return True
    if not blocks(h):
        return False
    if rule == "below_both":
        return not e < low
    if rule == "below_either":
        return not e < high
    return True


def line_of_fire(
    a: Hex,
    b: Hex,
    blocks: Mapping[Hex, bool] | Callable[[Hex], bool],
    elevation: Mapping[Hex, int] | Callable[[Hex], int] | None = None,
    *,
    tie: TiePolicy = "both",
    rule: ElevationRule = "below_both",
    higher_blocks: bool = False,
) -> Sight:
    """Whether ``a`` sees ``b``: ``blocks`` says which hexes' terrain blocks (a hex missing from a
    mapping does not), ``elevation`` each hex's height (missing: 0). Only the hexes strictly between
    the ends are looked at; ``tie`` and ``rule`` as in the module docstring."""
    if tie not in TIE_POLICIES:
        raise ValueError(f"hexside tie policy must be one of {', '.join(TIE_POLICIES)}, got {tie!r}")
    if rule not in ELEVATION_RULES:
        raise ValueError(f"elevation rule must be one of {', '.join(ELEVATION_RULES)}, got {rule!r}")
    def blocks_of(h: Hex) -> bool:
        return bool(blocks.get(h, False)) if isinstance(blocks, Mapping) else blocks(h)

    def height_of(h: Hex) -> int:
        if elevation is None:
            return 0
        return int(elevation.get(h, 0)) if isinstance(elevation, Mapping) else elevation(h)

    ea, eb = height_of(a), height_of(b)
    low, high = min(ea, eb), max(ea, eb)
    line = hexes_crossed(a, b)
    blocking: list[Hex] = []
    for step in line[1:-1]:
        hits = [h for h in step if _hex_blocks(h, blocks_of, height_of, low, high, rule, higher_blocks)]
        if hits and (tie == "either" or len(hits) == len(step)):
            blocking.extend(hits)
    return Sight(clear=not blocking, blocking=tuple(blocking), line=line)


def fire_range(a: Hex, b: Hex) -> int:
    """The range from ``a`` to ``b`` in hexes: the target's hex is counted, the firer's not (the distance)."""
    return distance(a, b)
