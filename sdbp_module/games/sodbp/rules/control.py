"""Area control (rules 13.0, 2.1.2; catalogue §3.9): CONTROL-CHANGE and CONTROL-MARKER.

13.0: if the controller of an area has no unit in it and the opponent has at least one, control
passes to the opponent **at once** — during a move at each entry and departure, on retreat,
elimination and placement. Empty and contested areas keep their controller.

CONTROL-CHANGE (the shared area-impulse rule, ``rules.area_impulse.control``, under the catalogue's
id) judges, after every event that moves units and after every logged control marker, that control
is what 13.0 gives. CONTROL-MARKER is SoDBP's own. Moves are re-played step by step (``paths.shift``),
so an area a stack captured in passing stays captured (MV-14), and the area a side leaves with
enemy units in it passes to the enemy (CT-1, CT-4).
"""

from __future__ import annotations

from collections.abc import Iterator

from sdbp_module.ids import Severity
from sdbp_module.replay.events import ControlSet, Event
from sdbp_module.replay.state import GameState
from sdbp_module.rules.area_impulse import control as shared
from sdbp_module.rules.base import CheckContext, FunctionRule, relabel, rule
from sdbp_module.rules.findings import Finding

control_change = relabel(shared.control_change, "CONTROL-CHANGE", "13.0")


def _marker_finish(self: FunctionRule, final: GameState, ctx: CheckContext) -> Iterator[Finding]:
    """The missing half of CONTROL-MARKER, once the log has ended: every area whose control differs
    from its printed box should carry a control marker showing its controller (2.1.2, 13.0)."""
    game = ctx.game
    differing = tuple(
        (a.id, c, a.control) for a in game.areas if (c := final.controller(a.id)) is not None and c is not a.control
    )
    if not differing:
        return
    markers = final.control_markers
    if markers is None:
        areas = tuple(a for a, _, _ in differing)
        yield self.finding(
            final,
            None,
            f"Cannot check the missing half of {self.rule_id}: the log does not say which control markers "
            f"lay on the map at the start, so it cannot tell whether areas {', '.join(str(a) for a in areas)} "
            f"(control differs from the printed box) carry a control marker.",
            severity=Severity.CANNOT_CHECK,
            areas=areas,
        )
        return
    for area, controller, printed in differing:
        shown = markers.get(area)
        if shown is controller:
            continue
        why = "no control marker" if shown is None else f"a {shown.label} control marker"
        yield self.finding(
            final,
            None,
            f"Area {area} ends {controller.label}-controlled (printed {printed.label}) with {why} on it; "
            f"a marker shows control that differs from the printed box.",
            areas=(area,),
            expected=controller.value,
            actual=shown.value if shown is not None else None,
        )


@rule(
    "CONTROL-MARKER",
    "2.1.2, 13.0",
    Severity.INFO,
    "a control marker shows only where control differs from the printed box",
    finish=_marker_finish,
    events=(ControlSet,),
)
def control_marker(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    """A marker set to the printed owner is redundant (13.0: remove it when control returns).

    The missing half is judged at the end of the log (``_marker_finish``) from the marker pieces the
    state keeps apart from control (``GameState.control_markers``).
    """
    if not isinstance(event, ControlSet) or not ctx.game.has_area(event.area):
        return
    printed = ctx.game.area(event.area).control
    if event.side is printed:
        yield self.finding(
            before,
            event,
            f"A control marker shows {event.side.label} in area {event.area}, its printed owner; "
            f"13.0 removes the marker when control returns to the printed side.",
            areas=(event.area,),
        )


RULES: tuple[FunctionRule, ...] = (control_change, control_marker)
