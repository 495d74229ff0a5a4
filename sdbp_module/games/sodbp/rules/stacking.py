"""The stacking limit (rules 7.0, 8.4.2, 10.0, 12.3; catalogue §3.5 STACK-LIMIT-9).

At most 9 units per side in one area at any moment (7.0), passing through included: the shared
area-impulse rule (``rules.area_impulse.stacking``) under the catalogue's id. Retreats are the
retreat rules' (``IMPULSE.retreat_stacking_judged``): a retreat into an area over the limit while
another had room is RETREAT-STACK-FIRST's (RT-1), one that ends over the limit
RETREAT-OVERFLOW-CONTINUE's (RT-5), not STACK-LIMIT-9's too.
"""

from __future__ import annotations

from sdbp_module.rules.area_impulse import stacking as shared
from sdbp_module.rules.base import FunctionRule, relabel

stack_limit = relabel(
    shared.stack_limit,
    "STACK-LIMIT-9",
    "7.0, 8.4.2, 10.0, 12.3",
    "at most 9 units per side in an area at any moment, passing through included",
)

RULES: tuple[FunctionRule, ...] = (stack_limit,)
