"""Game acts → a script the real VASSAL engine plays (the engine harness's ``VassalPlay`` language).

:class:`PlayScript` has the act methods of the :class:`~sdbp_module.vassal_log.scribe.Scribe`
(``move``, ``flip``, ``dice``, ``phase``, ``pass_``, ``result``, ``refresh``, ``clear_markers``,
``draw_to_hand``, ``declare``, ``entrench``, ``draw``, ``card``, ``entrench_card``, ``reshuffle``,
``eliminate``, ``damage``, ``retreat``, ``add_marker``, ``delete``), so a game written for the scribe
can be played by the engine instead; where the scribe imitates what the engine logs, the script makes
the engine do it, through the module's own controls, and the engine writes the log. Each act becomes
what a player does (the harness script commands, ``VassalPlay.java``'s header):

- a unit or card menu command: ``key <ids> <keystroke>`` (the menu item of the first piece, the others
  selected), preceded by an ``answer`` line per prompt the command opens: one per zone for a
  declaration (the first selected unit of a zone leads and prompts), one for **Play…**, **Discard for
  entrenchment…** and **Retreat to…**;
- a drag: ``move <ids> <zone>`` (one per zone the units come from: a drag keeps the pieces' offsets);
  a card drawn by hand: ``draw <deck> 1 <hand>``; a marker from the palette: ``place <entry> <zone>``,
  then its face command when the entry shows another face (the entry showing the wanted face is taken
  when the module has one); a zone whose name has a space (a turn-track box) is reached through a
  one-word staging zone and a drag, the harness reading a palette drag's zone as one word;
- a toolbar button: ``button <text>``, the text read from the module (the Global Key Command whose
  report is the ``PASS`` or ``HELPER`` sentence of that helper; the result button ``<side> win``,
  after an ``answer yes`` for its confirmation prompt; the dice button whose report names the purpose
  and that rolls that many dice; a computed BeanShell report is read as the line it writes with each
  computed value a ``0``, ``sentences.bsh_sample``); a button grouped in a toolbar menu is pressed by its text all the same
  (it stays in the toolbar, hidden); the turn tracker: ``turn next`` until it shows the wanted phase;
- **Retreat to…** moves the unit itself: no drag follows, unless what was typed is no area;
- the acting side: ``side <label>`` whenever an act's side is not the side the script plays (the
  harness joins the first side before the log begins; a later switch is the **Retire** button's side
  dialog, a step of the log).

**Dice and draws are the engine's.** Before each roll the script sets ``seed N``: the harness gives
every dice button ``java.util.Random(N)`` and the decks ``java.util.Random(N + 1)``;
:mod:`~sdbp_module.vassal_log.jrandom` finds the N whose rolls are the dice the game plans, or whose
picks (``Deck.drawCards``: ``nextInt`` of the cards left, the deck's order as the set-up save gives
it, cards put back on top) are the cards the game plans to draw. The script records what it expects
(:attr:`PlayScript.expected`: per script line the dice or the cards), so a recording can check the
engine did as planned.

The script keeps the position with a scribe of its own (:attr:`PlayScript.shadow`, never written): the
zones of the units (how many prompts a declaration opens), the decks' order, the markers placed.
The harness names a piece by its ``sdbp_id``; a marker placed from the palette answers to its kind's
id as the newest of its kind (a set-up marker, while it is its kind's only one), so only that marker
of a kind can be given a command (:meth:`delete` of an older one raises: use the module's **Clear**
buttons). Acts the scribe lacks: :meth:`remove_unit`, :meth:`card_flip`, :meth:`set_marker`,
:meth:`move_marker`, :meth:`show` (a button that only shows a window). What the harness cannot do
raises ``NotImplementedError``: undo, chat, raw steps.

:meth:`mark` notes the next act in the script (an ``echo mark <name>`` line), :meth:`mark_last` the
last line of the act just written: a recording finds the log step the engine wrote for that line (a
planted fault's step).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field
from pathlib import Path

from lxml import etree

from sdbp_module.codec import pieces as codec_pieces
from sdbp_module.codec.module_info import (
    expand_prototypes,
    marker_value,
    parse_build_file,
)
from sdbp_module.codec.sentences import parse_format
from sdbp_module.codec.sequence import decode as se_decode
from sdbp_module.codec.zipread import open_archive
from sdbp_module.errors import CodecError
from sdbp_module.ids import Side
from sdbp_module.records import record
from sdbp_module.replay.vlog.lines import side_name
from sdbp_module.replay.vlog.start import PHASES
from sdbp_module.replay.vlog.zones import MAIN_MAP
from sdbp_module.vassal import pieces as keys
from sdbp_module.vassal.buildfile import RESULT_CONFIRM, RESULT_WORDS
from sdbp_module.vassal.layout import REMOVED_CARDS
from sdbp_module.vassal_log.jrandom import seed_for_dice, seed_for_picks
from sdbp_module.vassal_log.scribe import Scribe

M = "VASSAL.build.module."
W = "VASSAL.build.widget."
_SETTINGS = frozenset({"side", "seed", "answer", "echo"})
"""Script commands that set the stage for an act (no act of their own, or not the game's)."""


@record
class MarkerEntry:
    """A marker's palette entry: its text, the marker kind (``sdbp_id``), the face it shows when
    dragged out (``sdbp_state``), and the key of each face's menu command (face → keystroke)."""

    entry: str
    kind: str
    state: str
    faces: tuple[tuple[str, str], ...]

    def key_of(self, state: str) -> str:
        for face, stroke in self.faces:
            if face == state:
                return stroke
        raise ValueError(f"marker {self.kind!r} has no face {state!r} (faces {[f for f, _ in self.faces]})")


@record
class ModuleControls:
    """What a script presses, read from a module's ``buildFile.xml``: the toolbar Global Key Commands
    by what their report says (``("PASS", "")``, ``("RESULT", "<winner>")``, ``("HELPER",
    "refresh")``, ``("HELPER", "draw:<side>")`` …), the dice buttons by (purpose, dice), the marker
    palette entries."""

    buttons: dict[tuple[str, str], str]
    dice: dict[tuple[str, int], str]
    markers: tuple[MarkerEntry, ...]

    @classmethod
    def of(cls, root: etree._Element) -> ModuleControls:
        buttons: dict[tuple[str, str], str] = {}
        for el in root.iter(M + "GlobalKeyCommand"):
            fields = _report_fields(el.get("reportFormat", ""))
            if fields is None:
                continue
            event, values = fields
            text = el.get("buttonText", "") or el.get("name", "")
            if event == "RESULT":
                buttons[(event, values.get("winner", ""))] = text
            elif event == "HELPER":
                helper = values.get("helper", "")
                buttons[(event, f"{helper}:{values['for']}" if "for" in values else helper)] = text
            else:
                buttons[(event, "")] = text
        for el in root.iter(M + "properties.ChangePropertyButton"):
            text = el.get("text", "")  # buildfile._result_buttons: "<winner> win"
            if text.endswith(RESULT_WORDS):
                buttons[("RESULT", text.removesuffix(RESULT_WORDS))] = text
        dice: dict[tuple[str, int], str] = {}
        for el in root.iter(M + "DiceButton"):
            fields = _report_fields(el.get("reportFormat", ""))
            if fields is not None and fields[0] == "DICE":
                dice[(fields[1].get("purpose", ""), int(el.get("nDice", "0")))] = el.get("text", "") or el.get("name", "")
        return cls(buttons, dice, tuple(_marker_entries(root)))

    def button(self, event: str, what: str = "") -> str:
        text = self.buttons.get((event, what))
        if text is None:
            raise ValueError(f"the module has no toolbar button reporting {event} {what!r}")
        return text


def _report_fields(fmt: str) -> tuple[str, dict[str, str]] | None:
    """A report format of the module (either format, ``sentences.parse_format``): the event and its
    fixed fields."""
    record = parse_format(fmt)
    return None if record is None else (record[0], dict(record[1]))


def _slot_traits(text: str, prototypes: dict[str, tuple[list[str], list[str]]]) -> tuple[list[str], list[str]] | None:
    fields = codec_pieces.add_piece_fields(text.strip())
    if fields is None:
        return None
    types, states = codec_pieces.split_chain(fields[1]), codec_pieces.split_chain(fields[2])
    if types is None or states is None or len(types) != len(states):
        return None
    return expand_prototypes(types, states, prototypes)


def _marker_entries(root: etree._Element) -> list[MarkerEntry]:
    """Every palette entry of a marker (``sdbp_kind`` ``marker``) with its faces (the Dynamic Property
    ``sdbp_state``'s commands: ``menu:key:P,<state>``)."""
    prototypes: dict[str, tuple[list[str], list[str]]] = {}
    for proto in root.iter(M + "PrototypeDefinition"):
        chain = _slot_traits(proto.text or "", {})
        if chain is not None:
            prototypes[proto.get("name", "")] = chain
    out: list[MarkerEntry] = []
    for slot in root.iter(W + "PieceSlot"):
        chain = _slot_traits(slot.text or "", prototypes)
        if chain is None or marker_value(chain[0], chain[1], "sdbp_kind") != "marker":
            continue
        kind = marker_value(chain[0], chain[1], "sdbp_id") or ""
        state, faces = "", []
        for trait_type, trait_state in zip(*chain, strict=True):
            if trait_type.startswith("PROP;sdbp_state;"):
                state = trait_state
                for command in se_decode(se_decode(trait_type[len("PROP;") :], ";")[2], ","):
                    parts = se_decode(command, ":")
                    if len(parts) >= 3:
                        faces.append((se_decode(parts[2], ",")[-1], parts[1]))
        if not state and faces:
            state = faces[0][0]
        out.append(MarkerEntry(slot.get("entryName", ""), kind, state, tuple(faces)))
    return out


def read_controls(module: Path) -> ModuleControls:
    """The :class:`ModuleControls` of a ``.vmod``."""
    with open_archive(module, kind="a .vmod is a zip archive") as archive:
        entry = next((e for e in archive.entries if e.name == "buildFile.xml"), None)
        if entry is None:
            raise CodecError(f"{module}: no buildFile.xml entry")
        data = archive.read(entry)
    return ModuleControls.of(parse_build_file(data, f"{module}: entry 'buildFile.xml'"))


@record
class Expected:
    """What the engine should do on one script line (1-based): roll ``dice``, or draw ``cards`` into
    the map ``hand``."""

    line: int
    dice: tuple[int, ...] = ()
    cards: tuple[str, ...] = ()
    hand: str = ""


@record(frozen=False, slots=False)
class _Markers:
    """Markers placed by the script, per kind, in the order placed (shadow piece ids); ``newest`` the
    one the harness's kind id answers to (None once it is gone)."""

    live: list[str] = field(default_factory=list)
    newest: str | None = None


class PlayScript:
    """Builds a ``VassalPlay`` script act by act; ``text()`` is the script. Units and cards by ``sdbp_id``."""

    def __init__(self, module: Path, *, staging: str | None = None) -> None:
        self.shadow = Scribe(module)
        self.staging = staging
        """A zone whose name has no space: a palette drag into a zone named with spaces (which the
        harness's ``place`` cannot name) goes there first, then is dragged on."""
        self.controls = read_controls(module)
        self.lines: list[str] = []
        self.expected: list[Expected] = []
        self.marks: dict[str, int] = {}
        self.side: str | None = None
        self.turn, self.phase_index = _tracker_position(self.shadow.turn)
        self.last_turn = self.shadow.loop_limit
        self.markers: dict[str, _Markers] = {}
        setup: dict[str, list[str]] = {}
        for pid, piece in self.shadow.tracker.pieces.items():
            if piece.kind == "marker" and piece.sdbp_id:
                setup.setdefault(piece.sdbp_id, []).append(pid)
        for kind, ids in setup.items():
            if len(ids) == 1:  # the harness names a kind's set-up marker by its kind id only when it is alone
                self.markers[kind] = _Markers(list(ids), ids[0])

    # -- low level --------------------------------------------------------------------------------

    def line(self, text: str) -> int:
        """Append a raw script line; returns its 1-based line number."""
        self.lines.append(text)
        return len(self.lines)

    def act_as(self, side: Side | None) -> None:
        """Play as ``side`` (nothing for None: the act does not depend on the side)."""
        if side is None:
            return
        label = side_name(side)
        if label != self.side:
            self.line(f"side {label}")
            self.side = label

    def _key(self, ids: Sequence[str], stroke: str) -> None:
        self.line(f"key {','.join(ids)} {stroke}")

    def _answer(self, text: str) -> None:
        self.line(f"answer {text}".rstrip())

    def _seed(self, seed: int) -> None:
        self.line(f"seed {seed}")

    def mark(self, name: str) -> None:
        """Note the next act: :meth:`mark_line` gives its first line that makes the engine act (not a side
        switch, a seed, an answer)."""
        self.line(f"echo mark {name}")
        self.marks[name] = -len(self.lines)

    def mark_last(self, name: str) -> None:
        """Note the last line of the act just written that makes the engine act (e.g. the face command
        after a marker's drag)."""
        line = next(i for i in range(len(self.lines), 0, -1) if self.lines[i - 1].split(" ", 1)[0] not in _SETTINGS)
        self.line(f"echo mark {name} (line {line})")
        self.marks[name] = line

    def mark_line(self, name: str) -> int:
        """The script line (1-based) a mark notes."""
        at = self.marks[name]
        if at > 0:
            return at
        for i in range(-at + 1, len(self.lines) + 1):
            if self.lines[i - 1].split(" ", 1)[0] not in _SETTINGS:
                return i
        raise ValueError(f"mark {name!r} is followed by no act")

    def show(self, button: str, side: Side | None = None) -> None:
        """Press a toolbar button that shows a window and logs nothing (a hand, the palette, a chart), as
        ``side`` (a hand's button works for its own side only)."""
        self.act_as(side)
        self.line(f"button {button}")

    def where(self, unit: str) -> str:
        """The zone a unit is in, as the script has played it so far."""
        return self.shadow.zone_of(self.shadow.piece(unit))

    def units_in(self, zone: str, side: Side | None = None) -> list[str]:
        """The units in a zone (of ``side``), in the order of the set-up."""
        out = []
        for sid, piece in self.shadow.by_id.items():
            if piece.kind == "unit" and piece.map is not None and self.shadow.zone_of(piece) == zone:
                if side is None or marker_value(piece.types, piece.states, "side") == side.value:
                    out.append(sid)
        return out

    def is_spent(self, unit: str) -> bool:
        return self.shadow.piece(unit).spent is True

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"

    def write(self, path: Path) -> None:
        path.write_text(self.text(), encoding="utf-8")

    # -- units --------------------------------------------------------------------------------------

    def move(self, side: Side, units: list[str], to: str) -> None:
        """Drag the units into zone ``to``: one drag of all of them when they are in one zone, else one
        drag per zone they come from (a drag keeps the pieces' offsets: pieces from far apart would not
        all land in the zone)."""
        self.act_as(side)
        groups: dict[str, list[str]] = {}
        for unit in units:
            groups.setdefault(self.where(unit), []).append(unit)
        for group in groups.values():
            self.line(f"move {','.join(group)} {to}")
            self.shadow.move(side, group, to)

    def flip(self, side: Side, units: list[str], *, spent: bool = True) -> None:
        """**Flip to spent** / **Flip to fresh** on the selected units."""
        self.act_as(side)
        self._key(units, keys.K_SPENT if spent else keys.K_FRESH)
        self.shadow.flip(side, units, spent=spent)

    def declare(self, word: str, side: Side, units: list[str], target: str) -> None:
        """**Declare fire…** (``FIRE``) or **Declare assault…** (``ASSAULT``) with the units selected: one
        prompt per zone and side among them (its first unit leads), each answered ``target``."""
        stroke = {"FIRE": keys.K_FIRE, "ASSAULT": keys.K_ASSAULT}[word]
        self.act_as(side)
        leads: list[tuple[str, str | None]] = []
        for uid in units:
            piece = self.shadow.piece(uid)
            lead = (self.shadow.zone_of(piece), marker_value(piece.types, piece.states, "side"))
            if lead not in leads:
                leads.append(lead)
        for _ in leads:
            self._answer(target)
        self._key(units, stroke)
        self.shadow.declare(word, side, units, target)

    def entrench(self, side: Side, units: list[str]) -> None:
        """**Declare entrenchment** on the selected units."""
        self.act_as(side)
        self._key(units, keys.K_ENTRENCH)
        self.shadow.entrench(side, units)

    def eliminate(self, side: Side, unit: str) -> None:
        """The unit menu's **Eliminate**."""
        self.act_as(side)
        self._key([unit], keys.K_ELIMINATE)
        self.shadow.eliminate(side, unit)

    def remove_unit(self, side: Side, unit: str) -> None:
        """The unit menu's **Remove from game**."""
        self.act_as(side)
        self._key([unit], keys.K_REMOVE)
        self.shadow.move(side, [unit], "Removed")

    def damage(self, side: Side, unit: str, result: str) -> None:
        """**Take hit: flip** / **Take hit: eliminate**."""
        stroke = {"flip": keys.K_HIT_FLIP, "eliminate": keys.K_HIT_ELIMINATE}[result]
        self.act_as(side)
        self._key([unit], stroke)
        self.shadow.damage(side, unit, result)

    def retreat(self, side: Side, unit: str, to: str, *, typed: str | None = None) -> None:
        """**Retreat to…**, its prompt answered ``typed`` (default ``to``): the command moves the unit
        into the typed area; when what is typed is no area of the map (the unit stays), the drag into
        ``to`` follows."""
        self.act_as(side)
        value = to if typed is None else typed
        self._answer(value)
        self._key([unit], keys.K_RETREAT)
        if value not in self.shadow.module_text.retreat_areas:
            self.line(f"move {unit} {to}")
        self.shadow.retreat(side, unit, to, typed=typed)

    # -- dice, tracker, toolbar ---------------------------------------------------------------------

    def dice(self, side: Side | None, purpose: str, values: list[int]) -> None:
        """Roll with the purpose's button (``other``: the plain ``2d6`` / ``1d6``); the seed before it
        makes the engine's roll the planned ``values``."""
        button = self.controls.dice.get((purpose, len(values)))
        if button is None:
            raise ValueError(f"the module has no dice button for {purpose!r} with {len(values)} dice")
        self.act_as(side)
        self._seed(seed_for_dice(values))
        self.expected.append(Expected(self.line(f"button {button}"), dice=tuple(values)))
        self.shadow.dice(side, purpose, values)

    def phase(self, turn: int, phase: str, side: Side | None) -> None:
        """The turn tracker's **Next** until it shows ``turn``, ``phase`` (each press logs its phase)."""
        target = (turn, PHASES.index(phase))
        if target <= (self.turn, self.phase_index):
            raise ValueError(f"the tracker is at turn {self.turn}, {PHASES[self.phase_index]}: it cannot go on to turn {turn}, {phase}")
        self.act_as(side)
        while (self.turn, self.phase_index) < target:
            self.line("turn next")
            self.phase_index += 1
            if self.phase_index == len(PHASES):
                self.turn, self.phase_index = self.turn + 1, 0
        self.shadow.phase(turn, phase, side)

    def stay_at_last_turn(self, side: Side | None) -> None:
        """**Next** at the last turn's last phase: the tracker stays there."""
        if (self.turn, self.phase_index) != (self.last_turn, len(PHASES) - 1):
            raise ValueError("the tracker is not at the last turn's last phase")
        self.act_as(side)
        self.line("turn next")
        self.shadow.stay_at_last_turn(side)

    def pass_(self, side: Side) -> None:
        """The toolbar **Pass** button."""
        self.act_as(side)
        self.line(f"button {self.controls.button('PASS')}")
        self.shadow.pass_(side)

    def result(self, side: Side | None, winner: Side, *, answer: str | None = RESULT_CONFIRM) -> None:
        """The winner's **<side> win** button, its confirmation prompt answered ``answer`` (``None``:
        cancelled)."""
        self.act_as(side)
        if answer is not None:
            self._answer(answer)
        self.line(f"button {self.controls.button('RESULT', winner.label)}")
        self.shadow.result(side, winner, answer=answer)

    def refresh(self, side: Side | None) -> list[str]:
        """**Refresh units**; returns the units it flips (the shadow's reading of the button's filter)."""
        self.act_as(side)
        self.line(f"button {self.controls.button('HELPER', 'refresh')}")
        return self.shadow.refresh(side)

    def clear_markers(self, side: Side | None, kind: str) -> list[str]:
        """**Clear fire markers** (``fire``) / **Clear No Supply markers** (``no-supply``)."""
        self.act_as(side)
        self.line(f"button {self.controls.button('HELPER', {'fire': 'clear-fire', 'no-supply': 'clear-no-supply'}[kind])}")
        self.markers.pop(kind, None)
        return self.shadow.clear_markers(side, kind)

    def draw_to_hand(self, side: Side | None, for_side: Side, cards: list[str]) -> None:
        """**Draw: <side>**: the engine takes the deck's cards in a random order while the hand is short;
        the seed makes its first picks ``cards`` (as many as the button's filter lets it draw: the
        game says how many by naming them)."""
        deck = self.shadow.piles[f"{side_name(for_side)} deck"]
        positions = [deck.index(self.shadow.piece(c).piece_id) for c in cards]
        self.act_as(side)
        self._seed(seed_for_picks(len(deck), positions, start=1) - 1)
        button = self.controls.button("HELPER", f"draw:{for_side.label}")
        self.expected.append(Expected(self.line(f"button {button}"), cards=tuple(cards), hand=f"{side_name(for_side)} hand"))
        self.shadow.draw_to_hand(side, for_side, cards)

    # -- cards --------------------------------------------------------------------------------------

    def draw(self, side: Side, cards: list[str]) -> None:
        """Each card dragged from the side's deck into its hand, one drag each; the seed before each
        makes the engine's pick that card."""
        self.act_as(side)
        label = side_name(side)
        for card in cards:
            deck = self.shadow.piles[f"{label} deck"]
            piece_id = self.shadow.piece(card).piece_id
            if piece_id not in deck:
                raise ValueError(f"{card} is not in the {label} deck")
            self._seed(seed_for_picks(len(deck), [deck.index(piece_id)], start=1) - 1)
            self.expected.append(Expected(self.line(f"draw {label} deck 1 {label} hand"), cards=(card,), hand=f"{label} hand"))
            self.shadow.draw(side, [card])

    def card(self, side: Side, card: str, action: str, *, target: str = "", to: str | None = None) -> None:
        """**Play…** (its prompt answered ``target``), **Discard** or **Remove from game**; the card goes
        where its trait sends it (``to`` must be None or that pile)."""
        stroke = {"play": keys.K_PLAY, "discard": keys.K_DISCARD, "remove": keys.K_REMOVE}[action]
        if action == "remove" and REMOVED_CARDS not in self.shadow.decks:
            raise ValueError(f"{card}: this module's cards have no Remove from game (no card of the game leaves it)")
        if to is not None:
            raise NotImplementedError("a card goes where its menu command sends it: the engine cannot be told another pile")
        self.act_as(side)
        if action == "play":
            self._answer(target)
        self._key([card], stroke)
        self.shadow.card(side, card, action, target=target)

    def card_flip(self, side: Side, card: str) -> None:
        """A card's **Flip** (its mask: shown or hidden to the other side); no rules act."""
        self.act_as(side)
        self._key([card], keys.K_CARD_FLIP)

    def entrench_card(self, side: Side, card: str, area: str) -> None:
        """**Discard for entrenchment…**, its prompt answered ``area``."""
        self.act_as(side)
        self._answer(area)
        self._key([card], keys.K_ENTRENCH)
        self.shadow.entrench_card(side, card, area)

    def reshuffle(self, side: Side, cards: list[str]) -> None:
        """The side's discards (``cards``) dragged onto its deck, one drag; they go on top, in order."""
        self.act_as(side)
        self.line(f"move {','.join(cards)} {side_name(side)} deck")
        self.shadow.reshuffle(side, cards)

    # -- markers ------------------------------------------------------------------------------------

    def add_marker(self, side: Side | None, kind: str, state: str, zone: str, *, confirm: bool = False) -> str:
        """A marker of ``kind`` showing ``state`` put in ``zone``: the palette entry showing that face when
        the module has one, else the kind's entry and then the face's menu command (a step of its own;
        with ``confirm`` the command is given even when the entry shows the face already).
        Returns the marker's handle (for :meth:`delete`, :meth:`set_marker`)."""
        entries = [e for e in self.controls.markers if e.kind == kind]
        if not entries:
            raise ValueError(f"the module's palette has no {kind!r} marker")
        entry = next((e for e in entries if e.state == state), entries[0])
        self.act_as(side)
        drop = zone
        if " " in zone:  # the harness reads the zone of a palette drag as the last word
            if self.staging is None:
                raise NotImplementedError(f"the harness cannot drop a palette piece into {zone!r}: give the script a staging zone")
            drop = self.staging
        self.line(f"place {entry.entry} {drop}")
        handle = self.shadow.add_marker(side, kind, state, drop)
        placed = self.markers.setdefault(kind, _Markers())
        placed.live.append(handle)
        placed.newest = handle
        if drop != zone:
            self.move_marker(side, handle, zone)
        if entry.state != state or confirm:
            self._key([kind], entry.key_of(state))
        return handle

    def move_marker(self, side: Side | None, handle: str, zone: str) -> None:
        """Drag a marker the script placed into ``zone``."""
        kind = self._addressable(handle)
        self.act_as(side)
        self.line(f"move {kind} {zone}")
        x, y = self.shadow.point(zone)
        self.shadow.move_text(self.shadow.tracker.pieces[handle], MAIN_MAP, x, y)

    def marker(self, kind: str) -> str:
        """The handle of the marker of ``kind`` the harness reaches (the newest placed, or the set-up's)."""
        placed = self.markers.get(kind)
        if placed is None or placed.newest is None:
            raise ValueError(f"no {kind!r} marker the harness can reach")
        return placed.newest

    def set_marker(self, side: Side | None, handle: str, state: str) -> None:
        """The menu command of one of the marker's faces, on a marker the script placed."""
        kind = self._addressable(handle)
        entry = next(e for e in self.controls.markers if e.kind == kind)
        self.act_as(side)
        self._key([kind], entry.key_of(state))

    def delete(self, piece_id: str, side: Side | None = None) -> None:
        """The marker's **Delete** (Ctrl+D), on a marker the script placed or the set-up's only one of its kind."""
        kind = self._addressable(piece_id)
        self.act_as(side)
        self._key([kind], keys.K_DELETE)
        placed = self.markers[kind]
        placed.live.remove(piece_id)
        placed.newest = None
        self.shadow.delete(piece_id)

    def _addressable(self, handle: str) -> str:
        for kind, placed in self.markers.items():
            if handle in placed.live:
                if placed.newest != handle:
                    raise NotImplementedError(
                        f"marker {handle} is not the newest {kind!r} marker: the harness reaches only that one by its kind id"
                    )
                return kind
        raise ValueError(f"no marker {handle} placed by this script is on the map")

    # -- what the harness cannot do -------------------------------------------------------------------

    def undo(self) -> None:
        raise NotImplementedError("the engine harness has no undo command")

    def chat(self, text: str) -> None:
        raise NotImplementedError("the engine harness has no chat command")

    def step(self, texts: list[str]) -> None:
        raise NotImplementedError("the engine writes its own steps")


def _tracker_position(state: str) -> tuple[int, int]:
    """(turn, phase index) of a turn tracker state (``scribe.turn_state``'s form)."""
    counter = se_decode(se_decode(state, "|")[1], ";")
    return int(counter[0]), int(se_decode(counter[4], ";")[0])
