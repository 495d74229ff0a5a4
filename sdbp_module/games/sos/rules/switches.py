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

REINFORCEMENT_TURN = "reinforcement_turn"
"""2.1.1, 4.0: the circled number is "the turn in which the unit enters the game as a reinforcement",
and in the End phase "both players receive the reinforcements for the turn". ``either``: a unit
printed N may be placed in the End phase of turn N-1 (so that it plays in turn N) or of turn N (it
arrives with turn N's reinforcements); it is late only when still on the track after turn N's End
phase. ``printed_turn``: in the End phase of turn N only. ``previous_turn``: in that of turn N-1 only."""

SWITCHES: tuple[SwitchSpec, ...] = (
    SwitchSpec(LANDING_ZONE_EXIT, ("move_on", "adjacent_only"), "SOS-AMB-01"),
    SwitchSpec(REINFORCEMENT_TURN, ("either", "printed_turn", "previous_turn"), "SOS-AMB-02"),
)
