"""One marker act, one meaning: a marker is judged at the face its player gave it.

A marker dragged from the palette arrives with the face its palette entry shows; the player may then
turn it with its menu, take it off again or drag it to another area. In the log each of these is a
step of its own, but it is one act: the marker means what it shows once the player is done. So the
checker (``rules.checker``) and the board pictures (``replay.snapshots``) read the events through
``settle_markers``, which joins a marker event and the events that continue **the same marker** in
the same act into one — the act's net effect, at the position of its last step:

- *the same marker*: an event of the same kind (``ControlSet``, ``FireMarkerSet``, ``TrenchSet``) on
  the same area that turns it (``was`` is the face it showed) or takes it off (a fire marker of the
  face it showed; a trench level 0);
- *the same act*: no event in between that opens another action (``events.opens_action``; an
  explicit ``action`` number equal to the marker's current one keeps the act open), starts a phase
  or an End-phase step, or ends the game; and the same player, where the log names both
  (``by``; a player's act is not continued by the other player's);
- *the net effect*: a marker put down and turned is one marker put down with its last face (the
  palette face is never judged); a marker put down and taken off again is nothing; an older marker
  turned and turned back is nothing; an older marker turned and then taken off is that marker taken
  off.

Everything else stands as logged: a marker turned in a later act is a change of that marker (a
correction, judged as what it shows then), never a second marker.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from sdbp_module.ids import AreaId, Side
from sdbp_module.replay.events import (
    CardDiscard,
    CardPlay,
    ControlSet,
    EndStep,
    Event,
    Fire,
    FireMarkerSet,
    GameEnd,
    Move,
    PhaseStart,
    TrenchSet,
    opens_action,
)

MarkerEvent = ControlSet | FireMarkerSet | TrenchSet
Face = Side | int
Key = tuple[type, AreaId, Face]

_MARKERS = (ControlSet, FireMarkerSet, TrenchSet)
_ACT_ENDS = (PhaseStart, EndStep, GameEnd)


def face(event: MarkerEvent) -> Face | None:
    """What the marker shows after the event; None when the event takes it off."""
    if isinstance(event, TrenchSet):
        return event.level if event.level > 0 else None
    if isinstance(event, FireMarkerSet) and not event.present:
        return None
    return event.side


def _removed(event: MarkerEvent) -> Face | None:
    """The face of the marker the event takes off (None: it takes none off, or the log does not say)."""
    if isinstance(event, FireMarkerSet) and not event.present:
        return event.side
    if isinstance(event, TrenchSet) and event.level <= 0:
        return event.was
    return None


def _continues(earlier: MarkerEvent, later: MarkerEvent) -> bool:
    """``later`` turns or takes off the marker ``earlier`` left, by the same player where both are known."""
    if earlier.by is not None and later.by is not None and earlier.by is not later.by:
        return False
    shown = face(earlier)
    if face(later) is None:
        return _removed(later) == shown
    return later.was is not None and later.was == shown


def _net(earlier: MarkerEvent, later: MarkerEvent) -> MarkerEvent | None:
    """The one event that does what ``earlier`` then ``later`` did (None: together they changed nothing)."""
    before = earlier.was  # the face the marker had before the act (None: there was none)
    by = earlier.by if earlier.by is not None else later.by
    after = face(later)
    if after is None:  # taken off
        if before is None:
            return None
        if isinstance(later, TrenchSet):
            assert isinstance(before, int)
            return replace(later, level=0, was=before, by=by)
        assert isinstance(later, FireMarkerSet) and isinstance(before, Side)
        return replace(later, side=before, was=None, by=by)
    if before == after:
        return None
    if isinstance(later, TrenchSet):
        assert before is None or isinstance(before, int)
        return replace(later, was=before, by=by)
    assert before is None or isinstance(before, Side)
    return replace(later, was=before, by=by)


def _key(event: MarkerEvent) -> Key | None:
    shown = face(event)
    return None if shown is None else (type(event), event.area, shown)


_PLAIN, _OPENS, _DEPENDS, _ACT_END, _MARKER = range(5)
"""What ``settle_markers`` needs to know of an event class: neither a marker nor an act's end and never
opening an action; always opening one; opening one or not by its fields (``events.opens_action``); ending
the act; a marker event."""
_ROLES: dict[type, int] = {}


def _role(cls: type) -> int:
    """The role of an event class (``_ROLES``), found once per class as ``settle_markers``'s tests would."""
    role = _ROLES.get(cls)
    if role is None:
        if issubclass(cls, _ACT_ENDS):
            role = _ACT_END
        elif issubclass(cls, _MARKERS):
            role = _MARKER  # (no marker event opens an action)
        elif issubclass(cls, (Move, Fire, CardPlay, CardDiscard)):
            role = _DEPENDS
        else:
            role = _OPENS if getattr(cls, "opens_action", False) else _PLAIN
        _ROLES[cls] = role
    return role


def settle_markers(events: Sequence[Event]) -> Sequence[Event]:
    """The events with each player's marker act joined into its net effect (see the module doc);
    the same sequence when no event continues an earlier marker of its act."""
    if not any(isinstance(e, _MARKERS) and (e.was is not None or face(e) is None) for e in events):
        return events  # no marker is turned or taken off: nothing to join
    out: list[Event | None] = []
    open_marks: dict[Key, int] = {}  # the markers the current act left: (kind, area, face) → index in out
    action: int | None = None  # the explicit number of the current action, if the log gives one
    roles = _ROLES
    for event in events:
        role = roles.get(type(event))
        if role is None:
            role = _role(type(event))
        if role == _PLAIN:  # the commonest: kept as it is
            out.append(event)
            continue
        if role == _ACT_END:
            open_marks.clear()
        elif role == _OPENS or (role == _DEPENDS and opens_action(event)):
            if event.action is None or event.action != action:
                open_marks.clear()
            action = event.action
        if role != _MARKER:
            out.append(event)
            continue
        assert isinstance(event, _MARKERS)
        continued = _continued(event, open_marks, out)
        if continued is not None:
            index, earlier = continued
            out[index] = None
            del open_marks[_key_of(earlier)]
            net = _net(earlier, event)
            if net is None:
                continue
            event = net
        key = _key(event)
        if key is not None:
            open_marks[key] = len(out)
        out.append(event)
    return [e for e in out if e is not None]


def _key_of(event: MarkerEvent) -> Key:
    key = _key(event)
    assert key is not None
    return key


def _continued(event: MarkerEvent, open_marks: dict[Key, int], out: list[Event | None]) -> tuple[int, MarkerEvent] | None:
    """The marker event of the current act that ``event`` continues, with its index in ``out``."""
    shown = _removed(event) if face(event) is None else event.was
    if shown is None:
        return None
    index = open_marks.get((type(event), event.area, shown))
    if index is None:
        return None
    earlier = out[index]
    assert isinstance(earlier, _MARKERS)
    return (index, earlier) if _continues(earlier, event) else None
