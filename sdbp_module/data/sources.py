"""Read a YAML data file into plain Python values, keeping where every value came from.

PyYAML's ``safe_load`` forgets positions and keeps the last of two equal keys silently. Here
the file is *composed* into nodes (which carry start marks), and the values are built from the
nodes by hand, so that every value and every mapping key gets a 1-based ``file:line:col`` in a
``SourceMap``, and duplicate keys become problems (style guide §6).

A file that is missing, not UTF-8 or not YAML cannot be read at all: ``InputError`` (exit 2),
naming the file and the position. Everything else is returned for validation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from sdbp_module.data.problems import InputProblem, JsonPath, Position
from sdbp_module.errors import InputError


@dataclass(slots=True)
class SourceMap:
    """JSON path (tuple of keys and indexes) → where that value, or that key, starts in the file."""

    file: str
    values: dict[JsonPath, Position] = field(default_factory=dict)
    keys: dict[JsonPath, Position] = field(default_factory=dict)

    def value(self, path: JsonPath) -> Position:
        """Where the value at ``path`` starts; the nearest enclosing value if it is absent."""
        for end in range(len(path), -1, -1):
            found = self.values.get(path[:end])
            if found is not None:
                return found
        return Position(self.file, 1, 1)

    def key(self, path: JsonPath) -> Position:
        """Where the mapping key that ends ``path`` starts (falls back to the value)."""
        found = self.keys.get(path)
        return found if found is not None else self.value(path)


@dataclass(frozen=True, slots=True)
class SourceFile:
    """One data file as read: its plain value, the source map, and problems met while reading."""

    path: Path
    display: str  # the file name as shown in messages
    value: Any
    where: SourceMap
    problems: tuple[InputProblem, ...]  # duplicate or non-text keys


def display_name(path: Path) -> str:
    """The path as the user should see it: relative to the working folder when inside it."""
    if path.is_absolute():
        try:
            return str(path.relative_to(Path.cwd()))
        except ValueError:
            return str(path)
    return str(path)


def _position(display: str, mark: yaml.Mark) -> Position:
    return Position(display, mark.line + 1, mark.column + 1)


class _Builder:
    """Turns composed YAML nodes into plain values while filling a SourceMap."""

    def __init__(self, loader: yaml.SafeLoader, display: str) -> None:
        self.loader = loader
        self.display = display
        self.where = SourceMap(display)
        self.problems: list[InputProblem] = []
        self.open_nodes: set[int] = set()  # collections being built, to refuse recursive aliases

    def build(self, node: yaml.Node, path: JsonPath) -> Any:
        self.where.values[path] = _position(self.display, node.start_mark)
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
            if id(node) in self.open_nodes:
                where = self.where.values[path]
                raise InputError(
                    f"{where}: cannot be read: an alias refers to a list or mapping that contains it"
                )
            self.open_nodes.add(id(node))
            try:
                if isinstance(node, yaml.MappingNode):
                    return self._mapping(node, path)
                return [self.build(item, (*path, i)) for i, item in enumerate(node.value)]
            finally:
                self.open_nodes.discard(id(node))
        return self.loader.construct_object(node, deep=True)

    def _mapping(self, node: yaml.MappingNode, path: JsonPath) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key_pos = _position(self.display, key_node.start_mark)
            if not isinstance(key_node, yaml.ScalarNode):
                self.problems.append(
                    InputProblem(key_pos, path, "a mapping key is a list or mapping", "a text key")
                )
                continue
            key = self.loader.construct_object(key_node, deep=True)
            if not isinstance(key, str):
                self.problems.append(
                    InputProblem(
                        key_pos,
                        path,
                        f"key {key_node.value!r} is read as {type(key).__name__}",
                        "a text key; quote it",
                    )
                )
                key = str(key_node.value)
            child: JsonPath = (*path, key)
            if key in out:
                first = self.where.keys[child]
                self.problems.append(
                    InputProblem(
                        key_pos,
                        child,
                        f"duplicate key {key!r}",
                        f"each key once; first given at line {first.line}",
                    )
                )
                continue
            self.where.keys[child] = key_pos
            out[key] = self.build(value_node, child)
        return out


def read_yaml(path: Path, display: str | None = None) -> SourceFile:
    """Read one YAML file; raise ``InputError`` (exit 2) if it cannot be read or parsed."""
    shown = display if display is not None else display_name(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{shown}: cannot be read: no such file") from None
    except UnicodeDecodeError as exc:
        raise InputError(f"{shown}: cannot be read: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise InputError(f"{shown}: cannot be read: {exc.strerror}") from None
    return parse_yaml(text, shown, path)


def parse_yaml(text: str, display: str, path: Path | None = None) -> SourceFile:
    """Compose ``text`` and build values plus a SourceMap; syntax errors raise ``InputError``."""
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        builder = _Builder(loader, display)
        value = None if node is None else builder.build(node, ())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"{display}:{mark.line + 1}:{mark.column + 1}" if mark else display
        what = exc.problem or exc.context or "invalid YAML"
        if exc.problem and exc.context and not exc.context.startswith("while"):
            what = f"{exc.context}, {exc.problem}"
        raise InputError(f"{where}: cannot be read: {what}") from None
    except yaml.YAMLError as exc:
        raise InputError(f"{display}: cannot be read: {exc}") from None
    finally:
        loader.dispose()
    if node is None:
        builder.where.values[()] = Position(display, 1, 1)
    return SourceFile(
        path=path if path is not None else Path(display),
        display=display,
        value=value,
        where=builder.where,
        problems=tuple(builder.problems),
    )
