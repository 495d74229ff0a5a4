"""A ``.vlog`` written with the module from ``sdbp build`` → the checker's events (issue #5).

``events_from_vlog(path, game, module)`` decodes the log with the codec, rebuilds the starting
position from the save part (a ``GameStart`` and the tracker's ``PhaseStart``, both at index 0),
then walks the top-level ``LOG`` steps in order (nested ``LOG`` entries belong to their step and are
read depth-first, as the engine executes them, at any depth; a step whose root is ``null`` or empty
is read by its children alone).
Every event's ``where`` is ``Where(<file name>, n)`` with n the 1-based log step (as in
``sdbp convert x.vlog x.jsonl``). Pieces are tracked by VASSAL id and named by their ``sdbp_id``
Marker property (``docs/module-pieces.md``); positions resolve to places through the module's zones
(``replay.vlog.zones``; the game data's polygons when no module is given).

What each log construct becomes (``docs/report-formats.md`` gives the lines):

- ``M/`` of units (or of their stack), area → area: ``Move`` (units with the same from/to in one
  step together; no path: the log holds only the ends); turn box / Replacements / Relief Force →
  area: ``Place`` (reinforcement / replacement / card); → Eliminated or Removed: ``Relocate``
  (reason ``eliminated`` / ``removed``; an ``ELIMINATE``/``REMOVE`` line alone gives the same);
  other box moves: ``Relocate``;
- ``D/`` changing a unit's ``Spent`` layer: ``Flip`` (the ``FLIP`` line is not needed);
- card ``M/``: deck → hand ``CardDraw``, discard → deck ``Reshuffle``; a card reaching a discard or
  removed pile must be explained by a ``CARD`` or card ``ENTRENCH`` line of the same step;
- ``DICE`` → ``DiceRoll`` (purpose as written: ``fire`` for unit and card fire, ``assault`` for an
  assault's roll and each *Giap Demands Success* re-roll; ``replacements`` is the events'
  ``replacement``); ``PHASE`` → ``PhaseStart`` (a line naming the turn and phase the game is already
  in gives none: the tracker staying at the last turn, report-formats §2.2); ``PASS`` → ``Pass``; runs of ``FIRE``/``ASSAULT``
  lines of one side, area and target → one ``Fire``/``Assault``; ``ENTRENCH`` (units) →
  ``Entrench``; ``ENTRENCH`` (card) → ``Entrench`` + ``CardDiscard`` (reason entrench); ``CARD``
  play/discard/remove → ``CardPlay`` (``as_action`` when the card's timing is ``A``; a typed target
  that is not an area is read as none, and said) / ``CardDiscard`` (reason from the phase: draw →
  excess, action → continue, end → end-phase) / ``CardRemove``; ``RESULT`` (a player's **<side>
  win** button) → ``GameEnd`` with that winner (the claim the checker compares with the victory
  count);
- a ``CARD`` play of a card with firepower (not *Mortar Support*) → ``CardPlay`` + ``Fire(card=…)``
  at the typed target (*Débouchez à Zéro!* during an enemy assault: at the assault's origin); *Artillery*
  / *TOT Artillery* get ``mode`` ``fire`` (a roll of their side follows before the next action) or
  ``remove-trenches`` (trench markers of the target removed instead: no ``Fire``); *105mm* / *75mm
  Artillery* ``counter-battery`` against the other side's unresolved artillery card (not the action,
  no ``Fire``), else ``fire`` as the action (``replay.vlog.card_fire``);
- markers placed, moved, turned or deleted, and ``MARKER`` lines: ``ControlSet``, ``TrenchSet``,
  ``FireMarkerSet``, ``NoSupplySet``, ``NoReplacementsSet`` (a trench, fire or No Supply marker
  leaving an area removes it there; a control marker leaving one changes nothing: control stays
  as the replay derives it, 13.0). One piece is one marker: a marker piece's ``D/`` that turns it
  (its menu) is a re-face of that marker (``was`` = the face it showed), and the ``MARKER`` line
  under it gives only the player (``by``); a ``MARKER`` line with no such ``D/`` is read on its own;
  a placement's player is its ``MOVE`` line's side (``replay.markers`` then reads a player's act
  at the face it ends with);
- after a ``Fire`` (by units or a card) or an ``Assault``, the defender's ``DAMAGE`` lines
  (``result=flip`` / ``eliminate``) and ``RETREAT`` lines, with their own ``D/`` flip, ``M/`` into
  Eliminated or drag, and the target's plain flips, retreats and eliminations by its owner: one
  ``Damage`` (``replay.vlog.damage``; a typed retreat area the drag contradicts, or a drag no
  retreat explains, is a problem); an assault's move into the target: an advance; a *Débouchez*
  fire inside an assault: a ``Damage`` of its own (the assaulting units in the origin) before the
  assault's;
- a *Counter Attack* card played as the action, the moves of its side that follow it
  (``MoveKind.GATHER``) and its attack, a *Surprise Assault* and its ``Assault``, a card a side plays
  just before its own attack (timing D, *Night Assault*, *Mortar Support*, *Flamethrowers*) and that
  attack: one explicit ``action`` number each (``replay.vlog.card_action``);
- an ``UNDO`` step takes back the events of the step before it (its inverse commands update the
  tracked pieces);
- the engine's own records are read for what they change and give no event: the AddPiece of a
  stack (a drop where no stack was), a Report Action's ``D/`` that changes nothing, the dice
  buttons' ``MutableProperty`` changes, the turn tracker's ``TURN`` command beside its PHASE line;
  the End-phase helpers' ``HELPER`` lines (§2.13) are records only: what they did is read from the
  commands under them (the flips and their ``FLIP`` lines, the markers' ``-/``, the cards' ``M/``
  from deck to hand).

Whatever cannot be read for sure is a ``Problem`` (the checker reports it as ``cannot-check``):
an unknown piece or card, a position outside every zone, a malformed ``SDBP`` line or one naming
an unknown unit/area, a field word outside its vocabulary (a ``DICE`` purpose not of the module's
dice buttons, a ``MARKER`` kind or state not of ``markers.yaml``: the line is not read, never a
move; report-formats §1), a card moving between piles with no report line, an undo that does not
match the step before it, a ``DAMAGE``/``RETREAT`` line with no attack open, a card fire with no
target. Beyond the damage and card readings above, nothing is inferred.
"""

from __future__ import annotations

from dataclasses import field, replace
from functools import lru_cache
from pathlib import Path

from sdbp_module.codec.identity import (
    BuildMatch,
    Reference,
    judge,
    recorded_build,
    recorded_name,
)
from sdbp_module.codec.module_info import module_info, read_module
from sdbp_module.codec.pieces import add_piece_fields
from sdbp_module.codec.reading import read_game
from sdbp_module.codec.sequence import decode as se_decode
from sdbp_module.codec.tree import Command
from sdbp_module.errors import InputError
from sdbp_module.ids import AreaId, CardId, Phase, Side, UnitId, is_small_number
from sdbp_module.limits import MAX_EVENTS, MAX_LOG_LINE_CHARS
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay.bounds import bounded
from sdbp_module.replay.events import (
    Assault,
    CardDiscard,
    CardDraw,
    CardPlay,
    CardRemove,
    ControlSet,
    DiceRoll,
    DiscardReason,
    Entrench,
    Event,
    Fire,
    FireMarkerSet,
    Flip,
    GameEnd,
    Move,
    NoReplacementsSet,
    NoSupplySet,
    Pass,
    PhaseStart,
    Pile,
    Place,
    PlaceKind,
    Relocate,
    Reshuffle,
    TrenchSet,
    Where,
)
from sdbp_module.replay.location import ELIMINATED, REMOVED, Location, LocationKind
from sdbp_module.replay.vlog.card_action import number_card_actions
from sdbp_module.replay.vlog.card_fire import read_card_fire
from sdbp_module.replay.vlog.damage import (
    ELIMINATE,
    FLIP,
    RETREAT,
    DamageReader,
    HitLine,
    pair_hit_lines,
)
from sdbp_module.replay.vlog.lines import (
    MARK,
    LineError,
    ReportLine,
    parse_line,
    side_named,
)
from sdbp_module.replay.vlog.problem import Problem
from sdbp_module.replay.vlog.start import PHASES, StartReader
from sdbp_module.replay.vlog.tracker import Moved, TrackedPiece, Tracker
from sdbp_module.replay.vlog.zones import Place as Spot
from sdbp_module.replay.vlog.zones import PlaceKind as SpotKind
from sdbp_module.replay.vlog.zones import PlaceResolver, Zones
from sdbp_module.replay.vocabulary import event_purpose

__all__ = ["Problem", "events_from_vlog", "interpret_tree", "open_log", "read_vlog"]


def events_from_vlog(path: Path, game: GameData, module: Path | None) -> tuple[list[Event], list[Problem]]:
    """Interpret a ``.vlog``: its events in log order and the problems found (see the module doc).

    ``sdbp check``, ``sdbp show`` and ``sdbp convert --events`` read logs through ``read_vlog``
    (``replay.loading.load_log``), which also compares the log's build; the checker turns each problem
    into a ``cannot-check`` finding. Unreadable files raise the codec's ``CodecError``/``InputError``.
    """
    events, problems, _ = read_vlog(path, game, module, None)
    return events, problems


_MODULE_MARKS = ("sdbp_id", MARK)
"""What every save and log of a module built by sdbp holds: its pieces' ``sdbp_id`` Marker property and
its report lines (``docs/module-pieces.md``, ``docs/report-formats.md``); a file without ``moduledata``
holding neither is of another module."""


def read_vlog(
    path: Path, game: GameData, module: Path | None, reference: Reference | None
) -> tuple[list[Event], list[Problem], BuildMatch | None]:
    """``events_from_vlog``, and the log's build against ``reference`` (``codec.identity.judge``: a log of
    another build is refused unless the reference allows it), judged before anything is interpreted.

    The one place a save or log is taken as one of the game's module: a ``moduledata`` naming another
    module is refused, and so is a file with no ``moduledata`` that holds nothing of the module (no
    ``sdbp_id``, no SDBP line); then its build is judged. Its steps and events are bounded (``limits``,
    ``replay.bounds``)."""
    tree, match = open_log(path, game, reference)
    zones = replace(module_zones(module), sides=game.game.sides) if module is not None else Zones.from_game(game)
    events, problems = interpret_tree(tree, game, zones, path.name)
    return list(bounded(events, game)), problems, match


def open_log(path: Path, game: GameData, reference: Reference | None) -> tuple[Command, BuildMatch | None]:
    """The command tree of a save or log taken as one of the game's module, and its build against
    ``reference``: refused in one line when it names another module, holds nothing of the module,
    is of another build (``codec.identity.judge``) or has more steps than a log is read up to.
    Shared by the area games' reading (``read_vlog``) and the hex games' (``replay.hexes.interpret``)."""
    env, tree, entries = read_game(path)
    other = recorded_name(entries)
    if other is not None and other != game.game.module_name:
        raise InputError(f"{path}: a log of the module {other!r}, not of {game.game.module_name!r}")
    if other is None and not any(mark in env.text for mark in _MODULE_MARKS):
        raise InputError(
            f"{path}: not a save or log of {game.game.module_name!r}: it names no module (no moduledata entry) and "
            "none of its pieces or lines is the module's (no sdbp_id, no SDBP line)"
        )
    del env
    match = judge(str(path), recorded_build(entries), reference) if reference is not None else None
    steps = sum(1 for top in tree.children if top.text.startswith("LOG\t"))
    if steps > MAX_EVENTS:
        raise InputError(f"{path}: {steps:,} log steps; a log is read up to {MAX_EVENTS:,} (a whole real game has a few thousand)")
    return tree, match


@lru_cache(maxsize=4)
def _zones_of(path: str, _mtime_ns: int, _size: int) -> Zones:
    return Zones.from_module(module_info(Path(path)))


def module_zones(module: Path) -> Zones:
    """The zones of a ``.vmod``, read once per file version (an audit reads many logs of one module; a check
    has read it for its build identity: ``codec.module_info.module_info``)."""
    try:
        stat = module.stat()
    except OSError:
        return Zones.from_module(read_module(module))  # read_module names the file and the problem
    return _zones_of(str(module.resolve()), stat.st_mtime_ns, stat.st_size)


def interpret_tree(tree: Command, game: GameData, zones: Zones, file: str) -> tuple[list[Event], list[Problem]]:
    """Interpret a decoded save/log command tree (``events_from_vlog`` after reading)."""
    return _Interpreter(game, zones, file).run(tree)


def _log_texts(node: Command) -> list[str]:
    """The command texts of a step, depth-first pre-order (the engine's execution order), without
    their ``LOG{TAB}`` wrappers. Iterative: a hostile log may nest a step thousands deep. A text longer
    than ``MAX_LOG_LINE_CHARS`` is left as it is (not copied): ``_Interpreter.command`` does not read it."""
    return [n.text if len(n.text) > MAX_LOG_LINE_CHARS else n.text.removeprefix("LOG\t") for n in node.walk()]


def _side_of_card(game: GameData, card: CardId) -> Side | None:
    return game.card(card).side if game.has_card(card) else None


@record(frozen=False)
class _Step:
    """What one log step did, gathered before it becomes events."""

    where: Where
    items: list[tuple[int, Event]] = field(default_factory=list)  # (command order, event)
    unit_moves: dict[UnitId, tuple[int, Spot | None, Spot | None]] = field(default_factory=dict)
    card_moves: dict[CardId, tuple[int, Spot | None, Spot | None]] = field(default_factory=dict)
    flips: dict[UnitId, tuple[int, bool, bool]] = field(default_factory=dict)  # order, before, after
    flip_sides: dict[UnitId, Side | None] = field(default_factory=dict)  # side of each unit's FLIP line
    marker_sides: dict[str, Side | None] = field(default_factory=dict)  # marker kind → side of its MOVE lines
    marker_pieces: set[tuple[str, AreaId]] = field(default_factory=set)  # (kind, area) of each marker D/
    marker_lines: dict[tuple[str, AreaId], Side | None] = field(default_factory=dict)  # their MARKER lines' side
    explained_cards: set[CardId] = field(default_factory=set)
    lines: list[str] = field(default_factory=list)  # record texts, for undo matching
    undo_lines: list[str] = field(default_factory=list)


class _Interpreter:
    def __init__(self, game: GameData, zones: Zones, file: str) -> None:
        self.game = game
        self.zones = zones
        self.place_of = PlaceResolver(zones)  # (``zones.resolve``, remembered: the log names the same positions again and again)
        self.file = file
        self.tracker = Tracker()
        self.problems: list[Problem] = []
        self.steps: list[tuple[Where, list[Event], list[str]]] = []
        self.phase: Phase | None = None
        self.turn: int | None = None
        self.turn_state: str | None = None
        self.purposes = tuple(dict.fromkeys(b.purpose for b in game.presentation.dice))  # the DICE lines' words
        self.marker_states: dict[str, tuple[str, ...]] = {m.id: m.states for m in game.markers}  # the MARKER lines' words

    # -- helpers ----------------------------------------------------------------------------------

    def problem(self, where: Where, message: str) -> None:
        self.problems.append(Problem(where, message))

    def place(self, where3: tuple[str | None, str, str]) -> Spot | None:
        return self.place_of(*where3)

    def unit_id(self, piece: TrackedPiece, where: Where) -> UnitId | None:
        sid = piece.sdbp_id
        if sid is None or not self.game.has_unit(UnitId(sid)):
            self.problem(where, f"unit piece {piece.piece_id} has sdbp_id {sid!r}, not a unit of the game data")
            return None
        return UnitId(sid)

    # -- the start ---------------------------------------------------------------------------------

    def run(self, tree: Command) -> tuple[list[Event], list[Problem]]:
        start_where = Where(self.file, 0)
        for top in tree.children:
            if top.text.startswith("LOG\t"):
                continue
            for node in top.walk():
                if node.opaque:
                    continue
                fields = add_piece_fields(node.text)
                if fields is not None:
                    self.tracker.add(*fields)
                elif node.text.startswith("TURN") and "\t" in node.text:
                    self.turn_state = node.text.split("\t", 1)[1]
        start = StartReader(self.game, self.zones, self.tracker, start_where, self.place_of)
        events: list[Event] = [start.game_start()]
        phase_start = start.phase(self.turn_state)
        self.problems.extend(start.problems)
        if phase_start is not None:
            events.append(phase_start)
            self.phase, self.turn = phase_start.phase, phase_start.turn
        number = 0
        for top in tree.children:
            if not top.text.startswith("LOG\t"):
                continue
            number += 1
            self.log_step(top, Where(self.file, number))
        for _where, step_events, _lines in self.steps:
            events.extend(step_events)
        events, card_problems = read_card_fire(pair_hit_lines(events), self.game)
        damage = DamageReader(self.game)
        events = damage.read(events)
        problems = sorted(self.problems + card_problems + damage.problems, key=lambda p: p.where.index)
        return number_card_actions(events, self.game), problems

    # -- steps ---------------------------------------------------------------------------------------

    def log_step(self, top: Command, where: Where) -> None:
        texts = _log_texts(top)
        if texts[0].startswith("UNDO\t"):
            self.undo(texts, where)
            return
        step = _Step(where)
        for order, text in enumerate(texts):
            self.command(text, order, step)
        events = self.finish(step)
        self.steps.append((where, events, step.lines))

    def undo(self, texts: list[str], where: Where) -> None:
        scratch = _Step(where)
        for order, text in enumerate(texts[1:]):
            if text.startswith("UNDO\t"):
                continue
            self.command(text, order, scratch, quiet=True)
        if not self.steps:
            self.problem(where, "an undo with no step before it to take back")
            return
        last_where, _events, lines = self.steps[-1]
        if sorted(scratch.undo_lines) != sorted(lines):
            self.problem(
                where,
                f"the undo does not match the step at {last_where} (its SDBP lines differ); "
                "what was taken back cannot be told",
            )
            return
        self.steps.pop()

    def command(self, text: str, order: int, step: _Step, *, quiet: bool = False) -> None:
        if len(text) > MAX_LOG_LINE_CHARS:
            if not quiet:
                self.problem(
                    step.where,
                    f"a command of {len(text):,} characters ({text[:12]!r}…), longer than any the module writes "
                    f"({MAX_LOG_LINE_CHARS:,} at most): not read",
                )
            return
        # the command's type by its first two characters, one slice compared (a ``startswith`` call per
        # type cost more: most commands are none of them, the ``null`` of a step's empty children)
        prefix = text[:2]
        if prefix == "M/":
            self.move_command(text, order, step, quiet)
        elif prefix == "D/":
            self.change_command(text, order, step, quiet)
        elif prefix == "+/":
            self.add_command(text, order, step, quiet)
        elif prefix == "-/":
            self.remove_command(text[2:], order, step, quiet)
        elif prefix == "CH" and text.startswith("CHAT"):
            self.chat(text[4:], order, step, quiet)

    def move_command(self, text: str, order: int, step: _Step, quiet: bool) -> None:
        f = se_decode(text[2:], "/")
        if len(f) < 9:
            if not quiet:
                self.problem(step.where, f"MovePiece command cannot be read: {text[:60]!r}")
            return
        new = (None if f[1] == "null" else f[1], f[2], f[3])
        under = None if f[4] == "null" else f[4]
        moved = self.tracker.move(f[0], new, under)
        if moved is None:
            if not quiet:
                self.problem(step.where, f"MovePiece of piece {f[0]}, which the log never created")
            return
        if quiet:
            return
        for m in moved:
            self.piece_moved(m, order, step)

    def piece_moved(self, m: Moved, order: int, step: _Step) -> None:
        kind = m.piece.kind
        old, new = self.place(m.old), self.place(m.new)
        if kind == "unit":
            uid = self.unit_id(m.piece, step.where)
            if uid is None:
                return
            first = step.unit_moves.get(uid)
            step.unit_moves[uid] = (order if first is None else first[0], old if first is None else first[1], new)
        elif kind == "card":
            card = CardId(m.piece.sdbp_id or "")
            if not self.game.has_card(card):
                self.problem(step.where, f"card piece {m.piece.piece_id} has sdbp_id {m.piece.sdbp_id!r}, not a card of the game data")
                return
            first = step.card_moves.get(card)
            step.card_moves[card] = (order if first is None else first[0], old if first is None else first[1], new)
        elif kind == "marker":
            self.marker_moved(m.piece, old, new, order, step)
        else:
            self.problem(step.where, f"piece {m.piece.piece_id} moved, but it is not a unit, marker or card of the module")

    def marker_moved(self, piece: TrackedPiece, old: Spot | None, new: Spot | None, order: int, step: _Step) -> None:
        marker = piece.sdbp_id or ""
        state = piece.prop("sdbp_state") or ""
        if marker == "no-replacements":  # it lies on the turn track, not in an area (12.1)
            if (old is None) != (new is None):
                step.items.append((order, NoReplacementsSet(where=step.where, present=new is not None)))
            return
        old_area = old.area if old is not None else None
        new_area = new.area if new is not None else None
        if old_area == new_area:
            return
        if old_area is not None:
            self.marker_gone(marker, state, old_area, order, step)
        if new_area is not None:
            self.marker_state(marker, state, new_area, None, order, step)

    def marker_gone(self, marker: str, state: str, area: AreaId, order: int, step: _Step) -> None:
        w = step.where
        if marker == "trench":
            step.items.append((order, TrenchSet(where=w, area=area, level=0, was=int(state) if is_small_number(state) else None)))
        elif marker == "fire" and Side.named(state) is not None:
            step.items.append((order, FireMarkerSet(where=w, area=area, side=Side(state), present=False)))
        elif marker == "no-supply":
            step.items.append((order, NoSupplySet(where=w, side=None, area=area, present=False)))
        elif marker == "no-replacements":
            step.items.append((order, NoReplacementsSet(where=w, present=False)))

    def marker_state(
        self, marker: str, state: str, area: AreaId | None, side: Side | None, order: int, step: _Step, was: str | None = None
    ) -> None:
        """The event of a marker showing ``state`` in ``area``; ``side``: who set it, if known; ``was``:
        the state the same marker piece showed before (a re-face), None for a marker put down."""
        w = step.where
        states = self.marker_states.get(marker)
        if states is None or state not in states:
            why = "no marker kind of the game data" if states is None else f"not one of its states ({', '.join(states)})"
            self.problem(w, f"marker {marker!r} in state {state!r}: {why}; the marker is not read")
            return
        if marker == "turn":
            return
        if marker == "no-replacements":
            step.items.append((order, NoReplacementsSet(where=w, present=True)))
            return
        if area is None:
            self.problem(w, f"{marker} marker set to {state!r} outside every area")
            return
        if marker == "control" and Side.named(state) is not None:
            step.items.append((order, ControlSet(where=w, area=area, side=Side(state), was=_side_or_none(was), by=side)))
        elif marker == "fire" and Side.named(state) is not None:
            step.items.append((order, FireMarkerSet(where=w, area=area, side=Side(state), was=_side_or_none(was), by=side)))
        elif marker == "trench" and is_small_number(state):
            level_was = int(was) if was is not None and is_small_number(was) else None
            step.items.append((order, TrenchSet(where=w, area=area, level=int(state), was=level_was, by=side)))
        elif marker == "no-supply":
            step.items.append((order, NoSupplySet(where=w, side=side, area=area)))
        else:
            self.problem(w, f"marker {marker!r} in state {state!r} is not understood")

    def marker_shows(self, kind: str, state: str, area: AreaId) -> bool:
        """True when a marker piece of ``kind`` lies in ``area`` showing ``state``: a ``MARKER`` line
        naming it with no ``D/`` is that piece's menu choosing the face it already shows (one piece is
        one marker: nothing changed, never a second marker)."""
        for piece in self.tracker.pieces.values():
            if piece.kind != "marker" or piece.sdbp_id != kind or piece.prop("sdbp_state") != state:
                continue
            spot = self.place((piece.map, piece.x, piece.y))
            if spot is not None and spot.area == area:
                return True
        return False

    def change_command(self, text: str, order: int, step: _Step, quiet: bool) -> None:
        f = se_decode(text[2:], "/")
        piece = self.tracker.pieces.get(f[0]) if f else None
        if piece is None:
            if f and f[0] in self.tracker.positions:
                return  # a deck or stack state change (shuffle, reorder): no game fact
            if not quiet:
                self.problem(step.where, f"ChangePiece of piece {f[0] if f else '?'}, which the log never created")
            return
        before = piece.spent
        old_pos = (piece.map, piece.x, piece.y)
        old_face = piece.prop("sdbp_state") if piece.kind == "marker" else None
        if len(f) < 2 or not piece.set_state(f[1]):
            if not quiet:
                self.problem(step.where, f"ChangePiece of {piece.sdbp_id or piece.piece_id}: the new state cannot be read")
            return
        if quiet:
            return
        if (piece.map, piece.x, piece.y) != old_pos:
            self.piece_moved(Moved(piece, old_pos, (piece.map, piece.x, piece.y)), order, step)
        elif piece.kind == "marker":
            self.marker_changed(piece, old_face, order, step)
        after = piece.spent
        if piece.kind == "unit" and before is not None and after is not None and before != after:
            uid = self.unit_id(piece, step.where)
            if uid is not None:
                first = step.flips.get(uid)
                step.flips[uid] = (order if first is None else first[0], before if first is None else first[1], after)

    def marker_changed(self, piece: TrackedPiece, old_face: str | None, order: int, step: _Step) -> None:
        """A marker piece's ``D/`` where it lies: turned to another face (its menu), or a Report Action's
        ``D/`` that changes nothing. The piece is one marker: a new face is a re-face of it (``was``), and
        the ``MARKER`` line under the ``D/`` says who, not a second marker."""
        spot = self.place((piece.map, piece.x, piece.y))
        kind, face = piece.sdbp_id or "", piece.prop("sdbp_state") or ""
        if spot is None or spot.area is None or kind in ("turn", "no-replacements"):
            return
        step.marker_pieces.add((kind, spot.area))
        if old_face is not None and face != old_face:
            self.marker_state(kind, face, spot.area, None, order, step, was=old_face)

    def add_command(self, text: str, order: int, step: _Step, quiet: bool) -> None:
        fields = add_piece_fields(text)
        if fields is None:
            if not quiet:
                self.problem(step.where, f"AddPiece command cannot be read: {text[:60]!r}")
            return
        piece = self.tracker.add(*fields)
        if piece is None or quiet:
            return
        spot = self.place((piece.map, piece.x, piece.y))
        if piece.kind == "marker":
            self.marker_moved(piece, None, spot, order, step)
        else:
            self.problem(step.where, f"{piece.sdbp_id or 'a piece'} ({piece.kind or 'no kind'}) was created during play")

    def remove_command(self, piece_id: str, order: int, step: _Step, quiet: bool) -> None:
        piece = self.tracker.pieces.get(piece_id)
        spot = self.place((piece.map, piece.x, piece.y)) if piece is not None else None
        self.tracker.remove(piece_id)
        if quiet or piece is None:
            return
        if piece.kind == "marker":
            if piece.sdbp_id == "no-replacements" and spot is not None:
                step.items.append((order, NoReplacementsSet(where=step.where, present=False)))
            elif spot is not None and spot.area is not None:
                self.marker_gone(piece.sdbp_id or "", piece.prop("sdbp_state") or "", spot.area, order, step)
        else:
            self.problem(step.where, f"{piece.sdbp_id or piece_id} was deleted from the game")

    # -- report lines ---------------------------------------------------------------------------------

    def chat(self, chat: str, order: int, step: _Step, quiet: bool) -> None:
        try:
            line = parse_line(chat)
        except LineError as exc:
            if not quiet:
                self.problem(step.where, str(exc))
            return
        if line is None:
            return
        if line.is_undo:
            step.undo_lines.append(line.text)
            return
        step.lines.append(line.text)
        if quiet:
            return
        try:
            self.report(line, order, step)
        except LineError as exc:
            self.problem(step.where, str(exc))

    def area(self, line: ReportLine, key: str) -> AreaId:
        value = line.require(key).strip()
        if not is_small_number(value) or not self.game.has_area(AreaId(int(value))):
            raise LineError(f"{line.event} line: {key}={value!r} is not an area of the map: {line.text!r}")
        return AreaId(int(value))

    def unit(self, line: ReportLine) -> UnitId:
        uid = UnitId(line.require("unit"))
        if not self.game.has_unit(uid):
            raise LineError(f"{line.event} line names unit {uid!r}, not a unit of the game data: {line.text!r}")
        return uid

    def card(self, line: ReportLine) -> CardId:
        cid = CardId(line.require("card"))
        if not self.game.has_card(cid):
            raise LineError(f"{line.event} line names card {cid!r}, not a card of the game data: {line.text!r}")
        return cid

    def card_side(self, line: ReportLine, card: CardId) -> Side:
        side = line.side_among(self.game.game.sides) or _side_of_card(self.game, card)
        if side is None:
            raise LineError(f"{line.event} line: the side playing {card} is unknown: {line.text!r}")
        return side

    def report(self, line: ReportLine, order: int, step: _Step) -> None:
        w = step.where
        ev = line.event
        if ev == "DICE":
            purpose = line.require("purpose")
            try:
                values = tuple(int(v) for v in line.require("dice").split(","))
                total_text = line.get("total")
                total = int(total_text) if total_text else None
            except ValueError:
                raise LineError(f"DICE line: dice or total is not a number: {line.text!r}") from None
            if purpose not in self.purposes:
                raise LineError(
                    f"DICE line: purpose={purpose!r} is not one of the module's dice purposes ({', '.join(self.purposes)}); "
                    f"the roll is not read: {line.text!r}"
                )
            purpose = event_purpose(purpose)
            step.items.append((order, DiceRoll(where=w, side=line.side_among(self.game.game.sides), purpose=purpose, values=values, total=total)))
        elif ev == "PHASE":
            turn_text, phase_text = line.require("turn"), line.require("phase")
            if not is_small_number(turn_text) or phase_text not in PHASES:
                raise LineError(f"PHASE line: turn {turn_text!r} or phase {phase_text!r} is not known: {line.text!r}")
            if (int(turn_text), Phase(phase_text)) == (self.turn, self.phase):
                return  # the tracker stayed where it was (Next at the last turn, §2.2): no new phase
            self.phase, self.turn = Phase(phase_text), int(turn_text)
            step.items.append((order, PhaseStart(where=w, turn=self.turn, phase=self.phase)))
        elif ev == "PASS":
            passing = line.side_among(self.game.game.sides)
            if passing is None:
                raise LineError(f"PASS line: the side is unknown: {line.text!r}")
            step.items.append((order, Pass(where=w, side=passing)))
        elif ev in ("FIRE", "ASSAULT"):
            uid = self.unit(line)
            side = self.game.unit(uid).side
            origin, target = self.area(line, "from"), self.area(line, "target")
            self.join_or_add(step, order, ev, side, origin, target, uid)
        elif ev == "ENTRENCH":
            area = self.area(line, "area")
            if line.get("card") is not None:
                card = self.card(line)
                side = self.card_side(line, card)
                step.explained_cards.add(card)
                step.items.append((order, Entrench(where=w, side=side, area=area, card=card)))
                step.items.append((order, CardDiscard(where=w, side=side, cards=(card,), reason=DiscardReason.ENTRENCH)))
            else:
                uid = self.unit(line)
                self.join_or_add(step, order, ev, self.game.unit(uid).side, area, area, uid)
        elif ev == "CARD":
            self.card_line(line, order, step)
        elif ev == "DAMAGE":
            uid = self.unit(line)
            result = line.require("result")
            if result not in (FLIP, ELIMINATE):
                raise LineError(f"DAMAGE line: result={result!r} is not flip or eliminate: {line.text!r}")
            step.items.append((order, HitLine(where=w, side=line.side_among(self.game.game.sides), unit=uid, result=result)))
        elif ev == "RETREAT":
            uid = self.unit(line)
            typed = line.require("to").strip()
            dest = AreaId(int(typed)) if is_small_number(typed) and self.game.has_area(AreaId(int(typed))) else None
            step.items.append((order, HitLine(where=w, side=line.side_among(self.game.game.sides), unit=uid, result=RETREAT, typed=dest, typed_text=typed)))
        elif ev in ("ELIMINATE", "REMOVE"):
            uid = self.unit(line)
            to = ELIMINATED if ev == "ELIMINATE" else REMOVED
            step.items.append((order, Relocate(where=w, units=(uid,), to=to, reason=to.kind.value)))
        elif ev == "MARKER":
            marker = line.require("marker")
            state = line.require("state")
            value = (line.get("area") or "").strip()
            at = AreaId(int(value)) if is_small_number(value) and self.game.has_area(AreaId(int(value))) else None
            if at is not None and ((marker, at) in step.marker_pieces or self.marker_shows(marker, state, at)):
                # the line of a marker piece's menu: the piece says what changed (its D/; none when it
                # already showed the face: the engine logs no D/ then), the line who
                step.marker_lines[(marker, at)] = line.side_among(self.game.game.sides)
                return
            self.marker_state(marker, state, at, line.side_among(self.game.game.sides), order, step)
        elif ev == "RESULT":
            winner = side_named((line.get("winner") or "").strip(), self.game.game.sides)
            if winner is None:
                labels = " or ".join(side.label for side in self.game.game.sides)
                raise LineError(f"RESULT line: winner={line.get('winner')!r} is not {labels}: {line.text!r}")
            step.items.append((order, GameEnd(where=w, winner=winner)))
        elif ev == "MOVE" and line.get("marker") is not None:
            kind = line.require("marker")
            step.marker_sides[kind] = line.side_among(self.game.game.sides) if step.marker_sides.get(kind, line.side_among(self.game.game.sides)) is line.side_among(self.game.game.sides) else None
        elif ev == "FLIP":
            uid = self.unit(line)
            if line.get("helper") is not None:
                return  # a helper button's flip (§2.13): its side is the unit's own, nobody flipped it by hand
            step.flip_sides[uid] = line.side_among(self.game.game.sides) if step.flip_sides.get(uid, line.side_among(self.game.game.sides)) is line.side_among(self.game.game.sides) else None
        # Unit MOVE lines and the rest of the FLIP lines repeat what the M/ and D/ commands say (a
        # marker's MOVE line names who placed it); other words are ignored (§1).

    def join_or_add(self, step: _Step, order: int, ev: str, side: Side, origin: AreaId, target: AreaId, uid: UnitId) -> None:
        w = step.where
        if step.items:
            _o, last = step.items[-1]
            if ev == "FIRE" and isinstance(last, Fire) and (last.side, last.from_area, last.target) == (side, origin, target) and last.card is None:
                step.items[-1] = (_o, Fire(where=w, side=side, units=last.units + (uid,), from_area=origin, target=target))
                return
            if ev == "ASSAULT" and isinstance(last, Assault) and (last.side, last.from_area, last.target) == (side, origin, target):
                step.items[-1] = (_o, Assault(where=w, side=side, units=last.units + (uid,), from_area=origin, target=target))
                return
            if ev == "ENTRENCH" and isinstance(last, Entrench) and last.card is None and (last.side, last.area) == (side, origin):
                step.items[-1] = (_o, Entrench(where=w, side=side, area=origin, units=last.units + (uid,)))
                return
        if ev == "FIRE":
            step.items.append((order, Fire(where=w, side=side, units=(uid,), from_area=origin, target=target)))
        elif ev == "ASSAULT":
            step.items.append((order, Assault(where=w, side=side, units=(uid,), from_area=origin, target=target)))
        else:
            step.items.append((order, Entrench(where=w, side=side, area=origin, units=(uid,))))

    def card_line(self, line: ReportLine, order: int, step: _Step) -> None:
        w = step.where
        card = self.card(line)
        side = self.card_side(line, card)
        action = line.require("action")
        step.explained_cards.add(card)
        if action == "play":
            target = (line.get("target") or "").strip()
            targets: tuple[AreaId, ...] = ()
            if target:
                if is_small_number(target) and self.game.has_area(AreaId(int(target))):
                    targets = (AreaId(int(target)),)
                else:  # read as no target (report-formats §1), and said
                    self.problem(w, f"CARD line: target={target!r} is not an area of the map, read as none: {line.text!r}")
            data = self.game.card(card)
            to = Pile.REMOVED if data.removed_after_play or data.side is None else Pile.DISCARD
            step.items.append(
                (order, CardPlay(where=w, side=side, card=card, targets=targets, as_action=data.timing == "A", to=to))
            )
        elif action == "discard":
            reason = {Phase.DRAW: DiscardReason.EXCESS, Phase.ACTION: DiscardReason.CONTINUE, Phase.END: DiscardReason.END_PHASE}
            if self.phase is None:
                raise LineError(f"CARD discard before any known phase: the reason cannot be told: {line.text!r}")
            step.items.append((order, CardDiscard(where=w, side=side, cards=(card,), reason=reason[self.phase])))
        elif action == "remove":
            step.items.append((order, CardRemove(where=w, side=side, cards=(card,))))
        else:
            raise LineError(f"CARD line: action={action!r} is not play, discard or remove: {line.text!r}")

    # -- a step's events ------------------------------------------------------------------------------

    def finish(self, step: _Step) -> list[Event]:
        """The step's events in command order: its lines' events, then grouped moves, flips, cards."""
        w = step.where
        items = list(step.items)
        relocated = {(u, e.to) for _o, e in items if isinstance(e, Relocate) for u in e.units}
        groups: dict[tuple[str, Side, Location, Location], tuple[int, list[UnitId]]] = {}
        for uid, (order, old, new) in step.unit_moves.items():
            side = self.game.unit(uid).side
            if new is None:
                self.problem(w, f"{uid} moved to a position outside every zone")
                continue
            if old is None:
                self.problem(w, f"{uid} moved from a position outside every zone to {new.name}")
                continue
            if old == new:
                continue
            new_loc, old_loc = new.location(), old.location()
            if new_loc is None or old_loc is None:
                self.problem(w, f"{uid} moved from {old.name} to {new.name}, which is not a unit's place")
                continue
            if new_loc.kind in (LocationKind.ELIMINATED, LocationKind.REMOVED) and (uid, new_loc) in relocated:
                continue  # the ELIMINATE / REMOVE line already says it
            if old_loc.is_on_map and new_loc.is_on_map:
                key = ("move", side, old_loc, new_loc)
            elif new_loc.is_on_map:
                key = ("place", side, old_loc, new_loc)
            else:
                key = ("relocate", side, new_loc, new_loc)
            groups.setdefault(key, (order, []))[1].append(uid)
        for (kind, side, origin, dest), (order, units) in groups.items():
            us = tuple(units)
            if kind == "move" and origin.area is not None and dest.area is not None:
                items.append((order, Move(where=w, side=side, units=us, from_area=origin.area, to_area=dest.area)))
            elif kind == "place":
                place_kind = _PLACE_KINDS.get(origin.kind)
                if place_kind is None:
                    self.problem(w, f"{', '.join(us)} came back onto the map from the {origin.kind.value} box")
                    continue
                items.append((order, Place(where=w, side=side, units=us, to=dest, place_kind=place_kind)))
            elif kind == "relocate":
                items.append((order, Relocate(where=w, units=us, to=dest, reason=dest.kind.value)))
        flips: dict[tuple[bool, Side | None], tuple[int, list[UnitId]]] = {}
        for uid, (order, before, after) in step.flips.items():
            if before != after:
                flips.setdefault((after, step.flip_sides.get(uid)), (order, []))[1].append(uid)
        for (spent, by), (order, units) in flips.items():
            items.append((order, Flip(where=w, units=tuple(units), spent=spent, by=by)))
        items = [(o, self.card_destination(step, e)) for o, e in items]
        self.card_events(step, items)
        placer = step.marker_sides.get("no-supply")
        if placer is not None:  # a marker dragged from the palette: its MOVE line says who (§2.4)
            items = [
                (o, replace(e, side=placer)) if isinstance(e, NoSupplySet) and e.present and e.side is None else (o, e)
                for o, e in items
            ]
        if step.marker_sides or step.marker_lines:
            items = [(o, self.marker_by(step, e)) for o, e in items]
        items.sort(key=lambda pair: pair[0])
        return [e for _o, e in items]

    def marker_by(self, step: _Step, event: Event) -> Event:
        """A marker event with ``by`` set to the player its step's lines name: the ``MARKER`` line of a
        turned marker, else the ``MOVE`` line of one dragged (§2.4)."""
        if not isinstance(event, (ControlSet, FireMarkerSet, TrenchSet)) or event.by is not None:
            return event
        kind = _MARKER_KINDS[type(event)]
        by = step.marker_lines.get((kind, event.area)) if event.was is not None else None
        by = by if by is not None else step.marker_sides.get(kind)
        return event if by is None else replace(event, by=by)

    def card_destination(self, step: _Step, event: Event) -> Event:
        """A card play or discard with ``to`` set to the pile its card really went to in this step (the
        card's ``M/``), when that is a pile; else as the card data says it should go (5.2)."""
        if not isinstance(event, (CardPlay, CardDiscard)):
            return event
        card = event.card if isinstance(event, CardPlay) else event.cards[0]
        moved = step.card_moves.get(card)
        dest = _PILES.get(moved[2].kind) if moved is not None and moved[2] is not None else None
        return event if dest is None or dest is event.to else replace(event, to=dest)

    def card_events(self, step: _Step, items: list[tuple[int, Event]]) -> None:
        w = step.where
        draws: dict[Side, tuple[int, list[CardId]]] = {}
        reshuffled: dict[Side, int] = {}
        for card, (order, old, new) in step.card_moves.items():
            if new is None or not new.is_pile:
                self.problem(w, f"card {card} moved outside every card pile and hand")
                continue
            if old is None or not old.is_pile:
                self.problem(w, f"card {card} moved from outside every card pile and hand to {new.name}")
                continue
            if old == new or card in step.explained_cards:
                continue
            if old.kind is SpotKind.DECK and new.kind is SpotKind.HAND and new.side is not None:
                draws.setdefault(new.side, (order, []))[1].append(card)
            elif old.kind is SpotKind.DISCARD and new.kind is SpotKind.DECK and new.side is not None:
                reshuffled.setdefault(new.side, order)
            else:
                self.problem(w, f"card {card} moved from {old.name} to {new.name} with no report line")
        for side, (order, cards) in draws.items():
            items.append((order, CardDraw(where=w, side=side, cards=tuple(cards))))
        for side, order in reshuffled.items():
            items.append((order, Reshuffle(where=w, side=side)))


_MARKER_KINDS: dict[type, str] = {ControlSet: "control", FireMarkerSet: "fire", TrenchSet: "trench"}
"""The marker kind each marker event reads (``sdbp_id`` of the piece, ``marker=`` of its lines)."""


def _side_or_none(state: str | None) -> Side | None:
    return Side.named(state) if state is not None else None


_PILES = {
    SpotKind.DECK: Pile.DECK,
    SpotKind.HAND: Pile.HAND,
    SpotKind.DISCARD: Pile.DISCARD,
    SpotKind.REMOVED_CARDS: Pile.REMOVED,
}
"""Card zones → the piles a played or discarded card may end in."""

_PLACE_KINDS = {
    LocationKind.TURN: PlaceKind.REINFORCEMENT,
    LocationKind.REPLACEMENTS: PlaceKind.REPLACEMENT,
    LocationKind.OFF_MAP: PlaceKind.CARD,
}
"""Where units come onto the map from: turn track (12.2), Replacements box (12.1), Relief Force box."""
