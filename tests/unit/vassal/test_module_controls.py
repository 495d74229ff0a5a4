"""The module's controls as players use them: toolbar hotkeys, the turn tracker's last turn, area names
in the engine's reports and the mouse-over viewer, and the End-phase helper buttons (issue 12)."""

from __future__ import annotations

import re
from dataclasses import replace

from lxml import etree

from sdbp_module.codec import sentences
from sdbp_module.codec.sequence import decode
from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.model.game_data import GameData
from sdbp_module.vassal import buildfile, layout, pieces
from sdbp_module.vassal.controls import key_label
from sdbp_module.vassal.verify import piece_traits

from .conftest import Built

M = "VASSAL.build.module."
KEY = re.compile(r"^(\d+),(\d+)(?:,(.*))?$")
TOOLBAR_KEY_ATTRIBUTES = ("hotkey", "buttonHotkey", "nexthotkey", "prevhotkey", "buttonKeyStroke")
NOT_A_BUTTON_KEY = {(M + "GlobalKeyCommand", "hotkey"), (M + "turn.TurnGlobalHotkey", "hotkey")}
"""A toolbar GKC's ``hotkey`` is the key it sends to pieces; a TurnGlobalHotkey's the key it fires."""


def toolbar_keys(root: etree._Element) -> list[tuple[str, str, str]]:
    """(element, attribute, keystroke) of every button hotkey in the build file."""
    out = []
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        for attr in TOOLBAR_KEY_ATTRIBUTES:
            value = el.get(attr, "")
            if value and (el.tag, attr) not in NOT_A_BUTTON_KEY:
                out.append((el.tag, attr, value))
    return out


def _keys_in(token: str, depth: int = 0) -> set[str]:
    """Every plain (unnamed) keystroke inside a trait field, however deeply it is encoded."""
    m = KEY.match(token)
    if m and not m.group(3) and (int(m.group(2)) or 112 <= int(m.group(1)) <= 123):
        return {f"{m.group(1)},{m.group(2)}"}
    out: set[str] = set()
    if depth < 4:
        for delimiter in (";", ",", ":"):
            parts = decode(token, delimiter)
            if len(parts) > 1:
                for part in parts:
                    out |= _keys_in(part, depth + 1)
    return out


def piece_keys(root: etree._Element) -> set[str]:
    """Every plain keystroke of every piece trait (prototypes and slots)."""
    out: set[str] = set()
    for el in root.iter(M + "PrototypeDefinition", "VASSAL.build.widget.PieceSlot", "VASSAL.build.widget.CardSlot"):
        for trait in piece_traits(el.text or "")[0]:
            out |= _keys_in(trait)
    return out


def test_no_two_toolbar_buttons_or_piece_commands_share_a_keystroke(built: Built) -> None:
    keys = toolbar_keys(built.root)
    strokes = [k for _tag, _attr, k in keys]
    assert len(strokes) == len(set(strokes)), sorted(strokes)
    commands = piece_keys(built.root)
    assert {pieces.K_SPENT, pieces.K_FIRE, pieces.K_DELETE, pieces.k_state(0)} <= commands  # the scan finds them
    assert not set(strokes) & commands, sorted(set(strokes) & commands)


def test_every_toolbar_button_has_a_hotkey_and_the_tooltip_does_not_repeat_it(built: Built) -> None:
    """The engine appends a launch button's own key to its tooltip (``LaunchButton.setToolTipText``:
    ``tooltip [F12]``), so the tooltip must not name it again; the tracker's next/previous keys are not
    its launch key and are named."""
    root = built.root
    buttons = [*root.iter(M + "DiceButton", M + "GlobalKeyCommand", M + "PlayerHand", M + "PieceWindow", M + "properties.ChangePropertyButton")]
    assert len(buttons) == len(buildfile.dice_buttons(built.game)) + 1 + 2 + 5 + 2 + 1  # dice, pass, results, helpers, hands, palette
    for el in buttons:
        hotkey = el.get("buttonHotkey") if el.tag == M + "GlobalKeyCommand" else el.get("hotkey")
        assert hotkey, el.get("name")
        assert key_label(hotkey) not in el.get("tooltip", ""), (el.get("name"), el.get("tooltip"))
    tracker = next(root.iter(M + "turn.TurnTracker"))
    assert tracker.get("hotkey") and key_label(tracker.get("hotkey", "")) not in tracker.get("tooltip", "")
    for attr in ("nexthotkey", "prevhotkey"):
        assert tracker.get(attr) and key_label(tracker.get(attr, "")) in tracker.get("tooltip", "")
    assert buildfile.K_PLAYER_AID not in {k for _t, _a, k in toolbar_keys(root) if _t != M + "ChartWindow"}


def _tracker(root: etree._Element) -> tuple[etree._Element, etree._Element, etree._Element]:
    tracker = next(root.iter(M + "turn.TurnTracker"))
    return tracker, next(tracker.iter(M + "turn.CounterTurnLevel")), next(tracker.iter(M + "turn.TurnGlobalHotkey"))


def test_the_trackers_last_turn_is_the_datas(game: GameData) -> None:
    """The counter loops at the data's last turn (never shows a later one), the stay hotkey fires the
    tracker's Previous key at the wrap or past the last turn, and the set-up save's state carries the
    loop: a tracker of 8 turns for data of 9 (or the reverse) fails here."""
    for turns in (8, 9):
        data = replace(game, game=replace(game.game, turns=turns))
        tracker, level, stay = _tracker(buildfile.build_tree(data, layout.make_layout(data)))
        assert (level.get("loop"), level.get("loopLimit"), level.get("start")) == ("true", str(turns), str(data.scenario.first_turn))
        assert stay.get("hotkey") == tracker.get("prevhotkey")
        match = stay.get("match", "")
        assert f"Turn>{turns}" in match and f"Turn=={data.scenario.first_turn}" in match and 'Turn_command=="Next"' in match
        assert f"turn {turns}" in stay.get("reportFormat", "")
        counter = decode(decode(buildfile.tracker_state(data, 1), "|")[1], ";")
        assert counter[:4] == ["1", "0", "true", str(turns)]


def test_the_built_trackers_last_turn_and_set_up_state_agree(built: Built) -> None:
    _tracker_el, level, _stay = _tracker(built.root)
    assert level.get("loopLimit") == str(built.game.game.turns)
    assert f"TURNTurnTracker0\t{buildfile.tracker_state(built.game, built.game.scenario.first_turn)}" in built.inventory.setup_text


def test_areas_show_number_and_name_in_reports_and_tool_tips(built: Built) -> None:
    zones = {z.get("name"): z for z in built.root.iter(M + "map.boardPicker.board.mapgrid.Zone")}
    for area in built.game.areas:
        zone = zones[str(area.id)]  # the zone name stays the number ($CurrentZone$); sentences name the location
        assert zone.get("locationFormat") == f"$name$ {area.name}"
    assert zones["Eliminated"].get("locationFormat") == "$name$"
    main = next(m for m in built.root.iter(M + "Map") if m.get("mapName") == layout.MAP_NAME)
    assert main.get("moveToFormat") == main.get("moveWithinFormat") == main.get("createFormat") == ""  # one line per move: the MOVE sentence
    viewer = next(main.iter(M + "map.CounterDetailViewer"))
    assert viewer.get("summaryReportFormat") == viewer.get("emptyHexReportForma") == "$LocationName$"
    assert viewer.get("minDisplayPieces") == "0"  # also over one counter and over an empty area


def _button(root: etree._Element, name: str) -> etree._Element:
    return next(el for el in root.iter(M + "GlobalKeyCommand") if el.get("name") == name)


def test_the_end_phase_helpers_send_the_existing_keys_and_write_helper_lines(built: Built) -> None:
    root = built.root
    refresh = _button(root, "Refresh units")
    assert refresh.get("hotkey") == pieces.K_REFRESH and refresh.get("deckCount") == "0"
    assert refresh.get("reportFormat") == "$PlayerSide$ uses Refresh units (refresh)"
    match = refresh.get("filter", "")
    assert "Spent_Level==2" in match and 'side=="viet_minh"' in match and "no-supply" in match and "$" not in match
    for name, kind, helper in (("Clear fire markers", "fire", "clear-fire"), ("Clear No Supply markers", "no-supply", "clear-no-supply")):
        button = _button(root, name)
        assert (button.get("hotkey"), button.get("filter")) == (pieces.K_DELETE, f'{{sdbp_id=="{kind}"}}')
        assert button.get("reportFormat", "") == f"$PlayerSide$ uses {name} ({helper})"


def test_the_draw_buttons_draw_each_sides_cards_to_the_turns_hand_size(built: Built) -> None:
    game = built.game
    for side in game.game.sides:
        button = _button(built.root, f"Draw: {side.label}")
        assert button.get("hotkey") == pieces.K_DRAW and button.get("deckCount") == "-1"
        assert button.get("reportFormat") == buildfile.draw_report(game, side)  # with the drawn and hand facts (test_roll_reports)
        assert sentences.parse_format(button.get("reportFormat", "")) == ("HELPER", (("side", "0"), ("helper", "draw"), ("for", side.label), ("drawn", "0"), ("hand", "0")))
        match = button.get("filter", "")
        assert f'CurrentZone=="{layout.deck_name(side)}"' in match and f'PlayerSide=="{side.label}"' in match
        assert f'"{layout.hand_name(side)}")' in match and "$" not in match
        for info in game.turn_track:  # every allowance of the turn track, for this side
            assert f"Turn=={info.turn} ? {info.cards[side]} :" in match
        for area in game.areas:  # the bonus areas are read from the control markers
            assert (f'CurrentZone==\\"{area.id}\\"' in match) == (area.card_bonus != "none")
    changed = replace(game, turn_track=(replace(game.turn_track[0], cards={FRENCH: 7, VIET_MINH: 2}), *game.turn_track[1:]))
    assert "Turn==1 ? 7 :" in buildfile.draw_match(changed, FRENCH)
    assert "Turn==1 ? 2 :" in buildfile.draw_match(changed, VIET_MINH)


def test_cards_of_a_side_are_sent_into_its_hand_by_the_draw_key(built: Built) -> None:
    protos = {el.get("name"): piece_traits(el.text or "")[0] for el in built.root.iter(M + "PrototypeDefinition")}
    for side in built.game.game.sides:
        (send,) = [decode(t, ";") for t in protos[pieces.card_prototype_name(side)] if t.startswith("sendto;") and pieces.K_DRAW in t]
        assert send[1:7] == ["", pieces.K_DRAW, layout.hand_name(side), layout.hand_name(side), *map(str, pieces.HAND_DRAW_POINT)]


def test_buttons_of_one_kind_share_a_toolbar_menu_and_every_item_is_a_button(built: Built) -> None:
    """Dice ▾, Draw ▾, End phase ▾, Result ▾ (ToolbarMenu): each item names a toolbar button by its
    text (ToolbarMenu.buildMenu finds the buttons so; the grouped buttons stay in the toolbar, hidden,
    so their hotkeys and the harness's ``button <text>`` still reach them); no button is in two menus."""
    root = built.root
    menus = {el.get("text", ""): decode(el.get("menuItems", ""), ",") for el in root.iter(M + "ToolbarMenu")}
    assert set(menus) == {buildfile.DICE_MENU, buildfile.DRAW_MENU, buildfile.END_MENU, buildfile.RESULT_MENU}
    texts = {el.get("text") or el.get("buttonText") for el in root.iter(M + "DiceButton", M + "GlobalKeyCommand", M + "properties.ChangePropertyButton")}
    items = [item for group in menus.values() for item in group]
    assert len(items) == len(set(items)) and set(items) <= texts
    assert menus[buildfile.DICE_MENU] == [b[0] for b in buildfile.dice_buttons(built.game)]
    assert menus[buildfile.RESULT_MENU] == [f"{s.label} win" for s in built.game.game.sides]
    assert set(menus[buildfile.END_MENU]) == {"Refresh units", "Clear fire markers", "Clear No Supply markers"}
    assert texts - set(items) == {"Pass"}  # the one button of its kind stays on the toolbar


def test_result_buttons_ask_for_yes_and_only_a_side_declares(built: Built) -> None:
    """French win / Viet Minh win (report-formats §2.12): a ChangePropertyButton of its own Global
    Property, prompting; its report is the RESULT line only for a player of a side who typed yes."""
    for side in built.game.game.sides:
        prop = next(el for el in built.root.iter(M + "properties.GlobalProperty") if el.get("name") == buildfile.result_property(side))
        button = next(prop.iter(M + "properties.ChangePropertyButton"))
        assert button.get("text") == f"{side.label} win"
        assert decode(button.get("propChanger", ""), ",")[0] == "R"
        report = button.get("reportFormat", "")
        assert report.startswith("{") and report.endswith("}")
        assert f'PlayerSide + " declares the result: the {side.label} win"' in report
        assert 'newValue=="yes"' in report
        assert all(f'PlayerSide=="{s.label}"' in report for s in built.game.game.sides)


def test_the_main_map_opens_showing_the_whole_board(built: Built) -> None:
    """The Zoomer starts at the level that fits the board into the 1920×1200 screen's map viewport."""
    lay = layout.make_layout(built.game)
    main = next(m for m in built.root.iter(M + "Map") if m.get("mapName") == layout.MAP_NAME)
    zoomer = next(main.iter(M + "map.Zoomer"))
    levels = [float(v) for v in decode(zoomer.get("zoomLevels", ""), ",")]
    start = levels[int(zoomer.get("zoomStart", "0")) - 1]
    assert levels == sorted(levels, reverse=True) and start == min(levels)
    assert lay.width * start <= buildfile.VIEWPORT[0] and lay.height * start <= buildfile.VIEWPORT[1]
    assert lay.width * (start + 0.01) > buildfile.VIEWPORT[0] or lay.height * (start + 0.01) > buildfile.VIEWPORT[1]
