"""The module of a hex-map game (``GameData.hexes``): the build file, the counter art and the set-up
save (docs/module.md, "The module of a hex-map game").

- the Map from ``hex_map_xml.hex_map``: the board drawn from the data (title, named places, the
  ``*_edge`` hex sets as marked map edges), the hex grid, a zone per off-map box of the data, the
  turn boxes (``Turn 1`` … ``Turn N``, printed with the data's labels), a ``Markers`` box and the two
  piles of the playing-card deck (``playing_card_deck``) with the *Draw card* button;
- a unit piece per counter: two faces (full and flipped, a Layer: *Take hit (flip)* / *Flip back*)
  and *Eliminate* into the side's eliminated box when the data has one (``<side label>-eliminated``);
  a marker piece per marker kind (``pieces.marker_piece``); the palette holds them all;
- a turn tracker over the data's turns, each with its label; the side names of the data; no dice;
- the set-up save: every unit where its ``setup`` says (a hex: stacked at the hex centre; a box:
  stacked in the box), the turn marker in ``Turn 1``, the other markers in ``Markers``, every
  playing card face down in the draw pile.

the help page (``hex_help.help_html``, ``help/<game id>.html``) and the player aid of the game's
package (``player_aid``: its pages and the chart window), as the area games have theirs.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from lxml import etree
from PIL import Image, ImageDraw

from sdbp_module.codec import sentences
from sdbp_module.codec.sentences import vassal_format as sentence
from sdbp_module.codec.sequence import encode
from sdbp_module.games import game_package
from sdbp_module.ids import UnitId
from sdbp_module.model.game_data import GameData, MarkerKind, Unit
from sdbp_module.model.hex_play import play_of
from sdbp_module.model.per_game import per_game
from sdbp_module.model.playing_cards import PlayingCard, PlayingCardsSpec
from sdbp_module.records import record
from sdbp_module.vassal import (
    buildfile,
    controls,
    hex_help,
    hex_play_controls,
    images,
    layout,
    pieces,
    player_aid,
    playing_card_deck,
    playing_card_faces,
)
from sdbp_module.vassal.buildfile import MM, M, W, _el
from sdbp_module.vassal.hex_board import (
    PANEL_PAD,
    PANEL_W,
    HexBoard,
    HexLook,
    OffMapBox,
)
from sdbp_module.vassal.hex_map_xml import hex_map
from sdbp_module.vassal.traits import (
    Piece,
    PropCommand,
    Trait,
    basic_piece,
    basic_state,
    dynamic_property,
    enc,
    key,
    layer,
    marker,
    report,
    send_to_zone,
    trigger,
)

MAP_NAME = "Main Map"
BOARD_NAME = "Board"
MARKERS_BOX = "Markers"
TURN_GROUP = "Turn track"
CARDS_GROUP = "Playing cards"
PILE_BOX_H = layout.CARD_H + 40
EDGE_SUFFIX = "_edge"
K_DRAW_BUTTON = key(68, 195)  # Ctrl+Shift+D: the Draw card button
K_ELIMINATE_HEX = pieces.K_ELIMINATE
ESC = "\x1b"
FIRST_PIECE_ID = 1_000_000_000_001


def _help_windows(root: etree._Element, game: GameData) -> None:
    """The help page's ``Documentation``/``HelpFile`` (the area games' title and archive entry) and the
    player aid's ``ChartWindow`` (``player_aid.add_chart_window``: nothing for a game without an aid)."""
    buildfile.add_help_file(root, game)
    player_aid.add_chart_window(root, game, buildfile.K_PLAYER_AID)


# -- names --------------------------------------------------------------------------------------


def turn_box(turn: int) -> str:
    return f"Turn {turn}"


def box_zone(game: GameData, box_id: str) -> str:
    """The zone of a data box: its name (``Blue entry (off the east edge)``), what the engine then
    gives as the location of a piece in it (``$LocationName$``, every sentence) and as ``CurrentZone``."""
    assert game.hexes is not None
    return next(b.name for b in game.hexes.boxes if b.id == box_id)


def eliminated_box_id(game: GameData, unit: Unit) -> str | None:
    """The id of the data's box for the unit's elimination, or None: the first box whose
    ``eliminated`` names a mark of the unit, else the first whose ``eliminated`` takes the unit's side,
    else the box ``<side label>-eliminated``."""
    assert game.hexes is not None
    takers = [b for b in game.hexes.boxes if b.eliminated is not None and b.eliminated.takes(unit)]
    marked = [b for b in takers if b.eliminated is not None and b.eliminated.marks]
    if marked or takers:
        return (marked or takers)[0].id
    wanted = f"{unit.side.label.lower()}-eliminated"
    return wanted if any(b.id == wanted for b in game.hexes.boxes) else None


def eliminated_box(game: GameData, unit: Unit) -> str | None:
    """The zone of the data's box for the side's eliminated units (``eliminated_box_id``), or None."""
    wanted = eliminated_box_id(game, unit)
    return None if wanted is None else box_zone(game, wanted)


def hex_look(game: GameData) -> HexLook:
    """The board's look from the data: the title, the named places, the map edges (the hex sets
    named ``*_edge``, captioned with the set's name), the country borders (the regions the game's
    package names, ``GamePackage.map_borders``: the data does not say which regions are countries)."""
    assert game.hexes is not None
    edges = {name: name.removesuffix(EDGE_SUFFIX).replace("_", " ").capitalize() + " edge" for name in sorted(game.hexes.map.sets) if name.endswith(EDGE_SUFFIX)}
    package = game_package(game.game.id)
    borders = package.map_borders if package is not None else ()
    return HexLook(title=game.game.title, places={p.hex: p.name for p in game.hexes.places}, edges=edges, borders=borders)


def off_map_boxes(game: GameData) -> tuple[OffMapBox, ...]:
    """The data's boxes, a box for the markers, the turn track (one box a turn), the two card piles."""
    assert game.hexes is not None
    waiting: dict[str, int] = defaultdict(int)
    for unit in game.units:
        if unit.setup.box is not None:
            waiting[unit.setup.box] += 1
    out = [OffMapBox(b.name, b.name, height=box_height(waiting[b.id])) for b in game.hexes.boxes]
    out.append(OffMapBox(MARKERS_BOX, MARKERS_BOX, height=box_height(STACK_LIMIT_IN_BOX * markers_in_box(game))))  # a stack a kind
    labels = game.hexes.labels
    out += [OffMapBox(turn_box(t), f"{t} · {labels[t]}" if labels.get(t) else str(t), group=TURN_GROUP) for t in range(1, game.game.turns + 1)]
    out += hex_play_controls.track_boxes(game)
    if game.deck is not None:
        out += [OffMapBox(name, name, group=CARDS_GROUP, height=PILE_BOX_H) for name in (game.deck.draw_pile, game.deck.discard_pile)]
    return tuple(out)


BOX_TITLE_H = 32  # the box's printed title and the room a stack's offset needs above it
STACK_STEP = layout.COUNTER + 14  # between two set-up stacks in a box (a stack of two is 6 px wider)
ROW_STEP = layout.COUNTER + 12
STACK_LIMIT_IN_BOX = 2
"""Pieces per set-up stack in a box (a box shows what waits there, a few counters a stack)."""


def _per_row(width: int) -> int:
    return max(1, (width - 8) // STACK_STEP)


def box_height(pieces_in_box: int) -> int:
    """A data box's height: room for its set-up stacks in rows (0: the panel's default)."""
    stacks = -(-pieces_in_box // STACK_LIMIT_IN_BOX)
    rows = -(-stacks // _per_row(PANEL_W - 2 * PANEL_PAD))
    return 0 if rows <= 1 else BOX_TITLE_H + rows * ROW_STEP + 8


def _by_kind(entries: list[tuple[str, Piece, int]]) -> list[list[tuple[str, Piece, int]]]:
    """The markers box's stacks: the copies of one marker kind together, one stack a kind."""
    groups: dict[str, list[tuple[str, Piece, int]]] = {}
    for entry in entries:
        groups.setdefault(entry[0], []).append(entry)
    return list(groups.values())


def markers_in_box(game: GameData) -> int:
    """The marker kinds that start in the markers box (every kind but the turn marker on the turn
    track and the record tracks' markers on theirs)."""
    return sum(1 for kind in game.markers if marker_start(game, kind) == MARKERS_BOX)


def marker_start(game: GameData, kind: MarkerKind) -> str:
    """Where a marker kind starts: the turn marker on the scenario's first turn, a track's marker on its
    start box (``hex_play_controls.track_start``), every other kind in the markers box."""
    if kind.side is None and kind.id == "turn":
        return turn_box(game.scenario.first_turn)
    return hex_play_controls.track_start(game, kind.id) or MARKERS_BOX


def unit_image(unit: Unit, flipped: bool) -> str:
    return f"unit_{unit.id}_{'flipped' if flipped else 'full'}.png"


# -- counter art ----------------------------------------------------------------------------------

MARK_COLOURS: dict[str, tuple[images.RGB, images.RGB]] = {
    "light_green": ((150, 196, 120), (0, 0, 0)),
    "dark_green": ((46, 84, 52), (255, 255, 255)),
    "black": ((24, 24, 24), (255, 255, 255)),
}
"""Counter body and ink per unit mark (a mark word the data may use); another mark: grey, black ink."""
FLIP_BAND = (214, 40, 40)


def _rgb(text: str) -> images.RGB:
    """``#rrggbb`` as an RGB triple (the schema checked the form)."""
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))


def _type_symbol(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], unit_type: str, ink: images.RGB) -> None:
    x0, y0, x1, y1 = box
    if unit_type == "gun":  # the NATO anti-tank mark: an inverted V in the frame
        d.rectangle(box, outline=ink, width=2, fill=images.WHITE)
        d.line((x0 + 2, y1 - 1, (x0 + x1) // 2, y0 + 2, x1 - 2, y1 - 1), fill=(0, 0, 0), width=2)
        return
    images.type_symbol(d, box, {"tank": "armor"}.get(unit_type, unit_type), (0, 0, 0))


def render_hex_unit(game: GameData, unit: Unit, flipped: bool) -> bytes:
    """A hex game's counter face: the side's colour (its mark), the name on top, the type symbol,
    the factors (``AT-AI``) large at the bottom; the flipped face has a red band and its own factors."""
    s = layout.COUNTER
    mark = sorted(unit.marks)[0] if unit.marks else ""
    body, ink = MARK_COLOURS.get(mark, ((200, 200, 200), (0, 0, 0)))
    paint = game.game.counter_colours
    band = None
    if paint is not None:
        if unit.side.value in paint.sides:
            body, ink = (_rgb(c) for c in paint.sides[unit.side.value])
        band = next((_rgb(paint.bands[m.id]) for m in game.game.unit_marks if m.id in unit.marks and m.id in paint.bands), None)
    img = Image.new("RGB", (s, s), body)
    d = ImageDraw.Draw(img)
    if band is not None:  # the colour band across the counter, under the name
        d.rectangle((2, 16, s - 3, 35), fill=band, outline=ink)
    d.rectangle((0, 0, s - 1, s - 1), outline=(0, 0, 0), width=2)
    if flipped:
        d.rectangle((2, 2, 7, s - 3), fill=FLIP_BAND)
    style, size = images.fit_font(d, unit.company, s - 8, (("bold", 12, 11), ("condensed", 12, 11), ("condensed", 11, 11)))
    images.centre_text(d, (s / 2, 9), unit.company, images.font(style, size), ink)
    _type_symbol(d, (18, 18, s - 18, 34), str(unit.type), ink)
    factors = unit.back if flipped and unit.back else unit.front
    text = "-".join("\u2013" if f is None else str(f) for f in factors)
    style, size = images.fit_font(d, text, s - 8, (("bold", 16, 11), ("condensed", 12, 9)))  # two factors fit at 16, four are narrower
    images.centre_text(d, (s / 2, 47), text, images.font(style, size), ink)
    return images.png_bytes(img)


def hex_images(game: GameData, board: HexBoard) -> dict[str, bytes]:
    """Every image of the module by name: the board, the unit faces, the marker faces, the cards."""
    out = {"map.png": board.png}
    for unit in game.units:
        for flipped in (False, True):
            out[unit_image(unit, flipped)] = render_hex_unit(game, unit, flipped)
    for kind in game.markers:
        for index in range(len(kind.states)):
            out[pieces.marker_image(kind, index)] = images.render_marker(game.presentation, kind, index)
    for index, status in enumerate(play_of(game).statuses):
        out[hex_play_controls.status_image(status)] = hex_play_controls.render_status_badge(status, index)
    if game.deck is not None:
        for card in game.deck.cards():
            out[playing_card_deck.image_name(card)] = playing_card_faces.render_face(card)
        out[playing_card_deck.BACK_IMAGE] = playing_card_faces.render_back(game.game.title)
    return out


# -- pieces ---------------------------------------------------------------------------------------


def unit_properties(game: GameData, unit: Unit) -> list[tuple[str, str]]:
    factors = [f.id for f in game.game.factors]
    return [
        ("sdbp_id", unit.id),
        ("sdbp_kind", "unit"),
        ("side", unit.side.value),
        ("formation", unit.formation),
        ("unit_type", str(unit.type)),
        *[(f"{f}_front", "" if v is None else str(v)) for f, v in zip(factors, unit.front, strict=False)],
        *[(f"{f}_back", "" if v is None else str(v)) for f, v in zip(factors, unit.back, strict=False)],
        *[(str(m.id), "true" if m.id in unit.marks else "false") for m in game.game.unit_marks],
    ]


HIT_LAYER = "Hit"
SENDING = "sdbp_sending"
"""A unit's mark while the module itself moves it (a hit or *Eliminate* sending it to its side's box):
the engine applies the map's moveKey after every Send To Location (``EditablePiece.finishMove``), and
the move that mark is on writes no MOVE line (the DAMAGE or ELIMINATE line says where it went)."""
K_ACTIVATE = key(65, 195)  # Ctrl+Shift+A  Activate
K_TAKE_HIT = pieces.K_HIT_FLIP  # Ctrl+H  Take hit
H_HIT = key(57450, 0, "sdbpHexHit")  # the hit itself: flip a fresh unit, eliminate a flipped one
M_OUT = key(57451, 0, "sdbpHexOut")  # to the side's eliminated box
Q_ON, Q_OFF = key(57456, 0, "sdbpSendingOn"), key(57457, 0, "sdbpSendingOff")
R_MOVED, R_ELIMINATE = key(57458, 0, "sdbpHexMoveReport"), key(57459, 0, "sdbpHexEliminateReport")
K_SUPPORT = {"attack": key(75, 195), "suppression": key(83, 195)}  # Ctrl+Shift+K, Ctrl+Shift+S on Air / OBA
P_SUPPORT = {"attack": key(57452, 0, "sdbpSupportAttackPrompt"), "suppression": key(57453, 0, "sdbpSupportSuppressionPrompt")}
R_SUPPORT = {"attack": key(57454, 0, "sdbpSupportAttackReport"), "suppression": key(57455, 0, "sdbpSupportSuppressionReport")}
K_RESHUFFLE_BUTTON = key(113, 65)  # Shift+F2: the Reshuffle button
SUPPORT_PROMPTS = {"attack": "Target unit id (or its printed name)", "suppression": "Target hex id"}
FIRE_AT: pieces.Declaration = ("fire", "Fire at…", pieces.K_FIRE, pieces.P_FIRE, pieces.R_FIRE, pieces.G_FIRE, pieces.F_FIRE)
"""*Fire at…*: one prompt for the selected units of the side anywhere on the map (M-5.5: any number
of firers, one target), one FIRE line per firer (``fire-at``); the area games' declaration."""
SUPPRESSION_SUFFIX = "-suppression"


def hex_unit_piece(game: GameData, unit: Unit, gpid: int) -> Piece:
    """A unit: in a card-driven game (a deck of playing cards) *Activate* (an ACTIVATE line) and *Fire at…*
    (a prompt for the target unit, a FIRE line per selected firer); *Take hit* (a fresh unit flips, a flipped one goes to its side's eliminated box,
    a DAMAGE line either way), *Eliminate* (to that box, an ELIMINATE line), a MOVE line on every drag
    (the map's moveKey), the two faces, its properties, its name (report-formats §2.15)."""
    cards = game.deck is not None  # Activate and Fire at… act on a card of a card-driven game (M-3, M-5)
    triggers, followers = pieces.declaration_triggers(unit.side, [FIRE_AT], pieces.EVERY_PIECE_TARGET) if cards else ([], [])
    level = f"{HIT_LAYER}_Level"
    box = eliminated_box(game, unit)
    out = [Q_ON, M_OUT, Q_OFF] if box is not None else []
    # a Trigger Action acts after the traits inside it: the flipped unit's elimination (inside) is
    # tested before the fresh unit's flip (outside), so one hit does one of them
    # a one-step unit (counters.yaml ``steps: 1``) is eliminated by its first hit
    hits = (
        [trigger("", H_HIT, [pieces.R_HIT_ELIMINATE, *out], "damage on a one-step unit: report, to the box")]
        if unit.steps == 1
        else [
            trigger("", H_HIT, [pieces.R_HIT_FLIP, pieces.K_SPENT], "damage on the fresh face: report, flip", condition=f"{{{level}==1}}"),
            trigger("", H_HIT, [pieces.R_HIT_ELIMINATE, *out], "damage on the flipped face: report, to the box", condition=f"{{{level}==2}}"),
        ]
    )
    play = play_of(game)
    status_commands, status_inner = hex_play_controls.status_traits(play, unit)
    unit_commands, command_inner = hex_play_controls.command_traits(play, unit, level, pieces.K_FRESH)
    triggers += [
        *([trigger("Activate", K_ACTIVATE, description="activate: the ACTIVATE line")] if cards else []),
        trigger("Take hit", K_TAKE_HIT, [H_HIT], "damage: flip a fresh unit, eliminate a flipped one"),
        *hits,
        trigger("Eliminate", K_ELIMINATE_HEX, [*out[:2], R_ELIMINATE, *out[2:]], "eliminate: to the box, report"),
        trigger("", pieces.K_MOVED, [R_MOVED], "moved by a player: report", condition=f"{{{SENDING}==0}}"),
    ]
    sending = [PropCommand("", Q_ON, ("P", "1")), PropCommand("", Q_OFF, ("P", "0"))]
    traits: list[Trait] = [
        *triggers,
        *unit_commands,
        *status_commands,
        *(pieces.declaration_properties([PropCommand("", pieces.P_FIRE, ("R", SUPPORT_PROMPTS["attack"]))]) if cards else []),
        dynamic_property(SENDING, "0", sending, numeric=True, minimum=0, maximum=1),
        *followers,
    ]
    if box is not None:
        traits.append(send_to_zone("", M_OUT, MAP_NAME, box, "eliminated: to the side's box"))
    traits += [
        *status_inner,
        layer(HIT_LAYER, [unit_image(unit, False), unit_image(unit, True)], ["", "+ (flipped)"], up_key=pieces.K_SPENT, down_key=pieces.K_FRESH),
        *command_inner,
        report([R_MOVED], sentence("move"), "report move"),
        *(
            [report([K_ACTIVATE], sentence("activate"), "report activation"), report([pieces.R_FIRE], sentence("fire-at"), "report fire")]
            if cards
            else []
        ),
        report([pieces.R_HIT_FLIP], sentence("damage", result="flip"), "report damage: flip"),
        report([pieces.R_HIT_ELIMINATE], sentence("damage", result="eliminate"), "report damage: eliminate"),
        report([R_ELIMINATE], sentence("eliminate"), "report elimination"),
        marker(unit_properties(game, unit)),
        basic_piece(unit.company, state=f"null;0;0;{gpid};0"),
    ]
    return Piece(tuple(traits))


def support_modes(game: GameData, kind: MarkerKind) -> tuple[str, ...]:
    """What a marker of one side calls (the ``support`` sentence): an attack when it has a fire
    strength (``markers.yaml`` ``strength``), a suppression when the data has its reminder marker
    (a kind ``<id>-suppression``)."""
    if kind.side is None:
        return ()
    modes: tuple[str, ...] = ("attack",) if kind.strength is not None else ()
    if any(k.id == kind.id + SUPPRESSION_SUFFIX for k in game.markers):
        modes += ("suppression",)
    return modes


def support_traits(game: GameData, kind: MarkerKind) -> tuple[Trait, ...]:
    """A support marker's commands, ``Air: attack…``: a prompt for the target (a unit for an attack, a
    hex for a suppression), then the SUPPORT line, then the typed target cleared."""
    modes = support_modes(game, kind)
    if not modes:
        return ()
    commands = [PropCommand("", P_SUPPORT[m], ("R", SUPPORT_PROMPTS[m])) for m in modes] + [PropCommand("", pieces.K_RESET, ("P", ""))]
    return (
        *(trigger(f"{kind.name}: {m}…", K_SUPPORT[m], [P_SUPPORT[m], R_SUPPORT[m], pieces.K_RESET], f"{m}: prompt, report, reset") for m in modes),
        dynamic_property("sdbp_target", "", commands),
        *(report([R_SUPPORT[m]], sentence("support", mode=m), f"report {m}") for m in modes),
    )


def hex_marker_piece(game: GameData, kind: MarkerKind, gpid: int) -> Piece:
    return pieces.marker_piece(kind, gpid, commands=support_traits(game, kind))


@record
class HexSlots:
    units: tuple[tuple[Unit, int], ...]
    markers: tuple[tuple[MarkerKind, int], ...]
    cards: tuple[tuple[PlayingCard, int], ...]

    @property
    def next_gpid(self) -> int:
        return 1 + len(self.units) + len(self.markers) + len(self.cards)


@per_game
def unit_pieces(game: GameData) -> dict[UnitId, Piece]:
    """Every unit's piece (``hex_unit_piece`` with its slot number, ``hex_slots``) by unit id; made once per
    game (``per_game``): the palette and the set-up save each put every unit in."""
    return {unit.id: hex_unit_piece(game, unit, gpid) for unit, gpid in hex_slots(game).units}


def hex_slots(game: GameData) -> HexSlots:
    """Slot numbers from a counter over the data order: units, markers, cards."""
    units = tuple((u, i + 1) for i, u in enumerate(game.units))
    n = len(units)
    markers = tuple((m, n + i + 1) for i, m in enumerate(game.markers))
    n += len(markers)
    cards = tuple((c, n + i + 1) for i, c in enumerate(game.deck.cards() if game.deck else ()))
    return HexSlots(units, markers, cards)


def card_piece(card: PlayingCard, spec: PlayingCardsSpec, gpid: int) -> Piece:
    traits = playing_card_deck.card_traits(card, spec)
    last = traits[-1]
    return Piece(traits[:-1] + (Trait(last.type, f"null;0;0;{gpid};0"),))


# -- the build file -------------------------------------------------------------------------------


@record
class HexTree:
    root: etree._Element
    board: HexBoard
    board_cached: bool = False  # its picture came from the drawn-image cache


TURN_FORMAT = "Turn $Turn$"
"""What the tracker shows and its reports' ``newTurn``/``oldTurn``: ``Turn 2``."""


def _turn_list(game: GameData) -> list[str]:
    """The turns' values: the numbers (``Turn`` is the number the TURN sentence gives; the turn boxes
    print the data's labels)."""
    return [str(t) for t in range(1, game.game.turns + 1)]


def tracker_state(game: GameData, turn: int, phase: int = 0) -> str:
    """The tracker's state: its top level, a ListTurnLevel, at ``turn`` (index ``turn - 1``), every
    turn active (ListTurnLevel.getState: current, sub-level, first, actives, the sub-levels' states);
    when the game has phases, the phase level under it at index ``phase``."""
    n = game.game.turns
    phases = play_of(game).phases
    sub = [enc([str(phase), "0", "0", enc(["true"] * len(phases), ",")], ";")] if phases else []
    return enc(["0", enc([str(turn - 1), "0", "0", enc(["true"] * n, ","), *sub], ";")], "|")


def month_labels(game: GameData) -> list[str]:
    """The turns as the phase tracker's first level shows them: each turn's label (its number when it has none)."""
    assert game.hexes is not None
    labels = game.hexes.labels
    return [labels.get(t) or str(t) for t in range(1, game.game.turns + 1)]


def phase_report(game: GameData) -> str:
    """The phase tracker's report, the ``phase`` sentence ``<side> starts Turn <month label> · <phase
    name> phase``; nothing for the step back from a wrap (the first month's first phase to the last
    month's last phase), as ``turn_report``."""
    months, phases = month_labels(game), play_of(game).phases
    text = sentences.turn_format()
    first = text.replace("$level1$", months[0]).replace("$level2$", phases[0].name)
    last = text.replace("$level1$", months[-1]).replace("$level2$", phases[-1].name)
    wrap = f'oldTurn=="{first}" && newTurn=="{last}"'
    return f'{{({wrap}) ? "" : ({sentences.bsh(sentences.vassal_format("phase"))})}}'


def _tracker(root: etree._Element, report: str, tooltip: str, turn_format: str) -> etree._Element:
    """The turn tracker's element (its levels go inside): the Turn button, the next/previous keys, its report."""
    return _el(
        root,
        M + "turn.TurnTracker",
        {
            "buttonText": "Turn",
            "description": "",
            "fwdOnly": "false",
            "hotkey": buildfile.K_TURN_WINDOW,
            "icon": "",
            "length": "-1",
            "lengthStyle": "Maximum",
            "name": buildfile.TURN_TRACKER,
            "nexthotkey": buildfile.K_NEXT_PHASE,
            "plusButtonSize": "22",
            "prevhotkey": buildfile.K_PREV_PHASE,
            "reportFormat": report,
            "tooltip": tooltip,
            "turnButtonHeight": "22",
            "turnFormat": turn_format,
        },
    )


def _phase_tracker(root: etree._Element, game: GameData) -> None:
    """The turn tracker of a game with phases (``model.hex_play``): two list levels, the months (their
    labels) and the phases (their names); it starts at the scenario's first month and the first phase
    (the set-up save's ``tracker_state``) and stays at the last month's last phase as ``_turn_tracker``
    stays at the last turn (a forward wrap stepped back by the tracker's own **Previous**)."""
    months, phases = month_labels(game), play_of(game).phases
    tracker = _tracker(root, phase_report(game), f"Month and phase: step it at each phase's start (next {controls.key_label(buildfile.K_NEXT_PHASE)}); it stays at {months[-1]}, {phases[-1].name}", sentences.turn_format())
    level = _el(
        tracker,
        M + "turn.ListTurnLevel",
        {"configFirst": "false", "configList": "false", "list": enc(months, ","), "name": "Turn", "prompt": "", "property": "Turn", "turnFormat": "$value$"},
    )
    _el(
        level,
        M + "turn.ListTurnLevel",
        {"configFirst": "false", "configList": "false", "list": enc([p.name for p in phases], ","), "name": "Phase", "prompt": "", "property": "Phase", "turnFormat": "$value$"},
    )
    match = f'{{{buildfile.TURN_TRACKER}_command=="Next" && Turn=="{months[0]}" && Phase=="{phases[0].name}"}}'
    buildfile.stay_at_last_turn(tracker, game.game.turns, match, f"{months[-1]} is the last month: the tracker stays at {months[-1]}, {phases[-1].name}")


def turn_report(game: GameData) -> str:
    """The tracker's report, the ``turn-start`` sentence ``Blue starts Turn 2``; nothing for the step
    back from a wrap (``_turn_tracker``), which is the only step from turn 1 to the last turn but
    **Previous** at turn 1."""
    first, last = game.scenario.first_turn, game.game.turns
    wrap = f'oldTurn=="{TURN_FORMAT.replace("$Turn$", str(first))}" && newTurn=="{TURN_FORMAT.replace("$Turn$", str(last))}"'
    return f'{{({wrap}) ? "" : ({sentences.bsh(sentences.vassal_format("turn-start", turn="$Turn$"))})}}'


def _turn_tracker(root: etree._Element, game: GameData) -> None:
    """The turn tracker: one list level, the turns; it stays at the last turn (M-7.1: no turn 7). A
    list level wraps past its end (``ListTurnLevel.advance``), so a ``TurnGlobalHotkey`` undoes the
    wrap as the area games' tracker does (``buildfile.stay_at_last_turn``): **Next** at the last turn
    reaches the first turn, the hotkey fires **Previous**, whose nested step back writes no TURN line
    (``turn_report``) and the hotkey's own line says the tracker stays."""
    first, last = game.scenario.first_turn, game.game.turns
    tracker = _tracker(root, turn_report(game), f"Turn ({first}–{last}): step it at a turn start, then Reshuffle; it stays at turn {last}", TURN_FORMAT)
    _el(
        tracker,
        M + "turn.ListTurnLevel",
        {"configFirst": "false", "configList": "false", "list": ",".join(_turn_list(game)), "name": "Turn", "prompt": "", "property": "Turn", "turnFormat": "$value$"},
    )
    match = f'{{{buildfile.TURN_TRACKER}_command=="Next" && Turn=={first}}}'
    buildfile.stay_at_last_turn(tracker, last, match, f"Turn {last} is the last turn: the tracker stays at turn {last}")


def pile_positions(board: HexBoard, spec: PlayingCardsSpec) -> tuple[tuple[int, int], tuple[int, int]]:
    """The draw pile and the discard at the centres of their boxes."""
    rects = {p.box.name: p.rect for p in board.layout.boxes}

    def centre(name: str) -> tuple[int, int]:
        x0, y0, x1, y1 = rects[name]
        return ((x0 + x1) // 2, (y0 + y1) // 2 + 16)

    return centre(spec.draw_pile), centre(spec.discard_pile)


def build_hex_tree(game: GameData) -> HexTree:
    """The GameModule element of a hex game, and the board it draws."""
    assert game.hexes is not None
    info = game.game
    sl = hex_slots(game)
    root = buildfile.game_module_root(game, sl.next_gpid)
    buildfile.add_players_and_options(root, game)
    props = buildfile.global_properties(root)
    protos = _el(root, M + "PrototypesContainer")  # the markers' prototype (pieces.marker_piece refers to it)
    _el(protos, M + "PrototypeDefinition", {"description": "marker behaviour", "name": pieces.MARKER_PROTOTYPE}, pieces.marker_prototype().add_piece())
    # no move line of the map's own: each piece's MOVE sentence on the moveKey is the one line a move writes
    hexmap, look, boxes = game.hexes.map, hex_look(game), off_map_boxes(game)
    board_cached = False

    def board_png(paint: Callable[[], bytes]) -> bytes:  # the board through the drawn-image cache
        nonlocal board_cached
        from sdbp_module.vassal import artwork

        png, board_cached = artwork.cached_drawing(artwork.ImageJob("map.png", artwork.hex_board_inputs(hexmap, look, boxes), paint))
        return png

    board = hex_map(
        root, hexmap, look, boxes,
        map_name=MAP_NAME, board_name=BOARD_NAME, move_format="", move_key=pieces.K_MOVED, hex_zones=True, png_of=board_png,
    )  # fmt: skip
    main = next(child for child in root if child.tag == M + "Map")
    spec = game.deck
    if spec is not None:  # the piles go after the map's own components, as the area games' decks
        draw_at, discard_at = pile_positions(board, spec)
        for pile in playing_card_deck.pile_specs(spec, draw_at, discard_at, BOARD_NAME):
            el = _el(main, MM + "DrawPile", pile.attributes())
            if pile.name == spec.draw_pile:
                for card, gpid in sl.cards:
                    _el(el, W + "CardSlot", {"entryName": card.name, "gpid": str(gpid), "height": str(layout.CARD_H), "width": str(layout.CARD_W)}, card_piece(card, spec, gpid).add_piece())

    # --- palette: every unit (a tab per side) and every marker
    window = _el(root, M + "PieceWindow", {"defaultWidth": "0", "hidden": "false", "hotkey": buildfile.K_PALETTE, "icon": "", "name": "Counters", "scale": "1.0", "text": "Counters", "tooltip": "Counter palette"})
    tabs = _el(window, W + "TabWidget", {"description": "", "entryName": "Counters"})
    size = str(layout.COUNTER)
    for side in info.sides:
        panel = _el(tabs, W + "PanelWidget", {"entryName": f"{side.label} units", "fixed": "false", "nColumns": "10", "scale": "1.0", "vert": "false"})
        for unit, gpid in sl.units:
            if unit.side is side:
                _el(panel, W + "PieceSlot", {"entryName": unit.company, "gpid": str(gpid), "height": size, "width": size}, unit_pieces(game)[unit.id].add_piece())
    panel = _el(tabs, W + "PanelWidget", {"entryName": "Markers", "fixed": "false", "nColumns": "10", "scale": "1.0", "vert": "false"})
    for kind, gpid in sl.markers:
        _el(panel, W + "PieceSlot", {"entryName": kind.name, "gpid": str(gpid), "height": size, "width": size}, hex_marker_piece(game, kind, gpid).add_piece())

    if play_of(game).phases:
        _phase_tracker(root, game)
    else:
        _turn_tracker(root, game)
    if spec is not None:
        playing_card_deck.draw_card_button(root, spec, K_DRAW_BUTTON)
        playing_card_deck.reshuffle_button(root, spec, K_RESHUFFLE_BUTTON)
    buildfile._report_button(root, "Pass", buildfile.K_PASS, pieces.K_PASS, buildfile.PASS_REPORT, "Pass (writes a PASS line to the log)")
    packages = play_of(game).packages
    for package in packages:
        name = hex_play_controls.package_button(game, package)
        buildfile._report_button(root, name, "", pieces.K_PASS, hex_play_controls.package_line(package), f"Take the package {package.name} ({package.source.text})")
    buildfile._toolbar_menu(
        root, hex_play_controls.PACKAGE_MENU, [hex_play_controls.package_button(game, p) for p in packages], "Replacements: the package your side takes (a PACKAGE line)"
    )
    buildfile._result_buttons(props, game)
    buildfile._toolbar_menu(root, buildfile.RESULT_MENU, [f"{side.label}{buildfile.RESULT_WORDS}" for side in info.sides], "The end of the game: declare the result")
    _help_windows(root, game)
    _el(root, M + "PredefinedSetup", {"description": game.scenario.name, "file": buildfile.SETUP_FILE, "isMenu": "false", "name": f"Set-up: {game.scenario.name}", "useFile": "true"})
    return HexTree(root, board, board_cached)


# -- the set-up save ------------------------------------------------------------------------------


@record
class HexPlaced:
    """Where a piece starts: its sdbp id, the location (a hex id or a box name) and the position."""

    piece_id: str
    sdbp_id: str
    location: str
    x: int
    y: int


@record
class HexSetup:
    text: str
    placed: tuple[HexPlaced, ...]
    deck: tuple[str, ...]  # the draw pile's card ids, bottom first


def _with_state(piece: Piece, state: str) -> Piece:
    last = piece.traits[-1]
    return Piece(piece.traits[:-1] + (Trait(last.type, state),))


def box_spots(rect: tuple[int, int, int, int], n: int) -> list[tuple[int, int]]:
    """``n`` stack positions in a box, in a row under its title (two rows if they do not fit)."""
    x0, y0, x1, _ = rect
    per_row = _per_row(x1 - x0)
    top = y0 + BOX_TITLE_H + layout.COUNTER // 2
    return [(x0 + 8 + layout.COUNTER // 2 + (i % per_row) * STACK_STEP, top + (i // per_row) * ROW_STEP) for i in range(n)]


def build_hex_setup(game: GameData, board: HexBoard) -> HexSetup:
    assert game.hexes is not None
    sl = hex_slots(game)
    protos = {pieces.MARKER_PROTOTYPE: pieces.marker_prototype()}
    grid = board.layout.grid
    rects = {p.box.name: p.rect for p in board.layout.boxes}
    next_id = FIRST_PIECE_ID

    def new_id() -> str:
        nonlocal next_id
        value = str(next_id)
        next_id += 1
        return value

    at: dict[str, list[tuple[str, Piece, int]]] = defaultdict(list)  # location -> (sdbp id, piece, gpid)
    for unit, gpid in sl.units:
        setup = unit.setup
        assert setup.hex is not None or setup.box is not None, unit.id
        location = setup.hex if setup.hex is not None else box_zone(game, str(setup.box))
        at[location].append((unit.id, unit_pieces(game)[unit.id], gpid))
    for kind, gpid in sl.markers:
        location = marker_start(game, kind)
        for _ in range(kind.count):
            at[location].append((kind.id, pieces.expand(hex_marker_piece(game, kind, gpid), protos), gpid))

    members: list[str] = []
    stacks: list[str] = []
    placed: list[HexPlaced] = []
    on_track = hex_play_controls.track_zone_names(game)
    for location in sorted(at, key=lambda loc: (loc not in rects, loc)):
        entries = at[location]
        if location in on_track:  # one stack in the middle of the track's box, under its number
            x0, y0, x1, _ = rects[location]
            groups, spots = [entries], [((x0 + x1) // 2, y0 + hex_play_controls.TRACK_TITLE_H + layout.COUNTER // 2)]
        elif location in rects:
            groups = [entries[i : i + STACK_LIMIT_IN_BOX] for i in range(0, len(entries), STACK_LIMIT_IN_BOX)] if location != MARKERS_BOX else _by_kind(entries)
            spots = box_spots(rects[location], len(groups))
        else:
            h = grid.parse_id(location)
            assert h is not None, location
            cx, cy = grid.centre(h)
            groups, spots = [entries], [(round(cx), round(cy))]
        for group, (x, y) in zip(groups, spots, strict=True):
            ids: list[str] = []
            for sdbp_id, piece, gpid in group:
                pid = new_id()
                live = _with_state(piece, basic_state(MAP_NAME, x, y, str(gpid), [("UniqueID", pid)]))
                members.append(live.add_piece(pid))
                ids.append(pid)
                placed.append(HexPlaced(pid, sdbp_id, location, x, y))
            stacks.append("+/" + enc([new_id(), "stack", enc([MAP_NAME, str(x), str(y), *ids, "@@1"], ";")], "/"))

    card_adds: list[str] = []
    deck_adds: list[str] = []
    deck_ids: list[str] = []
    spec = game.deck
    if spec is not None:
        draw_at, discard_at = pile_positions(board, spec)
        for pile in playing_card_deck.pile_specs(spec, draw_at, discard_at, BOARD_NAME):
            ids = []
            if pile.name == spec.draw_pile:
                for card, gpid in sl.cards:
                    pid = new_id()
                    live = _with_state(card_piece(card, spec, gpid), basic_state(MAP_NAME, pile.x, pile.y, str(gpid), [("UniqueID", pid)]))
                    card_adds.append(live.add_piece(pid))
                    ids.append(pid)
                    deck_ids.append(card.id)
            tokens = [MAP_NAME, str(pile.x), str(pile.y), "true" if pile.face_down else "false"]
            if ids:
                tokens.append(enc(ids, ","))
            deck_adds.append("+/" + enc([new_id(), pile.type_string(), enc(tokens, ";")], "/"))

    group_text = encode(["", *members, *card_adds, *stacks, *deck_adds], ESC)
    assert group_text is not None
    # SETUP_STACK marks the game "not new" for the DrawPiles of the deck; it is decoded only by a
    # module that has one (a hex game without cards has no at-start stack or pile: the engine drops it)
    not_new = ["SETUP_STACK\t"] if spec is not None else []
    restore = [f"{MAP_NAME}BoardPicker\t{BOARD_NAME}\t0\t0", *not_new, "TURNTurnTracker0\t" + tracker_state(game, game.scenario.first_turn)]
    text = encode(["begin_save", "", group_text, *restore, "end_save"], ESC)
    assert text is not None
    return HexSetup(text, tuple(placed), tuple(deck_ids))


# -- the module's entries -------------------------------------------------------------------------


def hex_build_file(game: GameData) -> tuple[buildfile.BuildFile, HexBoard, bool]:
    """The build file (stamped with its build identity, as the area games'), the board, and whether the
    board's picture came from the drawn-image cache."""
    tree = build_hex_tree(game)
    etree.indent(tree.root, space="    ")
    return buildfile.stamped(tree.root, game.game.version), tree.board, tree.board_cached


def hex_module_entries(game: GameData, date: int) -> tuple[dict[str, bytes], int]:
    """Every zip entry of a hex game's module, by name, and how many of its images came from the
    drawn-image cache (the board's; the others are drawn)."""
    from sdbp_module.codec.container import container_bytes
    from sdbp_module.codec.envelope import Envelope, EnvelopeKind, encode_envelope

    built, board, board_cached = hex_build_file(game)
    moduledata = buildfile.moduledata_xml(game, date, built.version)
    save = build_hex_setup(game, board)
    saved_game = encode_envelope(Envelope(EnvelopeKind.VCSK, SETUP_KEY, save.text))
    vsav = container_bytes(saved_game, [("savedata", buildfile.savedata_xml(game, date, built.version)), ("moduledata", moduledata)])
    entries = {f"images/{name}": data for name, data in hex_images(game, board).items()}
    entries["buildFile.xml"] = built.xml
    entries["moduledata"] = moduledata
    entries[buildfile.SETUP_FILE] = vsav
    entries[buildfile.help_file(game)] = hex_help.help_html(game, built.xml).encode("ascii")
    entries.update(player_aid.aid_files(game))
    return entries, int(board_cached)


SETUP_KEY = 0x5A
"""Obfuscation key of the set-up save (the area games' too: ``commands.SETUP_KEY``)."""
