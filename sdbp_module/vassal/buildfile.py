"""``GameData`` → ``buildFile.xml`` and ``moduledata`` (pure; format reference §2.2, §3).

Element names are the engine's fully qualified class names, all from the reference's component
list; attributes are written in code-point order, as the engine writes them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field

from lxml import etree

from sdbp_module.codec import sentences
from sdbp_module.codec.identity import build_version
from sdbp_module.data.geometry import Where, locate
from sdbp_module.errors import BuildError
from sdbp_module.ids import AreaId, CardId, Side
from sdbp_module.model.game_data import GameData
from sdbp_module.model.presentation import Key
from sdbp_module.records import record
from sdbp_module.vassal import layout, pieces, player_aid
from sdbp_module.vassal.controls import key_label
from sdbp_module.vassal.traits import enc, key

M = "VASSAL.build.module."
MM = M + "map."
BP = MM + "boardPicker."
W = "VASSAL.build.widget."

SETUP_FILE = "campaign.vsav"
TURN_TRACKER = "Turn"
PHASES = ("draw", "action", "end")
XML_DECLARATION = b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
MAP_SUBCOMPONENTS = (
    "ForwardToKeyBuffer",
    "Scroller",
    "ForwardToChatter",
    "MenuDisplayer",
    "MapCenterer",
    "StackExpander",
    "PieceMover",
    "KeyBufferer",
)

# Toolbar hotkeys (format reference §1.4: Ctrl+Shift = 195, Shift = 65, Ctrl+Alt+Shift = 715). The
# turn tracker takes Ctrl+Shift+letters (T window, N next, B back), the dice plain F-keys, the helpers,
# windows and the palette Shift+F-keys; the result buttons a three-modifier chord, hard to press by
# accident. The End-phase helpers' keys and each side's Draw, hand and result keys are the game's
# (``module.yaml``: ``refresh``, ``clear_buttons``, ``sides.<id>.draw_key``/``hand_key``/``result_key``). None is a piece command's key (pieces.K_*, the markers' Ctrl+1…: tested), and none is one
# the 3.7 player binds: its menus have mnemonics only (PlayerWindow, GameState), BasicLogger binds
# Page Down (step) and Alt+W / Alt+Shift+W (logs). Skipped: F1 (help), F6 and F8 (Swing's split-pane
# keys), F10 and Shift+F10 (Swing's menu and context-menu keys). Ctrl+Shift+P is the player aid's.
K_TURN_WINDOW = key(84, 195)  # Ctrl+Shift+T  show/hide the turn tracker
K_NEXT_PHASE = key(78, 195)  # Ctrl+Shift+N
K_PREV_PHASE = key(66, 195)  # Ctrl+Shift+B
K_PASS = key(123, 0)  # F12
K_PALETTE = key(120, 65)  # Shift+F9
K_PLAYER_AID = key(80, 195)  # Ctrl+Shift+P, the player aid's button (vassal/player_aid.py)



def _el(parent: etree._Element | None, tag: str, attrs: Mapping[str, str] | None = None, text: str | None = None) -> etree._Element:
    items = sorted((attrs or {}).items())
    el = etree.Element(tag) if parent is None else etree.SubElement(parent, tag)
    for k, v in items:
        el.set(k, v)
    if text is not None:
        el.text = text
    return el


def help_file(game: GameData) -> str:
    """The help page's archive entry (``help/<game id>.html``)."""
    return f"help/{game.game.id}.html"


def data_key(value: Key | None) -> str:
    """A ``module.yaml`` key as a NamedKeyStroke; none (``""``) when the data gives none."""
    return key(*value) if value is not None else ""


def side_name(side: Side) -> str:
    """The PlayerRoster side name (what ``$PlayerSide$`` reports)."""
    return side.label


@record
class DeckSpec:
    """A DrawPile: its XML attributes, mirrored field by field in the Deck type string (§4.4)."""

    name: str
    x: int
    y: int
    face_down: bool
    shuffle: bool
    owners: tuple[str, ...] = ()
    reshuffle_target: str = ""
    board: str = field(default="", kw_only=True)  # the board it sits on (``layout.board_name``)
    draw_face_up: bool = field(default=False, kw_only=True)  # a card drawn from a face-down pile is shown to all (``Deck.pieceRemoved``)
    reshuffle_key: str = field(default="", kw_only=True)  # the hotkey that reshuffles it (a module-wide listener, ``Deck.reshuffleListener``)
    reshuffle_by_key_only: bool = field(default=False, kw_only=True)  # no menu entry and no report of its own: what fires the key reports

    def attributes(self) -> dict[str, str]:
        return {
            "allowMultiple": "false",
            "allowSelect": "false",
            "canSave": "false",
            "color": "0,0,0",
            "countExpressions": "",
            "deckOwners": enc(list(self.owners), ","),
            "deckRestrictAccess": "true" if self.owners else "false",
            "description": "",
            "draw": "true",
            "drawFaceUp": "true" if self.draw_face_up else "false",
            "drawMultipleMessage": "Draw multiple cards",
            "drawSpecificMessage": "Draw specific cards",
            "emptyHotkey": "",
            "expressionCounting": "false",
            "faceDown": "Always" if self.face_down else "Never",
            "faceDownFormat": "",
            "faceDownHotkey": "",
            "faceDownMessage": "Face down",
            "faceFlipHotkey": "",
            "faceUpHotkey": "",
            "faceUpMessage": "Face up",
            "faceUpReportFormat": "",
            "height": str(layout.CARD_H),
            "hotkeyOnEmpty": "false",
            "loadHotkey": "",
            "loadMessage": "Load Deck",
            "loadReportFormat": "Deck Loaded",
            "maxStack": "10",
            "name": self.name,
            "owningBoard": self.board,
            "reshufflable": "true" if self.reshuffle_target else "false",
            "reshuffleCommand": "Reshuffle into the deck" if self.reshuffle_target and not self.reshuffle_by_key_only else "",
            "reshuffleHotkey": self.reshuffle_key,
            "reshuffleMessage": f"* {self.name} reshuffled into {self.reshuffle_target}" if self.reshuffle_target and not self.reshuffle_by_key_only else "",
            "reshuffleTarget": self.reshuffle_target,
            "restrictExpression": "",
            "restrictOption": "false",
            "reverseCommand": "Reverse",
            "reverseFormat": "",
            "reverseHotkey": "",
            "reversible": "false",
            "saveHotkey": "",
            "saveMessage": "Save Deck",
            "saveReportFormat": "Deck Saved",
            "selectDisplayProperty": "$BasicName$",
            "selectSortProperty": "",
            "shuffle": "Always" if self.shuffle else "Never",
            "shuffleCommand": "Shuffle",
            "shuffleFormat": "",
            "shuffleHotkey": "",
            "width": str(layout.CARD_W),
            "x": str(self.x),
            "y": str(self.y),
        }

    def type_string(self) -> str:
        """``deck;`` + the 49 fields in the engine's order (format reference §4.4)."""
        a = self.attributes()
        fields = [
            a["draw"], a["color"], a["width"], a["height"], a["faceDown"], a["shuffle"], a["allowMultiple"],
            a["allowSelect"], a["reversible"], a["reshuffleCommand"], a["reshuffleTarget"], a["reshuffleMessage"],
            a["name"], a["shuffleFormat"], a["reverseFormat"], a["faceDownFormat"], a["drawFaceUp"], a["canSave"],
            a["shuffleHotkey"], a["reshuffleHotkey"], a["maxStack"], a["countExpressions"], a["expressionCounting"],
            "", a["hotkeyOnEmpty"], a["emptyHotkey"], a["selectDisplayProperty"], a["selectSortProperty"],
            a["restrictOption"], a["restrictExpression"], a["shuffleCommand"], a["reverseCommand"], a["reverseHotkey"],
            a["drawMultipleMessage"], a["drawSpecificMessage"], a["faceUpMessage"], a["faceDownMessage"],
            a["faceUpHotkey"], a["faceUpReportFormat"], a["faceFlipHotkey"], a["faceDownHotkey"], a["saveMessage"],
            a["saveHotkey"], a["saveReportFormat"], a["loadMessage"], a["loadHotkey"], a["loadReportFormat"],
            a["deckRestrictAccess"], a["deckOwners"],
        ]  # fmt: skip
        return "deck;" + enc(fields, ";")


def deck_specs(game: GameData, lay: layout.Layout) -> tuple[DeckSpec, ...]:
    out: list[DeckSpec] = []
    board = layout.board_name(game)
    for side in game.game.sides:
        deck = lay.box(layout.deck_name(side)).centre
        discard = lay.box(layout.discard_name(side)).centre
        out.append(DeckSpec(layout.deck_name(side), deck[0], deck[1] + 14, True, True, (side_name(side),), board=board))
        out.append(DeckSpec(layout.discard_name(side), discard[0], discard[1] + 14, False, False, (), layout.deck_name(side), board=board))
    if game.cards_leave_game:
        removed = lay.box(layout.REMOVED_CARDS).centre
        out.append(DeckSpec(layout.REMOVED_CARDS, removed[0], removed[1] + 14, False, False, board=board))
    return tuple(out)


def deck_contents(game: GameData) -> dict[str, tuple[CardId, ...]]:
    """Initial cards per DrawPile (ids, data order): each side's deck; the special card removed."""
    out: dict[str, tuple[CardId, ...]] = {}
    for side in game.game.sides:
        out[layout.deck_name(side)] = tuple(c.id for c in game.cards_of(side))
    if game.cards_leave_game:
        out[layout.REMOVED_CARDS] = tuple(c.id for c in game.cards_of(None))
    return out


# ------------------------------------------------------------------------------------------


def _map_common(mapname: str, *, launch: bool, button: str, move_key: str, move_format: str, create_format: str) -> dict[str, str]:
    return {
        "allowMultiple": "false",
        "backgroundcolor": "255,255,255",
        "buttonName": button,
        "changeFormat": "$message$",
        "color": "255,255,0",
        "createFormat": create_format,
        "description": "",
        "edgeHeight": "0",
        "edgeWidth": "0",
        "hideKey": "",
        "hotkey": "",
        "icon": "",
        "launch": "true" if launch else "false",
        "mapName": mapname,
        "markMoved": "Never",
        "markUnmovedHotkey": "",
        "markUnmovedIcon": "",
        "markUnmovedReport": "",
        "markUnmovedText": "",
        "markUnmovedTooltip": "",
        "moveKey": move_key,
        "moveToFormat": move_format,
        "moveWithinFormat": move_format,
        "onlyReportChangedLocation": "false",
        "showKey": "",
        "thickness": "3",
        "tooltip": button,
    }


def _board_picker(parent: etree._Element) -> etree._Element:
    return _el(
        parent,
        MM + "BoardPicker",
        {
            "addColumnText": "Add column",
            "addRowText": "Add row",
            "boardPrompt": "Select board",
            "slotHeight": "125",
            "slotScale": "0.2",
            "slotWidth": "350",
            "title": "Choose Boards",
        },
    )


def _mouse_and_keys(parent: etree._Element, *, viewer: bool, zoom: Mapping[str, str] | None = None) -> None:
    for name in MAP_SUBCOMPONENTS:
        if not viewer and name == "StackExpander":
            continue
        _el(parent, MM + name)
    _el(
        parent,
        MM + "ImageSaver",
        {"buttonText": "", "canDisable": "false", "hideWhenDisabled": "false", "hotkey": "", "icon": "/images/camera.gif", "propertyGate": "", "tooltip": "Save map as PNG file"},
    )
    if viewer:
        _el(
            parent,
            MM + "CounterDetailViewer",
            {
                "counterReportFormat": "",
                "delay": "700",
                "display": "from top-most layer only",
                "emptyHexReportForma": "$LocationName$",
                "fontSize": "11",
                "hotkey": "",
                "layerList": "",
                "minDisplayPieces": "0",
                "propertyFilter": "",
                "showgraph": "true",
                "showtext": "true",
                "summaryReportFormat": "$LocationName$",
                "version": "4",
                "zoomlevel": "1.0",
            },
        )
    _el(parent, MM + "Zoomer", zoom if zoom is not None else {})
    _el(parent, MM + "SelectionHighlighters")
    _el(parent, MM + "HighlightLastMoved", {"color": "255,0,0", "enabled": "true", "thickness": "2"})


VIEWPORT = (1880, 940)
"""The map's viewport in the main window of VASSAL 3.7 on a 1920×1200 screen (the toolbar, the chat
and the scroll bars take the rest; measured with ``check --screenshot``)."""
ZOOM_LEVELS = (1.6, 1.25, 1.0, 0.75, 0.625, 0.5)
"""The main map's zoom levels besides the one that shows the whole board (the Zoomer's own default
levels, thinned)."""


def fit_zoom(lay: layout.Layout) -> float:
    """The largest scale (3 decimals, rounded down) at which the whole board fits ``VIEWPORT``."""
    scale = min(VIEWPORT[0] / lay.width, VIEWPORT[1] / lay.height, 1.0)
    return int(scale * 1000) / 1000


def zoom_attributes(lay: layout.Layout) -> dict[str, str]:
    """The main map's Zoomer: its levels, and the game opening at the level that shows the whole
    board (``zoomStart`` counts from the most zoomed-in level, from 1: Zoomer.setAttribute)."""
    fit = fit_zoom(lay)
    levels = sorted({*ZOOM_LEVELS, fit}, reverse=True)
    return {"zoomLevels": enc([repr(level) for level in levels], ","), "zoomStart": str(levels.index(fit) + 1)}


def location_format(name: str, title: str = "") -> str:
    """A zone's ``locationFormat``: what ``$location$`` (the move reports) and ``LocationName`` (the
    mouse-over viewer) show for a point in it (Zone.locationName: ``$name$`` is the zone name, the
    rest literal). An area shows its number and name, ``14 Béatrice``; the zone name, hence
    ``CurrentZone`` and every SDBP line, stays the number."""
    if "$" in title:
        raise ValueError(f"zone {name!r}: a location title may not contain '$' (FormattedString): {title!r}")
    return f"$name$ {title}" if title else "$name$"


def _zone(parent: etree._Element, name: str, path: str, props: Mapping[str, str] = {}, title: str = "", *, parent_grid: bool = False) -> None:
    """A Zone; ``parent_grid``: it snaps to the ZonedGrid's background grid (``Zone.getGrid``)."""
    zone = _el(
        parent,
        BP + "board.mapgrid.Zone",
        {
            "highlightProperty": "",
            "locationFormat": location_format(name, title),
            "name": name,
            "path": path,
            "useHighlight": "false",
            "useParentGrid": "true" if parent_grid else "false",
        },
    )
    for key_, value in props.items():
        _el(
            zone,
            M + "properties.ZoneProperty",
            {"description": "", "initialValue": value, "isNumeric": "true", "max": "1000", "min": "0", "name": key_, "wrap": "false"},
        )


def zone_centre(points: tuple[tuple[int, int], ...]) -> tuple[int, int]:
    """Where a Send To Location to a zone puts a piece: the centre of the zone's bounding box
    (``Zone.getCenter``: ``x + width / 2``, Java's integer division)."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs) + (max(xs) - min(xs)) // 2, min(ys) + (max(ys) - min(ys)) // 2


def check_retreat_centres(game: GameData) -> None:
    """**Retreat to…** sends a unit to its area's zone centre (pieces.retreat_condition): a build
    whose area has its centre outside itself (a concave outline) would put the unit in another
    zone, so it is refused."""
    for area in game.areas:
        centre = zone_centre(area.polygon)
        if locate(centre, area.polygon) is not Where.INSIDE:
            raise BuildError(
                f"area {area.id} ({area.name}): the centre of its outline's bounding box {centre} lies outside the area, "
                "where Retreat to… would put a unit; reshape the outline (areas.yaml)"
            )


def polygon_path(points: tuple[tuple[int, int], ...]) -> str:
    """Zone ``path``: ``x1,y1;x2,y2;…`` (not closed, no trailing ``;``)."""
    return ";".join(f"{x},{y}" for x, y in points)


def game_module_root(game: GameData, next_gpid: int) -> etree._Element:
    """The ``GameModule`` element of a game's build file (its name, version and description from the
    data) with its ``BasicCommandEncoder``; every game's build starts here."""
    info = game.game
    root = _el(
        None,
        "VASSAL.build.GameModule",
        {
            "ModuleOther1": "",
            "ModuleOther2": "",
            "VassalVersion": info.vassal_version,
            "description": " ".join(info.description.split()),
            "name": info.module_name,
            "nextPieceSlotId": str(next_gpid),
            "version": info.version,
        },
    )
    _el(root, M + "BasicCommandEncoder")
    return root


def add_help_file(root: etree._Element, game: GameData) -> None:
    """The Help menu's entry for the module's help page (``help_file``)."""
    docs = _el(root, M + "Documentation")
    _el(docs, M + "documentation.HelpFile", {"fileName": help_file(game), "fileType": "archive", "title": f"{game.game.title}: how to play with this module"})


def add_players_and_options(root: etree._Element, game: GameData) -> None:
    """The sides' ``PlayerRoster`` (the Retire button), the ``GlobalOptions`` every module of ours
    shares (chat HTML off …), the ``Chatter`` and the ``KeyNamer``."""
    roster = _el(
        root,
        M + "PlayerRoster",
        {"buttonIcon": "", "buttonKeyStroke": "", "buttonText": "Retire", "buttonToolTip": "Switch sides, become observer, or release your side"},
    )
    for side in game.game.sides:
        _el(roster, "entry", text=side_name(side))
    _el(
        root,
        M + "GlobalOptions",
        {
            "autoReport": "Always",
            "centerOnMove": "Use Preferences Setting",
            "chatterHTMLSupport": "Never",  # reports show a player's text as typed, never as HTML (module.md)
            "disablePieceIndexing": "false",
            "hotKeysOnClosedWindows": "Never",
            "inventoryForAll": "Always",
            "nonOwnerUnmaskable": "Never",
            "playerIdFormat": "$PlayerName$",
            "promptString": "Opponents can unmask pieces",
            "purgeBlankPropertyPrompts": "true",
            "sendToLocationMoveTrails": "Never",
            "storeLeadingZeroIntegersAsStrings": "false",
        },
    )
    _el(root, M + "Chatter")
    _el(root, M + "KeyNamer")


def global_properties(root: etree._Element) -> etree._Element:
    """The module's ``GlobalProperties`` with the target a unit leading a declaration shares with the
    units it declares with (``pieces.STACK_TARGET``); the result buttons add theirs to it."""
    props = _el(root, M + "properties.GlobalProperties")
    _el(
        props,
        M + "properties.GlobalProperty",
        {
            "description": "target of the declaration under way",
            "initialValue": "",
            "isNumeric": "false",
            "max": "100",
            "min": "0",
            "name": pieces.STACK_TARGET,
            "wrap": "false",
        },
    )
    return props


def build_tree(game: GameData, lay: layout.Layout) -> etree._Element:
    info = game.game
    sl = pieces.slots(game)
    check_retreat_centres(game)
    root = game_module_root(game, sl.next_gpid)
    add_help_file(root, game)
    add_players_and_options(root, game)
    props = global_properties(root)
    protos = _el(root, M + "PrototypesContainer")
    for proto in pieces.prototypes(game):
        _el(protos, M + "PrototypeDefinition", {"description": proto.description, "name": proto.name}, proto.piece.add_piece())

    # --- the main map
    main = _el(
        root,
        M + "Map",
        _map_common(
            layout.MAP_NAME,
            launch=False,
            button="",
            move_key=pieces.K_MOVED,
            # empty: each piece's own MOVE sentence is the one line a move writes (report-formats §2.4)
            move_format="",
            create_format="",
        ),
    )
    picker = _board_picker(main)
    board = _el(picker, BP + "Board", {"image": "map.png", "name": layout.board_name(game), "reversible": "false"})
    grid = _el(board, BP + "board.ZonedGrid")
    for area in game.areas:
        _zone(grid, str(area.id), polygon_path(area.polygon), {"area": str(area.id), "defense": str(area.defense)}, area.name)
    for box in lay.boxes + lay.piles:
        _zone(grid, box.name, polygon_path(box.polygon))
    _el(grid, BP + "board.mapgrid.ZonedGridHighlighter")
    _el(
        main,
        MM + "StackMetrics",
        {"bottom": "40,0", "disabled": "false", "down": "37,0", "exSepX": "12", "exSepY": "18", "top": "38,0", "unexSepX": str(layout.STACK_DX), "unexSepY": str(layout.STACK_DY), "up": "39,0"},
    )
    _mouse_and_keys(main, viewer=True, zoom=zoom_attributes(lay))
    cards_by_id = {c.id: (c, gpid) for c, gpid in sl.cards}
    contents = deck_contents(game)
    for spec in deck_specs(game, lay):
        pile = _el(main, MM + "DrawPile", spec.attributes())
        for card_id in contents.get(spec.name, ()):
            card, gpid = cards_by_id[card_id]
            _el(
                pile,
                W + "CardSlot",
                {"entryName": f"{card.id} {card.name}", "gpid": str(gpid), "height": str(layout.CARD_H), "width": str(layout.CARD_W)},
                pieces.card_piece(card, gpid).add_piece(),
            )

    # --- hands
    for side in info.sides:
        name = layout.hand_name(side)
        attrs = _map_common(name, launch=True, button=name, move_key="", move_format="", create_format="")
        attrs.update({"hotkey": data_key(game.presentation.side(side).hand_key), "side": side_name(side), "tooltip": f"Show or hide the {name}"})
        attrs.update({"useBoards": "", "visible": "false"})
        hand = _el(root, M + "PlayerHand", attrs)
        hp = _board_picker(hand)
        _el(hp, BP + "Board", {"color": "230,230,220", "height": str(layout.CARD_H + 60), "image": "", "name": name, "reversible": "false", "width": "1400"})
        _mouse_and_keys(hand, viewer=False)
        _el(
            hand,
            MM + "HandMetrics",
            {"bottom": "40,0", "disabled": "false", "down": "37,0", "exSepX": str(layout.CARD_W + 8), "exSepY": "0", "top": "38,0", "unexSepX": "12", "unexSepY": "0", "up": "39,0"},
        )

    # --- palette
    window = _el(
        root,
        M + "PieceWindow",
        {
            "defaultWidth": "0",
            "hidden": "false",
            "hotkey": K_PALETTE,
            "icon": "",
            "name": "Counters",
            "scale": "1.0",
            "text": "Counters",
            "tooltip": "Counter palette",
        },
    )
    tabs = _el(window, W + "TabWidget", {"description": "", "entryName": "Counters"})
    size = str(layout.COUNTER)
    for side in info.sides:
        panel = _el(tabs, W + "PanelWidget", {"entryName": f"{side.label} units", "fixed": "false", "nColumns": "10", "scale": "1.0", "vert": "false"})
        for unit, gpid in sl.units:
            if unit.side is side:
                _el(panel, W + "PieceSlot", {"entryName": unit.name, "gpid": str(gpid), "height": size, "width": size}, pieces.unit_piece(game.presentation, unit, gpid).add_piece())
    panel = _el(tabs, W + "PanelWidget", {"entryName": "Markers", "fixed": "false", "nColumns": "10", "scale": "1.0", "vert": "false"})
    for kind, index, gpid in sl.marker_slots():  # a side-faced kind: one entry per face (docs/module-pieces.md)
        entry = {"entryName": pieces.palette_name(kind, index), "gpid": str(gpid), "height": size, "width": size}
        _el(panel, W + "PieceSlot", entry, pieces.marker_piece(kind, gpid, index).add_piece())

    # --- dice
    for name, n, purpose, dice_key in dice_buttons(game):
        _el(
            root,
            M + "DiceButton",
            {
                "addToTotal": "0",
                "canDisable": "false",
                "disabledIcon": "",
                "hideWhenDisabled": "false",
                "hotkey": dice_key,
                "icon": "",
                "keepCount": "1",
                "keepDice": "false",
                "keepOption": ">",
                "lockAdd": "false",
                "lockDice": "false",
                "lockPlus": "false",
                "lockSides": "false",
                "nDice": str(n),
                "nSides": "6",
                "name": name,
                "plus": "0",
                "prompt": "false",
                "propertyGate": "",
                "reportFormat": dice_report_of(game, purpose, n),
                "reportTotal": "false",
                "sortDice": "false",
                "text": name,
                "tooltip": dice_tooltip(game, n, purpose),
            },
        )

    _toolbar_menu(root, DICE_MENU, [b[0] for b in dice_buttons(game)], "Dice: the rolls of the rules (each writes a DICE line)")

    # --- turn tracker
    _turn_tracker(root, game)

    # --- pass, the End-phase helpers, and the result a player declares at the end of the game (14.0)
    _report_button(root, "Pass", K_PASS, pieces.K_PASS, PASS_REPORT, "Pass (writes a PASS line to the log)")
    _helper_buttons(root, game)
    for text, items, tooltip in helper_menus(game):
        _toolbar_menu(root, text, items, tooltip)
    _result_buttons(props, game)
    _toolbar_menu(root, RESULT_MENU, [f"{side.label} win" for side in info.sides], "The end of the game (14.0): declare the result")
    player_aid.add_chart_window(root, game, K_PLAYER_AID)
    _el(
        root,
        M + "PredefinedSetup",
        {"description": game.scenario.name, "file": SETUP_FILE, "isMenu": "false", "name": f"Campaign: {game.scenario.name}", "useFile": "true"},
    )
    return root


DICE_MENU, DRAW_MENU, END_MENU, RESULT_MENU = "Dice ▾", "Draw ▾", "End phase ▾", "Result ▾"
"""The toolbar's drop-down menus (ToolbarMenu): the buttons of one kind share one toolbar entry, so
the main toolbar stays one row on a 1600-pixel screen."""


def _toolbar_menu(root: etree._Element, text: str, items: list[str], tooltip: str) -> None:
    """A ToolbarMenu: a toolbar button showing a menu of the toolbar buttons whose text is in ``items``
    (ToolbarMenu.buildMenu: those buttons are hidden, still in the toolbar and still answering their
    hotkeys; a menu entry clicks its button). Nothing when ``items`` is empty."""
    if not items:
        return
    attrs = {
        "canDisable": "false",
        "description": text.rstrip(" ▾"),
        "disabledIcon": "",
        "hideWhenDisabled": "false",
        "hotkey": "",
        "icon": "",
        "menuItems": enc(items, ","),
        "propertyGate": "",
        "text": text,
        "tooltip": tooltip,
    }
    _el(root, M + "ToolbarMenu", attrs)


def helper_menus(game: GameData) -> list[tuple[str, list[str], str]]:
    """The helper buttons' menus: the Draw phase's draws, the End phase's helpers."""
    look = game.presentation
    end = (["Refresh units"] if look.refresh is not None else []) + [b.name for b in look.clear_buttons]
    return [
        (DRAW_MENU, [f"Draw: {side.label}" for side in game.game.sides], "Draw phase: draw each side's cards up to its hand size"),
        (END_MENU, end, "End phase helpers (4.0 C)"),
    ]


def dice_buttons(game: GameData) -> tuple[tuple[str, int, str, str], ...]:
    """The dice buttons ``module.yaml`` declares: (name, d6 rolled, purpose, hotkey), in toolbar
    order (plain F-keys; F6 and F8 are Swing's split-pane keys)."""
    return tuple((b.name, b.dice, b.purpose, key(*b.key)) for b in game.presentation.dice)
TURN_REPORT = sentences.vassal_format("phase")
TURN_FORMAT = sentences.turn_format()
PASS_REPORT = sentences.vassal_format("pass")


RESULT_WORDS = " win"
"""A result button's text is the winner's label and these words (``_result_buttons``)."""

RESULT_CONFIRM = "yes"
"""What a player types in a result button's prompt to declare the result (anything else, or Cancel: nothing)."""


def result_property(winner: Side) -> str:
    """The Global Property a result button's prompt writes (one per button, so that each side's
    declaration is a change of its own)."""
    return f"sdbp_result_{winner.value}"


def result_line(winner: Side) -> str:
    """The RESULT line (report-formats §2.12) with ``$PlayerSide$`` for the side field."""
    return sentences.vassal_format("result", winner=winner.label)


def result_report(game: GameData, winner: Side) -> str:
    """A result button's ``reportFormat``: a BeanShell expression (FormattedString: a format in ``{}``)
    evaluated after the prompt, with ``newValue`` the text typed. The RESULT line only when a player
    of one of the game's sides typed ``yes``: a player claims their own side's win or concedes it to
    the other side (docs/module.md, *The result buttons*); an observer's press, or any other answer,
    writes a plain chat line saying nothing was declared."""
    sides = " || ".join(f"PlayerSide=={_bsh(s.label)}" for s in game.game.sides)
    line = sentences.bsh(result_line(winner))
    refused = _bsh(f"{winner.label} win not declared: only a player of a side declares the result")
    unconfirmed = _bsh(f"{winner.label} win not declared (type {RESULT_CONFIRM} to confirm)")
    return f'{{({sides}) ? (newValue=={_bsh(RESULT_CONFIRM)} ? {line} : {unconfirmed}) : {refused}}}'


def result_prompt(winner: Side) -> str:
    return (
        f"Declare the result: the {winner.label} win (a claim if you play the {winner.label}, "
        f"a concession if you play the other side). Type {RESULT_CONFIRM} to confirm"
    )


def _result_buttons(props: etree._Element, game: GameData) -> None:
    """The result a player declares at the end of the game (14.0, report-formats §2.12): per side a
    Global Property with a ChangePropertyButton, whose prompt asks for ``yes`` (a confirmation: one
    click declares nothing); its report is ``result_report``. The property keeps what was typed: the
    button logs only when the value changes (ChangePropertyButton.launch), so a second ``yes`` on the
    same button, with no other answer in between, writes nothing (the first line stands)."""
    for side in game.game.sides:
        name = f"{side.label}{RESULT_WORDS}"
        prop = _el(
            props,
            M + "properties.GlobalProperty",
            {"description": f"the answer to the {name} prompt", "initialValue": "", "isNumeric": "false", "max": "100", "min": "0", "name": result_property(side), "wrap": "false"},
        )
        _el(
            prop,
            M + "properties.ChangePropertyButton",
            {
                "canDisable": "false",
                "desc": name,
                "disabledIcon": "",
                "hideWhenDisabled": "false",
                "hotkey": data_key(game.presentation.side(side).result_key),
                "icon": "",
                "propChanger": enc(["R", result_prompt(side)], ","),
                "propertyGate": "",
                "reportFormat": result_report(game, side),
                "text": name,
                "tooltip": f"Declare the result: the {side.label} win (asks for {RESULT_CONFIRM}; writes a RESULT line to the log)",
            },
        )


def _report_button(root: etree._Element, name: str, button_key: str, send: str, report: str, tooltip: str) -> None:
    """A toolbar button that only writes ``report`` to the log: a Global Key Command sending a key no
    piece listens to (report-formats §2.7, §2.12)."""
    _gkc_button(root, name, button_key, send, '{sdbp_kind=="pass"}', report, tooltip)


def _gkc_button(root: etree._Element, name: str, button_key: str, send: str, match: str, report: str, tooltip: str, *, deck_count: int = 0) -> None:
    """A toolbar Global Key Command (GlobalKeyCommand → GlobalCommand.apply): on ``button_key`` it
    writes ``"*" + report`` and sends ``send`` to every piece on every map (the hands included:
    ``Map.getMapList``) that matches ``match`` (no fast match: decks are visited as decks, their cards
    in ``Deck.drawCards`` order, random for the always-shuffled decks, up to ``deck_count`` cards, -1 =
    all). The piece commands are children of the report line, in one log step."""
    _el(
        root,
        M + "GlobalKeyCommand",
        {
            "buttonHotkey": button_key,
            "buttonText": name,
            "canDisable": "false",
            "deckCount": str(deck_count),
            "disabledIcon": "",
            "filter": match,
            "hideWhenDisabled": "false",
            "hotkey": send,
            "icon": "",
            "name": name,
            "propertyGate": "",
            "reportFormat": report,
            "reportSingle": "false",
            "singleMap": "false",
            "suppressSounds": "false",
            "target": "MODULE|false|MAP|||||0|0||false|||EQUALS||",
            "tooltip": tooltip,
        },
    )


def _turn_tracker(root: etree._Element, game: GameData) -> None:
    """The turn tracker (report-formats §2.2): turns ``first_turn``…``game.turns`` × phases.

    It never shows a turn past the last one of the data. A ``CounterTurnLevel`` cannot stop: with
    ``loop`` set it wraps to ``start`` past ``loopLimit`` (``advance``), and **Previous** at the start
    wraps to ``loopLimit`` (``retreat``), so the counter is looped at the last turn and a
    ``TurnGlobalHotkey`` undoes a forward wrap: ``TurnTracker.next`` runs ``doGlobalkeys`` after the
    wrap, with ``Turn_command`` = ``Next``, ``Turn`` = the first turn and ``Phase`` = the first phase
    (a state **Next** reaches only by wrapping); the hotkey fires the tracker's own **Previous** key,
    whose nested ``doPrev`` steps back to the last turn's last phase and logs that state (one PHASE
    line naming the phase the game is already in; the outer ``save`` then sees no change and logs
    nothing). A turn above the last one typed in the **Set** dialog is stepped back the same way
    (``saveSet`` runs ``doGlobalkeys`` too; each nested ``doPrev`` steps one phase until the last
    turn's last phase). The hotkey's report (a plain ``*`` chat line, no SDBP record) tells the
    players. **Previous** at the first turn's first phase still wraps to the last turn's last phase.
    """
    first, last = game.scenario.first_turn, game.game.turns
    keys = f"next phase {key_label(K_NEXT_PHASE)}, previous phase {key_label(K_PREV_PHASE)}"
    tracker = _el(
        root,
        M + "turn.TurnTracker",
        {
            "buttonText": "Turn",
            "description": "",
            "fwdOnly": "false",
            "hotkey": K_TURN_WINDOW,
            "icon": "",
            "length": "-1",
            "lengthStyle": "Maximum",
            "name": TURN_TRACKER,
            "nexthotkey": K_NEXT_PHASE,
            "plusButtonSize": "22",
            "prevhotkey": K_PREV_PHASE,
            "reportFormat": TURN_REPORT,
            "tooltip": f"Turn (1–{last}) and phase: {keys}",
            "turnButtonHeight": "22",
            "turnFormat": TURN_FORMAT,
        },
    )
    level = _el(
        tracker,
        M + "turn.CounterTurnLevel",
        {"incr": "1", "loop": "true", "loopLimit": str(last), "name": "Turn", "property": "Turn", "start": str(first), "turnFormat": "$value$"},
    )
    _el(
        level,
        M + "turn.ListTurnLevel",
        {"configFirst": "false", "configList": "false", "list": ",".join(PHASES), "name": "Phase", "prompt": "", "property": "Phase", "turnFormat": "$value$"},
    )
    stay_at_last_turn(tracker, last, last_turn_match(game), last_turn_report(game))


def stay_at_last_turn(tracker: etree._Element, last: int, match: str, report: str) -> None:
    """The tracker's ``TurnGlobalHotkey`` that undoes a forward wrap past the last turn: when ``match``
    holds after a step it fires the tracker's own **Previous** key (``_turn_tracker``), and writes ``report``."""
    _el(tracker, M + "turn.TurnGlobalHotkey", {"hotkey": K_PREV_PHASE, "match": match, "name": f"Stay at turn {last}", "reportFormat": report})


def last_turn_match(game: GameData) -> str:
    """When the tracker has gone past the last turn: a forward wrap to the first turn's first phase,
    or a turn above the last one (``Turn`` and ``Phase`` are the levels' properties, ``Turn_command``
    the tracker's ``<name>_command``: ``Next``, ``Prev`` or ``Set``)."""
    first, last = game.scenario.first_turn, game.game.turns
    return f'{{({TURN_TRACKER}_command=="Next" && Turn=={first} && Phase=="{PHASES[0]}") || Turn>{last}}}'


def last_turn_report(game: GameData) -> str:
    """The chat line the stay-at-the-last-turn hotkey writes (``TurnGlobalHotkey.apply``: ``"* "`` + it)."""
    last = game.game.turns
    return f"Turn {last} is the last turn (rules 4.0 C): the tracker stays at turn {last}, phase {PHASES[-1]}"


def tracker_state(game: GameData, turn: int, phase: str = PHASES[0]) -> str:
    """The tracker's state (``TurnTracker.getState``, format reference §5.4): top level 0 active; the
    ``Turn`` counter (``CounterTurnLevel.getState``: value, active sub-level 0, loop ``true``, loop limit
    = the last turn: ``setState`` reads loop and limit from the state, so a save must carry them);
    the ``Phase`` list at the phase's index, every phase active."""
    phases = enc([str(PHASES.index(phase)), "0", "0", enc(["true"] * len(PHASES), ",")], ";")
    counter = enc([str(turn), "0", "true", str(game.game.turns), phases], ";")
    return enc(["0", counter], "|")


# ------------------------------------------------------------------------------------------
# End-phase helpers (report-formats §2.13): toolbar Global Key Commands


def helper_report(helper: str, button: str, for_side: Side | None = None, facts: Sequence[tuple[str, str]] = ()) -> str:
    """A helper button's report line (§2.13): the button's name and its helper id, the side it is
    for, and the facts it reports (``sentences.FACTS``: key, VASSAL text of the value)."""
    tail = sentences.facts_text(facts)
    if for_side is not None:
        return sentences.vassal_format("helper-for", _button=button, helper=helper, **{"for": for_side.label}, facts=tail)
    return sentences.vassal_format("helper", _button=button, helper=helper, facts=tail)


def _bsh(text: str) -> str:
    """A Java string literal for a BeanShell expression."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def refresh_match(game: GameData) -> str:
    """The units **Refresh units** flips to fresh (the End phase): every spent unit (the ``Spent``
    Layer's ``Spent_Level`` is 2) in an area (the area zones carry the zone property ``area``; a unit
    in a box reads it empty); when ``module.yaml``'s ``refresh`` names an exception, the other side's
    units all, the excepted side's only where no marker of the excepted kind (a No Supply marker)
    lies in the unit's zone. The marker test counts those markers of the main map whose zone is the
    unit's (``Count(match, map)``, ExpressionInterpreter.count, in 3.7's init_expression.bsh; the
    match is built by concatenating the unit's ``CurrentZone``, because a ``$…$`` in a GKC filter is
    expanded against the button, not the unit: BeanShellExpression.getFilter). Mixed comparisons
    (``14 == "14"``, ``14 != ""``) compare as strings, an empty string as 0 (VASSAL's
    BSHBinaryExpression)."""
    refresh = game.presentation.refresh
    spent = 'sdbp_kind=="unit" && Spent_Level==2 && area!=""'
    if refresh is None or not refresh.except_side:
        return f"{{{spent}}}"
    excepted = Side(refresh.except_side)
    other, marker = excepted.enemy, refresh.except_marker
    inner = f'"{{sdbp_id==\\"{marker}\\" && CurrentZone==\\"" + CurrentZone + "\\"}}"'
    return (
        f"{{{spent} && "
        f'(side=="{other.value}" || (side=="{excepted.value}" && Count({inner},{_bsh(layout.MAP_NAME)})==0))}}'
    )


def hand_target(game: GameData, side: Side) -> str:
    """The hand size a side draws to, as a BeanShell expression: the allowance of the
    tracker's ``Turn`` (turn_track.yaml; 0 outside the track), plus 1 per hand bonus set
    whose three areas the side all controls as the board shows it: a control marker of the side in the
    area, or the area printed the side's and no control marker in it (13.0: markers show changes)."""
    allowance = "0"
    for info in reversed(game.turn_track):
        allowance = f"(Turn=={info.turn} ? {info.cards.get(side, 0)} : {allowance})"
    terms = [allowance]
    for areas in bonus_sets(game).values():
        held = " && ".join(_controls(game, side, a) for a in areas)
        terms.append(f"({held} ? 1 : 0)")
    return "(" + " + ".join(terms) + ")"


def _bonus_words(game: GameData, bonus: str, areas: tuple[AreaId, ...]) -> str:
    """A hand bonus set as a player reads it: the cards it adds (game.yaml) for holding its areas, by number and name."""
    cards = {b.id: b.cards for b in game.game.hand_bonus_sets}.get(bonus, 1)
    where = ", ".join(f"{a} {game.area(a).name}".strip() for a in areas)
    return f"+{cards} for holding {where}"


def bonus_sets(game: GameData) -> dict[str, tuple[AreaId, ...]]:
    """The hand bonus sets: set id -> its areas, both sorted."""
    sets = {bonus: game.bonus_areas(bonus) for bonus in sorted({a.card_bonus for a in game.areas}) if bonus != layout.NO_BONUS}
    return {colour: sets[colour] for colour in sorted(sets) if sets[colour]}


def _controls(game: GameData, side: Side, area_id: AreaId) -> str:
    """``side`` controls area ``area_id`` as the control markers and the printed control show it."""

    def count(state: str | None) -> str:
        match = f'{{sdbp_id==\\"control\\" && CurrentZone==\\"{area_id}\\"'
        match += f' && sdbp_state==\\"{state}\\"}}' if state is not None else "}"
        return f'Count("{match}",{_bsh(layout.MAP_NAME)})'

    marked = f"{count(side.value)}>0"
    if game.area(area_id).control is side:
        return f"({marked} || {count(None)}==0)"
    return f"({marked})"


def draw_match(game: GameData, side: Side) -> str:
    """The cards **Draw to hand size** (``side``) sends to the side's hand: cards of the side's deck
    (its zone), while the hand holds fewer cards than the target (``hand_target``). The button visits
    the deck's cards one at a time in the deck's random draw order (GlobalCommand's ``visitDeck``,
    ``Deck.drawCards``) and evaluates this filter for each, after the cards before it have moved, so it
    draws up to the target and stops. Only a player of that side draws (``PlayerSide``): the drawn
    card is masked for the player who pressed the button (``Deck.pieceRemoved``)."""
    hand = layout.hand_name(side)
    return (
        f'{{CurrentZone=={_bsh(layout.deck_name(side))} && PlayerSide=={_bsh(side.label)} && '
        f'Count("{{sdbp_kind==\\"card\\"}}",{_bsh(hand)}) < {hand_target(game, side)}}}'
    )


def draw_report(game: GameData, side: Side) -> str:
    """The **Draw** button's report (§2.13): the HELPER line with ``drawn`` (the cards the button will
    draw) and ``hand`` (the hand's size after it), a BeanShell expression evaluated before the draw
    (GlobalCommand.apply reports first): the hand size ``hand_target`` less the cards in the hand, at
    most the cards in the deck, none for a player of another side (``draw_match`` draws nothing then)
    or a hand already at the size. Counted with ``Count(match, map)`` over the hand's map and the deck
    (a Deck is a Stack: its cards are counted)."""
    in_hand = f'Count("{{sdbp_kind==\\"card\\"}}",{_bsh(layout.hand_name(side))})'
    in_deck = f'Count("{{CurrentZone==\\"{layout.deck_name(side)}\\"}}",{_bsh(layout.MAP_NAME)})'
    need = f"({hand_target(game, side)} - {in_hand})"
    drawn = f"(PlayerSide!={_bsh(side.label)} || {need} <= 0 ? 0 : ({need} < {in_deck} ? {need} : {in_deck}))"
    line = helper_report("draw", f"Draw: {side.label}", side, facts=[("drawn", f"${DRAWN_SLOT}$"), ("hand", f"${HAND_SLOT}$")])
    return "{" + sentences.bsh(line).replace(DRAWN_SLOT, drawn).replace(HAND_SLOT, f"({in_hand} + {drawn})") + "}"


DRAWN_SLOT, HAND_SLOT = "SDBPDRAWN", "SDBPHAND"
"""Stand-ins for the Draw button's computed facts, replaced by their BeanShell expressions."""


def _helper_buttons(root: etree._Element, game: GameData) -> None:
    """The End-phase helpers ``module.yaml`` declares (``refresh``, ``clear_buttons``) and the Draw
    phase's draw to hand size, one button per side."""
    look = game.presentation
    if look.refresh is not None:
        refresh = look.refresh
        _gkc_button(root, pieces.REFRESH_BUTTON, key(*refresh.key), pieces.K_REFRESH, refresh_match(game), helper_report("refresh", pieces.REFRESH_BUTTON), refresh.tooltip)
    for button in look.clear_buttons:
        tooltip = f"End phase: delete every {button.name.removeprefix('Clear ')[:-1]} on the map"
        _gkc_button(root, button.name, key(*button.key), pieces.K_DELETE, f'{{sdbp_id=="{button.marker}"}}', helper_report(button.helper, button.name), tooltip)
    bonuses = "; ".join(_bonus_words(game, bonus, areas) for bonus, areas in bonus_sets(game).items())
    for side in game.game.sides:
        tooltip = (
            f"Draw phase: draw {side.label} cards into the {side.label} hand up to this turn's hand size: the turn "
            f"track's allowance plus the bonus cards the control boxes and markers show ({bonuses}); press it as that side"
        )
        _gkc_button(
            root, f"Draw: {side.label}", data_key(look.side(side).draw_key), pieces.K_DRAW, draw_match(game, side), draw_report(game, side), tooltip, deck_count=-1
        )


def dice_report(purpose: str, n: int, facts: Sequence[tuple[str, str]] = ()) -> str:
    """A dice button's report line (§2.1): ``n`` dice rolled for ``purpose``, and the facts it reports
    (``sentences.FACTS``: key, VASSAL text of the value)."""
    name = ("dice" if n > 1 else "die") + ("-other" if purpose == sentences.OTHER_PURPOSE else "")
    return sentences.vassal_format(name, _n=str(n), purpose=purpose, dice=sentences.dice_text(n), facts=sentences.facts_text(facts))


def roll_modifier(game: GameData, purpose: str) -> str:
    """The roll table's modifiers as a BeanShell sum (``0`` when none): per modifier, its ``add`` for
    each area of its class that its side controls as the board shows it (``_controls``, the Draw
    buttons' reading of the control markers)."""
    table = game.game.roll_table(purpose)
    terms = [
        f"({_controls(game, m.side, area.id)} ? {m.add} : 0)"
        for m in (table.modifiers if table is not None else ())
        for area in game.areas
        if area.colour == m.area_class
    ]
    return "(" + " + ".join(terms) + ")" if terms else "0"


def dice_tooltip(game: GameData, n: int, purpose: str) -> str:
    """A dice button's tool tip; a roll read from a table says what its line adds."""
    table = game.game.roll_table(purpose)
    if table is None:
        return f"Roll {n}d6 ({purpose})"
    modified = "the modified total and " if table.modifiers else ""
    result = sentences.FACTS.get(table.field, table.field).replace("{}", "N")
    return f"Roll {n}d6 ({purpose}): the chat line gives {modified}the table's result, '{result}' ({table.source.text})"


MODIFIED_SLOT, RESULT_SLOT = "SDBPMODIFIED", "SDBPRESULT"
"""Stand-ins for the computed values of a roll with a table, replaced by their BeanShell expressions."""


def dice_report_of(game: GameData, purpose: str, n: int) -> str:
    """A dice button's ``reportFormat``: ``dice_report``, or for a roll with a table (``game.yaml``
    ``roll_tables``) a BeanShell expression (a FormattedString in ``{}``, evaluated with the button's
    ``result1``… and ``numericalTotal``, DiceButton.formatResult) writing the same sentence with two
    facts after it (``sentences.FACTS``): the modified total (when the table has modifiers) and the
    table's result, the rows a nested choice on the modified total."""
    table = game.game.roll_table(purpose)
    if table is None:
        return dice_report(purpose, n)
    if table.field not in sentences.FACTS:
        raise BuildError(f"roll table {purpose!r}: its field {table.field!r} has no phrase in the chat sentences ({', '.join(sentences.FACTS)})")
    total = f"(numericalTotal + {roll_modifier(game, purpose)})" if table.modifiers else "numericalTotal"
    value = str(table.rows[0][1])
    for lowest, result in table.rows[1:]:
        value = f"({total} >= {lowest} ? {result} : {value})"
    facts = ([("modified", f"${MODIFIED_SLOT}$")] if table.modifiers else []) + [(table.field, f"${RESULT_SLOT}$")]
    expr = sentences.bsh(dice_report(purpose, n, facts))
    return "{" + expr.replace(MODIFIED_SLOT, total).replace(RESULT_SLOT, value) + "}"


@record
class BuildFile:
    """``buildFile.xml`` as written, and the version it gives the module (the build identity)."""

    xml: bytes
    version: str


def _serialized(root: etree._Element) -> bytes:
    return XML_DECLARATION + etree.tostring(root, encoding="UTF-8") + b"\n"


def build_file(game: GameData, lay: layout.Layout) -> BuildFile:
    """The build file, its GameModule ``version`` the build identity: the data's version ``+`` the build
    digest of this same file (``codec.identity.build_digest``: everything but the version, tooltips, icons,
    descriptions, the help and player-aid windows). Images are not in a build file, so art does not change it."""
    root = build_tree(game, lay)
    etree.indent(root, space="    ")
    return stamped(root, game.game.version)


def stamped(root: etree._Element, data_version: str) -> BuildFile:
    """``root`` (a GameModule element) written with its build identity as its version."""
    version = build_version(data_version, root)
    root.set("version", version)
    return BuildFile(_serialized(root), version)


def build_xml(game: GameData, lay: layout.Layout) -> bytes:
    return build_file(game, lay).xml


def _data_xml(game: GameData, date_saved: int, description: str, name: str | None, version: str) -> bytes:
    """A ``<data version="1">`` entry in the engine's element order; ``name`` only when given."""
    info = game.game
    root = etree.Element("data", version="1")
    fields: list[tuple[str, str | None]] = [
        ("version", version),
        ("extra1", None),
        ("extra2", None),
        ("VassalVersion", info.vassal_version),
        ("dateSaved", str(date_saved)),
        ("description", description),
    ]
    if name is not None:
        fields.append(("name", name))
    for tag, text in fields:
        el = etree.SubElement(root, tag)
        el.text = text
    etree.indent(root, space="  ")
    return XML_DECLARATION + etree.tostring(root, encoding="UTF-8") + b"\n"


def moduledata_xml(game: GameData, date_saved: int, version: str) -> bytes:
    """``moduledata`` in the engine's element order (format reference §2.2); ``version`` is the build
    file's (``build_file``), which the engine copies into every save and log."""
    return _data_xml(game, date_saved, " ".join(game.game.description.split()), game.game.module_name, version)


def savedata_xml(game: GameData, date_saved: int, version: str) -> bytes:
    """``savedata`` of the set-up save (§5.1): like moduledata without a name."""
    return _data_xml(game, date_saved, game.scenario.name, None, version)
