"""Hex coordinates: axial ``(q, r)`` with the cube's third coordinate ``s = -q - r``.

Pure arithmetic on hexes, independent of any map: neighbours, distance, rings and ranges, and the
hex line between two hex centres. Axial ``q`` grows to the right and ``r`` downwards on the screen
(pixels grow downwards), for flat-topped and pointy-topped hexes alike; the orientation matters
only when hexes become pixels (``grid.HexGrid``).

Two traces of the segment between two hex centres:

- ``hexes_crossed`` — exact (rational arithmetic): every hex whose inside the segment passes
  through, in order, and where the segment runs *along* a hexside, the two hexes of that side as one
  step (a *tie*). This is what a line of fire reads.
- ``hex_line`` — the usual cube lerp, ``distance + 1`` steps. Every hex it gives is crossed, but it
  can miss a hex the segment only clips between two samples (``Hex(-2, 5)`` → ``Hex(4, -2)`` clips
  ``Hex(0, 2)`` and ``Hex(2, 1)``), so it is for drawing and counting, not for sight.

The hex line (``hex_line``) samples the straight segment between the two centres at ``distance + 1``
evenly spaced points and rounds each to its hex (cube lerp + rounding). A sample lying exactly on a
hexside belongs to both hexes of that side: the line is computed twice, with both ends nudged a
hair to one side of the segment and then to the other, and a step where the two runs differ is a
step of two hexes. That happens in two ways:

- the segment runs **along** hexsides (``along_hexsides``: the direction is one of the six between
  two neighbour directions, two cube coordinates of ``b - a`` equal): a *tie* — the line passes
  between the two hexes, and what that means for a line of fire is the caller's policy
  (``sight.TiePolicy``);
- the segment **crosses** a hexside exactly at a sample (at the side's midpoint): it really passes
  through both hexes, one just before and one just after.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterator

__all__ = ["DIRECTIONS", "Hex", "along_hexsides", "cube_round", "hexes_crossed", "distance", "hex_line", "hexes_within", "neighbours", "ring"]


@dataclass(frozen=True, order=True, slots=True)
class Hex:
    """One hex in axial coordinates."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The cube's third coordinate (``q + r + s == 0``)."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scaled(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)


DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))
"""The six unit steps, anticlockwise on the screen starting from +q."""


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes sharing a side with ``h`` (whether or not a map holds them)."""
    return tuple(h + d for d in DIRECTIONS)


def distance(a: Hex, b: Hex) -> int:
    """Hexes stepped from ``a`` to ``b`` (0 for the same hex, 1 for neighbours)."""
    d = a - b
    return max(abs(d.q), abs(d.r), abs(d.s))


def ring(centre: Hex, radius: int) -> tuple[Hex, ...]:
    """The hexes exactly ``radius`` from ``centre`` (``6 * radius`` of them; the centre for 0)."""
    if radius < 0:
        raise ValueError(f"ring radius must not be negative, got {radius}")
    if radius == 0:
        return (centre,)
    out: list[Hex] = []
    h = centre + DIRECTIONS[4].scaled(radius)
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = h + DIRECTIONS[side]
    return tuple(out)


def hexes_within(centre: Hex, radius: int) -> tuple[Hex, ...]:
    """Every hex at most ``radius`` from ``centre``, sorted (``1 + 3 r (r + 1)`` of them)."""
    if radius < 0:
        raise ValueError(f"range radius must not be negative, got {radius}")
    out = [
        Hex(centre.q + dq, centre.r + dr)
        for dq in range(-radius, radius + 1)
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1)
    ]
    return tuple(sorted(out))


def cube_round(q: float, r: float) -> Hex:
    """The hex whose centre is nearest the fractional axial point ``(q, r)``."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


_NUDGE = (1e-6, 2e-6)
"""How far (in hexes) both ends are moved off the segment to break a hexside tie; far below any
sample's distance from a hexside that is not exactly on it (samples are multiples of 1/N, N the
distance, and any map is far smaller than a million hexes)."""


def _samples(a: Hex, b: Hex, sign: int) -> Iterator[Hex]:
    n = distance(a, b)
    eq, er = _NUDGE[0] * sign, _NUDGE[1] * sign
    aq, ar = a.q + eq, a.r + er
    bq, br = b.q + eq, b.r + er
    for i in range(n + 1):
        t = i / n if n else 0.0
        yield cube_round(aq + (bq - aq) * t, ar + (br - ar) * t)


def hex_line(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], ...]:
    """The hexes the segment between the centres of ``a`` and ``b`` passes, as ``distance + 1`` steps.

    Each step is one hex, or two hexes (sorted) where the segment runs exactly along the hexside
    between them. The first step is ``(a,)`` and the last ``(b,)``.
    """
    out: list[tuple[Hex, ...]] = []
    for left, right in zip(_samples(a, b, 1), _samples(a, b, -1)):
        out.append((left,) if left == right else tuple(sorted((left, right))))
    return tuple(out)


def along_hexsides(a: Hex, b: Hex) -> bool:
    """Whether the segment between the two centres runs along hexsides (a "diagonal" direction such
    as ``(2, -1)``: two of the cube coordinates of ``b - a`` are equal). Such a line alternates
    between running through a vertex and along a side, and passes *between* the hexes of each side."""
    d = b - a
    return a != b and (d.q == d.r or d.r == d.s or d.q == d.s)


def _inside(a: Hex, d: Hex, c: Hex) -> tuple[Fraction, Fraction] | None:
    """The parameters ``[t0, t1]`` (within ``[0, 1]``) of the segment ``a + t d`` inside the closed hex
    ``c``, or None. The hex is ``|x_q - x_r| <= 1``, ``|x_r - x_s| <= 1``, ``|x_s - x_q| <= 1`` for
    ``x = p - c`` in cube coordinates (the bisectors with its six neighbours)."""
    e = a - c
    lo, hi = Fraction(0), Fraction(1)
    for base, slope in ((e.q - e.r, d.q - d.r), (e.r - e.s, d.r - d.s), (e.s - e.q, d.s - d.q)):
        if slope == 0:
            if abs(base) > 1:
                return None
            continue
        t_a, t_b = Fraction(-1 - base, slope), Fraction(1 - base, slope)
        lo, hi = max(lo, min(t_a, t_b)), min(hi, max(t_a, t_b))
        if lo > hi:
            return None
    return lo, hi


def _strictly_inside(a: Hex, d: Hex, c: Hex, t: Fraction) -> bool:
    e = a - c
    return all(abs(base + t * slope) < 1 for base, slope in ((e.q - e.r, d.q - d.r), (e.r - e.s, d.r - d.s), (e.s - e.q, d.s - d.q)))


def hexes_crossed(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], ...]:
    """Every hex the segment between the centres of ``a`` and ``b`` passes through, in order from
    ``a``: a step of one hex where the segment goes through its inside, a step of two hexes (sorted)
    where it runs along their common side (a tie). A hex the segment only touches at a corner is
    not crossed. Exact; ``hex_line``'s hexes are always among these."""
    if a == b:
        return ((a,),)
    d = b - a
    candidates = {n for step in hex_line(a, b) for h in step for n in (h, *neighbours(h))}
    crossed: list[tuple[Fraction, Fraction, Hex]] = []
    along: dict[tuple[Fraction, Fraction], list[Hex]] = {}
    for c in candidates:
        span = _inside(a, d, c)
        if span is None or span[0] == span[1]:
            continue  # missed, or a corner touched
        if _strictly_inside(a, d, c, (span[0] + span[1]) / 2):
            crossed.append((span[0], span[1], c))
        else:  # on one of its sides for the whole span: the segment runs along that side
            along.setdefault(span, []).append(c)
    steps: list[tuple[Fraction, tuple[Hex, ...]]] = [(t0, (c,)) for t0, _, c in crossed]
    for (t0, _), hexes in along.items():
        steps.append((t0, tuple(sorted(hexes))))
    steps.sort(key=lambda item: (item[0], item[1]))
    return tuple(step for _, step in steps)
