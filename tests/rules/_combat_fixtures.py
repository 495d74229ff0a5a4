"""A hand-built GameData for the combat tests (fire, damage, retreat, trenches, assault; catalogue §4.2–§4.7).

Map (printed defense in brackets; control at start):

* the 8.4 fire example: 7 [1] VM, 8 [1] VM, 10 [1] French, 11 [1] VM, 14 [2] French, 17 [1] French,
  with 11 adjacent to 7, 8, 10, 14, 17; 10 adjacent to 7 and 17; 14–17 (the assault example);
  rivers without a bridge on 10|17 and 11|17;
* 28 [1] – 29 [1] – 21 [2] French, bridges on 29–28 and 29–21 (7.0), and 30 [0] French across a plain
  river from 29 (RT-9, RT-10);
* a hypothetical retreat map (§4.4): 70 [0] VM (the fired-on area) next to 71 (A) and 72 (B), both VM;
  71 next to 73 (R) and 74 (S), both VM; 75 VM whose only neighbours are 71 and 76 (French);
  77 VM with only French neighbours (76); all printed 0;
* 80 [2] VM next to 81 [0] French and 82 [3] VM (trench and assault tests).

Units (FP / DEF fresh / DEF spent / MA): French FR-F3 (3), FR-F1A (1), FR-F1B (1), FR-F2 (2), all DEF
6/4; FR-S1 … FR-S12 (1, 5/3); FR-ZERO (FP 0); FR-ARM (armor, 2, 6/4, MA 4). Viet Minh VM-D8 (2, 8/5),
VM-V1 … VM-V12 (1, 5/3), VM-ZERO (FP 0). All cards are the bundled SoDBP cards (real names,
firepower, timing), so card rules see the real deck.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from types import MappingProxyType

from sdbp_module.games.sodbp.ids import (
    FRENCH,
    VIET_MINH,
    AreaColour,
    CardBonus,
    UnitType,
)
from sdbp_module.ids import AreaId, CardId, Severity, Side, UnitId, UnitTypeId
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
from sdbp_module.replay.events import Event, Where
from sdbp_module.replay.notation import state_from_text
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import Rule
from sdbp_module.rules.checker import Report, check_events
from sdbp_module.rules.switches import RuleSet, parse_switches

FR = FRENCH
VM = VIET_MINH
SRC = Source("rules 8.4 example, 7.0")
HYPO = Source("reconstructed: hypothetical test map (catalogue §4.2–§4.7)")

# (number, control, printed defense)
AREAS: tuple[tuple[int, Side, int], ...] = (
    (7, VM, 1),
    (8, VM, 1),
    (10, FR, 1),
    (11, VM, 1),
    (14, FR, 2),
    (17, FR, 1),
    (21, FR, 2),
    (28, FR, 1),
    (29, FR, 1),
    (30, FR, 0),
    (70, VM, 0),
    (71, VM, 0),
    (72, VM, 0),
    (73, VM, 0),
    (74, VM, 0),
    (75, VM, 0),
    (76, FR, 0),
    (77, VM, 0),
    (80, VM, 2),
    (81, FR, 0),
    (82, VM, 3),
)

# (a, b, river, bridge)
BORDERS: tuple[tuple[int, int, bool, bool], ...] = (
    (7, 10, False, False),
    (7, 11, False, False),
    (8, 11, False, False),
    (10, 11, False, False),
    (10, 17, True, False),
    (11, 14, False, False),
    (11, 17, True, False),
    (14, 17, False, False),
    (21, 29, True, True),
    (28, 29, True, True),
    (29, 30, True, False),
    (70, 71, False, False),
    (70, 72, False, False),
    (71, 73, False, False),
    (71, 74, False, False),
    (71, 75, False, False),
    (75, 76, False, False),
    (76, 77, False, False),
    (80, 81, False, False),
    (80, 82, False, False),
    (81, 82, False, False),
)

# (id, side, type, FP, DEF, spent DEF, MA)
UNITS: tuple[tuple[str, Side, UnitTypeId, int, int, int, int], ...] = (
    ("FR-F3", FR, UnitType.INFANTRY, 3, 6, 4, 3),
    ("FR-F1A", FR, UnitType.INFANTRY, 1, 6, 4, 3),
    ("FR-F1B", FR, UnitType.INFANTRY, 1, 6, 4, 3),
    ("FR-F2", FR, UnitType.INFANTRY, 2, 6, 4, 3),
    *((f"FR-S{i}", FR, UnitType.INFANTRY, 1, 5, 3, 3) for i in range(1, 13)),
    ("FR-ZERO", FR, UnitType.ANTI_AIRCRAFT, 0, 4, 2, 2),
    ("FR-ARM", FR, UnitType.ARMOR, 2, 6, 4, 4),
    ("VM-D8", VM, UnitType.INFANTRY, 2, 8, 5, 3),
    *((f"VM-V{i}", VM, UnitType.INFANTRY, 1, 5, 3, 3) for i in range(1, 13)),
    ("VM-ZERO", VM, UnitType.INFANTRY, 0, 4, 2, 2),
)


def uid(text: str) -> UnitId:
    return UnitId(text)


def uids(text: str) -> tuple[UnitId, ...]:
    return tuple(UnitId(u) for u in text.split())


def aid(number: int) -> AreaId:
    return AreaId(number)


def _area(number: int, control: Side, defense: int) -> Area:
    return Area(
        id=AreaId(number),
        name=f"Area {number}",
        defense=defense,
        control=control,
        colour=AreaColour.PLAIN,
        victory=False,
        card_bonus=CardBonus.NONE,
        map_edge=False,
        bank="west",
        polygon=((0, 0), (10, 0), (10, 10)),
        label=(5, 5),
        source=SRC if number < 70 else HYPO,
    )


def _unit(ident: str, side: Side, kind: UnitTypeId, fp: int, dfn: int, spent: int, ma: int) -> Unit:
    return Unit(
        id=UnitId(ident),
        side=side,
        formation=ident,
        company="",
        type=kind,
        marks=frozenset(),
        firepower=fp,
        defense=dfn,
        movement=ma,
        spent_defense=spent,
        setup=Placement(SetupKind.OFF_MAP),
        source=HYPO,
    )


@lru_cache(maxsize=1)
def combat_game() -> GameData:
    """The map and counters of the module docstring, with the bundled SoDBP cards."""
    from sdbp_module.model.from_data import load_game
    from sdbp_module.paths import default_data_dir

    bundled = load_game(default_data_dir())
    return GameData(
        game=GameInfo(
            id="sodbp-combat-test",
            title="combat test map",
            module_name="CombatTest",
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
        areas=tuple(_area(*a) for a in sorted(AREAS)),
        borders=tuple(
            Border(AreaId(a), AreaId(b), river, bridge, SRC if a < 70 else HYPO) for a, b, river, bridge in sorted(BORDERS)
        ),
        units=tuple(_unit(*u) for u in UNITS),
        markers=(),
        cards=bundled.cards,
        turn_track=bundled.turn_track,
        scenario=Scenario(
            id="test", name="test", description="", first_turn=1, units=MappingProxyType({}), markers=(), source=HYPO
        ),
    )


def card(name: str, copy: int = 0) -> CardId:
    """The id of the ``copy``-th (0-based) card called ``name`` in the bundled deck."""
    matches = [c.id for c in combat_game().cards if c.name == name]
    return matches[copy]


def position(text: str) -> GameState:
    """A started state from the core's notation (``replay/notation.py``), with the SoDBP sequence."""
    from sdbp_module.games.sodbp.rules.package import SODBP

    return state_from_text(text, sequence=SODBP.make_sequence(combat_game()))



@lru_cache(maxsize=None)
def ca14() -> GameState:
    """The card-attack examples' CA-14 position. Area 11: printed 1, no trench; VM-V1 DEF 5; FR-F2 (FP 2) fires from 10."""
    return position("turn 2 action french\n10: FR-F2 | ctrl french\n11: VM-V1 | ctrl viet_minh")


@lru_cache(maxsize=None)
def ca15() -> GameState:
    """The card-attack examples' CA-15 position. Area 82: printed 3; VM-D8 DEF 8."""
    return position("turn 2 action french\n81: FR-F3 | ctrl french\n82: VM-D8 | ctrl viet_minh")


@lru_cache(maxsize=None)
def vm_fire() -> GameState:
    """The card tests' Viet Minh fire: VM-D8 and VM-V1 in 11, FR-F3 in 10."""
    return position("turn 2 action viet_minh\n11: VM-D8 VM-V1 | ctrl viet_minh\n10: FR-F3 | ctrl french")


THREE = "VM-V1 VM-V2 VM-V3"


@lru_cache(maxsize=None)
def assault_position() -> GameState:
    """The card tests' assault: ``THREE`` in 14 (trench 3) against FR-F3 in 17."""
    return position(
        f"turn 2 action viet_minh\n14: {THREE} | ctrl viet_minh | trench 3\n17: FR-F3 | ctrl french\n11: | ctrl viet_minh"
    )


FIRE_EXAMPLE = """
turn 2 action french
7: | ctrl viet_minh
8: | ctrl viet_minh
10: FR-F3 FR-F1A FR-F1B FR-F2 | ctrl french
11: VM-D8 VM-V1 | ctrl viet_minh | trench 1
14: | ctrl french
17: | ctrl french
"""
"""The 8.4 fire example (catalogue §4.2 fixture): four French units in 10 (FP 3+1+1+2) fire at 11."""


def switches(*options: str) -> RuleSet:
    from sdbp_module.games.sodbp.rules.package import SODBP

    return parse_switches(options, SODBP.switches)


def run(start: GameState, *events: Event, rules: tuple[Rule, ...], options: tuple[str, ...] = ()) -> Report:
    """Check ``events`` from ``start`` with ``rules`` only (positions test.jsonl:1, 2, …)."""
    from sdbp_module.games.sodbp.rules.package import SODBP

    numbered = [replace(e, where=Where("test.jsonl", i, i + 1)) for i, e in enumerate(events)]
    return check_events(numbered, combat_game(), SODBP, initial=start, rules=rules, switches=switches(*options))


def verdicts(report: Report, *, with_info: bool = False) -> list[tuple[str, str, int]]:
    """``(rule_id, severity, log line)`` of each finding (info left out unless ``with_info``)."""
    return [
        (f.rule_id, f.severity.value, f.where.line or 0)
        for f in report.findings
        if with_info or f.severity is not Severity.INFO
    ]


def ids(report: Report, *, with_info: bool = False) -> list[str]:
    return [v[0] for v in verdicts(report, with_info=with_info)]
