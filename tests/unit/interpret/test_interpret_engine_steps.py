"""The interpretation reads steps shaped as the 3.7 engine writes them (the scribe's logs): the Pass
button's bare ``*``, the turn tracker's ``TURN`` beside its line, the AddPiece of a new stack inside
a drag, ``LOG{TAB}null`` and ``LOG{TAB}``-rooted steps, Report Actions' ``D/``, steps nested any deep."""

from __future__ import annotations

from pathlib import Path

from sdbp_module.codec.tree import Command, decode_tree
from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.ids import AreaId, Phase, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.events import (
    Fire,
    Move,
    Pass,
    PhaseStart,
)
from sdbp_module.replay.interpret import Problem
from sdbp_module.vassal_log.scribe import Scribe
from tests.unit.interpret.scribed import read, run, w

F, V = FRENCH, VIET_MINH


def test_pass_lines_with_a_bare_star_and_with_a_spaced_one(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.pass_(V)  # the button: "*Viet Minh passes" (format 2)
    s.chat("* SDBP|1|PASS|side=French")  # as an older page of report-formats described it
    s.chat("SDBP|1|PASS|side=Viet Minh")  # undecorated
    assert s.steps[0] == ["CHAT*Viet Minh passes"]
    assert run(s, game, module) == ([Pass(where=w(1), side=V), Pass(where=w(2), side=F), Pass(where=w(3), side=V)], [])


def test_the_turn_trackers_state_beside_its_line_is_read_as_the_line_says(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.phase(1, "action", V)
    s.phase(1, "end", None)
    s.phase(2, "draw", V)
    assert s.steps[0][1].startswith("TURNTurnTracker0\t")
    assert run(s, game, module) == (
        [
            PhaseStart(where=w(1), turn=1, phase=Phase.ACTION),
            PhaseStart(where=w(2), turn=1, phase=Phase.END),
            PhaseStart(where=w(3), turn=2, phase=Phase.DRAW),
        ],
        [],
    )


def test_a_new_stack_inside_a_drag_is_neither_an_event_nor_a_problem(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.move(V, ["VM-308-88-322-1", "VM-308-88-322-2"], "11")
    assert "/stack/" in s.steps[0][1]
    a, b = s.piece("VM-308-88-322-1").piece_id, s.piece("VM-308-88-322-2").piece_id
    (stack,) = [sid for sid, members in s.tracker.stacks.items() if members == [a, b]]
    x, y = s.point("8")
    s.step([f"M/{stack}/Main Map/{x}/{y}/null/Main Map/{s.piece('VM-308-88-322-1').x}/{s.piece('VM-308-88-322-1').y}/null/scribe"])
    units = (UnitId("VM-308-88-322-1"), UnitId("VM-308-88-322-2"))
    assert run(s, game, module) == (
        [
            Move(where=w(1), side=V, units=units, from_area=AreaId(7), to_area=AreaId(11)),
            Move(where=w(2), side=V, units=units, from_area=AreaId(11), to_area=AreaId(8)),  # the whole new stack
        ],
        [],
    )


def test_null_and_empty_rooted_steps_give_nothing_and_keep_the_step_numbers(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.null_step()  # LOG{TAB}null: a command no encoder writes
    s.step(["", "CHAT* SDBP|1|PASS|side=French"])  # a NullCommand root (encoded "") with a child
    s.step([""])
    s.pass_(V)
    steps = [c.text for c in decode_tree(s.text()).children if c.text.startswith("LOG")]
    assert steps == ["LOG\tnull", "LOG\t", "LOG\t", "LOG\tCHAT*Viet Minh passes"]
    assert run(s, game, module) == ([Pass(where=w(2), side=F), Pass(where=w(4), side=V)], [])


def test_report_actions_unchanged_d_and_merged_prompts_read_as_before(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.declare("FIRE", V, ["VM-312-165-115-1", "VM-312-165-115-2"], "14")
    s.declare("FIRE", V, ["VM-312-165-115-3"], "")  # no prompt D/: the line's own unchanged D/
    s.entrench(V, ["VM-312-165-542-1"])
    events, problems = run(s, game, module)
    assert events[0] == Fire(where=w(1), side=V, units=(UnitId("VM-312-165-115-1"), UnitId("VM-312-165-115-2")), from_area=AreaId(8), target=AreaId(14))
    assert [type(e).__name__ for e in events] == ["Fire", "Entrench"]
    assert problems == [Problem(w(2), "FIRE line: target='' is not an area of the map: 'Viet Minh fires with 115/165 3 (VM-312-165-115-3) from 8 Upper Nam Yum at area'")]


def test_a_step_nested_thousands_deep_is_read_without_recursion(game: GameData, module: Path) -> None:
    s = Scribe(module)
    depth = 5000
    node = Command("LOG\tCHAT*SDBP|1|PASS|side=French")
    for _ in range(depth):
        node = Command("LOG\t", (node,))
    base = decode_tree(s.text())
    tree = Command(base.text, (*base.children, node, Command("LOG\tCHAT*SDBP|1|PASS|side=Viet Minh")))
    assert read(tree, game, module) == ([Pass(where=w(1), side=F), Pass(where=w(2), side=V)], [])


def test_an_undo_of_a_drag_with_a_new_stack_takes_it_back(game: GameData, module: Path) -> None:
    s = Scribe(module)
    s.move(F, ["FR-8BPC-1", "FR-8BPC-2"], "22")
    s.undo()
    s.move(F, ["FR-8BPC-1"], "24")
    lines = sum(t.startswith("CHAT") for t in s.steps[0])  # two MOVE lines, one move report per point left
    assert [t[:2] for t in s.steps[1]] == ["UN", *["CH"] * lines, "M/", "-/", "M/", "UN"]  # reversed, the unchanged D/ dropped
    assert run(s, game, module) == ([Move(where=w(3), side=F, units=(UnitId("FR-8BPC-1"),), from_area=AreaId(21), to_area=AreaId(24))], [])
