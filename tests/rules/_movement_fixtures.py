"""A tiny hand-built GameData for the movement, stacking and control tests.

It holds the map facts the seed implies for the 7.0 movement example (catalogue §4.1): areas
7, 8, 10, 11, 14, 17 with adjacencies 10–7, 10–11, 10–17, 17–11, 17–14, 11–7, 11–8, 11–14, rivers
without a bridge on 10|17 and 11|17, no river elsewhere. Areas 7, 8, 11 are VM at start, the
rest French. It adds *hypothetical* areas for the catalogue's hypothetical-map cases:

* 40 (P) – 41 (Q) – 42 (R), no rivers (MV-11);
* 50 (X, French) – 51 (Y, French) and 52 (W, VM), for stacking (MV-12) and pass-through
  capture (MV-14/MV-15);
* 60 (red, VM) next to 10, for FR-RED-AREA;
* 28 – 29 – 21 with bridges on 29–28 and 29–21 (7.0), and a plain river 29|30.

It does not depend on the bundled (reconstructed) map.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from sdbp_module.games.sodbp.ids import (
    FRENCH,
    VIET_MINH,
    AreaColour,
    CardBonus,
    UnitType,
)
from sdbp_module.ids import AreaClassId, AreaId, Severity, Side, UnitId, UnitTypeId
from sdbp_module.model.game_data import (
    Area,
    Border,
    GameData,
    GameInfo,
    MapInfo,
    Placement,
    Scenario,
    SetupKind,
    Source,
    Unit,
)
from sdbp_module.replay.events import Event, Flip, Move, MoveKind, Where
from sdbp_module.replay.notation import state_from_text
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import Rule
from sdbp_module.rules.checker import Report, check_events

FR = FRENCH
VM = VIET_MINH
SRC = Source("rules 7.0")
HYPO = Source("reconstructed: hypothetical test map (catalogue §4.1)")

_AREAS: tuple[tuple[int, Side, AreaClassId], ...] = (
    (7, VM, AreaColour.PLAIN),
    (8, VM, AreaColour.PLAIN),
    (10, FR, AreaColour.PLAIN),
    (11, VM, AreaColour.PLAIN),
    (14, FR, AreaColour.PLAIN),
    (17, FR, AreaColour.PLAIN),
    (21, FR, AreaColour.BLUE),
    (28, FR, AreaColour.PLAIN),
    (29, FR, AreaColour.PLAIN),
    (30, FR, AreaColour.PLAIN),
    (40, FR, AreaColour.PLAIN),
    (41, VM, AreaColour.PLAIN),
    (42, FR, AreaColour.PLAIN),
    (50, FR, AreaColour.PLAIN),
    (51, FR, AreaColour.PLAIN),
    (52, VM, AreaColour.PLAIN),
    (60, VM, AreaColour.RED),
)

# (a, b, river, bridge)
_BORDERS: tuple[tuple[int, int, bool, bool], ...] = (
    (7, 10, False, False),
    (10, 11, False, False),
    (10, 17, True, False),
    (11, 17, True, False),
    (14, 17, False, False),
    (7, 11, False, False),
    (8, 11, False, False),
    (11, 14, False, False),
    (10, 60, False, False),
    (28, 29, True, True),
    (21, 29, True, True),
    (29, 30, True, False),
    (40, 41, False, False),
    (41, 42, False, False),
    (50, 51, False, False),
    (51, 52, False, False),
    (50, 52, False, False),
)

# (id, side, type, movement)
_UNITS: tuple[tuple[str, Side, UnitTypeId, int], ...] = (
    ("FR-A", FR, UnitType.INFANTRY, 2),
    ("FR-B", FR, UnitType.PARATROOPS, 3),
    ("FR-K", FR, UnitType.ARMOR, 4),
    ("FR-L", FR, UnitType.INFANTRY, 3),
    ("FR-L2", FR, UnitType.INFANTRY, 2),
    ("FR-U", FR, UnitType.INFANTRY, 3),
    ("FR-M4", FR, UnitType.INFANTRY, 4),
    ("FR-M2", FR, UnitType.INFANTRY, 2),
    *((f"FR-S{i}", FR, UnitType.INFANTRY, 3) for i in range(1, 12)),
    ("FR-SLOW", FR, UnitType.INFANTRY, 1),
    ("VM-V", VM, UnitType.INFANTRY, 2),
    ("VM-T1", VM, UnitType.INFANTRY, 3),
    ("VM-T2", VM, UnitType.INFANTRY, 3),
    ("VM-V3", VM, UnitType.INFANTRY, 3),
    *((f"VM-W{i}", VM, UnitType.INFANTRY, 2) for i in range(1, 12)),
)


def uid(text: str) -> UnitId:
    return UnitId(text)


def aid(number: int) -> AreaId:
    return AreaId(number)


def _area(number: int, control: Side, colour: AreaClassId) -> Area:
    return Area(
        id=AreaId(number),
        name=f"Area {number}",
        defense=1,
        control=control,
        colour=colour,
        victory=False,
        card_bonus=CardBonus.NONE,
        map_edge=colour == AreaColour.RED,
        bank="west",
        polygon=((0, 0), (10, 0), (10, 10)),
        label=(5, 5),
        source=SRC if number < 40 else HYPO,
    )


def _unit(ident: str, side: Side, kind: UnitTypeId, movement: int) -> Unit:
    return Unit(
        id=UnitId(ident),
        side=side,
        formation=ident,
        company="",
        type=kind,
        marks=frozenset(),
        firepower=1,
        defense=5,
        movement=movement,
        spent_defense=3,
        setup=Placement(SetupKind.OFF_MAP),
        source=HYPO,
    )


def example_game() -> GameData:
    """The small map and counters described in the module docstring."""
    areas = tuple(_area(n, c, col) for n, c, col in sorted(_AREAS))
    borders = tuple(
        Border(AreaId(a), AreaId(b), river, bridge, SRC if a < 40 else HYPO)
        for a, b, river, bridge in sorted(_BORDERS)
    )
    units = tuple(_unit(*u) for u in _UNITS)
    return GameData(
        game=GameInfo(
            id="sodbp-test",
            title="movement test map",
            module_name="MovementTest",
            version="0.0.0",
            vassal_version="3.7.26",
            description="",
            sides=(VM, FR),
            turns=8,
            stacking_limit=9,
            dice=(6, 6),
            first_side=VM,
        ),
        map=MapInfo(width=100, height=100, source=HYPO),
        areas=areas,
        borders=borders,
        units=units,
        markers=(),
        cards=(),
        turn_track=(),
        scenario=Scenario(
            id="test",
            name="test",
            description="",
            first_turn=1,
            units=MappingProxyType({}),
            markers=(),
            source=HYPO,
        ),
    )


def initial_control() -> dict[AreaId, Side]:
    return {AreaId(n): c for n, c, _ in _AREAS}


# -- running the movement, stacking and control rules over hand-built events ----------------------

EXAMPLE_7_0 = """
turn 2 action french
7: | ctrl viet_minh
8: | ctrl viet_minh
10: FR-A FR-B | ctrl french
11: VM-W1 VM-W2 | ctrl viet_minh
14: | ctrl french
17: FR-K FR-L VM-V | ctrl french
"""
"""The 7.0 movement example position (catalogue §4.1 fixture)."""


def example_state(text: str = EXAMPLE_7_0, extra: str = "") -> GameState:
    """A started state from the core's notation, with the SoDBP sequence of play."""
    from sdbp_module.games.sodbp.rules.package import SODBP

    return state_from_text(text + "\n" + extra, sequence=SODBP.make_sequence(example_game()))


def my_rules() -> tuple[Rule, ...]:
    from sdbp_module.games.sodbp.rules import control, movement, stacking

    return (*movement.RULES, *stacking.RULES, *control.RULES)


def run(start: GameState, *events: Event, game: GameData | None = None, extra: tuple[Rule, ...] = ()) -> Report:
    """Check ``events`` from ``start`` with the movement, stacking and control rules only (and ``extra``)."""
    from sdbp_module.games.sodbp.rules.package import SODBP

    numbered = [replace(e, where=Where("test.jsonl", i, i + 1)) for i, e in enumerate(events)]
    return check_events(numbered, game or example_game(), SODBP, initial=start, rules=(*my_rules(), *extra))


def verdicts(
    report: Report, *, with_info: bool = False, markers: bool = False
) -> list[tuple[str, str, tuple[str, ...], tuple[int, ...]]]:
    """``(rule_id, severity, units, areas)`` of each finding.

    Info findings are left out unless ``with_info``; CONTROL-MARKER findings (its end-of-log
    cannot-check whenever control differs from print) unless ``markers``.
    """
    return [
        (f.rule_id, f.severity.value, tuple(f.units), tuple(f.areas))
        for f in report.findings
        if (with_info or f.severity is not Severity.INFO) and (markers or f.rule_id != "CONTROL-MARKER")
    ]


def flip(units: str) -> Flip:
    """The move's units turned spent (7.0: after moving, the units flip)."""
    return Flip(units=tuple(UnitId(u) for u in units.split()), spent=True)


def moved(
    side: Side, units: str, *path: int, logged_path: bool = True, action: int | None = None
) -> tuple[Move, Flip]:
    """A whole move action: the move, then the flip of its units."""
    return move(side, units, *path, logged_path=logged_path, action=action), flip(units)


def move(
    side: Side,
    units: str,
    *path: int,
    action: int | None = None,
    kind: MoveKind = MoveKind.MOVE,
    logged_path: bool = True,
) -> Move:
    """A move of ``units`` (space-separated ids) along ``path`` (origin first)."""
    return Move(
        side=side,
        units=tuple(UnitId(u) for u in units.split()),
        from_area=AreaId(path[0]),
        to_area=AreaId(path[-1]),
        path=tuple(AreaId(a) for a in path) if logged_path else None,
        move_kind=kind,
        action=action,
    )
