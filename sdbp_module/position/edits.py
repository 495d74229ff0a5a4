"""Apply an edited board (``position.board_yaml``) to the save it was read from.

The board is compared with the save's position, piece by piece: a piece listed in another stack, zone,
deck or map is moved there; a piece the board no longer lists is removed; a ``{new: <palette name>}``
entry adds a piece of the module's palette; a layer's level, a stack's order and a global property's
value are set. Everything else the board shows (names, sides, a deck's place) is shown, not edited: a
change to it is refused. Only the commands an edit touches are rewritten, so a board applied with no
edit gives the same save back (``commands.run_apply`` then writes the input's bytes).

Where a piece goes:

- listed in a stack entry (``stack: <id>``): into that stack, at the listed place (bottom to top); a
  stack listed under another zone, or with another ``at``, moves with all its pieces;
- a stack entry without ``stack`` is a new stack at ``at`` (or a free spot of the zone);
- a piece listed directly under a zone joins the top of the zone's first stack, as a drop on it
  would, or starts a new stack at a free spot of the zone (``at`` if given); a piece that does not
  stack (a Does Not Stack trait) is placed on its own there;
- listed under a deck's ``cards``: into the deck, at the listed place; under ``off_map``: on no map.

A free spot is a point inside the zone's polygon, as near its middle as possible and at least
``SPACING`` from every other stack of the map. Two kinds of error: a board that is not a board (wrong
shape or types) raises ``InputError`` (exit 2); an edit the module or save cannot express (an unknown
zone, piece, layer level or palette name) raises ``BoardEditError`` (exit 1). Both name the YAML
position, ``FILE:LINE:COL``, and are raised before anything is written.
"""

from __future__ import annotations

import math
from dataclasses import field
from typing import Any

from sdbp_module.codec import pieces
from sdbp_module.codec.module_info import ModuleInfo, Zone, marker_value
from sdbp_module.codec.sequence import encode as se_encode
from sdbp_module.codec.tree import Command, split_exact
from sdbp_module.data.problems import Position as YamlPosition
from sdbp_module.data.sources import SourceFile
from sdbp_module.errors import EXIT_WRONG, InputError, SdbpError
from sdbp_module.position.board_yaml import piece_fields
from sdbp_module.position.model import (
    OFFBOARD,
    Layer,
    Piece,
    Position,
    Stack,
    is_stackable,
    layers_of,
)
from sdbp_module.records import record

SPACING = 40
"""How far (map pixels) a new stack keeps from the other stacks of its map, when the zone has room."""

_DECK_DRAW_FACE_UP = 16  # deck type fields after the id, 0-based: drawFaceUp
_OBS_ACCESS = 5  # Mask type fields after the id, 0-based: access (``side:`` …)

MAX_COORDINATE = 1_000_000
"""The largest x or y an ``at`` may give (a map of a real module: a few thousand pixels)."""

Path = tuple[str | int, ...]


class BoardEditError(SdbpError):
    """An edit of the board that the module or the save cannot express; nothing was written."""

    exit_code = EXIT_WRONG


@record(frozen=False)
class _Place:
    """Where a piece ends: a holder (stack or deck id) at an index, or loose on a map, or on no map."""

    holder: str | None
    map: str | None
    x: str
    y: str


@record(frozen=False)
class _NewStack:
    id: str
    map: str
    x: str
    y: str
    members: list[str]


@record(frozen=False)
class Result:
    """The edited command tree (the one read when nothing changed), the lines saying what changed, and whether
    anything did."""

    tree: Command
    changes: list[str] = field(default_factory=list)
    changed: bool = False


class _Reader:
    """Checks the board's shape and types; positions come from the YAML source map."""

    def __init__(self, source: SourceFile) -> None:
        self.source = source

    def at(self, path: Path, *, key: bool = False) -> YamlPosition:
        return self.source.where.key(path) if key else self.source.where.value(path)

    def bad(self, path: Path, message: str, *, key: bool = False) -> InputError:
        return InputError(f"{self.at(path, key=key)}: {message}")

    def edit(self, path: Path, message: str, *, key: bool = False) -> BoardEditError:
        return BoardEditError(f"{self.at(path, key=key)}: {message}")

    def mapping(self, value: Any, path: Path, allowed: tuple[str, ...], what: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.bad(path, f"{what} must be a mapping, not {_kind(value)}")
        for key in value:
            if not isinstance(key, str) or key not in allowed:
                raise self.bad((*path, key), f"unknown key {key!r} in {what} (expected: {', '.join(allowed)})", key=True)
        return value

    def listing(self, value: Any, path: Path, what: str) -> list[Any]:
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.bad(path, f"{what} must be a list, not {_kind(value)}")
        return value

    def text(self, value: Any, path: Path, what: str) -> str:
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise self.bad(path, f"{what} must be a text, not {_kind(value)}")
        return str(value)

    def point(self, value: Any, path: Path) -> tuple[str, str]:
        if (
            not isinstance(value, list)
            or len(value) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
        ):
            raise self.bad(path, "at must be two whole numbers, [x, y]")
        if any(abs(v) > MAX_COORDINATE for v in value):
            raise self.bad(path, f"at [{value[0]}, {value[1]}]: a map coordinate is at most {MAX_COORDINATE:,} (a Java int the engine reads)")
        return str(value[0]), str(value[1])


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    return {dict: "a mapping", list: "a list", str: "a text", bool: "true/false", int: "a number", float: "a number"}.get(
        type(value), type(value).__name__
    )


_TOP = ("board", "save", "module", "maps", "decks", "off_map", "properties", "turn")
_PIECE_KEYS = ("id", "new", "name", "sdbp_id", "kind", "side", "layers", "at")
_STACK_KEYS = ("stack", "at", "pieces")
_DECK_KEYS = ("deck", "name", "map", "at", "face_down", "cards")


class _Editor:
    def __init__(self, position: Position, module: ModuleInfo | None, reader: _Reader) -> None:
        self.position = position
        self.module = module
        self.reader = reader
        self.listed: dict[str, Path] = {}  # piece id -> where the board lists it
        self.places: dict[str, _Place] = {}
        self.members: dict[str, list[str]] = {}  # holder id -> listed member ids, bottom to top
        self.new_pieces: dict[str, Piece] = {}
        self.new_stacks: list[_NewStack] = []
        self.layer_changes: dict[str, dict[int, tuple[Layer, int]]] = {}
        self.stack_moves: dict[str, tuple[str | None, str, str]] = {}
        self.property_values: dict[int, str] = {}
        self.occupied: dict[str, list[tuple[float, float]]] = {}
        for stack in position.stacks.values():
            if stack.map is not None and stack.members:
                self.occupied.setdefault(stack.map, []).append(_float_point(stack.x, stack.y))
        numbers = [int(i) for i in [*position.pieces, *position.stacks, *position.decks] if i.isdigit() and len(i) < 19]
        self.next_id = max(numbers, default=1_000_000_000_000) + 1
        self.taken = {*position.pieces, *position.stacks, *position.decks, *position.added}
        for command in position.commands:  # the AddPiece commands read_position did not read (none in a save)
            fields = pieces.add_piece_fields(command.text) if command.children and not command.opaque else None
            if fields is not None:
                self.taken.add(fields[0])

    # ------------------------------------------------------------------ helpers

    def fresh_id(self) -> str:
        while str(self.next_id) in self.taken:
            self.next_id += 1
        self.taken.add(str(self.next_id))
        return str(self.next_id)

    def zones(self, map_name: str) -> tuple[Zone, ...]:
        return self.module.zones.get(map_name, ()) if self.module is not None else ()

    def check_map(self, map_name: str, path: Path) -> None:
        known = map_name in self.position.maps or (self.module is not None and map_name in self.module.zones)
        if not known:
            maps = sorted(set(self.position.maps) | set(self.module.zones if self.module else ()))
            raise self.reader.edit(path, f"no map {map_name!r} in this save or module (maps: {', '.join(maps)})", key=True)

    def check_zone(self, map_name: str, zone: str, path: Path) -> str:
        """The zone's key as the board shows it (a zone may be named by its name or its location name)."""
        if zone == OFFBOARD:
            return zone
        if self.module is None:
            raise self.reader.edit(
                path, f"zone {zone!r}: zones are known only from the module: give --module MODULE.vmod", key=True
            )
        found = next((z for z in self.zones(map_name) if z.shown == zone), None) or next(
            (z for z in self.zones(map_name) if z.name == zone), None
        )
        if found is None:
            raise self.reader.edit(path, f"map {map_name!r} has no zone {zone!r}", key=True)
        return found.shown

    def check_point(self, map_name: str, zone: str, point: tuple[str, str], path: Path) -> None:
        if self.module is None:
            return
        where = self.module.zone_containing(map_name, *point)
        found = where.shown if where is not None else OFFBOARD
        if found != zone:
            raise self.reader.edit(path, f"at [{point[0]}, {point[1]}] is in {found!r} on {map_name!r}, not in {zone!r}")

    def free_spot(self, map_name: str, zone: str, path: Path) -> tuple[str, str]:
        """A point inside ``zone`` near its middle, away from the other stacks of the map if it can be."""
        taken = self.occupied.setdefault(map_name, [])
        if zone == OFFBOARD:
            if self.zones(map_name) or self.module is None:
                raise self.reader.edit(path, f"a place in {OFFBOARD!r} needs at: [x, y] (no zone says where)")
            x = max((p[0] for p in taken), default=20.0) + 80
            y = max((p[1] for p in taken), default=100.0) if taken else 100.0
            taken.append((x, y))
            return str(int(x)), str(int(y))
        polygon = next(z for z in self.zones(map_name) if z.shown == zone)
        xs = [p[0] for p in polygon.points]
        ys = [p[1] for p in polygon.points]
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        step = max(4.0, min(max(xs) - min(xs), max(ys) - min(ys)) / 12)
        candidates = [(cx, cy)]
        x = float(min(xs))
        while x <= max(xs):
            y = float(min(ys))
            while y <= max(ys):
                candidates.append((x, y))
                y += step
            x += step
        candidates.sort(key=lambda p: math.hypot(p[0] - cx, p[1] - cy))
        inside = [p for p in candidates if polygon.contains(*p)]
        if not inside:
            raise self.reader.edit(path, f"zone {zone!r} of {map_name!r} has no inside point to place a piece at")
        clear = [p for p in inside if all(math.hypot(p[0] - q[0], p[1] - q[1]) >= SPACING for q in taken)]
        spot = (clear or inside)[0]
        taken.append(spot)
        return str(int(round(spot[0]))), str(int(round(spot[1])))

    # ------------------------------------------------------------------ pieces

    def piece_entry(self, value: Any, path: Path) -> str:
        """Read one piece entry; its id (a new piece gets a fresh one)."""
        entry = self.reader.mapping(value, path, _PIECE_KEYS, "a piece")
        if ("id" in entry) == ("new" in entry):
            raise self.reader.bad(path, "a piece has either id (a piece of the save) or new (a palette name to add)")
        if "at" in entry:
            self.reader.point(entry["at"], (*path, "at"))
        if "new" in entry:
            piece_id = self.new_piece(self.reader.text(entry["new"], (*path, "new"), "new"), (*path, "new"))
            for key in ("name", "sdbp_id", "kind", "side"):
                if key in entry:
                    raise self.reader.edit((*path, key), f"{key} of a new piece comes from the palette; leave it out", key=True)
        else:
            piece_id = self.reader.text(entry["id"], (*path, "id"), "id")
            if piece_id not in self.position.pieces:
                raise self.reader.edit((*path, "id"), f"no piece {piece_id!r} in the save (ids are the engine's piece ids)")
            shown = piece_fields(self.position.pieces[piece_id])
            for key in ("name", "sdbp_id", "kind", "side"):
                if key in entry and str(entry[key]) != str(shown.get(key)):
                    raise self.reader.edit(
                        (*path, key), f"{key} of piece {piece_id} is {shown.get(key)!r}: it is shown, not edited", key=True
                    )
        if piece_id in self.listed:
            first = self.reader.at(self.listed[piece_id])
            raise self.reader.edit(path, f"piece {piece_id} is listed twice (first at line {first.line})")
        self.listed[piece_id] = path
        if "layers" in entry:
            self.layers(piece_id, entry["layers"], (*path, "layers"))
        return piece_id

    def piece(self, piece_id: str) -> Piece:
        return self.new_pieces.get(piece_id) or self.position.pieces[piece_id]

    def new_piece(self, name: str, path: Path) -> str:
        if self.module is None:
            raise self.reader.edit(path, f"new {name!r}: the palette is known only from the module: give --module MODULE.vmod")
        if name in self.module.ambiguous_slots:
            raise self.reader.edit(path, f"palette name {name!r} is given to several different pieces of the module")
        slot = self.module.slots.get(name)
        if slot is None:
            raise self.reader.edit(path, f"no palette entry {name!r} in module {self.module.name!r}")
        types = list(slot.type_traits)
        states = list(slot.state_traits)
        basic = pieces.basic_state(states[-1]) if types and pieces.trait_id(types[-1]) == "piece" else None
        if basic is None:
            raise self.reader.edit(path, f"palette entry {name!r} is not a piece sdbp can place")
        piece_id = self.fresh_id()
        properties = tuple((k, v) for k, v in basic.properties if k != "UniqueID") + (("UniqueID", piece_id),)
        basic = pieces.BasicState(None, "0", "0", slot.gpid or basic.gpid, properties, True, basic.extra)
        type_name = pieces.basic_type(types[-1])
        piece = Piece(piece_id, -1, types, states, basic, type_name[3] if type_name else name, layers_of(types, states), is_stackable(types))
        piece.sdbp_id = marker_value(types, states, "sdbp_id")
        self.new_pieces[piece_id] = piece
        return piece_id

    def layers(self, piece_id: str, value: Any, path: Path) -> None:
        piece = self.piece(piece_id)
        if not isinstance(value, dict):
            raise self.reader.bad(path, f"layers must be a mapping of layer name to level, not {_kind(value)}")
        for name, wanted in value.items():
            where = (*path, name)
            layer = next((layer for layer in piece.layers if layer.key == name), None)
            if layer is None:
                have = ", ".join(layer.key for layer in piece.layers) or "none"
                raise self.reader.edit(where, f"piece {piece.name!r} has no layer {name!r} (its layers: {have})", key=True)
            level = self.reader.text(wanted, where, f"layer {name!r}")
            if level == layer.shown:
                continue
            if layer.follows:
                raise self.reader.edit(where, f"layer {name!r} of {piece.name!r} follows a property: the engine sets its level")
            if level == "inactive":
                new_value = -abs(layer.value)
            elif level in layer.levels:
                new_value = layer.levels.index(level) + 1
            elif level.isdigit() and 1 <= int(level) <= len(layer.levels):
                new_value = int(level)
            else:
                raise self.reader.edit(
                    where, f"layer {name!r} of {piece.name!r} has no level {level!r} (levels: {', '.join(layer.levels)}, inactive)"
                )
            if new_value != layer.value:
                self.layer_changes.setdefault(piece_id, {})[layer.trait] = (layer, new_value)

    # ------------------------------------------------------------------ the board

    def read(self, doc: Any) -> None:
        reader = self.reader
        top = reader.mapping(doc, (), _TOP, "the board")
        if top.get("board") != 1:
            raise reader.bad(("board",), "not a board of sdbp (board: 1 expected; write one with `sdbp board SAVE`)")
        maps = top.get("maps") or {}
        if not isinstance(maps, dict):
            raise reader.bad(("maps",), f"maps must be a mapping of map name to zones, not {_kind(maps)}")
        for map_name, zones in maps.items():
            map_path: Path = ("maps", map_name)
            name = reader.text(map_name, map_path, "a map name")
            self.check_map(name, map_path)
            if zones is None:
                continue
            if not isinstance(zones, dict):
                raise reader.bad(map_path, f"map {name!r} must be a mapping of zone name to pieces, not {_kind(zones)}")
            for zone_key, items in zones.items():
                zone_path: Path = (*map_path, zone_key)
                zone = reader.text(zone_key, zone_path, "a zone name")
                zone = self.check_zone(name, zone, zone_path)
                self.zone_items(name, zone, reader.listing(items, zone_path, f"zone {zone!r}"), zone_path)
        for index, value in enumerate(reader.listing(top.get("decks"), ("decks",), "decks")):
            self.deck_entry(value, ("decks", index))
        for index, value in enumerate(reader.listing(top.get("off_map"), ("off_map",), "off_map")):
            piece_id = self.piece_entry(value, ("off_map", index))
            self.places[piece_id] = _Place(None, None, "0", "0")
        self.properties(reader.listing(top.get("properties"), ("properties",), "properties"))
        turns = reader.listing(top.get("turn"), ("turn",), "turn")
        shown = [{"tracker": t, "state": s} for t, s in self.position.turns]
        if turns != shown:
            raise reader.edit(("turn",), "the turn is shown, not edited (set it in the engine)")

    def zone_items(self, map_name: str, zone: str, items: list[Any], path: Path) -> None:
        first_stack: str | None = None
        bare: list[tuple[str, Path, dict[str, Any]]] = []
        for index, item in enumerate(items):
            item_path = (*path, index)
            if isinstance(item, dict) and "pieces" in item:
                holder = self.stack_entry(map_name, zone, item, item_path)
                first_stack = first_stack or holder
            else:
                piece_id = self.piece_entry(item, item_path)
                bare.append((piece_id, item_path, item))
        for piece_id, item_path, item in bare:
            piece = self.piece(piece_id)
            point = self.reader.point(item["at"], (*item_path, "at")) if "at" in item else None
            old = self.position.pieces.get(piece_id)
            loose = old is not None and old.id not in self.position.holder and old.basic.map is not None
            here = (
                old is not None and loose and old.basic.map == map_name
                and self.position.zone(self.module, map_name, old.basic.x, old.basic.y) == zone
            )
            if old is not None and loose and not here and point == (old.basic.x, old.basic.y):
                point = None  # the place the board showed came along with the line: the zone decides
            if point is not None:
                self.check_point(map_name, zone, point, (*item_path, "at"))
            if not piece.stackable or (here and point in (None, (old.basic.x, old.basic.y) if old is not None else None)):
                if point is None:
                    point = (old.basic.x, old.basic.y) if here and old is not None else self.free_spot(map_name, zone, item_path)
                self.places[piece_id] = _Place(None, map_name, *point)
                continue
            if point is None and first_stack is not None:
                self.join(first_stack, piece_id)
                continue
            if point is None:
                point = self.free_spot(map_name, zone, item_path)
            new = _NewStack(self.fresh_id(), map_name, point[0], point[1], [])
            self.new_stacks.append(new)
            first_stack = first_stack or new.id
            self.join(new.id, piece_id)

    def join(self, holder: str, piece_id: str) -> None:
        self.members.setdefault(holder, []).append(piece_id)
        self.places[piece_id] = _Place(holder, None, "", "")

    def stack_entry(self, map_name: str, zone: str, value: dict[str, Any], path: Path) -> str:
        entry = self.reader.mapping(value, path, _STACK_KEYS, "a stack")
        point = self.reader.point(entry["at"], (*path, "at")) if "at" in entry else None
        if "stack" in entry:
            stack_id = self.reader.text(entry["stack"], (*path, "stack"), "stack")
            stack = self.position.stacks.get(stack_id)
            if stack is None:
                raise self.reader.edit((*path, "stack"), f"no stack {stack_id!r} in the save")
            if stack_id in self.members:
                raise self.reader.edit((*path, "stack"), f"stack {stack_id} is listed twice")
            self.members[stack_id] = []
            old_zone = self.position.zone(self.module, stack.map, stack.x, stack.y)
            moved_point = point is not None and point != (stack.x, stack.y)
            if moved_point:
                assert point is not None
                self.check_point(map_name, zone, point, (*path, "at"))
                self.stack_moves[stack_id] = (map_name, point[0], point[1])
            elif stack.map != map_name or old_zone != zone:
                self.stack_moves[stack_id] = (map_name, *self.free_spot(map_name, zone, path))
            holder = stack_id
        else:
            if point is None:
                point = self.free_spot(map_name, zone, path)
            else:
                self.check_point(map_name, zone, point, (*path, "at"))
            new = _NewStack(self.fresh_id(), map_name, point[0], point[1], [])
            self.new_stacks.append(new)
            holder = new.id
            self.members[holder] = []
        for index, item in enumerate(self.reader.listing(entry.get("pieces"), (*path, "pieces"), "pieces")):
            piece_id = self.piece_entry(item, (*path, "pieces", index))
            if not self.piece(piece_id).stackable:
                raise self.reader.edit((*path, "pieces", index), f"piece {self.piece(piece_id).name!r} does not stack (list it under the zone)")
            self.join(holder, piece_id)
        return holder

    def deck_entry(self, value: Any, path: Path) -> None:
        entry = self.reader.mapping(value, path, _DECK_KEYS, "a deck")
        deck_id = self.reader.text(entry.get("deck"), (*path, "deck"), "deck")
        deck = self.position.decks.get(deck_id)
        if deck is None:
            raise self.reader.edit((*path, "deck"), f"no deck {deck_id!r} in the save")
        if deck_id in self.members:
            raise self.reader.edit((*path, "deck"), f"deck {deck_id} is listed twice")
        shown = {"name": deck.name, "map": deck.map, "face_down": deck.face_down == "true", "at": _ints(deck.x, deck.y)}
        for key, old in shown.items():
            if key in entry and entry[key] != old:
                raise self.reader.edit((*path, key), f"{key} of deck {deck.name!r} is shown, not edited", key=True)
        self.members[deck_id] = []
        for index, item in enumerate(self.reader.listing(entry.get("cards"), (*path, "cards"), "cards")):
            self.join(deck_id, self.piece_entry(item, (*path, "cards", index)))

    def properties(self, items: list[Any]) -> None:
        props = self.position.properties
        if len(items) != len(props):
            raise self.reader.edit(("properties",), f"the save has {len(props)} global properties; a value can be changed, a property not added or removed")
        for index, (item, prop) in enumerate(zip(items, props, strict=True)):
            path: Path = ("properties", index)
            entry = self.reader.mapping(item, path, ("name", "value", "container"), "a property")
            for key, old in (("name", prop.name), ("container", prop.container)):
                if self.reader.text(entry.get(key, ""), (*path, key), key) != old:
                    raise self.reader.edit((*path, key), f"property {index + 1} is {prop.name!r} of {prop.container!r}: only its value is edited")
            if "value" not in entry:
                raise self.reader.bad(path, "a property needs its value")
            value = "" if entry["value"] is None else self.reader.text(entry["value"], (*path, "value"), "value")
            if value != prop.value:
                self.property_values[index] = value


def _ints(x: str, y: str) -> list[int | str]:
    out: list[int | str] = []
    for value in (x, y):
        out.append(int(value) if value.lstrip("-").isdigit() else value)
    return out


def _float_point(x: str, y: str) -> tuple[float, float]:
    try:
        return float(x), float(y)
    except ValueError:
        return 0.0, 0.0


def shown_pieces(position: Position) -> set[str]:
    """The pieces the board lists: in a deck, in a stack on a map, loose on a map, or on no map and in nothing."""
    out: set[str] = set()
    for piece_id in position.pieces:
        holder = position.holder.get(piece_id)
        if holder is None or holder in position.decks or position.stacks[holder].map is not None:
            out.add(piece_id)
    return out


class _Applier:
    """Turns what the editor read into new commands, in an order the engine can load."""

    def __init__(self, editor: _Editor, tree: Command) -> None:
        self.editor = editor
        self.position = editor.position
        self.module = editor.module
        self.tree = tree
        self.lines: list[str] = []

    def where(self, map_name: str | None, x: str, y: str, holder: str | None) -> str:
        position = self.position
        if holder is not None and holder in position.decks:
            return position.decks[holder].name
        if map_name is None:
            return "off the map"
        zone = position.zone(self.module, map_name, x, y)
        first = position.maps[0] if position.maps else None
        if zone == OFFBOARD:
            if self.module is None:
                return f"{map_name} [{x}, {y}]"
            return map_name if not self.module.zones.get(map_name) else f"{map_name} ({OFFBOARD})"
        return zone if map_name == first else f"{map_name} {zone}"

    def mask_drawn(self, piece: Piece, old_holder: str | None, holder: str | None, map_name: str | None) -> str | None:
        """A card drawn from a face-down deck into a hand of one side is masked for that side, as the engine
        masks a card drawn by that side's player (``Deck.pieceRemoved``: Mask owner = the drawer's side, options
        ``|0``); only for a Mask whose access is by side. The side, or ``None`` when nothing is masked."""
        deck = self.position.decks.get(old_holder) if old_holder is not None else None
        if deck is None or deck.face_down != "true" or holder in self.position.decks or self.module is None or map_name is None:
            return None
        fields = split_exact(deck.type[5:], ";") or []
        if len(fields) > _DECK_DRAW_FACE_UP and fields[_DECK_DRAW_FACE_UP] == "true":
            return None
        sides = self.module.hand_sides.get(map_name, ())
        if len(sides) != 1:
            return None
        for index, trait in enumerate(piece.types):
            if not trait.startswith("obs;"):
                continue
            obs = split_exact(trait[4:], ";") or []
            if len(obs) > _OBS_ACCESS and obs[_OBS_ACCESS].startswith("side:") and split_exact(piece.states[index], ";") in (["null", ""], ["null"]):
                piece.states[index] = se_encode([sides[0], "|0"], ";") or ""
                return sides[0]
        return None

    def apply(self) -> Result:
        editor, position = self.editor, self.position
        shown = shown_pieces(position)
        removed = [pid for pid in position.pieces if pid in shown and pid not in editor.listed]
        # final holders: members bottom to top, and place
        stack_place: dict[str, tuple[str | None, str, str]] = {}
        final_members: dict[str, list[str]] = {}
        for stack in position.stacks.values():
            hidden = [m for m in stack.members if m not in shown]
            listed = editor.members.get(stack.id)
            if listed is None:
                listed = [m for m in stack.members if m in shown and editor.places.get(m, _Place(None, None, "", "")).holder == stack.id]
            final_members[stack.id] = hidden + listed
            stack_place[stack.id] = editor.stack_moves.get(stack.id, (stack.map, stack.x, stack.y))
        for deck in position.decks.values():
            hidden = [c for c in deck.cards if c not in shown]
            final_members[deck.id] = hidden + editor.members.get(deck.id, [])
            stack_place[deck.id] = (deck.map, deck.x, deck.y)
        for new in editor.new_stacks:
            final_members[new.id] = editor.members.get(new.id, [])
            stack_place[new.id] = (new.map, new.x, new.y)
        texts: dict[str, str] = {}  # id -> new AddPiece text (changed commands only)
        # pieces
        all_pieces = {**position.pieces, **editor.new_pieces}
        for piece_id, place in editor.places.items():
            piece = all_pieces[piece_id]
            old = position.pieces.get(piece_id)
            if place.holder is not None:
                map_name, x, y = stack_place[place.holder]
            else:
                map_name, x, y = place.map, place.x, place.y
                if map_name is None and old is not None:
                    x, y = old.basic.x, old.basic.y
            basic = piece.basic
            old_holder = position.holder.get(piece_id)
            if old is not None and place.holder is not None and place.holder == old_holder and place.holder not in editor.stack_moves:
                map_name, x, y = basic.map, basic.x, basic.y  # stays where it was: its own stored place is kept
            moved = (basic.map, basic.x, basic.y) != (map_name, x, y)
            piece.basic = pieces.BasicState(map_name, x, y, basic.gpid, basic.properties, basic.has_count, basic.extra)
            for trait, (layer, value) in editor.layer_changes.get(piece_id, {}).items():
                piece.states[trait] = str(value)
                shown_level = Layer(layer.name, layer.levels, trait, value, layer.follows).shown
                if old is not None:
                    self.lines.append(f"{piece.name}: {layer.key} {layer.shown} → {shown_level}")
                layer.value = value
            if old is None:
                self.lines.append(f"{piece.name}: added in {self.where(map_name, x, y, place.holder)}")
                texts[piece_id] = piece.text()
                continue
            masked = self.mask_drawn(piece, old_holder, place.holder, map_name)
            if moved or (old_holder in position.decks) != (place.holder in position.decks):
                before = self.where(basic.map, basic.x, basic.y, old_holder)
                after = self.where(map_name, x, y, place.holder)
                line = f"{piece.name}: {before} → {after}" if before != after else f"{piece.name}: moved within {after}"
                self.lines.append(line + (f" (masked: seen by {masked} only)" if masked else ""))
            elif old_holder != place.holder:
                self.lines.append(f"{piece.name}: restacked in {self.where(map_name, x, y, place.holder)}")
            if moved or masked or piece_id in editor.layer_changes:
                texts[piece_id] = piece.text()
        for piece_id in removed:
            piece = position.pieces[piece_id]
            self.lines.append(f"{piece.name}: removed from {self.where(piece.basic.map, piece.basic.x, piece.basic.y, position.holder.get(piece_id))}")
        # holders
        dropped: set[str] = set(removed)
        for stack in position.stacks.values():
            members = final_members[stack.id]
            map_name, x, y = stack_place[stack.id]
            if not members and stack.members:
                dropped.add(stack.id)
                continue
            if (members, map_name, x, y) != (stack.members, stack.map, stack.x, stack.y):
                if members != stack.members and set(members) == set(stack.members) and (map_name, x, y) == (stack.map, stack.x, stack.y):
                    names = ", ".join(all_pieces[m].name for m in members if m in all_pieces)
                    self.lines.append(f"{self.where(map_name, x, y, None)}: restacked, bottom to top: {names}")
                texts[stack.id] = Stack(stack.id, stack.index, map_name, x, y, members, stack.tail).text()
        for deck in position.decks.values():
            members = final_members[deck.id]
            if members != deck.cards:
                if sorted(members) == sorted(deck.cards):
                    self.lines.append(f"{deck.name}: cards reordered")
                texts[deck.id] = type(deck)(
                    deck.id, deck.index, deck.type, deck.name, deck.map, deck.x, deck.y, deck.face_down, members, deck.tail
                ).text()
        new_texts: dict[str, str] = {}
        for piece_id in editor.new_pieces:
            new_texts[piece_id] = texts.pop(piece_id)
        for new in editor.new_stacks:
            if final_members[new.id]:
                tail = ["@@1"] if any(s.tail == ["@@1"] for s in position.stacks.values()) or not position.stacks else []
                new_texts[new.id] = Stack(new.id, -1, new.map, new.x, new.y, final_members[new.id], tail).text()
        for prop_index, prop_value in sorted(editor.property_values.items()):
            prop = position.properties[prop_index]
            self.lines.append(f"property {prop.name}: {prop.value or '(empty)'} → {prop_value or '(empty)'}")
        changed = bool(texts or new_texts or dropped or editor.property_values)
        if not changed:
            return Result(self.tree, self.lines, False)
        return Result(self.rebuild(texts, new_texts, dropped, final_members), self.lines, True)

    def rebuild(self, texts: dict[str, str], new_texts: dict[str, str], dropped: set[str], members: dict[str, list[str]]) -> Command:
        position = self.position
        assert position.group is not None
        ids: list[str | None] = []
        for command in position.commands:
            fields = pieces.add_piece_fields(command.text) if not command.opaque and not command.children else None
            ids.append(fields[0] if fields is not None else None)
        index_of = {pid: i for i, pid in enumerate(ids) if pid is not None}
        sequence: list[str | int] = [i for i, pid in enumerate(ids) if pid is None or pid not in dropped]
        sequence += list(new_texts)
        emitted: set[str] = set()
        out: list[Command] = []

        def emit(key: str | int) -> None:
            pid = ids[key] if isinstance(key, int) else key
            if pid is not None:
                if pid in emitted:
                    return
                emitted.add(pid)
                for member in members.get(pid, ()):
                    if member not in emitted and (member in new_texts or (member in index_of and member not in dropped)):
                        emit(member if member in new_texts else index_of[member])
            if isinstance(key, str):
                out.append(Command(new_texts[key]))
            elif pid is not None and pid in texts:
                out.append(Command(texts[pid], position.commands[key].children))
            else:
                out.append(position.commands[key])

        for key in sequence:
            emit(key)
        group = Command(position.group.text, tuple(out), position.group.opaque)
        replacements: dict[int, Command] = {id(position.group): group}
        for index, value in self.editor.property_values.items():
            prop = position.properties[index]
            text = "GlobalProperty\t;" + (_se([prop.name, value, prop.container]))
            replacements[id(prop.node)] = Command(text, prop.node.children)
        return replace_nodes(self.tree, replacements)


def _se(tokens: list[str]) -> str:
    return se_encode(tokens, ";") or ""


def replace_nodes(tree: Command, replacements: dict[int, Command]) -> Command:
    """``tree`` with the nodes whose ``id`` is a key replaced, and their ancestors rebuilt (no recursion)."""
    parents: dict[int, Command] = {}
    for node in tree.walk():
        for child in node.children:
            parents[id(child)] = node
    need: set[int] = set()
    for key in replacements:
        current = parents.get(key)
        while current is not None and id(current) not in need:
            need.add(id(current))
            current = parents.get(id(current))
    built: dict[int, Command] = dict(replacements)
    for node in reversed(list(tree.walk())):
        if id(node) in need and id(node) not in replacements:
            built[id(node)] = Command(node.text, tuple(built.get(id(c), c) for c in node.children), node.opaque)
    return built.get(id(tree), tree)


def apply_board(source: SourceFile, position: Position, module: ModuleInfo | None, tree: Command) -> Result:
    """Apply the board ``source`` to the save read as ``tree``/``position`` (see the module docstring)."""
    reader = _Reader(source)
    if position.scattered:
        raise InputError(f"{source.display}: the save's pieces are added in more than one place of its command tree; sdbp board edits saves the engine wrote")
    editor = _Editor(position, module, reader)
    editor.read(source.value)
    return _Applier(editor, tree).apply()
