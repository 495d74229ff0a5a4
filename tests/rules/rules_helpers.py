"""Shared helpers for rules tests (import them: ``from rules_helpers import run, state, ...``): a tiny GameData built in code, states from notation, a checker run.

The tiny game: areas 1..12 on a 4x3 grid (1-2-3-4 / 5-6-7-8 / 9-10-11-12, neighbours across and
down), river between 3 and 7 with no bridge, area 12 red; French control 1-8, VM 9-12.
Units: FR-A, FR-B, FR-C (infantry, area 2), FR-ARM (armor, area 3), FR-R4 (turn 4), FR-STAR ("*"),
VM-X, VM-Y, VM-Z (area 10), VM-R1, VM-R2 (replacements). Cards FR-01..FR-03, VM-01..VM-03
(VM-03 "Surprise Assault", FR-03 "Counter Attack"). 8 turns, VM first, stacking 9.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Iterable

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
    Card,
    GameData,
    GameInfo,
    MapInfo,
    MarkerKind,
    MarkerPlacement,
    Placement,
    Scenario,
    SetupKind,
    Source,
    TurnInfo,
    Unit,
)
from sdbp_module.replay.events import Event, Where
from sdbp_module.replay.notation import state_from_text
from sdbp_module.replay.state import GameState
from sdbp_module.rules.findings import Finding

SRC = Source("reconstructed: test fixture")


def _area(n: int) -> Area:
    return Area(
        id=AreaId(n),
        name=f"Area {n}",
        defense=n % 4,
        control=FRENCH if n <= 8 else VIET_MINH,
        colour=AreaColour.RED if n == 12 else AreaColour.PLAIN,
        victory=n % 4 == 3,
        card_bonus=CardBonus.NONE,
        map_edge=n >= 9,
        bank="west",
        polygon=((0, 0), (1, 0), (1, 1)),
        label=(0, 0),
        source=SRC,
    )


def _borders() -> tuple[Border, ...]:
    out = []
    for n in range(1, 13):
        if n % 4 != 0:
            out.append((n, n + 1))
        if n + 4 <= 12:
            out.append((n, n + 4))
    return tuple(
        Border(AreaId(a), AreaId(b), river=(a, b) == (3, 7), bridge=False, source=SRC) for a, b in sorted(out)
    )


def _unit(uid: str, side: Side, setup: Placement, *, kind: UnitTypeId = UnitType.INFANTRY, repl: bool = False) -> Unit:
    return Unit(
        id=UnitId(uid),
        side=side,
        formation=uid,
        company="1",
        type=kind,
        marks=frozenset({"replacement"}) if repl else frozenset(),
        firepower=1 if repl else 2,
        defense=7,
        movement=2 if repl else 3,
        spent_defense=5,
        setup=setup,
        source=SRC,
    )


def _card(cid: str, side: Side, number: int, name: str, timing: str) -> Card:
    return Card(
        id=CardId(cid),
        side=side,
        number=number,
        name=name,
        entrenchment=2 if side is VIET_MINH else None,
        firepower=None,
        timing=timing,
        effect="test card",
        removed_after_play=False,
        turns=(),
        multi_copy="no",
        excludes=(),
        source=SRC,
    )


def make_tiny_game() -> GameData:
    area = lambda n: Placement(SetupKind.AREA, area=AreaId(n))  # noqa: E731
    units = (
        _unit("FR-A", FRENCH, area(2)),
        _unit("FR-B", FRENCH, area(2)),
        _unit("FR-C", FRENCH, area(2)),
        _unit("FR-ARM", FRENCH, area(3), kind=UnitType.ARMOR),
        _unit("FR-R4", FRENCH, Placement(SetupKind.TURN, turn=4)),
        _unit("FR-STAR", FRENCH, Placement(SetupKind.CARD)),
        _unit("VM-X", VIET_MINH, area(10)),
        _unit("VM-Y", VIET_MINH, area(10)),
        _unit("VM-Z", VIET_MINH, area(10)),
        _unit("VM-R1", VIET_MINH, Placement(SetupKind.REPLACEMENTS), repl=True),
        _unit("VM-R2", VIET_MINH, Placement(SetupKind.REPLACEMENTS), repl=True),
    )
    cards = (
        _card("FR-01", FRENCH, 1, "Bigeard Refuses to Leave", "R"),
        _card("FR-02", FRENCH, 2, "Artillery", "A"),
        _card("FR-03", FRENCH, 3, "Counter Attack", "A"),
        _card("VM-01", VIET_MINH, 1, "Improved Defenses", "R"),
        _card("VM-02", VIET_MINH, 2, "Katyusha Rockets", "A"),
        _card("VM-03", VIET_MINH, 3, "Surprise Assault", "A"),
    )
    return GameData(
        game=GameInfo(
            id="tiny",
            title="Tiny",
            module_name="Tiny",
            version="0.0.1",
            vassal_version="3.7.26",
            description="test",
            sides=(FRENCH, VIET_MINH),
            turns=8,
            stacking_limit=9,
            dice=(6, 6),
            first_side=VIET_MINH,
        ),
        map=MapInfo(100, 100, SRC),
        areas=tuple(_area(n) for n in range(1, 13)),
        borders=_borders(),
        units=units,
        markers=(MarkerKind("control", "Control", ("french", "viet_minh"), 10, SRC),),
        cards=cards,
        turn_track=tuple(
            TurnInfo(t, MappingProxyType({FRENCH: 4, VIET_MINH: 5}), SRC) for t in range(1, 9)
        ),
        scenario=Scenario(
            id="test",
            name="Test",
            description="test",
            first_turn=1,
            units=MappingProxyType({u.id: u.setup for u in units}),
            markers=(MarkerPlacement("turn", "turn", turn=1),),
            source=SRC,
        ),
    )


def at(index: int) -> Where:
    """A log position for hand-built events: ``test.jsonl``, entry ``index``, line ``index + 1``."""
    return Where("test.jsonl", index, index + 1)


def numbered(events: Iterable[Event]) -> list[Event]:
    """Give hand-built events consecutive log positions."""
    from dataclasses import replace

    return [replace(e, where=at(i)) for i, e in enumerate(events)]


def state(text: str, game: GameData | None = None) -> GameState:
    """A started state from notation, with the SoDBP sequence of play of ``game`` (tiny game by default)."""
    from sdbp_module.games.sodbp.rules.package import SODBP

    g = game or make_tiny_game()
    return state_from_text(text, sequence=SODBP.make_sequence(g))


def ids(findings: Iterable[Finding], *, severity: Severity | None = None) -> list[str]:
    """Rule ids of the findings (of one severity if given), in report order."""
    return [f.rule_id for f in findings if severity is None or f.severity is severity]


def serious(findings: Iterable[Finding]) -> list[Finding]:
    """Findings that are illegal or suspicious."""
    return [f for f in findings if f.severity in (Severity.ILLEGAL, Severity.SUSPICIOUS)]


CORE_MODULES = ("setup", "sequence", "activation")
"""The core rule modules (set-up, sequence of play, activation)."""


def run(
    start: str | None,
    events: Iterable[Event],
    game: GameData | None = None,
    switches: tuple[str, ...] = (),
    modules: tuple[str, ...] | None = CORE_MODULES,
) -> list[Finding]:
    """Check ``events`` from the notation state ``start`` (``None``: nothing set up, not started) with the
    rules of ``modules`` (names under ``sdbp_module.rules``; ``None`` = every SoDBP rule); the findings
    in report order."""
    import importlib

    from sdbp_module.games.sodbp.rules.package import SODBP
    from sdbp_module.replay.state import GameState
    from sdbp_module.rules.checker import check_events
    from sdbp_module.rules.switches import parse_switches

    g = game or make_tiny_game()
    rules = None
    if modules is not None:
        rules = [r for m in modules for r in importlib.import_module(f"sdbp_module.games.sodbp.rules.{m}").RULES]
    initial = GameState.empty(SODBP.make_sequence(g)) if start is None else state(start, g)
    report = check_events(
        numbered(events),
        g,
        SODBP,
        switches=parse_switches(switches, SODBP.switches),
        initial=initial,
        rules=rules,
    )
    return list(report.findings)


def only(findings: Iterable[Finding], *rule_ids: str) -> list[Finding]:
    """The findings of the given rule ids."""
    return [f for f in findings if f.rule_id in rule_ids]
