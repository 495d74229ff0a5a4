"""A Counter Attack card action: its play, gather moves and attack read as one action (6.1, 6.2)."""

from __future__ import annotations

from dataclasses import replace

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules import activation, sequence
from sdbp_module.games.sodbp.rules.package import SODBP
from sdbp_module.ids import AreaId, CardId, Phase, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import (
    CardPlay,
    DiceRoll,
    Event,
    Fire,
    Flip,
    Move,
    MoveKind,
    Pass,
    PhaseStart,
    Where,
)
from sdbp_module.replay.scenario import printed_start
from sdbp_module.replay.vlog.card_action import number_card_actions
from sdbp_module.rules.checker import check_events

F, V = FRENCH, VIET_MINH


def _gathering(game: GameData) -> tuple[AreaId, AreaId, UnitId, AreaId, UnitId, AreaId, UnitId, AreaId]:
    """From the printed set-up: a VM unit and a free area next to it, and two French units of two
    areas next to one area X, with the VM-held area next to X (the Counter Attack's target)."""
    start = printed_start(game)
    french = {u.unit: u.location.area for u in start.units if u.side is F and u.location.area is not None}
    vm = {u.unit: u.location.area for u in start.units if u.side is V and u.location.area is not None}
    control = {c.area: c.side for c in start.control or ()}
    for x in sorted(a.id for a in game.areas):
        near = sorted({(a, u) for u, a in french.items() if a in game.neighbours(x) and a != x})
        areas = sorted({a for a, _ in near})
        targets = sorted(n for n in game.neighbours(x) if n in vm.values())
        if len(areas) >= 2 and targets:
            u1 = next(u for a, u in near if a == areas[0])
            u2 = next(u for a, u in near if a == areas[1])
            vm_unit = sorted(u for u, a in vm.items() if a == targets[0])[0]
            free = sorted(n for n in game.neighbours(targets[0]) if control.get(n) is V and n not in french.values())
            if free:
                return x, targets[0], u1, areas[0], u2, areas[1], vm_unit, free[0]
    raise AssertionError("no area fits in the printed set-up")


def _events(game: GameData) -> list[Event]:
    x, target, u1, a1, u2, a2, vm_unit, free = _gathering(game)
    card = CardId("FR-16")
    assert game.card(card).name == "Counter Attack"
    raw: list[Event] = [
        PhaseStart(turn=1, phase=Phase.DRAW),
        PhaseStart(turn=1, phase=Phase.ACTION),
        Move(side=V, units=(vm_unit,), from_area=target, to_area=free),
        Flip(units=(vm_unit,), spent=True),
        CardPlay(side=F, card=card, targets=(target,), as_action=True),
        Move(side=F, units=(u1,), from_area=a1, to_area=x),
        Move(side=F, units=(u2,), from_area=a2, to_area=x),
        Fire(side=F, units=(u1, u2), from_area=x, target=target),
        DiceRoll(side=F, purpose="fire", values=(2, 3), total=5),
        Flip(units=(u1, u2), spent=True),
        Pass(side=V),  # not answered by a French discard: the phase ends
    ]
    return [replace(e, where=Where("t.jsonl", i, i + 1)) for i, e in enumerate(raw)]


def test_play_gather_and_attack_share_the_card_action_number(game: GameData) -> None:
    events = number_card_actions(_events(game), game)
    card_play, gather1, gather2, fire = events[4], events[5], events[6], events[7]
    assert isinstance(card_play, CardPlay) and card_play.action == 2
    assert isinstance(gather1, Move) and (gather1.move_kind, gather1.action) == (MoveKind.GATHER, 2)
    assert isinstance(gather2, Move) and (gather2.move_kind, gather2.action) == (MoveKind.GATHER, 2)
    assert isinstance(fire, Fire) and fire.action == 2
    assert events[2].action is None and events[10].action is None  # other actions keep no number
    assert number_card_actions(events, game) == events  # numbered events are left alone


def test_the_card_action_is_one_action_for_the_sequence_rules(game: GameData) -> None:
    rules = (*sequence.RULES, *activation.RULES)
    read = number_card_actions(_events(game), game)
    report = check_events(read, game, SODBP, rules=rules, source="t.jsonl")
    assert [(f.rule_id, f.severity.value) for f in report.findings] == []
    assert [(r.number, r.side) for r in report.final.clock.recent] == [(1, V), (2, F), (3, V)]
    # read one by one, the same events break alternation and the one-action rule
    naive = check_events(_events(game), game, SODBP, rules=rules, source="t.jsonl")
    assert {f.rule_id for f in naive.findings} >= {"SEQ-ALTERNATE"}


def test_an_act_of_the_other_side_ends_the_span(game: GameData) -> None:
    events = _events(game)
    interrupted = events[:5] + [replace(events[10], where=Where("t.jsonl", 20, 21))] + events[5:6]
    read = number_card_actions(interrupted, game)
    last = read[-1]
    assert isinstance(last, Move) and (last.move_kind, last.action) == (MoveKind.MOVE, None)
