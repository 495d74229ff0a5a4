"""The module of a hex-map game (vassal/hex_module.py, ``sdbp build source_data/mortain``): pieces,
set-up positions, deck, turn tracker, identity, determinism, and what the real engine answered
(mortain_engine.json, made by tools/mortain_engine_check.py)."""

from __future__ import annotations

import io
import json
import zipfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from lxml import etree
from PIL import Image

from sdbp_module.cli import main
from sdbp_module.codec.envelope import decode_envelope
from sdbp_module.codec.identity import build_version
from sdbp_module.codec.sentences import parse_sentence
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData, Placement
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.vassal import (
    commands,
    hex_module,
    layout,
    pieces,
    playing_card_deck,
    verify,
)
from sdbp_module.vassal.buildfile import SETUP_FILE
from sdbp_module.vassal.hex_map_xml import PANEL_ZONE
from sdbp_module.vassal.traits import unnest
from tests.built_modules import built_module

DATA = PROJECT_ROOT / "source_data" / "mortain"
FIXTURE = Path(__file__).with_name("mortain_engine.json")
M = "VASSAL.build.module."
W = "VASSAL.build.widget."


@dataclass(frozen=True)
class HexBuilt:
    game: GameData
    path: Path
    data: bytes
    problems: list[str]
    root: etree._Element
    entries: dict[str, bytes]


@pytest.fixture(scope="module")
def game() -> GameData:
    return load_game(DATA, hex_map=True)


@pytest.fixture(scope="module")
def built(game: GameData, tmp_path_factory: pytest.TempPathFactory) -> HexBuilt:
    path = built_module(DATA, tmp_path_factory.mktemp("hexbuild"))
    data = path.read_bytes()
    problems, _ = verify.verify_module(path)
    with zipfile.ZipFile(path) as z:
        entries = {name: z.read(name) for name in z.namelist()}
    return HexBuilt(game, path, data, problems, etree.fromstring(entries["buildFile.xml"]), entries)


def setup_text(built: HexBuilt) -> str:
    with zipfile.ZipFile(io.BytesIO(built.entries[SETUP_FILE])) as inner:
        return decode_envelope(inner.read("savedGame")).text


def test_the_module_verifies_and_carries_its_build_identity(built: HexBuilt) -> None:
    assert built.problems == []
    assert built.path.name == f"{built.game.game.module_name}-{built.game.game.version}.vmod"
    version = built.root.get("version", "")
    assert version.startswith(built.game.game.version + "+")
    assert build_version(built.game.game.version, built.root) == version
    assert f"<version>{version}</version>".encode() in built.entries["moduledata"]


def test_two_builds_give_the_same_bytes(built: HexBuilt, tmp_path: Path) -> None:
    again = commands.build_module(built.game, tmp_path, None)
    assert again.path.read_bytes() == built.data


def test_every_unit_and_marker_is_in_the_palette_with_its_faces(built: HexBuilt) -> None:
    slots = {el.get("entryName"): el.text or "" for el in built.root.iter(W + "PieceSlot")}
    game = built.game
    assert len(slots) == len(game.units) + len(game.markers)
    for unit in game.units:
        text = slots[unit.company]
        full, flipped = hex_module.unit_image(unit, False), hex_module.unit_image(unit, True)
        assert f"{full},{flipped}" in text and all(f";{menu};" in text for menu in ("Activate", "Fire at…", "Take hit", "Eliminate"))
        assert f"images/{full}" in built.entries and f"images/{flipped}" in built.entries
        assert "at_front,ai_front,at_back,ai_back" in text
        # the fire's followers are reached with no location fast match: a declaration draws nothing from the deck's RNG
        assert pieces.EVERY_PIECE_TARGET in text and pieces.CURRENT_ZONE_TARGET not in text
    for kind in game.markers:
        assert kind.name in slots
    # the support markers' calls: an attack for a marker with a strength, a suppression for Air (its reminder marker)
    assert ";Air: attack…;" in slots["Air"] and ";Air: suppression…;" in slots["Air"]
    assert ";OBA: attack…;" in slots["OBA"] and "suppression…" not in slots["OBA"] and "…;" not in slots["Turn"]
    # an eliminated unit goes to its side's box (its zone: the box's name) when the data has one
    assert "US eliminated" in slots["2/120"] and "German eliminated" in slots["102 Tiger"]


def test_the_two_faces_differ_and_show_the_factors(game: GameData) -> None:
    unit = next(u for u in game.units if u.front != u.back)
    full = Image.open(io.BytesIO(hex_module.render_hex_unit(game, unit, False)))
    flipped = Image.open(io.BytesIO(hex_module.render_hex_unit(game, unit, True)))
    assert full.size == flipped.size == (layout.COUNTER, layout.COUNTER)
    assert full.tobytes() != flipped.tobytes()
    # the side's colour is the body: the two German marks and the US mark give three bodies
    bodies = {Image.open(io.BytesIO(hex_module.render_hex_unit(game, u, False))).getpixel((30, 3)) for u in game.units}
    assert len(bodies) == len({m for u in game.units for m in u.marks})


def test_every_unit_starts_where_its_data_says(built: HexBuilt, game: GameData) -> None:
    tree = hex_module.build_hex_tree(game)
    save = hex_module.build_hex_setup(game, tree.board)
    grid = tree.board.layout.grid
    rects = {p.box.name: p.rect for p in tree.board.layout.boxes}
    placed = {p.sdbp_id: p for p in save.placed}
    for unit in game.units:
        p = placed[unit.id]
        if unit.setup.hex is not None:
            h = grid.parse_id(unit.setup.hex)
            assert h is not None
            cx, cy = grid.centre(h)
            assert (p.location, p.x, p.y) == (unit.setup.hex, round(cx), round(cy))
        else:
            x0, y0, x1, y1 = rects[hex_module.box_zone(game, str(unit.setup.box))]
            assert p.location == hex_module.box_zone(game, str(unit.setup.box)) and x0 < p.x < x1 and y0 < p.y < y1, unit.id
    assert placed["turn"].location == hex_module.turn_box(1)
    assert {placed[k].location for k in ("air", "oba", "air-suppression")} == {hex_module.MARKERS_BOX}
    assert len(save.placed) == len(game.units) + len(game.markers)
    assert save.text == setup_text(built)


def test_a_unit_moved_in_the_data_moves_in_the_set_up(game: GameData) -> None:
    unit = game.units[0]
    moved = replace(game, units=(replace(unit, setup=Placement(unit.setup.kind, hex="A1")), *game.units[1:]))
    tree = hex_module.build_hex_tree(moved)
    save = hex_module.build_hex_setup(moved, tree.board)
    p = next(p for p in save.placed if p.sdbp_id == unit.id)
    h = tree.board.layout.grid.parse_id("A1")
    assert h is not None and p.location == "A1" and (p.x, p.y) == tuple(round(v) for v in tree.board.layout.grid.centre(h))


def test_the_deck_starts_face_down_in_its_pile_with_the_draw_button(built: HexBuilt, game: GameData) -> None:
    spec = game.deck
    assert spec is not None
    piles = {el.get("name"): el for el in built.root.iter(M + "map.DrawPile")}
    assert set(piles) == {spec.draw_pile, spec.discard_pile}
    assert len(piles[spec.draw_pile].findall(W + "CardSlot")) == 53 and piles[spec.draw_pile].get("faceDown") == "Always"
    assert piles[spec.discard_pile].get("reshuffleTarget") == spec.draw_pile
    assert piles[spec.discard_pile].get("reshuffleCommand") == "" and piles[spec.discard_pile].get("reshuffleHotkey") == playing_card_deck.K_RESHUFFLE
    assert [el.get("buttonText") for el in built.root.iter(M + "GlobalKeyCommand")] == ["Draw card", "Pass"]
    (reshuffle,) = built.root.iter(M + "DoActionButton")
    assert reshuffle.get("text") == "Reshuffle" and reshuffle.get("doReport") == "true"
    assert reshuffle.get("reportFormat") == "$PlayerSide$ reshuffles the Discard pile into the Draw pile"
    text = setup_text(built)
    deck_line = next(line for line in text.split("\x1b") if line.startswith("+/") and "/deck;" in line and f";{spec.draw_pile};" in line)
    assert deck_line.count(",") >= 52  # the 53 card ids
    assert len(hex_module.build_hex_setup(game, hex_module.build_hex_tree(game).board).deck) == 53
    assert not list(built.root.iter(M + "DiceButton"))


def test_the_turn_tracker_has_the_data_turns_and_starts_at_turn_1(built: HexBuilt, game: GameData) -> None:
    (level,) = list(built.root.iter(M + "turn.ListTurnLevel"))
    assert level.get("list") == "1,2,3,4,5,6"  # the TURN sentence's number; the turn boxes print the labels
    (tracker,) = built.root.iter(M + "turn.TurnTracker")
    assert tracker.get("reportFormat") == '{(oldTurn=="Turn 1" && newTurn=="Turn 6") ? "" : (PlayerSide + " starts Turn " + Turn)}'
    (stay,) = tracker.iter(M + "turn.TurnGlobalHotkey")
    assert stay.get("match") == '{Turn_command=="Next" && Turn==1}' and stay.get("hotkey") == tracker.get("prevhotkey")
    text = setup_text(built)
    restore = next(line for line in text.split("\x1b") if line.startswith("TURN"))
    assert restore.split("\t", 1)[1] == hex_module.tracker_state(game, 1)
    assert unnest(hex_module.tracker_state(game, 3))  # a state the engine reads: index 2
    assert hex_module.tracker_state(game, 3).split("|")[1].startswith("2;")
    assert [e.text for e in built.root.iter("entry")] == ["US", "German"]


def test_the_build_command_prints_its_summary_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", str(DATA), "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "28 units, 4 marker kinds" in lines[0] and "53 cards" in lines[0]


def test_the_module_holds_the_help_page_and_the_player_aid(built: HexBuilt) -> None:
    pages = sorted(n for n in built.entries if n.endswith(".html"))
    assert "help/mortain.html" in pages and len([n for n in pages if n.startswith("help/aid/")]) == 6
    assert b"OUR RECONSTRUCTION" in built.entries["help/mortain.html"]
    xml = built.entries["buildFile.xml"].decode()
    assert 'fileName="help/mortain.html"' in xml and "ChartWindow" in xml


def test_the_help_page_says_how_to_play_with_the_modules_controls(built: HexBuilt) -> None:
    page = built.entries["help/mortain.html"].decode("ascii")
    play = page[page.index('name="play"') : page.index('name="toolbar"')]
    for control in ("Reshuffle</b> (Shift+F2)", "Draw card</b> (Ctrl+Shift+D)", "Activate</b> (Ctrl+Shift+A)", "Fire at&#8230;</b> (Ctrl+Shift+F)",
                    "Take hit</b> (Ctrl+H)", "Eliminate</b> (Ctrl+E)", "Air: suppression&#8230;</b> (Ctrl+Shift+S)", "OBA: attack&#8230;</b> (Ctrl+Shift+K)",
                    "Pass</b> (F12)", "US win</b>"):  # fmt: skip
        assert control in play, control
    assert "Fire at&#8230;" in page[page.index('name="menus"') :] and "Ctrl+Shift+D" in page[page.index('name="toolbar"') :]


# -- the real engine (mortain_engine.json) ---------------------------------------------------------


def _fixture() -> dict[str, Any]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_the_engine_loaded_the_module_and_the_set_up_clean() -> None:
    fx = _fixture()
    for run in ("new_game", "setup", "play"):
        assert fx[run]["verdict"] == "VERDICT: OK" and fx[run]["counts"] == {"warnings": 0, "errors": 0, "fatal": 0}, run


def test_the_engine_names_every_set_up_location_as_the_data_does(game: GameData) -> None:
    fx = _fixture()
    located = {row["name"]: row["engine"] for row in fx["located"]}
    for unit in game.units:
        assert located[unit.company] == (unit.setup.hex or hex_module.box_zone(game, str(unit.setup.box))), unit.id
    markers = {kind.name: kind for kind in game.markers}
    for name, at in located.items():
        if name not in {u.company for u in game.units} and name.split(" (")[0] in markers:
            kind = markers[name.split(" (")[0]]
            assert at == (hex_module.turn_box(1) if kind.id == "turn" else hex_module.MARKERS_BOX)
    assert fx["drawn"] and fx["drawn"][0].startswith("US draws the ") and fx["drawn"][0].endswith(" from Draw pile")


def test_the_engine_put_every_piece_where_the_set_up_does(game: GameData) -> None:
    tree = hex_module.build_hex_tree(game)
    save = hex_module.build_hex_setup(game, tree.board)
    names = {u.id: u.company for u in game.units} | {k.id: k.name for k in game.markers}
    ours = sorted((names[p.sdbp_id], p.x, p.y) for p in save.placed)
    pieces = _fixture()["pieces"]
    known = set(names.values())

    def ours_name(listed: str) -> str:  # a marker's listed name carries its face: "Air (Ready)"
        return listed if listed in known else listed.split(" (")[0]

    engine = sorted((ours_name(p["name"]), p["x"], p["y"]) for p in pieces if " of " not in p["name"] and p["name"] != "Joker")
    assert engine == ours
    cards = [p for p in pieces if " of " in p["name"] or p["name"].lower().startswith("joker")]
    assert len(cards) == 53 and len({(p["x"], p["y"]) for p in cards}) == 1


def test_the_engine_wrote_a_sentence_for_every_act_of_a_player() -> None:
    """The probe's acts (tools/mortain_engine_check.py ``ACTS``) as the engine wrote them: one line per
    act and per unit, each the sentence the checker reads; a hit on a flipped unit and *Eliminate*
    write no MOVE line of their own; the tracker stops at the last turn without a TURN line."""
    records = []
    for line in _fixture()["acts"]:
        found = parse_sentence("* " + line)
        records.append(None if found is None else (found[0], dict(found[1])))
    u1, u2, off = "US-2-120", "US-1-120", PANEL_ZONE
    assert records == [
        ("ACTIVATE", {"side": "US", "unit": u1, "area": off}),
        ("FIRE", {"side": "US", "unit": u1, "from": off, "target": "DE-102", "aim": "unit"}),
        ("FIRE", {"side": "US", "unit": u2, "from": off, "target": "DE-102", "aim": "unit"}),
        ("DAMAGE", {"side": "US", "unit": u1, "area": off, "result": "flip"}),
        ("DAMAGE", {"side": "US", "unit": u1, "area": off, "result": "eliminate"}),
        ("ELIMINATE", {"side": "US", "unit": u2, "from": off}),
        ("SUPPORT", {"side": "US", "marker": "oba", "mode": "attack", "target": "DE-102"}),
        ("SUPPORT", {"side": "US", "marker": "air", "mode": "suppression", "target": "K5"}),
        ("PASS", {"side": "US"}),
        ("RESHUFFLE", {"side": "US", "deck": "Discard pile", "to": "Draw pile"}),
        *[("TURN", {"side": "US", "turn": str(t)}) for t in range(2, 7)],
        None,  # the stay-at-the-last-turn hotkey's own line: no record
        ("RESULT", {"side": "US", "winner": "US"}),
    ]


def test_a_map_without_features_paths_or_countries_draws_no_line(game: GameData) -> None:
    from sdbp_module.vassal import hex_board

    assert game.hexes is not None
    look = hex_module.hex_look(game)
    assert look.borders == ()
    assert hex_board.line_legend(game.hexes.map, look) == [] and hex_board.border_sides(game.hexes.map, look) == []
