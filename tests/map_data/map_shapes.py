"""Small exact integer geometry for the map tests (independent of tools/map_geometry.py)."""

from __future__ import annotations

import math

Pixel = tuple[int, int]


def twice_signed_area(poly: tuple[Pixel, ...]) -> int:
    """Shoelace sum: positive when the outline runs clockwise on screen (y down)."""
    n = len(poly)
    return sum(poly[k][0] * poly[(k + 1) % n][1] - poly[(k + 1) % n][0] * poly[k][1] for k in range(n))


def _orient(a: Pixel, b: Pixel, c: Pixel) -> int:
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def _on_segment(a: Pixel, b: Pixel, p: Pixel) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segments_intersect(a: Pixel, b: Pixel, c: Pixel, d: Pixel) -> bool:
    o1, o2, o3, o4 = _orient(a, b, c), _orient(a, b, d), _orient(c, d, a), _orient(c, d, b)
    if o1 != o2 and o3 != o4:
        return True
    return (
        (o1 == 0 and _on_segment(a, b, c))
        or (o2 == 0 and _on_segment(a, b, d))
        or (o3 == 0 and _on_segment(c, d, a))
        or (o4 == 0 and _on_segment(c, d, b))
    )


def is_simple(poly: tuple[Pixel, ...]) -> bool:
    """No repeated vertex, no two non-neighbouring edges touching, no zero-length edge."""
    n = len(poly)
    if n < 3 or len(set(poly)) != n:
        return False
    edges = [(poly[k], poly[(k + 1) % n]) for k in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if j == i + 1 or (i == 0 and j == n - 1):
                # Neighbouring edges share one vertex; they must not fold back onto each other.
                (a, b), (c, d) = edges[i], edges[j]
                shared = b if j == i + 1 else a
                p = a if j == i + 1 else b
                q = d if j == i + 1 else c
                if _orient(p, shared, q) == 0 and (
                    (p[0] - shared[0]) * (q[0] - shared[0]) + (p[1] - shared[1]) * (q[1] - shared[1]) > 0
                ):
                    return False
                continue
            if segments_intersect(*edges[i], *edges[j]):
                return False
    return True


def contains(poly: tuple[Pixel, ...], pt: Pixel) -> bool:
    """Strictly inside (ray casting; points on the outline may go either way)."""
    x, y = pt
    inside = False
    n = len(poly)
    for k in range(n):
        (ax, ay), (bx, by) = poly[k], poly[(k + 1) % n]
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def distance_to_outline(poly: tuple[Pixel, ...], pt: Pixel) -> float:
    x, y = pt
    best = math.inf
    n = len(poly)
    for k in range(n):
        (ax, ay), (bx, by) = poly[k], poly[(k + 1) % n]
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
        best = min(best, math.hypot(x - ax - t * dx, y - ay - t * dy))
    return best


def shared_edges(polygons: dict[int, tuple[Pixel, ...]]) -> dict[frozenset[int], float]:
    """Total length of outline that each pair of areas shares (edges with identical end points)."""
    owners: dict[frozenset[Pixel], list[int]] = {}
    for area, poly in polygons.items():
        n = len(poly)
        for k in range(n):
            owners.setdefault(frozenset((poly[k], poly[(k + 1) % n])), []).append(area)
    out: dict[frozenset[int], float] = {}
    for edge, who in owners.items():
        if len(who) == 2:
            p, q = tuple(edge)
            out[frozenset(who)] = out.get(frozenset(who), 0.0) + math.dist(p, q)
    return out
