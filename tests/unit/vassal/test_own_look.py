"""Each game looks and plays like itself (issue 23): Storm over Stalingrad next to Dien Bien Phu.

Cards take their game's own colours; a game whose cards never leave it has no *Remove from game* and
no pile of removed cards; counters that set up in any area of a class carry the class's letter (SoS's
L units) and counters print their unit size; every area prints its start control in a control box; the help counts only the fields a
game uses and names a hand bonus by its areas; one water colour for the map's water and its legend
swatch; the legend has no empty column; SoS has its own player aid.
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from sdbp_module.games import player_aid
from sdbp_module.games.aid import digit_problems, iter_facts
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData, SetupKind
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.vassal import (
    artwork,
    board_art,
    buildfile,
    help,
    images,
    layout,
    pieces,
    terrain_art,
)
from sdbp_module.vassal.player_aid import aid_files
from sdbp_module.vassal_log.play_script import PlayScript
from tests.built_modules import built_module

SOS_DIR = PROJECT_ROOT / "source_data" / "sos"
SODBP_DIR = PROJECT_ROOT / "source_data" / "sodbp"
pytestmark = pytest.mark.skipif(not (SOS_DIR / "scenario.yaml").is_file(), reason="the second game's data is not there")


@pytest.fixture(scope="module")
def sos() -> GameData:
    return load_game(SOS_DIR)


@pytest.fixture(scope="module")
def sodbp() -> GameData:
    return load_game(SODBP_DIR)


def _card_traits(game: GameData) -> str:
    return " ".join(p.piece.type for p in pieces.prototypes(game) if p.description == "card behaviour")


# -- cards --------------------------------------------------------------------------------------------


def test_sos_cards_take_sos_colours_not_dien_bien_phus(sos: GameData, sodbp: GameData) -> None:
    dbp_colours = {images.card_colour(sodbp.presentation, s) for s in sodbp.game.sides} | {sodbp.presentation.side(s).counter for s in sodbp.game.sides}
    for side in sos.game.sides:
        look = sos.presentation.side(side)
        assert images.card_colour(sos.presentation, side) == look.card and look.card not in dbp_colours
        card = sos.cards_of(side)[0]
        face = Image.open(io.BytesIO(images.render_card(sos.presentation, card)))
        assert face.getpixel((3, 3)) == look.card  # the band: the rules' front colour in SoS's shade
        assert face.getpixel((layout.CARD_W // 2, layout.CARD_H - 8)) == look.card_paper  # the face: the side's paper
        ink = {t.fg for t in images.card_face_texts(sos.presentation, card) if t.role == "id"}
        assert ink == {look.card_ink}
    # a game that gives no card colours keeps the common paper and the counter colour on the band
    for side in sodbp.game.sides:
        assert images.card_paper(sodbp.presentation, side) == images.PAPER
        assert images.card_colour(sodbp.presentation, side) == sodbp.presentation.side(side).counter


def test_no_remove_from_game_nor_removed_pile_where_no_card_leaves_the_game(sos: GameData, sodbp: GameData) -> None:
    assert not sos.cards_leave_game and sodbp.cards_leave_game
    assert "Remove from game" not in _card_traits(sos) and "from the game;" not in _card_traits(sos)
    assert "Remove from game" in _card_traits(sodbp) and "from the game;" in _card_traits(sodbp)
    sos_piles = {b.name for b in layout.make_layout(sos).piles}
    assert layout.REMOVED_CARDS not in sos_piles and layout.REMOVED_CARDS not in buildfile.deck_contents(sos)
    assert layout.REMOVED_CARDS in {b.name for b in layout.make_layout(sodbp).piles}
    # the class: one card that leaves the game after play brings both back
    leaving = replace(sos, cards=(replace(sos.cards[0], removed_after_play=True), *sos.cards[1:]))
    assert leaving.cards_leave_game and "Remove from game" in _card_traits(leaving)
    assert layout.REMOVED_CARDS in {b.name for b in layout.make_layout(leaving).piles}


def test_the_engine_game_writer_removes_no_card_where_the_module_has_no_removal(sos: GameData, tmp_path: Path) -> None:
    script = PlayScript(built_module(SOS_DIR, tmp_path))  # the session's module of the data (tests/built_modules.py)
    with pytest.raises(ValueError, match="no Remove from game"):
        script.card(sos.game.sides[0], "GE-01", "remove")


# -- counters -----------------------------------------------------------------------------------------


def test_l_units_carry_an_l(sos: GameData) -> None:
    landing = [u for u in sos.units if u.setup.kind is SetupKind.CLASS]
    assert len(landing) == 3
    for unit in landing:
        label = artwork.setup_label(sos, unit)
        assert label == "L"
        assert [t.text for t in images.unit_face_texts(sos.presentation, unit, False, label) if t.role == "setup-area"] == ["L"]
        assert [t.text for t in images.unit_face_texts(sos.presentation, unit, True, label) if t.role == "setup-area"] == []  # spent side: no set-up mark
    # a class with no letter prints no square
    bare = replace(sos.presentation, area_classes={k: replace(v, setup_code="") for k, v in sos.presentation.area_classes.items()})
    assert artwork.setup_label(replace(sos, presentation=bare), landing[0]) is None


def test_counters_print_their_unit_size(sos: GameData, sodbp: GameData) -> None:
    assert all(u.size for u in sos.units) and {u.size for u in sos.units} <= set(images.SIZE_MARKS)
    brigade = next(u for u in sos.units if u.size == "brigade")
    face = images.unit_face(sos.presentation, brigade, False)
    assert face.size == "brigade" and face.symbol == images.SIZED_SYMBOL_BOX
    counter = Image.open(io.BytesIO(images.render_unit(sos.presentation, brigade, False))).convert("RGB")
    x0, y0, x1, y1 = images.SIZE_ROW
    row = {c for _, c in counter.crop((x0, y0, x1 + 1, y1 + 1)).getcolors(4096) or []}
    assert face.size_colour in row and face.body in row  # the marks, on the counter's body
    bare = replace(brigade, size="")
    assert images.unit_face(sos.presentation, bare, False).symbol == images.SYMBOL_BOX
    assert images.render_unit(sos.presentation, bare, False) != images.render_unit(sos.presentation, brigade, False)
    assert all(images.unit_face(sodbp.presentation, u, False).size == "" for u in sodbp.units[:5])  # no size given, none drawn


# -- the map ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("which", ["sos", "sodbp"])
def test_every_area_shows_its_start_control(which: str, sos: GameData, sodbp: GameData, tmp_path: Path) -> None:
    game = sos if which == "sos" else sodbp
    lay = layout.make_layout(game)
    with zipfile.ZipFile(built_module(SOS_DIR if which == "sos" else SODBP_DIR, tmp_path)) as module:  # the session's module
        board = Image.open(io.BytesIO(module.read("images/map.png"))).convert("RGB")  # its board: board_art.render_board(game, lay)
    for area in game.areas:
        parts = layout.label_parts(area, lay.label_at(area.id))
        assert parts.control is not None and parts.control in layout.label_footprint(area, lay.label_at(area.id))
        x0, y0, x1, y1 = parts.control
        for corner in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):  # in the area, clear of its outline
            assert layout.inside(corner, area.polygon) and layout.edge_distance(corner, area.polygon) >= layout.LABEL_CLEAR, f"area {area.id}"
        box = board.crop((x0 + 2, y0 + 2, x1 - 2, y1 - 2))
        colours = {c for _, c in box.getcolors(4096) or []}
        assert game.presentation.side(area.control).counter in colours, f"area {area.id}: its control box does not show {area.control.label}"
        others = [s for s in game.game.sides if s is not area.control]
        assert all(game.presentation.side(s).counter not in colours for s in others)
    assert board_art.control_box_text(game.areas[0], game.presentation) == game.presentation.side(game.areas[0].control).abbreviation


def test_the_volga_landing_zones_and_legend_swatch_share_one_water_colour(sos: GameData) -> None:
    water = terrain_art.water_colour(sos)
    assert [c for c, _ in sos.presentation.water] == [water]
    image = Image.new("RGB", (sos.map.width, sos.map.height))
    terrain_art.draw_terrain(image, sos)
    x, y = sos.presentation.water[0][1][0]
    colours = {c for _, c in image.crop((x + 240, y + 200, x + 300, y + 260)).getcolors(4096) or []}
    assert water in colours  # the Volga, between its wave strokes
    zones = [a for a in sos.areas if a.terrain.value == "water"]
    assert zones
    swatch = Image.new("RGB", (900, 480))
    terrain_art.draw_legend(swatch, (0, 0, 900, 480), sos)
    assert water in {c for _, c in swatch.getcolors(2**24) or []}


def test_open_ground_is_drawn_not_left_flat(sos: GameData) -> None:
    area = next(a for a in sos.areas if a.terrain.value == "open")
    image = Image.new("RGB", (sos.map.width, sos.map.height))
    terrain_art.draw_terrain(image, sos)
    xs, ys = [p[0] for p in area.polygon], [p[1] for p in area.polygon]
    counts = {c: n for n, c in image.crop((min(xs), min(ys), max(xs), max(ys))).getcolors(2**16) or []}
    assert counts.get(terrain_art.STEPPE, 0) > 500  # tufts of grass, not a flat beige


def test_the_legend_has_no_empty_column(sos: GameData, sodbp: GameData) -> None:
    assert terrain_art.feature_entries(sos) == []  # SoS has no river, road, village or strongpoint ...
    marks = " ".join(w for _, w in terrain_art.mark_entries(sos))
    assert "Control box" in marks and "Set-up letter" in marks
    image = Image.new("RGB", (900, 480), (255, 0, 255))
    terrain_art.draw_legend(image, (0, 0, 900, 480), sos)
    strip = image.crop((300, 40, 600, 60))  # ... so no "Map features" heading stands over an empty column
    assert len({c for _, c in strip.getcolors(2**16) or []}) > 1
    assert terrain_art.feature_entries(sodbp)


# -- help and tooltips --------------------------------------------------------------------------------


def test_help_counts_only_the_fields_a_game_uses(sos: GameData, sodbp: GameData) -> None:
    def rows(game: GameData) -> set[str]:
        return {", ".join(c.spec.fields) for c in help.fact_counts(game)}

    assert "strongpoint" not in rows(sos) and "river" not in rows(sos)
    assert "strongpoint" in rows(sodbp) and "river" in rows(sodbp)


@pytest.mark.parametrize("which", ["sos", "sodbp"])
def test_the_help_tells_start_control_and_where_played_cards_go(which: str, sos: GameData, sodbp: GameData) -> None:
    game = sos if which == "sos" else sodbp
    page = help.help_html(game, buildfile.build_file(game, layout.make_layout(game)).xml).decode("ascii")
    assert "control box: the side that holds it at the start" in page
    assert ("or out of the game" in page) is game.cards_leave_game


def test_the_draw_tooltip_names_the_bonus_areas(sos: GameData) -> None:
    xml = buildfile.build_file(sos, layout.make_layout(sos)).xml.decode()
    tips = [t for t in re.findall(r'tooltip="(Draw phase:[^"]*)"', xml) if "allowance" in t]  # the buttons, not their menu
    assert tips and all("+1 for holding 26 Mamayev Kurgan" in t for t in tips)
    assert all("mamayev 26" not in t for t in tips)


# -- player aid ---------------------------------------------------------------------------------------


def test_sos_has_its_own_player_aid(sos: GameData) -> None:
    aid = player_aid(sos)
    assert aid is not None and digit_problems(aid) == []
    assert [p.slug for p in aid.pages] == ["counters", "sequence", "actions", "cards", "victory"]
    cards = next(p for p in aid.pages if p.slug == "cards")
    hands = {f.source: f.values[0] for f in iter_facts(cards) if f.source.startswith("turn_track.yaml") and f.source.endswith(".german")}
    assert hands == {f"turn_track.yaml turns[turn={t.turn}].cards.german": t.cards[sos.game.sides[0]] for t in sos.turn_track}
    text = b"".join(aid_files(sos).values()).decode("ascii")
    assert "Mamayev Kurgan" in text and "Dien Bien Phu" in text  # the presumed fire procedure says whose it is
    assert "French" not in text and "Viet Minh" not in text
