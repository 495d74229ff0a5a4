"""``GameData`` → ``buildFile.xml`` and ``moduledata`` (pure; format reference §2.2, §3).

Element names are the engine's fully qualified class names, all from the reference's component
list; attributes are written in code-point order, as the engine writes them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from lxml import etree

from sdbp_module.ids import CardId, Side
from sdbp_module.model.game_data import GameData
from sdbp_module.vassal import layout, pieces
from sdbp_module.vassal.traits import enc

M = "VASSAL.build.module."
MM = M + "map."
BP = MM + "boardPicker."
W = "VASSAL.build.widget."

SETUP_FILE = "campaign.vsav"
HELP_FILE = "help/sodbp.html"
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


def _el(parent: etree._Element | None, tag: str, attrs: Mapping[str, str] | None = None, text: str | None = None) -> etree._Element:
    items = sorted((attrs or {}).items())
    el = etree.Element(tag) if parent is None else etree.SubElement(parent, tag)
    for k, v in items:
        el.set(k, v)
    if text is not None:
        el.text = text
    return el


def side_name(side: Side) -> str:
    """The PlayerRoster side name (what ``$PlayerSide$`` reports)."""
    return side.label


@dataclass(frozen=True, slots=True)
class DeckSpec:
    """A DrawPile: its XML attributes, mirrored field by field in the Deck type string (§4.4)."""

    name: str
    x: int
    y: int
    face_down: bool
    shuffle: bool
    owners: tuple[str, ...] = ()
    reshuffle_target: str = ""

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
            "drawFaceUp": "false",
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
            "owningBoard": layout.BOARD_NAME,
            "reshufflable": "true" if self.reshuffle_target else "false",
            "reshuffleCommand": "Reshuffle into the deck" if self.reshuffle_target else "",
            "reshuffleHotkey": "",
            "reshuffleMessage": f"* {self.name} reshuffled into {self.reshuffle_target}" if self.reshuffle_target else "",
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
    for side in game.game.sides:
        deck = lay.box(layout.deck_name(side)).centre
        discard = lay.box(layout.discard_name(side)).centre
        out.append(DeckSpec(layout.deck_name(side), deck[0], deck[1] + 14, True, True, (side_name(side),)))
        out.append(DeckSpec(layout.discard_name(side), discard[0], discard[1] + 14, False, False, (), layout.deck_name(side)))
    removed = lay.box(layout.REMOVED_CARDS).centre
    out.append(DeckSpec(layout.REMOVED_CARDS, removed[0], removed[1] + 14, False, False))
    return tuple(out)


def deck_contents(game: GameData) -> dict[str, tuple[CardId, ...]]:
    """Initial cards per DrawPile (ids, data order): each side's deck; the special card removed."""
    out: dict[str, tuple[CardId, ...]] = {}
    for side in game.game.sides:
        out[layout.deck_name(side)] = tuple(c.id for c in game.cards_of(side))
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


def _mouse_and_keys(parent: etree._Element, *, viewer: bool) -> None:
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
                "minDisplayPieces": "2",
                "propertyFilter": "",
                "showgraph": "true",
                "showtext": "true",
                "summaryReportFormat": "$LocationName$",
                "version": "4",
                "zoomlevel": "1.0",
            },
        )
    _el(parent, MM + "Zoomer")
    _el(parent, MM + "SelectionHighlighters")
    _el(parent, MM + "HighlightLastMoved", {"color": "255,0,0", "enabled": "true", "thickness": "2"})


def _zone(parent: etree._Element, name: str, path: str, props: Mapping[str, str] = {}) -> None:
    zone = _el(
        parent,
        BP + "board.mapgrid.Zone",
        {"highlightProperty": "", "locationFormat": "$name$", "name": name, "path": path, "useHighlight": "false", "useParentGrid": "false"},
    )
    for key_, value in props.items():
        _el(
            zone,
            M + "properties.ZoneProperty",
            {"description": "", "initialValue": value, "isNumeric": "true", "max": "1000", "min": "0", "name": key_, "wrap": "false"},
        )


def polygon_path(points: tuple[tuple[int, int], ...]) -> str:
    """Zone ``path``: ``x1,y1;x2,y2;…`` (not closed, no trailing ``;``)."""
    return ";".join(f"{x},{y}" for x, y in points)


def build_tree(game: GameData, lay: layout.Layout) -> etree._Element:
    info = game.game
    sl = pieces.slots(game)
    root = _el(
        None,
        "VASSAL.build.GameModule",
        {
            "ModuleOther1": "",
            "ModuleOther2": "",
            "VassalVersion": info.vassal_version,
            "description": " ".join(info.description.split()),
            "name": info.module_name,
            "nextPieceSlotId": str(sl.next_gpid),
            "version": info.version,
        },
    )
    _el(root, M + "BasicCommandEncoder")
    docs = _el(root, M + "Documentation")
    _el(docs, M + "documentation.HelpFile", {"fileName": HELP_FILE, "fileType": "archive", "title": f"{info.title}: how to play with this module"})
    roster = _el(
        root,
        M + "PlayerRoster",
        {"buttonIcon": "", "buttonKeyStroke": "", "buttonText": "Retire", "buttonToolTip": "Switch sides, become observer, or release your side"},
    )
    for side in info.sides:
        _el(roster, "entry", text=side_name(side))
    _el(
        root,
        M + "GlobalOptions",
        {
            "autoReport": "Always",
            "centerOnMove": "Use Preferences Setting",
            "chatterHTMLSupport": "Always",
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
    _el(root, M + "properties.GlobalProperties")
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
            move_format="$pieceName$ moves $previousLocation$ &rarr; $location$ *",
            create_format="$pieceName$ created in $location$ *",
        ),
    )
    picker = _board_picker(main)
    board = _el(picker, BP + "Board", {"image": "map.png", "name": layout.BOARD_NAME, "reversible": "false"})
    grid = _el(board, BP + "board.ZonedGrid")
    for area in game.areas:
        _zone(grid, str(area.id), polygon_path(area.polygon), {"area": str(area.id), "defense": str(area.defense)})
    for box in lay.boxes + lay.piles:
        _zone(grid, box.name, polygon_path(box.polygon))
    _el(grid, BP + "board.mapgrid.ZonedGridHighlighter")
    _el(
        main,
        MM + "StackMetrics",
        {"bottom": "40,0", "disabled": "false", "down": "37,0", "exSepX": "12", "exSepY": "18", "top": "38,0", "unexSepX": "4", "unexSepY": "4", "up": "39,0"},
    )
    _mouse_and_keys(main, viewer=True)
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
        attrs.update({"side": side_name(side), "useBoards": "", "visible": "false"})
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
        {"defaultWidth": "0", "hidden": "false", "hotkey": "", "icon": "", "name": "Counters", "scale": "1.0", "text": "Counters", "tooltip": "Counter palette"},
    )
    tabs = _el(window, W + "TabWidget", {"description": "", "entryName": "Counters"})
    size = str(layout.COUNTER)
    for side in info.sides:
        panel = _el(tabs, W + "PanelWidget", {"entryName": f"{side.label} units", "fixed": "false", "nColumns": "10", "scale": "1.0", "vert": "false"})
        for unit, gpid in sl.units:
            if unit.side is side:
                _el(panel, W + "PieceSlot", {"entryName": unit.name, "gpid": str(gpid), "height": size, "width": size}, pieces.unit_piece(unit, gpid).add_piece())
    panel = _el(tabs, W + "PanelWidget", {"entryName": "Markers", "fixed": "false", "nColumns": "10", "scale": "1.0", "vert": "false"})
    for kind, gpid in sl.markers:
        _el(panel, W + "PieceSlot", {"entryName": kind.name, "gpid": str(gpid), "height": size, "width": size}, pieces.marker_piece(kind, gpid).add_piece())

    # --- dice
    for name, n, purpose in DICE:
        _el(
            root,
            M + "DiceButton",
            {
                "addToTotal": "0",
                "canDisable": "false",
                "disabledIcon": "",
                "hideWhenDisabled": "false",
                "hotkey": "",
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
                "reportFormat": dice_report(purpose),
                "reportTotal": "false",
                "sortDice": "false",
                "text": name,
                "tooltip": f"Roll {n}d6 ({purpose})",
            },
        )

    # --- turn tracker
    tracker = _el(
        root,
        M + "turn.TurnTracker",
        {
            "buttonText": "Turn",
            "description": "",
            "fwdOnly": "false",
            "hotkey": "",
            "icon": "",
            "length": "-1",
            "lengthStyle": "Maximum",
            "name": TURN_TRACKER,
            "nexthotkey": "",
            "plusButtonSize": "22",
            "prevhotkey": "",
            "reportFormat": TURN_REPORT,
            "tooltip": "Turn and phase",
            "turnButtonHeight": "22",
            "turnFormat": "turn=$level1$|phase=$level2$",
        },
    )
    level = _el(
        tracker,
        M + "turn.CounterTurnLevel",
        {"incr": "1", "loop": "false", "loopLimit": "-1", "name": "Turn", "property": "Turn", "start": str(game.scenario.first_turn), "turnFormat": "$value$"},
    )
    _el(
        level,
        M + "turn.ListTurnLevel",
        {"configFirst": "false", "configList": "false", "list": ",".join(PHASES), "name": "Phase", "prompt": "", "property": "Phase", "turnFormat": "$value$"},
    )

    # --- pass, and the result a player declares at the end of the game (14.0)
    _report_button(root, "Pass", pieces.K_PASS, PASS_REPORT, "Pass (writes a PASS line to the log)")
    for side in game.game.sides:
        name = f"{side.label} win"
        tooltip = f"Declare the result: the {side.label} win (writes a RESULT line to the log)"
        _report_button(root, name, pieces.K_RESULT, result_report(side), tooltip)
    _el(
        root,
        M + "PredefinedSetup",
        {"description": game.scenario.name, "file": SETUP_FILE, "isMenu": "false", "name": f"Campaign: {game.scenario.name}", "useFile": "true"},
    )
    return root


DICE: tuple[tuple[str, int, str], ...] = (
    ("Fire 2d6", 2, "fire"),
    ("Assault 2d6", 2, "assault"),
    ("Supply 2d6", 2, "supply"),
    ("Replacements 1d6", 1, "replacements"),
    ("2d6", 2, "other"),
    ("1d6", 1, "other"),
)
TURN_REPORT = "SDBP|1|PHASE|$newTurn$|side=$PlayerSide$"
PASS_REPORT = "SDBP|1|PASS|side=$PlayerSide$"


def result_report(winner: Side) -> str:
    return f"SDBP|1|RESULT|side=$PlayerSide$|winner={winner.label}"


def _report_button(root: etree._Element, name: str, hotkey: str, report: str, tooltip: str) -> None:
    """A toolbar button that only writes ``report`` to the log: a Global Key Command sending a key no
    piece listens to (report-formats §2.7, §2.12)."""
    _el(
        root,
        M + "GlobalKeyCommand",
        {
            "buttonHotkey": "",
            "buttonText": name,
            "canDisable": "false",
            "deckCount": "0",
            "disabledIcon": "",
            "filter": '{sdbp_kind=="pass"}',
            "hideWhenDisabled": "false",
            "hotkey": hotkey,
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


def dice_report(purpose: str) -> str:
    return f"SDBP|1|DICE|side=$PlayerSide$|purpose={purpose}|dice=$result$|total=$numericalTotal$"


def build_xml(game: GameData, lay: layout.Layout) -> bytes:
    root = build_tree(game, lay)
    etree.indent(root, space="    ")
    return XML_DECLARATION + etree.tostring(root, encoding="UTF-8") + b"\n"


def _data_xml(game: GameData, date_saved: int, description: str, name: str | None) -> bytes:
    """A ``<data version="1">`` entry in the engine's element order; ``name`` only when given."""
    info = game.game
    root = etree.Element("data", version="1")
    fields: list[tuple[str, str | None]] = [
        ("version", info.version),
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


def moduledata_xml(game: GameData, date_saved: int) -> bytes:
    """``moduledata`` in the engine's element order (format reference §2.2)."""
    return _data_xml(game, date_saved, " ".join(game.game.description.split()), game.game.module_name)


def savedata_xml(game: GameData, date_saved: int) -> bytes:
    """``savedata`` of the set-up save (§5.1): like moduledata without a name."""
    return _data_xml(game, date_saved, game.scenario.name, None)
