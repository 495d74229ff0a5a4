"""Helpers for the Storm over Stalingrad rules tests: a small game built in code, states from notation,
a checker run with the SoS rules package.

The small game: general areas 1..9 on a 3x3 grid (1-2-3 / 4-5-6 / 7-8-9, neighbours across and down),
landing zones 10 (next to 3 and 6) and 11 (next to 9). German control 1, 2, 4, 7; Soviet the rest.
Area 5 is Mamayev Kurgan (set-up letter G, +1 card), defence 3 like 3 and 8 (the victory areas).
German units: GE-A1, GE-A2 (100th Jäger, area 1), GE-B1 (389th, area 1), GE-I (independent, area 1),
GE-BLK (black counter, withdraws on turn 3, area 4), GE-R3 (reinforcement, turn 3).
Soviet units: SU-X, SU-Y (area 5), SU-L1..SU-L3 (set-up L: any landing zone; the scenario puts them in
10, 10, 11), SU-R2 (reinforcement, turn 2), SU-S1..SU-S8 (area 6), SU-T1..SU-T3 (area 9), SU-M2 (MP 2,
area 8). Cards GE-01 Attack on the Move and GE-02 Air Support ("For your impulse", timing A), GE-03
Sniper, GE-04 and GE-05 Dive Bombers (timing A as in our data, copies played together: sequential);
SU-01 Mines, SU-02 Defensive Fire, SU-03 Rubble. 6 turns, German first, stacking 10, bid min 1;
a card played as the action and the unit action it governs are one action (5.2, 6.2).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from types import MappingProxyType

from sdbp_module.games.sos.ids import GERMAN, SOVIET, AreaClass, Bonus, UnitType
from sdbp_module.games.sos.rules.package import SOS
from sdbp_module.ids import AreaId, CardId, Severity, Side, UnitId
from sdbp_module.model.game_data import (
    Area,
    Bid,
    BonusSet,
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
    Term,
    TurnInfo,
    Unit,
)
from sdbp_module.replay.events import Bid as EventBid
from sdbp_module.replay.events import Event, GameStart, UnitSetup, Where
from sdbp_module.replay.location import Location
from sdbp_module.replay.notation import state_from_text
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import RulesPackage
from sdbp_module.rules.findings import Finding

SRC = Source("reconstructed: test fixture")
GERMAN_AREAS = (1, 2, 4, 7)
VICTORY_AREAS = (3, 5, 8)
CODES = {1: "A", 4: "B", 5: "G", 6: "C", 9: "D"}


def _area(n: int) -> Area:
    lz = n >= 10
    return Area(
        id=AreaId(n),
        name="Mamayev Kurgan" if n == 5 else f"{'Landing zone' if lz else 'Area'} {n}",
        defense=3 if n in VICTORY_AREAS else (0 if lz else 1),
        control=GERMAN if n in GERMAN_AREAS else SOVIET,
        colour=AreaClass.LANDING_ZONE if lz else AreaClass.GENERAL,
        victory=n in VICTORY_AREAS,
        card_bonus=Bonus.MAMAYEV if n == 5 else Bonus.NONE,
        map_edge=n in (1, 4, 7),
        bank="",
        polygon=((0, 0), (1, 0), (1, 1)),
        label=(0, 0),
        source=SRC,
        setup_code=CODES.get(n, ""),
    )


def _borders() -> tuple[Border, ...]:
    pairs = [(n, n + 1) for n in range(1, 10) if n % 3 != 0] + [(n, n + 3) for n in range(1, 7)]
    pairs += [(3, 10), (6, 10), (9, 11)]
    return tuple(Border(AreaId(a), AreaId(b), river=False, bridge=False, source=SRC) for a, b in sorted(pairs))


def _unit(uid: str, setup: Placement, *, group: str = "", movement: int = 3, withdraw: int | None = None) -> Unit:
    return Unit(
        id=UnitId(uid),
        side=GERMAN if uid.startswith("GE-") else SOVIET,
        formation=group or uid,
        company="1",
        type=UnitType.INFANTRY,
        marks=frozenset({"black"}) if withdraw is not None else frozenset(),
        firepower=2,
        defense=7,
        movement=movement,
        spent_defense=5,
        setup=setup,
        source=SRC,
        group=group,
        withdraw=withdraw,
    )


def make_card(cid: str, number: int, name: str, timing: str, multi_copy: str = "no") -> Card:
    return Card(
        id=CardId(cid),
        side=GERMAN if cid.startswith("GE-") else SOVIET,
        number=number,
        name=name,
        entrenchment=None,
        firepower=None,
        timing=timing,
        effect="test card",
        removed_after_play=False,
        turns=(),
        multi_copy=multi_copy,
        excludes=(),
        source=SRC,
    )


def _term(tid: str) -> Term:
    return Term(tid, tid.replace("_", " ").title(), SRC)


def make_sos_game() -> GameData:
    """The small Storm over Stalingrad game of this module's docstring."""
    area = lambda n: Placement(SetupKind.AREA, area=AreaId(n))  # noqa: E731
    lz = Placement(SetupKind.CLASS, area_class=AreaClass.LANDING_ZONE)
    units = (
        _unit("GE-A1", area(1), group="100 Jager"),
        _unit("GE-A2", area(1), group="100 Jager"),
        _unit("GE-B1", area(1), group="389 Inf"),
        _unit("GE-I", area(1)),
        _unit("GE-BLK", area(4), group="24 Pz", withdraw=3),
        _unit("GE-R3", Placement(SetupKind.TURN, turn=3), group="100 Jager"),
        _unit("SU-X", area(5)),
        _unit("SU-Y", area(5)),
        _unit("SU-L1", lz),
        _unit("SU-L2", lz),
        _unit("SU-L3", lz),
        _unit("SU-R2", Placement(SetupKind.TURN, turn=2)),
        *(_unit(f"SU-S{i}", area(6)) for i in range(1, 9)),
        *(_unit(f"SU-T{i}", area(9)) for i in range(1, 4)),
        _unit("SU-M2", area(8), movement=2),
    )
    cards = (
        make_card("GE-01", 1, "Attack on the Move", "A"),
        make_card("GE-02", 2, "Air Support", "A"),
        make_card("GE-03", 3, "Sniper", "R"),
        make_card("GE-04", 4, "Dive Bombers", "A", "sequential"),
        make_card("GE-05", 5, "Dive Bombers", "A", "sequential"),
        make_card("SU-01", 1, "Mines", "R"),
        make_card("SU-02", 2, "Defensive Fire", "R"),
        make_card("SU-03", 3, "Rubble", "D"),
    )
    start = {u.id: u.setup for u in units}
    start.update({UnitId("SU-L1"): area(10), UnitId("SU-L2"): area(10), UnitId("SU-L3"): area(11)})
    return GameData(
        game=GameInfo(
            id="sos-test",
            title="Small Stalingrad",
            module_name="SmallStalingrad",
            version="0.0.1",
            vassal_version="3.7.26",
            description="test",
            sides=(GERMAN, SOVIET),
            turns=6,
            stacking_limit=10,
            dice=(6, 6),
            first_side=GERMAN,
            unit_types=(_term(UnitType.INFANTRY),),
            unit_marks=(_term("black"),),
            area_classes=(_term(AreaClass.GENERAL), _term(AreaClass.LANDING_ZONE)),
            hand_bonus_sets=(BonusSet(Bonus.MAMAYEV, "Mamayev Kurgan", SRC, cards=1),),
            impulse_card_joins_action=True,  # 5.2, 6.2, as source_data/sos/game.yaml
            bid=Bid(min=1, required=True, source=SRC),
        ),
        map=MapInfo(100, 100, SRC),
        areas=tuple(_area(n) for n in range(1, 12)),
        borders=_borders(),
        units=units,
        markers=(
            MarkerKind("control", "Control", ("german", "soviet"), 10, SRC),
            MarkerKind("fire", "Fire", ("german", "soviet"), 10, SRC),
        ),
        cards=cards,
        turn_track=tuple(TurnInfo(t, MappingProxyType({GERMAN: 5, SOVIET: 4}), SRC) for t in range(1, 7)),
        scenario=Scenario(
            id="test",
            name="Test",
            description="test",
            first_turn=1,
            units=MappingProxyType(start),
            markers=(MarkerPlacement("turn", "turn", turn=1),),
            source=SRC,
        ),
    )


def side_of(unit: UnitId) -> Side:
    """The side of a unit of the small game, by its id prefix."""
    return GERMAN if unit.startswith("GE-") else SOVIET


def at(index: int) -> Where:
    """A log position for hand-built events: ``test.jsonl``, entry ``index``."""
    return Where("test.jsonl", index, index + 1)


def state(text: str, game: GameData | None = None) -> GameState:
    """A started state from notation, with the SoS sequence of play."""
    return state_from_text(text, side_of=side_of, sequence=SOS.make_sequence(game or make_sos_game()))


def run(
    start: str | GameState | None,
    events: Iterable[Event],
    game: GameData | None = None,
    rule_ids: Iterable[str] | None = None,
    *,
    package: RulesPackage = SOS,
    switches: Iterable[str] = (),
) -> list[Finding]:
    """Check ``events`` from ``start`` (notation, a state, or None: not started) with the rules of
    ``package`` (the SoS package unless told) whose id is in ``rule_ids`` (None: all), under the
    ``switches`` given as ``NAME=VALUE`` (the defaults otherwise); the findings in report order."""
    from sdbp_module.rules.checker import check_events
    from sdbp_module.rules.switches import parse_switches

    g = game or make_sos_game()
    wanted = None if rule_ids is None else set(rule_ids)
    rules = [r for r in package.rules if wanted is None or r.rule_id in wanted]
    if start is None:
        initial = GameState.empty(package.make_sequence(g))
    else:
        initial = state(start, g) if isinstance(start, str) else start
    numbered = [replace(e, where=at(i)) for i, e in enumerate(events)]
    report = check_events(numbered, g, package, switches=parse_switches(tuple(switches), package.switches), initial=initial, rules=rules)
    return list(report.findings)


def ids(findings: Iterable[Finding], *, severity: Severity | None = None) -> list[str]:
    """Rule ids of the findings (of one severity if given), in report order."""
    return [f.rule_id for f in findings if severity is None or f.severity is severity]


def serious(findings: Iterable[Finding]) -> list[Finding]:
    """The illegal and suspicious findings."""
    return [f for f in findings if f.severity in (Severity.ILLEGAL, Severity.SUSPICIOUS)]


def start_event(game: GameData, moved: dict[str, Location] | None = None, bid: tuple[int, int, int] | None = (2, 3, 3)) -> GameStart:
    """The ``game-start`` snapshot of the scenario, with units ``moved`` elsewhere and the bid
    ``(german, soviet, target)`` (None: no bid)."""
    where = {u: _location(p) for u, p in game.scenario.units.items()}
    where.update({UnitId(u): loc for u, loc in (moved or {}).items()})
    units = tuple(UnitSetup(u, game.unit(u).side, loc) for u, loc in where.items())
    return GameStart(units=units, bid=None if bid is None else EventBid(*bid))


def _location(p: Placement) -> Location:
    if p.kind is SetupKind.TURN and p.turn is not None:
        return Location.on_turn(p.turn)
    assert p.area is not None
    return Location.in_area(p.area)
