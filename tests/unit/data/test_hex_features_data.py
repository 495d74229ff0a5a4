"""The map-feature blocks of ``hexes.yaml`` (features, paths, regions, movement, zoc, lines) through the
data pipeline: a copy of the bundled hex game's folder with them added validates and loads; each
planted fault is one positioned problem and exit 1. The bundled file itself has none of them."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from sdbp_module.cli import main
from sdbp_module.hexgrid.features import Hexside
from sdbp_module.model.from_data import load_game_uncached
from sdbp_module.paths import PROJECT_ROOT

BUNDLED = PROJECT_ROOT / "source_data" / "mortain"

FEATURES = """
features:
  - {name: Brook, kind: minor_river, course: hexes, hexes: [D1, D2, D3], start_side: C1}
  - {name: Bank, kind: cliff, course: hexsides, hexsides: ["E4|F4", "E4|F3"]}
paths:
  - {name: Lane, kind: road, hexes: [A5, B5, C5, D5]}
regions:
  woods: {where: {terrain: forest}}
  west: {hexes: [A1, A2]}
movement:
  terrain:
    - {terrain: [clear, village, town], cost: 1}
    - {terrain: [hill, forest], cost: 2}
  features: {minor_river: 1}
  paths:
    road: [{cost: 1}]
zoc:
  none_for: [{regions: woods}]
  not_across: [cliff]
lines:
  supply: {zoc_blocks: unless_friendly}
"""


def validate(folder: Path) -> tuple[int, list[str], str]:
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout.splitlines(), result.stderr


def one_problem(folder: Path, name: str, line: int, words: str) -> None:
    code, out, err = validate(folder)
    assert code == 1 and len(out) == 1, out
    assert re.match(rf"^.*{re.escape(name)}:{line}:\d+: ", out[0]), out[0]
    assert words in out[0], out[0]
    assert "Aborted: 1 problem in 1 file" in err


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    copy = tmp_path / "game"
    shutil.copytree(BUNDLED, copy)
    return copy


def add(folder: Path, text: str = FEATURES) -> int:
    """Append ``text`` to hexes.yaml; the 1-based line its first line lands on."""
    path = folder / "hexes.yaml"
    old = path.read_text(encoding="utf-8")
    path.write_text(old + text, encoding="utf-8")
    return old.count("\n") + 1


def line_of(folder: Path, needle: str) -> int:
    text = (folder / "hexes.yaml").read_text(encoding="utf-8")
    return text.count("\n", 0, text.index(needle)) + 1


def test_the_bundled_file_declares_no_map_feature() -> None:
    game = load_game_uncached(BUNDLED)
    assert game.hexes is not None
    m = game.hexes.map
    assert m.features.lines == () and m.features.paths == () and m.regions == {} and m.movement is None and m.lines == {}


def test_a_folder_with_map_features_validates_and_loads(folder: Path) -> None:
    add(folder)
    code, out, _ = validate(folder)
    assert code == 0, out
    m = load_game_uncached(folder).hexes.map  # type: ignore[union-attr]
    p = m.grid.parse_id
    brook = m.features.lines[0]
    assert brook.sides == (Hexside.of(p("C1"), p("D1")),) and brook.follows(p("C1"), p("D1"))  # type: ignore[arg-type]
    assert m.step_cost(p("A5"), p("B5"), "x").path == "road"  # type: ignore[arg-type]
    assert m.in_region("woods", p("B3")) and not m.in_region("woods", p("A3"))  # type: ignore[arg-type]


def test_a_hex_the_map_does_not_print_is_one_problem_at_its_line(folder: Path) -> None:
    add(folder, FEATURES.replace("hexes: [A5, B5, C5, D5]", "hexes: [A5, B5, C5, Z5]"))
    one_problem(folder, "hexes.yaml", line_of(folder, "Z5"), "'Z5' is not a hex of the map")


def test_a_road_with_a_gap_is_one_problem_at_its_block(folder: Path) -> None:
    add(folder, FEATURES.replace("hexes: [A5, B5, C5, D5]", "hexes: [A5, B5, D5]"))
    one_problem(folder, "hexes.yaml", line_of(folder, "\npaths:") + 1, "not neighbours")


def test_an_undeclared_terrain_in_the_movement_table_is_one_problem(folder: Path) -> None:
    add(folder, FEATURES.replace("{terrain: [hill, forest], cost: 2}", "{terrain: [hill, forest, swamp], cost: 2}"))
    one_problem(folder, "hexes.yaml", line_of(folder, "swamp"), "terrain 'swamp' is not declared")


def test_a_terrain_no_movement_row_prices_is_one_problem(folder: Path) -> None:
    add(folder, FEATURES.replace("{terrain: [hill, forest], cost: 2}", "{terrain: [hill], cost: 2}"))
    one_problem(folder, "hexes.yaml", line_of(folder, "\nmovement:") + 1, "no terrain row prices every step into forest")


def test_an_unknown_zone_rule_is_a_schema_problem(folder: Path) -> None:
    add(folder, FEATURES.replace("not_across: [cliff]", "reaches: 2"))
    one_problem(folder, "hexes.yaml", line_of(folder, "reaches"), "reaches")


def test_a_kind_no_feature_or_path_has_is_one_problem(folder: Path) -> None:
    add(folder, FEATURES.replace("not_across: [cliff]", "not_across: [clif]"))
    one_problem(folder, "hexes.yaml", line_of(folder, "clif]"), "feature or path kind 'clif' is not declared")


def test_a_side_the_game_does_not_have_is_one_problem(folder: Path) -> None:
    add(folder, FEATURES.replace("supply: {zoc_blocks: unless_friendly}", "supply: {zoc_blocks: unless_friendly, enemy_regions: {usa: [west], martians: [west]}}"))
    one_problem(folder, "hexes.yaml", line_of(folder, "martians"), "side 'martians' is not declared")


def test_sides_of_the_game_pass(folder: Path) -> None:
    add(folder, FEATURES.replace("- {terrain: [hill, forest], cost: 2}", "- {terrain: [hill, forest], when: {sides: de}, cost: 3}\n    - {terrain: [hill, forest], cost: 2}"))
    code, out, _ = validate(folder)
    assert code == 0, out


def test_feature_rows_with_conditions_validate_and_their_words_are_checked(folder: Path) -> None:
    rows = "features: {minor_river: [{when: {sides: de, terrain: forst}, cost: 0}, {cost: 1}]}"
    add(folder, FEATURES.replace("features: {minor_river: 1}", rows))
    one_problem(folder, "hexes.yaml", line_of(folder, "forst"), "terrain 'forst' is not declared")


def test_feature_rows_with_declared_words_validate(folder: Path) -> None:
    add(folder, FEATURES.replace("features: {minor_river: 1}", "features: {minor_river: [{when: {sides: de, terrain: forest}, cost: 0}, {cost: 1}]}"))
    code, out, _ = validate(folder)
    assert code == 0, out
