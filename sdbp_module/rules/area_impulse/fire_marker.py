"""The fire marker in an area-impulse game: unit fire into an adjacent area marks the firing area.

FIRE-MARKER is judged when an action's attacks close (``replay.combat``; ``finish`` for attacks
still open at the end of the log): each unit fire from one area into an adjacent one needs a fire
marker of the firer's side on the firing area when the action ends; card fire, fire within one area,
and fire on which a card of ``AreaImpulse.marker_suppressing_card`` was played need none. A game's
own reading (``AreaImpulse.fire_marker_reading``, e.g. for its assaults) is asked first. A marker
put on the target instead of the firing area, one left out, and one no fire of the action explains
are findings; a marker placed by an attack that places none is illegal, or a breach of a recommended
reading where ``AreaImpulse.fire_marker_extra_rec`` says so (never for fire a marker-suppressing card
was played on: the card says no marker). Messages cite ``AreaImpulse.cite``
topic "fire-marker", else the rule's reference. The rule has a neutral id; a game lists it under its
own (``rules.base.relabel``). A marker is judged at the face its player gave it: the checker reads a
marker put down and turned in one act as one marker with its last face (``replay.markers``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sdbp_module.ids import AreaId, Severity
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay.apply import CLOSING_EVENTS
from sdbp_module.replay.combat import Attack, AttackKind, closed_attacks
from sdbp_module.replay.events import Event, FireMarkerSet
from sdbp_module.replay.state import GameState
from sdbp_module.rules.area_impulse.piles import card_text
from sdbp_module.rules.base import CheckContext, FunctionRule, Gate, rule
from sdbp_module.rules.findings import Finding

_NONE: tuple[Finding, ...] = ()


def describe(attack: Attack, game: GameData) -> str:
    """'the <side> fire from 10 into 11', 'the <side> <card> fire at 11', …"""
    side = attack.side.label
    if attack.kind is AttackKind.CARD:
        name = game.card(attack.card).name if attack.card is not None and game.has_card(attack.card) else None
        return f"the {side} {name or str(attack.card)} fire at {attack.target}"
    if attack.is_assault:
        return f"the {side} assault from {attack.origin} on {attack.target}"
    if attack.origin == attack.target:
        return f"the {side} fire in {attack.target}"
    return f"the {side} fire from {attack.origin} into {attack.target}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


@record
class _Need:
    """What one attack asks of the fire markers: a marker of its side on ``area``, or none at all."""

    attack: Attack
    area: AreaId | None  # where the marker goes (None: the attack places none)
    why_none: str  # for an attack that places none: what it is ("card fire (…)", …)
    suppressed: bool = False  # it places none because a marker-suppressing card was played on it


def _need(attack: Attack, ctx: CheckContext) -> _Need:
    game, impulse = ctx.game, ctx.impulse
    if impulse.fire_marker_reading is not None:
        own = impulse.fire_marker_reading(attack, game, ctx.rules)
        if own is not None:
            return _Need(attack, own[0], own[1])
    if attack.kind is AttackKind.CARD:
        name = game.card(attack.card).name if attack.card is not None and game.has_card(attack.card) else None
        return _Need(attack, None, f"card fire ({name or attack.card})")
    test = impulse.marker_suppressing_card
    if test is not None:
        play = next((p for p in attack.cards() if test(game, p.card)), None)
        if play is not None:
            return _Need(attack, None, f"fire with {card_text(game, play.card)}", suppressed=True)
    if attack.origin is None or attack.origin == attack.target:
        return _Need(attack, None, f"same-area fire in {attack.target}")
    return _Need(attack, attack.origin, "")


def _placed(attacks: Iterable[Attack]) -> list[tuple[GameState, FireMarkerSet]]:
    """The fire markers placed from the first declaration on, each once, in log order. A marker put
    down and turned in one act is one placement at its last face (``replay.markers``); a marker of
    an earlier act turned now (``was``) is a change of that marker, not one this action places."""
    seen: set[int] = set()
    out: list[tuple[int, GameState, FireMarkerSet]] = []
    for attack in attacks:
        for state, e in attack.steps:
            if isinstance(e, FireMarkerSet) and e.present and e.was is None and id(e) not in seen:
                seen.add(id(e))
                out.append((e.where.index, state, e))
    out.sort(key=lambda t: t[0])
    return [(s, e) for _i, s, e in out]


def _judge_markers(
    self: FunctionRule, attacks: tuple[Attack, ...], close: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    game = ctx.game
    cite = ctx.impulse.cite("fire-marker", self.rule_ref)
    needs = [_need(a, ctx) for a in attacks]
    placed = _placed(attacks)
    used: set[int] = set()
    for need in needs:
        a = need.attack
        if need.area is None:
            continue
        hit = next((i for i, (_s, e) in enumerate(placed) if (e.area, e.side) == (need.area, a.side)), None)
        if hit is not None:
            used.add(hit)
        if close.has_fire_marker(need.area, a.side):
            continue
        wrong = next(
            (i for i, (_s, e) in enumerate(placed) if i not in used and e.side is a.side and e.area == a.target),
            None,
        )
        if wrong is not None:
            used.add(wrong)
            state, e = placed[wrong]
            yield self.finding(
                state,
                e,
                f"The {a.side.label} fire marker for {describe(a, game)} is placed on area {a.target}; it belongs "
                f"on the firing area {need.area} ({cite}).",
                side=a.side,
                units=a.units,
                areas=(a.target, need.area),
                expected=need.area,
                actual=a.target,
            )
        else:
            yield self.finding(
                a.before,
                a.first,
                f"{_cap(describe(a, game))} left no {a.side.label} fire marker on area {need.area}; {cite} puts one "
                f"on the area the fire comes from.",
                units=a.units,
                areas=(need.area,),
                expected=need.area,
            )
    required = [n for n in needs if n.area is not None]
    none = [n for n in needs if n.area is None]
    for i, (state, e) in enumerate(placed):
        if i in used or any((e.area, e.side) == (n.area, n.attack.side) for n in required):
            continue
        on_target = next((n for n in required if n.attack.side is e.side and e.area == n.attack.target), None)
        if on_target is not None:
            yield self.finding(
                state,
                e,
                f"A {e.side.label} fire marker is placed on area {e.area}, the target of "
                f"{describe(on_target.attack, game)}; it belongs on the firing area {on_target.area} only ({cite}).",
                side=e.side,
                areas=(e.area,),
                expected=on_target.area,
                actual=e.area,
            )
        elif none and not required:
            kinds = sorted({n.why_none for n in none})
            stated = all(n.suppressed for n in none)  # the game's card says so: never a mere reading
            yield self.finding(
                state,
                e,
                f"A {e.side.label} fire marker is placed on area {e.area} for {' and '.join(kinds)}, which places "
                f"no fire marker ({cite}).",
                severity=ctx.rules.rec_severity() if ctx.impulse.fire_marker_extra_rec and not stated else Severity.ILLEGAL,
                side=e.side,
                areas=(e.area,),
            )
        else:
            wanted = "; ".join(f"{n.attack.side.label} on {n.area}" for n in required)
            yield self.finding(
                state,
                e,
                f"A {e.side.label} fire marker is placed on area {e.area}, which no fire of this action explains "
                f"({cite}: the marker goes on the firing area, showing the side that fired: {wanted}).",
                side=e.side,
                areas=(e.area,),
            )


def _marker_finish(self: FunctionRule, final: GameState, ctx: CheckContext) -> Iterator[Finding]:
    if final.attacks:
        yield from _judge_markers(self, final.attacks, final, ctx)


@rule(
    "FIRE-MARKER",
    "fire",
    Severity.ILLEGAL,
    "unit fire into an adjacent area puts the firer's marker on the firing area; other fire puts none",
    finish=_marker_finish,
    events=CLOSING_EVENTS,
    gate=Gate.ATTACK_CLOSED,
)
def fire_marker(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterable[Finding]:
    """The markers of the attacks the event closes."""
    if not before.attacks:
        return _NONE
    closed = closed_attacks(before, after)
    return list(_judge_markers(self, closed, before, ctx)) if closed else _NONE


RULES: tuple[FunctionRule, ...] = (fire_marker,)
