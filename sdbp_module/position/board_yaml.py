"""The board form of a position: YAML a person reads and edits (``docs/board.md``).

Layout (every key is described in ``docs/board.md``)::

    board: 1
    save: GAME.vsav
    module: <name> <version>        # or null: zones are then unknown, every place is "offboard"
    maps:
      <map>:
        <zone>:                     # a zone of the module's map, or "offboard"
        - stack: '<stack id>'
          at: [x, y]
          pieces:                   # bottom to top
          - {id: '<piece id>', name: <name>, side: <side>, layers: {<layer>: <level>}}
        - {id: '<piece id>', name: <name>, at: [x, y]}   # a piece in no stack (it does not stack)
    decks:
    - {deck: '<id>', name: <deck name>, map: <map>, at: [x, y], face_down: true}
      cards: [...]                  # bottom to top (the last is drawn first)
    off_map: [...]                  # pieces on no map
    properties:
    - {name: <global property>, value: '<value>', container: Module}
    turn:
    - {tracker: <id>, state: '<engine state>'}

Each piece is one flow mapping on one line, so moving a piece is moving a line. Output is
deterministic: maps in the save's order, zones in the order their first stack is drawn, pieces in
stacking order.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from sdbp_module.codec.module_info import ModuleInfo
from sdbp_module.position.model import Piece, Position

FORMAT = 1
HEADER = (
    "# sdbp board: the position of a save. Edit it and run `sdbp board apply THIS.yaml SAVE.vsav -o NEW.vsav`:\n"
    "# move a piece line to another stack or zone, delete it to remove the piece, change a layer's level,\n"
    "# add `- {new: <palette name>}` to add a piece, move a card line from a deck to a hand, change a property's\n"
    "# value. Ids are the engine's piece ids; names, sides and positions are shown, not edited (docs/board.md).\n"
)


def scalar(value: Any) -> str:
    """One YAML value on one line (a flow collection for a list or mapping)."""
    if type(value) is dict or type(value) is list:
        text = _flow(value, set())
        if text is not None:
            return text
    if type(value) not in _ATOMS:
        return _dumped(value)
    known = (type(value), value)
    text = _SCALARS.get(known)
    if text is None:
        text = _dumped(value)
        if len(_SCALARS) < _KEEP:
            _SCALARS[known] = text
    return text


def _dumped(value: Any) -> str:
    """``value`` dumped by PyYAML as ``scalar`` shows it."""
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=1 << 30, sort_keys=False)
    if text.endswith("\n...\n"):
        text = text[: -len("\n...\n")]
    return text.rstrip("\n")


_ATOMS = (str, int, bool, type(None))
"""The values whose text ``_flow`` keeps (a float is dumped each time: ``-0.0 == 0.0``)."""
_BREAKS = re.compile("[\r\n\x85\u2028\u2029]")
"""What YAML reads as a line break."""
_ITEMS: dict[tuple[type, Any], str] = {}
_KEYS: dict[tuple[type, Any], str | None] = {}
_SCALARS: dict[tuple[type, Any], str] = {}
_KEEP = 1 << 16


def _flow(value: Any, open_ids: set[int]) -> str | None:
    """``value`` (a list or mapping) as PyYAML writes it in flow style, built from the text PyYAML gives each
    of its keys and items in that place (a scalar's style depends on it and on nothing beside it), kept
    between calls: a board writes thousands of pieces of a few hundred distinct names, kinds and faces. None
    where PyYAML would write something else (a long or multi-line key, a text over lines, a list or mapping
    met twice: an anchor): the caller dumps it whole."""
    if id(value) in open_ids:
        return None
    open_ids.add(id(value))
    parts: list[str] = []
    if type(value) is dict:
        for key, item in value.items():
            key_text = _key(key)
            item_text = _item(item, open_ids)
            if key_text is None or item_text is None:
                return None
            parts.append(f"{key_text}: {item_text}")
        return "{" + ", ".join(parts) + "}"
    for item in value:
        item_text = _item(item, open_ids)
        if item_text is None:
            return None
        parts.append(item_text)
    return "[" + ", ".join(parts) + "]"


def _item(value: Any, open_ids: set[int]) -> str | None:
    """``value`` as PyYAML writes it as an item of a flow list or a value of a flow mapping."""
    if type(value) is dict or type(value) is list:
        return _flow(value, open_ids)
    if type(value) not in _ATOMS:
        return None
    known = (type(value), value)
    text = _ITEMS.get(known)
    if text is None:
        text = _number_item(value)
        if text is None:
            text = _dumped([value])[1:-1]  # "[x]": x as an item
        if _BREAKS.search(text):
            return None  # a text over lines: its next lines are indented as deep as it lies
        if len(_ITEMS) < _KEEP:
            _ITEMS[known] = text
    return text


_RESOLVER = yaml.resolver.Resolver()
_STR_TAG = "tag:yaml.org,2002:str"


def _number_item(value: Any) -> str | None:
    """What PyYAML writes as an item for a whole number (its digits) or a text of ASCII digits (an engine's
    id: its digits, quoted when PyYAML would read them back as a number), without the dump (a board holds
    thousands: its ids and places); None for any other value."""
    if type(value) is int:
        return str(value)
    if type(value) is str and value.isascii() and value.isdigit():
        tag = _RESOLVER.resolve(yaml.ScalarNode, value, (True, False))  # type: ignore[no-untyped-call]  # (PyYAML's stubs leave it untyped)
        return value if tag == _STR_TAG else f"'{value}'"
    return None


def _key(value: Any) -> str | None:
    """``value`` as PyYAML writes it as a simple key of a flow mapping; None for a key it writes otherwise."""
    if type(value) not in _ATOMS:
        return None
    known = (type(value), value)
    if known in _KEYS:
        return _KEYS[known]
    dumped = _dumped({value: None})  # "{k: null}"
    simple = dumped.endswith(": null}") and not dumped.startswith("{? ") and not _BREAKS.search(dumped)
    text = dumped[1 : -len(": null}")] if simple else None
    if len(_KEYS) < _KEEP:
        _KEYS[known] = text
    return text


def _at(x: str, y: str) -> list[int | str]:
    out: list[int | str] = []
    for value in (x, y):
        try:
            out.append(int(value))
        except ValueError:
            out.append(value)
    return out


def piece_fields(piece: Piece) -> dict[str, Any]:
    """What the board shows of a piece (one flow mapping)."""
    fields: dict[str, Any] = {"id": piece.id, "name": piece.name}
    if piece.sdbp_id is not None:
        fields["sdbp_id"] = piece.sdbp_id
        if piece.kind:
            fields["kind"] = piece.kind
        if piece.side:
            fields["side"] = piece.side
    if piece.layers:
        fields["layers"] = {layer.key: layer.shown for layer in piece.layers}
    return fields


def render(position: Position, module: ModuleInfo | None, save_name: str) -> str:
    """The board YAML of ``position`` (see the module docstring)."""
    lines = [HEADER.rstrip("\n"), f"board: {FORMAT}", f"save: {scalar(save_name)}"]
    lines.append(f"module: {scalar(f'{module.name} {module.version}'.strip() if module is not None else None)}")
    # map -> zone -> items (each item: lines)
    layout: dict[str, dict[str, list[list[str]]]] = {name: {} for name in position.maps}
    for name in module.zones if module is not None else ():
        layout.setdefault(name, {})
    off_map: list[str] = []
    shown_stacks = [s for s in position.stacks.values() if any(m in position.pieces for m in s.members)]
    entries: list[tuple[int, str | None, str, list[str]]] = []  # (command index, map, zone, lines)
    for stack in shown_stacks:
        body = [
            f"- stack: {scalar(stack.id)}",
            f"  at: {scalar(_at(stack.x, stack.y))}",
            "  pieces:",
        ]
        body += [f"  - {scalar(piece_fields(position.pieces[m]))}" for m in stack.members if m in position.pieces]
        entries.append((stack.index, stack.map, position.zone(module, stack.map, stack.x, stack.y), body))
    for piece in position.pieces.values():
        if piece.id in position.holder:
            continue
        basic = piece.basic
        if basic.map is None:
            off_map.append(f"- {scalar(piece_fields(piece))}")
            continue
        fields = piece_fields(piece)
        fields["at"] = _at(basic.x, basic.y)
        entries.append((piece.index, basic.map, position.zone(module, basic.map, basic.x, basic.y), [f"- {scalar(fields)}"]))
    entries.sort(key=lambda entry: entry[0])
    for _, map_name, zone, body in entries:
        if map_name is None:
            continue
        layout.setdefault(map_name, {}).setdefault(zone, []).append(body)
    lines.append("maps:" if layout else "maps: {}")
    for map_name, zones in layout.items():
        if not zones:
            lines.append(f"  {scalar(map_name)}: {{}}")
            continue
        lines.append(f"  {scalar(map_name)}:")
        for zone, items in zones.items():
            lines.append(f"    {scalar(zone)}:")
            for body in items:
                lines += [f"    {line}" for line in body]
    decks = list(position.decks.values())
    lines.append("decks:" if decks else "decks: []")
    for deck in decks:
        head = {"deck": deck.id, "name": deck.name, "map": deck.map, "at": _at(deck.x, deck.y), "face_down": deck.face_down == "true"}
        lines.append(f"- deck: {scalar(deck.id)}")
        for key in ("name", "map", "at", "face_down"):
            lines.append(f"  {key}: {scalar(head[key])}")
        cards = [c for c in deck.cards if c in position.pieces]
        lines.append("  cards:" if cards else "  cards: []")
        lines += [f"  - {scalar(piece_fields(position.pieces[c]))}" for c in cards]
    lines.append("off_map:" if off_map else "off_map: []")
    lines += off_map
    lines.append("properties:" if position.properties else "properties: []")
    for prop in position.properties:
        lines.append(f"- {scalar({'name': prop.name, 'value': prop.value, 'container': prop.container})}")
    lines.append("turn:" if position.turns else "turn: []")
    for tracker, state in position.turns:
        lines.append(f"- {scalar({'tracker': tracker, 'state': state})}")
    return "\n".join(lines) + "\n"

