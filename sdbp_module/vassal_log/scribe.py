"""The scribe: game acts → a ``.vlog`` as the VASSAL 3.7 engine writes it with the module from ``sdbp build``.

It starts from the module's own set-up save (``campaign.vsav``: the pieces and their ids) and
appends one ``LOG`` step per act (format reference §5.6). Each act builds the engine's command tree
along the engine's own code path (3.7 source; class and method named in each act's docstring):
the commands the module's traits produce (``docs/module-pieces.md``), the report lines of
``docs/report-formats.md`` and how they nest. Sub-commands are joined with the engine's rules
(``Command.append``: a null command is dropped, appending to a null command returns the appended
one; ``ChangePiece.append``: a ``D/`` of the piece the last sub-command changed is merged into it),
so the nesting of a step is the engine's. Used by the end-to-end tests of ``sdbp check`` and by the
interpretation's unit tests; it writes, it never judges.

What is modelled:

- every report line, a sentence of format 2 (``codec.sentences.record_sentence``: pieces by their
  names, places by the zones' location names), with the engine's decoration: ``* `` from a piece's
  Report Action, a dice button (``DiceButton.formatResult``), the turn tracker (``TurnTracker.save``)
  and the map's move report (``MovementReporter``); a bare ``*`` from the toolbar Global Key
  Commands (the Pass and result buttons: ``GlobalCommand.apply`` writes ``"*" + reportText``);
- a Report Action's line as the child of the ``D/`` its ``ChangeTracker`` gives (new state = old
  state), merged into the ``D/`` before it when that changed the same piece and has no sub-commands
  (a Layer flip, a Dynamic Property prompt);
- drags (``PieceMover.movePieces``): the ``M/`` of each piece (``underId`` = the top piece of the
  stack it is dropped on), the ``+/<id>/stack/…`` AddPiece of the new stack a piece dropped where no
  stack is gets (format reference §4.4, §5.5), the map's move report (one line per group of pieces
  that left the same point), then the map's move key through each piece; a drop inside a stack's
  counter merges into that stack, at its position; the hands have no move report and no move key;
- Trigger Actions (prompt ``D/``, report, reset ``D/``, move; a declaration's one prompt per zone,
  its shared target and its followers: ``declare``), Send To Location (its back-position
  ``D/``, the ``M/``, a new stack, the move key's report, then the report of the key that sent it),
  Return To Deck (the ``M/`` onto the pile's top card, then the report), Delete (``-/``), the
  palette drag of a marker (its AddPiece, its new stack, the map's create report, its move line);
- dice: the line and the button's four properties ``_result``, ``_total``, ``_keep``, ``_summary``
  with their previous values (3.7.20 and later); the turn tracker: the line with the ``TURN``
  command as its child (its counter state carries the tracker's loop and loop limit, as the set-up
  save gives them), and **Next** at the last turn's last phase (``stay_at_last_turn``: the stay
  hotkey's nested **Previous** logs the last phase again, then its report);
- the map's move and create reports, written only when the module's main map has a move / create
  format (modules of format 1; a module of format 2 has none: the MOVE sentence is a move's one
  line), name places by the zones' ``locationFormat`` (``14 Béatrice``), read from the module's
  ``buildFile.xml``;
- the toolbar helpers (report-formats §2.13, ``GlobalCommand.apply``): the ``*`` report line with
  each matching piece's key command as a child, pieces visited map by map, stack by stack (the
  order the stacks were made), bottom to top: **Refresh units** (each unit's Layer ``D/`` with its
  ``FLIP`` line), **Clear … markers** (each marker's ``-/``), **Draw** (per card the Send To
  Location's ``D/``, its ``M/`` into the hand and new stack, and the deck's ``pieceRemoved`` mask
  ``D/`` as its children);
- undo (``BasicLogger.undo``): ``UNDO{TAB}true`` with the inverse of the step's tree
  (``Command.getUndoCommand``: sub-commands last to first, null inverses dropped, ``* UNDO:`` lines)
  and ``UNDO{TAB}false``; the scribe's own record of the position is restored;
- a step whose command no encoder writes: ``LOG{TAB}null`` (``null_step``; Java writes a null
  encoding as ``null``). An empty command (``NullCommand``) encodes as ``""`` and is logged only
  with sub-commands, as ``LOG{TAB}`` (a raw ``step`` whose first text is empty).

Positions are points inside the module's zones; hand cards lie on free card slots of the hand's
board (the **Draw** button's on the first one, stacked). Not modelled (the interpretation does not
need them, and the format reference does not give their encoding): the ``Old…`` and ``Clicked…``
persistent properties the engine sets before a move or a menu command (so BasicPiece states carry
no such properties), the mask ``D/`` of a card dragged from a face-down deck (the **Draw** button's
is written: its owner set, the mask's options kept as they were), the move report of card drags
(its names depend on masking), the reshuffle command of a discard pile (``reshuffle`` drags the
cards), the report of a marker's state menu. A multi-card ``draw`` is one drag of several cards
(the decks allow one at a time).
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable
from dataclasses import field, replace
from pathlib import Path

from lxml import etree

from sdbp_module.codec import pieces
from sdbp_module.codec.container import read_container, write_save
from sdbp_module.codec.envelope import (
    Envelope,
    EnvelopeKind,
    decode_envelope,
    encode_envelope,
)
from sdbp_module.codec.module_info import ModuleInfo, marker_value, read_module
from sdbp_module.codec.sentences import FACTS, parse_format, record_sentence
from sdbp_module.codec.sequence import decode as se_decode
from sdbp_module.codec.sequence import encode as se_encode
from sdbp_module.codec.tree import Command, decode_tree, encode_tree
from sdbp_module.codec.zipread import open_archive
from sdbp_module.errors import CodecError
from sdbp_module.ids import Side
from sdbp_module.records import record
from sdbp_module.replay.vlog.lines import side_name
from sdbp_module.replay.vlog.start import PHASES
from sdbp_module.replay.vlog.tracker import SPENT_LAYER, TrackedPiece, Tracker
from sdbp_module.replay.vlog.zones import MAIN_MAP, Zones
from sdbp_module.vassal import layout
from sdbp_module.vassal import pieces as keys
from sdbp_module.vassal.buildfile import RESULT_CONFIRM, RESULT_WORDS

SETUP_ENTRY = "campaign.vsav"
LOG_KEY = 0x2A
TRACKER_ID = "TurnTracker0"
DICE_BUTTONS = {"fire": "Fire 2d6", "assault": "Assault 2d6", "supply": "Supply 2d6", "replacements": "Replacements 1d6"}
"""Dice purpose → the module's button name (``buildfile.DICE``); anything else: ``2d6`` / ``1d6``."""
DICE_START = {"_result": "1", "_total": "0", "_keep": "0", "_summary": ""}
"""A dice button's four properties and the values ``DiceButton.addTo`` gives them, in logged order."""
HAND_BOARD = (1400, layout.CARD_H + 60)
"""Width and height of a hand's board (``buildfile``: one board per ``PlayerHand``, at the origin)."""
HAND_SLOT = layout.CARD_W + 10
"""Distance between the card slots of a hand (cards never overlap: no drop merges by accident)."""
STACK_LAYER = "@@1"
"""The piece layer of every stack: the maps have no LayeredPieceCollection (reference §4.4)."""


def _enc(tokens: list[str], delimiter: str) -> str:
    value = se_encode(tokens, delimiter)
    assert value is not None
    return value


def turn_state(turn: int, phase: str, loop_limit: int | None = None) -> str:
    """The turn tracker's state (format reference §5.4) at ``turn``, ``phase``: top level 0 active;
    the ``Turn`` counter at ``turn`` (its one sub-level active; looped at ``loop_limit``, the last
    turn, or no loop when None, as modules before the looped tracker); the ``Phase`` list at the
    phase's index (first index 0, every phase active). ``replay.vlog.start`` reads it back."""
    phases = _enc([str(PHASES.index(phase)), "0", "0", _enc(["true"] * len(PHASES), ",")], ";")
    loop = ["false", "-1"] if loop_limit is None else ["true", str(loop_limit)]
    counter = _enc([str(turn), "0", *loop, phases], ";")
    return _enc(["0", counter], "|")


def loop_limit_of(state: str) -> int | None:
    """The loop limit a tracker state carries (``CounterTurnLevel.getState``), None when not looped."""
    counter = se_decode(se_decode(state, "|")[1], ";")
    return int(counter[3]) if counter[2] == "true" else None


@record
class ModuleText:
    """What the scribe reads from the module's ``buildFile.xml`` besides zones and pieces: each main-map
    zone's location name (``Zone.locationName``: its ``locationFormat`` with ``$name$`` expanded),
    the stay-at-the-last-turn hotkey's report, and the exception of the **Refresh units** button:
    (side id, marker id) when the units of that side stay spent in a zone holding that marker
    (``vassal.buildfile.refresh_match``), else None."""

    locations: dict[str, str]
    last_turn_report: str
    refresh_except: tuple[str, str] | None = None
    move_report: bool = True
    create_report: bool = True
    buttons: dict[str, str] = field(default_factory=dict)
    retreat_areas: frozenset[str] = frozenset()
    refresh_by_unit: bool = False
    result_properties: dict[str, str] = field(default_factory=dict)
    roll_tables: dict[str, RollReading] = field(default_factory=dict)  # dice button name -> its table
    draw_counts: bool = False  # the Draw buttons report drawn= and hand=


@record
class RollReading:
    """A dice button's roll table as its BeanShell report gives it (``buildfile.dice_report_of``):
    per modifier term (zone, side, printed: the area counts when no control marker is in it, add),
    the rows (lowest modified total, result) and the first row's result, the result's field."""

    terms: tuple[tuple[str, str, bool, int], ...]
    rows: tuple[tuple[int, int], ...]
    default: int
    field: str
    modified: bool


_ROLL_TERM = re.compile(
    r'CurrentZone==\\"([^"\\]+)\\" && sdbp_state==\\"([^"\\]+)\\"\}","[^"]+"\)>0( \|\| Count\(.*?\)==0)?\) \? (-?\d+) : 0\)'
)
_ROLL_ROW = re.compile(r">= (-?\d+) \? (-?\d+) : ")
_ROLL_DEFAULT = re.compile(r">= -?\d+ \? -?\d+ : (-?\d+)\)")


def _reports_fact(report: str, key: str) -> bool:
    """Whether a report format (a computed BeanShell one too) writes the fact ``key`` (``sentences.FACTS``)."""
    record = parse_format(report)
    return record is not None and any(k == key for k, _ in record[1])


def roll_reading(report: str) -> RollReading | None:
    """The roll table of a dice button's report (``buildfile.dice_report_of``: a BeanShell sentence
    whose facts are the modified total and the table's result), None for a plain report."""
    if not report.startswith("{"):
        return None
    record = parse_format(report)
    if record is None or record[0] != "DICE":
        return None
    facts = [k for k, _ in record[1] if k in FACTS]
    results = [k for k in facts if k != "modified"]
    if not results:
        return None
    rows = tuple((int(a), int(b)) for a, b in _ROLL_ROW.findall(report))
    default = _ROLL_DEFAULT.findall(report)
    # the modified total's terms, once each (the total recurs in every row's test)
    terms = tuple(dict.fromkeys((zone, side, printed is not None and printed != "", int(add)) for zone, side, printed, add in _ROLL_TERM.findall(report)))
    return RollReading(terms, tuple(reversed(rows)), int(default[-1]) if default else 0, results[-1], "modified" in facts)


_RETREAT_GO = re.compile(r"macro;[^;]*;;57428,0,sdbpRetreatGo;\{([^}]*)\}")
"""The trigger that lets **Retreat to…** move the unit (``pieces.retreat_condition``): its condition."""
_AREA_TEST = re.compile(r'sdbp_target=="([^"]*)"')


_REFRESH_EXCEPT = re.compile(r'side=="([^"]+)" && Count\("\{sdbp_id==\\"([^"\\]+)\\"')
"""In the **Refresh units** filter: the excepted side and the marker whose zone holds its units back."""


def module_text(build_file: bytes) -> ModuleText:
    """Read :class:`ModuleText` from a ``buildFile.xml``."""
    root = etree.fromstring(build_file, parser=etree.XMLParser(resolve_entities=False, no_network=True))
    locations: dict[str, str] = {}
    for zone in root.iter("VASSAL.build.module.map.boardPicker.board.mapgrid.Zone"):
        name = zone.get("name", "")
        locations[name] = zone.get("locationFormat", "$name$").replace("$name$", name)
    hotkey = next(root.iter("VASSAL.build.module.turn.TurnGlobalHotkey"), None)
    refresh = next(
        (g for g in root.iter("VASSAL.build.module.GlobalKeyCommand") if g.get("name") == "Refresh units"), None
    )
    found = _REFRESH_EXCEPT.search(refresh.get("filter", "")) if refresh is not None else None
    main = next((m for m in root.iter("VASSAL.build.module.Map") if m.get("mapName") == MAIN_MAP), None)
    buttons: dict[str, str] = {}
    for gkc in root.iter("VASSAL.build.module.GlobalKeyCommand"):
        record = parse_format(gkc.get("reportFormat", ""))
        if record is not None and record[0] == "HELPER":
            values = dict(record[1])
            what = values.get("helper", "") + (f":{values['for']}" if "for" in values else "")
            buttons[what] = gkc.get("buttonText", "") or gkc.get("name", "")
    retreat: set[str] = set()
    for proto in root.iter("VASSAL.build.module.PrototypeDefinition"):
        for go in _RETREAT_GO.finditer(proto.text or ""):
            retreat.update(_AREA_TEST.findall(go.group(1)))
    results: dict[str, str] = {}
    for prop in root.iter("VASSAL.build.module.properties.GlobalProperty"):
        for button in prop.iter("VASSAL.build.module.properties.ChangePropertyButton"):
            text = button.get("text", "")  # buildfile._result_buttons: "<winner> win"
            if text.endswith(RESULT_WORDS):
                results[text.removesuffix(RESULT_WORDS)] = prop.get("name", "")
    tables: dict[str, RollReading] = {}
    for button in root.iter("VASSAL.build.module.DiceButton"):
        reading = roll_reading(button.get("reportFormat", ""))
        if reading is not None:
            tables[button.get("name", "")] = reading
    draw_counts = any(_reports_fact(g.get("reportFormat", ""), "drawn") for g in root.iter("VASSAL.build.module.GlobalKeyCommand"))
    return ModuleText(
        locations,
        "" if hotkey is None else hotkey.get("reportFormat", ""),
        None if found is None else (found.group(1), found.group(2)),
        main is None or bool(main.get("moveWithinFormat")),
        main is None or bool(main.get("createFormat")),
        buttons,
        frozenset(retreat),
        refresh is not None and refresh.get("hotkey") == keys.K_REFRESH,
        results,
        tables,
        draw_counts,
    )


def basic_name(piece: TrackedPiece) -> str:
    """A piece's ``$BasicName$`` (its BasicPiece's name; a card's is its ``card_name``)."""
    return se_decode(piece.types[-1][len("piece;") :], ";")[3]


def piece_name(piece: TrackedPiece) -> str:
    """The name the engine shows for a piece (``$pieceName$``): the BasicPiece name, changed by each
    active Layer's level name from the inside out (``+ x`` appends, ``x +`` prepends, else replaces;
    format reference §4.6)."""
    name = se_decode(piece.types[-1][len("piece;") :], ";")[3]
    for trait_type, state in reversed(list(zip(piece.types[:-1], piece.states[:-1], strict=True))):
        if not trait_type.startswith("emb2;"):
            continue
        level = int(se_decode(state, ";")[0])
        names = se_decode(se_decode(trait_type[5:], ";")[16], ",")
        if level <= 0 or level > len(names) or not names[level - 1]:
            continue
        label = names[level - 1]
        if label.startswith("+"):
            name += label[1:]
        elif label.endswith("+"):
            name = label[:-1] + name
        else:
            name = label
    return name


def dice_summary(values: list[int]) -> str:
    """``$summary$`` of a roll: each value once, ascending (Java's ``HashMap`` order for small
    integers), with its count: ``3 x1, 5 x1``."""
    return ", ".join(f"{v} x{values.count(v)}" for v in sorted(set(values)))


# -- the engine's commands ----------------------------------------------------------------------

_NULL, _CHANGE, _MOVE, _ADD, _REMOVE, _CHAT, _PROPERTY, _TURN, _UNDO, _TEXT = range(10)


@record(frozen=False, eq=False)
class _Cmd:
    """One engine command and its sub-commands. ``args`` by kind: ChangePiece ``[id, new, old]``
    (mutable: merging sets ``new``), MovePiece the ten ``M/`` fields, AddPiece and RemovePiece
    ``[id, type, state]``, chat ``[message]``, MutableProperty ``[name, old, new, container]``,
    TURN ``[tracker, new, old]``, UNDO ``["true"|"false"]``, a raw text ``[text]``."""

    kind: int
    args: list[str]
    subs: list[_Cmd] = field(default_factory=list)

    def text(self) -> str:
        """The log's command text: the set-up save's tree, then one ``LOG`` step per act."""
        """The command's own encoding (``GameModule.encode`` of it without its sub-commands)."""
        k, a = self.kind, self.args
        if k == _NULL:
            return ""  # BasicCommandEncoder writes a NullCommand as the empty string
        if k == _CHANGE:
            return "D/" + _enc(a, "/")
        if k == _MOVE:
            return "M/" + _enc(a, "/")
        if k == _ADD:
            return pieces.add_piece_text(a[0], a[1], a[2])
        if k == _REMOVE:
            return "-/" + a[0]
        if k == _CHAT:
            return "CHAT" + a[0]
        if k == _PROPERTY:
            return "MutableProperty\t" + _enc(a, "\t")
        if k == _TURN:
            return _enc([f"TURN{a[0]}", a[1]], "\t")
        if k == _UNDO:
            return "UNDO\t" + a[0]
        return a[0]

    def is_null(self) -> bool:
        """``Command.isNull``: a NullCommand, or a ChangePiece that changes nothing, with only null
        sub-commands."""
        if self.kind == _NULL or (self.kind == _CHANGE and self.args[1] == self.args[2]):
            return all(s.is_null() for s in self.subs)
        return False

    def append(self, other: _Cmd | None) -> _Cmd:
        """``Command.append`` (and ``ChangePiece.append``'s merge); returns what the engine returns."""
        if self.kind == _CHANGE and other is not None and other.kind == _CHANGE:
            last = self.subs[-1] if self.subs else self
            if last.kind == _CHANGE and last.args[0] == other.args[0]:
                last.args[1] = other.args[1]
                for sub in other.subs:
                    self.append(sub)
                return self
        if other is None or other.is_null():
            return self
        was_null = self.is_null()
        self.subs.append(other)
        return other if was_null else self

    def undo(self) -> _Cmd:
        """``Command.getUndoCommand``: the sub-commands' inverses last to first, then this one's."""
        inverse = _Cmd(_NULL, [])
        for sub in reversed(self.subs):
            inverse = inverse.append(sub.undo())
        return inverse.append(self._inverse())

    def _inverse(self) -> _Cmd | None:
        """``myUndoCommand``: this command's own inverse, ``None`` when it has none."""
        k, a = self.kind, self.args
        if k == _CHANGE:
            return _Cmd(_CHANGE, [a[0], a[2], a[1]])
        if k == _MOVE:
            return _Cmd(_MOVE, [a[0], *a[5:9], *a[1:5], a[9]])
        if k == _ADD:
            return _Cmd(_REMOVE, list(a))
        if k == _REMOVE:
            return _Cmd(_ADD, list(a))
        if k == _CHAT:
            return _chat("* UNDO: " + a[0])  # Chatter.DisplayText's undo: the message "* UNDO: {0}"
        if k == _PROPERTY:
            return _Cmd(_PROPERTY, [a[0], a[2], a[1], a[3]])
        if k == _TURN:
            return _Cmd(_TURN, [a[0], a[2], a[1]])
        if k == _TEXT:
            parsed = _parse(a[0])
            return None if parsed.kind == _TEXT else parsed._inverse()
        return None

    def texts(self) -> list[str]:
        """The command texts of the tree, depth-first pre-order (the engine's execution order)."""
        out = [self.text()]
        for sub in self.subs:
            out.extend(sub.texts())
        return out

    def logged(self) -> Command:
        """The tree as ``BasicLogger.LogCommand`` writes it: every node ``LOG{TAB}`` + its text."""
        return Command("LOG\t" + self.text(), tuple(s.logged() for s in self.subs))


def _chat(message: str) -> _Cmd:
    """A ``Chatter.DisplayText``: ``CHAT`` + the message."""
    return _Cmd(_CHAT, [message])


def _join(*commands: _Cmd | None) -> _Cmd:
    """``c = new NullCommand(); c = c.append(x)…``: the engine's usual way of collecting commands."""
    out = _Cmd(_NULL, [])
    for c in commands:
        out = out.append(c)
    return out


def _parse(text: str) -> _Cmd:
    """A raw command text read back as a typed command where its inverse is known (``step``'s texts)."""
    if text.startswith(("M/", "D/")):
        f = se_decode(text[2:], "/")
        if text[0] == "M" and len(f) == 10:
            return _Cmd(_MOVE, f)
        if text[0] == "D" and len(f) == 3:
            return _Cmd(_CHANGE, f)
    elif text.startswith("CHAT"):
        return _chat(text[4:])
    elif text.startswith("MutableProperty\t"):
        f = se_decode(text[len("MutableProperty\t") :], "\t")
        if len(f) == 4:
            return _Cmd(_PROPERTY, f)
    elif text.startswith("+/"):
        fields = pieces.add_piece_fields(text)
        if fields is not None:
            return _Cmd(_ADD, list(fields))
    return _Cmd(_TEXT, [text])


@record(frozen=False)
class _Journal:
    """The scribe's record of the position before a step, for ``undo``: the tracker's dictionaries
    (copied), each piece the step changed (its states and position), the piles, the turn tracker's
    state and the dice properties."""

    pieces: dict[str, TrackedPiece]
    stacks: dict[str, list[str]]
    positions: dict[str, tuple[str | None, str, str]]
    piles: dict[str, list[str]]
    turn: str
    properties: dict[str, str]
    saved: dict[str, tuple[list[str], str | None, str, str]] = field(default_factory=dict)


class Scribe:
    """Builds a log step by step; ``write(path)`` saves it. Units and cards are named by ``sdbp_id``."""

    def __init__(self, module: Path, *, player: str = "scribe") -> None:
        read = _read_module(module)
        self.module_text = read.text
        self.entries = list(read.entries)
        self.tree = read.tree
        self.info = read.info
        self.zones = read.zones
        self.next_id = 2_000_000_000_001
        self.tracker = Tracker()
        self.decks: dict[str, tuple[str, str]] = {}
        self.piles: dict[str, list[str]] = {}
        self.turn = turn_state(1, PHASES[0])
        for top in self.tree.children:
            for node in top.walk():
                fields = pieces.add_piece_fields(node.text) if not node.opaque else None
                if fields is None:
                    if node.text.startswith(f"TURN{TRACKER_ID}\t"):
                        self.turn = node.text.split("\t", 1)[1]
                    continue
                self.tracker.add(*fields)
                if fields[1].startswith("deck;"):
                    name = se_decode(fields[1][5:], ";")[12]
                    state = se_decode(fields[2], ";")
                    self.decks[name] = (state[1], state[2])
                    self.piles[name] = se_decode(state[4], ",") if len(state) > 4 and state[4] else []
        self.loop_limit = loop_limit_of(self.turn)
        self.by_id: dict[str, TrackedPiece] = {}
        for piece in self.tracker.pieces.values():
            sid = piece.sdbp_id
            if sid is not None and piece.kind in ("unit", "card"):
                self.by_id[sid] = piece
        self.player = player
        self.properties: dict[str, str] = {}
        self.steps: list[list[str]] = []
        """Each step's command texts, depth-first pre-order (the first is the step's root)."""
        self._trees: list[_Cmd] = []
        self._undoable: list[tuple[_Cmd, _Journal | None]] = []
        self._pending: _Journal | None = None

    # -- the scribe's record of the position -------------------------------------------------------

    def _begin(self) -> _Journal:
        """The journal of the step being built (its position before the step)."""
        if self._pending is None:
            t = self.tracker
            self._pending = _Journal(
                dict(t.pieces),
                {k: list(v) for k, v in t.stacks.items()},
                dict(t.positions),
                {k: list(v) for k, v in self.piles.items()},
                self.turn,
                dict(self.properties),
            )
        return self._pending

    def _touch(self, piece: TrackedPiece) -> None:
        """Keep the piece's states and position as they were before the step changes them."""
        saved = self._begin().saved
        if piece.piece_id not in saved:
            saved[piece.piece_id] = (list(piece.states), piece.map, piece.x, piece.y)

    def _restore(self, journal: _Journal) -> None:
        """Put the position back as the journal recorded it before its step."""
        for pid, (states, map_name, x, y) in journal.saved.items():
            piece = journal.pieces.get(pid)
            if piece is not None:
                piece.states, piece.map, piece.x, piece.y = states, map_name, x, y
        self.tracker.pieces = journal.pieces
        self.tracker.stacks = journal.stacks
        self.tracker.positions = journal.positions
        self.piles = journal.piles
        self.turn = journal.turn
        self.properties = journal.properties

    def _log(self, command: _Cmd, *, undoable: bool = True) -> None:
        """Append the command as one step (``GameModule.sendAndLog``: a null command is not logged)."""
        journal, self._pending = self._pending, None
        if command.is_null():
            return
        self._trees.append(command)
        self.steps.append(command.texts())
        if undoable:
            self._undoable.append((command, journal))

    def _new_id(self) -> str:
        """A piece id no piece of the set-up has (``GameState.getNewPieceId`` gives a fresh one)."""
        piece_id = str(self.next_id)
        self.next_id += 1
        return piece_id

    # -- low level ------------------------------------------------------------------------------

    def step(self, texts: list[str]) -> None:
        """Append one log step made of these command texts: the first is the step's root, the others
        its children (written as given; the scribe's record of the position does not follow them)."""
        root = _Cmd(_TEXT, [texts[0]], [_Cmd(_TEXT, [t]) for t in texts[1:]])
        self._trees.append(root)
        self.steps.append(list(texts))
        self._undoable.append((root, self._pending))
        self._pending = None

    def piece(self, sdbp_id: str) -> TrackedPiece:
        """The unit or card piece with this ``sdbp_id``."""
        return self.by_id[sdbp_id]

    def point(self, zone: str) -> tuple[int, int]:
        """The point the scribe drops pieces on in ``zone``."""
        return self.zones.point_in(zone)

    def zone_of(self, piece: TrackedPiece) -> str:
        """``$CurrentZone$`` of the piece: the main-map zone at its position, or empty."""
        return self.zones.zone_name(float(piece.x), float(piece.y)) or ""

    def location(self, zone: str) -> str:
        """``$location$`` of a point in ``zone`` (the map's move and create reports): the zone's location
        name, ``14 Béatrice`` for an area."""
        return self.module_text.locations.get(zone, zone)

    def _state(self, piece: TrackedPiece) -> str:
        """The piece's whole state string (every trait's state, outermost first)."""
        return pieces.join_chain(piece.states)

    def _change(self, piece: TrackedPiece, index: int, value: str) -> _Cmd:
        """A trait's ``ChangeTracker`` command: trait ``index`` set to ``value`` (whole chain, new then old)."""
        self._touch(piece)
        old = self._state(piece)
        states = list(piece.states)
        states[index] = value
        new = pieces.join_chain(states)
        piece.set_state(new)
        return _Cmd(_CHANGE, [piece.piece_id, new, old])

    def _say(self, event: str, fields: list[tuple[str, str]], *, label: str = "", button: str = "") -> str:
        """The sentence the module writes for a record (``codec.sentences``, format 2): pieces by their
        names, zones by their location names, as the module's report formats make them."""
        names = {p.sdbp_id: basic_name(p) for p in self.tracker.pieces.values() if p.sdbp_id}
        return record_sentence(event, fields, name_of=names, location_of=self.module_text.locations, label=label, button=button)

    @staticmethod
    def _face_label(piece: TrackedPiece, state: str) -> str:
        """The menu name of a marker's face (its ``sdbp_state`` property's command for ``state``)."""
        for trait_type in piece.types:
            if trait_type.startswith("PROP;sdbp_state;"):
                for command in se_decode(se_decode(trait_type[5:], ";")[2], ","):
                    parts = se_decode(command, ":")
                    if len(parts) >= 3 and se_decode(parts[2], ",")[-1] == state:
                        return parts[0]
        return state

    def _report(self, piece: TrackedPiece, line: str) -> _Cmd:
        """What a Report Action returns (``ReportState.myKeyEvent``): its ``ChangeTracker``'s ``D/``
        (the state does not change) with the decorated line as its child."""
        state = self._state(piece)
        return _Cmd(_CHANGE, [piece.piece_id, state, state], [_chat("* " + line)])

    def _trait(self, piece: TrackedPiece, prefix: str, field_index: int, value: str) -> int:
        """Index of the piece's first trait of type ``prefix`` whose field ``field_index`` is ``value``."""
        for i, trait_type in enumerate(piece.types):
            if trait_type.startswith(prefix):
                fields = se_decode(trait_type[len(prefix) :], ";")
                if len(fields) > field_index and fields[field_index] == value:
                    return i
        raise KeyError(f"{piece.sdbp_id}: no {prefix} trait with {value!r}")

    def _prop(self, piece: TrackedPiece, name: str, value: str) -> _Cmd:
        """The Dynamic Property ``name`` set to ``value`` (a prompt's answer or a reset)."""
        return self._change(piece, self._trait(piece, "PROP;", 0, name), value)

    def _flip(self, piece: TrackedPiece, spent: bool) -> _Cmd:
        """The ``Spent`` Layer's ChangeTracker ``D/`` (level 2 spent, 1 fresh)."""
        return self._change(piece, self._trait(piece, "emb2;", 18, SPENT_LAYER), "2" if spent else "1")

    def _under(self, map_name: str, x: str, y: str, size: tuple[int, int] | None = None) -> tuple[str, str, str | None]:
        """Where a piece dropped at ``x``, ``y`` lands and the piece it lands on: the top piece of the
        stack at exactly that point or, with ``size``, of the stack whose counter (that wide and high,
        centred on the stack) holds the point (``PieceMover``'s drop target; the nearest), else the
        point itself and ``None`` (a new stack)."""
        best: tuple[int, str] | None = None
        for sid, members in self.tracker.stacks.items():
            at = self.tracker.positions.get(sid)
            if not members or at is None or at[0] != map_name:
                continue
            dx, dy = int(x) - int(at[1]), int(y) - int(at[2])
            if (dx, dy) == (0, 0) or (size is not None and _on_counter(dx, dy, size)):
                if best is None or max(abs(dx), abs(dy)) < best[0]:
                    best = (max(abs(dx), abs(dy)), sid)
        if best is None:
            return x, y, None
        at = self.tracker.positions[best[1]]
        return at[1], at[2], self.tracker.stacks[best[1]][-1]

    def _below(self, piece: TrackedPiece) -> str:
        """The piece under ``piece`` in its stack or pile (``MoveTracker``'s old ``underId``), or ``null``."""
        sid = self.tracker.stack_of(piece.piece_id)
        members = self.tracker.stacks[sid] if sid is not None else next((p for p in self.piles.values() if piece.piece_id in p), [])
        i = members.index(piece.piece_id) if piece.piece_id in members else 0
        return members[i - 1] if i > 0 else "null"

    def _place(self, piece: TrackedPiece, map_name: str, x: str, y: str, under: str | None) -> list[_Cmd]:
        """``Map.placeAt`` / ``StackMetrics.merge``: the ``M/`` of the piece onto ``under`` (or the
        point), and the AddPiece of the new stack a stackable piece dropped alone gets."""
        self._begin()
        old = [piece.map or "null", piece.x, piece.y, self._below(piece)]
        for pile in self.piles.values():
            if piece.piece_id in pile:
                pile.remove(piece.piece_id)
        self._touch(piece)
        self.tracker.move(piece.piece_id, (map_name, x, y), under)
        move = _Cmd(_MOVE, [piece.piece_id, map_name, x, y, under or "null", *old, self.player])
        deck = next((name for name, at in self.decks.items() if at == (x, y) and map_name == MAIN_MAP), None)
        if deck is not None:
            self.piles[deck].append(piece.piece_id)
            return [move]
        if under is not None:
            return [move]
        sid = self._new_id()
        state = _enc([map_name, x, y, piece.piece_id, STACK_LAYER], ";")
        self.tracker.add(sid, "stack", state)
        return [move, _Cmd(_ADD, [sid, "stack", state])]

    def _onto_pile(self, piece: TrackedPiece, pile: str) -> _Cmd:
        """``DrawPile.addToContents``: the ``M/`` onto the pile's top card (or its empty spot)."""
        x, y = self.decks[pile]
        cards = self.piles[pile]
        return self._place(piece, MAIN_MAP, x, y, cards[-1] if cards else None)[0]

    def move_text(self, piece: TrackedPiece, map_name: str, x: int, y: int) -> str:
        """A MovePiece of ``piece`` to that point (onto a pile's top card, or a stack there), as text."""
        if map_name == MAIN_MAP and (str(x), str(y)) in self.decks.values():
            pile = next(name for name, at in self.decks.items() if at == (str(x), str(y)))
            return self._onto_pile(piece, pile).text()
        nx, ny, under = self._under(map_name, str(x), str(y))
        return self._place(piece, map_name, nx, ny, under)[0].text()

    def _drag(self, moved: list[tuple[TrackedPiece, str, str, str]], line_of: Callable[[TrackedPiece, str], str] | None) -> _Cmd:
        """``PieceMover.movePieces`` for pieces dropped at points (piece, map, x, y): each piece's
        placement, the map's move report (main map only: the hands have no move format), then the
        map's move key through each piece: ``line_of(piece, old zone)`` is the line its move Report
        Action writes (``None``: the map has no move key)."""
        comm = _Cmd(_NULL, [])
        summaries: dict[tuple[str, str, str, str, str], list[str]] = {}
        old_zones: dict[str, str] = {}
        for piece, map_name, x, y in moved:
            old = (piece.map or "", piece.x, piece.y)
            old_zones[piece.piece_id] = self.zone_of(piece) if piece.map == MAIN_MAP else ""
            size = (layout.COUNTER, layout.COUNTER) if map_name == MAIN_MAP else (layout.CARD_W, layout.CARD_H)
            nx, ny, under = self._under(map_name, x, y, size)
            for c in self._place(piece, map_name, nx, ny, under):
                comm = comm.append(c)
            if map_name == MAIN_MAP and old[0] == MAIN_MAP:
                summaries.setdefault((old[1], old[2], nx, ny, old_zones[piece.piece_id]), []).append(piece_name(piece))
        lines = [
            f"* {', '.join(names)} moves {self.location(k[4])} &rarr; {self.location(self.zones.zone_name(float(k[2]), float(k[3])) or '')} *"
            for k, names in summaries.items()
        ]
        if self.module_text.move_report:
            comm = comm.append(_join(*(_chat(line) for line in lines)))
        if line_of is None:
            return comm
        return comm.append(_join(*(self._report(p, line_of(p, old_zones[p.piece_id])) for p, *_ in moved)))

    # -- acts ------------------------------------------------------------------------------------

    def move(self, side: Side, units: list[str], to: str, *, point: tuple[int, int] | None = None) -> None:
        """Drag units into zone ``to`` (or onto ``point``), one drag (``_drag``): the ``M/`` (and new
        stack) of each unit, the move report, then each unit's ``MOVE`` line as its Report Action's
        child (``from`` = ``$OldZone$``, ``to`` = ``$CurrentZone$``)."""
        x, y = point or self.point(to)
        self._begin()

        def line(piece: TrackedPiece, old_zone: str) -> str:
            fields = [("side", side_name(side)), ("unit", piece.sdbp_id or ""), ("from", old_zone), ("to", self.zone_of(piece))]
            return self._say("MOVE", fields)

        self._log(self._drag([(self.piece(u), MAIN_MAP, str(x), str(y)) for u in units], line))

    def flip(self, side: Side, units: list[str], *, spent: bool = True) -> None:
        """**Flip to spent** / **Flip to fresh** on the selected units (``KeyBuffer.keyCommand``): per
        unit the Layer's ``D/`` with the ``FLIP`` line merged in."""
        self._begin()
        trees = []
        for uid in units:
            piece = self.piece(uid)
            state = "spent" if spent else "fresh"
            line = self._say("FLIP", [("side", side_name(side)), ("unit", uid), ("area", self.zone_of(piece)), ("state", state)])
            trees.append(self._flip(piece, spent).append(self._report(piece, line)))
        self._log(_join(*trees))

    def dice(self, side: Side | None, purpose: str, values: list[int]) -> None:
        """A roll with the purpose's button (``assault``: ``Assault 2d6``, the assault's roll and its
        Giap re-rolls; ``DiceButton.DR``): the DICE line with the button's four properties as children."""
        self._begin()
        name = DICE_BUTTONS.get(purpose, f"{len(values)}d6")
        result = ",".join(str(v) for v in values)
        fields = [("side", side_name(side)), ("purpose", purpose), ("dice", result), ("total", str(sum(values)))]
        table = self.module_text.roll_tables.get(name)
        if table is not None:  # the button's BeanShell report: control as the board shows it (markers, else printed)
            controlled = {(self.zone_of(p), p.prop("sdbp_state")) for p in self._visit_order() if p.kind == "marker" and p.sdbp_id == "control"}
            marked = {zone for zone, _state in controlled}
            modified = sum(values) + sum(
                add for zone, side_id, printed, add in table.terms if (zone, side_id) in controlled or (printed and zone not in marked)
            )
            count = table.default
            for lowest, value in table.rows:
                if modified >= lowest:
                    count = value
            fields += ([("modified", str(modified))] if table.modified else []) + [(table.field, str(count))]
        line = self._say("DICE", fields)
        new = {"_result": result, "_total": str(sum(values)), "_keep": str(len(values)), "_summary": dice_summary(values)}
        c = _chat("* " + line)
        for suffix, start in DICE_START.items():
            prop = name + suffix
            c = c.append(_Cmd(_PROPERTY, [prop, self.properties.get(prop, start), new[suffix], "Module"]))
            self.properties[prop] = new[suffix]
        self._log(c)

    def phase(self, turn: int, phase: str, side: Side | None) -> None:
        """The turn tracker set to ``turn``, ``phase`` (``draw``/``action``/``end``): the PHASE line with
        the tracker's new state as its child (``TurnTracker.save``). A malformed PHASE line: ``chat``."""
        if phase not in PHASES:
            raise ValueError(f"phase {phase!r} is not one of {PHASES} (the tracker cannot show it; write odd lines with chat())")
        self._begin()
        self._log(self._phase_line(turn, phase, side, self.turn))

    def _phase_line(self, turn: int, phase: str, side: Side | None, old: str) -> _Cmd:
        """``TurnTracker.save``: the PHASE line with the ``TURN`` command (new state, ``old``) as its child."""
        line = self._say("PHASE", [("turn", str(turn)), ("phase", phase), ("side", side_name(side))])
        new = turn_state(turn, phase, self.loop_limit)
        self.turn = new
        return _chat("* " + line).append(_Cmd(_TURN, [TRACKER_ID, new, old]))

    def stay_at_last_turn(self, side: Side | None) -> None:
        """**Next** pressed at the last turn's last phase (buildfile ``_turn_tracker``): the counter wraps to
        the first turn's first phase, the stay hotkey fires **Previous**, whose nested ``save`` logs the
        last turn's last phase (its ``TURN`` command's old state is the wrapped one; the outer ``save``
        logs nothing), then the hotkey's report, a step of its own (``TurnGlobalHotkey.apply``)."""
        if self.loop_limit is None:
            raise ValueError("the module's tracker is not looped: it has no last turn to stay at")
        self._begin()
        wrapped = turn_state(1, PHASES[0], self.loop_limit)
        self._log(self._phase_line(self.loop_limit, PHASES[-1], side, wrapped))
        self._log(_chat("* " + self.module_text.last_turn_report))

    def pass_(self, side: Side) -> None:
        """The toolbar **Pass** button (``GlobalCommand.apply``: ``"*"`` + the report, no piece answers)."""
        self._log(_chat("*" + self._say("PASS", [("side", side_name(side))])))

    def result(self, side: Side | None, winner: Side, *, answer: str | None = RESULT_CONFIRM) -> None:
        """A side's **<label> win** button (report-formats §2.12). In a module whose button asks for a
        confirmation (a ChangePropertyButton, ``buildfile._result_buttons``): the prompt's ``answer``
        (``None``: cancelled, nothing logged) becomes the button's Global Property, whose change
        (``MutableProperty``) has the report as its child: the RESULT line when a player of a side
        typed ``yes``, else the refusal; an answer equal to the property's value changes nothing and
        logs nothing (``ChangePropertyButton.launch``). In an older module a Global Key Command:
        ``"*"`` + the line."""
        line = self._say("RESULT", [("side", side_name(side)), ("winner", winner.label)])
        prop = self.module_text.result_properties.get(winner.label)
        if prop is None:
            self._log(_chat("*" + line))
            return
        old = self.properties.get(prop, "")
        if answer is None or answer == old:
            return
        self._begin()
        self.properties[prop] = answer
        if side is None:
            text = f"{winner.label} win not declared: only a player of a side declares the result"
        elif answer != RESULT_CONFIRM:
            text = f"{winner.label} win not declared (type {RESULT_CONFIRM} to confirm)"
        else:
            text = line
        self._log(_Cmd(_PROPERTY, [prop, old, answer, "Module"]).append(_chat("* " + text)))

    def _helper(self, side: Side | None, helper: str, for_side: Side | None = None) -> _Cmd:
        """A helper button's report (``GlobalCommand.apply``: ``"*"`` + the HELPER line, §2.13), the root
        its pieces' commands are appended to (``Visitor``: ``command.append(p.keyEvent(stroke))``)."""
        fields = [("side", side_name(side)), ("helper", helper)]
        if for_side is not None:
            fields.append(("for", for_side.label))
        what = helper if for_side is None else f"{helper}:{for_side.label}"
        return _chat("*" + self._say("HELPER", fields, button=self.module_text.buttons.get(what, helper)))

    def _visit_order(self) -> list[TrackedPiece]:
        """The pieces of the main map in a Global Key Command's visiting order: stack by stack, in the
        order the stacks were made (the map's piece collection), each bottom to top."""
        out: list[TrackedPiece] = []
        for members in self.tracker.stacks.values():
            for pid in members:
                piece = self.tracker.pieces.get(pid)
                if piece is not None and piece.map == MAIN_MAP:
                    out.append(piece)
        return out

    def refresh(self, side: Side | None) -> list[str]:
        """**Refresh units** (§2.13; buildfile ``refresh_match``): every spent unit in an area, except,
        when the module has the exception (``ModuleText.refresh_except``), a unit of the excepted side
        in a zone holding the excepted marker, flips to fresh: per unit its Layer ``D/`` with the
        ``FLIP … state=fresh`` line. Returns the units flipped."""
        self._begin()
        held_side, held_marker = self.module_text.refresh_except or ("", "")
        marked = {self.zone_of(p) for p in self._visit_order() if p.kind == "marker" and held_marker and p.sdbp_id == held_marker}
        root = self._helper(side, "refresh")
        flipped: list[str] = []
        for piece in self._visit_order():
            zone = self.zone_of(piece)
            if piece.kind != "unit" or piece.spent is not True or not zone.isdigit():
                continue
            if zone in marked and marker_value(piece.types, piece.states, "side") == held_side:
                continue
            if self.module_text.refresh_by_unit:  # the unit's own side, and the helper (pieces.refresh_flip_report)
                own = Side.named(marker_value(piece.types, piece.states, "side") or "")
                fields = [("side", side_name(own)), ("unit", piece.sdbp_id or ""), ("area", zone), ("state", "fresh"), ("helper", "refresh")]
            else:
                fields = [("side", side_name(side)), ("unit", piece.sdbp_id or ""), ("area", zone), ("state", "fresh")]
            button = self.module_text.buttons.get("refresh", "") if self.module_text.refresh_by_unit else ""
            root.append(self._flip(piece, False).append(self._report(piece, self._say("FLIP", fields, button=button))))
            flipped.append(piece.sdbp_id or "")
        self._log(root)
        return flipped

    def clear_markers(self, side: Side | None, kind: str) -> list[str]:
        """**Clear fire markers** (``kind`` ``fire``) / **Clear No Supply markers** (``no-supply``): every
        such marker on the map is deleted (its Delete trait: ``-/``). Returns the piece ids deleted."""
        helper = {"fire": "clear-fire", "no-supply": "clear-no-supply"}[kind]
        self._begin()
        root = self._helper(side, helper)
        gone: list[str] = []
        for piece in self._visit_order():
            if piece.kind == "marker" and piece.sdbp_id == kind:
                root.append(_Cmd(_REMOVE, [piece.piece_id, pieces.join_chain(piece.types), self._state(piece)]))
                self.tracker.remove(piece.piece_id)
                gone.append(piece.piece_id)
        self._log(root)
        return gone

    def draw_to_hand(self, side: Side | None, for_side: Side, cards: list[str]) -> None:
        """**Draw: <side>** (§2.13): ``cards`` are the cards the button's filter takes from the side's deck
        (the engine picks them at random, as many as the hand lacks: buildfile ``draw_match``; the caller
        names them). Per card the Send To Location's back-position ``D/``, its ``M/`` to the hand's first
        slot (a new stack for the first card there, the others on it), then the deck's ``pieceRemoved``:
        the card masked for the drawing side (its Mask ``D/``)."""
        self._begin()
        hand = f"{side_name(for_side)} hand"
        deck = f"{side_name(for_side)} deck"
        root = self._helper(side, "draw", for_side)
        if self.module_text.draw_counts:  # buildfile.draw_report: the cards drawn, the hand's size after
            held = sum(1 for p in self.tracker.pieces.values() if p.map == hand and p.kind == "card")
            fields = [("side", side_name(side)), ("helper", "draw"), ("for", for_side.label), ("drawn", str(len(cards))), ("hand", str(held + len(cards)))]
            root = _chat("*" + self._say("HELPER", fields, button=self.module_text.buttons.get(f"draw:{for_side.label}", "draw")))
        for card in cards:
            piece = self.piece(card)
            if piece.piece_id not in self.piles.get(deck, []):
                raise ValueError(f"{card} is not in the {deck}")
            index = self._trait(piece, "sendto;", 1, keys.K_DRAW)
            dest = se_decode(piece.types[index][len("sendto;") :], ";")
            c = self._change(piece, index, _enc([piece.map or "", piece.x, piece.y], ";"))
            x, y, under = self._under(hand, dest[4], dest[5])
            for placed in self._place(piece, hand, x, y, under):
                c = c.append(placed)
            mask = next(i for i, t in enumerate(piece.types) if t.startswith("obs;"))
            owner = _enc([side_name(side) or "null", *se_decode(piece.states[mask], ";")[1:]], ";")
            root.append(c.append(self._change(piece, mask, owner)))
        self._log(root)

    def null_step(self) -> None:
        """A step whose command no encoder writes: ``LOG{TAB}null`` (Java's ``"LOG\\t" + null``)."""
        self.step(["null"])

    def declare(self, word: str, side: Side, units: list[str], target: str) -> None:
        """``FIRE`` or ``ASSAULT`` declared with ``units`` selected, in that order (``KeyBuffer.keyCommand``),
        one step, one prompt per zone (report-formats §2.5, ``pieces._unit_prototype``). The first unit
        of a zone leads, its Trigger Action sending in order: its mark (``D/``) with the prompt's answer
        ``target`` merged in, the shared Global Property's change (``MutableProperty``), its line, the
        Counter Global Key Command's command (a null root whose children are, per other selected unit
        of its side in the zone, in the map's order: the target taken with the line merged in, and
        the reset with the follower's mark merged in), then its reset with its mark cleared. When the
        key reaches a follower, its outer trigger only clears its mark (a ``D/``)."""
        self._begin()
        selected = [self.piece(uid) for uid in units]
        chosen = {p.piece_id for p in selected}
        done: set[str] = set()
        trees = []

        def line(piece: TrackedPiece) -> str:
            fields = [("side", side_name(side)), ("unit", piece.sdbp_id or ""), ("from", self.zone_of(piece)), ("target", target)]
            return self._say(word, fields)

        for piece in selected:
            if piece.piece_id in done:
                trees.append(self._prop(piece, keys.DECLARED, "0"))
                continue
            zone, own = self.zone_of(piece), marker_value(piece.types, piece.states, "side")
            gathered = _Cmd(_NULL, [])
            for other in self._visit_order():
                if (
                    other.piece_id in chosen
                    and other.piece_id not in done
                    and other is not piece
                    and self.zone_of(other) == zone
                    and marker_value(other.types, other.states, "side") == own
                ):
                    taken = self._prop(other, "sdbp_target", target).append(self._report(other, line(other)))
                    gathered.append(_join(taken, self._prop(other, "sdbp_target", ""), self._prop(other, keys.DECLARED, "1")))
                    done.add(other.piece_id)
            shared = _Cmd(_PROPERTY, [keys.STACK_TARGET, self.properties.get(keys.STACK_TARGET, ""), target, "Module"])
            self.properties[keys.STACK_TARGET] = target
            lead = [self._prop(piece, keys.DECLARED, "2"), self._prop(piece, "sdbp_target", target), shared, self._report(piece, line(piece))]
            trees.append(_join(*lead, gathered, self._prop(piece, "sdbp_target", ""), self._prop(piece, keys.DECLARED, "0")))
        self._log(_join(*trees))

    def entrench(self, side: Side, units: list[str]) -> None:
        """**Declare entrenchment** on the selected units: the Trigger Action sends nothing, the
        Report Action on its key writes each unit's line (its ``D/`` and the line)."""
        self._begin()
        trees = []
        for uid in units:
            piece = self.piece(uid)
            trees.append(self._report(piece, self._say("ENTRENCH", [("side", side_name(side)), ("unit", uid), ("area", self.zone_of(piece))])))
        self._log(_join(*trees))

    def _hand_slot(self, hand: str) -> tuple[str, str]:
        """The first card slot of the hand with no card on it (the last one when all are taken)."""
        slots = [(layout.CARD_W // 2 + 10 + i * HAND_SLOT, HAND_BOARD[1] // 2) for i in range((HAND_BOARD[0] - 20) // HAND_SLOT)]
        for x, y in slots:
            if self.tracker.stack_at((hand, str(x), str(y))) is None:
                return str(x), str(y)
        return str(slots[-1][0]), str(slots[-1][1])

    def draw(self, side: Side, cards: list[str]) -> None:
        """Cards dragged from the side's deck into its hand, one drag (no report line, no move key: the
        hand has neither): onto a free card slot, the first card in a new stack, the others on it."""
        self._begin()
        hand = f"{side_name(side)} hand"
        x, y = self._hand_slot(hand)
        self._log(self._drag([(self.piece(cid), hand, x, y) for cid in cards], None))

    def card(self, side: Side, card: str, action: str, *, target: str = "", to: str | None = None) -> None:
        """``CARD`` play / discard / remove, with the card's move to ``to`` (default: the pile of the
        card's trait). **Play…** is a Trigger Action (prompt ``D/`` with the line, reset ``D/``, the play
        move); **Discard** and **Remove from game** are Return To Deck traits (the move, then the line)."""
        self._begin()
        piece = self.piece(card)
        fields = [("side", side_name(side)), ("card", card), ("action", action)]
        if action == "play":
            fields.append(("target", target))
        line = self._say("CARD", fields)
        trait_key = {"play": keys.M_PLAY, "discard": keys.K_DISCARD}.get(action, keys.K_REMOVE)
        pile = to or se_decode(piece.types[self._trait(piece, "return;", 1, trait_key)][len("return;") :], ";")[7]
        if action == "play":
            prompt = self._prop(piece, "sdbp_target", target)
            self._log(_join(prompt, self._report(piece, line), self._prop(piece, "sdbp_target", ""), self._onto_pile(piece, pile)))
        else:
            move = self._onto_pile(piece, pile)
            self._log(move.append(self._report(piece, line)))

    def entrench_card(self, side: Side, card: str, area: str) -> None:
        """A card's **Discard for entrenchment…** (report-formats §2.5), a Trigger Action: the
        prompt's ``D/`` into ``sdbp_target`` with the ``ENTRENCH`` line (the card and the typed area),
        the reset ``D/``, then the card's move to the side's discard pile (no ``CARD`` line)."""
        self._begin()
        piece = self.piece(card)
        line = self._say("ENTRENCH", [("side", side_name(side)), ("card", card), ("area", area)])
        pile = se_decode(piece.types[self._trait(piece, "return;", 1, keys.M_DIG)][len("return;") :], ";")[7]
        self._log(_join(self._prop(piece, "sdbp_target", area), self._report(piece, line), self._prop(piece, "sdbp_target", ""), self._onto_pile(piece, pile)))

    def reshuffle(self, side: Side, cards: list[str]) -> None:
        """The side's discard pile (``cards``) dragged onto its deck, one step, no report line (5.4)."""
        self._begin()
        self._log(_join(*(self._onto_pile(self.piece(card), f"{side_name(side)} deck") for card in cards)))

    def card_move(self, card: str, pile: str) -> None:
        """A card dragged to a pile with no report line (what the interpretation must flag)."""
        self._begin()
        self._log(self._onto_pile(self.piece(card), pile))

    def _eliminate(self, side: Side, piece: TrackedPiece) -> _Cmd:
        """What the unit's **Eliminate** key returns (``SendToLocation.myKeyEvent``): the trait's
        back-position ``D/``, the ``M/`` into the box (and a new stack there), the map's move key (the
        ``MOVE`` line), then the ``ELIMINATE`` line, whose ``D/`` merges into the move line's."""
        zone = self.zone_of(piece)
        index = self._trait(piece, "sendto;", 0, "Eliminate")
        dest = se_decode(piece.types[index][len("sendto;") :], ";")
        c = self._change(piece, index, _enc([piece.map or "", piece.x, piece.y], ";"))
        x, y, under = self._under(dest[2], dest[4], dest[5])
        for placed in self._place(piece, dest[2], x, y, under):
            c = c.append(placed)
        who = [("side", side_name(side)), ("unit", piece.sdbp_id or "")]
        c = c.append(self._report(piece, self._say("MOVE", [*who, ("from", zone), ("to", self.zone_of(piece))])))
        return c.append(self._report(piece, self._say("ELIMINATE", [*who, ("from", zone)])))

    def eliminate(self, side: Side, unit: str) -> None:
        """The unit menu's **Eliminate** (report-formats §2.8)."""
        self._begin()
        self._log(_join(self._eliminate(side, self.piece(unit))))

    def damage(self, side: Side, unit: str, result: str) -> None:
        """**Take hit: flip** / **Take hit: eliminate** (report-formats §2.10), a Trigger Action: the
        DAMAGE line (its report key is sent first, so ``area`` is where the unit was hit), then what
        the key the menu sends writes: the Layer's ``D/`` and the FLIP line, or Eliminate's."""
        if result not in ("flip", "eliminate"):
            raise ValueError(f"damage result {result!r} is not flip or eliminate")
        self._begin()
        piece = self.piece(unit)
        zone = self.zone_of(piece)
        report = self._report(piece, self._say("DAMAGE", [("side", side_name(side)), ("unit", unit), ("area", zone), ("result", result)]))
        if result == "flip":
            line = self._say("FLIP", [("side", side_name(side)), ("unit", unit), ("area", zone), ("state", "spent")])
            self._log(_join(report, self._flip(piece, True).append(self._report(piece, line))))
        else:
            self._log(_join(report, self._eliminate(side, piece)))

    def retreat(self, side: Side, unit: str, to: str, *, typed: str | None = None) -> None:
        """**Retreat to…** (report-formats §2.11), a Trigger Action: the prompt ``D/`` (``typed``,
        default ``to``) with the RETREAT line, then, when what was typed is an area of the map (the
        module's ``retreat_areas``), the Send To Location into that area's zone centre (its
        back-position ``D/``, the ``M/``, a new stack, the move key's ``MOVE`` line), then the reset
        ``D/``; one step. When the typed text moves nothing (no area, or a module whose command
        never moves), the player's drag into ``to`` follows (``move``), a step of its own."""
        self._begin()
        piece = self.piece(unit)
        value = to if typed is None else typed
        zone = self.zone_of(piece)
        line = self._say("RETREAT", [("side", side_name(side)), ("unit", unit), ("from", zone), ("to", value)])
        parts = [self._prop(piece, "sdbp_target", value), self._report(piece, line)]
        moved = value in self.module_text.retreat_areas
        if moved:
            index = next(i for i, t in enumerate(piece.types) if t.startswith("sendto;") and se_decode(t[len("sendto;") :], ";")[1] == keys.M_RETREAT)
            c = self._change(piece, index, _enc([piece.map or "", piece.x, piece.y], ";"))
            cx, cy = self.zones.centre(value)
            x, y, under = self._under(MAIN_MAP, str(cx), str(cy))
            for placed in self._place(piece, MAIN_MAP, x, y, under):
                c = c.append(placed)
            fields = [("side", side_name(side)), ("unit", unit), ("from", zone), ("to", self.zone_of(piece))]
            parts.append(c.append(self._report(piece, self._say("MOVE", fields))))
        parts.append(self._prop(piece, "sdbp_target", ""))
        self._log(_join(*parts))
        if not moved:
            self.move(side, [unit], to)

    def _marker_point(self, zone: str) -> tuple[int, int]:
        """A point of ``zone`` on no stack's counter (a marker dropped beside the units), else its
        first interior point."""
        size = (layout.COUNTER, layout.COUNTER)
        taken = [self.tracker.positions[s] for s, m in self.tracker.stacks.items() if m and s in self.tracker.positions]
        for x, y in self.zones.points_in(zone):
            if not any(at[0] == MAIN_MAP and _on_counter(x - int(at[1]), y - int(at[2]), size) for at in taken):
                return x, y
        return self.point(zone)

    def add_marker(self, side: Side | None, kind: str, state: str, zone: str) -> str:
        """A marker dragged from the palette into ``zone`` showing ``state`` (``PieceMover.movePieces``
        for a new piece): its AddPiece and its new stack, the map's create report, then its ``MOVE``
        line (the map's move key; ``from`` is empty: the piece was on no map)."""
        self._begin()
        definition = self.info.definitions[kind]
        states = list(definition.state_traits)
        kind_states: list[str] = []
        for trait_type in definition.type_traits:
            if trait_type.startswith("PROP;sdbp_state;"):
                commands = se_decode(se_decode(trait_type[5:], ";")[2], ",")
                kind_states = [se_decode(se_decode(c, ":")[2], ",")[1] for c in commands]
        level = str(kind_states.index(state) + 1)
        for i, trait_type in enumerate(definition.type_traits):
            if trait_type.startswith("PROP;sdbp_state;"):
                states[i] = state
            elif trait_type.startswith("PROP;sdbp_level;") or (
                trait_type.startswith("emb2;") and se_decode(trait_type[5:], ";")[18] == "State"
            ):
                states[i] = level
        piece_id = self._new_id()
        x, y = self._marker_point(zone)
        basic = pieces.basic_state(states[-1])
        assert basic is not None
        states[-1] = pieces.basic_state_text(
            replace(basic, map=MAIN_MAP, x=str(x), y=str(y), properties=(("UniqueID", piece_id),))
        )
        piece_type = pieces.join_chain(list(definition.type_traits))
        add = _Cmd(_ADD, [piece_id, piece_type, pieces.join_chain(states)])
        marker = self.tracker.add(piece_id, piece_type, pieces.join_chain(states))
        assert marker is not None
        stack = self._new_id()
        stack_state = _enc([MAIN_MAP, str(x), str(y), piece_id, STACK_LAYER], ";")
        self.tracker.add(stack, "stack", stack_state)
        fields = [("side", side_name(side)), ("marker", kind), ("state", state), ("from", ""), ("to", self.zone_of(marker))]
        created = _chat(f"* {piece_name(marker)} created in {self.location(self.zone_of(marker))} *") if self.module_text.create_report else _Cmd(_NULL, [])
        self._log(_join(add, _Cmd(_ADD, [stack, "stack", stack_state]), created, self._report(marker, self._say("MOVE", fields))))
        return piece_id

    def set_marker(self, side: Side | None, piece_id: str, state: str) -> None:
        """A marker's face chosen with its menu (Ctrl+1, Ctrl+2 …: ``KeyBuffer.keyCommand``): one ``D/``
        setting its ``sdbp_state`` and ``sdbp_level`` (the ``State`` Layer follows the level), with the
        state's ``MARKER`` line as its child, as the engine logs it (a face it already shows: no ``D/``,
        the line under a null command, as VASSAL 3.7.26 logs a menu choice that changes nothing)."""
        self._begin()
        piece = self.tracker.pieces[piece_id]
        self._touch(piece)
        faces = self._faces(piece)
        old = self._state(piece)
        states = list(piece.states)
        states[self._trait(piece, "PROP;", 0, "sdbp_state")] = state
        states[self._trait(piece, "PROP;", 0, "sdbp_level")] = str(faces.index(state) + 1)
        new = pieces.join_chain(states)
        piece.set_state(new)
        fields = [("side", side_name(side)), ("marker", piece.sdbp_id or ""), ("state", state), ("area", self.zone_of(piece))]
        line = _chat("* " + self._say("MARKER", fields, label=self._face_label(piece, state)))
        self._log(_Cmd(_NULL, [], [line]) if new == old else _Cmd(_CHANGE, [piece_id, new, old], [line]))

    @staticmethod
    def _faces(piece: TrackedPiece) -> list[str]:
        """The states of a marker piece, in menu order (its ``sdbp_state`` property's menu entries)."""
        for trait_type in piece.types:
            if trait_type.startswith("PROP;sdbp_state;"):
                commands = se_decode(se_decode(trait_type[5:], ";")[2], ",")
                return [se_decode(se_decode(c, ":")[2], ",")[1] for c in commands]
        raise KeyError(f"{piece.sdbp_id}: not a marker with faces")

    def delete(self, piece_id: str) -> None:
        """A piece deleted (the markers' Delete, Ctrl+D): ``-/id``, no report line."""
        self._begin()
        piece = self.tracker.pieces[piece_id]
        removed = _Cmd(_REMOVE, [piece_id, pieces.join_chain(piece.types), self._state(piece)])
        self.tracker.remove(piece_id)
        self._log(removed)

    def chat(self, text: str) -> None:
        """A chat command with this text (``CHAT`` + text): odd or malformed lines, players' chat."""
        self._log(_chat(text))

    def undo(self) -> None:
        """Take back the last step not yet taken back (``BasicLogger.undo``): ``UNDO{TAB}true``, the
        inverse of the step's tree, ``UNDO{TAB}false``; the scribe's position is the one before it."""
        if not self._undoable:
            raise ValueError("no step to take back")
        command, journal = self._undoable.pop()
        if journal is not None:
            self._restore(journal)
        self._pending = None
        tree = _Cmd(_UNDO, ["true"]).append(command.undo()).append(_Cmd(_UNDO, ["false"]))
        self._log(tree, undoable=False)

    # -- output ----------------------------------------------------------------------------------

    def text(self) -> str:
        """The log's command text: the set-up save's tree, then one ``LOG`` step per act."""
        return encode_tree(Command(self.tree.text, self.tree.children + tuple(c.logged() for c in self._trees)))

    def write(self, path: Path) -> None:
        """Save the log as a ``.vlog`` (the set-up's entries, the text obfuscated as the engine does)."""
        write_save(path, encode_envelope(Envelope(EnvelopeKind.VCSK, LOG_KEY, self.text())), self.entries)


def _on_counter(dx: int, dy: int, size: tuple[int, int]) -> bool:
    """Whether a point ``dx``, ``dy`` from a piece's position lies on its image of ``size``, centred on
    the position (``java.awt.Rectangle.contains``: left and top edges in, right and bottom out)."""
    w, h = size
    return -(w // 2) <= dx < w - w // 2 and -(h // 2) <= dy < h - h // 2


@record
class _ModuleRead:
    """What a scribe reads from its module, none of which it changes: the texts of its build file, the set-up
    save's other entries and its command tree, the module's definitions and zones."""

    text: ModuleText
    entries: tuple[tuple[str, bytes], ...]
    tree: Command
    info: ModuleInfo
    zones: Zones


_READ: dict[tuple[str, int, int, int], _ModuleRead] = {}
"""The modules read in this process, by (path, inode, size, modification time): a process that writes many
logs of one module (``play_script``, the tests: a hundred scribes) reads it once. Only the last few are kept."""
_KEEP = 4


def _read_module(module: Path) -> _ModuleRead:
    """``module`` read as a scribe needs it (from ``_READ`` when this very file was read already)."""
    try:
        stat = module.stat()
        key: tuple[str, int, int, int] | None = (str(module.resolve()), stat.st_ino, stat.st_size, stat.st_mtime_ns)
    except OSError:
        key = None  # not there or not readable: open_archive says so, as it always has
    found = _READ.get(key) if key is not None else None
    if found is not None:
        return found
    with open_archive(module, kind="a .vmod is a zip archive") as archive:
        entry = next((e for e in archive.entries if e.name == SETUP_ENTRY), None)
        build = next((e for e in archive.entries if e.name == "buildFile.xml"), None)
        if entry is None or build is None:
            raise CodecError(f"{module}: no {SETUP_ENTRY} or buildFile.xml entry (not a module built by sdbp build)")
        data = archive.read(entry)
        text = module_text(archive.read(build))
    tmp_entries = _container_entries(data)
    saved = dict(tmp_entries)["savedGame"]
    info = read_module(module)
    found = _ModuleRead(
        text,
        tuple((n, d) for n, d in tmp_entries if n != "savedGame"),
        decode_tree(decode_envelope(saved).text),
        info,
        Zones.from_module(info),
    )
    if key is not None:
        while len(_READ) >= _KEEP:
            del _READ[next(iter(_READ))]
        _READ[key] = found
    return found


def _container_entries(data: bytes) -> list[tuple[str, bytes]]:
    """The zip entries of the set-up save (read through a file: the container reader takes a path)."""
    with tempfile.TemporaryDirectory() as tmp:
        p = Path(tmp) / SETUP_ENTRY
        p.write_bytes(data)
        return list(read_container(p).entries)
