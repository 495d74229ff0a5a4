"""The play script: game acts become the engine harness's commands through the module's own controls
(menu keys with their prompts' answers, drags, palette drags, toolbar buttons read from the module),
and the seeds before each roll and draw are the ones that make the engine roll and draw what the game
plans."""

from __future__ import annotations

import pytest

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.vassal_log.jrandom import dice, picks
from sdbp_module.vassal_log.play_script import Expected, PlayScript

from .conftest import Built

F, V = FRENCH, VIET_MINH


@pytest.fixture
def script(built: Built) -> PlayScript:
    return PlayScript(built.path)


def _seed(line: str) -> int:
    word, value = line.split()
    assert word == "seed"
    return int(value)


def test_the_module_s_controls_are_read_from_its_build_file(script: PlayScript) -> None:
    c = script.controls
    assert c.button("PASS") == "Pass"
    assert c.button("HELPER", "draw:French") == "Draw: French"
    assert c.button("RESULT", "Viet Minh") == "Viet Minh win"
    assert c.dice[("assault", 2)] == "Assault 2d6" and c.dice[("other", 1)] == "1d6"
    trench = next(m for m in c.markers if m.kind == "trench")
    assert (trench.entry, trench.state, trench.key_of("3")) == ("Trench", "1", "51,130")
    with pytest.raises(ValueError):
        c.button("RESULT", "nobody")


def test_acts_become_menu_keys_drags_and_buttons(script: PlayScript) -> None:
    script.phase(1, "action", V)
    script.move(V, ["VM-304-57-418-1"], "38")
    script.flip(V, ["VM-304-57-418-1"])
    script.pass_(F)
    script.card(F, "FR-18", "play", target="11")
    script.retreat(F, "FR-I2REI-1", "16", typed=" 16")
    assert script.lines == [
        "side Viet Minh",
        "turn next",
        "move VM-304-57-418-1 38",
        "key VM-304-57-418-1 70,130",
        "side French",
        "button Pass",
        "answer 11",
        "key FR-18 80,130",
        "answer  16",
        "key FR-I2REI-1 82,195",
        "move FR-I2REI-1 16",
    ]


def test_retreat_to_an_area_moves_the_unit_with_no_drag_and_the_result_is_confirmed(script: PlayScript) -> None:
    """**Retreat to…** answered with an area number moves the unit itself (report-formats §2.11): no
    drag follows; the result buttons ask for ``yes`` (§2.12), another answer or Cancel declares nothing."""
    script.retreat(F, "FR-I2REI-1", "16")
    script.result(V, F)
    script.result(V, V, answer="no")
    script.result(V, V, answer=None)
    assert script.lines == [
        "side French", "answer 16", "key FR-I2REI-1 82,195",
        "side Viet Minh", "answer yes", "button French win", "answer no", "button Viet Minh win", "button Viet Minh win",
    ]  # fmt: skip
    assert script.shadow.zone_of(script.shadow.piece("FR-I2REI-1")) == "16"
    assert [t[0] for t in script.shadow.steps[-2:]] == [
        "MutableProperty\tsdbp_result_french\t\tyes\tModule",
        "MutableProperty\tsdbp_result_viet_minh\t\tno\tModule",
    ]


def test_a_declaration_answers_one_prompt_per_zone(script: PlayScript) -> None:
    script.declare("FIRE", V, ["VM-312-165-564-1", "VM-312-165-115-1", "VM-312-165-564-2"], "14")
    assert script.lines == ["side Viet Minh", "answer 14", "answer 14", "key VM-312-165-564-1,VM-312-165-115-1,VM-312-165-564-2 70,195"]


def test_the_tracker_steps_phase_by_phase_and_never_back(script: PlayScript) -> None:
    script.phase(2, "draw", V)
    assert script.lines == ["side Viet Minh", "turn next", "turn next", "turn next"]
    with pytest.raises(ValueError):
        script.phase(1, "end", V)


def test_the_seed_before_a_roll_makes_the_planned_dice(script: PlayScript) -> None:
    script.dice(F, "supply", [6, 5])
    assert script.lines[-1] == "button Supply 2d6"
    assert dice(_seed(script.lines[-2]), 2) == [6, 5]
    assert script.expected == [Expected(len(script.lines), dice=(6, 5))]
    with pytest.raises(ValueError):
        script.dice(F, "supply", [6])  # no one-die supply button


def test_the_seed_before_a_draw_makes_the_planned_cards(script: PlayScript) -> None:
    deck = list(script.shadow.piles["Viet Minh deck"])
    script.draw(V, ["VM-16", "VM-01"])
    first, second = _seed(script.lines[1]), _seed(script.lines[3])
    assert picks(first + 1, 27, 1) == [deck.index(script.shadow.piece("VM-16").piece_id)]
    deck.remove(script.shadow.piece("VM-16").piece_id)
    assert picks(second + 1, 26, 1) == [deck.index(script.shadow.piece("VM-01").piece_id)]
    assert [e.cards for e in script.expected] == [("VM-16",), ("VM-01",)]
    with pytest.raises(ValueError):
        script.draw(V, ["VM-16"])  # in the hand now


def test_a_draw_button_takes_the_planned_cards(script: PlayScript) -> None:
    wanted = ["FR-13", "FR-20", "FR-18", "FR-07", "FR-04", "FR-22"]
    deck = list(script.shadow.piles["French deck"])
    script.draw_to_hand(F, F, wanted)
    assert script.lines[-1] == "button Draw: French"
    taken = picks(_seed(script.lines[-2]) + 1, len(deck), len(wanted))
    assert sorted(taken) == sorted(deck.index(script.shadow.piece(c).piece_id) for c in wanted)
    assert script.expected[-1].hand == "French hand"


def test_a_marker_takes_its_face_from_its_palette_entry_and_only_the_newest_is_reachable(script: PlayScript) -> None:
    """The module has a palette entry per side face: the marker is dragged showing its face; with
    ``confirm`` the face's menu command is given too (a re-face to the face it shows)."""
    first = script.add_marker(V, "control", "viet_minh", "38")
    script.add_marker(F, "fire", "french", "14")
    script.add_marker(F, "fire", "french", "10", confirm=True)
    second = script.add_marker(V, "control", "viet_minh", "16")
    assert script.lines[1:] == [
        "place Control (Viet Minh) 38",
        "side French",
        "place Fire (French) 14",
        "place Fire (French) 10",
        "key fire 49,130",
        "side Viet Minh",
        "place Control (Viet Minh) 16",
    ]
    with pytest.raises(NotImplementedError):
        script.delete(first)
    script.delete(second)
    assert script.lines[-1] == "key control 68,130"
    with pytest.raises(NotImplementedError):
        script.delete(first)  # the harness's "control" is the deleted one


def test_a_mark_notes_the_next_line(script: PlayScript) -> None:
    script.mark("here")
    script.pass_(V)
    assert script.lines[script.mark_line("here") - 1] == "button Pass"
    script.add_marker(V, "control", "viet_minh", "38", confirm=True)
    script.mark_last("faced")
    script.flip(F, ["FR-I2REI-1"])
    assert script.lines[script.mark_line("faced") - 1] == "key control 50,130"


def test_units_from_two_zones_are_dragged_zone_by_zone(script: PlayScript) -> None:
    script.move(V, ["VM-REPL-01", "VM-308-102-18-1", "VM-REPL-02"], "3")
    assert script.lines == ["side Viet Minh", "move VM-REPL-01,VM-REPL-02 3", "move VM-308-102-18-1 3"]
    assert script.where("VM-REPL-01") == script.where("VM-308-102-18-1") == "3"
    assert "VM-REPL-02" in script.units_in("3", V)
