"""The Storm over Stalingrad catalogue of checkable rules (``shared/rules/storm-over-stalingrad.md`` §4) as data.

One entry per rule id: the id, the rules reference, the severity the rule gives, and the catalogue
topic. The rules text (the seed, a Russian translation) stops before fire resolution: the entries of
the missing sections carry the severity ``cannot-check`` and a rules reference saying where the text
stops, and ``NOT_CHECKED`` gives the reason for every entry no rule implements, so that ``sdbp rules``
and ``docs/sos-rules.md`` list them as not checked, never as checked.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from sdbp_module.rules.base import CatalogueEntry

_STOPS = "the rules text stops before"

SOS_CATALOGUE: tuple[CatalogueEntry, ...] = (
    CatalogueEntry("SOS-SET-01", "3.2, 3.3", "illegal", "set-up"),
    CatalogueEntry("SOS-SET-02", "3.1", "illegal", "set-up"),
    CatalogueEntry("SOS-SEQ-01", "4.0, 6.0", "illegal", "sequence"),
    CatalogueEntry("SOS-SEQ-02", "4.0", "illegal", "sequence"),
    CatalogueEntry("SOS-SEQ-03", "4.0 [assumed: 2 passes]", "illegal", "sequence"),
    CatalogueEntry("SOS-SEQ-04", "4.0 (end phase)", "illegal", "sequence"),
    CatalogueEntry("SOS-SEQ-05", "4.0", "illegal", "sequence"),
    CatalogueEntry("SOS-CARD-01", "5.1", "illegal", "cards"),
    CatalogueEntry("SOS-CARD-02", "5.4", "suspicious", "cards"),
    CatalogueEntry("SOS-CARD-03", "5.2, 6.2", "illegal", "cards"),
    CatalogueEntry("SOS-CARD-04", "5.2, 5.3", "illegal", "cards"),
    CatalogueEntry("SOS-CARD-05", "5.2", "illegal", "cards"),
    CatalogueEntry("SOS-CARD-06", "5.2", "illegal", "cards"),
    CatalogueEntry("SOS-ACT-01", "6.1", "illegal", "activation"),
    CatalogueEntry("SOS-ACT-02", "6.1", "illegal", "activation"),
    CatalogueEntry("SOS-ACT-03", "6.1, 7.3", "illegal", "activation"),
    CatalogueEntry("SOS-ACT-04", "6.1, 7.5, 8.1", "illegal", "activation"),
    CatalogueEntry("SOS-MOV-01", "7.1, 7.2, 7.3", "illegal", "movement"),
    CatalogueEntry("SOS-MOV-02", "7.4", "illegal", "movement"),
    CatalogueEntry("SOS-MOV-03", "7.6", "illegal", "movement"),
    CatalogueEntry("SOS-FIRE-01", "8.0", "illegal", "fire"),
    CatalogueEntry("SOS-FIRE-02", "8.1", "illegal", "fire"),
    CatalogueEntry("SOS-FIRE-03", "8.0", "illegal", "fire"),
    CatalogueEntry("SOS-FIRE-04", "8.1", "illegal", "fire"),
    CatalogueEntry("SOS-FIRE-05", "8.1", "illegal", "fire"),
    CatalogueEntry("SOS-CTRL-01", "2.1.2, 7.2", "illegal", "control"),
    CatalogueEntry("SOS-REIN-01", "10.1 [10.2-10.3 missing]", "illegal", "reinforcements"),
    CatalogueEntry("SOS-WDR-01", "2.1.1, 4.0, 10.4", "illegal", "withdrawal"),
    CatalogueEntry("SOS-VIC-01", "3.1", "illegal", "victory"),
    CatalogueEntry("SOS-RES-01", "8.3 [not in the text]", "cannot-check", "resolution"),
    CatalogueEntry("SOS-RES-02", "8.4 [not in the text]", "cannot-check", "resolution"),
    CatalogueEntry("SOS-RES-03", "8.4 [not in the text]", "cannot-check", "resolution"),
    CatalogueEntry("SOS-RES-04", "9.0 [not in the text]", "cannot-check", "resolution"),
)

NOT_CHECKED: Mapping[str, str] = MappingProxyType(
    {
        "SOS-CARD-05": f"{_STOPS} fire resolution (8.3): the multipliers and sums of the multi-copy cards "
        "change numbers the text never defines",
        "SOS-FIRE-05": f"{_STOPS} fire resolution and damage (8.3, 8.4): what a hit does is not known",
        "SOS-RES-01": f"{_STOPS} fire resolution (8.3): attack and defence totals are not defined",
        "SOS-RES-02": f"{_STOPS} damage allocation (8.4)",
        "SOS-RES-03": f"{_STOPS} retreats (8.4)",
        "SOS-RES-04": f"{_STOPS} casualties (9.0): whether eliminated units return is not known",
    }
)
"""Why each catalogue entry that no rule implements is not checked (``docs/sos-rules.md`` repeats these)."""
