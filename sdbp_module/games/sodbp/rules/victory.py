"""Victory (rules 14.0, 15.0; catalogue §3.14): who won, and when, from control of the victory areas.

At the end of turn 8 the Viet Minh wins if he controls at least six areas with a victory symbol
(printed defense 3; ``Area.victory`` in the game data), or as many as the winning bid when the
optional bidding of 15.0 was used (``GameState.victory_threshold``, from the game start); otherwise
the French win. The count is made after the turn-8 End-phase placement (``victory_after_placement``
= ``true``, AMB-10: the state when the log declares the result, or the log's last state in that End
phase), or before it (``false``: the state when the turn-8 End phase begins).

A log declares a result with a ``GameEnd`` event (the module's **French win** / **Viet Minh win**
buttons write a ``RESULT`` line, report-formats §2.12). ``outcome`` gives the report's summary the
result the log supports and the one it claims; VICTORY-6-AREAS finds a claim that differs (illegal),
a claim made before the end of turn 8 (info: GAME-LENGTH-8 judges the early end), and states the
result as info when the log reaches the count but declares nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules.resolution import controller
from sdbp_module.ids import AreaId, Phase, Severity, Side
from sdbp_module.records import record
from sdbp_module.replay.events import END_OF_LOG, GameEnd, PhaseStart, Where
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import CheckContext, FunctionRule, Outcome, Rule, rule
from sdbp_module.rules.findings import Finding

F = Finding
PRINTED_THRESHOLD = 6  # 14.0


@record
class VictoryCount:
    """The victory areas the Viet Minh holds at the counting moment, against the threshold."""

    held: tuple[AreaId, ...]
    areas: tuple[AreaId, ...]  # every victory area of the map
    threshold: int
    bid: bool  # the threshold is a bid (15.0)
    turn: int
    where: Where

    @property
    def winner(self) -> Side:
        return VIET_MINH if len(self.held) >= self.threshold else FRENCH

    def describe(self) -> str:
        held = ", ".join(str(a) for a in self.held) or "none"
        source = f"the bid of {self.threshold}" if self.bid else f"{self.threshold} (14.0)"
        return (
            f"at the end of turn {self.turn} the Viet Minh holds {len(self.held)} of the {len(self.areas)} victory "
            f"areas ({held}) against {source}: the {self.winner.label} win"
        )


def _claim(final: GameState) -> GameEnd | None:
    """The last result the log declares in its last Draw/End phase (where ``GameEnd`` is logged)."""
    for _state, event in reversed(final.phase_steps):
        if isinstance(event, GameEnd) and event.winner is not None:
            return event
    return None


def count_at_end(final: GameState, ctx: CheckContext) -> VictoryCount | None:
    """The count at the moment 14.0 says (per ``victory_after_placement``), or None when the log does
    not reach the last turn's End phase."""
    steps = final.phase_steps
    last_turn = ctx.game.game.turns
    if not steps:
        return None
    start_state, start = steps[0]
    if not isinstance(start, PhaseStart) or start.phase is not Phase.END or start.turn != last_turn:
        return None
    if ctx.rules.get("victory_after_placement") == "false":
        state, where = start_state, start.where
    else:
        claim = _claim(final)
        state, where = final, END_OF_LOG
        if claim is not None:
            for before, event in steps:
                if event is claim:
                    state, where = before, claim.where
                    break
    areas = tuple(a.id for a in ctx.game.areas if a.victory)
    held = tuple(a for a in areas if controller(state, ctx.game, a) is VIET_MINH)
    bid = final.victory_threshold is not None
    threshold = final.victory_threshold if final.victory_threshold is not None else PRINTED_THRESHOLD
    return VictoryCount(held, areas, threshold, bid, last_turn, where)


def outcome(final: GameState, ctx: CheckContext) -> Outcome:
    """The result for the report: what the log supports and what it claims."""
    count = count_at_end(final, ctx)
    claimed = final.winner  # the last result the log declared, anywhere
    claim_text = f"; the log declares the {claimed.label} the winner" if claimed is not None else "; the log declares no result"
    if count is None:
        clock = final.clock
        reached = clock.describe() if clock.turn else "no turn"
        return Outcome(None, claimed, f"The log stops at {reached}, before the end of turn {ctx.game.game.turns}{claim_text}.")
    text = count.describe()
    return Outcome(count.winner, claimed, text[0].upper() + text[1:] + claim_text + ".")


def _victory_finish(r: FunctionRule, final: GameState, ctx: CheckContext) -> Iterator[F]:
    count = count_at_end(final, ctx)
    claim = _claim(final)
    if count is None:
        if final.winner is not None:
            yield r.finding(
                final,
                None,
                f"The log declares the {final.winner.label} the winner before the end of turn {ctx.game.game.turns}; "
                "victory is judged only then (14.0).",
                severity=Severity.INFO,
            )
        return
    areas = count.held
    if claim is None or claim.winner is None:
        yield r.finding(final, None, f"Result: {count.describe()}; the log declares no result.", severity=Severity.INFO, areas=areas)
        return
    if claim.winner is not count.winner:
        yield r.finding(
            final,
            claim,
            f"The log declares the {claim.winner.label} the winner, but {count.describe()}.",
            areas=areas,
            expected=count.winner.value,
            actual=claim.winner.value,
        )
    else:
        yield r.finding(final, claim, f"Result confirmed: {count.describe()}.", severity=Severity.INFO, areas=areas)


def _no_check(r: FunctionRule, before: GameState, event: object, after: GameState, ctx: CheckContext) -> Iterator[F]:
    return iter(())


VICTORY_6_AREAS = rule(
    "VICTORY-6-AREAS",
    "14.0, 15.0 (AMB-10)",
    Severity.ILLEGAL,
    "At the end of turn 8 the Viet Minh wins with 6 victory areas (or the bid), otherwise the French win.",
    finish=_victory_finish,
    events=(GameEnd,),
)(_no_check)

RULES: tuple[Rule, ...] = (VICTORY_6_AREAS,)
