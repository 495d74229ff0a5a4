"""Victory points (1.9, 6.13, 8.0): TON-VP-01, TON-VP-02, TON-VP-03 and TON-VP-04 (``docs/tonkin-rules.md``,
"TON-VP").

VP changes are immediate (1.9); the check compares them phase by phase: when a phase ends (the next
``PhaseStart``), the VP marker's change over the phase (``state.track_value("vp")``) against the sum of what
the phase's acts should score, its *causes*:

- VP hexes changing hands (1.8 control, 1.9): +value VM → CEF, −value CEF → VM (TON-VP-01);
- the VM reaching 10 controlled delta communities −10, dropping below +10; the same with 20 highland
  communities (TON-VP-01);
- each CEF unit eliminated −1 (2 steps) or −2 (4 steps), none for a one-step unit (6.13; TON-VP-02);
- the political objectives picked up and placed again in a replacement phase +5 (TON-VP-03);
- each CEF unit brought in from the reinforcements box −1 (stacking 1–2) or −2 (3–4), the Navy −2, air
  support free (TON-REI-02: ``reinforcement_causes``), and, possibly, a withdrawal the CEF could not make −3
  (TON-WDR-01: ``withdrawal_causes``) — these two are the reinforcement rules' to report;
- possibly +5 for ten VM regiment steps lost (TON-CBT-07, stage 2: the regiment hit marker moved).

A possible cause ("optional") explains a change of its amount; a due cause ("certain") is expected. A
difference one cause explains is that cause's id (a due cause not paid; an optional cause applied is no
fault); any other is TON-VP-01's, its message listing the expected causes. A log that ends inside a phase
has not ended it: its last phase is not judged.

TON-VP-04: the game ends at once when the VM HQ is eliminated or a VM unit occupies Hanoi (no CEF unit but
an HQ or SD with it): the first act after (a move onto the map, a transport, a double move, a declaration,
a package, a restored step, or the next phase) is a finding. The result on the scenario's VP scale is not
judged (the scale is not in the data).

TON-VP-03: the political objective markers stand on VP hexes the CEF controls; once both are placed, one of
them (the Rumour, when its face shows) is at least 4 hexes from every VM regiment or on a hex with at
least 4 CEF steps (HQ and SD not counted); they move from hex to hex only in a replacement phase, for
+5 VP. The real one's hex (the scenario's) is not in the data and is not judged.
"""

from __future__ import annotations

from collections.abc import Iterable

from sdbp_module.games.tonkin.rules import facts
from sdbp_module.ids import Severity
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay.hexes.events import (
    Carry,
    DeclareUnit,
    DoubleMove,
    HexEvent,
    HexGameStart,
    MarkerMove,
    PackageTaken,
    PhaseStart,
    StepRestored,
    UnitMove,
    box_of,
    is_hex,
)
from sdbp_module.replay.hexes.flow import Impulse
from sdbp_module.replay.hexes.state import HexState
from sdbp_module.rules.findings import Finding
from sdbp_module.rules.hexes.base import HexContext, HexRule, ImpulseJudge, Steps

REPLACEMENTS = "replacements"
DELTA = ("delta", 10)  # 1.9 B: 10 delta communities
HIGHLANDS = ("highlands", 20)  # 1.9 B: 20 highland communities
THRESHOLD_VP = 10
POLITICAL_VP = 5
WITHDRAWAL_VP = -3  # 2.7
REGIMENT_STEPS_VP = 5  # 6.13
OBJECTIVE_DISTANCE = 4  # 1.9 A
OBJECTIVE_STEPS = 4


@record
class Cause:
    """One reason the VP level moves in a phase: the id whose fault its absence is, the amount, what it is, the
    event it comes from (None: the phase as a whole), and whether it is due (``certain``) or only possible."""

    rule_id: str
    amount: int
    text: str
    event: HexEvent | None = None
    certain: bool = True

    def describe(self) -> str:
        return f"{self.amount:+d} {self.text}" + ("" if self.certain else " (possible)")


def transitions(steps: Steps, state: HexState) -> list[tuple[HexState, HexEvent, HexState]]:
    """(before, event, after) of each step of the impulse."""
    afters = [s for s, _ in steps[1:]] + [state]
    return [(before, event, after) for (before, event), after in zip(steps, afters)]


def cef_loss_vp(game: GameData, unit_id: str) -> int:
    """6.13: a CEF unit eliminated costs 2 VP with 4 steps (stacking 3–4), 1 with 2, none with one step."""
    u = facts.unit_of(game, unit_id)
    if u is None or u.steps <= 1:
        return 0
    return -2 if u.steps >= 4 else -1


def reinforcement_vp(game: GameData, unit_id: str) -> int:
    """2.5: a CEF unit brought in costs 1 VP (stacking 1–2) or 2 (3–4); the Navy 2; air support nothing."""
    return -facts.reinforcement_vp_cost(game, unit_id)


def control_causes(game: GameData, first: HexState, last: HexState) -> list[Cause]:
    """VP hexes that changed hands over the phase, and the delta and highland thresholds (1.8, 1.9)."""
    out = []
    before = facts.community_control(game, facts.on_board(first))
    after = facts.community_control(game, facts.on_board(last))
    for place, value in sorted(facts.vp_values(game).items()):
        was, now = before.get(place), after.get(place)
        if was == facts.VM and now == facts.CEF:
            out.append(Cause("TON-VP-01", value, f"the CEF takes the VP hex {place}"))
        elif was == facts.CEF and now == facts.VM:
            out.append(Cause("TON-VP-01", -value, f"the VM takes the VP hex {place}"))
    for region, needed in (DELTA, HIGHLANDS):
        hexes = facts.communities(game) & facts.set_ids(game, region)
        was_n = sum(1 for c in hexes if before.get(c) == facts.VM)
        now_n = sum(1 for c in hexes if after.get(c) == facts.VM)
        if was_n < needed <= now_n:
            out.append(Cause("TON-VP-01", -THRESHOLD_VP, f"the VM reaches {needed} {region} communities ({now_n})"))
        elif now_n < needed <= was_n:
            out.append(Cause("TON-VP-01", THRESHOLD_VP, f"the VM drops below {needed} {region} communities ({now_n})"))
    return out


def elimination_causes(game: GameData, moves: list[tuple[HexState, HexEvent, HexState]]) -> list[Cause]:
    out = []
    for before, event, after in moves:
        for unit_id, place in facts.on_board(before).places.items():
            if not is_hex(place) or str(facts.side_of(game, unit_id)) != facts.CEF:
                continue
            if facts.is_eliminated(game, after, unit_id):
                amount = cef_loss_vp(game, unit_id)
                if amount:
                    out.append(Cause("TON-VP-02", amount, f"{unit_id} eliminated", event))
    return out


def reinforcement_causes(game: GameData, moves: list[tuple[HexState, HexEvent, HexState]]) -> list[Cause]:
    """TON-REI-02's causes (the reinforcement rules report them): each CEF unit brought onto the map from the
    reinforcements box."""
    out = []
    for before, event, after in moves:
        if not isinstance(event, UnitMove) or str(facts.side_of(game, event.unit)) != facts.CEF:
            continue
        if box_of(before.place(event.unit)) == facts.REINFORCEMENTS and is_hex(after.place(event.unit)):
            amount = reinforcement_vp(game, event.unit)
            if amount:
                out.append(Cause("TON-REI-02", amount, f"{event.unit} brought in", event))
    return out


def withdrawal_causes(game: GameData, phase: str) -> list[Cause]:
    """TON-WDR-01's cause (the withdrawal rule reports it): in the replacement phase, a withdrawal the CEF could
    not make costs 3 VP. Whether one was due is the turn track's (reconstructed): a possible cause here."""
    if phase != REPLACEMENTS:
        return []
    return [Cause("TON-WDR-01", WITHDRAWAL_VP, "a withdrawal the CEF could not make", certain=False)]


def objective_moves(moves: list[tuple[HexState, HexEvent, HexState]]) -> list[MarkerMove]:
    return [e for _, e, _ in moves if isinstance(e, MarkerMove) and e.marker == facts.POLITICAL_OBJECTIVE]


def replaced(moves: list[tuple[HexState, HexEvent, HexState]]) -> list[MarkerMove]:
    """The political objective markers moved from a hex (picked up to be placed again)."""
    return [e for e in objective_moves(moves) if is_hex(e.from_place)]


def political_causes(moves: list[tuple[HexState, HexEvent, HexState]], phase: str) -> list[Cause]:
    picked = replaced(moves)
    if not picked:
        return []
    return [Cause("TON-VP-03", POLITICAL_VP, "the political objectives picked up and placed again", picked[0], certain=phase == REPLACEMENTS)]


def regiment_causes(moves: list[tuple[HexState, HexEvent, HexState]]) -> list[Cause]:
    hit = next((e for _, e, _ in moves if isinstance(e, MarkerMove) and e.marker == facts.REGIMENT_HITS), None)
    if hit is None:
        return []
    return [Cause("TON-CBT-07", REGIMENT_STEPS_VP, "ten VM regiment steps lost", hit, certain=False)]


def causes(game: GameData, steps: Steps, state: HexState) -> list[Cause]:
    moves = transitions(steps, state)
    phase = state.phase
    return [
        *control_causes(game, facts.opening(steps, state), state),
        *elimination_causes(game, moves),
        *political_causes(moves, phase),
        *reinforcement_causes(game, moves),
        *withdrawal_causes(game, phase),
        *regiment_causes(moves),
    ]


@record
class Verdict:
    actual: int
    expected: int
    causes: tuple[Cause, ...]
    blamed: Cause | None  # the one due cause whose absence explains the difference
    explained: bool  # no difference, or an optional cause explains it


def verdict(game: GameData, steps: Steps, state: HexState) -> Verdict | None:
    """The VP comparison of a phase; None when the VP marker is not on its track at both ends."""
    first = facts.opening(steps, state)
    start, end = first.track_value(facts.VP_MARKER), state.track_value(facts.VP_MARKER)
    if start is None or end is None:
        return None
    found = tuple(causes(game, steps, state))
    expected = sum(c.amount for c in found if c.certain)
    actual = end - start
    diff = actual - expected
    if diff == 0 or any(not c.certain and c.amount == diff for c in found):
        return Verdict(actual, expected, found, None, True)
    blamed = [c for c in found if c.certain and c.amount == -diff]
    others = [c for c in blamed if c.rule_id not in MINE]
    if others:
        return Verdict(actual, expected, found, others[0], False)
    return Verdict(actual, expected, found, blamed[0] if blamed else None, False)


MINE = ("TON-VP-01", "TON-VP-02", "TON-VP-03")


def _vp_judge(rule_id: str) -> ImpulseJudge:
    def judge(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
        closing = facts.closing_event(ctx)
        if closing is None or not steps:
            return ()
        v = verdict(ctx.game, steps, state)
        if v is None or v.explained:
            return ()
        listed = "; ".join(c.describe() for c in v.causes) or "none"
        phase = state.phase or "opening"
        if v.blamed is not None:
            if v.blamed.rule_id != rule_id:
                return ()
            at = v.blamed.event or closing
            return (rule.finding(
                state, at,
                f"The VP level moved {v.actual:+d} in the {phase} phase of {facts.month_label(ctx.game, state.turn)}, "
                f"{v.expected:+d} expected: {v.blamed.text} ({v.blamed.amount:+d}) was not scored ({rule.rule_ref}). Expected causes: "
                f"{listed}.",
                expected=v.expected, actual=v.actual, impulse=impulse.number,
            ),)
        if rule_id != "TON-VP-01":
            return ()
        return (rule.finding(
            state, closing,
            f"The VP level moved {v.actual:+d} in the {phase} phase of {facts.month_label(ctx.game, state.turn)}, but "
            f"its acts score {v.expected:+d} (1.9; VP changes are immediate). Expected causes: {listed}.",
            expected=v.expected, actual=v.actual, impulse=impulse.number,
        ),)

    return judge


# -- TON-VP-04 ------------------------------------------------------------------------------------------


def game_over(game: GameData, state: HexState) -> str | None:
    """Why the game has ended at once (1.9 C), None while it goes on."""
    state = facts.on_board(state)
    for u in game.units:
        if str(u.type) == facts.HEADQUARTERS and str(u.side) == facts.VM and facts.is_eliminated(game, state, u.id):
            return f"the VM HQ {u.id} is eliminated"
    hanoi = facts.hanoi(game)
    if hanoi is None:
        return None
    here = [u for u in facts.on_map_units(game, state) if state.place(u) == hanoi]
    vm = [u for u in here if str(facts.side_of(game, u)) == facts.VM]
    cef = [u for u in here if str(facts.side_of(game, u)) == facts.CEF and facts.kind_of(game, u) not in (facts.HEADQUARTERS, facts.SUPPLY_DEPOT)]
    if vm and not cef:
        return f"the VM occupies Hanoi ({hanoi}: {', '.join(sorted(vm))})"
    return None


def is_act(event: HexEvent) -> bool:
    """An act of play (not the bookkeeping of what ended the game: removals, markers, statuses)."""
    if isinstance(event, UnitMove):
        return is_hex(event.to_place)
    return isinstance(event, (Carry, DoubleMove, DeclareUnit, PackageTaken, StepRestored, PhaseStart))


def _after_the_end(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
    game = ctx.game
    if not steps or game_over(game, facts.opening(steps, state)) is not None:
        return ()  # over before the impulse: judged where it ended
    ended: str | None = None
    for before, event, after in transitions(steps, state):
        if ended is not None and is_act(event):
            return (rule.finding(before, event, f"The game ended at once when {ended} (1.9 C), but play goes on.",
                                 impulse=impulse.number),)
        if ended is None and not isinstance(event, HexGameStart):
            ended = game_over(game, after)
    closing = facts.closing_event(ctx)
    if ended is not None and closing is not None:
        return (rule.finding(state, closing, f"The game ended at once when {ended} (1.9 C), but a next phase starts.",
                             impulse=impulse.number),)
    return ()


# -- TON-VP-03: the political objectives ------------------------------------------------------------------


def _objective_ok(game: GameData, state: HexState, place: str) -> bool:
    """1.9 A: at least 4 hexes from every VM regiment, or on a hex with at least 4 CEF steps (HQ, SD not counted)."""
    state = facts.on_board(state)
    regiments = [state.place(u) for u in facts.on_map_units(game, state) if facts.is_regiment(game, u)]
    if all((facts.distance_between(game, place, r) or 0) >= OBJECTIVE_DISTANCE for r in regiments):
        return True
    steps = sum(
        facts.steps_left(game, state, u)
        for u in facts.on_map_units(game, state)
        if state.place(u) == place
        and str(facts.side_of(game, u)) == facts.CEF
        and facts.kind_of(game, u) not in (facts.HEADQUARTERS, facts.SUPPLY_DEPOT)
    )
    return steps >= OBJECTIVE_STEPS


def _objectives(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
    game = ctx.game
    moves = transitions(steps, state)
    placed = [(b, e, a) for b, e, a in moves if isinstance(e, MarkerMove) and e.marker == facts.POLITICAL_OBJECTIVE]
    if not placed:
        return ()
    out: list[Finding] = []
    phase = state.phase
    vp_hexes = facts.vp_values(game)
    replacing = False
    for before, event, after in placed:
        assert isinstance(event, MarkerMove)
        if is_hex(event.from_place) and is_hex(event.to_place):
            replacing = True
            if phase != REPLACEMENTS:
                out.append(rule.finding(before, event,
                                        f"A political objective marker moves from {event.from_place} to {event.to_place} in the "
                                        f"{phase or 'opening'} phase: the VM places them again only in a replacement phase, for +5 VP (1.9 A).",
                                        hexes=(event.from_place, event.to_place), impulse=impulse.number))
                continue
        elif is_hex(event.from_place):
            replacing = True
        if not is_hex(event.to_place):
            continue
        if event.to_place not in vp_hexes:
            out.append(rule.finding(before, event, f"A political objective marker is placed on {event.to_place}, not a VP hex (1.9 A: "
                                    "on two CEF VP hexes).", hexes=(event.to_place,), impulse=impulse.number))
        elif facts.community_control(game, before).get(event.to_place) != facts.CEF:
            out.append(rule.finding(before, event, f"A political objective marker is placed on {event.to_place}, a VP hex the VM controls "
                                    "(1.9 A: on two CEF VP hexes; in a campaign, at a scenario's end, any VP hex).",
                                    severity=Severity.SUSPICIOUS, hexes=(event.to_place,), impulse=impulse.number))
    last_before, last, last_after = placed[-1]
    on_map = [(p, st) for p, k, st in last_after.markers if k == facts.POLITICAL_OBJECTIVE and is_hex(p)]
    if len(on_map) >= 2:
        shown = [p for p, st in on_map if st == "rumour"]
        rumours = shown or [p for p, _ in on_map]
        if not any(_objective_ok(game, last_after, p) for p in rumours):
            which = f"The Rumour marker ({shown[0]}) does not stand" if shown else (
                f"Neither political objective marker ({', '.join(p for p, _ in on_map)}) can be the Rumour, which stands")
            out.append(rule.finding(
                last_after, last,
                f"{which} at least {OBJECTIVE_DISTANCE} hexes from every VM regiment or on a hex with at least "
                f"{OBJECTIVE_STEPS} CEF steps, HQ and SD not counted (1.9 A).",
                severity=None if replacing else Severity.SUSPICIOUS,
                hexes=tuple(p for p, _ in on_map), impulse=impulse.number,
            ))
    return out


def _political(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterable[Finding]:
    """TON-VP-03: the markers' placement, and the +5 of a re-placement not scored."""
    return [*_objectives(rule, impulse, steps, state, ctx), *_vp_judge("TON-VP-03")(rule, impulse, steps, state, ctx)]


def _rule(rule_id: str, ref: str, summary: str, judge: ImpulseJudge) -> HexRule:
    return HexRule(rule_id, ref, Severity.ILLEGAL, summary, close_fn=judge)


RULES: tuple[HexRule, ...] = (
    _rule("TON-VP-01", "1.9", "Each phase's VP change is what its VP hexes taken and its delta and highland thresholds score.",
          _vp_judge("TON-VP-01")),
    _rule("TON-VP-02", "1.9, 6.13", "An eliminated CEF unit costs 1 VP (2 steps) or 2 VP (4 steps).", _vp_judge("TON-VP-02")),
    _rule("TON-VP-03", "1.9", "The political objectives stand on CEF VP hexes as 1.9 A says and are placed again only for 5 VP.",
          _political),
    _rule("TON-VP-04", "1.9, 8.0", "Nothing is played after the VM HQ is eliminated or the VM occupies Hanoi.", _after_the_end),
)
