"""The checker of a card-driven hex game: a fold of ``replay.hexes.state.apply`` and the card flow
(``replay.hexes.flow``) over the events, every enabled rule judged beside each step.

For each event: the rules that judge its kind see ``(before, event, after, ctx)``; when the event
closes an impulse of the flow, every rule's ``close`` judges that impulse (its steps and the state
then); the event is applied anyway. After the last event the impulse under way is closed and each
rule's ``finish`` judges the final state. Interpretation problems of the log become
``LOG-INTERPRETATION`` cannot-check findings at their position. The result is the ``Report`` every
renderer takes (``rules.checker.Report``), its ``final`` a ``HexState``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from types import MappingProxyType

from sdbp_module.ids import Severity
from sdbp_module.limits import MAX_FINDINGS_LISTED
from sdbp_module.model.game_data import GameData, SetupKind
from sdbp_module.model.playing_cards import PlayingCardsSpec
from sdbp_module.replay.hexes.events import HexEvent, HexGameStart, box_place
from sdbp_module.replay.hexes.flow import Flow, Impulse, advance
from sdbp_module.replay.hexes.state import HexState, apply, initial_state
from sdbp_module.rules.checker import (
    INTERPRETATION_ID,
    Kept,
    LogProblem,
    Report,
    RuleCrash,
)
from sdbp_module.rules.findings import Finding, sort_findings
from sdbp_module.rules.hexes.base import HexContext, HexRule, HexRulesPackage, Steps
from sdbp_module.rules.switches import RuleSet


def printed_state(game: GameData) -> HexState:
    """Where the data sets every unit up (a hex, or an off-map box), none flipped, turn 1, ``started``
    False: the log did not show it, so the set-up rules say nothing of it."""
    places: dict[str, str] = {}
    for unit in game.units:
        setup = unit.setup
        if setup.kind is SetupKind.HEX and setup.hex is not None:
            places[unit.id] = setup.hex
        elif setup.box is not None:
            places[unit.id] = box_place(setup.box)
        else:
            places[unit.id] = ""
    return initial_state(MappingProxyType(places))


def _problem_finding(problem: LogProblem, state: HexState) -> Finding:
    return Finding(
        rule_id=INTERPRETATION_ID,
        rule_ref="log",
        severity=Severity.CANNOT_CHECK,
        message=f"The log could not be read for sure here: {problem.message}",
        where=problem.where,
        turn=state.turn,
    )


def _judge(rule: HexRule, what: str, found: Iterable[Finding]) -> list[Finding]:
    try:
        return list(found)
    except Exception as exc:  # a crashing rule is a bug: surface it with the position
        raise RuleCrash(f"rule {rule.rule_id} crashed {what}: {exc!r}") from exc


def check_hex_events(
    events: Sequence[HexEvent],
    game: GameData,
    package: HexRulesPackage,
    *,
    switches: RuleSet | None = None,
    source: str = "<events>",
    problems: Iterable[LogProblem] = (),
    rules: Iterable[HexRule] | None = None,
    initial: HexState | None = None,
    max_findings: int = MAX_FINDINGS_LISTED,
) -> Report:
    """Replay ``events`` and judge every step. Without ``initial`` the replay starts from the log's
    ``game-start`` snapshot when it opens with one, else from the data's set-up (``printed_state``)."""
    ruleset = switches or RuleSet.defaults(package.switches)
    spec = game.deck if game.deck is not None else PlayingCardsSpec()
    active = tuple(rules if rules is not None else package.rules)
    boxes: dict[str, str | None] = {str(u.id): package.eliminated_box(game, u.id) for u in game.units}

    def eliminated(unit: str) -> str | None:
        return boxes.get(unit)

    if initial is not None:
        state = initial
    elif events and isinstance(events[0], HexGameStart):
        state = HexState()
    else:
        state = printed_state(game)
    first = state
    flow = Flow(turn=state.turn)
    kept = Kept(max_findings)
    found = kept.found
    pending = sorted(problems, key=lambda p: p.where.sort_key)
    steps: list[tuple[HexState, HexEvent]] = []

    def close(impulse: Impulse, at: HexState, ctx: HexContext, what: str) -> None:
        frozen: Steps = tuple(steps)
        for r in active:
            found.extend(_judge(r, what, r.close(impulse, frozen, at, ctx)))

    for event in events:
        while pending and pending[0].where.sort_key < event.where.sort_key:
            found.append(_problem_finding(pending.pop(0), state))
        after = apply(state, event, eliminated)
        flow_after = advance(flow, event, spec)
        ctx = HexContext(game, ruleset, spec, flow, flow_after)
        for r in active:
            if r.judges(event):
                found.extend(_judge(r, f"at {event.where}", r.check(state, event, after, ctx)))
        if len(flow_after.closed) > len(flow.closed):
            close(flow_after.closed[-1], state, ctx, f"closing the impulse before {event.where}")
            steps.clear()
        steps.append((state, event))
        state, flow = after, flow_after
        if len(found) > 2 * kept.limit:
            kept.trim()
            found = kept.found
    found.extend(_problem_finding(p, state) for p in pending)
    ctx = HexContext(game, ruleset, spec, flow, flow)
    close(flow.current, state, ctx, "closing the last impulse")
    for r in active:
        found.extend(_judge(r, "at the end of the log", r.finish(state, ctx)))
    kept.found = found
    kept.trim()
    return Report(
        source=source,
        game_id=package.game_id,
        events=len(events),
        findings=sort_findings(kept.found),
        rules_checked=tuple(sorted({r.rule_id for r in active})),
        rules_not_checked=tuple(sorted({e.rule_id for e in package.catalogue} - {r.rule_id for r in active})),
        switches=tuple(sorted(ruleset.values.items())),
        switch_defaults={spec_.name: spec_.default for spec_ in ruleset.specs},
        final=state,
        outcome=package.outcome(state, ctx) if package.outcome is not None else None,
        initial=replace(first),
        unlisted=kept.counts(),
    )
