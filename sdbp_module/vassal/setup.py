"""The campaign set-up: a saved game (``campaign.vsav``) inside the module (format reference §5.5).

Every unit, marker and card is placed as rules 3.0 and the scenario data say: units in their set-up
areas (spread over the area so stacks stay visible), reinforcements on their turn-track space, the
VM replacements in their box, the "*" units in the Relief Force box; the turn marker on turn 1;
each side's cards in its deck (``shuffle="Always"``: every draw is random), the special card in the
Removed pile. Piece ids come from a counter over the data order, never the clock.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from sdbp_module.codec.sequence import encode
from sdbp_module.ids import CardId
from sdbp_module.model.game_data import GameData, Placement, Point, SetupKind, Unit
from sdbp_module.vassal import buildfile, layout, pieces
from sdbp_module.vassal.traits import Piece, Trait, basic_state, enc

ESC = "\x1b"
FIRST_PIECE_ID = 1_000_000_000_001
"""Piece ids look like the engine's (13 digits) but come from a counter."""


@dataclass(frozen=True, slots=True)
class Placed:
    """Where a piece starts: its zone name and map position."""

    piece_id: str
    sdbp_id: str
    zone: str
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class SetupSave:
    text: str  # the savedGame text (before the envelope)
    placed: tuple[Placed, ...]  # every unit and marker placed, in save order
    decks: dict[str, tuple[CardId, ...]]  # DrawPile name -> card ids, bottom first


def placement_zone(placement: Placement) -> str:
    if placement.kind is SetupKind.AREA:
        return str(placement.area)
    if placement.kind is SetupKind.TURN:
        return layout.turn_box_name(placement.turn or 0)
    if placement.kind is SetupKind.REPLACEMENTS:
        return layout.REPLACEMENTS
    if placement.kind is SetupKind.CARD:
        return layout.RELIEF
    return layout.REMOVED


def _with_state(piece: Piece, state: str) -> Piece:
    """The same piece with its BasicPiece state replaced."""
    last = piece.traits[-1]
    return Piece(piece.traits[:-1] + (Trait(last.type, state),))


def build_setup(game: GameData, lay: layout.Layout) -> SetupSave:
    sl = pieces.slots(game)
    protos = {p.name: p.piece for p in pieces.prototypes(game)}
    next_id = FIRST_PIECE_ID

    def new_id() -> str:
        nonlocal next_id
        value = str(next_id)
        next_id += 1
        return value

    # -- what goes where: zone name -> list of (sdbp_id, piece, gpid)
    by_zone: dict[str, list[tuple[str, Piece, int]]] = defaultdict(list)
    for unit, gpid in sl.units:
        placement = game.scenario.units.get(unit.id, unit.setup)
        by_zone[placement_zone(placement)].append((unit.id, pieces.unit_piece(unit, gpid), gpid))
    marker_gpid = {kind.id: (kind, gpid) for kind, gpid in sl.markers}
    for mp in game.scenario.markers:
        kind, gpid = marker_gpid[mp.kind]
        zone = str(mp.area) if mp.area is not None else layout.turn_box_name(mp.turn or game.scenario.first_turn)
        index = kind.states.index(mp.state)
        by_zone[zone].append((kind.id, pieces.marker_piece(kind, gpid, index), gpid))

    areas = {str(a.id): a for a in game.areas}
    members: list[str] = []
    stacks: list[str] = []
    placed: list[Placed] = []
    for zone in sorted(by_zone, key=_zone_order):
        entries = by_zone[zone]
        if zone in areas:
            area = areas[zone]
            spots = layout.assign(len(entries), area.polygon, area.label, area.label)
        else:
            box = lay.box(zone)
            spots = layout.assign(len(entries), box.polygon, None, box.centre, top=24, overlap=False)
        stack_members: dict[Point, list[str]] = defaultdict(list)
        for (sdbp_id, piece, gpid), (x, y) in zip(entries, spots, strict=True):
            pid = new_id()
            state = basic_state(layout.MAP_NAME, x, y, str(gpid), [("UniqueID", pid)])
            live = _with_state(pieces.expand(piece, protos), state)
            members.append(live.add_piece(pid))
            stack_members[(x, y)].append(pid)
            placed.append(Placed(pid, sdbp_id, zone, x, y))
        for (x, y), member_ids in stack_members.items():
            sid = new_id()
            stacks.append("+/" + enc([sid, "stack", enc([layout.MAP_NAME, str(x), str(y), *member_ids, "@@1"], ";")], "/"))

    # -- cards, then their decks (members before their Deck, §5.5)
    cards = {c.id: (c, gpid) for c, gpid in sl.cards}
    contents = buildfile.deck_contents(game)
    card_adds: list[str] = []
    deck_adds: list[str] = []
    for spec in buildfile.deck_specs(game, lay):
        ids: list[str] = []
        for card_id in contents.get(spec.name, ()):
            card, gpid = cards[card_id]
            pid = new_id()
            state = basic_state(layout.MAP_NAME, spec.x, spec.y, str(gpid), [("UniqueID", pid)])
            live = _with_state(pieces.expand(pieces.card_piece(card, gpid), protos), state)
            card_adds.append(live.add_piece(pid))
            ids.append(pid)
        did = new_id()
        deck_state_tokens = [layout.MAP_NAME, str(spec.x), str(spec.y), "true" if spec.face_down else "false"]
        if ids:
            deck_state_tokens.append(enc(ids, ","))
        deck_adds.append("+/" + enc([did, spec.type_string(), enc(deck_state_tokens, ";")], "/"))

    group = encode(["", *members, *card_adds, *stacks, *deck_adds], ESC)
    assert group is not None
    restore = [f"{layout.MAP_NAME}BoardPicker\t{layout.BOARD_NAME}\t0\t0", "SETUP_STACK\t"]
    restore += [f"{layout.hand_name(s)}BoardPicker\t{layout.hand_name(s)}\t0\t0" for s in game.game.sides]
    restore.append("TURNTurnTracker0\t" + turn_state(game.scenario.first_turn))
    text = encode(["begin_save", "", group, *restore, "end_save"], ESC)
    assert text is not None
    return SetupSave(text, tuple(placed), contents)


def turn_state(turn: int) -> str:
    """TurnTracker state (§5.4): top level 0 active; counter at ``turn``; phase index 0 (draw)."""
    phases = enc(["0", "0", "0", enc(["true"] * len(buildfile.PHASES), ",")], ";")
    counter = enc([str(turn), "0", "false", "-1", phases], ";")
    return enc(["0", counter], "|")


def _zone_order(zone: str) -> tuple[int, str]:
    return (int(zone), "") if zone.isdigit() else (10_000, zone)


def unit_zone(game: GameData, unit: Unit) -> str:
    """Zone name a unit starts in (for tests and reports)."""
    return placement_zone(game.scenario.units.get(unit.id, unit.setup))
