"""A game-data folder read and checked: every file, every problem, in the documented order.

Order (style guide §6): read every file (unreadable → ``InputError``, exit 2); validate each
against its schema; fill schema defaults into the files that passed; then run the cross-file
checks, each only on files that passed their schema. Nothing here raises on bad *content*.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sdbp_module.data.files import (
    OPTIONAL_KINDS,
    data_files,
    display_name,
    is_hex_folder,
    schema_kind,
)
from sdbp_module.data.problems import InputProblem
from sdbp_module.data.sources import MAX_FOLDER_VALUES, SourceFile, read_yaml
from sdbp_module.data.validate import MAX_PROBLEMS, load_schema, validate_file
from sdbp_module.errors import InputError
from sdbp_module.records import record


@record
class CheckedData:
    """The files of one folder, which of them passed their schema, and every problem found."""

    folder: Path
    files: Mapping[str, SourceFile]  # kind → file as read
    values: Mapping[str, Any]  # kind → value with schema defaults filled in (valid files only)
    problems: tuple[InputProblem, ...]  # sorted by file, line, column
    cut: tuple[str, ...] = ()  # files with more than MAX_PROBLEMS problems: only that many are listed

    @property
    def ok(self) -> bool:
        return not self.problems

    def problem_files(self) -> int:
        return len({p.file for p in self.problems})

    def summary_line(self) -> str:
        n, m = len(self.problems), self.problem_files()
        line = f"{n} problem{'s' if n != 1 else ''} in {m} file{'s' if m != 1 else ''}"
        if self.cut:
            verb = "has" if len(self.cut) == 1 else "have"
            line += f" (the first {MAX_PROBLEMS} of a file are listed; {', '.join(self.cut)} {verb} more)"
        return line


def with_defaults(schema: Mapping[str, Any], value: Any) -> Any:
    """A copy of ``value`` with every absent property that has a schema ``default`` filled in."""
    if isinstance(value, dict):
        props: Mapping[str, Any] = schema.get("properties", {})
        extra = schema.get("additionalProperties")
        other = extra if isinstance(extra, Mapping) else {}
        out: dict[str, Any] = {}
        for key, item in value.items():
            out[key] = with_defaults(props.get(key, other), item) if isinstance(item, (dict, list)) else item
        for key, sub in props.items():
            if key not in out and "default" in sub:
                out[key] = copy.deepcopy(sub["default"])
        return out
    if isinstance(value, list):
        items = schema.get("items", {})
        each = items if isinstance(items, Mapping) else {}
        return [with_defaults(each, v) if isinstance(v, (dict, list)) else v for v in value]
    return value


def read_folder(folder: Path) -> dict[str, SourceFile]:
    """Read every ``<kind>.yaml`` of ``folder``; ``InputError`` for the first that cannot be read, and
    when the files hold more than ``MAX_FOLDER_VALUES`` values together."""
    if not folder.is_dir():
        what = "a file, not a folder" if folder.exists() else "no such folder"
        raise InputError(f"{display_name(folder)}: cannot be read: {what}")
    files: dict[str, SourceFile] = {}
    total = 0
    for kind, path in data_files(folder):
        files[kind] = source = read_yaml(path, folder=folder)
        total += len(source.where.values)
        if total > MAX_FOLDER_VALUES:
            raise InputError(
                f"{source.display}: cannot be read: the data files read so far hold more than {MAX_FOLDER_VALUES} "
                "values together (a game's data holds a few thousand)"
            )
    return files


def check_folder(folder: Path) -> CheckedData:
    """Read and check a whole game folder: schema problems, then cross-checks on the valid files."""
    from sdbp_module.data.crossref import (
        cross_check,  # crossref imports this module's types
    )

    files = read_folder(folder)
    hex_map = is_hex_folder(folder)
    problems: list[InputProblem] = []
    values: dict[str, Any] = {}
    cut: list[str] = []
    for kind, source in files.items():
        found = [*source.problems, *validate_file(schema_kind(kind, hex_map), source, MAX_PROBLEMS)]
        if len(found) > MAX_PROBLEMS:
            found = sorted(found, key=InputProblem.sort_key)[:MAX_PROBLEMS]
            cut.append(source.display)
        problems.extend(found)
        if not found:
            values[kind] = with_defaults(load_schema(schema_kind(kind, hex_map)), source.value)
    for kind in OPTIONAL_KINDS:
        if kind not in files and not hex_map:
            values[kind] = with_defaults(load_schema(kind), {})
    problems.extend(cross_check(files, values))
    return CheckedData(
        folder=folder,
        files=files,
        values=values,
        problems=tuple(sorted(problems, key=InputProblem.sort_key)),
        cut=tuple(cut),
    )
