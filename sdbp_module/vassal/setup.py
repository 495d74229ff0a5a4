"""The campaign set-up: a saved game (``campaign.vsav``) inside the module (format reference §5.5).

Every unit, marker and card is placed as rules 3.0 and the scenario data say: units in their set-up
areas, reinforcements on their turn-track box, replacements in the replacements box, the "*" units
in the Relief Force box; the turn marker on turn 1; each side's cards in its deck (``shuffle="Always"``:
every draw is random), the special card in the Removed pile. Piece ids come from a counter over the
data order, never the clock.

Pieces start in tidy stacks, as ``layout`` plans them (``setup_groups``, ``Layout.spots_of``): in
each zone one stack per side (more only past the stacking limit, 7.0), the markers of a zone in a
stack of their own; in an area every stack's drawn extent inside the area and off every printed
label mark, in a box each side's stacks in the space printed for that side, a turn box's markers on
its turn-marker space. Every piece of a stack has the stack's position.
"""

from __future__ import annotations

from collections import defaultdict

from sdbp_module.codec.sequence import encode
from sdbp_module.ids import CardId, Side
from sdbp_module.model.game_data import GameData, Unit
from sdbp_module.records import record
from sdbp_module.vassal import buildfile, layout, pieces
from sdbp_module.vassal.traits import Piece, Trait, basic_state, enc

ESC = "\x1b"
FIRST_PIECE_ID = 1_000_000_000_001
"""Piece ids look like the engine's (13 digits) but come from a counter."""


@record
class Placed:
    """Where a piece starts: its zone name and map position."""

    piece_id: str
    sdbp_id: str
    zone: str
    x: int
    y: int


@record
class SetupSave:
    text: str  # the savedGame text (before the envelope)
    placed: tuple[Placed, ...]  # every unit and marker placed, in save order
    decks: dict[str, tuple[CardId, ...]]  # DrawPile name -> card ids, bottom first


@record
class _Entry:
    """A piece to place: its identity, its definition, its slot and its side (None: a marker)."""

    sdbp_id: str
    piece: Piece
    gpid: int
    side: Side | None


def _with_state(piece: Piece, state: str) -> Piece:
    """The same piece with its BasicPiece state replaced."""
    last = piece.traits[-1]
    return Piece(piece.traits[:-1] + (Trait(last.type, state),))


def stacks_of(entries: list[_Entry], groups: list[tuple[Side | None, int]]) -> list[list[_Entry]]:
    """A zone's pieces as its set-up stacks (``groups``: the zone's ``layout.setup_groups``), bottom
    piece first: each stack takes the next pieces of its side (None: markers) in data order."""
    left = {side: [e for e in entries if e.side is side] for side, _ in groups}
    stacks: list[list[_Entry]] = []
    for side, n in groups:
        stacks.append(left[side][:n])
        left[side] = left[side][n:]
    return stacks


def build_setup(game: GameData, lay: layout.Layout) -> SetupSave:
    sl = pieces.slots(game)
    protos = {p.name: p.piece for p in pieces.prototypes(game)}
    next_id = FIRST_PIECE_ID

    def new_id() -> str:
        nonlocal next_id
        value = str(next_id)
        next_id += 1
        return value

    # -- what goes where: zone name -> the pieces to place there
    by_zone: dict[str, list[_Entry]] = defaultdict(list)
    zones = layout.unit_zones(game)
    for unit, gpid in sl.units:
        zone = zones[unit.id]
        by_zone[zone].append(_Entry(unit.id, pieces.unit_piece(game.presentation, unit, gpid), gpid, unit.side))
    kinds = {kind.id: kind for kind, _gpid in sl.markers}
    for mp in game.scenario.markers:
        index = kinds[mp.kind].states.index(mp.state)
        kind, gpid = sl.marker_gpid(mp.kind, index)  # the palette entry of that face
        by_zone[layout.marker_zone(game, mp)].append(_Entry(kind.id, pieces.marker_piece(kind, gpid, index), gpid, None))

    members: list[str] = []
    stacks: list[str] = []
    placed: list[Placed] = []
    groups = layout.setup_groups(game)
    for zone in sorted(by_zone, key=layout.zone_order):
        for stack, (x, y) in zip(stacks_of(by_zone[zone], groups[zone]), lay.spots_of(zone), strict=True):
            member_ids: list[str] = []
            for entry in stack:
                pid = new_id()
                state = basic_state(layout.MAP_NAME, x, y, str(entry.gpid), [("UniqueID", pid)])
                live = _with_state(pieces.expand(entry.piece, protos), state)
                members.append(live.add_piece(pid))
                member_ids.append(pid)
                placed.append(Placed(pid, entry.sdbp_id, zone, x, y))
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
    restore = [f"{layout.MAP_NAME}BoardPicker\t{layout.board_name(game)}\t0\t0", "SETUP_STACK\t"]
    restore += [f"{layout.hand_name(s)}BoardPicker\t{layout.hand_name(s)}\t0\t0" for s in game.game.sides]
    restore.append("TURNTurnTracker0\t" + buildfile.tracker_state(game, game.scenario.first_turn))
    text = encode(["begin_save", "", group, *restore, "end_save"], ESC)
    assert text is not None
    return SetupSave(text, tuple(placed), contents)


def turn_state(turn: int) -> str:
    """TurnTracker state (§5.4): top level 0 active; counter at ``turn``; phase index 0 (draw)."""
    phases = enc(["0", "0", "0", enc(["true"] * len(buildfile.PHASES), ",")], ";")
    counter = enc([str(turn), "0", "false", "-1", phases], ";")
    return enc(["0", counter], "|")


def unit_zone(game: GameData, unit: Unit) -> str:
    """Zone name a unit starts in."""
    return layout.unit_zones(game)[unit.id]
