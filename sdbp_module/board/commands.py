"""``sdbp show LOG --at POSITION``: the board as the replay has it at one point of a log or save.

The log (``.vlog``, events ``.jsonl``, or a ``.vsav`` save: its pieces become the game start) is read
as ``sdbp check`` reads it, then replayed with ``apply`` alone (no rules: a position is shown even in
a game full of illegal moves) up to the position asked for (``replay.snapshots``, the same states the
HTML report pictures). ``--format png`` writes the whole board, drawn by ``board.draw`` on the
module's own images, atomically; ``--format text`` prints the state: clock, units per area by their
counters' names (``*`` = spent; the id beside a name two counters share), control, trenches, markers,
the boxes, the card piles and the step's events.

A position is what the findings print: ``planted.vlog#143`` (a log step), ``game.jsonl:212`` (a line
of a transcript), or only its number (``143``, ``#143``, ``:212``; a bare number is read the way that
log's findings print positions), ``start`` (the log's own game start, else the printed set-up) or
``end``.

A hex-map game (``GameData.hexes``) is shown from its own events (``replay.hexes``): the log read by
``replay.hexes.loading.load_hex_log``, replayed by ``replay.hexes.snapshots``, drawn by
``board.draw.HexBoardPainter`` or printed by ``hex_board_text`` (the turn, the impulse's card, the
units of each hex, ``*`` = flipped, the boxes, the step's events).
"""

from __future__ import annotations

import dataclasses
import importlib
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from pathlib import Path

import click

from sdbp_module.codec.identity import BuildMatch, Reference, notice
from sdbp_module.errors import EXIT_OK, InputError, one_line
from sdbp_module.fileio import require_file, write_atomically
from sdbp_module.ids import Side, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay.events import (
    END_OF_LOG,
    NOWHERE,
    Event,
    GameStart,
    Where,
    units_of,
)
from sdbp_module.replay.hexes.events import HexEvent, HexGameStart
from sdbp_module.replay.hexes.snapshots import HexSnapshot
from sdbp_module.replay.location import LocationKind
from sdbp_module.replay.snapshots import Snapshot, snapshots
from sdbp_module.replay.state import GameState
from sdbp_module.vassal import layout

FORMATS = ("png", "text")
_POSITION = re.compile(r"^(?P<file>.*?)(?P<sep>[#:]?)(?P<number>\d+)$")
_MAX_DIGITS = 30
"""A step or line number with more digits is past every log (and ``int`` refuses 4300 digits and more)."""


def read_log(
    log: Path, game: GameData, module: Path | None, build: Reference | Callable[[], Reference] | None = None
) -> tuple[Sequence[Event], BuildMatch | None]:
    """The events of a ``.vlog``, ``.jsonl`` or ``.vsav`` (its pieces: a game start), and its build against
    ``build`` (``replay.loading.load_log``); ``InputError`` if unreadable or of another build (unless allowed)."""
    if log.suffix.lower() == ".vsav":
        require_file(log, "save file")
        from sdbp_module.replay.interpret import read_vlog

        events, _, match = read_vlog(log, game, module, build() if callable(build) else build)
        return events, match
    if log.suffix.lower() not in (".vlog", ".jsonl"):
        raise InputError(f"{log}: expected a .vlog log, an events .jsonl file or a .vsav save")
    from sdbp_module.replay.loading import load_log

    loaded = load_log(log, game, module, build)
    return loaded.events, loaded.build


def parse_position(at: str, log: Path, events: Sequence[Event | HexEvent]) -> Where:
    """The ``Where`` of ``at`` in ``events`` (see the module doc); ``InputError`` naming the log and the range."""
    text = at.strip()
    shown_at = repr(at) if len(at) <= 60 else repr(f"{at[:40]}…{at[-10:]}")
    if text.lower() == "end":
        return END_OF_LOG
    if text.lower() == "start":  # the log's own game start (a .vlog's step 0), else the printed set-up
        return events[0].where if events and isinstance(events[0], (GameStart, HexGameStart)) else NOWHERE
    m = _POSITION.match(text)
    if m is None:
        raise InputError(f"{log}: --at {shown_at}: expected a position as the findings give it (e.g. 143, #143, :212, {log.name}#143), 'start' or 'end'")
    file, sep, digits = m["file"], m["sep"], m["number"].lstrip("0") or "0"
    number = int(digits) if len(digits) <= _MAX_DIGITS else None  # None: no step or line of any log
    if file and not sep:
        raise InputError(f"{log}: --at {shown_at}: expected FILE#STEP or FILE:LINE")
    if file:
        files = {e.where.file for e in events}
        names = {Path(f).name for f in files} | {log.name, str(log)}
        if file not in files and Path(file).name not in names:
            raise InputError(f"{log}: --at {shown_at}: the log's positions are in {', '.join(sorted(Path(f).name for f in files)) or log.name}, not {file}")
    lines = [e for e in events if e.where.line is not None]
    by_line = sep == ":" or (sep == "" and bool(lines) and len(lines) == len(events))
    if by_line:
        if not lines:
            raise InputError(f"{log}: --at {shown_at}: the log has no line numbers; give a step (#N)")
        first, last = min(e.where.line or 0 for e in lines), max(e.where.line or 0 for e in lines)
        for e in lines:
            if e.where.line == number:
                return e.where
        raise InputError(f"{log}: --at {shown_at}: no event on line {_shown(digits)} (events on lines {first}-{last})")
    if not events:
        raise InputError(f"{log}: --at {shown_at}: the log holds no events (use start or end)")
    first, last = min(e.where.index for e in events), max(e.where.index for e in events)
    if number is None or not first <= number <= last:
        raise InputError(f"{log}: --at {shown_at}: no log step {_shown(digits)} (steps {first}-{last})")
    for e in events:
        if e.where.index == number:
            return e.where
    return Where(events[-1].where.file, number)  # a step without events: the state after the steps before it


def _shown(digits: str) -> str:
    """A step or line number as a message quotes it: a very long one cut in the middle."""
    return digits if len(digits) <= 40 else f"{digits[:20]}…{digits[-20:]}"


@record
class Shown:
    """A log read and replayed to one position."""

    game: GameData
    events: Sequence[Event]
    snapshot: Snapshot
    build: BuildMatch | None = None


def replay_to(log: Path, at: str, game: GameData, module: Path | None, build: Reference | Callable[[], Reference] | None = None) -> Shown:
    """Read ``log`` and replay it (without rules) to the position ``at``."""
    from sdbp_module.rules.checker import start_state
    from sdbp_module.rules.commands import area_rules_package

    events, match = read_log(log, game, module, build)
    where = parse_position(at, log, events)
    initial = start_state(events, game, area_rules_package(game.game.id).make_sequence(game))
    snap = snapshots(events, initial, [where])[where.sort_key]
    return Shown(game, events, snap, match)


def run_show(
    log: Path, *, at: str, module: Path | None, data_dir: Path, fmt: str, output: Path | None, allow_other_build: bool = False
) -> int:
    """Write the board at ``at`` as a PNG (``-o`` required) or print it as text; 0, or InputError (2).

    A ``.vlog``/``.vsav`` of another build than the module's is refused, or with ``allow_other_build``
    shown with a warning (on top of the text; on stderr beside a picture)."""
    from sdbp_module.model.from_data import load_game
    from sdbp_module.replay.loading import reference
    from sdbp_module.reports.terminal import printable

    if fmt not in FORMATS:
        raise InputError(f"--format {fmt!r}: expected png or text")
    if fmt == "png" and output is None:
        raise InputError(f"{log}: --format png writes an image: give -o OUT.png (or use --format text)")
    game = load_game(data_dir, hex_map=True)
    if game.hexes is not None:
        return run_hex_show(log, at=at, game=game, module=module, fmt=fmt, output=output)
    shown = replay_to(log, at, game, module, partial(reference, game, module, data_dir, allow_other=allow_other_build, verb="show"))
    warning = notice(str(log), shown.build)
    if fmt == "text":
        text = printable((f"{warning}\n\n" if warning else "") + board_text(game, shown.snapshot))
        if output is None:
            click.echo(text, nl=False)
        else:
            write_atomically(output, text.encode("utf-8"))
        return EXIT_OK
    from sdbp_module.board.draw import BoardPainter

    assert output is not None
    if warning:
        click.echo(one_line(warning), err=True)
    picture = BoardPainter(game, module=module).picture(shown.snapshot, crop=False, fmt="png")
    write_atomically(output, picture.data)
    click.echo(one_line(f"{output}: {picture.width}x{picture.height} pixels, {picture.alt}"))
    return EXIT_OK


# ------------------------------------------------------------------------------------------
# The text form


class _Names:
    """A unit as a reader knows it: its counter's name (``Unit.name``), with its id in brackets where
    two units of the game share that name, the id alone for a unit the game does not have."""

    def __init__(self, game: GameData) -> None:
        self.game = game
        self.repeated = {n for n, k in Counter(u.name for u in game.units).items() if k > 1}

    def __call__(self, uid: UnitId) -> str:
        if not self.game.has_unit(uid):
            return uid
        name = self.game.unit(uid).name
        return f"{name} [{uid}]" if name in self.repeated else name

    def listed(self, state: GameState, uids: Sequence[UnitId]) -> str:
        """``uids`` by name, comma-separated (names hold spaces), ``*`` after a spent one."""
        return ", ".join(self(u) + ("*" if state.is_spent(u) else "") for u in uids)


def board_text(game: GameData, snapshot: Snapshot) -> str:
    """The state of ``snapshot`` for a reader: clock, areas, boxes, markers, cards, the step's events."""
    from sdbp_module.board.scene import arrows_of, caption

    state = snapshot.state
    namer = _Names(game)
    c = state.clock
    lines = [f"Board {caption(snapshot)}"]
    clock = c.describe() if c.turn else "before the first turn"
    if c.side_to_act is not None:
        clock += f"; {c.side_to_act.label} to act"
    if state.ended:
        clock += "; game over" + (f", {state.winner.label} win" if state.winner is not None else "")
    lines += [f"Clock: {clock}", "", "Areas (* = spent; control as printed unless said):"]
    for area in game.areas:
        facts = []
        ctrl = state.control.get(area.id)
        if ctrl is not None and ctrl is not area.control:
            facts.append(f"{ctrl.label} control (printed {area.control.label})")
        elif ctrl is None:
            facts.append("control unknown")
        if state.trench(area.id):
            facts.append(f"trench {state.trench(area.id)}")
        for side in game.game.sides:
            if (area.id, side) in state.fire_markers:
                facts.append(f"fire marker {side.label}")
        if area.id in state.no_supply:
            facts.append("No Supply")
        units = state.units_in(area.id)
        if not units and not facts:
            continue
        head = f"  {area.id:>2} {area.name}"
        lines.append(head + (f": {'; '.join(facts)}" if facts else ""))
        for side in game.game.sides:
            mine = state.units_in(area.id, side)
            if mine:
                lines.append(f"       {side.label} ({len(mine)}): " + namer.listed(state, mine))
    empty = [str(a.id) for a in game.areas if not state.units_in(a.id)]
    if empty:
        lines.append(f"  empty: {' '.join(empty)}")
    for area_id in sorted(a for a in state.occupants if not game.has_area(a)):
        lines.append(f"  {area_id} (not an area of this map): " + namer.listed(state, state.units_in(area_id)))
    lines += ["", "Off the map:"]
    turns = sorted({us.location.turn for us in state.units.values() if us.location.kind is LocationKind.TURN and us.location.turn is not None})
    for turn in turns:
        ids = tuple(sorted(u for u, us in state.units.items() if us.location.kind is LocationKind.TURN and us.location.turn == turn))
        lines.append(f"  turn {turn} box ({len(ids)}): " + namer.listed(state, ids))
    boxes = (
        (LocationKind.REPLACEMENTS, "Replacements"),
        (LocationKind.ELIMINATED, "Eliminated"),
        (LocationKind.REMOVED, "Removed"),
        (LocationKind.OFF_MAP, f"Off the map ({layout.RELIEF} box)"),
    )
    for kind, title in boxes:
        ids = state.units_at(kind)
        if ids:
            lines.append(f"  {title} ({len(ids)}): " + namer.listed(state, ids))
    lines += [
        "",
        "Markers:",
        f"  turn marker: {state.turn_marker if state.turn_marker is not None else 'none'}",
        f"  No Replacements: {'yes' if state.no_replacements else 'no'}",
        f"  control differs from printed: {_count(sum(1 for a in game.areas if state.control.get(a.id) not in (None, a.control)), 'area')}",
        f"  trenches: {', '.join(f'{a} (level {n})' for a, n in sorted(state.trenches.items())) or 'none'}",
        f"  fire markers: {', '.join(f'{a} ({s.label})' for a, s in sorted(state.fire_markers, key=lambda t: (t[0], t[1].value))) or 'none'}",
        f"  No Supply: {', '.join(str(a) for a in sorted(state.no_supply)) or 'none'}",
        "",
        "Cards" + ("" if state.piles_known else " (the log did not show the decks: counts from what it showed)") + ":",
    ]
    for side in game.game.sides:
        p = state.piles_of(side)
        lines.append(f"  {side.label}: deck {len(p.deck)}, hand {len(p.hand)}, discard {len(p.discard)}, removed {len(p.removed)}")
        if p.hand:
            names = [f"{cid} {game.card(cid).name}" if game.has_card(cid) else cid for cid in p.hand]
            lines.append("    hand: " + "; ".join(names))
    if snapshot.events:
        lines += ["", f"This step ({snapshot.where}):"]
        for e in snapshot.events:
            if isinstance(e, GameStart):
                lines.append(f"  game-start ({len(e.units)} units)")
                continue
            units = units_of(e)
            lines.append(f"  {e.kind}" + (f" {', '.join(namer(u) for u in units)}" if units else "") + _event_detail(e))
        arrows = arrows_of(game, layout.make_layout(game), state, snapshot.events)
        if arrows:
            lines.append("  drawn: " + "; ".join(a.label for a in arrows))
    return "\n".join(lines) + "\n"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _event_detail(e: Event) -> str:
    """A few words on an event beyond its units: sides, areas, cards."""
    bits = []
    for name in ("side", "from_area", "to_area", "target", "area", "card", "to", "turn", "phase", "step", "reason", "spent", "present", "level", "purpose", "values", "winner"):
        value = getattr(e, name, None)
        if value is None or value == ():
            continue
        text = value.value if hasattr(value, "value") else str(value)
        bits.append(f"{name}={text}")
    cards = getattr(e, "cards", None)
    if cards:
        bits.append("cards=" + ",".join(cards))
    return f" ({', '.join(bits)})" if bits else ""


# ------------------------------------------------------------------------------------------
# A hex-map game


HEX_LOADER = "sdbp_module.replay.hexes.loading"
"""The module that reads a hex game's ``.vlog`` and ``.jsonl`` logs (``load_hex_log``)."""


def read_hex_log(log: Path, game: GameData) -> Sequence[HexEvent]:
    """The events of a hex game's ``.vlog`` or ``.jsonl`` (``replay.hexes.loading.load_hex_log``);
    ``InputError`` when it cannot be read."""
    if log.suffix.lower() not in (".vlog", ".jsonl"):
        raise InputError(f"{log}: expected a .vlog log or an events .jsonl file (a hex-map game's save is not shown)")
    require_file(log, "log file")
    loader = importlib.import_module(HEX_LOADER)
    events: Sequence[HexEvent]
    events, _problems = loader.load_hex_log(log, game)
    return events


def hex_replay_to(events: Sequence[HexEvent], log: Path, at: str, game: GameData) -> HexSnapshot:
    """Replay a hex game's ``events`` (without rules) to the position ``at``: from the printed set-up
    (until the log's own game start), eliminated units into their side's box as the module's
    *Eliminate* sends them."""
    from sdbp_module.replay.hexes.snapshots import (
        eliminated_boxes,
        hex_snapshots,
        setup_state,
    )

    where = parse_position(at, log, events)
    found = hex_snapshots(events, [where], initial=setup_state(game), eliminated_box=eliminated_boxes(game))
    return found[where.sort_key]


def run_hex_show(log: Path, *, at: str, game: GameData, module: Path | None, fmt: str, output: Path | None) -> int:
    """``run_show`` for a hex-map game: the board at ``at`` as a PNG (``board.draw.HexBoardPainter``) or as text."""
    from sdbp_module.reports.terminal import printable

    snapshot = hex_replay_to(read_hex_log(log, game), log, at, game)
    if fmt == "text":
        text = printable(hex_board_text(game, snapshot))
        if output is None:
            click.echo(text, nl=False)
        else:
            write_atomically(output, text.encode("utf-8"))
        return EXIT_OK
    from sdbp_module.board.draw import HexBoardPainter

    assert output is not None
    picture = HexBoardPainter(game, module=module).hex_picture(snapshot, crop=False, fmt="png")
    write_atomically(output, picture.data)
    click.echo(one_line(f"{output}: {picture.width}x{picture.height} pixels, {picture.alt}"))
    return EXIT_OK


class _HexNames:
    """A unit as a reader knows it: its counter's printed name (``Unit.company``), with its id in
    brackets where two units share that name, the id alone for a unit the game does not have."""

    def __init__(self, game: GameData) -> None:
        self.game = game
        self.repeated = {n for n, k in Counter(u.company for u in game.units).items() if k > 1}

    def __call__(self, unit: str) -> str:
        uid = UnitId(unit)
        if not self.game.has_unit(uid):
            return unit
        name = self.game.unit(uid).company
        return f"{name} [{unit}]" if name in self.repeated else name

    def listed(self, units: Iterable[str], flipped: frozenset[str]) -> str:
        return ", ".join(self(u) + ("*" if u in flipped else "") for u in units)


def hex_board_text(game: GameData, snapshot: HexSnapshot) -> str:
    """The state of ``snapshot`` for a reader: the turn and the impulse's card, the units of each hex
    (with its terrain and printed name), each box, the units nowhere on the board, the step's events."""
    from sdbp_module.board.hex_scene import board_layout, hex_arrows, hex_caption
    from sdbp_module.replay.hexes.events import box_place

    assert game.hexes is not None
    state = snapshot.state
    names = _HexNames(game)
    order = {str(u.id): i for i, u in enumerate(game.units)}
    by_place: dict[str, list[str]] = {}
    for unit in sorted(state.places, key=lambda u: (order.get(u, len(order)), u)):
        by_place.setdefault(state.places[unit], []).append(unit)
    card = snapshot.card
    lines = [f"Board {hex_caption(snapshot)}", f"Turn: {state.turn}"]
    if card is not None:
        lines.append(f"Impulse card: {card.card}" + (f", drawn by {card.side.label}" if card.side is not None else ""))
    else:
        lines.append("Impulse card: none drawn this turn")
    lines += ["", "Hexes (* = flipped):"]
    hexmap = game.hexes.map
    grid = hexmap.grid
    named = {p.hex: p.name for p in game.hexes.places}
    known: set[str] = set()
    for h in grid.hexes():
        hex_id = grid.hex_id(h)
        known.add(hex_id)
        units = by_place.get(hex_id)
        if not units:
            continue
        where = f"{hex_id} {hexmap.terrain[h]}" + (f" ({named[hex_id]})" if hex_id in named else "")
        lines.append(f"  {where}: {names.listed(units, state.flipped)}")
    if not any(by_place.get(grid.hex_id(h)) for h in grid.hexes()):
        lines.append("  none")
    lines += ["", "Boxes:"]
    for box in game.hexes.boxes:
        place = box_place(box.id)
        known.add(place)
        units = by_place.get(place, [])
        lines.append(f"  {box.name} ({len(units)})" + (f": {names.listed(units, state.flipped)}" if units else ""))
    elsewhere = [u for p, units in by_place.items() if p not in known for u in units]
    if elsewhere:
        lines += ["", "Not on the board (no such hex or box, or nowhere):"]
        for u in elsewhere:
            lines.append(f"  {names(u)}: {state.places[u] or 'nowhere'}")
    if snapshot.events:
        lines += ["", f"This step ({snapshot.where}):"]
        lines += [f"  {hex_event_text(e, names)}" for e in snapshot.events]
        arrows = hex_arrows(board_layout(game), snapshot)
        if arrows:
            lines.append("  drawn: " + "; ".join(a.label for a in arrows))
    return "\n".join(lines) + "\n"


_UNIT_FIELDS = frozenset({"unit", "target"})


def hex_event_text(e: HexEvent, names: Callable[[str], str]) -> str:
    """One event in a line: its kind, then each fact (``field=value``; units by name, a side by its
    label, a firer with its hex, a game start by its count of units)."""
    if isinstance(e, HexGameStart):
        return f"{e.kind} ({len(e.places)} units, {len(e.flipped)} flipped, turn {e.turn})"
    bits: list[str] = []
    for f in dataclasses.fields(e):
        if f.name == "where":
            continue
        value = getattr(e, f.name)
        if value is None or value == "" or value == ():
            continue
        if isinstance(value, Side):
            text = value.label
        elif f.name == "units":
            text = ", ".join(names(u) for u in value)
        elif f.name == "firers":
            text = ", ".join(f"{names(u)} in {p}" for u, p in value)
        elif f.name in _UNIT_FIELDS:
            text = names(value)
        else:
            text = str(value)
        bits.append(f"{f.name}={text}")
    return e.kind + (f" ({'; '.join(bits)})" if bits else "")
