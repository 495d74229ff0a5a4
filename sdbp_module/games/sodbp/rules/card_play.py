"""Cards inside actions (rules 5.2, 6.2 and the card texts; catalogue §3.3 and §3.15 C-POOR-WEATHER, C-FLARES).

What the rules read: the ``CardPlay`` events (side, card, ``mode``, ``targets``, ``as_action``), the
card data (``Card.timing``, ``turns``, ``multi_copy``, ``excludes``), and the other events of the
action a play belongs to (``GameState.action_steps``; ``replay.combat.closed_action``): rolls,
``Fire`` / ``Assault`` declarations, ``Damage``, ``TrenchSet``, moves.

**Class A** (an action card, 5.2, 6.2): a card of timing ``A``; a 105mm / 75mm Artillery (``A/R``)
only in fire mode (``mode == "fire"``, or no mode and played ``as_action``), not as counter-battery;
*Artillery* / *TOT Artillery* in either mode (both effects are "as your action"), negated or not;
*Counter Attack* only under ``counter_attack_is_action_card=true`` (AMB-04; a breach that exists only
because of it is a breach of the REC reading: ``rec_severity``). A **unit action** is a ``Move`` of
kind ``move``, a ``Fire`` by units, an ``Assault`` or an ``Entrench`` with units; *Surprise Assault*
contains its side's assault, *Counter Attack* its gather moves and its attack by French units.

**Negations** (how the log shows them; one reading, used by every rule here): a negating play is a
Viet Minh 105mm / 75mm of mode ``counter-battery``, a Viet Minh *Poor Weather* or a French *Flares*
(a card played by the wrong side, a French-logged *Poor Weather* too, is CARD-OWN-DECK's). It negates the latest card
played by the other side earlier in the same action that no earlier negating play took and that is
not itself a negating play; for *Flares* the latest such *Night Assault* if there is one (it is
played "during the assault", possibly after other cards). The replay's ``vlog`` reader logs a
counter-battery this way (``replay/vlog/card_fire.py``: a 105/75 right after an unresolved French
artillery card), and *Poor Weather* / *Flares* are read the same way.

Judged at the play (``CardPlay`` events only):

* CARD-CLASS-D-OWN-ACTION — a timing-``D`` card (*Rats of the Nam Yum*, *Detonate Mine Shaft*,
  *Fighter Bombers*) played outside an action of its owner: in the other side's action (the card
  joins the action under way: it opens none), or outside the Action phase. A D card logged as an
  action of its own is its owner's action; before the phase's first action, the side to act's;
* CARD-TURN-RESTRICTION — a card played on a turn not in ``Card.turns`` (*Detonate Mine Shaft*,
  *Emergency Replacements*: 2–8; *Relief Force from Isabelle*: 1–4); turn unknown → cannot-check.

Judged when the action closes (or at the end of the log for one still open), only for an action
with a card play (the gate compares ``turn_plays``; other actions cost nothing):

* CARD-ONE-ACTION-CARD — two class-A plays in one action; or a class-A play beside a unit action;
* CARD-MULTI-COPY — two copies of one card in one action (suspicious) other than the cumulative /
  sequential cards of 5.2 (``multi_copy``); class-A copies are CARD-ONE-ACTION-CARD's;
* CARD-MULTI-RESOLUTION — sequential copies (*Mines*, *Débouchez*; not negated) not resolved one at
  a time: a copy played before the previous copy got a roll of its side. *Fighter Bombers* copies are
  C-FIGHTER-BOMBERS' (the card's own id, with the same test), not reported twice. The
  cumulative copies (+3 per *Mortar Support* / *Night Assault*, ×2 / ×3 of *Improved Defenses*) are
  numbers, judged by FIRE-ATTACK-TOTAL / FIRE-DEFENSE-TOTAL, and not reported again here;
* CARD-TWO-EFFECTS-ONE — a two-effect card (105mm, 75mm, Artillery, TOT: the cards with ``modes``
  in ``cards.yaml``) with both effects logged (its own ``Fire`` and a counter-battery mode, or its
  own ``Fire`` and a trench marker lowered on a non-French area after it); no mode and no effect
  logged (and not negated) → cannot-check (the mode is inferred from a logged effect when missing).
  A mode that is not one of the card's is a word the format does not know (``replay.vocabulary``),
  never judged here;
* CARD-COMBO-MINES-DEBOUCHEZ — *Mines* and *Débouchez à Zéro!* (``Card.excludes``) in one action;
* CARD-NEGATION-TARGET — a negating play with nothing to negate; *Poor Weather* negating anything
  but *Fighter Bombers* / *B-26*; counter-battery negating anything but *Artillery* / *TOT* (*Mortar
  Support* too under ``counterbattery_covers_mortar=true``, AMB-20: under the REC ``false`` that is
  a REC breach); *Flares* negating anything but a *Night Assault* (whether it was in an assault is
  C-FLARES'). What a negated card still did is the negating card's own id: a counter-battered
  artillery card's effect C-105 / C-75's (card_fire), a negated bomber's C-POOR-WEATHER's; that of a
  negated *Mortar Support* / *Night Assault* is a number (FIRE-ATTACK-TOTAL);
* C-POOR-WEATHER — for a *Poor Weather* that negates a *Fighter Bombers* / *B-26* (played as a reaction to it: anything else is CARD-NEGATION-TARGET's
  "negates nothing" or wrong target), the bomber card still had an effect: a French attack roll or a ``Damage`` in its target
  between its play and the next French declaration or card play (before the *Poor Weather*: it was
  played after the card was resolved). Another French attack open and not yet rolled at the bomber's
  play makes those rolls ambiguous → cannot-check;
* C-FLARES — *Flares* that belongs to no Viet Minh assault (``Attack.holds``, the replay's one
  definition: played in an action with none, or during another attack); the assault stopped by it
  (no Viet Minh attack roll, no ``Damage`` in its target and no advance after the *Flares*, with no
  *Mines* / *Débouchez* played in the assault to abort it). "More Night Assaults
  negated than Flares played" is the attack total (FIRE-ATTACK-TOTAL counts +3 per Night Assault
  not matched by a Flares, AMB-23); a Flares with no Night Assault left is CARD-NEGATION-TARGET's.

Judged per attack when it closes (``attack_rule``):

* CARD-TIMING-BEFORE-ROLL — *Improved Defenses* (VM, on a French attack), *Mortar Support* (French,
  on a French attack) or *Night Assault* (VM, on a VM attack) logged after the first roll (purpose
  ``fire`` / ``assault`` of the attacker) of the attack it belongs to (``Attack.holds``: the replay's
  one definition, ``replay.combat``); only rolls before a later declaration of the same side count
  as its roll. A play after the declaration in an attack with no roll logged → cannot-check.

What the events cannot show: which card a negation aims at (read as above), an action card logged
as the action when a unit action of the same action is logged without the same action number (the
replay then sees two actions: SEQ-* rules judge them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules.sodbp_cards import (
    ART_75,
    ART_105,
    ARTILLERY,
    B26,
    COUNTER_ATTACK,
    DEBOUCHEZ,
    FIGHTER_BOMBERS,
    FLARES,
    IMPROVED_DEFENSES,
    MINES,
    MORTAR_SUPPORT,
    NIGHT_ASSAULT,
    SURPRISE_ASSAULT,
    TOT_ARTILLERY,
)
from sdbp_module.ids import AreaId, Phase, Severity, Side
from sdbp_module.model.game_data import Card
from sdbp_module.records import record
from sdbp_module.replay.apply import CLOSING_EVENTS, opens_new_action
from sdbp_module.replay.combat import Attack, attack_holding, closed_action
from sdbp_module.replay.events import (
    Assault,
    CardPlay,
    Damage,
    DiceRoll,
    Entrench,
    Event,
    Fire,
    Move,
    MoveKind,
    TrenchSet,
)
from sdbp_module.replay.memo import remembers
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import (
    CheckContext,
    FunctionRule,
    after_card_plays,
    attack_rule,
    rule,
)
from sdbp_module.rules.findings import Finding

FR = FRENCH
VM = VIET_MINH
POOR_WEATHER = "Poor Weather"
MODE_FIRE = "fire"
MODE_REMOVE_TRENCHES = "remove-trenches"
MODE_COUNTER_BATTERY = "counter-battery"
ATTACK_PURPOSES = ("fire", "assault")
FRENCH_ARTILLERY = (ARTILLERY, TOT_ARTILLERY)
VM_ARTILLERY = (ART_105, ART_75)
BOMBERS = (FIGHTER_BOMBERS, B26)
MULTI_OK = ("cumulative", "sequential")

Step = tuple[GameState, Event]


# -- the action's card facts ----------------------------------------------------------------------


@record
class Play:
    """One card play of the action: its position among the steps, the state before it, its data."""

    index: int
    state: GameState
    event: CardPlay
    data: Card | None

    @property
    def name(self) -> str | None:
        return self.data.name if self.data is not None else None

    @property
    def text(self) -> str:
        return f"{self.name} ({self.event.card})" if self.name is not None else str(self.event.card)


@record
class Negation:
    """A play (``by``) that cancels an earlier play of the other side (``target``; None when there is none to
    cancel): counter-battery, poor weather or flares (``kind``)."""

    kind: str  # "counter-battery", "poor-weather", "flares"
    by: Play
    target: Play | None


@record
class CardAction:
    """What the card rules need of one closed action that holds card plays."""

    steps: tuple[Step, ...]
    end: GameState  # the state when the action closes
    plays: tuple[Play, ...]
    negations: tuple[Negation, ...]

    def negated(self, play: Play) -> Negation | None:
        for n in self.negations:
            if n.target is play:
                return n
        return None

    def after(self, play: Play) -> tuple[Step, ...]:
        """The steps after ``play``."""
        return self.steps[max(play.index + 1, 0) :]

    def has(self, name: str, side: Side | None = None) -> bool:
        return any(p.name == name and (side is None or p.event.side is side) for p in self.plays)


def _negation_kind(play: Play) -> str | None:
    name = play.name
    side = play.event.side
    if name in VM_ARTILLERY and play.event.mode == MODE_COUNTER_BATTERY and side is VM:
        return "counter-battery"
    if name == POOR_WEATHER and side is VM:
        return "poor-weather"
    if name == FLARES and side is FR:
        return "flares"
    return None


def _negations(plays: tuple[Play, ...]) -> tuple[Negation, ...]:
    out: list[Negation] = []
    taken: set[int] = set()
    negating = {p.index for p in plays if _negation_kind(p) is not None}
    for p in plays:
        kind = _negation_kind(p)
        if kind is None:
            continue
        earlier = [
            q for q in plays if q.index < p.index and q.event.side is not p.event.side and q.index not in taken
            and q.index not in negating
        ]
        target = earlier[-1] if earlier else None
        if kind == "flares":
            nights = [q for q in earlier if q.name == NIGHT_ASSAULT]
            if nights:
                target = nights[-1]
        if target is not None:
            taken.add(target.index)
        out.append(Negation(kind, p, target))
    return tuple(out)


def _facts(steps: tuple[Step, ...], end: GameState, ctx: CheckContext, taken: tuple[Attack, ...] = ()) -> CardAction:
    """The action's plays, after those logged just before its first attack's declaration (a *Night
    Assault* logged before the assault lines joins the action before: ``Attack.prior``), which get
    negative indices (before every step). A play of the steps that the attack of the next action
    took (``taken``: the attacks its closing event declares) is that action's, not this one's."""
    game = ctx.game
    in_steps = {id(e) for _s, e in steps if isinstance(e, CardPlay)}
    prior: list[tuple[GameState, CardPlay]] = []
    if end.attacks:
        first = end.attacks[0]
        prior = [(first.before, c) for c in first.prior if id(c) not in in_steps]
    plays = tuple(
        Play(i - len(prior), s, e, game.card(e.card) if game.has_card(e.card) else None) for i, (s, e) in enumerate(prior)
    ) + tuple(
        Play(i, s, e, game.card(e.card) if game.has_card(e.card) else None)
        for i, (s, e) in enumerate(steps)
        if isinstance(e, CardPlay) and not any(a.holds(e) for a in taken)
    )
    return CardAction(steps, end, plays, _negations(plays))


_last: tuple[GameState, GameState, CardAction | None] | None = None


def _closing(before: GameState, after: GameState, ctx: CheckContext) -> CardAction | None:
    """The card facts of the action the event closes; None when none closes or it played no card."""
    global _last
    last = _last
    if last is not None and last[0] is before and last[1] is after:
        return last[2]
    steps = before.action_steps
    result: CardAction | None = None
    if steps and after.action_steps is not steps and _has_plays(before):
        closed = closed_action(before, after)
        if closed:
            result = _facts(closed, before, ctx, after.attacks)
    _last = (before, after, result)
    return result


def _has_plays(state: GameState) -> bool:
    """The current action of ``state`` holds a card play, or its first attack took one logged before it."""
    steps = state.action_steps
    return len(state.turn_plays) != len(steps[0][0].turn_plays) or bool(state.attacks and state.attacks[0].prior)


@remembers
def _forget() -> None:
    global _last
    _last = None


def _card_action_closed(before: GameState, event: Event, after: GameState, ctx: CheckContext) -> bool:
    return _closing(before, after, ctx) is not None


CARD_ACTION_CLOSED = after_card_plays("card-action-closed", _card_action_closed)
"""An action holding a card play closes at this event."""

CloseJudge = Callable[[FunctionRule, CardAction, CheckContext], Iterable[Finding]]


def _at_close(rule_id: str, ref: str, severity: Severity, summary: str) -> Callable[[CloseJudge], FunctionRule]:
    """A rule that judges an action's card plays once, when the action closes (or at the end of the log)."""

    def wrap(judge: CloseJudge) -> FunctionRule:
        def check(
            self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
        ) -> Iterable[Finding]:
            facts = _closing(before, after, ctx)
            return () if facts is None else judge(self, facts, ctx)

        def finish(self: FunctionRule, final: GameState, ctx: CheckContext) -> Iterable[Finding]:
            steps = final.action_steps
            if not steps or not _has_plays(final):
                return ()
            return judge(self, _facts(steps, final, ctx), ctx)

        check.__doc__ = judge.__doc__
        return rule(rule_id, ref, severity, summary, finish=finish, events=CLOSING_EVENTS, gate=CARD_ACTION_CLOSED)(
            check
        )

    return wrap


# -- helpers --------------------------------------------------------------------------------------


def _class_a(play: Play, ctx: CheckContext) -> tuple[bool, bool]:
    """(counts as an action card, counts only under the AMB-04 switch)."""
    data = play.data
    if data is None:
        return False, False
    if data.timing == "A":
        if data.name == COUNTER_ATTACK:
            return ctx.rules.get("counter_attack_is_action_card") == "true", True
        return True, False
    if data.timing == "A/R":
        mode = play.event.mode
        if mode == MODE_COUNTER_BATTERY:
            return False, False
        return mode == MODE_FIRE or (mode is None and play.event.as_action), False
    return False, False


def _unit_action(event: Event, facts: CardAction) -> str | None:
    """A description of the unit action ``event`` is, or None (including what a card contains)."""
    if isinstance(event, Move):
        if event.move_kind is MoveKind.MOVE:
            return f"a move from {event.from_area} to {event.to_area}"
        if event.move_kind is MoveKind.GATHER and not facts.has(COUNTER_ATTACK, event.side):
            return f"a move from {event.from_area} to {event.to_area}"
        return None
    if isinstance(event, Fire) and event.units:
        if facts.has(COUNTER_ATTACK, event.side):
            return None
        return f"a fire from {event.from_area} at {event.target}"
    if isinstance(event, Assault):
        if facts.has(SURPRISE_ASSAULT, event.side) or facts.has(COUNTER_ATTACK, event.side):
            return None
        return f"an assault from {event.from_area} on {event.target}"
    if isinstance(event, Entrench) and event.units:
        return f"an entrenchment of {event.area}"
    return None


def _own_fire(facts: CardAction, play: Play) -> Fire | None:
    for _s, e in facts.after(play):
        if isinstance(e, Fire) and e.card == play.event.card:
            return e
    return None


def _trench_lowered(facts: CardAction, play: Play, ctx: CheckContext) -> TrenchSet | None:
    """A trench marker lowered after ``play`` on an area the French do not control then."""
    for s, e in facts.after(play):
        if isinstance(e, TrenchSet) and e.level < s.trench(e.area):
            side = s.control.get(e.area)
            if side is None and ctx.game.has_area(e.area):
                side = ctx.game.area(e.area).control
            if side is not FR:
                return e
    return None


def _card_target(facts: CardAction, play: Play) -> AreaId | None:
    fire = _own_fire(facts, play)
    if fire is not None:
        return fire.target
    return play.event.targets[0] if play.event.targets else None


# -- judged at the play ---------------------------------------------------------------------------


def _card_of(event: Event, ctx: CheckContext) -> Card | None:
    if not isinstance(event, CardPlay) or not ctx.game.has_card(event.card):
        return None
    return ctx.game.card(event.card)


@rule(
    "CARD-CLASS-D-OWN-ACTION",
    "card list (5.2)",
    Severity.ILLEGAL,
    "Rats of the Nam Yum, Detonate Mine Shaft and Fighter Bombers are played only during the owner's own action",
    events=(CardPlay,),
)
def card_class_d_own_action(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    data = _card_of(event, ctx)
    if data is None or data.timing != "D":
        return
    assert isinstance(event, CardPlay)
    owner = data.side if data.side is not None else event.side
    clock = before.clock
    if opens_new_action(clock, event):
        return  # logged as an action of its own: the player's own action
    acting = clock.action_side
    if acting is None and clock.phase is Phase.ACTION:
        acting = clock.side_to_act if clock.side_to_act is not None else owner  # the first act of the phase
    if clock.phase is not Phase.ACTION or acting is None:
        where = f"in the {clock.phase.value} phase" if clock.phase is not None else "outside any phase"
        yield self.finding(
            before,
            event,
            f"{data.name} ({event.card}) played {where}, outside any action; it is played at any time during "
            f"the {owner.label} player's own action.",
            areas=event.targets,
        )
    elif acting is not owner:
        yield self.finding(
            before,
            event,
            f"{data.name} ({event.card}) played during a {acting.label} action (action {clock.action}); "
            f"it is played only during the {owner.label} player's own action.",
            areas=event.targets,
            expected=owner.value,
            actual=acting.value,
        )


@rule(
    "CARD-TURN-RESTRICTION",
    "card texts",
    Severity.ILLEGAL,
    "Detonate Mine Shaft and Emergency Replacements not on turn 1; Relief Force from Isabelle only on turns 1-4",
    events=(CardPlay,),
)
def card_turn_restriction(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    data = _card_of(event, ctx)
    if data is None or not data.turns:
        return
    assert isinstance(event, CardPlay)
    turn = before.clock.turn
    allowed = f"{min(data.turns)}–{max(data.turns)}"
    if turn <= 0:
        yield self.finding(
            before,
            event,
            f"Cannot check {self.rule_id}: the turn on which {data.name} ({event.card}) was played (no turn "
            f"started in the log).",
            severity=Severity.CANNOT_CHECK,
        )
    elif turn not in data.turns:
        yield self.finding(
            before,
            event,
            f"{data.name} ({event.card}) played on turn {turn}; it may be played only on turns {allowed}.",
            areas=event.targets,
            expected=allowed,
            actual=turn,
        )


# -- judged when the action closes ----------------------------------------------------------------


@_at_close(
    "CARD-ONE-ACTION-CARD",
    "5.2, 6.2 (AMB-04)",
    Severity.ILLEGAL,
    "at most one action card per action, and never beside a unit action",
)
def card_one_action_card(self: FunctionRule, facts: CardAction, ctx: CheckContext) -> Iterator[Finding]:
    counted = [(p, by_switch) for p in facts.plays for is_a, by_switch in (_class_a(p, ctx),) if is_a]
    if not counted:
        return
    plays = [p for p, _b in counted]
    firm = [p for p, by_switch in counted if not by_switch]
    if len(plays) > 1:
        second = plays[1]
        names = ", ".join(p.text for p in plays)
        yield self.finding(
            second.state,
            second.event,
            f"Action {second.state.clock.action} holds {len(plays)} action cards ({names}); at most one action "
            f"card per action, and it is the whole action (5.2, 6.2)."
            + ("" if len(firm) > 1 else " Counter Attack counts as an action card under the REC reading (AMB-04)."),
            severity=Severity.ILLEGAL if len(firm) > 1 else ctx.rules.rec_severity(),
            expected=1,
            actual=len(plays),
        )
    for s, e in facts.steps:
        what = _unit_action(e, facts)
        if what is None:
            continue
        card = firm[0] if firm else plays[0]
        yield self.finding(
            s,
            e,
            f"{card.text} is the whole action (6.2), but action {s.clock.action} also holds {what}; an action card "
            f"cannot be combined with a unit action."
            + ("" if firm else " Counter Attack counts as an action card under the REC reading (AMB-04)."),
            severity=Severity.ILLEGAL if firm else ctx.rules.rec_severity(),
        )
        return


@_at_close(
    "CARD-MULTI-COPY",
    "5.2",
    Severity.SUSPICIOUS,
    "only Improved Defenses, Mortar Support, Night Assault, Mines, Débouchez and Fighter Bombers are used in several copies in one action",
)
def card_multi_copy(self: FunctionRule, facts: CardAction, ctx: CheckContext) -> Iterator[Finding]:
    by_name: dict[str, list[Play]] = {}
    for p in facts.plays:
        if p.data is not None and p.name is not None:
            by_name.setdefault(p.name, []).append(p)
    for name, copies in by_name.items():
        data = copies[0].data
        assert data is not None
        if len(copies) < 2 or data.multi_copy in MULTI_OK:
            continue
        if sum(1 for p in copies if _class_a(p, ctx)[0]) >= 2:
            continue  # two action cards: CARD-ONE-ACTION-CARD
        second = copies[1]
        yield self.finding(
            second.state,
            second.event,
            f"{len(copies)} copies of {name} ({', '.join(str(p.event.card) for p in copies)}) used in action "
            f"{second.state.clock.action}; 5.2 allows several copies in one action only of Improved Defenses, "
            f"Mortar Support, Night Assault, Mines, Débouchez à Zéro! and Fighter Bombers.",
            expected=1,
            actual=len(copies),
        )


@_at_close(
    "CARD-MULTI-RESOLUTION",
    "5.2",
    Severity.ILLEGAL,
    "copies of Mines, Débouchez and Fighter Bombers are resolved one at a time, each with its own roll",
)
def card_multi_resolution(self: FunctionRule, facts: CardAction, ctx: CheckContext) -> Iterator[Finding]:
    groups: dict[tuple[str, Side], list[Play]] = {}
    for p in facts.plays:
        if p.name == FIGHTER_BOMBERS:
            continue  # C-FIGHTER-BOMBERS judges its copies (card_fire), one fault under one id
        if p.data is not None and p.data.multi_copy == "sequential" and facts.negated(p) is None:
            groups.setdefault((p.data.name, p.event.side), []).append(p)
    for (name, side), copies in groups.items():
        for first, nxt in zip(copies, copies[1:]):
            between = facts.steps[max(first.index + 1, 0) : max(nxt.index, 0)]
            if any(isinstance(e, DiceRoll) and e.side in (None, side) for _s, e in between):
                continue
            yield self.finding(
                nxt.state,
                nxt.event,
                f"{nxt.text} played before {first.text} was resolved (no roll of the {side.label} between "
                f"them); copies of {name} are resolved one after another, each with its own roll and allocation (5.2).",
            )


@_at_close(
    "CARD-TWO-EFFECTS-ONE",
    "5.2",
    Severity.ILLEGAL,
    "a two-effect card (105mm, 75mm, Artillery, TOT) uses one effect, never both",
)
def card_two_effects_one(self: FunctionRule, facts: CardAction, ctx: CheckContext) -> Iterator[Finding]:
    for p in facts.plays:
        name = p.name
        if name is None or p.data is None or not p.data.modes:
            continue
        mode = p.event.mode  # one of the card's modes (cards.yaml ``modes``) or None: another is a format error
        fire = _own_fire(facts, p)
        second: str | None = None  # the other effect, logged beside the first
        if name in FRENCH_ARTILLERY:
            lowered = _trench_lowered(facts, p, ctx)
            if lowered is not None and (fire is not None or mode == MODE_FIRE):
                second = f"the trench markers of {lowered.area} removed"
            elif fire is not None and mode == MODE_REMOVE_TRENCHES:
                second = "the trench-removal mode"
            seen = fire is not None or lowered is not None
        else:
            if fire is not None and mode == MODE_COUNTER_BATTERY:
                second = "counter-battery"
            seen = fire is not None
        if second is not None:
            first = f"a fire at {fire.target}" if fire is not None else "the fire mode"
            yield self.finding(
                p.state,
                p.event,
                f"{p.text} used both its effects ({first} and {second}); a two-effect card uses one (5.2).",
            )
        elif mode is None and not seen and facts.negated(p) is None:
            yield self.finding(
                p.state,
                p.event,
                f"Cannot check {self.rule_id}: which effect {p.text} used (no mode recorded, and neither a fire of "
                f"it nor a trench removal is logged).",
                severity=Severity.CANNOT_CHECK,
            )


@_at_close(
    "CARD-COMBO-MINES-DEBOUCHEZ",
    "Mines, Débouchez à Zéro!",
    Severity.ILLEGAL,
    "Mines and Débouchez à Zéro! are never played in the same assault",
)
def card_combo_mines_debouchez(self: FunctionRule, facts: CardAction, ctx: CheckContext) -> Iterator[Finding]:
    seen: list[Play] = []
    for p in facts.plays:
        data = p.data
        if data is None:
            continue
        for q in seen:
            assert q.data is not None
            if p.event.card in q.data.excludes or q.event.card in data.excludes or {q.name, p.name} == {MINES, DEBOUCHEZ}:
                yield self.finding(
                    p.state,
                    p.event,
                    f"{p.text} played in the same action as {q.text}; the two cannot be combined.",
                )
                return
        seen.append(p)


def _negation_name(n: Negation) -> str:
    return n.by.text if n.kind != "counter-battery" else f"{n.by.text} as counter-battery"


@_at_close(
    "CARD-NEGATION-TARGET",
    "Poor Weather, 105mm / 75mm, Flares (AMB-20)",
    Severity.ILLEGAL,
    "Poor Weather negates bombers, counter-battery French artillery, Flares a Night Assault; the negated card has no effect",
)
def card_negation_target(self: FunctionRule, facts: CardAction, ctx: CheckContext) -> Iterator[Finding]:
    for n in facts.negations:
        by, target = n.by, n.target
        if target is None:
            yield self.finding(
                by.state,
                by.event,
                f"{_negation_name(n)} negates nothing: no card of the {by.event.side.enemy.label} was played before "
                f"it in action {by.state.clock.action} (or each was already negated).",
            )
            continue
        tname = target.name
        if n.kind == "poor-weather" and tname not in BOMBERS:
            yield self.finding(
                by.state,
                by.event,
                f"{_negation_name(n)} negates {target.text}; Poor Weather negates only Fighter Bombers or B-26 Bombers.",
            )
        elif n.kind == "flares" and tname != NIGHT_ASSAULT:
            yield self.finding(
                by.state, by.event, f"{_negation_name(n)} negates {target.text}; Flares negates only a Night Assault."
            )
        elif n.kind == "counter-battery":
            yield from _counter_battery(self, facts, n, target, ctx)


def _counter_battery(
    self: FunctionRule, facts: CardAction, n: Negation, target: Play, ctx: CheckContext
) -> Iterator[Finding]:
    by = n.by
    tname = target.name
    covers = ctx.rules.get("counterbattery_covers_mortar") == "true"
    if tname == MORTAR_SUPPORT and not covers:
        yield self.finding(
            by.state,
            by.event,
            f"{_negation_name(n)} negates {target.text}; under the REC reading (AMB-20) counter-battery negates "
            f"only Artillery or TOT Artillery, not Mortar Support.",
            severity=ctx.rules.rec_severity(),
        )
        return
    if tname not in FRENCH_ARTILLERY and tname != MORTAR_SUPPORT:
        yield self.finding(
            by.state,
            by.event,
            f"{_negation_name(n)} negates {target.text}; counter-battery negates only Artillery or TOT Artillery"
            + (" (or Mortar Support under counterbattery_covers_mortar)." if covers else "."),
        )
        return
    # its +3 (Mortar Support) is a number: FIRE-ATTACK-TOTAL; an Artillery / TOT that still had an
    # effect is the counter-battery card's own fault (C-105 / C-75, card_fire), as a bomber's is C-POOR-WEATHER's


def _bomber_effect(facts: CardAction, target: Play) -> tuple[int, Event, str] | None | str:
    """The first effect of a bomber card after its play: (index, event, text); None if none; a reason
    string when another French attack leaves the rolls ambiguous."""
    area = _card_target(facts, target)
    own_fire = _own_fire(facts, target)
    open_other = [
        a for a in target.state.attacks if a.side is FR and not a.rolls(FR, ATTACK_PURPOSES) and a.card != target.event.card
    ]
    for i in range(max(target.index + 1, 0), len(facts.steps)):
        s, e = facts.steps[i]
        if e is own_fire:
            continue
        if isinstance(e, (Fire, Assault)) and e.side is FR:
            return None
        if isinstance(e, CardPlay) and e.side is FR:
            return None
        hit = (isinstance(e, DiceRoll) and e.side in (None, FR) and e.purpose in ATTACK_PURPOSES) or (
            isinstance(e, Damage) and (e.target is None or e.target == area)
        )
        if hit:
            if open_other:
                return (
                    f"the roll or damage after {target.text} may be that of the French attack on "
                    f"{open_other[-1].target}, open and not yet rolled"
                )
            if isinstance(e, DiceRoll):
                text = f"a French roll {'+'.join(str(v) for v in e.values)}"
            else:
                assert isinstance(e, Damage)
                text = f"damage in area {e.target}"
            return i, e, text
    return None


@_at_close(
    "C-POOR-WEATHER",
    "Poor Weather",
    Severity.ILLEGAL,
    "Poor Weather is the Viet Minh's reaction to a Fighter Bombers / B-26 play, which then has no effect",
)
def c_poor_weather(self: FunctionRule, facts: CardAction, ctx: CheckContext) -> Iterator[Finding]:
    # a Poor Weather played by the French is a card of the other side: CARD-OWN-DECK's, not again here
    for n in facts.negations:
        if n.kind != "poor-weather" or n.target is None or n.target.name not in BOMBERS:
            continue
        by, target = n.by, n.target
        effect = _bomber_effect(facts, target)
        if isinstance(effect, str):
            yield self.finding(
                by.state,
                by.event,
                f"Cannot check {self.rule_id}: whether {target.text} had no effect ({effect}).",
                severity=Severity.CANNOT_CHECK,
            )
        elif effect is not None:
            i, e, text = effect
            when = "; Poor Weather was played after it was resolved" if i < by.index else ""
            yield self.finding(
                facts.steps[i][0],
                e,
                f"{target.text} was negated by {by.text} but still had an effect ({text}){when}.",
            )


def _assault_went_on(attack: Attack, play: CardPlay) -> bool:
    """A Viet Minh attack roll, French damage in the target or an advance follows ``play`` in ``attack``."""
    at = next((i for i, (_s, e) in enumerate(attack.steps) if e is play), -1)
    for _s, e in attack.steps[at + 1 :]:
        if isinstance(e, DiceRoll) and e.side in (None, VM) and e.purpose in ATTACK_PURPOSES:
            return True
        if isinstance(e, Damage) and e.side is FR and e.target in (None, attack.target):
            return True
        if isinstance(e, Move) and e.move_kind is MoveKind.ADVANCE:
            return True
    return False


@_at_close(
    "C-FLARES",
    "Flares (AMB-23)",
    Severity.ILLEGAL,
    "Flares is played during a Viet Minh assault, negates a Night Assault, and the assault continues",
)
def c_flares(self: FunctionRule, facts: CardAction, ctx: CheckContext) -> Iterator[Finding]:
    """Each *Flares* is judged against the attack it belongs to (``Attack.holds``): a Viet Minh assault,
    which goes on after it (unless *Mines* / *Débouchez* abort it: ASSAULT-*'s)."""
    judged: set[int] = set()
    for p in facts.plays:
        if p.name != FLARES:
            continue
        attack = attack_holding(facts.end.attacks, p.event)
        if attack is None or not attack.is_assault or attack.side is not VM:
            where = (
                f"in action {p.state.clock.action}, which holds no Viet Minh assault"
                if attack is None
                else f"in the {attack.side.label} {'assault' if attack.is_assault else 'fire'} on {attack.target}, "
                f"which is no Viet Minh assault"
            )
            yield self.finding(
                p.state,
                p.event,
                f"{p.text} played {where}; Flares negates a Night Assault played during an assault.",
            )
            continue
        if attack.number in judged:
            continue
        judged.add(attack.number)
        if any(ctx.game.has_card(c.card) and ctx.game.card(c.card).name in (MINES, DEBOUCHEZ) for c in attack.cards()):
            continue  # an abort is ASSAULT-*'s
        if not _assault_went_on(attack, p.event):
            yield self.finding(
                p.state,
                p.event,
                f"The assault from {attack.origin} on {attack.target} stopped after {p.text} (no assault roll, "
                f"damage or advance follows); after Flares the assault continues.",
                areas=(attack.target,),
            )


# -- judged per attack ----------------------------------------------------------------------------

_MODIFIERS: dict[str, tuple[Side, Side]] = {
    IMPROVED_DEFENSES: (VM, FR),  # played by, on an attack by
    MORTAR_SUPPORT: (FR, FR),
    NIGHT_ASSAULT: (VM, VM),
}


@attack_rule(
    "CARD-TIMING-BEFORE-ROLL",
    "card texts",
    Severity.ILLEGAL,
    "Improved Defenses, Night Assault and Mortar Support are played before the attack dice are rolled",
)
def card_timing_before_roll(self: FunctionRule, attack: Attack, ctx: CheckContext) -> Iterator[Finding]:
    if not attack.steps:
        return
    game = ctx.game
    roll: DiceRoll | None = None
    stopped = False
    unknown: tuple[GameState, CardPlay] | None = None
    for s, e in attack.steps:
        if isinstance(e, (Fire, Assault)) and e.side is attack.side:
            stopped = True  # later rolls may be that attack's
        elif isinstance(e, DiceRoll) and roll is None and not stopped:
            if e.side in (None, attack.side) and e.purpose in ATTACK_PURPOSES:
                roll = e
        elif isinstance(e, CardPlay) and game.has_card(e.card):
            name = game.card(e.card).name
            sides = _MODIFIERS.get(name)
            if sides is None or e.side is not sides[0] or attack.side is not sides[1] or not attack.holds(e):
                continue
            if roll is not None:
                yield self.finding(
                    s,
                    e,
                    f"{name} ({e.card}) played after the attack dice ({'+'.join(str(v) for v in roll.values)}) of the "
                    f"attack on {attack.target}; it must be played before the roll.",
                    areas=(attack.target,),
                )
            elif unknown is None:
                unknown = (s, e)
    if unknown is not None and not attack.rolls(attack.side, ATTACK_PURPOSES):
        s, e = unknown
        yield self.finding(
            s,
            e,
            f"Cannot check {self.rule_id}: whether {card_name_or(ctx, e)} came before the dice of the attack on "
            f"{attack.target} (no roll of it is logged).",
            severity=Severity.CANNOT_CHECK,
            areas=(attack.target,),
        )


def card_name_or(ctx: CheckContext, play: CardPlay) -> str:
    return f"{ctx.game.card(play.card).name} ({play.card})" if ctx.game.has_card(play.card) else str(play.card)


RULES: tuple[FunctionRule, ...] = (
    card_one_action_card,
    card_class_d_own_action,
    card_multi_copy,
    card_multi_resolution,
    card_two_effects_one,
    card_timing_before_roll,
    card_turn_restriction,
    card_combo_mines_debouchez,
    card_negation_target,
    c_poor_weather,
    c_flares,
)
