"""Log steps: what each replay step of a ``.vlog`` did, one JSON object per step (``.jsonl``).

Format reference §5.6: after ``end_save`` every top-level ``LOG{TAB}…`` token is one step; its
nested ``LOG`` children belong to the same step. Each command of a step becomes one *action*:

- ``move``: a piece or stack moved (from/to map, x, y, and the zone when a module is given);
- ``change``: a piece's state changed, trait by trait (``from`` → ``to``);
- ``add`` / ``remove``: a piece created or deleted;
- ``chat`` and ``dice`` (a chat line from a dice button: ``*** …``, ``SDBP|1|DICE|…``, or a DICE
  sentence of ``codec.sentences``, ``* <side> rolls 2d6 for fire: 3 + 5 = 8``);
- ``property`` (``MutableProperty``), ``undo``, ``turn``, and ``other`` for anything else (raw).

Pieces are named from the save part of the log and kept up to date while the steps are read.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import field
from typing import Any

from sdbp_module.codec import pieces
from sdbp_module.codec.json_form import text_to_json
from sdbp_module.codec.module_info import ModuleInfo, marker_value
from sdbp_module.codec.sentences import is_dice_sentence
from sdbp_module.codec.sequence import decode as se_decode
from sdbp_module.codec.tree import Command
from sdbp_module.records import record

JsonObject = dict[str, Any]


@record(frozen=False)
class _Piece:
    type_traits: list[str]
    state_traits: list[str]
    name: str
    sdbp_id: str | None


@record(frozen=False)
class PieceRegistry:
    """Pieces by id, with their current state, as the log is read (mutable working memory)."""

    module: ModuleInfo | None = None
    pieces: dict[str, _Piece] = field(default_factory=dict)
    stacks: dict[str, list[str]] = field(default_factory=dict)
    positions: dict[str, tuple[str | None, str, str]] = field(default_factory=dict)

    def add(self, piece_id: str, piece_type: str, state: str) -> None:
        if piece_type == "stack" or piece_type.startswith("deck;"):
            tokens = se_decode(state, ";")
            x = tokens[1] if len(tokens) > 1 else ""
            y = tokens[2] if len(tokens) > 2 else ""
            self.positions[piece_id] = (None if tokens[0] == "null" else tokens[0], x, y)
            if piece_type == "stack":
                self.stacks[piece_id] = [t for t in tokens[3:] if not t.startswith("@@")]
            return
        types = pieces.split_chain(piece_type)
        states = pieces.split_chain(state)
        if types is None or states is None or len(types) != len(states):
            return
        basic = pieces.basic_type(types[-1])
        name = basic[3] if basic else ""
        self.pieces[piece_id] = _Piece(types, states, name, marker_value(types, states, "sdbp_id"))
        bstate = pieces.basic_state(states[-1])
        if bstate is not None:
            self.positions[piece_id] = (bstate.map, bstate.x, bstate.y)

    def name(self, piece_id: str) -> str:
        """A piece's name; a stack's is its members' names joined by `` + `` (unknown: ``""``).

        A member that is itself a stack is named by its members in turn, without recursion; a stack
        met a second time while naming (a cycle, or the same stack twice) is named by its id, so a
        damaged save can neither loop nor blow the name up.
        """
        piece = self.pieces.get(piece_id)
        if piece is not None:
            return piece.name
        members = self.stacks.get(piece_id)
        if not members:
            return ""
        seen = {piece_id}
        frames: list[tuple[list[str], list[str]]] = [(members, [])]  # a stack's members, their names so far
        while True:
            members, parts = frames[-1]
            if len(parts) < len(members):
                member = members[len(parts)]
                known = self.pieces.get(member)
                inner = self.stacks.get(member)
                if known is not None:
                    parts.append(known.name)
                elif not inner:
                    parts.append("")
                elif member in seen:
                    parts.append(member)
                else:
                    seen.add(member)
                    frames.append((inner, []))
                continue
            frames.pop()
            joined = " + ".join(parts)
            if not frames:
                return joined
            frames[-1][1].append(joined)

    def where(self, map_name: str | None, x: str, y: str) -> JsonObject:
        place: JsonObject = {"map": map_name, "x": x, "y": y}
        if self.module is not None:
            place["zone"] = self.module.zone_at(map_name, x, y)
        return place

    def describe(self, piece_id: str) -> JsonObject:
        out: JsonObject = {"piece": piece_id, "name": self.name(piece_id)}
        piece = self.pieces.get(piece_id)
        if piece is not None and piece.sdbp_id is not None:
            out["sdbp_id"] = piece.sdbp_id
        return out


def _trait_label(trait_type: str) -> str:
    tid = pieces.trait_id(trait_type)
    fields = se_decode(trait_type[len(tid) + 1 :], ";") if ";" in trait_type else []
    if tid == "emb2" and len(fields) > 18:
        return f"layer {fields[18]}"
    if tid in ("PROP", "label") and fields:
        return f"{tid} {fields[0]}" if tid == "PROP" else "label"
    if tid == "mark":
        return "marker " + ",".join(se_decode(trait_type[5:], ","))
    if tid == "piece":
        return "position/properties"
    return tid


def _changes(piece: _Piece, old: list[str], new: list[str]) -> list[JsonObject]:
    out: list[JsonObject] = []
    if len(old) != len(new) or len(new) != len(piece.type_traits):
        return [{"trait": "?", "from": pieces.join_chain(old), "to": pieces.join_chain(new)}]
    for trait_type, before, after in zip(piece.type_traits, old, new, strict=True):
        if before != after:
            out.append({"trait": _trait_label(trait_type), "from": before, "to": after})
    return out


def _action(text: str, reg: PieceRegistry) -> JsonObject:
    obj = text_to_json(text)
    cmd = obj["cmd"]
    if cmd == "move_piece":
        pid = obj["id"]
        new_map = None if obj["new_map"] == "null" else obj["new_map"]
        old_map = None if obj["old_map"] == "null" else obj["old_map"]
        action = {
            "action": "move",
            **reg.describe(pid),
            "from": reg.where(old_map, obj["old_x"], obj["old_y"]),
            "to": reg.where(new_map, obj["new_x"], obj["new_y"]),
            "player": obj["player"],
        }
        reg.positions[pid] = (new_map, obj["new_x"], obj["new_y"])
        return action
    if cmd == "change_piece":
        pid = obj["id"]
        piece = reg.pieces.get(pid)
        new = obj["new_state"].get("traits")
        action = {"action": "change", **reg.describe(pid)}
        if piece is not None and new is not None:
            old = obj.get("old_state", {}).get("traits", piece.state_traits)
            action["changes"] = _changes(piece, old, new)
            piece.state_traits = list(new)
        else:
            action["changes"] = [{"trait": "?", "to": pieces.join_chain(new) if new else obj["new_state"].get("raw", "")}]
        return action
    if cmd == "add_piece":
        fields = pieces.add_piece_fields(text)
        if fields is not None:
            reg.add(*fields)
            position = reg.positions.get(fields[0])
            action = {"action": "add", **reg.describe(fields[0])}
            if position is not None:
                action["at"] = reg.where(*position)
            return action
    if cmd == "remove_piece":
        return {"action": "remove", **reg.describe(obj["id"])}
    if cmd == "chat":
        chat = obj["text"]
        is_dice = chat.startswith("***") or "SDBP|1|DICE|" in chat or is_dice_sentence(chat)
        return {"action": "dice" if is_dice else "chat", "text": chat}
    if cmd == "mutable_property":
        return {"action": "property", "name": obj["name"], "from": obj["old"], "to": obj["new"], "container": obj["container"]}
    if cmd == "undo":
        return {"action": "undo", "value": obj["value"]}
    if cmd == "turn":
        return {"action": "turn", "tracker": obj["tracker"], "state": obj["state"]}
    return {"action": "other", "text": text}


def _step_commands(node: Command) -> Iterator[str]:
    """The command texts of one log step, depth-first pre-order, without their ``LOG`` prefix."""
    for command in node.walk():
        yield command.text.removeprefix("LOG\t")


def log_steps(tree: Command, module: ModuleInfo | None = None) -> list[JsonObject]:
    """One object per top-level LOG step: ``{"step": n, "actions": [...]}`` (n counts from 1)."""
    reg = PieceRegistry(module)
    steps: list[JsonObject] = []
    for top in tree.children:
        if not top.text.startswith("LOG\t"):
            for node in top.walk():
                fields = pieces.add_piece_fields(node.text) if not node.opaque else None
                if fields is not None:
                    reg.add(*fields)
            continue
        actions = [_action(text, reg) for text in _step_commands(top)]
        steps.append({"step": len(steps) + 1, "actions": actions})
    return steps
