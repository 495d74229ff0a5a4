"""One problem found in a game-data file, and how it reads.

Every problem names the file and the 1-based line and column of the spot it is about, the JSON
path of the value inside the file, what is wrong and what was expected (style guide §6)::

    source_data/mygame/areas.yaml:41:7: areas[12].defense: 'x' is not of type 'integer' (expected an integer 0..3)
"""

from __future__ import annotations

import re

from sdbp_module.records import record

PathPart = str | int
"""One step into a YAML document: a mapping key or a list index."""

JsonPath = tuple[PathPart, ...]

_PLAIN_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def format_path(path: JsonPath) -> str:
    """Render a path as ``areas[12].defense``; keys that are not plain words are quoted.

    >>> format_path(("areas", 12, "defense"))
    'areas[12].defense'
    >>> format_path(("units", "AB-1BN-1"))
    "units['AB-1BN-1']"
    >>> format_path(())
    '(top)'
    """
    if not path:
        return "(top)"
    out: list[str] = []
    for part in path:
        if isinstance(part, int):
            out.append(f"[{part}]")
        elif _PLAIN_KEY.match(part):
            out.append(f".{part}" if out else part)
        else:
            out.append(f"[{part!r}]")
    return "".join(out)


@record
class Position:
    """A spot in a file: the file as shown to the user, 1-based line and column."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@record
class InputProblem:
    """A problem in the data: where, which value, what is wrong, what was expected."""

    position: Position
    path: JsonPath
    message: str  # what is wrong
    expected: str = ""  # what was expected; empty when the message says it all

    @property
    def file(self) -> str:
        return self.position.file

    def render(self) -> str:
        text = f"{self.position}: {format_path(self.path)}: {self.message}"
        if self.expected:
            text += f" (expected {self.expected})"
        return text

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.position.file, self.position.line, self.position.column, self.render())
