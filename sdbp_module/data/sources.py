"""Read a YAML data file into plain Python values, keeping where every value came from.

PyYAML's ``safe_load`` forgets positions and keeps the last of two equal keys silently. Here
the file is *composed* into nodes (which carry start marks), and the values are built from the
nodes by hand, so that every value and every mapping key gets a 1-based ``file:line:col`` in a
``SourceMap``, and duplicate keys become problems (style guide §6).

A file that is missing, not UTF-8 or not YAML cannot be read at all: ``InputError`` (exit 2),
naming the file and the position. Nor can a link out of its folder, a FIFO or device, or a file of
more than ``MAX_FILE_BYTES`` (``files.read_data_bytes``); nor one that holds more than ``MAX_VALUES``
values, whose lists and mappings nest deeper than ``MAX_DEPTH``, or whose aliases repeat values into
more than ``MAX_ALIAS_VALUES`` values or ``MAX_ALIAS_CHARS`` characters of text (an alias bomb,
"billion laughs": a few lines that would expand into more than memory holds or time allows). Everything else
is returned for validation; a string holding a character no module file can hold (a control character
other than tab and line break, a lone surrogate, U+FFFE or U+FFFF: only a double-quoted escape such as
``"\\x00"`` can give one) is a problem, as a duplicate key is.

Composing is done by libyaml (``yaml.CSafeLoader``, five times faster) when PyYAML has it, and by
the pure-Python loader otherwise. The two agree on values and positions except in a few corners where
libyaml is laxer or counts columns differently: a tab, a ``?``, a byte-order mark, an empty value in
a flow collection (``{a: , b: 1}``), ``|#``, a bare ``!`` tag, a character YAML does not allow, a
text that does not end with a line break. A text with any of these, and any text libyaml cannot
read, goes to the pure loader, so values, positions and messages never depend on libyaml.
"""

from __future__ import annotations

import re
from dataclasses import field
from pathlib import Path
from typing import Any

import yaml

from sdbp_module import limits
from sdbp_module.data.files import display_name, read_data_bytes
from sdbp_module.data.problems import InputProblem, JsonPath, Position
from sdbp_module.errors import InputError
from sdbp_module.records import record


@record(frozen=False)
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


@record
class SourceFile:
    """One data file as read: its plain value, the source map, and problems met while reading."""

    path: Path
    display: str  # the file name as shown in messages
    value: Any
    where: SourceMap
    problems: tuple[InputProblem, ...]  # duplicate or non-text keys
    text: str = field(default="", repr=False, compare=False)  # the text read (keys this process's caches)


_STR_TAG = "tag:yaml.org,2002:str"


def _position(display: str, mark: yaml.Mark) -> Position:
    return Position(display, mark.line + 1, mark.column + 1)


MAX_DEPTH = limits.MAX_DATA_DEPTH
"""Deepest nesting of lists and mappings read (``sdbp_module.limits``, as the four below)."""
MAX_VALUES = limits.MAX_DATA_VALUES
MAX_FOLDER_VALUES = limits.MAX_FOLDER_VALUES
MAX_ALIAS_VALUES = limits.MAX_ALIAS_VALUES
MAX_ALIAS_CHARS = limits.MAX_ALIAS_CHARS
_NOT_TEXT = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""A character XML 1.0 cannot hold, so neither can a module's ``buildFile.xml`` nor a save."""


def _not_text(char: str) -> str:
    """What ``char`` (matched by ``_NOT_TEXT``) is, for a message."""
    code = ord(char)
    kind = "the control character" if code < 0x20 else "the lone surrogate" if 0xD800 <= code <= 0xDFFF else "the noncharacter"
    return f"{kind} U+{code:04X}"


class _Builder:
    """Turns composed YAML nodes into plain values while filling a SourceMap.

    Every value built counts towards ``MAX_VALUES``. A node built again because an alias repeats it
    (the composer gives an alias the anchored node itself) counts what it holds towards
    ``MAX_ALIAS_VALUES`` and the length of its texts towards ``MAX_ALIAS_CHARS``: a list of a thousand
    aliases of one long text is as costly to check as the text written out a thousand times."""

    def __init__(self, loader: yaml.SafeLoader | yaml.CSafeLoader, display: str) -> None:
        self.loader = loader
        self.display = display
        self.where = SourceMap(display)
        self.problems: list[InputProblem] = []
        self.open_nodes: set[int] = set()  # collections being built, to refuse recursive aliases
        self.built = 0  # values built so far
        self.chars = 0  # characters of the scalars built so far
        self.sizes: dict[int, tuple[int, int]] = {}  # node → (values, characters) its first build made
        self.repeated = 0  # values built again because an alias repeats a node
        self.repeated_chars = 0  # characters of those
        self.repeating = 0  # > 0 while building such a repeat (what it holds is counted with it)

    def build(self, node: yaml.Node, path: JsonPath) -> Any:
        where = self.where.values[path] = _position(self.display, node.start_mark)
        self.built += 1
        if self.built > MAX_VALUES:
            raise _too_many(self.display)
        key = id(node)
        repeat = key in self.sizes and not self.repeating  # counted once, with what it holds
        if repeat:
            self._count_repeat(where, node, *self.sizes[key])
        before, chars_before = self.built, self.chars
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
            if key in self.open_nodes:
                raise InputError(
                    f"{where}: cannot be read: an alias refers to a list or mapping that contains it"
                )
            if len(self.open_nodes) >= MAX_DEPTH:
                raise InputError(f"{where}: cannot be read: lists and mappings nested more than {MAX_DEPTH} deep")
            self.open_nodes.add(key)
            self.repeating += repeat
            try:
                if isinstance(node, yaml.MappingNode):
                    value: Any = self._mapping(node, path)
                else:
                    value = [self.build(item, (*path, i)) for i, item in enumerate(node.value)]
            finally:
                self.open_nodes.discard(key)
                self.repeating -= repeat
        else:
            self.chars += len(node.value)
            value = self._text(self._construct(node), where, path)
        self.sizes.setdefault(key, (self.built - before + 1, self.chars - chars_before))
        return value

    def _count_repeat(self, where: Position, node: yaml.Node, values: int, chars: int) -> None:
        """Count an alias's repeat of ``node`` (``values`` values, ``chars`` characters of text)."""
        self.repeated += values
        self.repeated_chars += chars
        what = "text" if isinstance(node, yaml.ScalarNode) else "list or mapping"
        if self.repeated > MAX_ALIAS_VALUES:
            raise _Refused(
                f"{where}: cannot be read: aliases repeat the {what} anchored here into more than "
                f"{MAX_ALIAS_VALUES} values (an alias bomb?)"
            )
        if self.repeated_chars > MAX_ALIAS_CHARS:
            raise _Refused(
                f"{where}: cannot be read: aliases repeat the {what} anchored here into more than "
                f"{MAX_ALIAS_CHARS} characters of text (an alias bomb?)"
            )

    def _text(self, value: Any, where: Position, path: JsonPath) -> Any:
        """``value``; a string with a character no module can hold is also a problem."""
        if isinstance(value, str):
            bad = _NOT_TEXT.search(value)
            if bad is not None:
                self.problems.append(
                    InputProblem(
                        where,
                        path,
                        f"the text holds {_not_text(bad.group())}",
                        "text a module can hold: no control characters but tab and line break, no lone "
                        "surrogates, no U+FFFE or U+FFFF",
                    )
                )
        return value

    def _construct(self, node: yaml.Node) -> Any:
        """The value of a scalar node; a value its explicit tag cannot take (``!!int x``) is unreadable."""
        if node.tag == _STR_TAG:
            return node.value  # what the safe constructor gives a string, without its dispatch
        try:
            return self.loader.construct_object(node, deep=True)
        except (ValueError, TypeError, OverflowError):
            where = _position(self.display, node.start_mark)
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            text = str(node.value)
            shown = repr(text if len(text) <= 60 else f"{text[:40]}…{text[-10:]}")  # 5,000 digits are not an int
            raise InputError(f"{where}: cannot be read: {shown} is not a valid {tag}") from None

    def _mapping(self, node: yaml.MappingNode, path: JsonPath) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key_pos = _position(self.display, key_node.start_mark)
            if not isinstance(key_node, yaml.ScalarNode):
                self.problems.append(
                    InputProblem(key_pos, path, "a mapping key is a list or mapping", "a text key")
                )
                continue
            key = self._text(self._construct(key_node), key_pos, path)
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


def read_yaml(path: Path, display: str | None = None, folder: Path | None = None) -> SourceFile:
    """Read one YAML file of ``folder`` (default: the folder it is in); raise ``InputError`` (exit 2)
    if it cannot be read (``files.read_data_bytes``) or parsed."""
    shown = display if display is not None else display_name(path)
    data = read_data_bytes(path, shown, folder)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{shown}: cannot be read: not UTF-8 text (byte {exc.start})") from None
    del data
    return parse_yaml(text, shown, path)


_FAST_LOADER: type[yaml.CSafeLoader] | None = yaml.CSafeLoader if yaml.__with_libyaml__ else None
_PURE_ONLY = re.compile(r"[\t?\ufeff]|:\s*[,\]}]|[|>][-+0-9]*#|(?:^|[\s\[{,])!(?=[\s,\]}]|\Z)")
"""What libyaml reads differently from the pure loader: tabs, ``?`` (in flow collections), byte-order
marks, empty flow values, a comment glued to a block scalar's indicator (``|#``), the bare tag ``!``."""


def _pure_only(text: str) -> bool:
    """True when ``text`` has something libyaml would read differently (see the module docstring)."""
    if not text.endswith("\n"):
        return True  # libyaml marks an empty document at the very end one line further
    return _PURE_ONLY.search(text) is not None or yaml.reader.Reader.NON_PRINTABLE.search(text) is not None


class _Refused(InputError):
    """A file over a limit: both loaders say so in the same words, so the fast one's word is final."""


def _too_many(display: str) -> _Refused:
    return _Refused(f"{display}: cannot be read: more than {MAX_VALUES} values (a game data file holds a few thousand)")


class _PureLoader(yaml.SafeLoader):
    """The pure loader, which stops composing once the nodes of a text (keys, values and aliases, an alias
    once) pass twice ``MAX_VALUES``: a text of that many nodes has more than ``MAX_VALUES`` values, and
    composing the hundreds of thousands a 1 MiB file can hold would take this loader seconds.

    Its scanner also finds the possible simple keys it keeps without looking at all of them (the two methods
    below), for the same tokens and errors: in a flow collection every ``[`` and ``{`` may start a key, kept
    (one per flow level) until it is 1,024 characters old or its line ends, and PyYAML's own methods look at
    every key kept for every token, twice. ``markers: [[[[...`` (100,000 deep) kept a thousand and took
    0.8 s to be refused (1.4 s of it in ``stale_possible_simple_keys`` under cProfile); now 0.025 s."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.nodes = 0

    # Why looking at the first keys is enough: a key is saved by removing the key of its level and storing the
    # new one (``save_possible_simple_key``), and removed by deleting it, never moved, so the dict holds the
    # keys in the order they were saved, and the scanner only moves forward: along the dict, token numbers,
    # lines and indexes never decrease. The least token number is the first key's, and the keys that are stale
    # (an earlier line, or more than 1,024 characters back) come before all the others.
    # Both methods call nothing PyYAML's do not (no ``.items()``, no ``.append``): on Python 3.11 such a call
    # counts towards the recursion limit, and these run at the bottom of the recursive composer's stack, so one
    # more level would refuse a text nested just shallow enough for PyYAML's methods (found by comparing them).

    def next_possible_simple_key(self) -> int | None:
        """The token number of the nearest possible simple key (PyYAML's comment there says as much)."""
        keys = self.possible_simple_keys
        for level in keys:
            first: int = keys[level].token_number  # the first saved, the least
            return first
        return None

    def stale_possible_simple_keys(self) -> None:
        """Remove the keys that can no longer be simple keys, in order, as PyYAML's method does; a required
        one is an error (the same message, at the same marks)."""
        keys = self.possible_simple_keys
        while keys:
            for level in keys:  # the first key
                break
            key = keys[level]
            if key.line == self.line and self.index - key.index <= 1024:
                return  # saved no earlier than the ones after it: they are as fresh
            if key.required:
                raise yaml.scanner.ScannerError(
                    "while scanning a simple key", key.mark, "could not find expected ':'", self.get_mark()
                )
            del keys[level]

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        self.nodes += 1
        if self.nodes > 2 * MAX_VALUES:
            raise _TooManyNodes
        return super().compose_node(parent, index)


class _TooManyNodes(Exception):
    """Raised by ``_PureLoader`` (it knows no file name)."""


@record
class _Parsed:
    """A text as read, without the name it was read under: its value (never handed out: callers get copies),
    and where each value, key and problem is (line, column)."""

    value: Any
    values: dict[JsonPath, tuple[int, int]]
    keys: dict[JsonPath, tuple[int, int]]
    problems: tuple[InputProblem, ...]  # positioned in a file named ""


_PARSED: dict[tuple[str, object], _Parsed] = {}
"""The texts this process has read, by text and loader (libyaml's, or none: the pure one): reading a text again (a folder copied with one file edited, as
the tests do hundreds of times) gives the same values, positions and problems under its own name, without
composing it again. A text that cannot be read is not kept (it raises each time, as it always has)."""
MAX_PARSED_CHARS = 2 << 20
"""Most characters of text kept in ``_PARSED`` (the oldest go first): the four bundled games hold 450 KB."""


def _copy(value: Any) -> Any:
    """A copy of a value as read: new lists and mappings (the scalars YAML builds are immutable)."""
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy(item) for item in value]
    return value


def placed_in(problem: InputProblem, display: str) -> InputProblem:
    """``problem`` positioned in the file named ``display`` (same line and column)."""
    at = problem.position
    return InputProblem(Position(display, at.line, at.column), problem.path, problem.message, problem.expected)


def _remember(key: tuple[str, object], source: SourceFile) -> None:
    total = sum(len(kept) for kept, _ in _PARSED) + len(key[0])
    for kept in list(_PARSED):
        if total <= MAX_PARSED_CHARS:
            break
        del _PARSED[kept]
        total -= len(kept[0])
    if total <= MAX_PARSED_CHARS:
        _PARSED[key] = _Parsed(
            _copy(source.value),
            {p: (at.line, at.column) for p, at in source.where.values.items()},
            {p: (at.line, at.column) for p, at in source.where.keys.items()},
            tuple(placed_in(problem, "") for problem in source.problems),
        )


def parse_yaml(text: str, display: str, path: Path | None = None) -> SourceFile:
    """Compose ``text`` and build values plus a SourceMap; syntax errors raise ``InputError``. A text read
    before in this process is not composed again (``_PARSED``): the same values, positions and problems."""
    key = (text, _FAST_LOADER)
    parsed = _PARSED.get(key)
    if parsed is not None:
        return SourceFile(
            path=path if path is not None else Path(display),
            display=display,
            value=_copy(parsed.value),
            where=SourceMap(
                display,
                {p: Position(display, line, column) for p, (line, column) in parsed.values.items()},
                {p: Position(display, line, column) for p, (line, column) in parsed.keys.items()},
            ),
            problems=tuple(placed_in(problem, display) for problem in parsed.problems),
            text=text,
        )
    source = _parse_text(text, display, path)
    _remember(key, source)
    return source


def _parse_text(text: str, display: str, path: Path | None) -> SourceFile:
    if _FAST_LOADER is not None and not _pure_only(text):
        try:
            return _parse(_FAST_LOADER, text, display, path)
        except _Refused:
            raise
        except InputError:
            pass  # the pure loader words the message, as it always has
    return _parse(_PureLoader, text, display, path)


def _too_deep(text: str, display: str) -> str:
    """Where in ``text`` a list or mapping starts more than ``MAX_DEPTH`` deep, found by the parser's events
    (which, unlike composing, need no recursion): ``file:line:col``, or ``file`` if none does."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_PureLoader):  # its scanner, as fast on deep flow nesting
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                depth += 1
                mark = event.start_mark
                if depth > MAX_DEPTH and mark is not None:
                    return f"{display}:{mark.line + 1}:{mark.column + 1}"
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
    except yaml.YAMLError:
        pass
    return display


def _parse(
    loader_class: type[yaml.SafeLoader] | type[yaml.CSafeLoader], text: str, display: str, path: Path | None
) -> SourceFile:
    try:
        loader = loader_class(text)
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - text.rfind("\n", 0, exc.position)
        what = f"unacceptable character #x{exc.character:04x}: {exc.reason}"
        raise InputError(f"{display}:{line}:{column}: cannot be read: {what}") from None
    try:
        node = loader.get_single_node()
        builder = _Builder(loader, display)
        value = None if node is None else builder.build(node, ())
    except _TooManyNodes:
        raise _too_many(display) from None
    except RecursionError:  # PyYAML composes nested nodes recursively: nested far deeper than MAX_DEPTH
        raise InputError(f"{_too_deep(text, display)}: cannot be read: lists and mappings nested more than {MAX_DEPTH} deep") from None
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
        text=text,
    )
