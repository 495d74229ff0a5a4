"""A map's hex grid as a value: orientation, pixel geometry, extent, offset layout and printed ids.

``HexGrid`` is what a game's data will declare (``docs/hexes.md`` shows the YAML): every field is a
plain number, string or bool, so a loader builds it with ``HexGrid(**mapping)`` after its schema
check, and the constructor refuses an inconsistent grid with one ``ValueError`` line.

Terms, for both orientations:

- **columns × rows** is the printed grid, indexed from 0 internally (``col``, ``row``); the printed
  id adds the scheme's first index (``IdScheme``).
- **flat**-topped hexes stand in vertical columns; **pointy**-topped hexes lie in horizontal rows.
- **layout** says which lines are shifted half a hex: ``odd`` — the odd internal columns (flat:
  shifted down) or rows (pointy: shifted right), ``even`` — the even ones (so column 0 / row 0 is
  the shifted one).
- **size**: the distance in pixels between the centres of two neighbours in the same column (flat)
  or row (pointy), i.e. the hex's width across its flats. **spacing**: the distance between the
  centre lines of two adjacent columns (flat) or rows (pointy); regular hexes have
  ``size * sqrt(3) / 2``, printed maps are often a little stretched, so it may be given.
- **origin**: the pixel centre of the hex at internal ``(col 0, row 0)``.
"""

from __future__ import annotations

import math
import re
from dataclasses import field
from typing import Any, Literal, Mapping

from sdbp_module.hexgrid.coords import Hex, cube_round, neighbours
from sdbp_module.limits import MAX_HEXES
from sdbp_module.records import record

__all__ = ["ALPHABET", "HexGrid", "IdScheme", "letters", "letters_value"]

Orientation = Literal["flat", "pointy"]
Layout = Literal["odd", "even"]
AxisKind = Literal["numbers", "letters"]

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SQRT3 = math.sqrt(3.0)


def letters(value: int) -> str:
    """The letter label of ``value`` (0 → A … 25 → Z, 26 → AA, 27 → BB … 52 → AAA), as VASSAL writes it."""
    if value < 0:
        raise ValueError(f"a letter label needs a value of 0 or more, got {value}")
    return ALPHABET[value % 26] * (value // 26 + 1)


def letters_value(label: str) -> int | None:
    """The value of a letter label (``letters`` inverted); None if it is not one letter repeated."""
    if not label or label[0] not in ALPHABET or label != label[0] * len(label):
        return None
    return ALPHABET.index(label[0]) + 26 * (len(label) - 1)


@record
class IdScheme:
    """How the map prints a hex's id: the column label and the row label, joined.

    ``column``/``row``: ``numbers`` or ``letters`` (A … Z, AA, BB …: the only letter sequence
    VASSAL writes). ``first_column``/``first_row``: the label of internal index 0 — a number, or
    for letters the letter's value (0 = A). ``column_digits``/``row_digits``: numbers are padded
    with zeros to this width (1: no padding). ``separator`` goes between the two labels;
    ``column_first`` (default) prints the column label first. Examples: ``C4`` is letters,
    numbers, first_column 0 (A), first_row 1; ``0304`` is numbers, numbers, first 1 and 1, two
    digits each.
    """

    column: AxisKind = "letters"
    row: AxisKind = "numbers"
    first_column: int = 0
    first_row: int = 1
    column_digits: int = 1
    row_digits: int = 1
    separator: str = ""
    column_first: bool = True

    def __post_init__(self) -> None:
        for name in ("column", "row"):
            if getattr(self, name) not in ("numbers", "letters"):
                raise ValueError(f"id scheme {name} must be 'numbers' or 'letters', got {getattr(self, name)!r}")
        for name in ("column_digits", "row_digits"):
            if not 1 <= getattr(self, name) <= 6:
                raise ValueError(f"id scheme {name} must be 1 to 6, got {getattr(self, name)}")
        for name in ("first_column", "first_row"):
            if not 0 <= getattr(self, name) <= MAX_HEXES:
                raise ValueError(f"id scheme {name} must be 0 to {MAX_HEXES}, got {getattr(self, name)}")
        if any(c.isalnum() for c in self.separator):
            raise ValueError(f"id scheme separator must hold no letter or digit, got {self.separator!r}")
        if not self.separator and self.column == self.row:
            lead = self.column if self.column_first else self.row
            width = self.column_digits if self.column_first else self.row_digits
            if lead == "letters" or width == 1:
                raise ValueError(
                    "id scheme without a separator needs the two labels told apart: a letter and a number,"
                    " or the leading number padded to a fixed width (column_digits/row_digits)"
                )

    def label(self, axis: Literal["column", "row"], index: int) -> str:
        kind = self.column if axis == "column" else self.row
        value = index + (self.first_column if axis == "column" else self.first_row)
        if kind == "letters":
            return letters(value)
        return str(value).rjust(self.column_digits if axis == "column" else self.row_digits, "0")

    def index(self, axis: Literal["column", "row"], label: str) -> int | None:
        kind = self.column if axis == "column" else self.row
        first = self.first_column if axis == "column" else self.first_row
        width = self.column_digits if axis == "column" else self.row_digits
        if kind == "letters":
            value = letters_value(label)
        elif label.isascii() and label.isdigit() and len(label) >= width and (len(label) == width or label[0] != "0"):
            value = int(label)
        else:
            value = None
        return None if value is None else value - first

    def format(self, col: int, row: int) -> str:
        c, r = self.label("column", col), self.label("row", row)
        return c + self.separator + r if self.column_first else r + self.separator + c

    def parse(self, text: str) -> tuple[int, int] | None:
        """``(col, row)`` of a printed id, or None if the text is not an id of this scheme."""
        lead, tail = ("column", "row") if self.column_first else ("row", "column")
        if self.separator:
            parts = text.split(self.separator)
            if len(parts) != 2:
                return None
            first, second = parts
        else:
            kind = self.column if self.column_first else self.row
            if kind == "letters":
                m = re.fullmatch(r"([A-Z]+)(.*)", text)
            elif (self.row if self.column_first else self.column) == "letters":
                m = re.fullmatch(r"([0-9]+)(.*)", text)
            else:
                width = self.column_digits if self.column_first else self.row_digits
                m = re.fullmatch(r"([0-9]{%d})(.*)" % width, text)
            if m is None:
                return None
            first, second = m.group(1), m.group(2)
        a = self.index(lead, first)  # type: ignore[arg-type]
        b = self.index(tail, second)  # type: ignore[arg-type]
        if a is None or b is None:
            return None
        return (a, b) if self.column_first else (b, a)


@record
class HexGrid:
    """A rectangular hex map: geometry in pixels plus the ids it prints (module docstring)."""

    orientation: Orientation
    columns: int
    rows: int
    size: float
    origin: tuple[float, float] = (0.0, 0.0)
    layout: Layout = "odd"
    spacing: float | None = None
    ids: IdScheme = field(default_factory=IdScheme)

    def __post_init__(self) -> None:
        if self.orientation not in ("flat", "pointy"):
            raise ValueError(f"hex grid orientation must be 'flat' or 'pointy', got {self.orientation!r}")
        if self.layout not in ("odd", "even"):
            raise ValueError(f"hex grid layout must be 'odd' or 'even', got {self.layout!r}")
        if self.columns < 1 or self.rows < 1:
            raise ValueError(f"hex grid needs at least one column and row, got {self.columns} × {self.rows}")
        if self.columns * self.rows > MAX_HEXES:
            raise ValueError(f"hex grid of {self.columns} × {self.rows} hexes is over the limit of {MAX_HEXES}")
        lengths = (self.size, *self.origin, *(() if self.spacing is None else (self.spacing,)))
        if not all(math.isfinite(v) for v in lengths) or not self.size > 0 or (self.spacing is not None and not self.spacing > 0):
            raise ValueError("hex grid size and spacing must be positive numbers, the origin finite")
        object.__setattr__(self, "origin", (float(self.origin[0]), float(self.origin[1])))
        for axis, count, digits in (("column", self.columns, self.ids.column_digits), ("row", self.rows, self.ids.row_digits)):
            kind = self.ids.column if axis == "column" else self.ids.row
            last = count - 1 + (self.ids.first_column if axis == "column" else self.ids.first_row)
            if kind == "numbers" and len(str(last)) > digits and not self.ids.separator and self.ids.column == self.ids.row:
                raise ValueError(f"hex grid {axis} {last} does not fit the id scheme's {digits} digits")

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> HexGrid:
        """The grid a data file declares (``docs/hexes.md``): the fields by name, ``ids`` a mapping of
        ``IdScheme``'s fields, ``origin`` a pair. Unknown or missing fields are a ValueError."""
        fields = dict(data)
        ids = fields.pop("ids", {})
        origin = fields.pop("origin", (0.0, 0.0))
        try:
            return cls(ids=IdScheme(**dict(ids)), origin=(float(origin[0]), float(origin[1])), **fields)
        except TypeError as exc:
            raise ValueError(f"hex grid: {exc}") from None

    # -- extent and offset coordinates -------------------------------------------------------

    @property
    def line_spacing(self) -> float:
        """``spacing``, or the regular hexes' ``size * sqrt(3) / 2``."""
        return self.spacing if self.spacing is not None else self.size * SQRT3 / 2

    def hex_of(self, col: int, row: int) -> Hex:
        """The axial hex at internal offset ``(col, row)`` (``(0, 0)`` is ``Hex(0, 0)``)."""
        if self.orientation == "flat":
            shift = (col - (col & 1)) // 2 if self.layout == "odd" else (col + (col & 1)) // 2
            return Hex(col, row - shift)
        shift = (row - (row & 1)) // 2 if self.layout == "odd" else (row + (row & 1)) // 2
        return Hex(col - shift, row)

    def offset_of(self, h: Hex) -> tuple[int, int]:
        """Internal ``(col, row)`` of a hex (inverse of ``hex_of``; may lie off the map)."""
        if self.orientation == "flat":
            shift = (h.q - (h.q & 1)) // 2 if self.layout == "odd" else (h.q + (h.q & 1)) // 2
            return h.q, h.r + shift
        shift = (h.r - (h.r & 1)) // 2 if self.layout == "odd" else (h.r + (h.r & 1)) // 2
        return h.q + shift, h.r

    def contains(self, h: Hex) -> bool:
        col, row = self.offset_of(h)
        return 0 <= col < self.columns and 0 <= row < self.rows

    def hexes(self) -> tuple[Hex, ...]:
        """Every hex of the map, column by column, top to bottom."""
        return tuple(self.hex_of(c, r) for c in range(self.columns) for r in range(self.rows))

    def on_map_neighbours(self, h: Hex) -> tuple[Hex, ...]:
        return tuple(n for n in neighbours(h) if self.contains(n))

    # -- printed ids ------------------------------------------------------------------------

    def hex_id(self, h: Hex) -> str:
        """The id the map prints on ``h`` (``C4``, ``0304`` …); ValueError off the map."""
        if not self.contains(h):
            raise ValueError(f"hex {h} is not on the map")
        return self.ids.format(*self.offset_of(h))

    def parse_id(self, text: str) -> Hex | None:
        """The hex a printed id names, or None if it is not an id of this map."""
        parsed = self.ids.parse(text)
        if parsed is None:
            return None
        h = self.hex_of(*parsed)
        return h if self.contains(h) and self.hex_id(h) == text else None

    # -- pixels -------------------------------------------------------------------------------

    def _unit(self) -> tuple[float, float]:
        """Pixels per regular-hex unit along (across-lines, along-lines)."""
        return self.line_spacing / 1.5, self.size / SQRT3

    def centre(self, h: Hex) -> tuple[float, float]:
        """The pixel centre of ``h``."""
        across, along = self._unit()
        ox, oy = self.origin
        if self.orientation == "flat":
            return ox + across * 1.5 * h.q, oy + along * SQRT3 * (h.r + h.q / 2)
        return ox + along * SQRT3 * (h.q + h.r / 2), oy + across * 1.5 * h.r

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex whose polygon holds pixel ``(x, y)`` (on or off the map)."""
        across, along = self._unit()
        dx, dy = x - self.origin[0], y - self.origin[1]
        if self.orientation == "flat":
            u, v = dx / across, dy / along  # regular-hex units, hex radius 1
            q = u * 2 / 3
            r = -u / 3 + v / SQRT3
        else:
            u, v = dx / along, dy / across
            q = u / SQRT3 - v / 3
            r = v * 2 / 3
        return cube_round(q, r)

    def polygon(self, h: Hex) -> tuple[tuple[float, float], ...]:
        """The six corners of ``h`` in pixels, clockwise on the screen from the rightmost (flat) or top (pointy) one."""
        across, along = self._unit()
        cx, cy = self.centre(h)
        out = []
        for k in range(6):
            if self.orientation == "flat":
                a = math.radians(60 * k)
                out.append((cx + across * math.cos(a), cy + along * math.sin(a)))
            else:
                a = math.radians(60 * k - 90)
                out.append((cx + along * math.cos(a), cy + across * math.sin(a)))
        return tuple(out)
