"""The scribe: game acts → a ``.vlog`` as the engine writes it with the module from ``sdbp build``.

It starts from the module's own set-up save (``campaign.vsav``: the pieces and their ids), then
appends one ``LOG`` step per act (format reference §5.6), made of the commands the module's
traits produce (``docs/module-pieces.md``) and the report lines of ``docs/report-formats.md``:
``M/`` MovePiece per dragged piece, ``D/`` ChangePiece for a Layer flip or a Dynamic Property
change, the turn tracker's ``TURN`` state, ``CHAT`` lines with the 3.7 engine's decoration (``* ``
for report actions, dice buttons, the turn tracker and the Pass button) and, for a drag, the map's
own move report (``* <names> moves <old> &rarr; <new> *``). Positions are points inside the
module's zones. Used by the end-to-end test of ``sdbp check`` and by the interpretation's unit
tests; it writes, it never judges.

Not modelled (the interpretation does not need them): the ``Old…`` property and mark-moved
``D/`` changes the engine sends with a move, the Send To Location's own ``D/``, the ``+/`` of a new
stack a drag creates, the ``keep``/``summary`` dice properties, the ``D/`` of a declaration's
prompt (``declare``).
"""

from __future__ import annotations

import zipfile
from dataclasses import replace
from pathlib import Path

from sdbp_module.codec import pieces
from sdbp_module.codec.container import read_container, write_save
from sdbp_module.codec.envelope import (
    Envelope,
    EnvelopeKind,
    decode_envelope,
    encode_envelope,
)
from sdbp_module.codec.module_info import read_module
from sdbp_module.codec.sequence import decode as se_decode
from sdbp_module.codec.sequence import encode as se_encode
from sdbp_module.codec.tree import Command, decode_tree, encode_tree
from sdbp_module.ids import Side
from sdbp_module.replay.vlog.lines import format_line, side_name
from sdbp_module.replay.vlog.start import PHASES
from sdbp_module.replay.vlog.tracker import SPENT_LAYER, TrackedPiece, Tracker
from sdbp_module.replay.vlog.zones import MAIN_MAP, Zones

SETUP_ENTRY = "campaign.vsav"
LOG_KEY = 0x2A
TRACKER_ID = "TurnTracker0"
DICE_BUTTONS = {"fire": "Fire 2d6", "assault": "Assault 2d6", "supply": "Supply 2d6", "replacements": "Replacements 1d6"}
"""Dice purpose → the module's button name (``buildfile.DICE``); anything else: ``2d6`` / ``1d6``."""


def _enc(tokens: list[str], delimiter: str) -> str:
    value = se_encode(tokens, delimiter)
    assert value is not None
    return value


def turn_state(turn: int, phase: str) -> str:
    """The turn tracker's state (format reference §5.4) at ``turn``, ``phase``: top level 0 active;
    the ``Turn`` counter at ``turn`` (its one sub-level active, no loop); the ``Phase`` list at the
    phase's index (first index 0, every phase active). ``replay.vlog.start`` reads it back."""
    phases = _enc([str(PHASES.index(phase)), "0", "0", _enc(["true"] * len(PHASES), ",")], ";")
    counter = _enc([str(turn), "0", "false", "-1", phases], ";")
    return _enc(["0", counter], "|")


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


class Scribe:
    """Builds a log step by step; ``write(path)`` saves it. Units and cards are named by ``sdbp_id``."""

    def __init__(self, module: Path, *, player: str = "scribe") -> None:
        with zipfile.ZipFile(module) as archive:
            data = archive.read(SETUP_ENTRY)
        tmp_entries = _container_entries(data)
        self.entries = [(n, d) for n, d in tmp_entries if n != "savedGame"]
        saved = dict(tmp_entries)["savedGame"]
        self.tree = decode_tree(decode_envelope(saved).text)
        self.info = read_module(module)
        self.zones = Zones.from_module(self.info)
        self.next_id = 2_000_000_000_001
        self.tracker = Tracker()
        self.decks: dict[str, tuple[str, str]] = {}
        for top in self.tree.children:
            for node in top.walk():
                fields = pieces.add_piece_fields(node.text) if not node.opaque else None
                if fields is None:
                    continue
                self.tracker.add(*fields)
                if fields[1].startswith("deck;"):
                    name = se_decode(fields[1][5:], ";")[12]
                    state = se_decode(fields[2], ";")
                    self.decks[name] = (state[1], state[2])
        self.by_id: dict[str, TrackedPiece] = {}
        for piece in self.tracker.pieces.values():
            sid = piece.sdbp_id
            if sid is not None and piece.kind in ("unit", "card"):
                self.by_id[sid] = piece
        self.player = player
        self.steps: list[list[str]] = []
        self.hand_slots = 0

    # -- low level ------------------------------------------------------------------------------

    def step(self, texts: list[str]) -> None:
        """Append one log step made of these command texts (the first is the step's root)."""
        self.steps.append(list(texts))

    def piece(self, sdbp_id: str) -> TrackedPiece:
        return self.by_id[sdbp_id]

    def move_text(self, piece: TrackedPiece, map_name: str, x: int, y: int) -> str:
        old = (piece.map or "null", piece.x, piece.y)
        self.tracker.move(piece.piece_id, (map_name, str(x), str(y)), None)
        return "M/" + _enc([piece.piece_id, map_name, str(x), str(y), "null", *old, "null", self.player], "/")

    def flip_text(self, piece: TrackedPiece, spent: bool) -> str:
        old = pieces.join_chain(piece.states)
        states = list(piece.states)
        for i, trait_type in enumerate(piece.types):
            if trait_type.startswith("emb2;") and se_decode(trait_type[5:], ";")[18] == SPENT_LAYER:
                states[i] = "2" if spent else "1"
        new = pieces.join_chain(states)
        piece.set_state(new)
        return "D/" + _enc([piece.piece_id, new, old], "/")

    def prop_text(self, piece: TrackedPiece, name: str, value: str) -> str:
        """ChangePiece for the Dynamic Property ``name`` set to ``value`` (whole chain, new then old)."""
        old = pieces.join_chain(piece.states)
        states = list(piece.states)
        for i, trait_type in enumerate(piece.types):
            if trait_type.startswith("PROP;") and se_decode(trait_type[5:], ";")[0] == name:
                states[i] = value
        new = pieces.join_chain(states)
        piece.set_state(new)
        return "D/" + _enc([piece.piece_id, new, old], "/")

    def point(self, zone: str) -> tuple[int, int]:
        return self.zones.point_in(zone)

    def zone_of(self, piece: TrackedPiece) -> str:
        return self.zones.zone_name(float(piece.x), float(piece.y)) or ""

    # -- acts ------------------------------------------------------------------------------------

    def move(self, side: Side, units: list[str], to: str, *, point: tuple[int, int] | None = None) -> None:
        """Drag units into zone ``to`` (or onto ``point``), one step as PieceMover writes it: an M/
        per unit, the map's move report (one line per group of units that left the same point,
        report-formats §2.4), then a MOVE line per unit (the map's move key comes last)."""
        x, y = point or self.point(to)
        new_zone = self.zones.zone_name(float(x), float(y)) or ""
        moves: list[str] = []
        lines: list[str] = []
        groups: dict[tuple[str | None, str, str], tuple[str, list[str]]] = {}
        for uid in units:
            piece = self.piece(uid)
            old_zone = self.zone_of(piece)
            groups.setdefault((piece.map, piece.x, piece.y), (old_zone, []))[1].append(piece_name(piece))
            moves.append(self.move_text(piece, MAIN_MAP, x, y))
            lines.append("CHAT* " + format_line("MOVE", [("side", side_name(side)), ("unit", uid), ("from", old_zone), ("to", to)]))
        reports = [f"CHAT* {', '.join(names)} moves {old} &rarr; {new_zone} *" for old, names in groups.values()]
        self.step(moves + reports + lines)

    def flip(self, side: Side, units: list[str], *, spent: bool = True) -> None:
        texts: list[str] = []
        for uid in units:
            piece = self.piece(uid)
            zone = self.zones.zone_name(float(piece.x), float(piece.y)) or ""
            texts.append(self.flip_text(piece, spent))
            state = "spent" if spent else "fresh"
            texts.append("CHAT* " + format_line("FLIP", [("side", side_name(side)), ("unit", uid), ("area", zone), ("state", state)]))
        self.step(texts)

    def dice(self, side: Side | None, purpose: str, values: list[int]) -> None:
        """A roll with the purpose's button (``assault``: ``Assault 2d6``, the assault's roll and its
        Giap re-rolls): the DICE line and the button's result properties."""
        name = DICE_BUTTONS.get(purpose, f"{len(values)}d6")
        result = ",".join(str(v) for v in values)
        line = format_line("DICE", [("side", side_name(side)), ("purpose", purpose), ("dice", result), ("total", str(sum(values)))])
        self.step(
            [
                "CHAT* " + line,
                f"MutableProperty\t{name}_result\t\t{result}\tModule",
                f"MutableProperty\t{name}_total\t0\t{sum(values)}\tModule",
            ]
        )

    def phase(self, turn: int, phase: str, side: Side | None) -> None:
        """The turn tracker set to ``turn``, ``phase`` (``draw``/``action``/``end``): the PHASE line with
        the tracker's new state as its child (format reference §5.6). A malformed PHASE line: ``chat``."""
        if phase not in PHASES:
            raise ValueError(f"phase {phase!r} is not one of {PHASES} (the tracker cannot show it; write odd lines with chat())")
        line = "CHAT* " + format_line("PHASE", [("turn", str(turn)), ("phase", phase), ("side", side_name(side))])
        self.step([line, f"TURN{TRACKER_ID}\t{turn_state(turn, phase)}"])

    def pass_(self, side: Side) -> None:
        self.step(["CHAT* " + format_line("PASS", [("side", side_name(side))])])

    def result(self, side: Side | None, winner: Side) -> None:
        """The **French win** / **Viet Minh win** button (report-formats §2.12)."""
        self.step(["CHAT* " + format_line("RESULT", [("side", side_name(side)), ("winner", winner.label)])])

    def null_step(self) -> None:
        """A step with nothing in it, as the engine logs one (``LOG{TAB}null``)."""
        self.step(["null"])

    def declare(self, word: str, side: Side, units: list[str], target: str) -> None:
        """``FIRE`` or ``ASSAULT`` declared by units (one line per unit, one step)."""
        texts: list[str] = []
        for uid in units:
            piece = self.piece(uid)
            zone = self.zones.zone_name(float(piece.x), float(piece.y)) or ""
            texts.append("CHAT* " + format_line(word, [("side", side_name(side)), ("unit", uid), ("from", zone), ("target", target)]))
        self.step(texts)

    def entrench(self, side: Side, units: list[str]) -> None:
        texts = []
        for uid in units:
            piece = self.piece(uid)
            zone = self.zones.zone_name(float(piece.x), float(piece.y)) or ""
            texts.append("CHAT* " + format_line("ENTRENCH", [("side", side_name(side)), ("unit", uid), ("area", zone)]))
        self.step(texts)

    def draw(self, side: Side, cards: list[str]) -> None:
        """Cards dragged from the side's deck into its hand (no report line, as in the module)."""
        hand = f"{side_name(side)} hand"
        texts = []
        for cid in cards:
            self.hand_slots += 1
            texts.append(self.move_text(self.piece(cid), hand, 100 + 190 * self.hand_slots, 150))
        self.step(texts)

    def card(self, side: Side, card: str, action: str, *, target: str = "", to: str | None = None) -> None:
        """``CARD`` play / discard / remove, then the card's move to ``to`` (default by action)."""
        fields = [("side", side_name(side)), ("card", card), ("action", action)]
        if action == "play":
            fields.append(("target", target))
        pile = to or {"play": f"{side_name(side)} discard", "discard": f"{side_name(side)} discard"}.get(action, "Removed cards")
        x, y = self.decks[pile]
        self.step(["CHAT* " + format_line("CARD", fields), self.move_text(self.piece(card), MAIN_MAP, int(x), int(y))])

    def entrench_card(self, side: Side, card: str, area: str) -> None:
        """A VM card's **Discard for entrenchment…** (report-formats §2.5): the prompt's D/ into
        ``sdbp_target``, the ``ENTRENCH`` line with the card and the typed area, the reset D/, then the
        card's move to the side's discard pile (no ``CARD`` line: the ENTRENCH line is the discard's record)."""
        piece = self.piece(card)
        prompt = self.prop_text(piece, "sdbp_target", area)
        line = "CHAT* " + format_line("ENTRENCH", [("side", side_name(side)), ("card", card), ("area", area)])
        reset = self.prop_text(piece, "sdbp_target", "")
        x, y = self.decks[f"{side_name(side)} discard"]
        self.step([prompt, line, reset, self.move_text(piece, MAIN_MAP, int(x), int(y))])

    def reshuffle(self, side: Side, cards: list[str]) -> None:
        """The side's discard pile (``cards``) dragged onto its deck, one step, no report line (5.4)."""
        x, y = self.decks[f"{side_name(side)} deck"]
        self.step([self.move_text(self.piece(card), MAIN_MAP, int(x), int(y)) for card in cards])

    def card_move(self, card: str, pile: str) -> None:
        """A card dragged to a pile with no report line (what the interpretation must flag)."""
        x, y = self.decks[pile]
        self.step([self.move_text(self.piece(card), MAIN_MAP, int(x), int(y))])

    def _eliminate_texts(self, side: Side, unit: str) -> list[str]:
        """What the unit menu's Eliminate writes: the M/ into the box, the MOVE line of the map's move
        key, then the ELIMINATE line (report-formats §2.8)."""
        piece = self.piece(unit)
        zone = self.zone_of(piece)
        x, y = self.point("Eliminated")
        move = self.move_text(piece, MAIN_MAP, x, y)
        who = [("side", side_name(side)), ("unit", unit)]
        return [
            move,
            "CHAT* " + format_line("MOVE", [*who, ("from", zone), ("to", "Eliminated")]),
            "CHAT* " + format_line("ELIMINATE", [*who, ("from", zone)]),
        ]

    def eliminate(self, side: Side, unit: str) -> None:
        self.step(self._eliminate_texts(side, unit))

    def damage(self, side: Side, unit: str, result: str) -> None:
        """**Take hit: flip** / **Take hit: eliminate** (report-formats §2.10): the DAMAGE line (its
        report key is sent first, so ``area`` is where the unit was hit), then what the key the menu
        sends writes: the Layer's D/ and the FLIP line, or Eliminate's M/, MOVE and ELIMINATE lines."""
        piece = self.piece(unit)
        zone = self.zone_of(piece)
        line = "CHAT* " + format_line("DAMAGE", [("side", side_name(side)), ("unit", unit), ("area", zone), ("result", result)])
        if result == "flip":
            flip = self.flip_text(piece, True)
            report = "CHAT* " + format_line("FLIP", [("side", side_name(side)), ("unit", unit), ("area", zone), ("state", "spent")])
            self.step([line, flip, report])
        elif result == "eliminate":
            self.step([line, *self._eliminate_texts(side, unit)])
        else:
            raise ValueError(f"damage result {result!r} is not flip or eliminate")

    def retreat(self, side: Side, unit: str, to: str, *, typed: str | None = None) -> None:
        """**Retreat to…** then the drag (report-formats §2.11), two steps as the engine logs them: the
        menu command (prompt D/, the RETREAT line with ``to`` = what was typed, default ``to``, reset
        D/), then the player's drag of the unit into zone ``to`` (``move``)."""
        piece = self.piece(unit)
        zone = self.zone_of(piece)
        value = to if typed is None else typed
        prompt = self.prop_text(piece, "sdbp_target", value)
        line = "CHAT* " + format_line("RETREAT", [("side", side_name(side)), ("unit", unit), ("from", zone), ("to", value)])
        reset = self.prop_text(piece, "sdbp_target", "")
        self.step([prompt, line, reset])
        self.move(side, [unit], to)

    def add_marker(self, side: Side | None, kind: str, state: str, zone: str) -> str:
        """A marker dragged from the palette into ``zone`` showing ``state``: AddPiece and MOVE line."""
        definition = self.info.definitions[kind]
        states = list(definition.state_traits)
        kind_states: list[str] = []
        for i, trait_type in enumerate(definition.type_traits):
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
        piece_id = str(self.next_id)
        self.next_id += 1
        x, y = self.point(zone)
        basic = pieces.basic_state(states[-1])
        assert basic is not None
        states[-1] = pieces.basic_state_text(
            replace(basic, map=MAIN_MAP, x=str(x), y=str(y), properties=(("UniqueID", piece_id),))
        )
        add = pieces.add_piece_text(piece_id, pieces.join_chain(list(definition.type_traits)), pieces.join_chain(states))
        self.tracker.add(piece_id, pieces.join_chain(list(definition.type_traits)), pieces.join_chain(states))
        fields = [("side", side_name(side)), ("marker", kind), ("state", state), ("from", ""), ("to", zone)]
        self.step([add, "CHAT* " + format_line("MOVE", fields)])
        return piece_id

    def delete(self, piece_id: str) -> None:
        """A piece deleted (the markers' Delete, Ctrl+D): ``-/id``, no report line."""
        self.tracker.remove(piece_id)
        self.step([f"-/{piece_id}"])

    def chat(self, text: str) -> None:
        self.step(["CHAT" + text])

    def undo(self) -> None:
        """Take back the last step as the engine logs it (inverse commands, ``* UNDO:`` lines)."""
        texts = self.steps[-1]
        inverse: list[str] = []
        for text in reversed(texts):
            if text.startswith("M/"):
                f = se_decode(text[2:], "/")
                self.tracker.move(f[0], (f[5], f[6], f[7]), None)
                inverse.append("M/" + _enc([f[0], f[5], f[6], f[7], f[8], f[1], f[2], f[3], f[4], f[9]], "/"))
            elif text.startswith("D/"):
                f = se_decode(text[2:], "/")
                self.tracker.pieces[f[0]].set_state(f[2])
                inverse.append("D/" + _enc([f[0], f[2], f[1]], "/"))
            elif text.startswith("CHAT"):
                inverse.append("CHAT* UNDO: " + text[4:])
        self.step(["UNDO\ttrue", *inverse, "UNDO\tfalse"])

    # -- output ----------------------------------------------------------------------------------

    def text(self) -> str:
        steps = tuple(
            Command("LOG\t" + texts[0], tuple(Command("LOG\t" + t) for t in texts[1:])) for texts in self.steps
        )
        return encode_tree(Command(self.tree.text, self.tree.children + steps))

    def write(self, path: Path) -> None:
        write_save(path, encode_envelope(Envelope(EnvelopeKind.VCSK, LOG_KEY, self.text())), self.entries)


def _container_entries(data: bytes) -> list[tuple[str, bytes]]:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        p = Path(tmp) / SETUP_ENTRY
        p.write_bytes(data)
        return list(read_container(p).entries)

