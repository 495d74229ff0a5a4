"""How a hex-map game is played, beyond its board and counters: the phases of a turn, the statuses a
unit carries (a marker kept on the unit: DG, out of supply, a step lost), the record tracks and the
markers on them, the modes of transport, the double move, the declaration of units, and the packages
a side takes (``game.yaml`` ``phases``, ``statuses``, ``transport_modes``, ``double_move``, ``declare``,
``packages``; ``markers.yaml`` ``tracks``; docs/data-format.md).

Each is data the module turns into a control that writes a sentence (``vassal.hex_module``,
``codec.sentences``), the log reader into an event (``replay.hexes``), and the rules read by id. A game
that declares none has none: every field defaults to empty.
"""

from __future__ import annotations

from dataclasses import field

from sdbp_module.ids import MarkerKindId, Side, UnitTypeId
from sdbp_module.model.game_data import GameData, Source
from sdbp_module.records import record


@record
class Phase:
    """One phase of a turn, in the data's order; ``side`` the side that acts in it, None for both."""

    id: str
    name: str  # as the turn tracker shows it: "Blue movement" (the sentence adds " phase")
    side: Side | None
    source: Source


@record
class Status:
    """A marker kept on a unit (a Layer the unit's menu sets and clears): ``types`` the unit types that
    may carry it, empty for every type."""

    id: str
    name: str
    types: frozenset[UnitTypeId]
    source: Source

    def applies_to(self, unit_type: UnitTypeId) -> bool:
        return not self.types or unit_type in self.types


@record
class TrackMarker:
    kind: MarkerKindId
    start: int  # the box it starts on in the printed set-up


@record
class Track:
    """A record track: boxes ``first``..``last``, each a zone of the module named ``"<name> <n>"``
    (``box_name``), and the markers that move along it."""

    id: str
    name: str
    first: int
    last: int
    markers: tuple[TrackMarker, ...]
    source: Source

    def box_name(self, n: int) -> str:
        return f"{self.name} {n}"


@record
class TransportMode:
    id: str
    name: str
    source: Source


@record
class Package:
    """What a side may take in its replacement step: ``rp`` replacement points and ``sd`` supply depots."""

    id: str
    side: Side
    name: str
    rp: int
    sd: int
    source: Source


@record
class Declare:
    """Units a side must declare before their effects apply (a command on those units' menu)."""

    side: Side
    types: frozenset[UnitTypeId]
    source: Source


@record
class HexPlay:
    phases: tuple[Phase, ...] = ()
    statuses: tuple[Status, ...] = ()
    tracks: tuple[Track, ...] = ()
    transport_modes: tuple[TransportMode, ...] = ()
    packages: tuple[Package, ...] = ()
    declare: Declare | None = None
    double_move: Source | None = None  # the rule that lets a unit double its move; None: no such command
    _phases: dict[str, Phase] = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        self._phases.update({p.id: p for p in self.phases})

    def phase(self, phase_id: str) -> Phase | None:
        return self._phases.get(phase_id)

    def phase_index(self, phase_id: str) -> int:
        """The phase's position in the turn, -1 when the game has no such phase."""
        return next((i for i, p in enumerate(self.phases) if p.id == phase_id), -1)

    def track_of(self, kind: str) -> Track | None:
        """The track a marker kind moves along, if any."""
        return next((t for t in self.tracks if any(m.kind == kind for m in t.markers)), None)

    def track(self, track_id: str) -> Track | None:
        return next((t for t in self.tracks if t.id == track_id), None)


NO_PLAY = HexPlay()


def play_of(game: GameData) -> HexPlay:
    """The game's ``HexPlay`` (empty for an area game or a hex game that declares none)."""
    return game.hexes.play if game.hexes is not None and game.hexes.play is not None else NO_PLAY
