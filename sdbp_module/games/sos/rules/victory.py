"""Storm over Stalingrad's victory (rules 3.1): SOS-VIC-01 and the report's outcome.

At the end of turn 6 the Soviet player wins if he controls at least as many defence-3 areas
(``Area.victory``) as his bid, the victory target of 3.1 (``GameState.victory_threshold``, from the
bid of the game start); otherwise the German player wins. The count is made when the last End phase is
over: the state when the log declares the result (``GameEnd``), or the log's last state in that phase.
The victory section itself is not in the text; 3.1 is all it says. A log without a bid has no target:
the result is ``cannot-check``.
"""

from __future__ import annotations

from collections.abc import Iterator

from sdbp_module.games.sos.ids import GERMAN, SOVIET
from sdbp_module.ids import AreaId, Phase, Severity, Side
from sdbp_module.records import record
from sdbp_module.replay.events import END_OF_LOG, GameEnd, PhaseStart, Where
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import CheckContext, FunctionRule, Outcome, Rule, rule
from sdbp_module.rules.findings import Finding


@record
class VictoryCount:
    """The defence-3 areas the Soviet player holds at the end of the last turn, against the bid."""

    held: tuple[AreaId, ...]
    areas: tuple[AreaId, ...]
    target: int | None  # the bid; None when the log holds none
    turn: int
    where: Where

    @property
    def winner(self) -> Side | None:
        if self.target is None:
            return None
        return SOVIET if len(self.held) >= self.target else GERMAN

    def describe(self) -> str:
        held = ", ".join(str(a) for a in self.held) or "none"
        count = f"at the end of turn {self.turn} the {SOVIET.label} player holds {len(self.held)} of the {len(self.areas)} defence-3 areas ({held})"
        if self.winner is None:
            return count + ", and the log holds no bid to compare with (3.1)"
        return f"{count} against the bid of {self.target}: the {self.winner.label} player wins"


def _claim(final: GameState) -> GameEnd | None:
    for _state, event in reversed(final.phase_steps):
        if isinstance(event, GameEnd) and event.winner is not None:
            return event
    return None


def count_at_end(final: GameState, ctx: CheckContext) -> VictoryCount | None:
    """The count when the last End phase is over, or None when the log does not reach it."""
    steps = final.phase_steps
    last = ctx.game.game.turns
    if not steps:
        return None
    start = steps[0][1]
    if not isinstance(start, PhaseStart) or start.phase is not Phase.END or start.turn != last:
        return None
    state, where = final, END_OF_LOG
    claim = _claim(final)
    if claim is not None:
        for before, event in steps:
            if event is claim:
                state, where = before, claim.where
                break
    areas = tuple(a.id for a in ctx.game.areas if a.victory)
    held = tuple(a for a in areas if state.control.get(a, ctx.game.area(a).control) is SOVIET)
    return VictoryCount(held, areas, final.victory_threshold, last, where)


def outcome(final: GameState, ctx: CheckContext) -> Outcome:
    """The result for the report: what the log supports and what it claims."""
    count = count_at_end(final, ctx)
    claimed = final.winner
    claim_text = f"; the log declares the {claimed.label} player the winner" if claimed is not None else "; the log declares no result"
    if count is None:
        reached = final.clock.describe() if final.clock.turn else "no turn"
        return Outcome(None, claimed, f"The log stops at {reached}, before the end of turn {ctx.game.game.turns}{claim_text}.")
    text = count.describe()
    return Outcome(count.winner, claimed, text[0].upper() + text[1:] + claim_text + ".")


def _finish(r: FunctionRule, final: GameState, ctx: CheckContext) -> Iterator[Finding]:
    count = count_at_end(final, ctx)
    claim = _claim(final)
    if count is None:
        if final.winner is not None:
            yield r.finding(
                final, None,
                f"The log declares the {final.winner.label} player the winner before the end of turn {ctx.game.game.turns}; "
                "victory is judged only then (3.1).",
                severity=Severity.INFO,
            )
        return
    if count.winner is None:
        yield r.finding(final, claim, f"Result: {count.describe()}.", severity=Severity.CANNOT_CHECK, areas=count.held)
        return
    if claim is None or claim.winner is None:
        yield r.finding(final, None, f"Result: {count.describe()}; the log declares no result.", severity=Severity.INFO, areas=count.held)
    elif claim.winner is not count.winner:
        yield r.finding(
            final, claim, f"The log declares the {claim.winner.label} player the winner, but {count.describe()}.",
            areas=count.held, expected=count.winner.value, actual=claim.winner.value,
        )
    else:
        yield r.finding(final, claim, f"Result confirmed: {count.describe()}.", severity=Severity.INFO, areas=count.held)


def _no_check(r: FunctionRule, before: GameState, event: object, after: GameState, ctx: CheckContext) -> Iterator[Finding]:
    return iter(())


VICTORY = rule(
    "SOS-VIC-01",
    "3.1",
    Severity.ILLEGAL,
    "At the end of turn 6 the Soviet player wins with at least his bid of defence-3 areas; otherwise the German.",
    finish=_finish,
    events=(GameEnd,),
)(_no_check)

RULES: tuple[Rule, ...] = (VICTORY,)
