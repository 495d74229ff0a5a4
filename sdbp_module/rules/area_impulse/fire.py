"""Fire declaration in an area-impulse game: range, and the area classes no fire may target.

Only units with firepower 1 or more fire or assault (FIRE-FP-MIN); units fire into their own area or
an adjacent one (FIRE-RANGE), a firing stack at one area (FIRE-ONE-TARGET); no fire targets an area of a class
the game names (``AreaImpulse.no_fire_into_classes``; FIRE-NO-TARGET-CLASS). A stack's fire logged
unit by unit is one attack (``replay.combat``): each unit is judged once, by the line that adds it.
Each rule has a neutral id; a game lists it under its own (``rules.base.relabel``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sdbp_module.ids import AreaId, Severity, UnitId
from sdbp_module.replay.combat import Attack, AttackKind
from sdbp_module.replay.events import Assault, Event, Fire
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import CheckContext, FunctionRule, rule
from sdbp_module.rules.findings import Finding


def _names(units: Iterable[UnitId]) -> str:
    return ", ".join(units)


def declared(
    before: GameState, event: Fire | Assault, after: GameState
) -> tuple[Attack | None, tuple[UnitId, ...]]:
    """The attack ``event`` declares or continues (a stack logged unit by unit), and the units it adds."""
    attack = next((a for a in reversed(after.attacks) if a.declaration is event), None)
    if attack is None or attack.first is event:
        return attack, tuple(event.units)
    old = next((a for a in before.attacks if a.number == attack.number), None)
    seen = set(old.units) if old is not None else set()
    return attack, tuple(u for u in event.units if u not in seen)


@rule(
    "FIRE-FP-MIN",
    "fire",
    Severity.ILLEGAL,
    "only units with firepower 1 or more fire or assault",
    events=(Fire, Assault),
)
def fire_fp_min(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    if not isinstance(event, (Fire, Assault)) or not event.units:
        return
    _attack, units = declared(before, event, after)
    game = ctx.game
    unknown = tuple(u for u in units if not game.has_unit(u))
    if unknown:
        yield self.finding(
            before,
            event,
            f"Cannot check {self.rule_id}: the firepower of {_names(unknown)} (not in the game data).",
            severity=Severity.CANNOT_CHECK,
            units=unknown,
        )
    zero = tuple(u for u in units if game.has_unit(u) and game.unit(u).firepower < 1)
    if zero:
        verb = "assaults" if isinstance(event, Assault) else "fires"
        yield self.finding(
            before,
            event,
            f"{_names(zero)} (firepower 0) {verb} at area {event.target}; only units with firepower 1 or more "
            f"fire ({self.rule_ref}).",
            units=zero,
            areas=(event.target,),
            expected=1,
            actual=0,
        )


@rule(
    "FIRE-RANGE",
    "fire",
    Severity.ILLEGAL,
    "units fire into their own area or an adjacent one",
    events=(Fire,),
)
def fire_range(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    if not isinstance(event, Fire) or not event.units:
        return
    _attack, units = declared(before, event, after)
    game = ctx.game
    target = event.target
    by_area: dict[AreaId, list[UnitId]] = {}
    nowhere: list[UnitId] = []
    for u in units:
        area = before.area_of(u)
        if area is None:
            area = event.from_area
        if area is None:
            nowhere.append(u)
        else:
            by_area.setdefault(area, []).append(u)
    if nowhere:
        yield self.finding(
            before,
            event,
            f"Cannot check {self.rule_id}: the area {_names(nowhere)} fire from (not on the map, and the log "
            f"gives no origin).",
            severity=Severity.CANNOT_CHECK,
            units=tuple(nowhere),
            areas=(target,),
        )
    for area, group in sorted(by_area.items()):
        if area == target:
            continue
        missing = [a for a in (area, target) if not game.has_area(a)]
        if missing:
            yield self.finding(
                before,
                event,
                f"Cannot check {self.rule_id}: area {', '.join(str(a) for a in missing)} is not in the game data "
                f"(adjacency of {area} and {target}).",
                severity=Severity.CANNOT_CHECK,
                units=tuple(group),
                areas=(area, target),
            )
        elif not game.is_adjacent(area, target):
            yield self.finding(
                before,
                event,
                f"{_names(group)} in area {area} fire at area {target}, which is neither their area nor adjacent "
                f"to it ({self.rule_ref}).",
                units=tuple(group),
                areas=(area, target),
            )


@rule(
    "FIRE-ONE-TARGET",
    "fire",
    Severity.ILLEGAL,
    "a firing stack fires at one area",
    events=(Fire,),
)
def fire_one_target(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    if not isinstance(event, Fire) or not event.units or len(after.attacks) < 2:
        return
    attack, _units = declared(before, event, after)
    if attack is None or attack.first is not event:
        return
    others = sorted(
        {
            a.target
            for a in after.attacks
            if a is not attack and a.kind is AttackKind.UNITS and a.side is event.side and a.target != event.target
        }
    )
    if others:
        yield self.finding(
            before,
            event,
            f"Action {after.clock.action} already fired at area {', '.join(str(a) for a in others)} and now fires at "
            f"area {event.target}; one fire action has one target area ({self.rule_ref}).",
            units=event.units,
            areas=(*others, event.target),
            expected=1,
            actual=len(others) + 1,
        )


@rule(
    "FIRE-NO-TARGET-CLASS",
    "fire",
    Severity.ILLEGAL,
    "no fire targets an area of a class the game closes to fire",
    events=(Fire,),
)
def no_fire_into(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    closed = ctx.impulse.no_fire_into_classes
    if not closed or not isinstance(event, Fire):
        return
    attack, _units = declared(before, event, after)
    if attack is not None and attack.first is not event:
        return  # a stack logged unit by unit: judged at its first line
    game = ctx.game
    target = event.target
    if game.has_area(target) and game.area(target).colour in closed:
        by_card = not event.units and ctx.impulse.card_fire_into_closed_rec
        yield self.finding(
            before,
            event,
            f"The {event.side.label} fire at area {target}, an area of class {game.area(target).colour} "
            + ("that no unit may fire into (card fire there goes by the card's text)." if by_card else "that no fire may target."),
            severity=ctx.rules.rec_severity() if by_card else None,
            units=event.units,
            areas=(target,),
        )


RULES: tuple[FunctionRule, ...] = (fire_fp_min, fire_range, fire_one_target, no_fire_into)
