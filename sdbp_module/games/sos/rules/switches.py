"""Storm over Stalingrad's interpretation switches: where the rules text allows two readings.

Each switch settles one entry of the ambiguity register in ``docs/sos-rules.md`` (SOS-AMB-nn); its
first value is the default, the reading that accuses nobody where the text is not clear. ``sdbp check
--switch NAME=VALUE`` picks the other.
"""

from __future__ import annotations

from sdbp_module.rules.switches import SwitchSpec

LANDING_ZONE_EXIT = "landing_zone_exit"
"""7.6: "only one unit ... may be moved out of a landing zone into adjacent areas". ``move_on``: the
words say where the unit goes when it leaves (every move goes into an adjacent area first); it may
then move on with the MP it has left. ``adjacent_only``: it ends its move in the adjacent area."""

SWITCHES: tuple[SwitchSpec, ...] = (SwitchSpec(LANDING_ZONE_EXIT, ("move_on", "adjacent_only"), "SOS-AMB-01"),)
