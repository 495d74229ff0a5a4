"""(being written: issue #9)"""

from __future__ import annotations

from sdbp_module.rules.base import Rule

RULES: tuple[Rule, ...] = ()
