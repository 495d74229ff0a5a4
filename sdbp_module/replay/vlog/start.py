"""The starting position of a log: the save part before the first ``LOG`` step (reference §5.5, §5.6).

``GameStart`` lists every unit where its piece lies (area, turn box, Replacements, Relief Force =
off-map, Eliminated, Removed) and fresh/spent from its ``Spent`` layer; control is the printed
control of each area unless a control marker lies on it; trench, fire and No Supply markers on the
map; the No Replacements marker anywhere on the board; the turn marker's box; each side's deck,
hand, discard and removed cards (the special card belongs to no side). The turn tracker's state
gives the ``PhaseStart`` (the module writes no PHASE line for the start, report-formats §2.2).
"""

from __future__ import annotations

from sdbp_module.codec.sequence import decode as se_decode
from sdbp_module.ids import AreaId, CardId, Phase, Side, UnitId, is_small_number
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import (
    AreaControl,
    AreaLevel,
    FireMarkerAt,
    GameStart,
    PhaseStart,
    Pile,
    PileContents,
    UnitSetup,
    Where,
)
from sdbp_module.replay.vlog.problem import Problem
from sdbp_module.replay.vlog.tracker import TrackedPiece, Tracker
from sdbp_module.replay.vlog.zones import Place, PlaceKind, PlaceResolver, Zones

PHASES = ("draw", "action", "end")
"""The turn tracker's ``Phase`` list (``docs/report-formats.md`` §2.2)."""

_PILES = {PlaceKind.DECK: Pile.DECK, PlaceKind.DISCARD: Pile.DISCARD, PlaceKind.REMOVED_CARDS: Pile.REMOVED, PlaceKind.HAND: Pile.HAND}


def pile_of(spot: Place | None) -> Pile | None:
    return None if spot is None else _PILES.get(spot.kind)


class StartReader:
    """Reads the start from a tracker filled with the save's pieces; problems gathered in ``problems``."""

    def __init__(self, game: GameData, zones: Zones, tracker: Tracker, where: Where, place_of: PlaceResolver | None = None) -> None:
        self.game = game
        self.zones = zones
        # (``zones.resolve``, remembered: a stack's pieces share a position); ``place_of``: the resolver of the
        # log's reading, which then finds the set-up's positions known when its moves name them again
        self.place_of = place_of if place_of is not None else PlaceResolver(zones)
        self.tracker = tracker
        self.where = where
        self.problems: list[Problem] = []

    def problem(self, message: str) -> None:
        self.problems.append(Problem(self.where, message))

    def unit_id(self, piece: TrackedPiece) -> UnitId | None:
        sid = piece.sdbp_id
        if sid is None or not self.game.has_unit(UnitId(sid)):
            self.problem(f"unit piece {piece.piece_id} has sdbp_id {sid!r}, not a unit of the game data")
            return None
        return UnitId(sid)

    def phase(self, turn_state: str | None) -> PhaseStart | None:
        """Turn and phase of the saved position, from the turn tracker's state (reference §5.4)."""
        where = self.where
        if turn_state is None:
            self.problem("the saved position has no turn tracker state; turn and phase unknown until the first PHASE line")
            return None
        try:
            top = se_decode(turn_state, "|")
            counter = se_decode(top[1], ";")
            sub = se_decode(counter[4], ";")
            turn, index = int(counter[0]), int(sub[0])
            phase = Phase(PHASES[index])
        except (IndexError, ValueError):
            self.problem(f"turn tracker state {turn_state!r} cannot be read")
            return None
        return PhaseStart(where=where, turn=turn, phase=phase)

    def game_start(self) -> GameStart:
        """Units, markers and card piles of the saved position; printed control where no marker lies."""
        where = self.where
        units: list[UnitSetup] = []
        control: dict[AreaId, Side] = {a.id: a.control for a in self.game.areas}
        markers: dict[AreaId, Side] = {}
        trenches: list[AreaLevel] = []
        fire: list[FireMarkerAt] = []
        no_supply: list[AreaId] = []
        no_repl = False
        turn_marker: int | None = None
        piles: dict[tuple[Side, Pile], list[CardId]] = {}
        for piece in self.tracker.pieces.values():
            kind = piece.kind
            spot = self.place_of(piece.map, piece.x, piece.y)
            if kind == "unit":
                uid = self.unit_id(piece)
                if uid is None:
                    continue
                loc = spot.location() if spot is not None else None
                if loc is None:
                    self.problem(f"{uid} starts at {piece.map}:{piece.x},{piece.y}, outside every zone")
                    continue
                units.append(UnitSetup(uid, self.game.unit(uid).side, loc, bool(piece.spent)))
            elif kind == "card":
                card = CardId(piece.sdbp_id or "")
                if not self.game.has_card(card):
                    self.problem(f"card piece {piece.piece_id} has sdbp_id {piece.sdbp_id!r}, not a card of the game data")
                    continue
                owner = self.game.card(card).side
                pile = pile_of(spot)
                if pile is None:
                    self.problem(f"card {card} starts outside every card pile and hand")
                    continue
                if owner is None:
                    continue  # the special card belongs to no side's piles
                side = spot.side if spot is not None and spot.side is not None else owner
                piles.setdefault((side, pile), []).append(card)
            elif kind == "marker":
                marker = piece.sdbp_id or ""
                state = piece.prop("sdbp_state") or ""
                area = spot.area if spot is not None and spot.kind is PlaceKind.AREA else None
                if marker == "turn":
                    turn_marker = spot.turn if spot is not None else None
                elif marker == "no-replacements":
                    no_repl = no_repl or spot is not None
                elif area is None:
                    continue  # a marker kept in a box does not act on the map
                elif marker == "control" and Side.named(state) is not None:
                    control[area] = markers[area] = Side(state)
                elif marker == "trench" and is_small_number(state):
                    trenches.append(AreaLevel(area, int(state)))
                elif marker == "fire" and Side.named(state) is not None:
                    fire.append(FireMarkerAt(area, Side(state)))
                elif marker == "no-supply":
                    no_supply.append(area)
                else:
                    self.problem(f"marker {marker!r} in state {state!r} in area {area} is not understood")
            else:
                self.problem(f"piece {piece.piece_id} ({piece.sdbp_id or 'no sdbp_id'}) is not a unit, marker or card")
        units.sort(key=lambda u: u.unit)
        return GameStart(
            where=where,
            units=tuple(units),
            control=tuple(AreaControl(a, s) for a, s in sorted(control.items())),
            control_markers=tuple(AreaControl(a, s) for a, s in sorted(markers.items())),
            trenches=tuple(sorted(trenches, key=lambda t: t.area)),
            fire_markers=tuple(sorted(fire, key=lambda f: (f.area, f.side.value))),
            no_supply=tuple(sorted(no_supply)),
            no_replacements=no_repl,
            turn_marker=turn_marker,
            piles=tuple(
                PileContents(side, pile, tuple(cards))
                for (side, pile), cards in sorted(piles.items(), key=lambda kv: (kv[0][0].value, kv[0][1].value))
            ),
        )
