"""Tonkin: its data's own cross-checks, run after the generic ones (``data.crossref``).

The terrain chart's combat DRM is written twice: ``hexes.yaml`` ``terrain_kinds`` ``modifier`` (the combat
modifier of a hex of that terrain, which the model and the help read) and ``tables.yaml``
``terrain_effects`` column ``Combat DRM`` (the printed chart, which the player aid prints). They must agree
(docs/tonkin-reconstruction.md §9.1); a difference is reported at the table's cell.
"""

from __future__ import annotations

from collections.abc import Callable

from sdbp_module.data.crossref import Checks

CHART = "terrain_effects"
COMBAT = "Combat DRM"


def cell_number(text: str) -> int | None:
    """A DRM cell as a number ("−1" → -1, "+2" → 2, "0" → 0), None when it is no bare number."""
    bare = text.replace("\u2212", "-").replace("+", "")
    try:
        return int(bare)
    except ValueError:
        return None


def check_terrain_chart(checks: Checks) -> None:
    """Each terrain row of the terrain chart gives the combat DRM of ``terrain_kinds``."""
    if not checks.has("tables", "hexes"):
        return
    modifiers = {t["id"]: t.get("modifier", 0) for t in checks.values["hexes"]["terrain_kinds"]}
    for t, table in enumerate(checks.values["tables"]["tables"]):
        if table["id"] != CHART:
            continue
        names = [c["name"] if isinstance(c, dict) else c for c in table["columns"]]
        if COMBAT not in names:
            continue
        j = names.index(COMBAT)
        for r, row in enumerate(table["rows"]):
            if row.get("id") in modifiers and j < len(row["cells"]):
                shown = cell_number(str(row["cells"][j]))
                if shown != modifiers[row["id"]]:
                    checks.report(
                        "tables",
                        ("tables", t, "rows", r, "cells", j),
                        f"the combat DRM of {row['id']} is {row['cells'][j]!r}",
                        f"{modifiers[row['id']]}, hexes.yaml terrain_kinds {row['id']} modifier",
                    )


CHECKS: tuple[Callable[[Checks], None], ...] = (check_terrain_chart,)
