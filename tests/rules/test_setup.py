"""Set-up and game frame (rules 3.0, 1.0, 4.0; catalogue §3.1): SETUP-* and GAME-LENGTH-8."""

from __future__ import annotations

from dataclasses import replace

from rules_helpers import make_tiny_game, run

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.ids import AreaId, CardId, Phase, Severity, UnitId
from sdbp_module.model.game_data import GameData, SetupKind
from sdbp_module.replay.events import (
    AreaControl,
    AreaLevel,
    Bid,
    FireMarkerAt,
    GameEnd,
    GameStart,
    Move,
    PhaseStart,
    Pile,
    PileContents,
    Place,
    PlaceKind,
    UnitSetup,
)
from sdbp_module.replay.location import OFF_MAP, REPLACEMENTS, Location
from sdbp_module.rules.findings import Finding

FR, VM = FRENCH, VIET_MINH
U, A, C = UnitId, AreaId, CardId
GAME = make_tiny_game()


def printed_start(game: GameData = GAME) -> GameStart:
    """The snapshot a correct set-up gives."""
    units = []
    for u in game.units:
        p = game.scenario.units[u.id]
        loc = {
            SetupKind.AREA: lambda: Location.in_area(p.area),  # type: ignore[arg-type]
            SetupKind.TURN: lambda: Location.on_turn(p.turn),  # type: ignore[arg-type]
            SetupKind.REPLACEMENTS: lambda: REPLACEMENTS,
            SetupKind.CARD: lambda: OFF_MAP,
            SetupKind.OFF_MAP: lambda: OFF_MAP,
        }[p.kind]()
        units.append(UnitSetup(u.id, u.side, loc))
    return GameStart(
        units=tuple(units),
        control=tuple(AreaControl(a.id, a.control) for a in game.areas),
        trenches=(),
        fire_markers=(),
        no_supply=(),
        no_replacements=False,
        turn_marker=1,
        piles=tuple(PileContents(s, Pile.DECK, tuple(c.id for c in game.cards_of(s))) for s in (FR, VM)),
    )


def check_start(start: GameStart, *more: object) -> list[Finding]:
    return run(None, [start, PhaseStart(turn=1, phase=Phase.DRAW), *more])  # type: ignore[list-item]


def setup_findings(findings: list[Finding]) -> list[Finding]:
    return [f for f in findings if f.rule_id.startswith("SETUP-")]


def with_unit(start: GameStart, unit: str, loc: Location, spent: bool = False) -> GameStart:
    units = tuple(replace(u, location=loc, spent=spent) if u.unit == unit else u for u in start.units)
    return replace(start, units=units)


def test_printed_setup_is_clean() -> None:
    assert setup_findings(check_start(printed_start())) == []


def test_setup_unit_area() -> None:
    findings = setup_findings(check_start(with_unit(printed_start(), "FR-A", Location.in_area(5))))
    assert [(f.rule_id, f.units, f.areas, f.expected, f.actual) for f in findings] == [
        ("SETUP-UNIT-AREA", ("FR-A",), (2,), "2", "5")
    ]
    assert findings[0].message == "FR-A starts in 5; its set-up area is 2."


def test_setup_reinf_on_track() -> None:
    findings = setup_findings(check_start(with_unit(printed_start(), "FR-R4", Location.in_area(2))))
    assert [(f.rule_id, f.units, f.expected, f.actual) for f in findings] == [
        ("SETUP-REINF-ON-TRACK", ("FR-R4",), "turn:4", "2")
    ]


def test_setup_star_offmap_at_start_and_later() -> None:
    findings = setup_findings(check_start(with_unit(printed_start(), "FR-STAR", Location.in_area(3))))
    assert [(f.rule_id, f.units, f.areas) for f in findings] == [("SETUP-STAR-OFFMAP", ("FR-STAR",), (3,))]
    later = setup_findings(check_start(printed_start(), Place(side=FR, units=(U("FR-STAR"),), to=Location.in_area(3))))
    assert [f.rule_id for f in later] == ["SETUP-STAR-OFFMAP"]
    by_card = Place(side=FR, units=(U("FR-STAR"),), to=Location.in_area(3), place_kind=PlaceKind.CARD)
    assert setup_findings(check_start(printed_start(), by_card)) == []


def test_setup_repl_box() -> None:
    findings = setup_findings(check_start(with_unit(printed_start(), "VM-R1", Location.in_area(10))))
    assert [(f.rule_id, f.units, f.areas) for f in findings] == [("SETUP-REPL-BOX", ("VM-R1",), (10,))]


def test_setup_fresh() -> None:
    findings = setup_findings(check_start(with_unit(printed_start(), "VM-X", Location.in_area(10), spent=True)))
    assert [(f.rule_id, f.units) for f in findings] == [("SETUP-FRESH", ("VM-X",))]


def test_setup_decks() -> None:
    start = replace(
        printed_start(),
        piles=(
            PileContents(FR, Pile.DECK, (C("FR-01"), C("FR-02"), C("VM-01"))),
            PileContents(VM, Pile.DECK, (C("VM-01"), C("VM-02"), C("VM-03"))),
        ),
    )
    findings = setup_findings(check_start(start))
    assert [f.message for f in findings] == [
        "The French deck has 3 cards, expected the 3 of its deck list; missing FR-03; holds cards not of its deck: VM-01."
    ]
    unknown = setup_findings(check_start(replace(printed_start(), piles=None)))
    assert [(f.rule_id, f.severity) for f in unknown] == [("SETUP-DECKS", Severity.CANNOT_CHECK)]


def test_setup_markers() -> None:
    start = replace(
        printed_start(),
        control=tuple(AreaControl(a.id, VM if a.id == 2 else a.control) for a in GAME.areas),
        trenches=(AreaLevel(A(10), 1),),
        fire_markers=(FireMarkerAt(A(6), FR),),
        turn_marker=2,
    )
    findings = setup_findings(check_start(start))
    assert [f.message for f in findings] == [
        "Area 2 starts Viet Minh-controlled; its printed control box is French.",
        "1 trench marker(s) at start, in area(s) 10; there are none at start.",
        "1 fire marker(s) at start, in area(s) 6; there are none at start.",
        "The turn marker starts on turn 2; it starts on turn 1.",
    ]
    assert {f.rule_id for f in findings} == {"SETUP-MARKERS"}


def test_setup_markers_unrecorded_facts_cannot_be_checked() -> None:
    start = GameStart(units=printed_start().units)
    findings = [f for f in setup_findings(check_start(start)) if f.rule_id == "SETUP-MARKERS"]
    assert [(f.severity, f.message) for f in findings] == [
        (
            Severity.CANNOT_CHECK,
            "The start snapshot does not record control; trench markers; fire markers; No Supply markers; "
            "the No Replacements marker; the turn marker.",
        )
    ]


def test_no_game_start_is_cannot_check_for_every_setup_rule() -> None:
    findings = setup_findings(run(None, [PhaseStart(turn=1, phase=Phase.DRAW)]))
    assert sorted({f.rule_id for f in findings}) == [
        "SETUP-DECKS",
        "SETUP-FRESH",
        "SETUP-MARKERS",
        "SETUP-REINF-ON-TRACK",
        "SETUP-REPL-BOX",
        "SETUP-STAR-OFFMAP",
        "SETUP-UNIT-AREA",
    ]
    assert {f.severity for f in findings} == {Severity.CANNOT_CHECK}


def test_setup_sides_bid() -> None:
    ok = setup_findings(check_start(replace(printed_start(), bid=Bid(first=5, second=7, threshold=7))))
    assert ok == []
    bad = setup_findings(check_start(replace(printed_start(), bid=Bid(first=8, second=7, threshold=6))))
    assert [(f.rule_id, f.severity) for f in bad] == [("SETUP-SIDES-BID", Severity.INFO)] * 2
    assert [f.message for f in bad] == [
        "The French bid 8 beat the Viet Minh bid 7, yet the bidder of 7 plays the Viet Minh.",
        "The victory threshold is 6; the winning bid was 8.",
    ]


def turns(n: int) -> list[PhaseStart]:
    return [PhaseStart(turn=t, phase=p) for t in range(1, n + 1) for p in (Phase.DRAW, Phase.ACTION, Phase.END)]


def length_findings(findings: list[Finding]) -> list[Finding]:
    return [f for f in findings if f.rule_id == "GAME-LENGTH-8"]


def test_game_length_ninth_turn() -> None:
    findings = length_findings(run("", [*turns(9), GameEnd(winner=VM)]))
    assert [(f.severity, f.message) for f in findings] == [
        (Severity.ILLEGAL, "Turn 9 begins; the game lasts 8 turns.")
    ]


def test_game_length_early_end_and_legal_end() -> None:
    early = length_findings(run("", [*turns(5), GameEnd(winner=FR)]))
    assert [f.message for f in early] == ["The game ends at turn 5, end phase; it ends after the turn-8 End phase."]
    assert length_findings(run("", [*turns(8), GameEnd(winner=FR)])) == []


def test_game_length_log_that_stops_early_is_info() -> None:
    findings = length_findings(run("", turns(3)))
    assert [(f.severity, f.where.file) for f in findings] == [(Severity.INFO, "<end of log>")]


def test_moves_do_not_trip_setup_rules() -> None:
    more = [Move(side=FR, units=(U("FR-A"),), from_area=A(2), to_area=A(3))]
    assert setup_findings(check_start(printed_start(), *more)) == []

