"""What a player can press in a module: toolbar buttons, piece and deck menu commands, their keys.

Everything is read from a ``buildFile.xml`` tree (the module as built, not the code that built it),
so the help page lists exactly the buttons and commands the module holds:

* :func:`toolbar_buttons` — every launch button the engine puts on a toolbar, in build-file order,
  with its hotkeys (the attribute names are the engine's: ``MassKeyCommand`` ``buttonHotkey`` is the
  button's key while its ``hotkey`` is the key it *sends* to pieces; ``TurnTracker`` ``hotkey`` shows
  the tracker, ``nexthotkey``/``prevhotkey`` step it; a ``Map`` has a button only when ``launch`` is
  true);
* :func:`piece_menus` — the right-click menu of every kind of piece in the palette and the decks,
  prototypes expanded as the engine expands them (``UsePrototype``), one :class:`Menu` per kind and
  distinct command list; the field positions of each trait's menu text and keystroke are the
  engine's (format reference §4.6; ``TriggerAction``, ``SendToLocation``, ``Delete``,
  ``ReturnToDeck``, ``Obscurable``, ``Embellishment``, ``DynamicProperty`` …);
* :func:`deck_menus` — the menu of each DrawPile (``Deck.getKeyCommands``: reshuffle, shuffle,
  reverse, face up/down, draw multiple/specific, save/load, each only when the pile enables it);
* :func:`key_label` — a NamedKeyStroke (``code,modifiers`` with Java's modifier bits, format
  reference §1.4) as a player reads it, e.g. ``70,195`` → ``Ctrl+Shift+F``; a named keystroke
  (``57400,0,sdbpMoved``) is internal and has no key a player can type (``""``).

A trait the tables below do not know raises ``BuildError``: a new trait kind must say where its menu
entries are (or that it has none) before the help page can describe it.

>>> key_label("70,195"), key_label("49,130"), key_label("57401,0,sdbpPass"), key_label("")
('Ctrl+Shift+F', 'Ctrl+1', '', '')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from lxml import etree

from sdbp_module.codec.pieces import (
    add_piece_fields,
    basic_type,
    expand_prototypes,
    marker,
    split_chain,
    trait_id,
)
from sdbp_module.codec.sequence import decode
from sdbp_module.errors import BuildError
from sdbp_module.ids import Side
from sdbp_module.records import record

M = "VASSAL.build.module."
MM = M + "map."
W = "VASSAL.build.widget."

# --------------------------------------------------------------------------------------------
# Keystrokes

_MODIFIERS = ((2 | 128, "Ctrl"), (8 | 512, "Alt"), (1 | 64, "Shift"), (4 | 256, "Cmd"), (32 | 8192, "AltGr"))
"""Java's old and new mask bits per modifier, in the order VASSAL's ``Keys.ctrl_alt_shift`` names them."""

_KEY_NAMES: Mapping[int, str] = {
    8: "Backspace", 9: "Tab", 10: "Enter", 27: "Esc", 32: "Space", 33: "PgUp", 34: "PgDn", 35: "End",
    36: "Home", 37: "Left", 38: "Up", 39: "Right", 40: "Down", 44: ",", 45: "-", 46: ".", 47: "/",
    59: ";", 61: "=", 91: "[", 92: "\\", 93: "]", 106: "NumPad *", 107: "Num+Plus", 109: "Num-Minus",
    110: "NumPad .", 111: "NumPad /", 127: "Delete", 155: "Insert", 192: "`", 222: "'",
}  # fmt: skip
"""Names of the non-letter keys (``KeyEvent.getKeyText``, shortened as VASSAL's ``KeyNamer`` does)."""

NAMED_KEY_CODES = 0xE000
"""Named keystrokes are mapped to private-use codes from here on (format reference §1.4)."""


def _key_name(code: int) -> str:
    if 65 <= code <= 90 or 48 <= code <= 57:
        return chr(code)
    if 112 <= code <= 123:
        return f"F{code - 111}"
    if 96 <= code <= 105:
        return f"NumPad-{code - 96}"
    return _KEY_NAMES.get(code, f"key {code}")


def key_label(encoded: str) -> str:
    """A NamedKeyStroke encoding as a player reads it (``""``: no key, or an internal named one).

    ``code,modifiers`` → ``Ctrl+Alt+Shift+K``; ``code,modifiers,Name`` → ``""`` (named keys are sent
    by the module itself); the legacy one-character form ``D`` is Ctrl+D (§1.4).
    """
    if encoded == "":
        return ""
    parts = encoded.split(",")
    if len(parts) == 1:
        if len(encoded) != 1:
            raise BuildError(f"unreadable keystroke {encoded!r} in the build file")
        return f"Ctrl+{encoded.upper()}"
    if len(parts) >= 3 and parts[2]:
        return ""
    try:
        code, modifiers = int(parts[0]), int(parts[1])
    except ValueError:
        raise BuildError(f"unreadable keystroke {encoded!r} in the build file") from None
    if code == 0 or code >= NAMED_KEY_CODES:
        return ""
    names = [name for bits, name in _MODIFIERS if modifiers & bits]
    return "+".join([*names, _key_name(code)])


# --------------------------------------------------------------------------------------------
# Toolbar buttons


@record
class KeyUse:
    """One hotkey of a button: what it does (``""`` when the button has one action) and the key."""

    role: str
    key: str


@record
class Button:
    """A toolbar button: its component class, text, tool tip, hotkeys, and the toolbars it sits on."""

    component: str  # the class name without its package, e.g. "GlobalKeyCommand", "DiceButton"
    label: str
    tooltip: str
    keys: tuple[KeyUse, ...]
    where: tuple[str, ...]  # "main toolbar" or "<map name> window"


@record
class _ButtonSpec:
    labels: tuple[str, ...]  # attributes holding the button text, first non-empty wins
    keys: tuple[tuple[str, str], ...]  # (attribute, role)
    tooltip: str


_LAUNCH = _ButtonSpec(("text", "name"), (("hotkey", ""),), "tooltip")
_MAP = _ButtonSpec(("buttonName", "mapName"), (("hotkey", "show or hide"),), "tooltip")
_KEY_COMMAND = _ButtonSpec(("buttonText", "name"), (("buttonHotkey", ""),), "tooltip")
BUTTONS: Mapping[str, _ButtonSpec] = {
    M + "GlobalKeyCommand": _KEY_COMMAND,
    MM + "MassKeyCommand": _KEY_COMMAND,
    M + "DiceButton": _LAUNCH,
    M + "SpecialDiceButton": _LAUNCH,
    M + "RandomTextButton": _LAUNCH,
    M + "ChartWindow": _LAUNCH,
    M + "PieceWindow": _LAUNCH,
    M + "Inventory": _LAUNCH,
    M + "DoActionButton": _LAUNCH,
    M + "MultiActionButton": _LAUNCH,
    M + "ToolbarMenu": _LAUNCH,
    M + "properties.ChangePropertyButton": _ButtonSpec(("text",), (("hotkey", ""),), "tooltip"),
    M + "NotesWindow": _ButtonSpec(("buttonText",), (("hotkey", ""),), "tooltip"),
    M + "PlayerRoster": _ButtonSpec(("buttonText",), (("buttonKeyStroke", ""),), "buttonToolTip"),
    M + "turn.TurnTracker": _ButtonSpec(
        ("buttonText", "name"), (("hotkey", "show"), ("nexthotkey", "next"), ("prevhotkey", "previous")), "tooltip"
    ),
    M + "Map": _MAP,
    M + "PrivateMap": _MAP,
    M + "PlayerHand": _MAP,
    MM + "ImageSaver": _ButtonSpec(("buttonText",), (("hotkey", ""),), "tooltip"),
    MM + "HidePiecesButton": _ButtonSpec(("buttonText",), (("hotkey", ""),), "tooltip"),
}
"""Every component class that puts a button on a toolbar, with the attributes of its text and keys."""

_MAPS = (M + "Map", M + "PrivateMap", M + "PlayerHand")


def _first(el: etree._Element, names: tuple[str, ...]) -> str:
    for name in names:
        value = el.get(name, "")
        if value:
            return value
    return ""


def _where(el: etree._Element) -> str:
    parent = el.getparent()
    while parent is not None:
        if parent.tag in _MAPS:
            return f"{parent.get('mapName', '')} window"
        parent = parent.getparent()
    return "main toolbar"


def toolbar_buttons(root: etree._Element) -> tuple[Button, ...]:
    """Every toolbar button of the module in build-file order; identical buttons of several map
    windows (e.g. the camera of every map) are one entry listing each window."""
    found: dict[tuple[str, str, str, tuple[KeyUse, ...]], list[str]] = {}
    for el in root.iter():
        spec = BUTTONS.get(str(el.tag))
        if spec is None or (el.tag in _MAPS and el.get("launch") != "true"):
            continue
        component = str(el.tag).rsplit(".", 1)[-1]
        tooltip = el.get(spec.tooltip, "")
        label = _first(el, spec.labels) or tooltip or component
        keys = tuple(KeyUse(role, key_label(el.get(attribute, ""))) for attribute, role in spec.keys)
        found.setdefault((component, label, tooltip, keys), []).append(_where(el))
    return tuple(Button(*fields, tuple(where)) for fields, where in found.items())


# --------------------------------------------------------------------------------------------
# Piece menus


@record
class MenuCommand:
    """A right-click menu entry: its text and its key (``""``: menu only)."""

    text: str
    key: str


@record
class Menu:
    """The right-click menu of a kind of piece (``"<side> units"``) or of a deck."""

    title: str
    commands: tuple[MenuCommand, ...]


MENU_FIELDS: Mapping[str, tuple[tuple[int, int], ...]] = {
    "macro": ((1, 2),),  # TriggerAction: description, menu text, key, …
    "sendto": ((0, 1), (6, 7)),  # SendToLocation: menu, key, …, back menu, back key
    "delete": ((0, 1),),
    "clone": ((0, 1),),
    "return": ((0, 1),),  # ReturnToDeck
    "obs": ((2, 0),),  # Obscurable: mask key, image, mask command, …
    "emb2": ((0, 26), (3, 27), (6, 28), (9, 10), (20, 19)),  # Embellishment: activate, up, down, reset, random
    "hide": ((1, 0),),  # Hideable: key, menu
    "label": ((1, 0),),  # Labeler: key, menu
    "markmoved": ((3, 4),),
    "globalkey": ((0, 1),),  # CounterGlobalKeyCommand
    "globalhotkey": ((0, 1),),
    "placemark": ((0, 1),),
    "replace": ((0, 1),),
    "translate": ((0, 1),),
    "deselect": ((0, 1),),
    "playSound": ((0, 1),),
}
"""(menu-text field, keystroke field) pairs of each trait's own type fields, 0-based after the id."""

PROPERTY_TRAITS = frozenset({"PROP", "setprop", "setpieceprop"})
"""Dynamic-property traits: their third field is a list of ``menu:key:changer`` commands."""

SILENT_TRAITS = frozenset({"piece", "mark", "prototype", "report", "immob", "restrict", "hideCmd", "calcProp", "basicName", "cmt", "stack", "submenu"})
"""Traits that never add a menu entry (a Sub-Menu only gathers entries of other traits)."""


def _trait_commands(trait_type: str) -> Iterator[MenuCommand]:
    kind = trait_id(trait_type)
    if kind in SILENT_TRAITS:
        return
    fields = decode(trait_type[len(kind) + 1 :], ";")
    if kind in PROPERTY_TRAITS:
        for entry in decode(fields[2], ",") if len(fields) > 2 and fields[2] else []:
            menu, key = (decode(entry, ":") + ["", ""])[:2]
            if menu:
                yield MenuCommand(menu, key_label(key))
        return
    positions = MENU_FIELDS.get(kind)
    if positions is None:
        raise BuildError(f"the help page does not know the menu entries of trait {kind!r}")
    for text_at, key_at in positions:
        text = fields[text_at] if text_at < len(fields) else ""
        if text:
            yield MenuCommand(text, key_label(fields[key_at] if key_at < len(fields) else ""))


def _traits(text: str, where: str) -> list[str]:
    fields = add_piece_fields(text.strip())
    traits = None if fields is None else split_chain(fields[1])
    if traits is None:
        raise BuildError(f"{where}: not a piece definition the help page can read")
    return traits


def _title(traits: list[str], state: str) -> str:
    """What kind of piece this is, from its identity Marker (docs/module-pieces.md)."""
    props: dict[str, str] = {}
    states = split_chain(state) or []
    for trait, trait_state in zip(traits, states, strict=False):
        if trait_id(trait) == "mark":
            props.update(marker(trait, trait_state) or [])
    basic = basic_type(traits[-1])
    name = basic[3] if basic else ""
    kind, side = props.get("sdbp_kind", ""), props.get("side", "")
    named = Side.named(side)
    side_label = named.label if named is not None else ""
    if kind == "unit":
        return f"{side_label} units"
    if kind == "card":
        return f"{side_label} cards" if side_label else name
    if kind == "marker":
        return f"{name} markers"
    return name


def piece_menus(root: etree._Element) -> tuple[Menu, ...]:
    """The right-click menu of every kind of piece in the palette and the decks, in build-file order;
    pieces of one kind with the same commands share one entry."""
    prototypes = {
        el.get("name", ""): _traits(el.text or "", f"prototype {el.get('name', '')!r}") for el in root.iter(M + "PrototypeDefinition")
    }
    menus: dict[tuple[str, tuple[MenuCommand, ...]], None] = {}
    known: dict[str, tuple[MenuCommand, ...]] = {}  # a prototype's traits recur in every piece using it
    for el in root.iter(W + "PieceSlot", W + "CardSlot"):
        text = el.text or ""
        try:
            traits = expand_prototypes(_traits(text, f"piece slot {el.get('entryName', '')!r}"), prototypes, str)
        except ValueError as exc:
            raise BuildError(f"{exc} in the build file") from None
        fields = add_piece_fields(text.strip())
        state = fields[2] if fields else ""
        for trait in traits:
            if trait not in known:
                known[trait] = tuple(_trait_commands(trait))
        commands = tuple(c for trait in traits for c in known[trait])
        if commands:
            menus.setdefault((_title(_traits(text, ""), state), commands), None)
    return tuple(Menu(title, commands) for title, commands in menus)


@record
class SlotMenu:
    """The right-click menu of one palette or deck entry, with the identity Marker's ``sdbp_kind``,
    ``sdbp_id`` and ``side`` of its piece (``""`` when it has none)."""

    entry: str
    kind: str
    sdbp_id: str
    side: str
    commands: tuple[MenuCommand, ...]


def slot_menus(root: etree._Element) -> tuple[SlotMenu, ...]:
    """The menu of every PieceSlot and CardSlot, in build-file order (one per entry, not grouped as
    :func:`piece_menus` groups them for the help page)."""
    prototypes = {
        el.get("name", ""): _traits(el.text or "", f"prototype {el.get('name', '')!r}") for el in root.iter(M + "PrototypeDefinition")
    }
    out: list[SlotMenu] = []
    for el in root.iter(W + "PieceSlot", W + "CardSlot"):
        text = el.text or ""
        own = _traits(text, f"piece slot {el.get('entryName', '')!r}")
        try:
            traits = expand_prototypes(own, prototypes, str)
        except ValueError as exc:
            raise BuildError(f"{exc} in the build file") from None
        fields = add_piece_fields(text.strip())
        props: dict[str, str] = {}
        for trait, trait_state in zip(own, split_chain(fields[2] if fields else "") or [], strict=False):
            if trait_id(trait) == "mark":
                props.update(marker(trait, trait_state) or [])
        commands = tuple(c for trait in traits for c in _trait_commands(trait))
        out.append(SlotMenu(el.get("entryName", ""), props.get("sdbp_kind", ""), props.get("sdbp_id", ""), props.get("side", ""), commands))
    return tuple(out)


_DECK_COMMANDS: tuple[tuple[str, str, str, str], ...] = (
    ("reshufflable", "true", "reshuffleCommand", "reshuffleHotkey"),
    ("shuffle", "Via right-click Menu", "shuffleCommand", "shuffleHotkey"),
    ("reversible", "true", "reverseCommand", "reverseHotkey"),
    ("faceDown", "Via right-click Menu", "faceDownMessage", "faceFlipHotkey"),
    ("allowMultiple", "true", "drawMultipleMessage", ""),
    ("allowSelect", "true", "drawSpecificMessage", ""),
    ("canSave", "true", "saveMessage", "saveHotkey"),
    ("canSave", "true", "loadMessage", "loadHotkey"),
)
"""(switch attribute, value that enables it, menu text attribute, key attribute) of a DrawPile's menu
entries, in the order ``Deck.getKeyCommands`` adds them."""


def deck_menus(root: etree._Element) -> tuple[Menu, ...]:
    """The right-click menu of every DrawPile that has one."""
    out: list[Menu] = []
    for el in root.iter(MM + "DrawPile"):
        commands: list[MenuCommand] = []
        for switch, enabled, menu_text, key_attribute in _DECK_COMMANDS:
            menu = el.get(menu_text, "")
            if el.get(switch) == enabled and menu:
                commands.append(MenuCommand(menu, key_label(el.get(key_attribute, "")) if key_attribute else ""))
        if commands:
            out.append(Menu(el.get("name", ""), tuple(commands)))
    return tuple(out)
