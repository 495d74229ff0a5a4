"""The controls of issue 23 as the real VASSAL 3.7.26 engine logged them (``engine/controls/``:
``script.txt`` played by the harness with ``make.sh``, ``game.vlog`` the engine's own log): each
control's chat line is checked against what the same step's commands did and against the game's data,
never against the module's own arithmetic.

- **Supply 2d6** gives the modified total (11.0: the dice plus +2 per Viet Minh airstrip, +1 per Viet
  Minh green area, the control markers placed before it) and the areas out of supply (2–8 / 9–15 / 16+);
- **Replacements 1d6** gives half the roll rounded up (12.1);
- **Retreat to…** moves the unit into the typed area in the same step; a typed text that is no area
  moves nothing;
- **Draw: French** says how many cards it drew and the hand size, as many as the step moved into the hand;
- **French win** declares nothing on a "no", and the result on a "yes" (a confirmation prompt)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sdbp_module.codec.commands import read_game
from sdbp_module.codec.module_info import read_module
from sdbp_module.codec.steps import log_steps
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.vlog.lines import ReportLine, parse_line

HERE = Path(__file__).parent / "engine" / "controls"


@pytest.fixture(scope="module")
def steps(module: Path) -> list[dict[str, Any]]:
    _env, tree, _entries = read_game(HERE / "game.vlog")
    return log_steps(tree, read_module(module))


def records(step: dict[str, Any]) -> list[ReportLine]:
    out = []
    for action in step["actions"]:
        if action["action"] in ("chat", "dice"):
            line = parse_line(action["text"])
            if line is not None:
                out.append(line)
    return out


def the_step(steps: list[dict[str, Any]], event: str, **fields: str) -> tuple[int, dict[str, Any], ReportLine]:
    found = [
        (i, s, r) for i, s in enumerate(steps) for r in records(s) if r.event == event and all(r.get(k) == v for k, v in fields.items())
    ]
    assert len(found) == 1, (event, fields, [r.text for _, _, r in found])
    return found[0]


def test_supply_reports_the_modified_total_and_the_areas_out_of_supply(steps: list[dict[str, Any]], game: GameData) -> None:
    i, _step, roll = the_step(steps, "DICE", purpose="supply")
    table = game.game.roll_table("supply")
    assert table is not None
    controlled = {r.get("to") for s in steps[:i] for r in records(s) if r.event == "MOVE" and r.get("marker") == "control" and r.get("state") == "viet_minh"}
    assert controlled == {"16", "10"}
    colour = {str(a.id): a.colour for a in game.areas}
    adds = sum(m.add for m in table.modifiers for area in controlled if colour[str(area)] == m.area_class and m.side == "viet_minh")
    assert adds == 3  # an airstrip (+2) and a green area (+1)
    total = int(roll.require("total"))
    assert total == sum(int(d) for d in roll.require("dice").split(","))
    assert int(roll.require("modified")) == total + adds
    assert int(roll.require("areas")) == table.result(total + adds)
    assert "; modified total " in roll.text and "; areas out of supply: " in roll.text


def test_replacements_report_half_the_roll_rounded_up(steps: list[dict[str, Any]]) -> None:
    _i, _step, roll = the_step(steps, "DICE", purpose="replacements")
    assert int(roll.require("replacements")) == (int(roll.require("total")) + 1) // 2


def test_retreat_to_moves_the_unit_into_the_typed_area_in_the_same_step(steps: list[dict[str, Any]]) -> None:
    _i, step, line = the_step(steps, "RETREAT", unit="VM-312-209-130-1")
    assert (line.get("from"), line.get("to")) == ("13", "12")
    moves = [a for a in step["actions"] if a["action"] == "move" and a.get("sdbp_id") == "VM-312-209-130-1"]
    assert [(m["from"]["zone"], m["to"]["zone"]) for m in moves] == [("13", "12")]


def test_retreat_to_no_area_moves_nothing(steps: list[dict[str, Any]]) -> None:
    i, step, line = the_step(steps, "RETREAT", unit="VM-312-209-130-2")
    assert line.get("to") == "99"
    later = [a for s in steps[i:] for a in s["actions"] if a["action"] == "move" and a.get("sdbp_id") == "VM-312-209-130-2"]
    assert later == []


def test_draw_reports_the_cards_drawn_and_the_hand_size(steps: list[dict[str, Any]]) -> None:
    _i, step, line = the_step(steps, "HELPER", helper="draw")
    into_hand = [a for a in step["actions"] if a["action"] == "move" and a["to"]["map"] == "French hand"]
    assert int(line.require("drawn")) == len(into_hand) > 0
    assert int(line.require("hand")) == len(into_hand)  # the hand was empty


def test_the_result_button_declares_only_when_confirmed(steps: list[dict[str, Any]]) -> None:
    props = [(i, a) for i, s in enumerate(steps) for a in s["actions"] if a["action"] == "property" and "sdbp_result_french" in str(a)]
    assert len(props) == 2  # the "no", then the "yes": each answer is the button's property change
    (no_at, _), (yes_at, _) = props
    assert [r.event for r in records(steps[no_at])] == []  # a plain line: nothing declared
    assert any("not declared" in str(a.get("text", "")) for a in steps[no_at]["actions"])
    i, _step, result = the_step(steps, "RESULT")
    assert i == yes_at and (result.get("side"), result.get("winner")) == ("French", "French")
