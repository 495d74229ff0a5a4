"""Annotate a JSON form with what a module says: zone names of positions, piece names and ids.

Annotations live under ``"resolved"`` keys; they are informational and ignored when the JSON is
converted back (``docs/json-form.md``).
"""

from __future__ import annotations

from typing import Any

from sdbp_module.codec.module_info import ModuleInfo

JsonObject = dict[str, Any]


def _basic(traits: list[JsonObject]) -> JsonObject | None:
    last = traits[-1] if traits else None
    return last if last is not None and last.get("trait") == "piece" and "name" in last else None


def _marker(traits: list[JsonObject], name: str) -> str | None:
    for trait in traits:
        if trait.get("trait") == "mark" and "properties" in trait:
            for key, value in trait["properties"]:
                if key == name:
                    return str(value)
    return None


def annotate(node: JsonObject, module: ModuleInfo, names: dict[str, str] | None = None) -> None:
    """Add ``resolved`` objects to add_piece and move_piece commands, in place, depth first.

    Commands are visited in pre-order (the engine's execution order), without recursion, so a
    piece is named by the commands before it at any depth.
    """
    names = {} if names is None else names
    stacks: set[str] = set()
    pending = [node]
    while pending:
        current = pending.pop()
        _annotate_command(current, module, names, stacks)
        pending.extend(reversed(current.get("children", ())))


def _annotate_command(node: JsonObject, module: ModuleInfo, names: dict[str, str], stacks: set[str]) -> None:
    """Annotate one command (a log command: the command it wraps), not its children."""
    target = node["command"] if node.get("cmd") == "log" else node
    cmd = target.get("cmd")
    if cmd == "add_piece" and "traits" in target:
        basic = _basic(target["traits"])
        first = target["traits"][0]
        if first.get("trait") == "stack" and "state" in first:
            members = [m for m in first["state"].split(";")[3:] if not m.startswith("@@")]
            # a member that is itself a stack (only in a damaged save) is named by its id: naming it
            # by its members would let a crafted save double the name's length with every stack
            names[target["id"]] = " + ".join(m if m in stacks else names.get(m, m) for m in members)
            stacks.add(target["id"])
        elif basic is not None:
            names[target["id"]] = basic["name"]
            target["resolved"] = {
                "name": basic["name"],
                "sdbp_id": _marker(target["traits"], "sdbp_id"),
                "zone": module.zone_at(basic["map"], basic["x"], basic["y"]),
            }
    elif cmd == "move_piece":
        new_map = None if target["new_map"] == "null" else target["new_map"]
        old_map = None if target["old_map"] == "null" else target["old_map"]
        target["resolved"] = {
            "name": names.get(target["id"]),
            "new_zone": module.zone_at(new_map, target["new_x"], target["new_y"]),
            "old_zone": module.zone_at(old_map, target["old_x"], target["old_y"]),
        }
