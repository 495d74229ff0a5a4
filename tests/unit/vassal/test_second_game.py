"""The module writer builds a second game from its data alone (issue 13): Storm over Stalingrad.

What the player of that game must see, and nothing of the first game: no entrench, assault or
supply commands, no replacements box, a casualty box; six turn boxes with both sides' hand sizes;
two decks of 27; landing zones numbered in their own colour; the Mamayev Kurgan card symbol;
set-up letters on the counters; division colours on the German symbols. Also: ``module.yaml``'s
presentation survives the game-data cache (pickling) with its sides' looks.
"""

from __future__ import annotations

import pickle
import zipfile
from dataclasses import dataclass

import pytest
from lxml import etree

from sdbp_module.model import cache
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData, SetupKind
from sdbp_module.model.presentation import build_presentation
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.vassal import (
    artwork,
    buildfile,
    images,
    layout,
    terrain_art,
    verify,
)
from tests.built_modules import built_module

DATA_DIR = PROJECT_ROOT / "source_data" / "sos"
M = "VASSAL.build.module."
pytestmark = pytest.mark.skipif(not (DATA_DIR / "scenario.yaml").is_file(), reason="the second game's data is not there")


@dataclass(frozen=True)
class Module:
    game: GameData
    problems: list[str]
    root: etree._Element
    entries: dict[str, bytes]


@pytest.fixture(scope="module")
def sos(tmp_path_factory: pytest.TempPathFactory) -> Module:
    game = load_game(DATA_DIR)
    path = built_module(DATA_DIR, tmp_path_factory.mktemp("sos"))
    expected = sorted((str(a.id) for a in game.areas), key=int)
    problems, _ = verify.verify_module(path, expected_areas=expected)
    with zipfile.ZipFile(path) as archive:
        entries = {name: archive.read(name) for name in archive.namelist()}
    return Module(game, problems, etree.fromstring(entries["buildFile.xml"]), entries)


def test_the_module_passes_the_static_check_and_has_its_own_help_page(sos: Module) -> None:
    assert sos.problems == []
    assert buildfile.help_file(sos.game) == "help/sos.html" and "help/sos.html" in sos.entries
    page = sos.entries["help/sos.html"].decode("ascii")
    assert "What is reconstructed" in page and "Nick Richardson" not in page


def test_no_command_of_the_first_game_is_left(sos: Module) -> None:
    text = sos.entries["buildFile.xml"].decode("utf-8")
    for word in ("ENTRENCH", "ASSAULT", "Declare assault", "Supply 2d6", "Replacements 1d6", "Clear No Supply", "no-supply"):
        assert word not in text, word
    zones = {z.get("name") for z in sos.root.iter(M + "map.boardPicker.board.mapgrid.Zone")}
    assert layout.REPLACEMENTS not in zones and layout.RELIEF not in zones
    assert {layout.ELIMINATED, layout.REMOVED} <= zones
    titles = {b.name: b.title for b in layout.make_layout(sos.game).boxes}
    assert titles[layout.ELIMINATED] == "Casualty box"


def test_six_turn_boxes_print_both_hand_sizes_and_the_decks_hold_27_each(sos: Module) -> None:
    lay = layout.make_layout(sos.game)
    assert [b.name for b in lay.boxes if b.name.startswith("Turn ")] == [f"Turn {t}" for t in range(1, 7)]
    contents = buildfile.deck_contents(sos.game)
    assert [len(contents[layout.deck_name(s)]) for s in sos.game.game.sides] == [27, 27]
    assert [sorted(t.cards) for t in sos.game.turn_track] == [sorted(sos.game.game.sides)] * 6


def test_landing_zones_and_the_card_symbol_are_drawn_apart(sos: Module) -> None:
    look = sos.game.presentation
    classes = {a.colour for a in sos.game.areas}
    assert len({look.number_colour(c) for c in classes}) == len(classes)
    words = [w for _, w in terrain_art.mark_entries(sos.game)]
    assert any("landing zone" in w for w in words) and any("Card symbol" in w for w in words)
    bonus = [a for a in sos.game.areas if a.card_bonus != layout.NO_BONUS]
    assert bonus and all(layout.label_parts(a, (200, 200)).bonus is not None for a in bonus)


def test_counters_show_the_set_up_letter_and_the_division_colour(sos: Module) -> None:
    game = sos.game
    unit = next(u for u in game.units if u.setup.kind is SetupKind.AREA and u.group and u.setup.area is not None)
    label = artwork.setup_label(game, unit)
    assert label is not None and label == game.area(unit.setup.area).setup_code  # type: ignore[arg-type]
    texts = images.unit_face_texts(game.presentation, unit, False, label)
    assert [t.text for t in texts if t.role == "setup-area"] == [label]
    assert images.symbol_colour(game.presentation, unit) == game.presentation.side(unit.side).groups[unit.group]
    assert images.render_unit(game.presentation, unit, False, label) != images.render_unit(game.presentation, unit, False, None)


def test_the_presentation_survives_pickling_with_its_sides(sos: Module) -> None:
    game = sos.game
    again: GameData = pickle.loads(cache.dumps(game))  # as the game-data cache reads it back
    look = again.presentation
    assert look == game.presentation
    side = game.game.sides[0]
    assert look.side(side) == game.presentation.side(side) and look.side(side) != look.side(game.game.sides[1])
    unit = next(u for u in game.units if u.side is side)
    assert images.render_unit(look, unit, False) == images.render_unit(game.presentation, unit, False)
    assert images.render_card_back(look, side, game.game.title) == images.render_card_back(game.presentation, side, game.game.title)


def test_building_another_presentation_leaves_a_games_look_alone(sos: Module) -> None:
    game = sos.game
    side = game.game.sides[0]
    unit = next(u for u in game.units if u.side is side)
    before = images.render_unit(game.presentation, unit, False)
    other = build_presentation({"sides": {side.value: {"counter": [1, 2, 3]}}})  # built after the game's
    assert other.side(side).counter == (1, 2, 3)
    assert images.render_unit(game.presentation, unit, False) == before != images.render_unit(other, unit, False)


def test_a_game_without_module_yaml_gets_the_defaults() -> None:
    look = build_presentation({})
    assert look.board_name == "Board" and look.refresh is None and look.clear_buttons == ()
    assert [d.name for d in look.dice] == ["2d6", "1d6"]
