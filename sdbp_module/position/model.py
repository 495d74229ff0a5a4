"""A save's position: its pieces, stacks and decks as records, read from the command tree.

A save (format reference §5.5) holds one group of AddPiece commands: pieces first (a stack or deck
resolves its member ids when it is added), then the stacks and decks that hold them, map by map.
:func:`read_position` reads that group into records that remember the index of their command, so an
edit rewrites only the commands it touches (``position.edits``) and a save with no edits stays the
same text. The module (``codec.module_info``), when given, names the zone of each place.

Pieces whose strings are not in a form we can write back exactly (:func:`codec.pieces.split_chain`
gives ``None``) are kept verbatim and never shown or edited; so are empty stacks (the engine ignores
them) and commands of any other kind.
"""

from __future__ import annotations

from dataclasses import field

from sdbp_module.codec import pieces
from sdbp_module.codec.module_info import ModuleInfo, marker_values
from sdbp_module.codec.sequence import decode as se_decode
from sdbp_module.codec.sequence import encode as se_encode
from sdbp_module.codec.tree import Command, split_exact
from sdbp_module.records import record

OFFBOARD = "offboard"
"""The zone key of a place on a map that lies in none of the map's zones (or a map the module does not zone)."""

_EMB_LAYER_NAME = 18  # emb2 type fields (after the id), 0-based: layerName
_EMB_IMAGES = 15
_EMB_LEVEL_NAMES = 16
_EMB_FOLLOW = 21
_DECK_NAME = 12  # deck type fields (after the id), 0-based: deckName


@record(frozen=False)
class Layer:
    """A Layer (``emb2``) trait of a piece: its name, the names of its levels, its state's index in the chain."""

    name: str
    levels: tuple[str, ...]
    trait: int
    value: int  # the engine's state: level index + 1, negative when inactive
    follows: bool  # the level follows a property (the engine sets it, not an edit)
    key: str = ""  # the name the board shows: the layer name, numbered when a piece has two of a name

    @property
    def shown(self) -> str:
        """The level name (``inactive`` when the layer is switched off)."""
        if self.value <= 0:
            return "inactive"
        index = self.value - 1
        return self.levels[index] if index < len(self.levels) else str(self.value)


@record(frozen=False)
class Piece:
    """A piece (not a stack or deck): its command, its traits' type and state strings, its BasicPiece."""

    id: str
    index: int
    types: list[str]
    states: list[str]
    basic: pieces.BasicState
    name: str
    layers: list[Layer]
    stackable: bool
    sdbp_id: str | None = None
    side: str | None = None
    kind: str | None = None

    def text(self) -> str:
        """The AddPiece command for the piece as it is now."""
        states = list(self.states)
        states[-1] = pieces.basic_state_text(self.basic)
        return pieces.add_piece_text(self.id, pieces.join_chain(self.types), pieces.join_chain(states))


@record(frozen=False)
class Stack:
    """A stack: map, position, member ids bottom to top, and the tokens after them (``@@layer``)."""

    id: str
    index: int
    map: str | None
    x: str
    y: str
    members: list[str]
    tail: list[str]

    def text(self) -> str:
        tokens = ["null" if self.map is None else self.map, self.x, self.y, *self.members, *self.tail]
        return pieces.add_piece_text(self.id, "stack", _join(tokens, ";"))


@record(frozen=False)
class Deck:
    """A deck: its type (kept), name, map, position, face-down flag, card ids bottom to top, extra tokens."""

    id: str
    index: int
    type: str
    name: str
    map: str | None
    x: str
    y: str
    face_down: str
    cards: list[str]
    tail: list[str]

    def text(self) -> str:
        tokens = ["null" if self.map is None else self.map, self.x, self.y, self.face_down]
        if self.cards or self.tail:
            tokens.append(_join(self.cards, ","))
        return pieces.add_piece_text(self.id, self.type, _join([*tokens, *self.tail], ";"))


def _join(tokens: list[str], delimiter: str) -> str:
    return se_encode(tokens, delimiter) or ""


@record(frozen=False)
class GlobalProperty:
    """A ``GlobalProperty`` restore command: name, value, container, and where the command is."""

    name: str
    value: str
    container: str
    node: Command


@record(frozen=False)
class Position:
    """Everything :func:`read_position` read, and where (the group node holding the AddPiece commands)."""

    group: Command | None
    commands: list[Command]
    pieces: dict[str, Piece] = field(default_factory=dict)
    stacks: dict[str, Stack] = field(default_factory=dict)
    decks: dict[str, Deck] = field(default_factory=dict)
    holder: dict[str, str] = field(default_factory=dict)  # piece id -> the stack or deck id that holds it
    properties: list[GlobalProperty] = field(default_factory=list)
    turns: list[tuple[str, str]] = field(default_factory=list)  # (tracker id, state)
    maps: list[str] = field(default_factory=list)  # map names, in the order met
    added: set[str] = field(default_factory=set)  # the id of every AddPiece command of the group without children, read or kept verbatim
    scattered: bool = False  # AddPiece commands under more than one node: read, but not editable

    def zone(self, module: ModuleInfo | None, map_name: str | None, x: str, y: str) -> str:
        """The zone of a place on a map as the engine names a location in it (``14 Hill``, else the zone's
        name; ``OFFBOARD`` when in none, or without a module)."""
        if module is None:
            return OFFBOARD
        zone = module.zone_containing(map_name, x, y)
        return zone.shown if zone is not None else OFFBOARD


def layers_of(types: list[str], states: list[str]) -> list[Layer]:
    """The named Layer traits of a piece with more than one level."""
    out: list[Layer] = []
    for index, (trait_type, state) in enumerate(zip(types, states, strict=True)):
        if not trait_type.startswith("emb2;"):
            continue
        fields = se_decode(trait_type[5:], ";")
        if len(fields) <= _EMB_LAYER_NAME or not fields[_EMB_LAYER_NAME]:
            continue
        images = se_decode(fields[_EMB_IMAGES], ",") if fields[_EMB_IMAGES] else []
        names = se_decode(fields[_EMB_LEVEL_NAMES], ",") if fields[_EMB_LEVEL_NAMES] else []
        count = max(len(images), len(names))
        if count < 2:
            continue
        try:
            value = int(state)
        except ValueError:
            continue
        levels = _level_names([names[i] if i < len(names) else "" for i in range(count)], images)
        follows = len(fields) > _EMB_FOLLOW and fields[_EMB_FOLLOW] == "true"
        out.append(Layer(fields[_EMB_LAYER_NAME], levels, index, value, follows))
    seen: dict[str, int] = {}
    for layer in out:
        seen[layer.name] = seen.get(layer.name, 0) + 1
        layer.key = layer.name if seen[layer.name] == 1 else f"{layer.name} ({seen[layer.name]})"
    return out


def _level_names(names: list[str], images: list[str]) -> tuple[str, ...]:
    """A readable, unique name per level: the level name without ``+`` and brackets, else the image, else
    ``level N``."""
    out: list[str] = []
    for i, raw in enumerate(names):
        name = raw.replace("+", " ").strip().strip("()[]").strip()
        if not name and i < len(images) and images[i]:
            name = images[i].rsplit("/", 1)[-1].rsplit(".", 1)[0]
        if not name or name in out or name == "inactive" or name.isdigit():
            name = f"level {i + 1}"
        out.append(name)
    return tuple(out)


def is_stackable(types: list[str]) -> bool:
    """False for a piece with a Does Not Stack trait whose stacking flag is not ``L`` (§4.6)."""
    for trait_type in types:
        if trait_type.startswith("immob;"):
            flags = trait_type.split(";")
            return len(flags) > 3 and flags[3] == "L"
    return True


def _read_piece(piece_id: str, index: int, type_text: str, state_text: str) -> Piece | None:
    types = pieces.split_chain(type_text)
    states = pieces.split_chain(state_text)
    if types is None or states is None or len(types) != len(states) or pieces.trait_id(types[-1]) != "piece":
        return None
    basic = pieces.basic_state(states[-1])
    if basic is None or pieces.basic_state_text(basic) != states[-1]:
        return None
    basic_type = pieces.basic_type(types[-1])
    name = basic_type[3] if basic_type is not None else ""
    piece = Piece(piece_id, index, types, states, basic, name, layers_of(types, states), is_stackable(types))
    sdbp_id, side, kind = marker_values(types, states, _OUR_MARKERS)
    if sdbp_id is not None:
        piece.sdbp_id, piece.side, piece.kind = sdbp_id, side, kind
    return piece


_OUR_MARKERS = ("sdbp_id", "side", "sdbp_kind")
"""The Marker properties of a piece sdbp built: its id, and with it its side and kind (read in one pass)."""


def _read_stack(piece_id: str, index: int, state: str) -> Stack | None:
    tokens = split_exact(state, ";")
    if tokens is None or len(tokens) < 3:
        return None
    members = tokens[3:]
    tail: list[str] = []
    while members and members[-1].startswith("@@"):
        tail.insert(0, members.pop())
    stack = Stack(piece_id, index, None if tokens[0] == "null" else tokens[0], tokens[1], tokens[2], members, tail)
    return stack if stack.text() == pieces.add_piece_text(piece_id, "stack", state) else None


def _read_deck(piece_id: str, index: int, deck_type: str, state: str) -> Deck | None:
    tokens = split_exact(state, ";")
    fields = split_exact(deck_type[5:], ";")
    if tokens is None or fields is None or len(tokens) < 4 or len(fields) <= _DECK_NAME:
        return None
    cards = (split_exact(tokens[4], ",") or [tokens[4]]) if len(tokens) > 4 and tokens[4] else []
    deck = Deck(
        piece_id, index, deck_type, fields[_DECK_NAME], None if tokens[0] == "null" else tokens[0], tokens[1], tokens[2],
        tokens[3], cards, tokens[5:],
    )
    return deck if deck.text() == pieces.add_piece_text(piece_id, deck_type, state) else None


def _find_group(tree: Command) -> tuple[Command | None, bool]:
    """The node whose children hold the AddPiece commands, and whether some are elsewhere too."""
    holders: list[Command] = []
    for node in tree.walk():
        if node.opaque:
            continue
        if any(child.text.startswith("+/") for child in node.children):
            holders.append(node)
    if not holders:
        return None, False
    best = max(holders, key=lambda n: sum(1 for c in n.children if c.text.startswith("+/")))
    return best, len(holders) > 1


def read_position(tree: Command) -> Position:
    """The position of a save's command tree (see the module docstring)."""
    group, scattered = _find_group(tree)
    position = Position(group, list(group.children) if group is not None else [], scattered=scattered)
    maps: dict[str, None] = {}
    for index, command in enumerate(position.commands):
        if command.opaque or command.children:
            continue
        fields = pieces.add_piece_fields(command.text)
        if fields is None:
            continue
        piece_id, type_text, state_text = fields
        position.added.add(piece_id)
        if type_text == "stack":
            stack = _read_stack(piece_id, index, state_text)
            if stack is not None:
                position.stacks[piece_id] = stack
        elif type_text.startswith("deck;"):
            deck = _read_deck(piece_id, index, type_text, state_text)
            if deck is not None:
                position.decks[piece_id] = deck
        else:
            piece = _read_piece(piece_id, index, type_text, state_text)
            if piece is not None:
                position.pieces[piece_id] = piece
                if piece.basic.map is not None:
                    maps.setdefault(piece.basic.map)
    holders: list[Stack | Deck] = [*position.stacks.values(), *position.decks.values()]
    for holder in holders:
        members = holder.members if isinstance(holder, Stack) else holder.cards
        for member in members:
            if member in position.pieces and member not in position.holder:
                position.holder[member] = holder.id
        if holder.map is not None:
            maps.setdefault(holder.map)
    for node in tree.walk():
        if node.opaque:
            continue
        text = node.text
        if text.startswith("GlobalProperty\t;"):
            tokens = split_exact(text[len("GlobalProperty\t;") :], ";")
            if tokens is not None and len(tokens) == 3:
                position.properties.append(GlobalProperty(tokens[0], tokens[1], tokens[2], node))
        elif text.startswith("TURN") and "\t" in text:
            tracker, _, state = text[4:].partition("\t")
            position.turns.append((tracker, state))
        elif not text.startswith(("+/", "LOG\t")) and "BoardPicker\t" in text:  # (not searched through the pieces' long texts)
            maps.setdefault(text.split("BoardPicker\t", 1)[0])
    position.maps = list(maps)
    return position
