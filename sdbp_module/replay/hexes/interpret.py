"""A ``.vlog`` of a hex game's module → its events (``replay.hexes.events``; docs/hex-replay.md).

``read_hex_vlog(path, game, module, reference)`` takes the log as one of the game's module
(``replay.interpret.open_log``: another module, another build, no piece or line of the module, too many
steps are refused in one line), then:

- **the start** — the save part before the first ``LOG`` step: every unit piece (its ``sdbp_id``)
  where it lies → ``HexGameStart`` (index 0): a point in a box's zone is ``box:<id>``, a point in no zone
  the hex of the map's grid holding it (the engine's ``ZonedGrid``: zones first, then the grid; the
  grid and the zones of the board the module draws, ``vassal.hex_board.hex_board_layout``, or the
  zones of ``module``); which units show their flipped face (the ``Hit`` Layer at level 2); the turn
  from the turn tracker's state (else the turn marker's box, else 1, said). A game that declares its
  play (``model.hex_play``) adds each unit's statuses (its status Layers showing their mark, named as
  ``status_layer_names`` says), every marker on a hex, in a box or on a track box (kind, face, place),
  and the phase from the tracker's phase level (else the first phase, said);
- **each step** — its chat lines, depth-first, each through ``codec.sentences.parse_sentence``
  (docs/report-formats.md §2.14, §2.15): ``DRAW`` → ``CardDrawn``, ``TURN`` → ``TurnStart``,
  ``RESHUFFLE`` → ``Reshuffle``, ``ACTIVATE`` lines in a row of one side → one ``Activate`` (units in
  log order, the place of the first), ``PASS`` → ``PassTurn``, a unit's ``MOVE`` → ``UnitMove``,
  ``FIRE`` lines in a row of one side with the same typed target → one ``FireAt``, ``SUPPORT`` →
  ``SupportCall``, ``DAMAGE`` → ``Hit``, ``ELIMINATE`` → ``UnitEliminated``, ``RESULT`` →
  ``Declared``; in a game that declares its play, ``PHASE`` → ``PhaseStart``, ``CARRY`` → ``Carry``,
  ``DOUBLE`` → ``DoubleMove``, ``DECLARE`` → ``DeclareUnit``, ``PACKAGE`` → ``PackageTaken``,
  ``RESTORE`` → ``StepRestored``, ``STATUS`` → ``StatusChange``, a marker's ``MOVE`` → ``MarkerMove``
  and ``MARKER`` → ``MarkerTurn`` (none when no place of the game is involved: a marker moved in the
  markers' box or along the turn track); in a game that declares none, a marker's ``MOVE`` and
  ``MARKER`` lines (the support markers taken, turned to their used face, put back) are no event: the
  ``SUPPORT`` line is. A location name → a place: a hex id as it is, a box's zone name (or printed
  name) ``box:<id>``, a track box's zone name ``track:<id>:<n>``;
- a typed target → a unit id (its id, else a unique printed name, case-insensitive), for a
  suppression a hex id; else the typed text stays the target (the rules say what it means);
- every draw's purpose (``replay.hexes.purpose``).

Not events, each a ``Problem`` (a ``cannot-check`` finding): a line inside an undo (one problem per
undo step: the checker does not take the undone events back), a line naming a unit, card, side,
place, turn, phase, status, transport mode, package, marker kind or face the game does not have, a sentence of the area games this reader does not read, a typed text
longer than ``limits.MAX_TEXT_CHARS`` (cut), a unit that starts outside the map and the boxes.
Lines of the engine that are no sentence (its own move and reshuffle lines, players' chat) are
ignored. The command texts themselves (the ``M/`` of a drag, the ``D/`` of a flip) are not read:
the sentences carry every fact the events hold.
"""

from __future__ import annotations

from pathlib import Path

from sdbp_module.codec.identity import BuildMatch, Reference
from sdbp_module.codec.module_info import Zone
from sdbp_module.codec.pieces import add_piece_fields
from sdbp_module.codec.sentences import parse_sentence
from sdbp_module.codec.sequence import decode as se_decode
from sdbp_module.codec.tree import Command
from sdbp_module.errors import InputError
from sdbp_module.hexgrid.grid import HexGrid
from sdbp_module.ids import Side
from sdbp_module.limits import MAX_LOG_LINE_CHARS, MAX_TEXT_CHARS, MIN_LIST_CAP
from sdbp_module.model.game_data import GameData
from sdbp_module.model.hex_play import Status, play_of
from sdbp_module.records import record
from sdbp_module.replay.events import Where
from sdbp_module.replay.hexes.events import (
    Activate,
    CardDrawn,
    Carry,
    Declared,
    DeclareUnit,
    DoubleMove,
    FireAt,
    HexEvent,
    HexGameStart,
    Hit,
    HitResult,
    MarkerMove,
    MarkerTurn,
    PackageTaken,
    PassTurn,
    PhaseStart,
    Reshuffle,
    StatusChange,
    StepRestored,
    SupportCall,
    SupportMode,
    TurnStart,
    UnitEliminated,
    UnitMove,
)
from sdbp_module.replay.hexes.places import HexWords
from sdbp_module.replay.hexes.purpose import infer_purposes
from sdbp_module.replay.vlog.lines import ReportLine
from sdbp_module.replay.vlog.problem import Problem
from sdbp_module.replay.vlog.tracker import TrackedPiece, Tracker
from sdbp_module.replay.vlog.zones import MAIN_MAP, Zones

__all__ = ["HexBoardPositions", "interpret_hex_tree", "read_hex_vlog"]

HIT_LAYER = "Hit"
FLIPPED_LEVEL = 2
"""A unit's Layer of its two faces in the module (``vassal.hex_module``: ``Hit``) and the level that shows
the flipped face (``tests/unit/replay_hexes/test_interpret.py`` checks the module's unit pieces)."""

PLAY_SENTENCES = frozenset({"PHASE", "CARRY", "DOUBLE", "DECLARE", "PACKAGE", "RESTORE", "STATUS"})
"""The sentences of a game that declares its play (``model.hex_play``); in a game that declares none, each
is a sentence its module does not write (a problem)."""


def status_layer_names(status: Status) -> tuple[str, ...]:
    """The names a unit's Layer of ``status`` may have in the module (``vassal.hex_module``: one Layer a
    status, named by the status's name, ``DG``, or by its id, ``step-loss``). The one place that knows how
    the module names a status's Layer."""
    return (status.name, status.id)


def layer_on(trait_type: str, state: str) -> tuple[str, bool] | None:
    """(name, shown) of a Layer trait (``emb2;``), None for another trait or an unreadable one: a Layer
    shows its mark when it is active (always, or its state's level is positive) at a level past its
    first (the first is the unmarked face: ``""``), or at its only level."""
    if not trait_type.startswith("emb2;"):
        return None
    fields = se_decode(trait_type[5:], ";")
    if len(fields) <= 18:
        return None
    try:
        value = int(se_decode(state, ";")[0])
    except (ValueError, IndexError):
        return None
    always = len(fields) > 25 and fields[25] == "true"
    levels = len(se_decode(fields[15], ",")) if fields[15] else 1
    return fields[18], (always or value > 0) and (abs(value) >= 2 or levels == 1)


@record
class HexBoardPositions:
    """Where a point of the main map is: the board's zones (boxes, the rest of the panel), in the
    module's order, and the hex grid behind them (the data's grid moved into the board's frame)."""

    grid: HexGrid
    zones: Zones

    @staticmethod
    def of_game(game: GameData, module: Path | None = None) -> HexBoardPositions:
        """The board the module of ``game`` draws (its layout only: nothing is rendered); the zones of
        ``module`` when given (``sdbp check --module``), else those the build writes."""
        from sdbp_module.vassal.hex_board import hex_board_layout
        from sdbp_module.vassal.hex_map_xml import PANEL_ZONE
        from sdbp_module.vassal.hex_module import hex_look, off_map_boxes

        assert game.hexes is not None
        lay = hex_board_layout(game.hexes.map, hex_look(game), off_map_boxes(game))
        if module is not None:
            from sdbp_module.replay.interpret import module_zones

            return HexBoardPositions(lay.grid, module_zones(module))
        x0 = lay.map_rect[2]
        panel = Zone(PANEL_ZONE, ((x0, 0), (lay.width, 0), (lay.width, lay.height), (x0, lay.height)))
        return HexBoardPositions(lay.grid, Zones(tuple(Zone(p.box.name, p.polygon) for p in lay.boxes) + (panel,)))

    def location(self, map_name: str | None, x: str, y: str) -> str | None:
        """The engine's location name of a point: a zone's name, else the hex id of the map's grid; None
        for a point on no map, on another map or off the grid."""
        if map_name != MAIN_MAP:
            return None
        try:
            px, py = float(x), float(y)
        except ValueError:
            return None
        zone = self.zones.zone_name(px, py)
        if zone is not None:
            return zone
        h = self.grid.hex_at(px, py)
        return self.grid.hex_id(h) if self.grid.contains(h) else None


def read_hex_vlog(
    path: Path, game: GameData, module: Path | None, reference: Reference | None
) -> tuple[list[HexEvent], list[Problem], BuildMatch | None]:
    """The events of a hex game's ``.vlog``, the problems found, the log's build against ``reference``."""
    from sdbp_module.replay.interpret import open_log

    tree, match = open_log(path, game, reference)
    events, problems = interpret_hex_tree(tree, game, HexBoardPositions.of_game(game, module), path.name)
    return bounded(events, game), problems, match


def interpret_hex_tree(tree: Command, game: GameData, board: HexBoardPositions, file: str) -> tuple[list[HexEvent], list[Problem]]:
    """Interpret a decoded log's command tree (``read_hex_vlog`` after reading)."""
    return _HexReader(game, board, file).run(tree)


def bounded(events: list[HexEvent], game: GameData) -> list[HexEvent]:
    """The events, or ``InputError`` at the first whose list is longer than the game has units
    (``replay.bounds`` for the area games; a run of activation lines cannot be longer in a real game)."""
    cap = max(MIN_LIST_CAP, len(game.units))
    for event in events:
        for name in ("units", "firers", "places", "flipped"):
            value = getattr(event, name, ())
            if len(value) > cap:
                raise InputError(f"{event.where}: {event.kind} event with {len(value):,} {name}; the game has {len(game.units)} units (read up to {cap})")
        for name in ("statuses", "markers"):  # as a transcript reads them (``replay.hexes.jsonl``)
            value = getattr(event, name, ())
            if len(value) > 10 * cap:
                raise InputError(f"{event.where}: {event.kind} event with {len(value):,} {name} (read up to {10 * cap})")
    return events


def _log_texts(node: Command) -> list[str]:
    """A step's command texts, depth-first (the engine's order), without their ``LOG{TAB}`` wrappers."""
    return [n.text if len(n.text) > MAX_LOG_LINE_CHARS else n.text.removeprefix("LOG\t") for n in node.walk()]


class _HexReader:
    def __init__(self, game: GameData, board: HexBoardPositions, file: str) -> None:
        self.game = game
        self.board = board
        self.file = file
        self.words = HexWords(game)
        self.zone_names = frozenset(z.name for z in board.zones.zones)
        self.status_by_layer = {name: s.id for s in play_of(game).statuses for name in status_layer_names(s)}
        self.problems: list[Problem] = []
        self.events: list[HexEvent] = []
        self.run_key: tuple[str, Side | None, str] | None = None  # the open run of ACTIVATE / FIRE lines

    def problem(self, where: Where, message: str) -> None:
        self.problems.append(Problem(where, message))

    # -- the start ----------------------------------------------------------------------------------

    def run(self, tree: Command) -> tuple[list[HexEvent], list[Problem]]:
        tracker = Tracker()
        turn_state: str | None = None
        for top in tree.children:
            if top.text.startswith("LOG\t"):
                continue
            for node in top.walk():
                if node.opaque:
                    continue
                fields = add_piece_fields(node.text)
                if fields is not None:
                    tracker.add(*fields)
                elif node.text.startswith("TURN") and "\t" in node.text:
                    turn_state = node.text.split("\t", 1)[1]
        self.events.append(self.game_start(tracker, turn_state, Where(self.file, 0)))
        number = 0
        for top in tree.children:
            if top.text.startswith("LOG\t"):
                number += 1
                self.step(_log_texts(top), Where(self.file, number))
        return infer_purposes(self.events, self.game.deck), self.problems

    def game_start(self, tracker: Tracker, turn_state: str | None, where: Where) -> HexGameStart:
        """Every unit's place, the flipped ones, the units' statuses, the markers on the game's places,
        the turn and phase of the saved position."""
        places: list[tuple[str, str]] = []
        flipped: list[str] = []
        statuses: list[tuple[str, str]] = []
        markers: list[tuple[str, str, str]] = []
        marker_turn: int | None = None
        for piece in tracker.pieces.values():
            if piece.kind == "marker" and piece.sdbp_id == "turn":
                marker_turn = _turn_of_box(self.board.location(piece.map, piece.x, piece.y))
            if piece.kind == "marker" and self.words.played:
                marker = self.start_marker(piece, where)
                if marker is not None:
                    markers.append(marker)
            if piece.kind != "unit":
                continue
            unit = piece.sdbp_id or ""
            if not self.words.is_unit(unit):
                self.problem(where, f"unit piece {piece.piece_id} has sdbp_id {piece.sdbp_id!r}, not a unit of the game data")
                continue
            if any(u == unit for u, _ in places):
                self.problem(where, f"unit {unit} has a second piece ({piece.piece_id}) in the saved position: only its first is read")
                continue
            places.append((unit, self.start_place(piece, unit, where)))
            if piece.layer_level(HIT_LAYER) == FLIPPED_LEVEL:
                flipped.append(unit)
            statuses += [(unit, status) for status in self.unit_statuses(piece)]
        places.sort()
        turn, phase = self.start_turn(turn_state, marker_turn, where)
        return HexGameStart(
            where=where,
            places=tuple(places),
            flipped=tuple(sorted(flipped)),
            turn=turn,
            phase=phase,
            statuses=tuple(sorted(statuses)),
            markers=tuple(sorted(markers)),
        )

    def unit_statuses(self, piece: TrackedPiece) -> list[str]:
        """The statuses a unit piece shows: its status Layers (``status_layer_names``) showing their mark."""
        out = []
        for trait_type, state in zip(piece.types, piece.states, strict=False):
            found = layer_on(trait_type, state) if self.status_by_layer else None
            if found is not None and found[1] and found[0] in self.status_by_layer:
                status = self.status_by_layer[found[0]]
                if status not in out:
                    out.append(status)
        return out

    def start_marker(self, piece: TrackedPiece, where: Where) -> tuple[str, str, str] | None:
        """(kind, state, place) of a marker piece on a hex, in a box or on a track box; None for one
        elsewhere (the markers' box, the turn track, off the board: no place of the game) or unreadable
        (said)."""
        kind = piece.sdbp_id or ""
        if kind not in self.words.markers:
            self.problem(where, f"marker piece {piece.piece_id} has sdbp_id {piece.sdbp_id!r}, not a marker kind of the game data")
            return None
        location = self.board.location(piece.map, piece.x, piece.y)
        place = self.words.place_of_location(location) if location is not None else None
        if not place:
            return None
        faces = self.words.marker_states[kind]
        state = piece.prop("sdbp_state")
        if state is None:
            state = faces[0]
        if state not in faces:
            self.problem(where, f"marker {kind} in {location} shows {state!r}, not a face of the kind ({', '.join(faces)}): not read")
            return None
        return kind, state, place

    def start_place(self, piece: TrackedPiece, unit: str, where: Where) -> str:
        location = self.board.location(piece.map, piece.x, piece.y)
        place = self.words.place_of_location(location) if location is not None else None
        if place is None:
            at = f"in {location!r}" if location is not None else f"at {piece.map}:{piece.x},{piece.y}"
            self.problem(where, f"{unit} starts {at}, neither a hex of the map nor an off-map box of the game: its place is unknown")
            return ""
        return place

    def start_turn(self, turn_state: str | None, marker_turn: int | None, where: Where) -> tuple[int, str]:
        """The tracker's turn (its first level's index + 1), else the turn marker's box, else 1 (said);
        for a game with phases the tracker's phase (its second level's index: the first level's sub-level,
        or a second top level), else the first phase (said)."""
        phases = self.words.play.phases
        first_phase = phases[0].id if phases else ""
        turn: int | None = None
        phase: str | None = None
        if turn_state is not None:
            try:
                top = se_decode(turn_state, "|")
                level = se_decode(top[1], ";")
                number = int(level[0]) + 1
                if 1 <= number <= max(1, self.game.game.turns):
                    turn = number
                    phase = self.tracker_phase(top, level)
            except (IndexError, ValueError):
                pass
        if turn is None:
            turn = marker_turn
        if turn is None:
            assumed = f"turn 1 and its first phase ({phases[0].name}) assumed" if phases else "turn 1 assumed"
            self.problem(where, f"the saved position gives no turn (no readable turn tracker state, no turn marker on the track): {assumed}")
            return 1, first_phase
        if phases and phase is None:
            self.problem(where, f"the saved position gives no phase (no readable phase level in the turn tracker's state): the first phase ({phases[0].name}) assumed")
            return turn, first_phase
        return turn, phase or ""

    def tracker_phase(self, top: list[str], level: list[str]) -> str | None:
        """The phase id of the tracker's state (``ListTurnLevel``: ``current;sub-level;first;actives;<its
        sub-levels' states>``): the first level's first sub-level, else a second top level; None for a
        game without phases or no readable phase level."""
        phases = self.words.play.phases
        if not phases:
            return None
        for sub in ([level[4]] if len(level) > 4 and level[4] else []) + top[2:3]:
            try:
                index = int(se_decode(sub, ";")[0])
            except (IndexError, ValueError):
                continue
            if 0 <= index < len(phases):
                return phases[index].id
        return None

    # -- the steps ----------------------------------------------------------------------------------

    def step(self, texts: list[str], where: Where) -> None:
        undone: list[str] = []
        for text in texts:
            if not text.startswith("CHAT") or len(text) > MAX_LOG_LINE_CHARS:
                continue
            found = parse_sentence(text[4:])
            if found is None:
                continue
            event, fields, sentence, in_undo = found
            if in_undo:
                undone.append(sentence)
                continue
            self.line(ReportLine(event, fields, sentence), where)
        if undone:
            more = f" and {len(undone) - 1} more line(s)" if len(undone) > 1 else ""
            self.problem(
                where,
                f"an undo takes back {undone[0]!r}{more}; the checker does not follow undos: the events it took back are read as played",
            )

    def emit(self, event: HexEvent) -> None:
        self.run_key = None
        self.events.append(event)

    def side(self, line: ReportLine, where: Where) -> Side | None:
        text = (line.get("side") or "").strip()
        side = self.words.side_labelled(text)
        if side is None and text:
            self.problem(where, f"{line.event} line: the side {text!r} is not a side of the game: {line.text!r}")
        return side

    def unit(self, line: ReportLine, where: Where) -> str | None:
        unit = line.get("unit") or ""
        if not self.words.is_unit(unit):
            self.problem(where, f"{line.event} line names the unit {unit!r}, not a unit of the game data: not read: {line.text!r}")
            return None
        return unit

    def place(self, line: ReportLine, key: str, where: Where) -> str:
        name = line.get(key) or ""
        place = self.words.place_of_location(name)
        if place is None:
            self.problem(where, f"{line.event} line: {name!r} is neither a hex of the map nor an off-map box of the game: the place is read as unknown: {line.text!r}")
            return ""
        return place

    def typed(self, line: ReportLine, key: str, where: Where) -> str:
        text = line.get(key) or ""
        if len(text) > MAX_TEXT_CHARS:
            self.problem(where, f"{line.event} line: a typed {key} of {len(text):,} characters, cut to {MAX_TEXT_CHARS}")
            text = text[:MAX_TEXT_CHARS]
        return text

    def line(self, line: ReportLine, where: Where) -> None:
        ev = line.event
        if ev in PLAY_SENTENCES and self.words.played:
            self.play_line(line, where)
        elif ev == "ACTIVATE":
            self.activate(line, where)
        elif ev == "FIRE":
            self.fire(line, where)
        elif ev == "DRAW":
            card = line.get("card") or ""
            if not self.words.is_card(card):
                self.problem(where, f"DRAW line: {card!r} is not a card of the game's deck: not read: {line.text!r}")
                return
            self.emit(CardDrawn(where=where, side=self.side(line, where), card=card))
        elif ev == "TURN":
            self.turn(line, where)
        elif ev == "RESHUFFLE":
            self.emit(Reshuffle(where=where, side=self.side(line, where)))
        elif ev == "PASS":
            self.emit(PassTurn(where=where, side=self.side(line, where)))
        elif ev == "MOVE":
            if line.get("marker") is not None:
                if self.words.played:
                    self.marker_line(line, where)
                return  # a game without play: a support marker taken or put back, the SUPPORT line is the event
            unit = self.unit(line, where)
            if unit is not None:
                self.emit(UnitMove(where=where, side=self.side(line, where), unit=unit, from_place=self.place(line, "from", where), to_place=self.place(line, "to", where)))
        elif ev == "SUPPORT":
            self.support(line, where)
        elif ev == "DAMAGE":
            unit = self.unit(line, where)
            result = line.get("result") or ""
            if unit is None:
                return
            if result not in (HitResult.FLIP, HitResult.ELIMINATE):
                self.problem(where, f"DAMAGE line: result {result!r} is neither flipped nor eliminated: not read: {line.text!r}")
                return
            self.emit(Hit(where=where, side=self.side(line, where), unit=unit, place=self.place(line, "area", where), result=result))
        elif ev == "ELIMINATE":
            unit = self.unit(line, where)
            if unit is not None:
                self.emit(UnitEliminated(where=where, side=self.side(line, where), unit=unit, from_place=self.place(line, "from", where)))
        elif ev == "MARKER":
            if self.words.played:
                self.marker_line(line, where)
            return  # a game without play: a support marker turned to its used face, the SUPPORT line is the event
        elif ev == "RESULT":
            word = (line.get("winner") or "").strip()
            winner = self.words.side_labelled(word)
            if winner is None:
                labels = " or ".join(s.label for s in self.words.sides)
                self.problem(where, f"RESULT line: the winner {word!r} is not {labels}: not read: {line.text!r}")
                return
            self.emit(Declared(where=where, side=self.side(line, where), winner=winner))
        else:
            self.problem(where, f"a {ev} line, a sentence a hex game's module does not write: not read: {line.text!r}")

    # -- a game's play (model.hex_play) ----------------------------------------------------------------

    def play_line(self, line: ReportLine, where: Where) -> None:
        """A PHASE, CARRY, DOUBLE, DECLARE, PACKAGE, RESTORE or STATUS line of a game that declares its play."""
        ev = line.event
        if ev == "PHASE":
            self.phase(line, where)
            return
        if ev == "PACKAGE":
            package = line.get("package") or ""
            if package not in self.words.packages:
                self.problem(where, f"PACKAGE line: {package!r} is not a package of the game ({_listed(self.words.packages)}): not read: {line.text!r}")
                return
            self.emit(PackageTaken(where=where, side=self.side(line, where), package=package))
            return
        unit = self.unit(line, where)
        if unit is None:
            return
        if ev == "CARRY":
            mode = line.get("mode") or ""
            if mode not in self.words.modes:
                self.problem(where, f"CARRY line: {mode!r} is not a transport mode of the game ({_listed(self.words.modes)}): not read: {line.text!r}")
                return
            self.emit(Carry(where=where, side=self.side(line, where), unit=unit, mode=mode, place=self.place(line, "area", where)))
        elif ev == "STATUS":
            status = line.get("status") or ""
            if status not in self.words.statuses:
                self.problem(where, f"STATUS line: {status!r} is not a status of the game ({_listed(self.words.statuses)}): not read: {line.text!r}")
                return
            on = line.get("on") != "no"
            self.emit(StatusChange(where=where, side=self.side(line, where), unit=unit, status=status, on=on, place=self.place(line, "area", where)))
        else:
            kind = {"DOUBLE": DoubleMove, "DECLARE": DeclareUnit, "RESTORE": StepRestored}[ev]
            self.emit(kind(where=where, side=self.side(line, where), unit=unit, place=self.place(line, "area", where)))

    def phase(self, line: ReportLine, where: Where) -> None:
        """A PHASE line: the tracker's month label → the turn (``game.hexes.labels``, or the turn's number),
        its phase name → the phase id."""
        label, name = (line.get("turn") or "").strip(), (line.get("phase") or "").strip()
        turn = self.words.turn_of(label)
        if turn is None:
            labels = self.game.hexes.labels if self.game.hexes is not None else {}
            first, last = labels.get(1, "1"), labels.get(self.game.game.turns, str(self.game.game.turns))
            self.problem(where, f"PHASE line: {label!r} is not a turn of the game ({first} to {last}): not read: {line.text!r}")
            return
        phase = self.words.phase_of(name)
        if phase is None:
            names = _listed(tuple(p.name for p in self.words.play.phases))
            self.problem(where, f"PHASE line: {name!r} is not a phase of the game ({names}): not read: {line.text!r}")
            return
        self.emit(PhaseStart(where=where, side=self.side(line, where), turn=turn, phase=phase))

    def marker_line(self, line: ReportLine, where: Where) -> None:
        """A marker's MOVE (moved, or placed from the palette) or MARKER line (turned to a face) → a
        ``MarkerMove`` or ``MarkerTurn``; none when no place of the game is involved (a marker moved in
        the markers' box or along the turn track, turned there)."""
        kind, state = line.get("marker") or "", line.get("state") or ""
        if kind not in self.words.markers:
            self.problem(where, f"{line.event} line: {kind!r} is not a marker kind of the game: not read: {line.text!r}")
            return
        faces = self.words.marker_states[kind]
        if state not in faces:
            self.problem(where, f"{line.event} line: {state!r} is not a face of the marker kind {kind} ({_listed(faces)}): not read: {line.text!r}")
            return
        if line.event == "MARKER":
            place = self.marker_place(line, "area", where)
            if place:
                self.emit(MarkerTurn(where=where, side=self.side(line, where), marker=kind, state=state, place=place))
            return
        from_place, to_place = self.marker_place(line, "from", where), self.marker_place(line, "to", where)
        if from_place or to_place:
            self.emit(MarkerMove(where=where, side=self.side(line, where), marker=kind, state=state, from_place=from_place, to_place=to_place))

    def marker_place(self, line: ReportLine, key: str, where: Where) -> str:
        """A marker line's location name → a place; a zone of the board that is no place of the game (the
        markers' box, a turn box, the panel) ``""`` silently; any other name ``""`` and a problem."""
        name = line.get(key) or ""
        place = self.words.place_of_location(name)
        if place is not None:
            return place
        if name not in self.zone_names:
            self.problem(where, f"{line.event} line: {name!r} is neither a hex of the map, an off-map box nor a track box of the game: the place is read as unknown: {line.text!r}")
        return ""

    def turn(self, line: ReportLine, where: Where) -> None:
        text = (line.get("turn") or "").strip()
        digits = text.split(" ", 1)[0]  # the tracker's turn number (a label after it, ``2 (8 Aug)``, is not read)
        if not digits.isascii() or not digits.isdigit() or not 1 <= int(digits) <= max(1, self.game.game.turns):
            self.problem(where, f"TURN line: {text!r} is not a turn of the game (1 to {self.game.game.turns}): not read: {line.text!r}")
            return
        self.emit(TurnStart(where=where, side=self.side(line, where), turn=int(digits)))

    def activate(self, line: ReportLine, where: Where) -> None:
        unit = self.unit(line, where)
        if unit is None:
            return
        side = self.side(line, where)
        last = self.events[-1] if self.events else None
        if self.run_key == ("activate", side, "") and isinstance(last, Activate):
            self.events[-1] = Activate(where=last.where, side=side, units=(*last.units, unit), place=last.place)
            return
        self.emit(Activate(where=where, side=side, units=(unit,), place=self.place(line, "area", where)))
        self.run_key = ("activate", side, "")

    def fire(self, line: ReportLine, where: Where) -> None:
        if line.get("aim") != "unit":
            self.problem(where, f"FIRE line at an area, a sentence of the area games: not read: {line.text!r}")
            return
        unit = self.unit(line, where)
        if unit is None:
            return
        side = self.side(line, where)
        typed = self.typed(line, "target", where)
        firer = (unit, self.place(line, "from", where))
        last = self.events[-1] if self.events else None
        if self.run_key == ("fire", side, typed) and isinstance(last, FireAt):
            self.events[-1] = FireAt(where=last.where, side=side, firers=(*last.firers, firer), target=last.target, typed=typed)
            return
        target = self.words.unit_of(typed)
        self.emit(FireAt(where=where, side=side, firers=(firer,), target=target if target is not None else typed, typed=typed))
        self.run_key = ("fire", side, typed)

    def support(self, line: ReportLine, where: Where) -> None:
        marker = line.get("marker") or ""
        mode = line.get("mode") or ""
        if marker not in self.words.markers:
            self.problem(where, f"SUPPORT line: {marker!r} is not a marker kind of the game: not read: {line.text!r}")
            return
        if mode not in (SupportMode.ATTACK, SupportMode.SUPPRESSION):
            self.problem(where, f"SUPPORT line: {mode!r} is neither attack nor suppression: not read: {line.text!r}")
            return
        typed = self.typed(line, "target", where)
        target = self.words.unit_of(typed) if mode == SupportMode.ATTACK else self.words.hex_of(typed)
        self.emit(SupportCall(where=where, side=self.side(line, where), marker=marker, mode=mode, target=target if target is not None else typed, typed=typed))


def _listed(words: tuple[str, ...]) -> str:
    return ", ".join(words) or "it has none"


def _turn_of_box(location: str | None) -> int | None:
    """The turn of a turn box's zone name (``Turn 3``), else None."""
    if location is None or not location.startswith("Turn "):
        return None
    number = location[5:]
    return int(number) if number.isascii() and number.isdigit() else None
