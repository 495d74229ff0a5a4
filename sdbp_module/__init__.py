"""sdbp: build, convert and check VASSAL modules for area-impulse wargames."""

from __future__ import annotations

__all__ = ["__version__"]

__version__ = "0.1.0"
