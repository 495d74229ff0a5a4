"""The dice buttons of a roll read from a table (game.yaml ``roll_tables``: 11.0 supply, 12.1
replacements) and the Draw buttons report what a player would otherwise work out: the modified
total and the table's result, the cards drawn and the hand's size (report-formats §2.1, §2.13)."""

from __future__ import annotations

import pytest

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules import supply
from sdbp_module.ids import AreaId
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.vlog.lines import parse_line
from sdbp_module.vassal import buildfile
from sdbp_module.vassal_log.scribe import Scribe, roll_reading

from .conftest import Built

M = "VASSAL.build.module."
F, V = FRENCH, VIET_MINH


def test_the_datas_tables_are_the_checkers(game: GameData) -> None:
    """The module reports from the data, the checker judges with its own rules code: they agree on
    every total (11.0: +2 per VM airstrip, +1 per VM green area, 2–8 / 9–15 / 16+; 12.1: half the d6
    rounded up)."""
    table = game.game.roll_table("supply")
    assert table is not None and table.field == "areas"
    adds = {(m.area_class, m.side): m.add for m in table.modifiers}
    one = AreaId(0)
    assert adds == {("blue", V): supply.Modified(0, (one,), (), ()).total, ("green", V): supply.Modified(0, (), (one,), ()).total}
    assert [table.result(total) for total in range(2, 25)] == [supply.base_count(total) for total in range(2, 25)]
    repl = game.game.roll_table("replacements")
    assert repl is not None and not repl.modifiers
    assert [repl.result(d) for d in range(1, 7)] == [(d + 1) // 2 for d in range(1, 7)]


def test_the_supply_and_replacement_buttons_report_the_modified_total_and_the_result(built: Built) -> None:
    buttons = {el.get("name"): el.get("reportFormat", "") for el in built.root.iter(M + "DiceButton")}
    supply_report, repl_report = buttons["Supply 2d6"], buttons["Replacements 1d6"]
    assert buttons["Fire 2d6"] == buildfile.dice_report("fire", 2)  # a roll with no table: as before
    assert supply_report.startswith('{PlayerSide + " rolls 2d6 for supply: " + result1 + " + " + result2 + " = " + numericalTotal + "; modified total " + (numericalTotal + (')
    reading = roll_reading(supply_report)
    assert reading is not None and reading.modified and reading.field == "areas"
    blue = sorted(str(a.id) for a in built.game.areas if a.colour == "blue")
    green = sorted(str(a.id) for a in built.game.areas if a.colour == "green")
    assert sorted(z for z, s, _p, add in reading.terms if add == 2 and s == "viet_minh") == blue
    assert sorted(z for z, s, _p, add in reading.terms if add == 1 and s == "viet_minh") == green
    assert (reading.default, reading.rows) == (0, ((9, 1), (16, 2)))
    assert repl_report == (
        '{PlayerSide + " rolls 1d6 for replacements: " + numericalTotal + "; replacements: " + (numericalTotal >= 5 ? 3 : (numericalTotal >= 3 ? 2 : 1))}'
    )


def test_the_draw_buttons_report_the_cards_drawn_and_the_hand_size(built: Built) -> None:
    for side in built.game.game.sides:
        report = next(el for el in built.root.iter(M + "GlobalKeyCommand") if el.get("name") == f"Draw: {side.label}").get("reportFormat", "")
        assert report == buildfile.draw_report(built.game, side)
        assert report.startswith('{PlayerSide + " uses Draw: ' + side.label + ' (draw for ' + side.label + '); cards drawn: " + (PlayerSide!="' + side.label + '"')
        assert report.endswith('"; hand size: " + (Count("{sdbp_kind==\\"card\\"}","' + side.label + ' hand") + (PlayerSide!="' + side.label + '"' + report.split('(PlayerSide!="' + side.label + '"', 2)[2])
        assert buildfile.hand_target(built.game, side) in report and f'"{side.label} hand"' in report and f'\\"{side.label} deck\\"' in report


@pytest.mark.parametrize(
    ("markers", "dice", "modified", "areas"),
    [
        ((), [5, 3], 8, 0),  # every airstrip and green area French, as printed
        ((("control", "viet_minh", "16"), ("control", "viet_minh", "10")), [5, 3], 11, 1),  # +2 airstrip, +1 green
        ((("control", "viet_minh", "16"), ("control", "viet_minh", "20"), ("control", "viet_minh", "21")), [4, 4], 14, 1),
        ((("control", "viet_minh", "16"), ("control", "viet_minh", "20"), ("control", "viet_minh", "21")), [6, 4], 16, 2),
        ((("control", "viet_minh", "16"), ("control", "french", "16")), [5, 3], 10, 1),  # a VM marker counts
    ],
)
def test_the_scribe_writes_the_supply_line_the_engine_writes(
    built: Built, markers: tuple[tuple[str, str, str], ...], dice: list[int], modified: int, areas: int
) -> None:
    """As the engine evaluated it (play, VASSAL 3.7.26): 5+3 with VM control markers on 16 and 10 →
    ``; modified total 11; areas out of supply: 1`` (record ``modified=11|areas=1``)."""
    s = Scribe(built.path)
    for kind, state, zone in markers:
        s.add_marker(V, kind, state, zone)
    s.dice(F, "supply", dice)
    line = parse_line(s.steps[-1][0].removeprefix("CHAT"))
    assert line is not None and line.event == "DICE"
    assert (line.get("total"), line.get("modified"), line.get("areas")) == (str(sum(dice)), str(modified), str(areas))
    s.dice(V, "replacements", [4])
    assert s.steps[-1][0] == "CHAT* Viet Minh rolls 1d6 for replacements: 4; replacements: 2"
