"""Plane geometry for map outlines: simple polygons, containment, overlap and shared edges.

Coordinates are integer map pixels, so every test below is exact in floating point for any map
that fits in a few thousand pixels (products stay far below 2**53). Edge ``i`` of a polygon runs
from point ``i`` to point ``i + 1`` (wrapping), matching the list indexes in the data files.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import Enum

Pt = tuple[float, float]
Poly = Sequence[tuple[int, int]]


class Where(str, Enum):
    INSIDE = "inside"
    OUTSIDE = "outside"
    ON_EDGE = "on-edge"


def _cross(o: Pt, a: Pt, b: Pt) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _sign(x: float) -> int:
    return (x > 0) - (x < 0)


def _on_segment(p: Pt, a: Pt, b: Pt) -> bool:
    """``p`` lies on the closed segment ``ab``."""
    return (
        _cross(a, b, p) == 0
        and min(a[0], b[0]) <= p[0] <= max(a[0], b[0])
        and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])
    )


def segments_touch(a: Pt, b: Pt, c: Pt, d: Pt) -> bool:
    """The closed segments ``ab`` and ``cd`` have at least one point in common."""
    d1, d2 = _sign(_cross(c, d, a)), _sign(_cross(c, d, b))
    d3, d4 = _sign(_cross(a, b, c)), _sign(_cross(a, b, d))
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True
    return (
        (d1 == 0 and _on_segment(a, c, d))
        or (d2 == 0 and _on_segment(b, c, d))
        or (d3 == 0 and _on_segment(c, a, b))
        or (d4 == 0 and _on_segment(d, a, b))
    )


def segments_cross(a: Pt, b: Pt, c: Pt, d: Pt) -> bool:
    """``ab`` and ``cd`` cross properly: at one point inside both, not at an end, not collinear."""
    d1, d2 = _sign(_cross(c, d, a)), _sign(_cross(c, d, b))
    d3, d4 = _sign(_cross(a, b, c)), _sign(_cross(a, b, d))
    return d1 * d2 < 0 and d3 * d4 < 0


def edges(poly: Poly) -> list[tuple[Pt, Pt]]:
    n = len(poly)
    return [((poly[i][0], poly[i][1]), (poly[(i + 1) % n][0], poly[(i + 1) % n][1])) for i in range(n)]


def signed_area(poly: Poly) -> float:
    """Shoelace area; positive when the points run clockwise on a y-down map."""
    return sum(a[0] * b[1] - b[0] * a[1] for a, b in edges(poly)) / 2


def collinear(poly: Poly) -> bool:
    """Every point lies on one straight line (the outline encloses nothing)."""
    a = (poly[0][0], poly[0][1])
    others = [(p[0], p[1]) for p in poly[1:] if (p[0], p[1]) != a]
    if not others:
        return True
    b = others[0]
    return all(_cross(a, b, (p[0], p[1])) == 0 for p in others)


def self_intersection(poly: Poly) -> tuple[int, int] | None:
    """The first pair of edges (indexes) that makes the outline not simple, or None.

    Non-neighbouring edges may not touch at all; neighbouring edges may not fold back onto
    each other; no edge may have zero length.
    """
    es = edges(poly)
    n = len(es)
    for i, (a, b) in enumerate(es):
        if a == b:
            return (i, i)
    for i in range(n):
        a, b = es[i]
        for j in range(i + 1, n):
            c, d = es[j]
            neighbours = j == i + 1 or (i == 0 and j == n - 1)
            if neighbours:
                shared, other_i, other_j = (b, a, d) if j == i + 1 else (a, b, c)
                if (
                    _cross(shared, other_i, other_j) == 0
                    and (
                        (other_i[0] - shared[0]) * (other_j[0] - shared[0])
                        + (other_i[1] - shared[1]) * (other_j[1] - shared[1])
                    )
                    > 0
                ):
                    return (i, j)
                if n == 3:
                    continue
            elif segments_touch(a, b, c, d):
                return (i, j)
    return None


def locate(p: Pt, poly: Poly) -> Where:
    """Whether ``p`` lies inside, outside or on the outline of a simple polygon (``_on_segment`` and the
    crossing of a ray to the right, written out: this is the inner loop of the map checks)."""
    px, py = p[0], p[1]
    inside = False
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        ax, ay, bx, by = a[0], a[1], b[0], b[1]
        if (
            (bx - ax) * (py - ay) - (by - ay) * (px - ax) == 0
            and min(ax, bx) <= px <= max(ax, bx)
            and min(ay, by) <= py <= max(ay, by)
        ):
            return Where.ON_EDGE
        if (ay > py) != (by > py):
            x = ax + (py - ay) * (bx - ax) / (by - ay)
            if x > px:
                inside = not inside
    return Where.INSIDE if inside else Where.OUTSIDE


def _bbox(poly: Poly) -> tuple[int, int, int, int]:
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


def interiors_overlap(a: Poly, b: Poly, inner_a: Pt, inner_b: Pt) -> bool:
    """Two simple polygons share interior points (sharing vertices or edges is fine).

    ``inner_a``/``inner_b`` are points known to lie inside each polygon (the area labels); they
    catch the one case edge tests cannot: two identical outlines.

    Only what lies within the other polygon's bounding box is tested against it: an edge that does
    not reach the box crosses none of its edges, and a point not strictly inside the box is not
    inside the polygon (neighbouring areas' boxes overlap only along a strip).
    """
    box_a, box_b = _bbox(a), _bbox(b)
    ax0, ay0, ax1, ay1 = box_a
    bx0, by0, bx1, by1 = box_b
    if ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0:
        return False
    ea, eb = _edges_near(edges(a), box_b), _edges_near(edges(b), box_a)
    for p, q in ea:
        for r, s in eb:
            if segments_cross(p, q, r, s):
                return True
    for second, (x0, y0, x1, y1), es in ((b, box_b, ea), (a, box_a, eb)):
        for p, q in es:
            if x0 < p[0] < x1 and y0 < p[1] < y1 and locate(p, second) is Where.INSIDE:
                return True
            mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
            if x0 < mid[0] < x1 and y0 < mid[1] < y1 and locate(mid, second) is Where.INSIDE:
                return True
    return locate(inner_a, b) is Where.INSIDE or locate(inner_b, a) is Where.INSIDE


def _edges_near(es: list[tuple[Pt, Pt]], box: tuple[int, int, int, int]) -> list[tuple[Pt, Pt]]:
    """The edges of ``es`` that reach into the closed ``box``, by their own bounding boxes."""
    x0, y0, x1, y1 = box
    return [
        (p, q)
        for p, q in es
        if min(p[0], q[0]) <= x1 and max(p[0], q[0]) >= x0 and min(p[1], q[1]) <= y1 and max(p[1], q[1]) >= y0
    ]


def shared_border_length(a: Poly, b: Poly, tolerance: float = 1.0) -> float:
    """Total length of outline that ``a`` and ``b`` have in common (edges within ``tolerance`` px)."""
    total = 0.0
    for p, q in edges(a):
        length = math.dist(p, q)
        if length == 0:
            continue
        ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
        for r, s in edges(b):
            dr = abs((r[0] - p[0]) * uy - (r[1] - p[1]) * ux)
            ds = abs((s[0] - p[0]) * uy - (s[1] - p[1]) * ux)
            if dr > tolerance or ds > tolerance:
                continue
            tr = (r[0] - p[0]) * ux + (r[1] - p[1]) * uy
            ts = (s[0] - p[0]) * ux + (s[1] - p[1]) * uy
            lo, hi = max(0.0, min(tr, ts)), min(length, max(tr, ts))
            if hi > lo:
                total += hi - lo
    return total
