"""The play controls of a hex game declaring its play (vassal/hex_play_controls.py from model.hex_play;
report-formats §2.16): the month × phase tracker, the record tracks, the unit statuses, Carry by,
Double move, Declare, Restore a step, the packages, the eliminated boxes. Built from Tonkin's data;
Stand at Mortain (no play declared) gets none of them."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import etree

from sdbp_module.cli import main
from sdbp_module.codec import sentences
from sdbp_module.codec.sequence import decode
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData, Unit
from sdbp_module.model.hex_board import EliminatedUnits
from sdbp_module.model.hex_play import play_of
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.vassal import hex_help, hex_module, hex_play_controls, pieces
from sdbp_module.vassal.traits import Piece
from tests.data_edits import plant

M = "VASSAL.build.module."
TONKIN = PROJECT_ROOT / "source_data" / "tonkin"
MORTAIN = PROJECT_ROOT / "source_data" / "mortain"


@pytest.fixture(scope="module")
def game() -> GameData:
    return load_game(TONKIN, hex_map=True)


@pytest.fixture(scope="module")
def tree(game: GameData) -> hex_module.HexTree:
    return hex_module.build_hex_tree(game)


def unit(game: GameData, unit_id: str) -> Unit:
    return next(u for u in game.units if u.id == unit_id)


def piece(game: GameData, unit_id: str) -> Piece:
    return hex_module.hex_unit_piece(game, unit(game, unit_id), 1)


def types(p: Piece) -> list[str]:
    return [t.type for t in p.traits]


def menus(p: Piece) -> list[str]:
    """The menu texts of the piece's Trigger Actions."""
    return [decode(t[len("macro;") :], ";")[1] for t in types(p) if t.startswith("macro;")]


def reports(p: Piece) -> list[str]:
    return [decode(t[len("report;") :], ";")[1] for t in types(p) if t.startswith("report;")]


def test_the_tracker_has_the_months_and_the_phases_and_writes_the_phase_sentence(game: GameData, tree: hex_module.HexTree) -> None:
    tracker = next(tree.root.iter(M + "turn.TurnTracker"))
    months, phases = tracker.findall(M + "turn.ListTurnLevel"), tracker.findall(f"{M}turn.ListTurnLevel/{M}turn.ListTurnLevel")
    assert len(months) == 1 and len(phases) == 1
    assert decode(months[0].get("list", ""), ",")[24] == "Oct 1952" and len(decode(months[0].get("list", ""), ",")) == game.game.turns
    assert decode(phases[0].get("list", ""), ",") == [p.name for p in play_of(game).phases]
    assert tracker.get("turnFormat") == sentences.turn_format()
    report = tracker.get("reportFormat", "")
    assert sentences.bsh(sentences.vassal_format("phase")) in report
    assert 'oldTurn=="Turn Oct 1950 · Replacements and reinforcements phase" && newTurn=="Turn Jul 1954 · Supply check phase"' in report
    stay = tracker.find(M + "turn.TurnGlobalHotkey")
    assert stay is not None and 'Turn=="Oct 1950"' in stay.get("match", "")
    rendered = sentences.render("phase", {"side": "CEF", "_turn": ("Oct 1952", "VM movement")})
    assert rendered == "CEF starts Turn Oct 1952 · VM movement phase"


def test_the_set_up_tracker_starts_at_the_scenario_month_and_the_first_phase(game: GameData) -> None:
    state = hex_module.tracker_state(game, game.scenario.first_turn)
    top = decode(decode(state, "|")[1], ";")
    assert top[0] == "24"  # Oct 1952, the 25th month
    assert decode(top[4], ";")[0] == "0"  # the first phase
    assert len(decode(top[3], ",")) == game.game.turns


def test_every_track_box_is_a_zone_and_every_track_marker_starts_on_its_box(game: GameData, tree: hex_module.HexTree) -> None:
    zones = {z.get("name") for z in tree.root.iter("VASSAL.build.module.map.boardPicker.board.mapgrid.Zone")}
    for track in play_of(game).tracks:
        assert {track.box_name(n) for n in range(track.first, track.last + 1)} <= zones
    setup = hex_module.build_hex_setup(game, tree.board)
    where = {p.sdbp_id: p.location for p in setup.placed}
    assert where["vp"] == "VP 50"
    assert where["trucks"] == "Records 3" and where["air-transport"] == "Records 4" and where["vm-rp"] == "Records 0"
    assert where["turn"] == "Turn 25"
    assert hex_module.marker_start(game, next(k for k in game.markers if k.id == "trench-cef")) == hex_module.MARKERS_BOX


def test_the_tracks_stand_under_the_map_in_boxes_a_counter_fits(tree: hex_module.HexTree) -> None:
    lay = tree.board.layout
    hex_bottom = max(y for h in lay.grid.hexes() for _, y in lay.grid.polygon(h))
    track = [p for p in lay.boxes if p.box.below]
    assert track and all(p.rect[1] > hex_bottom and p.rect[2] <= lay.map_rect[2] for p in track)
    assert all(p.rect[2] - p.rect[0] > 60 and p.rect[3] - p.rect[1] > 60 for p in track)
    rects = [p.rect for p in track]
    assert all(a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1] for i, a in enumerate(rects) for b in rects[i + 1 :])


def test_a_status_is_a_badge_layer_set_and_cleared_by_its_own_commands(game: GameData) -> None:
    infantry = piece(game, "CEF-2-6RTM")
    layers = [t for t in types(infantry) if t.startswith("emb2;")]
    assert [decode(t[5:], ";")[18] for t in layers] == ["status_dg", "status_oos", "status_step_loss", hex_module.HIT_LAYER]
    assert {"Mark DG", "Clear DG", "Mark OoS", "Clear OoS", "Mark -1", "Clear -1"} <= set(menus(infantry))
    assert "Mark Spent" not in menus(infantry)  # Spent applies to supply depots only
    assert sentences.vassal_format("status-on", _label="DG", status="dg") in reports(infantry)
    assert sentences.vassal_format("status-off", _label="-1", status="step-loss") in reports(infantry)
    mark_dg = next(t for t in types(infantry) if t.startswith("macro;") and decode(t[6:], ";")[1] == "Mark DG")
    assert decode(mark_dg[6:], ";")[3] == "{status_dg_Level==1}"  # a mark only when off: every line a real change
    depot = piece(game, "CEF-SD-1")
    assert "Mark Spent" in menus(depot) and "Mark DG" in menus(depot)


def test_the_status_badges_are_images_of_the_module(game: GameData, tree: hex_module.HexTree) -> None:
    out = hex_module.hex_images(game, tree.board)
    for status in play_of(game).statuses:
        assert out[hex_play_controls.status_image(status)].startswith(b"\x89PNG")


def test_carry_double_declare_and_restore_write_their_sentences(game: GameData) -> None:
    artillery = piece(game, "VM-351-675")
    infantry = piece(game, "VM-308-36")
    for p in (artillery, infantry):
        assert {m.name for m in play_of(game).transport_modes} <= set(menus(p))
        assert sentences.vassal_format("carry", mode="truck") in reports(p)
        assert "Double move" in menus(p) and sentences.vassal_format("double") in reports(p)
        assert "Restore a step" in menus(p) and sentences.vassal_format("restore") in reports(p)
    assert "Declare" in menus(artillery) and sentences.vassal_format("declare") in reports(artillery)
    assert "Declare" not in menus(infantry)  # not a type the VM declares
    assert "Declare" not in menus(piece(game, "CEF-4-41RAC"))  # CEF artillery: not the declaring side
    submenus = [decode(t[len("submenu;") :], ";") for t in types(artillery) if t.startswith("submenu;")]
    assert [s[0] for s in submenus] == [hex_play_controls.CARRY_MENU, hex_play_controls.STATUS_MENU]


def test_take_hit_eliminates_a_one_step_unit_and_flips_a_bigger_one(game: GameData) -> None:
    def hit_actions(p: Piece) -> list[list[str]]:
        return [decode(decode(t[6:], ";")[5], ",") for t in types(p) if t.startswith("macro;") and decode(t[6:], ";")[2] == hex_module.H_HIT]

    one = hit_actions(piece(game, "CEF-GCMA2"))
    assert len(one) == 1 and one[0][0] == pieces.R_HIT_ELIMINATE
    two = hit_actions(piece(game, "CEF-2-6RTM"))
    assert [a[0] for a in two] == [pieces.R_HIT_FLIP, pieces.R_HIT_ELIMINATE]


def test_an_eliminated_unit_goes_to_the_box_its_data_gives(game: GameData) -> None:
    assert hex_module.eliminated_box_id(game, unit(game, "VM-TD-1")) == "td-pl-2"  # rules 6.13
    assert hex_module.eliminated_box_id(game, unit(game, "VM-PL-1")) == "td-pl-2"
    assert hex_module.eliminated_box_id(game, unit(game, "VM-308-36")) == "eliminated"
    assert hex_module.eliminated_box_id(game, unit(game, "CEF-GCMA2")) == "eliminated"
    assert game.hexes is not None
    boxes = tuple(replace(b, eliminated=EliminatedUnits(sides=frozenset({"vm"}))) if b.id == "eliminated" else b for b in game.hexes.boxes)
    vm_only = replace(game, hexes=replace(game.hexes, boxes=boxes))
    assert hex_module.eliminated_box_id(vm_only, unit(game, "CEF-GCMA2")) is None  # no box takes it: no Eliminate trip


def test_a_package_button_each_under_the_package_menu(game: GameData, tree: hex_module.HexTree) -> None:
    buttons = {b.get("buttonText"): b.get("reportFormat") for b in tree.root.iter(M + "GlobalKeyCommand")}
    for package in play_of(game).packages:
        assert buttons[hex_play_controls.package_button(game, package)] == sentences.vassal_format("package", _label=package.name, package=package.id)
    menu = next(m for m in tree.root.iter(M + "ToolbarMenu") if m.get("text") == hex_play_controls.PACKAGE_MENU)
    assert decode(menu.get("menuItems", ""), ",") == [hex_play_controls.package_button(game, p) for p in play_of(game).packages]
    assert "Viet Minh: 4 RP" in decode(menu.get("menuItems", ""), ",")


def test_a_game_that_declares_no_play_gets_none_of_the_controls() -> None:
    mortain = load_game(MORTAIN, hex_map=True)
    tree = hex_module.build_hex_tree(mortain)
    assert not any(m.get("text") == hex_play_controls.PACKAGE_MENU for m in tree.root.iter(M + "ToolbarMenu"))
    tracker = next(tree.root.iter(M + "turn.TurnTracker"))
    assert tracker.find(f"{M}turn.ListTurnLevel/{M}turn.ListTurnLevel") is None
    assert not any(p.box.below for p in tree.board.layout.boxes)
    p = hex_module.hex_unit_piece(mortain, mortain.units[0], 1)
    assert not any(t.startswith("submenu;") for t in types(p))
    assert not {"Double move", "Restore a step", "Declare"} & set(menus(p))
    assert etree.tostring(tree.root).count(b"status_") == 0


def test_the_help_page_lists_the_phases_statuses_commands_tracks_and_packages(game: GameData, tree: hex_module.HexTree) -> None:
    page = hex_help.help_html(game, etree.tostring(tree.root))
    section = page[page.index('name="phases"') : page.index('name="toolbar"')]
    play = play_of(game)
    assert all(p.name in section for p in play.phases)
    assert all(f"<b>{s.name}</b>" in section for s in play.statuses)
    assert "Ctrl+Alt+1" in section and "Ctrl+Alt+Shift+4" in section
    assert "Carry by &#9656; Truck" in section and "Double move" in section and "Restore a step" in section
    assert "<b>VP</b>" in section and "<b>Records</b>" in section and "<b>6 RP</b>" in section
    assert "OUR RECONSTRUCTION" in page
    mortain = load_game(MORTAIN, hex_map=True)
    assert 'name="phases"' not in hex_help.help_html(mortain, etree.tostring(hex_module.build_hex_tree(mortain).root))


def test_a_box_taking_the_eliminated_units_of_an_undeclared_mark_is_a_data_problem(tmp_path: Path) -> None:
    copy = tmp_path / "tonkin"
    shutil.copytree(TONKIN, copy)
    line = plant(copy, "markers.yaml", "eliminated: {marks: [tieu_doan, pathet_lao]}", "eliminated: {marks: [tieu_doan, pathet_lo]}")
    result = CliRunner().invoke(main, ["validate", str(copy)])
    assert result.exit_code == 1
    (problem,) = result.stdout.splitlines()
    assert f"markers.yaml:{line}:" in problem and "'pathet_lo' is not a unit mark of this game" in problem
    assert CliRunner().invoke(main, ["validate", str(TONKIN)]).exit_code == 0


def test_activate_and_fire_at_are_a_card_driven_games_commands(game: GameData) -> None:
    tonkin_unit = piece(game, "VM-308-36")
    assert not {"Activate", "Fire at…"} & set(menus(tonkin_unit))  # Tonkin has no deck of playing cards
    assert not any(r.startswith("$PlayerSide$ activates") or "fires with" in r for r in reports(tonkin_unit))
    mortain = load_game(MORTAIN, hex_map=True)
    assert "Activate" in menus(hex_module.hex_unit_piece(mortain, mortain.units[0], 1))
