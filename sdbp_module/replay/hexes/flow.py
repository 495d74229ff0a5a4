"""The card flow of a card-driven hex game: the events of a log folded into *impulses* (facts only).

An impulse starts at each card drawn for activation (``CardDrawn`` with purpose ``activation``) and
holds what follows it until the next activation card or the next turn: the activations, passes,
moves, fires and support calls, and each attack's *resolution* — the combat cards drawn right after
a fire (or a support attack: nothing but its cards and hits between) and the hits its target took
before the next activation card, fire, support call or turn. The events of a turn before its first activation card (a set-up, a player
acting without a card) form an impulse without a card.

What the deck's data (``model.playing_cards.PlayingCardsSpec``) says, the flow uses as it is: a
Joker drawn (for activation or for combat) ends the turn when ``joker_ends_turn`` says so — with
the grace of the data, not before every side has had a card of its colour drawn for activation
this turn — and is otherwise *ignored*; a turn also ends once every card of the deck has been
drawn since the last reshuffle. A face card drawn for combat and followed directly by another
combat draw is a redraw. The flow judges nothing: which act was allowed is the rules'.

``advance(flow, event, spec)`` is pure: the flow after ``event``; the impulses closed so far are in
``Flow.closed``, the one under way in ``Flow.current``.
"""

from __future__ import annotations

from dataclasses import replace

from sdbp_module.ids import Side
from sdbp_module.model.playing_cards import (
    PlayingCard,
    PlayingCardsSpec,
    joker_ends_turn,
    side_of,
)
from sdbp_module.records import record
from sdbp_module.replay.hexes.events import (
    Activate,
    CardDrawn,
    FireAt,
    HexEvent,
    HexGameStart,
    Hit,
    PassTurn,
    PhaseStart,
    Purpose,
    Reshuffle,
    SupportCall,
    SupportMode,
    TurnStart,
    UnitMove,
)

Attack = FireAt | SupportCall
"""What a combat draw resolves: a fire, or a support marker's attack."""

ACTS: tuple[type[HexEvent], ...] = (Activate, PassTurn, UnitMove, FireAt, SupportCall)
"""The events by which a side acts on its card (a hit or an elimination is the owner's bookkeeping)."""


class JokerFate:
    """What became of a Joker drawn this impulse: none drawn, it ended the turn, or it was ignored."""

    NONE = ""
    ENDED_TURN = "ended-turn"
    IGNORED = "ignored"


@record
class Resolution:
    """One attack and what resolved it: the combat cards drawn for it (in order, redraws included),
    the hits its target took, and whether a Joker among the draws ended the turn."""

    attack: Attack
    draws: tuple[CardDrawn, ...] = ()
    hits: tuple[Hit, ...] = ()
    joker: str = JokerFate.NONE

    @property
    def target(self) -> str:
        return self.attack.target


@record
class Impulse:
    """One activation card and what followed it (``card`` None: the events of a turn before its first card)."""

    number: int  # 1, 2 … over the whole log (0 for the events of a turn before its first card)
    turn: int
    phase: str = ""  # a game played in phases: the phase id (``PhaseStart``) the impulse belongs to
    card: CardDrawn | None = None
    card_side: Side | None = None  # the side the card's colour gives the impulse to
    events: tuple[HexEvent, ...] = ()  # every event of the impulse after its card, in log order
    activations: tuple[Activate, ...] = ()
    passes: tuple[PassTurn, ...] = ()
    moves: tuple[UnitMove, ...] = ()
    resolutions: tuple[Resolution, ...] = ()  # fires and support attacks, in log order
    suppressions: tuple[SupportCall, ...] = ()  # support calls of mode suppression
    other_hits: tuple[Hit, ...] = ()  # hits on a unit that is not the target of the impulse's last attack
    joker: str = JokerFate.NONE  # the activation card itself: a Joker that ended the turn or was ignored
    after_turn_end: str = ""  # why the turn had already ended when its card was drawn: "joker", "deck" or "" (it had not)

    @property
    def acting_side(self) -> Side | None:
        """The side that acted: the side of the first activation, pass, move, fire or support call."""
        for event in self.events:
            if isinstance(event, (Activate, PassTurn, UnitMove, FireAt, SupportCall)) and event.side is not None:
                return event.side
        return None

    def activated(self) -> frozenset[str]:
        return frozenset(u for a in self.activations for u in a.units)

    @property
    def fires(self) -> tuple[Resolution, ...]:
        return tuple(r for r in self.resolutions if isinstance(r.attack, FireAt))

    @property
    def supports(self) -> tuple[SupportCall, ...]:
        return tuple(e for e in self.events if isinstance(e, SupportCall))


@record
class Flow:
    """The card flow so far."""

    turn: int = 1
    closed: tuple[Impulse, ...] = ()
    current: Impulse = Impulse(0, 1)
    drawn: tuple[str, ...] = ()  # card ids drawn since the last reshuffle, in order
    turn_drawn: tuple[str, ...] = ()  # card ids drawn this turn (any purpose)
    turn_activation: tuple[str, ...] = ()  # card ids drawn for activation this turn
    turn_over: bool = False  # a Joker ended the turn or the deck is drawn out; the next turn not begun
    turn_end: str = ""  # why: "joker" or "deck"
    ignored_jokers: int = 0  # Jokers ignored this turn (the grace)
    open_attack: bool = False  # the last resolution of ``current`` still waits for a card (or accepts a face card's miss)
    impulses: int = 0  # activation cards drawn over the log
    past_end: int = 0  # acts and activation cards after a Joker ended the turn, this turn
    turn_seen: bool = False  # the log holds this turn's start (a turn start, or a game start in the first turn)

    @property
    def awaiting_combat_card(self) -> bool:
        """Whether a card drawn now resolves a declared attack: a fire or support attack of the
        current impulse with no combat card yet, or whose last combat card was a face card (a
        redraw) or an ignored Joker."""
        return self.open_attack

    def all_impulses(self) -> tuple[Impulse, ...]:
        return (*self.closed, self.current)


def _card(spec: PlayingCardsSpec, card_id: str) -> PlayingCard | None:
    try:
        return spec.card(card_id)
    except ValueError:
        return None


def _side(spec: PlayingCardsSpec, card: PlayingCard | None) -> Side | None:
    if card is None:
        return None
    side = side_of(spec, card)
    if side is None:
        return None
    try:
        return Side(side)
    except ValueError:
        return None


def _joker_fate(spec: PlayingCardsSpec, flow: Flow) -> str:
    cards = [c for c in (_card(spec, i) for i in flow.turn_activation) if c is not None]
    return JokerFate.ENDED_TURN if joker_ends_turn(spec, cards) else JokerFate.IGNORED


def _deck_out(spec: PlayingCardsSpec, drawn: tuple[str, ...]) -> bool:
    return {c.id for c in spec.cards()} <= set(drawn)


def _with_resolution(impulse: Impulse, index: int, resolution: Resolution) -> Impulse:
    resolutions = list(impulse.resolutions)
    resolutions[index] = resolution
    return replace(impulse, resolutions=tuple(resolutions))


def _is_attack(event: HexEvent) -> bool:
    return isinstance(event, FireAt) or (isinstance(event, SupportCall) and event.mode == SupportMode.ATTACK)


def advance(flow: Flow, event: HexEvent, spec: PlayingCardsSpec) -> Flow:
    """The flow after ``event`` (pure). In a game played in phases, a ``PhaseStart`` closes the impulse
    under way (if it holds anything) and opens one without a card for the phase: without cards, an
    impulse is a phase; a phase of another turn also starts that turn."""
    if isinstance(event, PhaseStart):
        if event.turn != flow.turn:
            flow = advance(flow, TurnStart(where=event.where, side=event.side, turn=event.turn), spec)
        closed = (*flow.closed, flow.current) if flow.current.card is not None or flow.current.events else flow.closed
        return replace(flow, closed=closed, current=Impulse(0, event.turn, phase=event.phase, events=(event,)))
    if isinstance(event, TurnStart):
        closed = (*flow.closed, flow.current) if flow.current.card is not None or flow.current.events else flow.closed
        return replace(
            flow,
            turn=event.turn,
            closed=closed,
            current=Impulse(0, event.turn),
            turn_drawn=(),
            turn_activation=(),
            turn_over=False,
            turn_end="",
            ignored_jokers=0,
            open_attack=False,
            past_end=0,
            turn_seen=True,
        )
    if isinstance(event, HexGameStart):
        return replace(flow, turn=event.turn, current=replace(flow.current, turn=event.turn, phase=event.phase), turn_seen=event.turn == 1)
    if isinstance(event, Reshuffle):
        current = replace(flow.current, events=(*flow.current.events, event))
        return replace(flow, drawn=(), current=current)
    if isinstance(event, CardDrawn):
        return _drawn(flow, event, spec)
    impulse = flow.current
    impulse = replace(impulse, events=(*impulse.events, event))
    open_attack = flow.open_attack
    if flow.turn_over and flow.turn_end == "joker" and isinstance(event, ACTS):
        flow = replace(flow, past_end=flow.past_end + 1)
    if isinstance(event, Activate):
        impulse = replace(impulse, activations=(*impulse.activations, event))
    elif isinstance(event, PassTurn):
        impulse = replace(impulse, passes=(*impulse.passes, event))
    elif isinstance(event, UnitMove):
        impulse = replace(impulse, moves=(*impulse.moves, event))
    if _is_attack(event):
        assert isinstance(event, (FireAt, SupportCall))
        impulse = replace(impulse, resolutions=(*impulse.resolutions, Resolution(event)))
        open_attack = True
    elif isinstance(event, SupportCall):
        impulse = replace(impulse, suppressions=(*impulse.suppressions, event))
        open_attack = False
    elif isinstance(event, Hit):
        last = impulse.resolutions[-1] if impulse.resolutions else None
        if last is not None and last.target == event.unit:  # before the next card, fire, support call or turn
            impulse = _with_resolution(impulse, len(impulse.resolutions) - 1, replace(last, hits=(*last.hits, event)))
        else:
            impulse = replace(impulse, other_hits=(*impulse.other_hits, event))
        open_attack = False
    elif not isinstance(event, (Activate, PassTurn)):
        open_attack = False
    return replace(flow, current=impulse, open_attack=open_attack)


def _still_taking_cards(impulse: Impulse) -> bool:
    """Whether the last attack of ``impulse`` still takes combat cards: nothing but its draws and hits since it."""
    last = impulse.resolutions[-1].attack
    seen = False
    for event in impulse.events[:-1]:
        if event is last:
            seen = True
        elif seen and not isinstance(event, (CardDrawn, Hit)):
            return False
    return seen


def _drawn(flow: Flow, event: CardDrawn, spec: PlayingCardsSpec) -> Flow:
    card = _card(spec, event.card)
    drawn = (*flow.drawn, event.card)
    turn_drawn = (*flow.turn_drawn, event.card)
    if event.purpose == Purpose.COMBAT:
        impulse = replace(flow.current, events=(*flow.current.events, event))
        resolutions = impulse.resolutions
        fate = JokerFate.NONE
        turn_over, turn_end, ignored = flow.turn_over, flow.turn_end, flow.ignored_jokers
        if card is not None and card.is_joker:
            fate = _joker_fate(spec, flow)
            if fate == JokerFate.ENDED_TURN:
                turn_over, turn_end = True, "joker"
            else:
                ignored += 1
        open_attack = False
        if resolutions and _still_taking_cards(impulse):
            last = resolutions[-1]
            impulse = _with_resolution(impulse, len(resolutions) - 1, replace(last, draws=(*last.draws, event), joker=fate or last.joker))
            # a face card (the firer may redraw) or an ignored Joker leaves the attack open to another draw
            open_attack = card is not None and (card.is_face or (card.is_joker and fate == JokerFate.IGNORED))
        if not turn_over and _deck_out(spec, drawn):
            turn_over, turn_end = True, "deck"
        return replace(
            flow, current=impulse, drawn=drawn, turn_drawn=turn_drawn, turn_over=turn_over, turn_end=turn_end,
            ignored_jokers=ignored, open_attack=open_attack,
        )
    # an activation card: a new impulse
    past_end = flow.past_end + (1 if flow.turn_over and flow.turn_end == "joker" else 0)
    closed = (*flow.closed, flow.current) if flow.current.card is not None or flow.current.events else flow.closed
    number = flow.impulses + 1
    impulse = Impulse(number, flow.turn, card=event, card_side=_side(spec, card), after_turn_end=flow.turn_end if flow.turn_over else "")
    turn_over, turn_end, ignored = flow.turn_over, flow.turn_end, flow.ignored_jokers
    if card is not None and card.is_joker:
        fate = _joker_fate(spec, flow)
        impulse = replace(impulse, joker=fate)
        if fate == JokerFate.ENDED_TURN:
            turn_over, turn_end = True, turn_end or "joker"
        else:
            ignored += 1
    if not turn_over and _deck_out(spec, drawn):
        turn_over, turn_end = True, "deck"
    return replace(
        flow,
        closed=closed,
        current=impulse,
        drawn=drawn,
        turn_drawn=turn_drawn,
        turn_activation=(*flow.turn_activation, event.card),
        turn_over=turn_over,
        turn_end=turn_end,
        ignored_jokers=ignored,
        open_attack=False,
        impulses=number,
        past_end=past_end,
    )


def fold(events: tuple[HexEvent, ...] | list[HexEvent], spec: PlayingCardsSpec, flow: Flow | None = None) -> Flow:
    """The flow after every event of ``events``."""
    flow = flow if flow is not None else Flow()
    for event in events:
        flow = advance(flow, event, spec)
    return flow


def next_draw_purpose(flow: Flow) -> str:
    """The purpose of a card drawn now (for a reader whose log does not say it, contract C): ``combat``
    while an attack waits for its card (``Flow.awaiting_combat_card``), else ``activation``."""
    return Purpose.COMBAT if flow.awaiting_combat_card else Purpose.ACTIVATION
