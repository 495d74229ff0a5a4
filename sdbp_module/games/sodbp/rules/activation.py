"""SoDBP activation (catalogue §3.4, rules 6.1): SPENT-UNIT-ACTS and the ACT-* rules.

The shared area-impulse activation rules (``rules.area_impulse.activation``) judge fresh units of one
area doing one thing and flipped by it; the French *Counter Attack* card is the one exception to
"one area" and "same thing" (``AreaImpulse.multi_area_card`` in ``package``). They are listed here
under the catalogue's ids; ACT-VM-ONLY is SoDBP's own.
"""

from __future__ import annotations

from collections.abc import Iterator

from sdbp_module.games.sodbp.ids import VIET_MINH
from sdbp_module.ids import Severity
from sdbp_module.replay.events import Assault, Entrench, Event
from sdbp_module.replay.state import GameState
from sdbp_module.rules.area_impulse import activation as shared
from sdbp_module.rules.base import CheckContext, FunctionRule, relabel, rule
from sdbp_module.rules.findings import Finding

F = Finding

spent_unit_acts = relabel(shared.spent_unit, "SPENT-UNIT-ACTS", "2.1.1, 6.1")
act_one_area = relabel(
    shared.act_one_area, "ACT-ONE-AREA", "6.1", "The units of a unit action start in one area (Counter Attack excepted)."
)
act_same_action = relabel(shared.act_same_action, "ACT-SAME-ACTION", "6.1, 7.0, 8.0")
act_flip_participants = relabel(shared.act_flip_participants, "ACT-FLIP-PARTICIPANTS", "6.1, 7.0, 8.1")


@rule("ACT-VM-ONLY", "6.1, 9.0, 10.0", Severity.ILLEGAL, "Only the Viet Minh entrenches and assaults.", events=(Entrench, Assault))
def act_vm_only(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[F]:
    if isinstance(event, (Entrench, Assault)) and event.side is not VIET_MINH:
        verb = "entrench" if isinstance(event, Entrench) else "assault"
        area = event.area if isinstance(event, Entrench) else event.from_area
        yield r.finding(
            before,
            event,
            f"The {event.side.label} {verb}s (area {area}); only the Viet Minh may.",
            units=event.units,
            areas=(area,),
            expected=VIET_MINH.value,
            actual=event.side.value,
        )


RULES = (spent_unit_acts, act_one_area, act_same_action, act_flip_participants, act_vm_only)
