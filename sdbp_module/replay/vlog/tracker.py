"""Pieces of a save/log as the commands create, move, change and delete them (format reference §4, §5.4).

Keyed by the VASSAL piece id. Each piece keeps its trait chain (type and state strings, outermost
first, as the codec splits them), its ``sdbp_id``/``sdbp_kind`` Marker properties and its position.
Stacks keep their members, bottom to top, so that a ``M/<stackId>`` moves every piece in it; a
piece moved on its own leaves its stack and joins the stack it is dropped on (right above its
``underId``) or, without one, the stack at exactly that spot as its bottom piece, as the engine's
``MovePiece`` does. Decks are positions only: their cards carry the deck's position in their own
BasicPiece state.
"""

from __future__ import annotations

from dataclasses import field

from sdbp_module.codec import pieces
from sdbp_module.codec.module_info import marker_values
from sdbp_module.codec.sequence import decode as se_decode
from sdbp_module.records import record

SPENT_LAYER = "Spent"
_PROPERTIES = ("sdbp_id", "sdbp_kind")  # the Marker properties a tracked piece keeps


@record(frozen=False)
class TrackedPiece:
    """One piece of the save as the commands leave it: its trait chain, map and position, and its Marker properties."""

    piece_id: str
    types: list[str]
    states: list[str]
    map: str | None
    x: str
    y: str
    sdbp_id: str | None = None  # Marker properties: constant for the piece's life, read once
    kind: str | None = None
    layers: dict[str, int] = field(default_factory=dict, init=False, repr=False, compare=False)
    """Where the Layer of each name asked for is in the chain (-1: none), its type read once: the types
    stay, only the states change."""

    def __post_init__(self) -> None:
        self.sdbp_id, self.kind = marker_values(self.types, self.states, _PROPERTIES)

    def layer_level(self, name: str) -> int | None:
        """Current level of the Layer (``emb2;``) called ``name``; ``None`` if absent or unreadable."""
        index = self.layers.get(name)
        if index is None:
            index = self.layers[name] = self._layer_index(name)
        if index < 0 or index >= len(self.states):
            return None
        try:
            return abs(int(se_decode(self.states[index], ";")[0]))
        except (ValueError, IndexError):
            return None

    def _layer_index(self, name: str) -> int:
        """The index of the first Layer called ``name``, -1 if none."""
        for index, trait_type in enumerate(self.types):
            if trait_type.startswith("emb2;"):
                fields = se_decode(trait_type[5:], ";")
                if len(fields) > 18 and fields[18] == name:
                    return index
        return -1

    @property
    def spent(self) -> bool | None:
        level = self.layer_level(SPENT_LAYER)
        return None if level is None else level == 2

    def prop(self, name: str) -> str | None:
        """Value of the Dynamic Property ``name`` (``PROP;name;…``), if the piece has one."""
        for trait_type, state in zip(self.types, self.states, strict=False):
            if trait_type.startswith("PROP;"):
                fields = se_decode(trait_type[5:], ";")
                if fields and fields[0] == name:
                    return state
        return None

    def set_state(self, state: str) -> bool:
        """Take a new state string; False if it does not split into one token per trait."""
        states = pieces.split_chain(state)
        if states is None or len(states) != len(self.types):
            return False
        self.states = states
        basic = pieces.basic_state(states[-1])
        if basic is not None:
            self.map, self.x, self.y = basic.map, basic.x, basic.y
        return True


@record
class Moved:
    """One piece moved by a command: where it was and where it went."""

    piece: TrackedPiece
    old: tuple[str | None, str, str]
    new: tuple[str | None, str, str]


@record(frozen=False)
class Tracker:
    """Every piece, stack and deck position of the save, as the commands create, move and delete them."""

    pieces: dict[str, TrackedPiece] = field(default_factory=dict)
    stacks: dict[str, list[str]] = field(default_factory=dict)
    positions: dict[str, tuple[str | None, str, str]] = field(default_factory=dict)  # stacks and decks

    def add(self, piece_id: str, piece_type: str, state: str) -> TrackedPiece | None:
        """Register an AddPiece; returns the piece (``None`` for a stack, deck or unreadable chain)."""
        if piece_type == "stack" or piece_type.startswith("deck;"):
            tokens = se_decode(state, ";") + ["", ""]
            self.positions[piece_id] = (None if tokens[0] == "null" else tokens[0], tokens[1], tokens[2])
            if piece_type == "stack":
                members = [t for t in tokens[3:] if t[:2] != "@@" and t in self.pieces]
                # its members leave the stacks they were in; a stack holding none of them is passed by one C
                # call (a save's stacks share no piece: a scan of each for each member cost 6.1 M instructions
                # over a small log's 84 stacks, 2.7 M so)
                joining = set(members)
                for other in self.stacks.values():
                    if joining.isdisjoint(other):
                        continue
                    for m in members:
                        if m in other:
                            other.remove(m)
                self.stacks[piece_id] = members
            return None
        types = pieces.split_chain(piece_type)
        states = pieces.split_chain(state)
        if types is None or states is None or len(types) != len(states):
            return None
        basic = pieces.basic_state(states[-1])
        if basic is None:
            return None
        piece = TrackedPiece(piece_id, types, states, basic.map, basic.x, basic.y)
        self.pieces[piece_id] = piece
        return piece

    def stack_of(self, piece_id: str) -> str | None:
        for sid, members in self.stacks.items():
            if piece_id in members:
                return sid
        return None

    def stack_at(self, where: tuple[str | None, str, str], exclude: str | None = None) -> str | None:
        """The first stack with members at exactly ``where`` (other than ``exclude``)."""
        for sid, members in self.stacks.items():
            if sid != exclude and members and self.positions.get(sid) == where:
                return sid
        return None

    def move(self, piece_id: str, new: tuple[str | None, str, str], under: str | None) -> list[Moved] | None:
        """Apply a MovePiece; the pieces it moved, or ``None`` if the id is unknown."""
        if piece_id in self.stacks:
            members = list(self.stacks[piece_id])
            moved = [self._place(self.pieces[m], new) for m in members if m in self.pieces]
            target = self.stack_at(new, piece_id)
            if target is not None:
                self.stacks[target] = members + self.stacks[target]
                self.stacks[piece_id] = []
            self.positions[piece_id] = new
            return moved
        if piece_id in self.positions:  # a deck moved: its cards go with it
            self.positions[piece_id] = new
            return []
        piece = self.pieces.get(piece_id)
        if piece is None:
            return None
        old_stack = self.stack_of(piece_id)
        if old_stack is not None:
            self.stacks[old_stack].remove(piece_id)
        one = self._place(piece, new)
        target = self.stack_of(under) if under else None
        if under and target is not None:
            members = self.stacks[target]
            members.insert(members.index(under) + 1, piece_id)
            return [one]
        target = self.stack_at(new)
        if target is not None:
            self.stacks[target].insert(0, piece_id)
        return [one]

    def _place(self, piece: TrackedPiece, new: tuple[str | None, str, str]) -> Moved:
        old = (piece.map, piece.x, piece.y)
        piece.map, piece.x, piece.y = new
        basic = pieces.basic_state(piece.states[-1])
        if basic is not None:  # the state at the new position (built, not ``dataclasses.replace``d: a move of the log's each)
            moved = pieces.BasicState(
                map=new[0], x=new[1], y=new[2], gpid=basic.gpid, properties=basic.properties, has_count=basic.has_count, extra=basic.extra
            )
            piece.states[-1] = pieces.basic_state_text(moved)
        return Moved(piece, old, new)

    def remove(self, piece_id: str) -> TrackedPiece | None:
        piece = self.pieces.pop(piece_id, None)
        sid = self.stack_of(piece_id)
        if sid is not None:
            self.stacks[sid].remove(piece_id)
        self.stacks.pop(piece_id, None)
        self.positions.pop(piece_id, None)
        return piece
