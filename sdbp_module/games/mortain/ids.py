"""Stand at Mortain's sides and the ids its rules name (``source_data/mortain``)."""

from __future__ import annotations

from typing import Final

from sdbp_module.ids import declare_sides

US, GERMAN = declare_sides((("usa", "US"), ("de", "German")))

TIGER: Final = "DE-102"
"""102 Tiger (M-1.5, M-5.6): free to stack and act with any German unit; −1 in an AT attack it takes part in."""

GERMAN_ENTRY: Final = "german-entry"  # the Germans wait off the east edge (M-1.3)
US_ENTRY: Final = "us-entry"  # CCA, CCB, CCR wait off the west edge (M-1.2)
GERMAN_EXITED: Final = "german-exited"  # German units exited off the west edge (M-7.2)
US_ELIMINATED: Final = "us-eliminated"
GERMAN_ELIMINATED: Final = "german-eliminated"
JOKER_ASIDE: Final = "joker-aside"

AIR: Final = "air"  # the US Air marker (M-6.2, M-6.6)
OBA: Final = "oba"  # the US off-board artillery marker (M-6.3, M-6.5)

TANK: Final = "tank"  # the unit type fired at with AT (M-5.4); gun and infantry with AI
AT: Final = "at"
AI: Final = "ai"
