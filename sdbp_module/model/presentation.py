"""How a game's VASSAL module shows it (``module.yaml``): the model's presentation part.

Only the module writer (``vassal``) and the board pictures (``board``) read it; rules never do.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Presentation:
    """The presentation declared in ``module.yaml`` (schema defaults filled in)."""


def build_presentation(value: Mapping[str, Any]) -> Presentation:
    """``module.yaml`` (validated, defaults filled in) → ``Presentation``."""
    return Presentation()
