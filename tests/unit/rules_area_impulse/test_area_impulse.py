"""The shared area-impulse rules (``rules.area_impulse``) under a configuration of their own.

A test package lists the shared rules under their neutral ids with settings SoDBP does not use
(single-exit areas, areas no fire may target, activation groups, no discard to continue), on the
small movement map of ``tests/rules/_movement_fixtures`` (area 21 is of class "blue", area 60 "red").
Each setting has a legal case and a violating one; ``relabel`` is shown to carry a game's own id.
"""

from __future__ import annotations

from dataclasses import replace

from sdbp_module.games.sodbp.ids import AreaColour
from sdbp_module.ids import AreaId, Phase, Severity, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import (
    CardDiscard,
    DiscardReason,
    Event,
    Fire,
    Flip,
    Move,
    Pass,
    PhaseStart,
    Pile,
    Where,
)
from sdbp_module.replay.notation import state_from_text
from sdbp_module.replay.sequence import SequenceOfPlay
from sdbp_module.replay.state import GameState
from sdbp_module.rules.area_impulse import (
    activation,
    fire,
    movement,
    sequence,
    stacking,
)
from sdbp_module.rules.area_impulse.config import AreaImpulse
from sdbp_module.rules.base import RulesPackage, relabel
from sdbp_module.rules.checker import Report, check_events
from tests.rules._movement_fixtures import FR, VM, example_game

IMPULSE = AreaImpulse(
    single_exit_classes=frozenset({AreaColour.BLUE}),
    no_fire_into_classes=frozenset({AreaColour.RED}),
    grouped_sides=frozenset({FR}),
)
RULES = (*sequence.RULES, *activation.RULES, *movement.RULES, *stacking.RULES, *fire.RULES)


def _sequence(game: GameData) -> SequenceOfPlay:
    return SequenceOfPlay(turns=game.game.turns, first_side=game.game.first_side)


def package(impulse: AreaImpulse = IMPULSE, rules: tuple[object, ...] = RULES) -> RulesPackage:
    return RulesPackage("test", (), rules, (), _sequence, impulse=impulse)  # type: ignore[arg-type]


def game() -> GameData:
    """The movement map with French activation groups: S1, S2 of "1st", S3 of "2nd", the rest independent."""
    g = example_game()
    groups = {"FR-S1": "1st", "FR-S2": "1st", "FR-S3": "2nd"}
    return replace(g, units=tuple(replace(u, group=groups.get(u.id, "")) for u in g.units))


def start(text: str) -> GameState:
    return state_from_text(text, sequence=_sequence(game()))


def check(state: GameState, *events: Event, pkg: RulesPackage | None = None) -> Report:
    numbered = [replace(e, where=Where("t.jsonl", i, i + 1)) for i, e in enumerate(events)]
    return check_events(numbered, game(), pkg or package(), initial=state)


def ids(report: Report) -> list[str]:
    return [f.rule_id for f in report.findings if f.severity is not Severity.INFO]


def _u(text: str) -> tuple[UnitId, ...]:
    return tuple(UnitId(u) for u in text.split())


def _move(side: object, units: str, *path: int, action: int | None = None) -> Move:
    return Move(
        side=side,  # type: ignore[arg-type]
        units=_u(units),
        from_area=AreaId(path[0]),
        to_area=AreaId(path[-1]),
        path=tuple(AreaId(a) for a in path[1:]),
        action=action,
    )


BOARD = """
turn 2 action viet_minh
21: FR-S1 FR-S2 | ctrl french
29: FR-S3 FR-A | ctrl french
10: FR-B | ctrl french
60: VM-V | ctrl viet_minh
"""


def test_one_unit_leaves_a_single_exit_area_to_an_adjacent_area() -> None:
    legal = check(start(BOARD), Pass(side=VM), _move(FR, "FR-S1", 21, 29), Flip(units=_u("FR-S1"), spent=True))
    assert ids(legal) == []


def test_two_units_leaving_a_single_exit_area_in_one_action() -> None:
    report = check(start(BOARD), Pass(side=VM), _move(FR, "FR-S1 FR-S2", 21, 29), Flip(units=_u("FR-S1 FR-S2"), spent=True))
    assert ids(report) == ["MOVE-SINGLE-EXIT"]


def test_a_unit_leaving_a_single_exit_area_goes_no_further_than_adjacent() -> None:
    report = check(start(BOARD), Pass(side=VM), _move(FR, "FR-S1", 21, 29, 28), Flip(units=_u("FR-S1"), spent=True))
    assert ids(report) == ["MOVE-SINGLE-EXIT"]


def test_no_fire_into_an_area_of_a_closed_class() -> None:
    legal = check(start(BOARD), Pass(side=VM), Fire(side=FR, units=_u("FR-B"), from_area=AreaId(10), target=AreaId(10)))
    assert "FIRE-NO-TARGET-CLASS" not in ids(legal)
    report = check(start(BOARD), Pass(side=VM), Fire(side=FR, units=_u("FR-B"), from_area=AreaId(10), target=AreaId(60)))
    assert "FIRE-NO-TARGET-CLASS" in ids(report)


def test_a_grouped_side_activates_one_group_and_independents() -> None:
    board = "turn 2 action viet_minh\n29: FR-S1 FR-S2 FR-S3 FR-A | ctrl french\n28: | ctrl french\n"
    legal = check(start(board), Pass(side=VM), _move(FR, "FR-S1 FR-S2 FR-A", 29, 28), Flip(units=_u("FR-S1 FR-S2 FR-A"), spent=True))
    assert ids(legal) == []
    mixed = check(start(board), Pass(side=VM), _move(FR, "FR-S1 FR-S3", 29, 28), Flip(units=_u("FR-S1 FR-S3"), spent=True))
    assert ids(mixed) == ["ACT-ONE-GROUP"]


def test_without_discard_to_continue_a_first_side_pass_does_not_end_the_phase() -> None:
    report = check(start(BOARD), Pass(side=VM), _move(FR, "FR-A", 29, 28), Flip(units=_u("FR-A"), spent=True), Pass(side=VM), Pass(side=FR))
    assert ids(report) == []
    ended = check(start(BOARD), Pass(side=VM), Pass(side=FR), _move(VM, "VM-V", 60, 10))
    assert "IMP-END-ON-PASSES" in ids(ended)


def test_without_discard_to_continue_a_discard_to_continue_is_illegal() -> None:
    state = start(BOARD)
    discard = CardDiscard(side=FR, cards=(), reason=DiscardReason.CONTINUE, to=Pile.DISCARD)
    assert "IMP-DISCARD-CONTINUE" in ids(check(state, Pass(side=VM), discard))


def test_the_first_side_acts_first() -> None:
    board = "turn 1 end\n21: FR-S1 | ctrl french\n29: | ctrl french\n"
    events = (PhaseStart(turn=2, phase=Phase.DRAW), PhaseStart(turn=2, phase=Phase.ACTION), _move(FR, "FR-S1", 21, 29))
    assert "IMP-FIRST-SIDE" in ids(check(start(board), *events))


def test_relabel_lists_a_shared_rule_under_a_games_own_id() -> None:
    own = relabel(movement.single_exit, "XYZ-LZ-ONE-UNIT", "7.6", "One unit leaves a landing zone per impulse.")
    assert (own.rule_id, own.rule_ref, own.summary) == ("XYZ-LZ-ONE-UNIT", "7.6", "One unit leaves a landing zone per impulse.")
    report = check(start(BOARD), Pass(side=VM), _move(FR, "FR-S1 FR-S2", 21, 29), pkg=package(rules=(own,)))
    assert [(f.rule_id, f.rule_ref) for f in report.findings] == [("XYZ-LZ-ONE-UNIT", "7.6")]
