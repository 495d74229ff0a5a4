"""Re-open a written ``.vmod`` and check it against the loading checklists (format reference §6, §8).

Used by the build on its temporary file before the atomic replace, and by the tests. Returns the
list of problems (empty = the module passes); never raises on a bad module.
"""

from __future__ import annotations

import re
import zipfile
from dataclasses import field
from pathlib import Path

from lxml import etree

from sdbp_module.codec.envelope import decode_envelope
from sdbp_module.codec.identity import (
    DIGEST_DIGITS,
    BuildId,
    build_version,
)
from sdbp_module.codec.sequence import decode
from sdbp_module.errors import CodecError
from sdbp_module.records import record
from sdbp_module.vassal.traits import KNOWN_PREFIXES, unnest

# Every component class this module may write: all are named in format reference §3.2/§3.3.
M = "VASSAL.build.module."
MM = M + "map."
BP = MM + "boardPicker."
W = "VASSAL.build.widget."
KNOWN_ELEMENTS = frozenset(
    {
        "VASSAL.build.GameModule",
        M + "BasicCommandEncoder",
        M + "Documentation",
        M + "documentation.HelpFile",
        M + "PlayerRoster",
        "entry",
        M + "GlobalOptions",
        M + "Chatter",
        M + "KeyNamer",
        M + "properties.GlobalProperties",
        M + "properties.GlobalProperty",
        M + "properties.ZoneProperty",
        M + "PrototypesContainer",
        M + "PrototypeDefinition",
        M + "Map",
        M + "PlayerHand",
        MM + "BoardPicker",
        BP + "Board",
        BP + "board.ZonedGrid",
        BP + "board.mapgrid.Zone",
        BP + "board.mapgrid.ZonedGridHighlighter",
        MM + "StackMetrics",
        MM + "HandMetrics",
        MM + "ForwardToKeyBuffer",
        MM + "Scroller",
        MM + "ForwardToChatter",
        MM + "MenuDisplayer",
        MM + "MapCenterer",
        MM + "StackExpander",
        MM + "PieceMover",
        MM + "KeyBufferer",
        MM + "ImageSaver",
        MM + "CounterDetailViewer",
        MM + "Zoomer",
        MM + "SelectionHighlighters",
        MM + "HighlightLastMoved",
        MM + "DrawPile",
        W + "CardSlot",
        W + "PieceSlot",
        W + "TabWidget",
        W + "PanelWidget",
        W + "HtmlChart",
        M + "ChartWindow",
        M + "PieceWindow",
        M + "DiceButton",
        M + "turn.TurnTracker",
        M + "turn.CounterTurnLevel",
        M + "turn.ListTurnLevel",
        M + "turn.TurnGlobalHotkey",
        M + "GlobalKeyCommand",
        M + "PredefinedSetup",
        M + "properties.ChangePropertyButton",
        M + "ToolbarMenu",
        M + "DoActionButton",  # a deck's reshuffle button (playing_card_deck.reshuffle_button)
        BP + "board.HexGrid",  # a hex-map game's grid and its numbering (hexgrid/vassal_grid.py)
        BP + "board.mapgrid.HexGridNumbering",
    }
)

# Attribute names per element, exactly as format reference §3.3 spells them (and its §3.4 example).
MAP_ATTRS = frozenset(
    "allowMultiple backgroundcolor buttonName changeFormat color createFormat description edgeHeight edgeWidth "
    "hideKey hotkey icon launch mapName markMoved markUnmovedHotkey markUnmovedIcon markUnmovedReport "
    "markUnmovedText markUnmovedTooltip moveKey moveToFormat moveWithinFormat onlyReportChangedLocation showKey "
    "thickness tooltip".split()
)
KNOWN_ATTRIBUTES: dict[str, frozenset[str]] = {
    "VASSAL.build.GameModule": frozenset("ModuleOther1 ModuleOther2 VassalVersion description name nextPieceSlotId version".split()),
    M + "documentation.HelpFile": frozenset("fileName fileType title".split()),
    M + "PlayerRoster": frozenset("buttonIcon buttonKeyStroke buttonText buttonToolTip".split()),
    M + "GlobalOptions": frozenset(
        "autoReport centerOnMove chatterHTMLSupport disablePieceIndexing hotKeysOnClosedWindows inventoryForAll "
        "nonOwnerUnmaskable playerIdFormat promptString purgeBlankPropertyPrompts sendToLocationMoveTrails "
        "storeLeadingZeroIntegersAsStrings".split()
    ),
    M + "properties.ZoneProperty": frozenset("description initialValue isNumeric max min name wrap".split()),
    M + "properties.GlobalProperty": frozenset("description initialValue isNumeric max min name wrap".split()),
    M + "PrototypeDefinition": frozenset("description name".split()),
    M + "Map": MAP_ATTRS,
    M + "PlayerHand": MAP_ATTRS | {"side", "useBoards", "visible"},
    MM + "BoardPicker": frozenset("addColumnText addRowText boardPrompt slotHeight slotScale slotWidth title".split()),
    BP + "Board": frozenset("color height image name reversible width".split()),
    BP + "board.mapgrid.Zone": frozenset("highlightProperty locationFormat name path useHighlight useParentGrid".split()),
    MM + "StackMetrics": frozenset("bottom disabled down exSepX exSepY top unexSepX unexSepY up".split()),
    MM + "HandMetrics": frozenset("bottom disabled down exSepX exSepY top unexSepX unexSepY up".split()),
    MM + "ImageSaver": frozenset("buttonText canDisable hideWhenDisabled hotkey icon propertyGate tooltip".split()),
    MM + "CounterDetailViewer": frozenset(
        "counterReportFormat delay display emptyHexReportForma fontSize hotkey layerList minDisplayPieces "
        "propertyFilter showgraph showtext summaryReportFormat version zoomlevel".split()
    ),
    MM + "HighlightLastMoved": frozenset("color enabled thickness".split()),
    MM + "DrawPile": frozenset(
        "allowMultiple allowSelect canSave color countExpressions deckOwners deckRestrictAccess description draw "
        "drawFaceUp drawMultipleMessage drawSpecificMessage emptyHotkey expressionCounting faceDown faceDownFormat "
        "faceDownHotkey faceDownMessage faceFlipHotkey faceUpHotkey faceUpMessage faceUpReportFormat height "
        "hotkeyOnEmpty loadHotkey loadMessage loadReportFormat maxStack name owningBoard reshufflable "
        "reshuffleCommand reshuffleHotkey reshuffleMessage reshuffleTarget restrictExpression restrictOption "
        "reverseCommand reverseFormat reverseHotkey reversible saveHotkey saveMessage saveReportFormat "
        "selectDisplayProperty selectSortProperty shuffle shuffleCommand shuffleFormat shuffleHotkey width x y".split()
    ),
    W + "CardSlot": frozenset("entryName gpid height width".split()),
    W + "PieceSlot": frozenset("entryName gpid height width".split()),
    W + "TabWidget": frozenset("description entryName".split()),
    W + "PanelWidget": frozenset("entryName fixed nColumns scale vert".split()),
    W + "HtmlChart": frozenset("chartName fileName".split()),  # build/widget/HtmlChart.java NAME, FILE
    M + "ChartWindow": frozenset("hotkey icon name text tooltip".split()),  # build/module/ChartWindow.java
    M + "PieceWindow": frozenset("defaultWidth hidden hotkey icon name scale text tooltip".split()),
    M + "DiceButton": frozenset(
        "addToTotal canDisable disabledIcon hideWhenDisabled hotkey icon keepCount keepDice keepOption lockAdd "
        "lockDice lockPlus lockSides nDice nSides name plus prompt propertyGate reportFormat reportTotal sortDice "
        "text tooltip".split()
    ),
    M + "turn.TurnTracker": frozenset(
        "buttonText description fwdOnly hotkey icon length lengthStyle name nexthotkey plusButtonSize prevhotkey "
        "reportFormat tooltip turnButtonHeight turnFormat".split()
    ),
    M + "turn.CounterTurnLevel": frozenset("incr loop loopLimit name property start turnFormat".split()),
    M + "turn.ListTurnLevel": frozenset("configFirst configList list name prompt property turnFormat".split()),
    M + "turn.TurnGlobalHotkey": frozenset("hotkey match name reportFormat".split()),  # TurnGlobalHotkey.getAttributeNames
    M + "GlobalKeyCommand": frozenset(
        "buttonHotkey buttonText canDisable deckCount disabledIcon filter hideWhenDisabled hotkey icon name "
        "propertyGate reportFormat reportSingle singleMap suppressSounds target tooltip".split()
    ),
    M + "PredefinedSetup": frozenset("description file isMenu name useFile".split()),
    # ChangePropertyButton.getAttributeNames: desc, the toolbar item's (no name), reportFormat, propChanger
    M + "properties.ChangePropertyButton": frozenset(
        "canDisable desc disabledIcon hideWhenDisabled hotkey icon propChanger propertyGate reportFormat text tooltip".split()
    ),
    # ToolbarMenu.getAttributeNames: the toolbar item's (its name key is "description"), menuItems
    M + "ToolbarMenu": frozenset("canDisable description disabledIcon hideWhenDisabled hotkey icon menuItems propertyGate text tooltip".split()),
    # DoActionButton.getAttributeNames (VASSAL 3.7): the toolbar item's (name, text, tooltip, icon, hotkey,
    # canDisable, propertyGate, hideWhenDisabled, disabledIcon), then its own; the loop's left at their defaults
    M + "DoActionButton": frozenset(
        "canDisable disabledIcon doHotkey doLoop doReport doSound hideWhenDisabled hotkey hotkeys icon name propertyGate "
        "reportFormat soundClip text tooltip".split()
    ),
    MM + "Zoomer": frozenset("zoomLevels zoomStart".split()),
    # HexGrid / HexGridNumbering.getAttributeNames (VASSAL 3.7), as hexgrid.vassal_grid writes them
    BP + "board.HexGrid": frozenset("color cornersLegal dotsVisible dx dy edgesLegal sideways snapTo visible x0 y0".split()),
    BP + "board.mapgrid.HexGridNumbering": frozenset(
        "color first fontSize hDescend hDrawOff hLeading hOff hType locationFormat rotateText sep stagger vDescend vDrawOff vLeading vOff vType visible".split()
    ),  # Zoomer.getAttributeNames (ZOOM_START, ZOOM_LEVELS)
}
PIECE_TEXT_ELEMENTS = (M + "PrototypeDefinition", W + "PieceSlot", W + "CardSlot")


@record(frozen=False)
class Inventory:
    """What a module holds, for the build summary and the tests."""

    zones: list[str] = field(default_factory=list)
    area_zones: dict[str, dict[str, str]] = field(default_factory=dict)  # zone -> zone properties
    piece_slots: list[str] = field(default_factory=list)  # sdbp_id of every PieceSlot
    decks: dict[str, list[str]] = field(default_factory=dict)  # DrawPile -> CardSlot sdbp_ids
    prototypes: list[str] = field(default_factory=list)
    images: list[str] = field(default_factory=list)
    setup_text: str = ""


def piece_traits(add_piece: str) -> tuple[list[str], list[str]]:
    """Decode an AddPiece definition into (type tokens, state tokens), outermost first."""
    if not add_piece.startswith("+/"):
        raise ValueError("not an AddPiece command")
    parts = decode(add_piece[2:], "/")
    if len(parts) != 3:
        raise ValueError(f"AddPiece has {len(parts)} fields, expected 3")
    return unnest(parts[1]), unnest(parts[2])


def properties_of(types: list[str], states: list[str]) -> dict[str, str]:
    """All Marker (``mark;``) properties of a decoded piece."""
    out: dict[str, str] = {}
    for t, s in zip(types, states, strict=False):
        if t.startswith("mark;"):
            names = decode(t[len("mark;") :], ",")
            values = decode(s, ",")
            out.update(zip(names, values, strict=False))
    return out


def prototypes_used(types: list[str]) -> list[str]:
    """Names of the prototypes a decoded piece type refers to (``prototype;Name``)."""
    return [decode(t, ";")[1] for t in types if t.startswith("prototype;")]


def images_of(types: list[str]) -> list[str]:
    """Every image name a decoded piece type refers to (BasicPiece, Layer levels, Mask)."""
    out: list[str] = []
    for t in types:
        if not t.startswith(("piece;", "emb2;", "obs;")):
            continue  # no image: not decoded
        fields = decode(t, ";")
        if t.startswith("piece;") and len(fields) > 3 and fields[3]:
            out.append(fields[3])
        elif t.startswith("emb2;") and len(fields) > 16:
            out += [n for n in decode(fields[16], ",") if n]
        elif t.startswith("obs;") and len(fields) > 2 and fields[2]:
            out.append(fields[2])
    return out


def check_piece(where: str, add_piece: str, image_names: set[str], problems: list[str]) -> tuple[list[str], list[str]] | None:
    try:
        types, states = piece_traits(add_piece)
    except ValueError as exc:
        problems.append(f"{where}: piece definition does not decode: {exc}")
        return None
    if len(types) != len(states):
        problems.append(f"{where}: {len(types)} traits but {len(states)} states")
    if not types[-1].startswith("piece;"):
        problems.append(f"{where}: innermost trait is not a BasicPiece")
    for t in types:
        prefix = t if ";" not in t else t[: t.index(";") + 1]
        if prefix not in KNOWN_PREFIXES:
            problems.append(f"{where}: unknown trait id {prefix!r}")
    for name in images_of(types):
        if name not in image_names:
            problems.append(f"{where}: image {name!r} is not in the module")
    if add_piece != add_piece.strip():
        problems.append(f"{where}: definition has leading/trailing whitespace (the engine trims it)")
    return types, states


def verify_module(path: Path, *, expected_areas: list[str] | None = None) -> tuple[list[str], Inventory]:
    problems: list[str] = []
    inv = Inventory()
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as exc:
        return [f"{path}: not a readable zip ({exc})"], inv
    with archive:
        bad = archive.testzip()
        if bad is not None:
            problems.append(f"{path}: entry {bad!r} is corrupt")
        names = set(archive.namelist())
        for forbidden in ("savedGame", "extensiondata", "buildFile"):
            if forbidden in names:
                problems.append(f"module must not contain an entry named {forbidden!r}")
        for required in ("buildFile.xml", "moduledata"):
            if required not in names:
                problems.append(f"missing entry {required!r}")
        if problems:
            return problems, inv
        image_names = {n[len("images/") :] for n in names if n.startswith("images/")}
        inv.images = sorted(image_names)
        try:
            root = etree.fromstring(archive.read("buildFile.xml"))
            meta = etree.fromstring(archive.read("moduledata"))
        except etree.XMLSyntaxError as exc:
            return [f"XML does not parse: {exc}"], inv
        _check_moduledata(meta, root, problems)
        _check_identity(root, problems)
        for el in root.iter():
            if not isinstance(el.tag, str):
                continue
            if el.tag not in KNOWN_ELEMENTS:
                problems.append(f"buildFile: element {el.tag} is not a component the reference lists")
            allowed = KNOWN_ATTRIBUTES.get(el.tag)
            extra = set(el.attrib) - (allowed or set())
            if extra:
                problems.append(f"buildFile: {el.tag} has attributes the reference does not give: {sorted(extra)}")
        for el in root.iter(M + "GlobalOptions"):
            if el.get("chatterHTMLSupport") != "Never":  # a player's typed text must never be HTML
                problems.append(f"GlobalOptions: chatterHTMLSupport is {el.get('chatterHTMLSupport')!r}, not 'Never'")
        for el in root.iter(BP + "Board"):
            image = el.get("image", "")
            if image and image not in image_names:
                problems.append(f"board {el.get('name')!r}: image {image!r} is not in the module")
        for name in sorted(n for n in names if n.endswith(".html")):  # the help and the aid pages' pictures
            for src in sorted(set(re.findall(r'<img src="([^"]*)"', archive.read(name).decode("utf-8", "replace")))):
                if "/" in src or src not in image_names:
                    problems.append(f"{name}: picture {src!r} is not in the module's images (VASSAL reads a bare name from images/)")
        gpids: list[str] = []
        defined = {el.get("name", "") for el in root.iter(M + "PrototypeDefinition")}
        for el in root.iter(*PIECE_TEXT_ELEMENTS):
            label = el.get("name") or el.get("entryName") or "?"
            text = el.text or ""
            decoded = check_piece(f"{el.tag.rsplit('.', 1)[-1]} {label!r}", text, image_names, problems)
            for used in prototypes_used(decoded[0] if decoded else []):
                if used not in defined:
                    problems.append(f"{label!r}: prototype {used!r} is not defined")
            if el.tag == M + "PrototypeDefinition":
                inv.prototypes.append(el.get("name", ""))
                continue
            gpids.append(el.get("gpid", ""))
            if decoded is None:
                continue
            props = properties_of(*decoded)
            sdbp_id = props.get("sdbp_id", "")
            if not sdbp_id or props.get("sdbp_kind") not in ("unit", "marker", "card", "playing_card"):
                problems.append(f"{label!r}: no sdbp_id/sdbp_kind Marker properties")
            if el.tag == W + "PieceSlot":
                inv.piece_slots.append(sdbp_id)
            else:
                parent = el.getparent()
                assert parent is not None
                inv.decks.setdefault(parent.get("name", ""), []).append(sdbp_id)
        for el in root.iter(MM + "DrawPile"):
            inv.decks.setdefault(el.get("name", ""), [])
        _check_gpids(root, gpids, problems)
        for zone in root.iter(BP + "board.mapgrid.Zone"):
            name = zone.get("name", "")
            inv.zones.append(name)
            props = {p.get("name", ""): p.get("initialValue", "") for p in zone.iter(M + "properties.ZoneProperty")}
            if props:
                inv.area_zones[name] = props
            if not _path_ok(zone.get("path", "")):
                problems.append(f"zone {name!r}: path is not x,y;x,y;… with at least 3 points")
        if len(set(inv.zones)) != len(inv.zones):
            problems.append("two zones have the same name")
        if expected_areas is not None and set(inv.area_zones) != set(expected_areas):
            missing = sorted(set(expected_areas) - set(inv.area_zones))
            unexpected = sorted(set(inv.area_zones) - set(expected_areas))
            problems.append(f"area zones do not match the areas (missing {missing}, unexpected {unexpected})")
        for el in root.iter(M + "PredefinedSetup"):
            file = el.get("file", "")
            if file not in names:
                problems.append(f"predefined setup {file!r} is not in the module")
                continue
            at_start = any(True for tag in ("DrawPile", "SetupStack") for _ in root.iter(MM + tag))
            inv.setup_text = _check_setup(archive.read(file), file, problems, at_start)
        for el in root.iter(M + "documentation.HelpFile"):
            if el.get("fileName", "") not in names:
                problems.append(f"help file {el.get('fileName')!r} is not in the module")
        for el in root.iter(W + "HtmlChart"):
            if el.get("fileName", "") not in names:
                problems.append(f"chart {el.get('chartName')!r}: file {el.get('fileName')!r} is not in the module")
    return problems, inv


def _check_moduledata(meta: etree._Element, root: etree._Element, problems: list[str]) -> None:
    version = (meta.findtext("VassalVersion") or "").strip()
    parts = version.split(".")
    if len(parts) < 2 or not all(p.isdigit() for p in parts):
        problems.append(f"moduledata VassalVersion {version!r} is not a version number")
    elif (int(parts[0]), int(parts[1])) != (3, 7):
        problems.append(f"moduledata VassalVersion {version} is not a 3.7 version (target engine 3.7)")
    if (meta.findtext("name") or "").strip() != root.get("name"):
        problems.append("moduledata name differs from the GameModule name")
    if (meta.findtext("version") or "").strip() != root.get("version"):
        problems.append("moduledata version differs from the GameModule version")


def _check_identity(root: etree._Element, problems: list[str]) -> None:
    """The GameModule version is the build identity of this very build file (``codec.identity``)."""
    version = root.get("version", "")
    build = BuildId("", version)
    if build.digest is None:
        problems.append(f"GameModule version {version!r} carries no build identity (<data version>+<{DIGEST_DIGITS} hex digits>)")
    elif build_version(build.data_version, root) != version:
        problems.append(f"GameModule version {version!r} is not the identity of this build file")


def _check_gpids(root: etree._Element, gpids: list[str], problems: list[str]) -> None:
    if any(not g.isdigit() for g in gpids):
        problems.append("a piece slot has an empty or non-numeric gpid")
        return
    if len(set(gpids)) != len(gpids):
        problems.append("two piece slots share a gpid")
    next_id = root.get("nextPieceSlotId", "")
    if not next_id.isdigit() or (gpids and int(next_id) <= max(int(g) for g in gpids)):
        problems.append(f"nextPieceSlotId {next_id!r} is not above every gpid")


def _path_ok(path: str) -> bool:
    points = path.split(";")
    if len(points) < 3:
        return False
    for p in points:
        xy = p.split(",")
        if len(xy) != 2 or not all(v.lstrip("-").isdigit() for v in xy):
            return False
    return True


def _check_setup(data: bytes, file: str, problems: list[str], at_start: bool = True) -> str:
    """The save's text; ``at_start``: the module has at-start stacks or decks, so the save must mark
    the game "not new" (SETUP_STACK); without them the engine decodes no such record and drops it."""
    import io

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as inner:
            infos = inner.infolist()
            if not infos or infos[0].filename != "savedGame":
                problems.append(f"{file}: first entry is not savedGame")
                return ""
            if infos[0].compress_type != zipfile.ZIP_DEFLATED:
                problems.append(f"{file}: savedGame must be DEFLATED to be read as a stream")
            text = decode_envelope(inner.read("savedGame"), where=f"{file}:savedGame").text
    except (zipfile.BadZipFile, CodecError) as exc:
        problems.append(f"{file}: not a readable save ({exc})")
        return ""
    if not text.startswith("begin_save\x1b") or not text.endswith("\x1bend_save"):
        problems.append(f"{file}: savedGame is not begin_save … end_save")
    if at_start and "SETUP_STACK\t" not in text:
        problems.append(f"{file}: no SETUP_STACK record (at-start pieces would be duplicated)")
    if not at_start and "SETUP_STACK\t" in text:
        problems.append(f"{file}: a SETUP_STACK record in a module without at-start stacks or decks (no encoder reads it)")
    return text
