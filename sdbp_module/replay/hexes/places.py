"""The words of a hex game's events: its places (hex ids, off-map boxes, track boxes), units, cards,
sides, marker kinds and faces, and the words of its play (``model.hex_play``: turn labels, phases,
statuses, transport modes, packages).

``HexWords`` answers, from the game data alone, what a place, unit or card id of an event may be
(``replay.hexes.jsonl`` refuses anything else in a transcript) and what a location name of the
engine stands for (``replay.hexes.interpret``): a hex id as the map prints it stays as it is
(``C4``), a box's zone name or its printed name becomes ``box:<id>``, no place (``""``, the
engine's ``offboard``) is nowhere. A typed target resolves to a unit id by :meth:`HexWords.unit_of`.
"""

from __future__ import annotations

from sdbp_module.codec.sentences import OFFBOARD
from sdbp_module.ids import Side, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.model.hex_play import play_of
from sdbp_module.replay.hexes.events import box_of, box_place, track_of, track_place


class HexWords:
    """The closed vocabularies of one hex game (``GameData.hexes`` must be set)."""

    def __init__(self, game: GameData) -> None:
        if game.hexes is None:
            raise ValueError(f"{game.game.id} is not a hex-map game")
        self.game = game
        self.grid = game.hexes.map.grid
        self.box_ids = frozenset(b.id for b in game.hexes.boxes)
        # a zone is named by the box id (the module's zones) or, as the contract writes it, by its printed name
        self.box_by_zone = {b.name: b.id for b in game.hexes.boxes} | {b.id: b.id for b in game.hexes.boxes}
        self.units = frozenset(str(u.id) for u in game.units)
        names: dict[str, list[str]] = {}
        for unit in game.units:
            names.setdefault(unit.company.casefold(), []).append(str(unit.id))
        self.by_name = {name: ids[0] for name, ids in names.items() if len(ids) == 1}
        self.cards = frozenset(c.id for c in game.deck.cards()) if game.deck is not None else frozenset()
        self.sides = tuple(game.game.sides)
        self.markers = frozenset(str(m.id) for m in game.markers)
        self.marker_states = {str(m.id): tuple(m.states) for m in game.markers}
        play = play_of(game)
        self.play = play
        # a game that declares how it is played (``model.hex_play``: phases, statuses, tracks …) has the
        # events of that play, its markers' moves and turns among them; one that declares none has none
        self.played = game.hexes.play is not None
        self.tracks = {t.id: (t.first, t.last) for t in play.tracks}
        # a track box's zone is named "<track name> <n>" (``model.hex_play.Track.box_name``)
        self.track_by_zone = {t.box_name(n): track_place(t.id, n) for t in play.tracks for n in range(t.first, t.last + 1)}
        self.phase_by_name = {p.name: p.id for p in play.phases} | {p.id: p.id for p in play.phases}
        self.statuses = tuple(s.id for s in play.statuses)
        self.modes = tuple(m.id for m in play.transport_modes)
        self.packages = tuple(p.id for p in play.packages)
        self.turn_by_label = {label: turn for turn, label in game.hexes.labels.items()}

    # -- places -------------------------------------------------------------------------------------

    def is_hex(self, text: str) -> bool:
        return self.grid.parse_id(text) is not None

    def is_place(self, place: str) -> bool:
        """``""``, a hex id of the map, ``box:<id>`` of a box of the data, or ``track:<id>:<n>`` of a box of a track."""
        if place == "":
            return True
        track = track_of(place)
        if track is not None:
            bounds = self.tracks.get(track[0])
            return bounds is not None and bounds[0] <= track[1] <= bounds[1]
        box = box_of(place)
        return box in self.box_ids if box is not None else self.is_hex(place)

    def place_of_location(self, name: str) -> str | None:
        """The place an engine location name stands for: a hex id as it is, a box's zone (or printed)
        name ``box:<id>``, a track box's zone name ``track:<id>:<n>``, ``""`` for none (empty, ``offboard``); None for any other name (a zone that
        is neither a hex nor a box of the game: the markers' box, a turn box, a card pile, the panel)."""
        if name in ("", OFFBOARD):
            return ""
        if self.is_hex(name):
            return name
        box = self.box_by_zone.get(name)
        if box is not None:
            return box_place(box)
        return self.track_by_zone.get(name)

    # -- turns and phases -----------------------------------------------------------------------------

    def turn_of(self, text: str) -> int | None:
        """The turn a tracker's turn text names: a turn's label on the turn record (``Oct 1952``), else its
        number (``25``); None for any other text or a number outside 1 to the game's turns."""
        text = text.strip()
        if text in self.turn_by_label:
            return self.turn_by_label[text]
        if text.isascii() and text.isdigit() and 1 <= int(text) <= max(1, self.game.game.turns):
            return int(text)
        return None

    def phase_of(self, text: str) -> str | None:
        """The phase id a tracker's phase text names: a phase's name (``Blue movement``) or its id; None for another."""
        return self.phase_by_name.get(text.strip())

    # -- units, cards, sides --------------------------------------------------------------------------

    def is_unit(self, unit: str) -> bool:
        return unit in self.units

    def unit_of(self, typed: str) -> str | None:
        """The unit a typed target names: its id, else a unique printed name (case-insensitive), else None."""
        text = typed.strip()
        if text in self.units:
            return text
        return self.by_name.get(text.casefold())

    def hex_of(self, typed: str) -> str | None:
        """The hex a typed target names: its id as printed (``K5``; ``k5`` read as ``K5``), else None."""
        text = typed.strip()
        for candidate in (text, text.upper()):
            if self.is_hex(candidate):
                return candidate
        return None

    def is_card(self, card: str) -> bool:
        return card in self.cards

    def side(self, side_id: str) -> Side | None:
        """The game's side of this id, None for another."""
        for side in self.sides:
            if side == side_id:
                return side
        return None

    def side_labelled(self, label: str) -> Side | None:
        """The game's side of this label (what ``$PlayerSide$`` writes), None for another: among this
        game's sides only (another game's side may have the same label)."""
        for side in self.sides:
            if side.label == label:
                return side
        return None

    def unit_side(self, unit: str) -> Side | None:
        return self.game.unit(UnitId(unit)).side if unit in self.units else None
