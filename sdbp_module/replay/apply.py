"""``apply(state, event) -> state``: what the logged event did to the game, never whether it was legal.

Pure: the input state is untouched. Illegal positions are represented as logged. Two things are
derived rather than read from the log, both generic to area-impulse games:

- control (13.0 and its kin): after units enter or leave an area, an area holding units of one side
  only passes to that side; empty and contested areas keep their controller. A logged control
  marker (``ControlSet``) then sets what the players showed;
- the clock: which action an event belongs to, the End-phase step it implies (through the game's
  ``SequenceOfPlay.step_signatures``), passes in a row, the side to act.

Units named by an event but unknown to the state are added when the event says their side (moves,
placements), and otherwise left alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import TypeVar

from sdbp_module.errors import InputError
from sdbp_module.ids import AreaId, CardId, Phase, Side, UnitId
from sdbp_module.limits import MAX_ACTION_STEPS, MAX_TURN_CARD_PLAYS
from sdbp_module.replay.clock import (
    CLOCK_FIELD_SET,
    RECENT,
    ActionKind,
    ActionPart,
    ActionRecord,
    Clock,
    PartKind,
)
from sdbp_module.replay.combat import advance_attacks, too_long
from sdbp_module.replay.events import (
    Assault,
    CardDiscard,
    CardDraw,
    CardPlay,
    CardRemove,
    ControlSet,
    Damage,
    DamageResult,
    DiceRoll,
    DiscardReason,
    EndStep,
    Entrench,
    Event,
    Fire,
    FireMarkerSet,
    Flip,
    GameEnd,
    GameStart,
    Move,
    MoveKind,
    NoReplacementsSet,
    NoSupplySet,
    Pass,
    PhaseStart,
    Pile,
    Place,
    Relocate,
    Reshuffle,
    TrenchSet,
    opens_action,
)
from sdbp_module.replay.frozen import copy_with
from sdbp_module.replay.location import ELIMINATED, Location, LocationKind
from sdbp_module.replay.memo import remembers
from sdbp_module.replay.state import (
    STATE_FIELD_SET,
    GameState,
    Piles,
    UnitsDraft,
    UnitState,
    thaw,
)


def apply(state: GameState, event: Event) -> GameState:
    """The state after ``event``. Never raises for a game-level irregularity."""
    cls = type(event)
    handler = _BOARD.get(cls)
    if handler is None:
        handler = _BOARD[cls] = next((_BOARD[c] for c in cls.__mro__ if c in _BOARD), _no_change)
    if handler is _on_start:  # (``isinstance(event, GameStart)``: the class or a subclass)
        assert isinstance(event, GameStart)
        new = _start(state, event)
        clock = advance_clock(state, event)
        return new if clock is new.clock else new.evolve(clock=clock)
    changes = handler(state, event)
    before = state.clock
    clock = advance_clock(state, event)
    if clock is not before:
        changes["clock"] = clock
        advance_attacks(state, event, opens_new_action(before, event), changes)
    else:
        advance_attacks(state, event, False, changes)
    if state.phase_steps or cls is PhaseStart or cls is CardPlay:  # (what ``_advance_phase_record`` changes)
        _advance_phase_record(state, event, cls, changes)
    return copy_with(state, STATE_FIELD_SET, changes) if changes else state  # (``GameState.with_fields``, inlined)


_RECORDED_PHASES = frozenset((Phase.DRAW, Phase.END))  # the phases whose events ``phase_steps`` keeps


def _advance_phase_record(state: GameState, event: Event, cls: type, changes: Changes) -> None:
    """Put in ``changes`` the ``phase_steps`` and ``turn_plays`` fields ``event`` changes."""
    if cls is PhaseStart:
        assert isinstance(event, PhaseStart)
        changes["phase_steps"] = ((state, event),) if event.phase in _RECORDED_PHASES else ()
        if event.turn != state.clock.turn and state.turn_plays:
            changes["turn_plays"] = ()
        return
    if state.phase_steps:
        if len(state.phase_steps) >= MAX_ACTION_STEPS:
            phase = state.clock.phase.value if state.clock.phase is not None else "game"
            raise too_long(f"{phase} phase", "a Draw or End phase", state.phase_steps, event)
        changes["phase_steps"] = state.phase_steps + ((state, event),)
    if cls is CardPlay:
        assert isinstance(event, CardPlay)
        if len(state.turn_plays) >= MAX_TURN_CARD_PLAYS:
            raise InputError(
                f"{event.where}: more than {MAX_TURN_CARD_PLAYS:,} cards played in turn {state.clock.turn}; a turn is "
                f"read with up to {MAX_TURN_CARD_PLAYS:,} (a real one has a few dozen)"
            )
        changes["turn_plays"] = state.turn_plays + (event,)


# -- board ----------------------------------------------------------------------------------------


Changes = dict[str, object]


def _no_change(state: GameState, event: Event) -> Changes:
    return {}  # dice, passes, fire and assault declarations change nothing on the board


_new_tuple = tuple.__new__  # a named tuple built from all its fields, without its Python ``__new__`` (hot paths)
_unit_state = _new_tuple
"""``UnitState`` built from its three fields without its named tuple's Python ``__new__`` (the
replay builds one for every unit it moves or flips): ``_unit_state(UnitState, (side, location, spent))``."""


def _on_flip(state: GameState, event: Event) -> Changes:
    """A flip changes only the units' faces (and the fresh counts): the lean path of the commonest event."""
    assert isinstance(event, Flip)
    units: dict[UnitId, UnitState] | None = None
    fresh: dict[Side, int] | None = None
    spent = event.spent
    for u in event.units:
        s = state.units.get(u)
        if s is None or s.spent is spent:
            continue
        if units is None:
            units = thaw(state.units)
        units[u] = _unit_state(UnitState, (s.side, s.location, spent))
        if s.location.kind is _ON_MAP:
            if fresh is None:
                fresh = thaw(state.fresh_counts)
            fresh[s.side] = fresh.get(s.side, 0) + (-1 if spent else 1)
    changes: Changes = {}
    if units is not None:
        changes["units"] = units
    if fresh is not None:
        changes["fresh_counts"] = fresh
    return changes


def _on_move(state: GameState, event: Event) -> Changes:
    assert isinstance(event, Move)
    draft = UnitsDraft(state)
    _move(draft, event.side, event.units, event.from_area, event.steps or (event.to_area,))
    return draft.changes()


def _on_damage(state: GameState, event: Event) -> Changes:
    assert isinstance(event, Damage)
    draft = UnitsDraft(state)
    _damage(draft, event)
    return draft.changes()


def _on_relocate(state: GameState, event: Event) -> Changes:
    assert isinstance(event, Relocate)
    draft = UnitsDraft(state)
    _relocate(draft, event.units, event.to, None)
    return draft.changes()


def _on_place(state: GameState, event: Event) -> Changes:
    assert isinstance(event, Place)
    draft = UnitsDraft(state)
    _relocate(draft, event.units, event.to, event.side)
    return draft.changes()


def _on_control(state: GameState, event: Event) -> Changes:
    assert isinstance(event, ControlSet)
    changes: Changes = {"control": _set(state.control, event.area, event.side)}
    if state.control_markers is not None:
        changes["control_markers"] = _set(state.control_markers, event.area, event.side)
    return changes


def _on_trench(state: GameState, event: Event) -> Changes:
    assert isinstance(event, TrenchSet)
    return {"trenches": _with_trench(state, event.area, event.level)}


def _on_entrench(state: GameState, event: Event) -> Changes:
    assert isinstance(event, Entrench)
    return {} if event.level is None else {"trenches": _with_trench(state, event.area, event.level)}


def _on_fire_marker(state: GameState, event: Event) -> Changes:
    assert isinstance(event, FireMarkerSet)
    key = (event.area, event.side)
    if not event.present:
        return {"fire_markers": state.fire_markers - {key}}
    markers = state.fire_markers
    if event.was is not None and event.was is not event.side:
        markers = markers - {(event.area, event.was)}  # a re-face: the one marker shows another side now
    return {"fire_markers": markers | {key}}


def _on_no_supply(state: GameState, event: Event) -> Changes:
    assert isinstance(event, NoSupplySet)
    return {"no_supply": state.no_supply | {event.area} if event.present else state.no_supply - {event.area}}


def _on_no_replacements(state: GameState, event: Event) -> Changes:
    assert isinstance(event, NoReplacementsSet)
    return {"no_replacements": event.present}


def _on_draw(state: GameState, event: Event) -> Changes:
    assert isinstance(event, CardDraw)
    return _move_cards(state, event.side, event.cards, Pile.HAND, prefer=Pile.DECK)


def _on_reshuffle(state: GameState, event: Event) -> Changes:
    assert isinstance(event, Reshuffle)
    p = state.piles_of(event.side)
    return _with_piles(state, event.side, Piles(p.deck + p.discard, p.hand, (), p.removed))


def _on_play(state: GameState, event: Event) -> Changes:
    assert isinstance(event, CardPlay)
    return _move_cards(state, event.side, (event.card,), event.to, prefer=Pile.HAND)


def _on_discard(state: GameState, event: Event) -> Changes:
    assert isinstance(event, CardDiscard)
    return _move_cards(state, event.side, event.cards, event.to, prefer=Pile.HAND)


def _on_remove(state: GameState, event: Event) -> Changes:
    assert isinstance(event, CardRemove)
    return _move_cards(state, event.side, event.cards, Pile.REMOVED, prefer=Pile.HAND)


def _on_phase(state: GameState, event: Event) -> Changes:
    assert isinstance(event, PhaseStart)
    return {} if state.turn_marker == event.turn else {"turn_marker": event.turn}


def _on_end(state: GameState, event: Event) -> Changes:
    assert isinstance(event, GameEnd)
    return {"ended": True, "winner": event.winner}


def _on_start(state: GameState, event: Event) -> Changes:
    raise AssertionError("game-start is applied by apply()")


_BOARD: dict[type, Callable[[GameState, Event], Changes]] = {
    Flip: _on_flip,
    Move: _on_move,
    Damage: _on_damage,
    Relocate: _on_relocate,
    Place: _on_place,
    ControlSet: _on_control,
    TrenchSet: _on_trench,
    Entrench: _on_entrench,
    FireMarkerSet: _on_fire_marker,
    NoSupplySet: _on_no_supply,
    NoReplacementsSet: _on_no_replacements,
    CardDraw: _on_draw,
    Reshuffle: _on_reshuffle,
    CardPlay: _on_play,
    CardDiscard: _on_discard,
    CardRemove: _on_remove,
    PhaseStart: _on_phase,
    GameEnd: _on_end,
    GameStart: _on_start,
}
"""What each event class does to the board (by exact class; a subclass uses its nearest base)."""


def _start(state: GameState, event: GameStart) -> GameState:
    new = replace(
        GameState.empty(state.sequence),
        clock=state.clock,
        started=True,
        control={c.area: c.side for c in event.control or ()},
        control_markers=None if event.control_markers is None else {c.area: c.side for c in event.control_markers},
        trenches={t.area: t.level for t in event.trenches or () if t.level > 0},
        fire_markers=frozenset((f.area, f.side) for f in event.fire_markers or ()),
        no_supply=frozenset(event.no_supply or ()),
        no_replacements=bool(event.no_replacements),
        turn_marker=event.turn_marker,
        piles_known=event.piles is not None,
        victory_threshold=event.bid.threshold if event.bid is not None else None,
    )
    new = new.with_units((u.unit, UnitState(u.side, u.location, u.spent)) for u in event.units)
    piles: dict[Side, Piles] = {}
    for pc in event.piles or ():
        piles[pc.side] = piles.get(pc.side, Piles()).with_pile(pc.pile, pc.cards)
    return replace(new, piles=piles)


K = TypeVar("K")
V = TypeVar("V")


def _set(mapping: Mapping[K, V], key: K, value: V) -> Mapping[K, V]:
    """A copy of ``mapping`` with ``key`` set, for a new state (which never writes it: ``replay.state``)."""
    d = thaw(mapping)
    d[key] = value
    return d


def _with_trench(state: GameState, area: AreaId, level: int) -> Mapping[AreaId, int]:
    d = thaw(state.trenches)
    if level > 0:
        d[area] = level
    else:
        d.pop(area, None)
    return d


def settle_control(state: GameState, areas: Iterable[AreaId]) -> GameState:
    """Control after units entered or left ``areas``: one side alone in an area takes it."""
    draft = UnitsDraft(state)
    draft.settle(areas)
    changes = draft.changes()
    return state.evolve(**changes) if changes else state


def _move(draft: UnitsDraft, side: Side, units: tuple[UnitId, ...], origin: AreaId, steps: Iterable[AreaId]) -> None:
    """Move ``units`` step by step, settling control on each entry and departure (13.0).

    The first step takes each unit from wherever it is; after it the units stand together, and each
    further step moves them as one stack (``UnitsDraft.shift``: a few set operations, not a Python step
    per unit), their places written once at the end: a stack of 200 units along 40 areas costs about
    what 200 one-area moves do."""
    prev = origin
    moved: list[UnitId] = []
    groups: dict[Side, frozenset[UnitId]] | None = None
    last: Location | None = None
    for area in steps:
        loc = Location.in_area(area)
        if last is None:
            for u in units:
                placed = _placed(draft, u, side, loc)
                if placed is not None:
                    draft.set(u, placed)
                    moved.append(u)
        else:
            if groups is None:
                groups = draft.by_side(moved)
            draft.shift(groups, prev, area)
        last = loc
        draft.settle((prev, area))
        prev = area
    if groups is not None and moved and last is not None:  # (after one step the units already stand at ``last``)
        draft.put_all(moved, last)


def _placed(draft: UnitsDraft, unit: UnitId, side: Side | None, loc: Location) -> UnitState | None:
    old = draft.unit(unit)
    if old is not None:
        return _unit_state(UnitState, (old.side, loc, old.spent))
    if side is None:
        return None
    return UnitState(side, loc)


def _relocate(draft: UnitsDraft, units: tuple[UnitId, ...], to: Location, side: Side | None) -> None:
    touched = {a for u in units if (a := draft.area_of(u)) is not None}
    if to.area is not None:
        touched.add(to.area)
    placed = [(u, new) for u in units if (new := _placed(draft, u, side, to)) is not None]
    for u, new in placed:
        draft.set(u, new)
    draft.settle(sorted(touched))


def _damage(draft: UnitsDraft, event: Damage) -> None:
    for o in event.outcomes:
        current = draft.unit(o.unit)
        if current is None:
            continue
        if o.result in (DamageResult.FLIP, DamageResult.FLIP_RETREAT):
            draft.set(o.unit, UnitState(current.side, current.location, True))
        if o.result in (DamageResult.RETREAT, DamageResult.FLIP_RETREAT) and o.retreat:
            origin = draft.area_of(o.unit)
            if origin is not None:
                _move(draft, current.side, (o.unit,), origin, o.retreat)
        if o.result is DamageResult.ELIMINATE:
            _relocate(draft, (o.unit,), ELIMINATED, None)


def _with_piles(state: GameState, side: Side, piles: Piles) -> Changes:
    return {"piles": _set(state.piles, side, piles)}


def _move_cards(state: GameState, side: Side, cards: tuple[CardId, ...], to: Pile, prefer: Pile) -> Changes:
    """Move cards to ``to``, taking each from ``prefer`` if there, else from wherever it is."""
    p = state.piles_of(side)
    for card in cards:
        source = prefer if card in p.get(prefer) else p.where_is(card)
        if source is not None:
            held = list(p.get(source))
            held.remove(card)
            p = p.with_pile(source, tuple(held))
        p = p.with_pile(to, p.get(to) + (card,))
    return _with_piles(state, side, p)


# -- clock ----------------------------------------------------------------------------------------


Found = tuple[PartKind, ActionKind, ActionPart, frozenset[UnitId]]

ACTION_EVENTS: tuple[type[Move], type[Fire], type[Assault], type[Entrench], type[CardPlay], type[Pass], type[CardDiscard]] = (
    Move,
    Fire,
    Assault,
    Entrench,
    CardPlay,
    Pass,
    CardDiscard,
)
"""The event classes that may open or join an action (those ``action_part`` can answer for)."""
CLOSING_EVENTS: tuple[type[Event], ...] = (*ACTION_EVENTS, PhaseStart, GameEnd)
"""The event classes that may close the current action (``closes_action``)."""
# hot-path enum members and values, bound once (see ``ids``)
_MOVES_OF_ACTIONS = (MoveKind.MOVE, MoveKind.GATHER)  # the moves that act (a move action, a gather)
_MOVE_PART, _UNIT_ACTION = PartKind.MOVE, ActionKind.UNIT
_PASS_ACTION, _CONTINUE_ACTION = ActionKind.PASS, ActionKind.CONTINUE
_END_PHASE = Phase.END
_ON_MAP = LocationKind.AREA
_PASS_FOUND: Found = (PartKind.PASS, ActionKind.PASS, ActionPart(PartKind.PASS), frozenset())  # every pass's answer
_last_event: Event | None = None  # the last event asked about, and its answer: rules ask about one event many times
_last_found: Found | None = None


def action_part(event: Event) -> Found | None:
    """What the event does inside an action, the kind of action it opens, and the units it activates."""
    global _last_event, _last_found
    if event is not _last_event:
        _last_event, _last_found = event, _action_part(event)
    return _last_found


def _action_part(event: Event) -> Found | None:
    if not isinstance(event, ACTION_EVENTS):
        return None
    if isinstance(event, Move) and event.move_kind in _MOVES_OF_ACTIONS:
        part = _new_tuple(ActionPart, (_MOVE_PART, event.from_area, event.to_area, None))  # (hot: no Python ``__new__``)
        return _MOVE_PART, _UNIT_ACTION, part, frozenset(event.units)
    if isinstance(event, Fire) and event.units:
        return (
            PartKind.FIRE,
            ActionKind.UNIT,
            ActionPart(PartKind.FIRE, event.from_area, event.target),
            frozenset(event.units),
        )
    if isinstance(event, Assault):
        part = ActionPart(PartKind.ASSAULT, event.from_area, event.target)
        return PartKind.ASSAULT, ActionKind.UNIT, part, frozenset(event.units)
    if isinstance(event, Entrench):
        if event.units:
            part = ActionPart(PartKind.ENTRENCH, event.area, event.area, event.card)
            return PartKind.ENTRENCH, ActionKind.UNIT, part, frozenset(event.units)
        if event.card is not None:
            part = ActionPart(PartKind.ENTRENCH_DISCARD, event.area, event.area, event.card)
            return PartKind.ENTRENCH_DISCARD, ActionKind.ENTRENCH_DISCARD, part, frozenset()
        return None
    if isinstance(event, CardPlay) and event.as_action:
        part = ActionPart(PartKind.CARD, None, event.targets[0] if event.targets else None, event.card)
        return PartKind.CARD, ActionKind.CARD, part, frozenset()
    if isinstance(event, Pass):
        return _PASS_FOUND
    if isinstance(event, CardDiscard) and event.reason is DiscardReason.CONTINUE:
        card = event.cards[0] if event.cards else None
        return PartKind.CONTINUE, ActionKind.CONTINUE, ActionPart(PartKind.CONTINUE, card=card), frozenset()
    return None


_last_opens: tuple[Clock | None, Event | None, bool] = (None, None, False)  # as ``_last_event``


def opens_new_action(clock: Clock, event: Event) -> bool:
    """True when ``event`` starts a new action rather than joining the current one (6.0).

    Remembered for the last (clock, event) asked about: the replay and several rules ask it of each event."""
    global _last_opens
    last_clock, last_event, answer = _last_opens
    if last_clock is clock and last_event is event:
        return answer
    answer = _opens_new_action(clock, event)
    _last_opens = (clock, event, answer)
    return answer


@remembers
def _forget() -> None:
    global _last_event, _last_found, _last_opens
    _last_event, _last_found, _last_opens = None, None, (None, None, False)


def _opens_new_action(clock: Clock, event: Event) -> bool:
    if action_part(event) is None:
        return False
    if event.action is not None:
        return event.action != clock.action or clock.action_side is None
    return opens_action(event) or clock.action_side is None  # a gather move joins the current action


def closes_action(clock: Clock, event: Event) -> bool:
    """True when the current action (if any) is over once ``event`` happens."""
    if clock.action_side is None:
        return False
    return opens_new_action(clock, event) or isinstance(event, (PhaseStart, GameEnd))


def signature(event: Event) -> str:
    """A short key naming what the event is, for the End-phase step table of a ``SequenceOfPlay``."""
    if type(event) is Flip:  # the commonest End-phase event (the refresh)
        assert isinstance(event, Flip)
        return "flip:spent" if event.spent else "flip:fresh"
    if isinstance(event, DiceRoll):
        return f"dice:{event.purpose}"
    if isinstance(event, CardDiscard):
        return f"card-discard:{event.reason.value}"
    if isinstance(event, CardPlay):
        return f"card-play:{event.card}"
    if isinstance(event, NoSupplySet):
        return "no-supply:place" if event.present else "no-supply:remove"
    if isinstance(event, FireMarkerSet):
        return "fire-marker:place" if event.present else "fire-marker:remove"
    if isinstance(event, NoReplacementsSet):
        return "no-replacements:place" if event.present else "no-replacements:remove"
    if isinstance(event, Flip):
        return "flip:spent" if event.spent else "flip:fresh"
    if isinstance(event, Place):
        return f"place:{event.side.value}"
    return event.kind


def implied_end_step(state: GameState, event: Event) -> str | None:
    """The End-phase step the event belongs to: announced (``EndStep``) or implied by its signature."""
    if isinstance(event, EndStep):
        return event.step
    if state.sequence is None:
        return None
    return state.sequence.step_signatures.get(signature(event))


_OTHER, _PHASE_START, _GAME_END, _ACTING = range(4)
_CLOCK_ROLES: dict[type, int] = {}
"""What an event class is to the clock (a phase start, the game end, an ``ACTION_EVENTS`` class, or
another), found once per class by ``isinstance``'s own test (``issubclass``)."""


def _clock_role(cls: type) -> int:
    role = (
        _PHASE_START
        if issubclass(cls, PhaseStart)
        else _GAME_END
        if issubclass(cls, GameEnd)
        else _ACTING
        if issubclass(cls, ACTION_EVENTS)
        else _OTHER
    )
    _CLOCK_ROLES[cls] = role
    return role


def advance_clock(state: GameState, event: Event) -> Clock:
    clock = state.clock
    role = _CLOCK_ROLES.get(type(event))
    if role is None:
        role = _clock_role(type(event))
    if role == _PHASE_START:
        assert isinstance(event, PhaseStart)
        seq = state.sequence
        if event.turn != clock.turn:
            clock = Clock(turn=event.turn)
        return clock.evolve(
            phase=event.phase,
            end_step=None,
            action_side=None,
            parts=(),
            activated=frozenset(),
            recent=(),
            actions_in_phase=0,
            passes_in_row=0,
            side_to_act=seq.first_side if seq is not None and event.phase is Phase.ACTION else None,
        )
    if clock.phase is _END_PHASE and state.sequence is not None:
        step = implied_end_step(state, event)
        if step is not None and step != clock.end_step and _later_step(state, step, clock.end_step):
            clock = clock.evolve(end_step=step)
    if role == _GAME_END:
        return clock.evolve(action_side=None, parts=(), activated=frozenset())
    if role != _ACTING:
        return clock
    found = action_part(event)
    if found is None:
        return clock
    _, kind, part, units = found
    assert isinstance(event, ACTION_EVENTS)  # (``_ACTING``)
    side = event.side
    # (``Clock.evolve``, its keywords written as a dict: one call less on a path every action takes)
    if opens_new_action(clock, event):
        number = event.action if event.action is not None else clock.action + 1
        record = _new_tuple(ActionRecord, (number, side, kind))  # (no named tuple's Python ``__new__``: hot)
        return copy_with(
            clock,
            CLOCK_FIELD_SET,
            {
                "action": number,
                "action_side": side,
                "parts": (part,),
                "activated": units,
                "recent": (clock.recent + (record,))[-RECENT:],
                "actions_in_phase": clock.actions_in_phase + 1,
                "passes_in_row": clock.passes_in_row + 1 if kind is _PASS_ACTION else 0,
                "side_to_act": side if kind is _CONTINUE_ACTION else side.enemy,
            },
        )
    return copy_with(clock, CLOCK_FIELD_SET, {"parts": clock.parts + (part,), "activated": clock.activated | units})


def _later_step(state: GameState, step: str, current: str | None) -> bool:
    if current is None:
        return True
    seq = state.sequence
    if seq is None:
        return True
    new_i, cur_i = seq.step_index(step), seq.step_index(current)
    if new_i is None or cur_i is None:
        return new_i is not None
    return new_i > cur_i
