"""A hex-map game's own records: its board (``HexBoard``: the map, terrain kinds, named hexes, off-map
boxes, arrivals), its printed tables, and the ``game.yaml`` settings only a hex-map game has (stacking in
points, counter colours).

Apart from ``model.game_data`` so that an area game's check, whose ``GameData`` holds none of these,
does not create their classes: ``GameData.hexes`` and ``GameInfo.stacking``/``counter_colours`` name
them for the type checker only, and a cached hex-map game's pickle imports this module itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from types import MappingProxyType
from typing import TYPE_CHECKING

from sdbp_module.ids import UnitId
from sdbp_module.model.game_data import Source, Term, Unit, no_sources
from sdbp_module.records import record

if TYPE_CHECKING:
    from sdbp_module.hexgrid.hexmap import HexMap
    from sdbp_module.model.hex_play import HexPlay


@record
class StackingPoints:
    """A stacking limit in points (hex ``game.yaml`` ``stacking``): at most ``points`` stacking points
    of one side in one hex; a unit counts the value of the factor ``factor`` on the face it shows,
    ``default`` when its counter prints none."""

    points: int
    factor: str
    default: int
    source: Source

    def of(self, factors: tuple[Term, ...], face: tuple[int | None, ...]) -> int:
        """The stacking points of a counter face (its factors in ``factors`` order)."""
        order = [f.id for f in factors]
        i = order.index(self.factor) if self.factor in order else -1
        value = face[i] if 0 <= i < len(face) else None
        return self.default if value is None else value


@record
class CounterColours:
    """How a hex game's counters are painted (``game.yaml`` ``counter_colours``): per side its body
    and ink colour, per unit mark the colour of the band printed across the counter ("#rrggbb")."""

    sides: Mapping[str, tuple[str, str]]
    bands: Mapping[str, str]
    source: Source


@record
class TerrainKind(Term):
    """A terrain of a hex map (``hexes.yaml`` ``terrain_kinds``): its combat ``modifier``."""

    modifier: int = 0


@record
class Place:
    """A hex printed with a name (``hexes.yaml`` ``places``)."""

    hex: str
    name: str
    source: Source
    sources: Mapping[str, Source] = field(default_factory=no_sources, hash=False)


@record
class EliminatedUnits:
    """Which eliminated units a box receives (``markers.yaml`` box ``eliminated``): the units of
    ``sides`` (every side when empty) carrying one of ``marks`` (any unit when empty)."""

    sides: frozenset[str] = frozenset()
    marks: frozenset[str] = frozenset()

    def takes(self, unit: Unit) -> bool:
        return (not self.sides or unit.side.value in self.sides) and (not self.marks or bool(self.marks & unit.marks))


@record
class Box:
    """An off-map box beside a hex map (``markers.yaml`` ``boxes``); ``eliminated``: the eliminated
    units it receives, None for none."""

    id: str
    name: str
    source: Source
    sources: Mapping[str, Source] = field(default_factory=no_sources, hash=False)
    eliminated: EliminatedUnits | None = None


@record
class TableColumn:
    """A column of a printed table: its name and where a number in the name comes from."""

    name: str
    source: Source


@record
class TableRow:
    """A row of a printed table: its cells as printed, one per column; ``id`` a key other data joins on."""

    cells: tuple[str, ...]
    source: Source
    sources: Mapping[str, Source] = field(default_factory=no_sources, hash=False)  # column name -> a cell's own source
    id: str = ""

    def cell_source(self, column: str) -> Source:
        """Where the cell of ``column`` comes from: its own source, else the row's."""
        return self.sources.get(column, self.source)


@record
class TableNote:
    """A line printed under a table, and where it comes from."""

    text: str
    source: Source


@record
class DataTable:
    """One printed table of a hex-map game (``tables.yaml``): a results table, a modifier list, the columns
    of a terrain chart; every cell has a source (``TableRow.cell_source``)."""

    id: str
    title: str
    columns: tuple[TableColumn, ...]
    rows: tuple[TableRow, ...]
    source: Source
    notes: tuple[TableNote, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)

    def row(self, row_id: str) -> TableRow | None:
        """The row whose id is ``row_id``, or None."""
        return next((r for r in self.rows if r.id == row_id), None)

    def cell(self, row: TableRow, column: str) -> str:
        """The text of ``row``'s cell in ``column``."""
        return row.cells[self.names.index(column)]


@record
class HexBoard:
    """A hex-map game's board: the ``HexMap`` (grid, terrain, elevation, sets, line of fire), the
    terrain kinds, the named hexes, the off-map boxes and the units arriving on each turn."""

    map: HexMap
    terrains: tuple[TerrainKind, ...]
    places: tuple[Place, ...]
    boxes: tuple[Box, ...]
    arrivals: Mapping[int, tuple[UnitId, ...]]  # turn -> units entering the map from their box
    labels: Mapping[int, str]  # turn -> its label on the turn record ("7 Aug")
    source: Source
    sources: Mapping[str, Source] = field(default_factory=no_sources, hash=False)
    play: HexPlay | None = None  # phases, statuses, tracks, transport, packages (``model.hex_play``); None: none
    vp_limits: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({}))  # turn -> the VP level reinforcements wait above
    withdrawals: Mapping[int, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))  # turn -> kinds due to withdraw
    tables: tuple[DataTable, ...] = ()  # the printed tables (``tables.yaml``), in data order; () when the game has none

    def table(self, table_id: str) -> DataTable:
        """The table ``table_id`` of ``tables.yaml`` (``KeyError`` when there is none)."""
        for t in self.tables:
            if t.id == table_id:
                return t
        raise KeyError(table_id)


