"""Tonkin's bundled counters, markers, month track and Na San set-up (``source_data/tonkin``), and
the hex loader's generic additions they use: stacking in points, unprinted factors, one-faced
counters, steps, motorised units, a campaign entry turn and the scenario's first turn.

The data loads and keeps the manifest's promises (docs/tonkin-counters.md); a copy broken in one
place is refused with one ``file:line:col`` line naming the file, exit 1.
"""

from __future__ import annotations

import io
import re
import shutil
import zipfile
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from sdbp_module.cli import main
from sdbp_module.codec.envelope import decode_envelope
from sdbp_module.model.from_data import load_game_uncached
from sdbp_module.model.game_data import GameData, SetupKind
from sdbp_module.model.hex_play import play_of
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.vassal.verify import _check_setup, verify_module
from tests.data_edits import plant

TONKIN = PROJECT_ROOT / "source_data" / "tonkin"


@pytest.fixture(scope="module")
def game() -> GameData:
    return load_game_uncached(TONKIN)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    copy = tmp_path / "tonkin"
    shutil.copytree(TONKIN, copy)
    return copy


def one_problem(folder: Path, name: str, line: int, words: str) -> str:
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert result.exit_code == 1, result.stdout
    out = result.stdout.splitlines()
    assert len(out) == 1, out
    assert re.match(rf"^.*{re.escape(name)}:{line}:\d+: ", out[0]), out[0]
    assert words in out[0], out[0]
    return out[0]


def test_the_bundled_data_validates() -> None:
    result = CliRunner().invoke(main, ["validate", str(TONKIN)])
    assert result.exit_code == 0, result.stdout
    assert "129 units" in result.stdout


def test_the_manifest_counts(game: GameData) -> None:
    sides = Counter(u.side.value for u in game.units)
    assert sides == {"cef": 79, "vm": 50}
    assert {m.id for m in game.markers} >= {"trench-cef", "trench-vm", "political-objective", "delta", "highlands", "large-force", "vp"}
    assert game.hexes is not None
    boxes = {b.id for b in game.hexes.boxes}
    assert {"saigon", "td-pl-1", "td-pl-2", "eliminated", "large-force-1", "large-force-6"} <= boxes
    assert "vientiane" not in boxes  # Vientiane is the map hex A-24 (rules 1.6)


def test_the_play_declares_phases_statuses_tracks_transport_and_packages(game: GameData) -> None:
    play = play_of(game)
    assert [p.id for p in play.phases] == ["replacements", "vm-movement", "cef-movement", "attrition", "operations", "supply"]
    assert [p.side.value if p.side else None for p in play.phases] == [None, "vm", "cef", None, None, None]
    assert {s.id for s in play.statuses} == {"dg", "oos", "step-loss", "spent"}  # kept on the unit, not marker kinds
    assert not {"dg", "oos", "step-loss"} & {m.id for m in game.markers}
    assert {m.id for m in play.transport_modes} == {"truck", "air", "para", "dna", "ship"}
    assert sorted((p.side.value, p.rp, p.sd) for p in play.packages) == [
        ("cef", 2, 2), ("cef", 4, 1), ("cef", 6, 0), ("vm", 0, 2), ("vm", 2, 1), ("vm", 4, 0)
    ]  # rules 2.2 A, 2.6 A
    vp = play.track_of("vp")
    assert vp is not None and (vp.first, vp.last, vp.box_name(50)) == (0, 100, "VP 50")
    assert vp.markers[0].start == 50  # the Na San scenario's VP level
    records = play.track("records")
    assert records is not None and {m.kind for m in records.markers} >= {"vm-rp", "cef-rp", "trucks", "air-transport"}
    assert play.declare is not None and play.declare.side.value == "vm"
    assert {str(t) for t in play.declare.types} == {"artillery", "anti_aircraft"}


def test_factors_steps_and_motorised(game: GameData) -> None:
    units = {u.id: u for u in game.units}
    regiment = units["VM-308-36"]
    assert (regiment.front, regiment.back, regiment.steps, regiment.formation) == ((4, 5, 3, 8), (2, 4, 2, 8), 4, "308")
    hq = units["VM-HQ"]
    assert hq.front == (None, None, 1, 8) and hq.back == () and hq.steps == 1
    assert units["CEF-GMNA"].motorised and not units["CEF-1BEP"].motorised
    assert "transport_only" in units["CEF-SD-1"].marks and units["CEF-SD-1"].front[3] is None
    assert units["VM-351-151"].marks == {"defence_only"}


def test_the_na_san_set_up(game: GameData) -> None:
    units = {u.id: u for u in game.units}
    assert game.scenario.first_turn == 25
    assert game.hexes is not None and game.hexes.labels[25] == "Oct 1952"
    assert units["CEF-1BEP"].setup.hex == "T-14" and units["VM-308-36"].setup.hex == "O-8"
    assert units["VM-304-9"].setup.box == "not-in-scenario"
    assert units["CEF-GM6"].setup.box == "reinforcements" and units["CEF-GM6"].enters == 28
    assert units["CEF-GM6"].id in game.hexes.arrivals[28]
    assert units["VM-312-141"].enters == 1 and units["VM-312-141"].setup.kind is SetupKind.HEX
    on_map = Counter(u.side.value for u in game.units if u.setup.kind is SetupKind.HEX)
    assert on_map == {"cef": 22, "vm": 15}  # doc §7.2


def test_hanoi_holds_12_stacking_points_of_13(game: GameData) -> None:
    stacking = game.game.stacking
    assert stacking is not None and (stacking.points, stacking.factor) == (13, "stacking")
    assert game.game.stacking_limit == 0
    hanoi = [u for u in game.units if u.setup.hex == "T-14"]
    assert sum(stacking.of(game.game.factors, u.front) for u in hanoi) == 12


def test_an_unprinted_stacking_value_counts_the_default(game: GameData) -> None:
    stacking = game.game.stacking
    assert stacking is not None
    assert stacking.of(game.game.factors, (None, None, None, 8)) == 1
    assert stacking.of(game.game.factors, (4, 5, 3, 8)) == 3


def test_a_hex_over_13_points_is_refused(folder: Path) -> None:
    plant(folder, "counters.yaml", "setup: U-15", "setup: T-14")  # III/3e REI (2 points) into Hanoi: 14 with the SDs
    text = (folder / "counters.yaml").read_text(encoding="utf-8")
    line = text.count("\n", 0, text.index("id: CEF-SD-2,")) + 1  # reported once, at the unit that goes over
    one_problem(folder, "counters.yaml", line, "cef has 14 stacking points in T-14 with CEF-SD-2")


def test_13_points_in_a_hex_are_legal(folder: Path) -> None:
    path = folder / "counters.yaml"
    lines = path.read_text(encoding="utf-8").split("\n")
    at = next(i for i, text in enumerate(lines) if text.startswith("  - {id: CEF-BCLDET,"))
    lines[at] = lines[at].replace("setup: not-in-scenario", "setup: T-14")  # 1 point into Hanoi's 12
    assert "setup: T-14" in lines[at]
    path.write_text("\n".join(lines), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert result.exit_code == 0, result.stdout


def test_a_stacking_factor_that_is_not_a_factor_is_refused(folder: Path) -> None:
    line = plant(folder, "game.yaml", "factor: stacking", "factor: size")
    one_problem(folder, "game.yaml", line, "'size' is not a factor")


def test_a_back_face_needs_two_steps(folder: Path) -> None:
    line = plant(folder, "counters.yaml", "back: [2, 4, 2, 8], steps: 4", "back: [2, 4, 2, 8], steps: 1")
    one_problem(folder, "counters.yaml", line, "1 step with a back face")


def test_an_arrival_off_its_entry_month_is_refused(folder: Path) -> None:
    plant(folder, "turn_track.yaml", "arrive: [VM-351-45]", "arrive: []")
    line = plant(folder, "turn_track.yaml", "arrive: [CEF-GM7]", "arrive: [CEF-GM7, VM-351-45]")
    one_problem(folder, "turn_track.yaml", line, "VM-351-45 arrives on turn 37")


def test_an_entry_after_the_last_month_is_refused(folder: Path) -> None:
    line = plant(folder, "counters.yaml", "setup: N-8, enters: 1,", "setup: N-8, enters: 47,")
    one_problem(folder, "counters.yaml", line, "turn 47")


def test_a_scenario_after_the_last_month_is_refused(folder: Path) -> None:
    line = plant(folder, "turn_track.yaml", "first_turn: 25", "first_turn: 47")
    one_problem(folder, "turn_track.yaml", line, "turn 47")


def test_a_scenario_ending_before_it_starts_or_after_the_last_month_is_refused(folder: Path) -> None:
    line = plant(folder, "turn_track.yaml", "last_turn: 27", "last_turn: 24")
    one_problem(folder, "turn_track.yaml", line, "turn 24")
    plant(folder, "turn_track.yaml", "last_turn: 24", "last_turn: 47")
    one_problem(folder, "turn_track.yaml", line, "turn 47")


def test_the_turn_track_gives_the_vm_number_the_withdrawals_and_the_last_month(game: GameData) -> None:
    assert game.hexes is not None and game.scenario.last_turn == 27
    assert [game.hexes.vp_limits[t] for t in (1, 15, 16, 27, 28, 37, 38, 46)] == [60, 60, 55, 55, 50, 50, 45, 45]
    assert dict(game.hexes.withdrawals) == {9: ("any",), 21: ("para",), 31: ("rei",)}
    assert all(game.turn_track[t - 1].sources["vp_limit"].is_reconstructed for t in game.hexes.vp_limits)


def test_a_broken_counter_names_its_file_and_line(folder: Path) -> None:
    line = plant(folder, "counters.yaml", "id: VM-308-88, side: vm", "id: VM-308-88, side: viet")
    one_problem(folder, "counters.yaml", line, "viet")


def test_the_module_builds_and_its_set_up_has_no_setup_stack_record(tmp_path: Path) -> None:
    """A hex game without a deck has no at-start stack or pile, so the engine decodes no SETUP_STACK
    record (the real engine reported it as dropped); Mortain, with its deck, keeps it."""
    texts = {}
    for name in ("tonkin", "mortain"):
        result = CliRunner().invoke(main, ["build", str(PROJECT_ROOT / "source_data" / name), "-o", str(tmp_path / name)])
        assert result.exit_code == 0, result.stdout + result.stderr
        (vmod,) = (tmp_path / name).glob("*.vmod")
        problems, _ = verify_module(vmod)
        assert problems == []
        with zipfile.ZipFile(vmod) as archive:
            save = next(n for n in archive.namelist() if n.endswith(".vsav"))
            with zipfile.ZipFile(io.BytesIO(archive.read(save))) as inner:
                texts[name] = decode_envelope(inner.read("savedGame"), where=save).text
    assert "SETUP_STACK\t" not in texts["tonkin"]
    assert "SETUP_STACK\t" in texts["mortain"]


def test_verify_wants_setup_stack_exactly_when_the_module_has_piles() -> None:
    def save(text: str) -> bytes:
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("savedGame", text)
        return out.getvalue()

    plain, marked = save("begin_save\x1b\x1bend_save"), save("begin_save\x1bSETUP_STACK\t\x1bend_save")
    for data, at_start, bad in ((plain, True, 1), (marked, True, 0), (plain, False, 0), (marked, False, 1)):
        problems: list[str] = []
        _check_setup(data, "x.vsav", problems, at_start)
        assert len(problems) == bad, (at_start, problems)


def test_counters_are_painted_as_the_rules_say(game: GameData) -> None:
    """Rules 1.2: VM counters red, CEF blue, a colour band per kind (game.yaml counter_colours)."""
    from PIL import Image

    from sdbp_module.vassal.hex_module import render_hex_unit

    units = {u.id: u for u in game.units}

    def pixel(unit_id: str, at: tuple[int, int]) -> tuple[int, ...]:
        image = Image.open(io.BytesIO(render_hex_unit(game, units[unit_id], False))).convert("RGB")
        return tuple(image.getpixel(at))

    assert pixel("VM-308-36", (4, 38)) == (0xC8, 0x28, 0x1E)  # body
    assert pixel("CEF-1BEP", (4, 38)) == (0x2D, 0x5A, 0xA0)
    assert pixel("CEF-1BEP", (6, 25)) == (0x78, 0xB4, 0xF0)  # the blue para band
    assert pixel("VM-308-36", (6, 25)) == (0xC8, 0x28, 0x1E)  # a divisional regiment has no band


def test_a_band_for_an_undeclared_mark_is_refused(folder: Path) -> None:
    line = plant(folder, "game.yaml", "gcma: \"#3c9646\"", "gcmb: \"#3c9646\"")
    one_problem(folder, "game.yaml", line, "'gcmb' is not a unit mark")


def test_the_board_prints_rivers_roads_and_the_country_borders(game: GameData) -> None:
    from sdbp_module.vassal import hex_board, hex_module

    assert game.hexes is not None
    look = hex_module.hex_look(game)
    assert look.borders == ("china", "laos", "vietnam")
    assert [ll.caption for ll in hex_board.line_legend(game.hexes.map, look)] == ["Major river", "Minor river", "Road", "Border"]
    grid = game.hexes.map.grid
    sides = {frozenset((grid.hex_id(a), grid.hex_id(b))) for a, b in hex_board.border_sides(game.hexes.map, look)}
    assert frozenset(("K-4", "K-5")) in sides  # China | Vietnam, where the Red River comes in
    countries = {"china", "laos", "vietnam"}
    for a, b in hex_board.border_sides(game.hexes.map, look):
        of_a, of_b = countries & set(game.hexes.map.regions_of(a)), countries & set(game.hexes.map.regions_of(b))
        assert len(of_a) == len(of_b) == 1 and of_a != of_b
    assert frozenset(("Y-15", "Z-15")) not in sides  # a coast is no border: the sea is no country
