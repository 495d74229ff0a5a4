"""A hex-map game's folder (``hexes.yaml``): schemas, cross-checks, the model, and the area games untouched.

Stand at Mortain (``source_data/mortain``) is the bundled one; each planted error is one
``file:line:col`` line and exit 1.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from sdbp_module.cli import main
from sdbp_module.data.dataset import check_folder
from sdbp_module.data.files import (
    HEX_KINDS,
    HEX_OPTIONAL_KINDS,
    KINDS,
    data_files,
    is_hex_folder,
)
from sdbp_module.errors import DataError
from sdbp_module.hexgrid.coords import distance
from sdbp_module.model.from_data import HEX_NOT_BUILT, load_game, load_game_uncached
from sdbp_module.model.game_data import SetupKind
from sdbp_module.model.playing_cards import Colour
from sdbp_module.paths import PROJECT_ROOT
from tests.data_edits import plant

MORTAIN = PROJECT_ROOT / "source_data" / "mortain"


def validate(folder: Path) -> tuple[int, list[str], str]:
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout.splitlines(), result.stderr


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    copy = tmp_path / "mortain"
    shutil.copytree(MORTAIN, copy)
    return copy


def one_problem(folder: Path, name: str, line: int, words: str) -> str:
    code, out, err = validate(folder)
    assert code == 1
    assert len(out) == 1, out
    assert re.match(rf"^{re.escape(str(folder / name))}:{line}:\d+: ", out[0]) or re.match(rf"^.*{re.escape(name)}:{line}:\d+: ", out[0]), out[0]
    assert words in out[0], out[0]
    assert "Aborted: 1 problem in 1 file" in err
    return out[0]


# -- the bundled game ----------------------------------------------------------------------------


def test_the_bundled_hex_game_validates() -> None:
    code, out, err = validate(MORTAIN)
    assert code == 0, out
    assert out[0].startswith("OK: Stand at Mortain: 120 hexes, 28 units")
    assert "sdbp build writes its module" in out[0]


def test_a_folder_with_hexes_yaml_reads_the_hex_files_and_no_area_file() -> None:
    assert is_hex_folder(MORTAIN)
    assert [kind for kind, _ in data_files(MORTAIN)] == [k for k in HEX_KINDS if k not in HEX_OPTIONAL_KINDS]  # no tables.yaml
    sodbp = PROJECT_ROOT / "source_data" / "sodbp"
    assert not is_hex_folder(sodbp)
    assert [kind for kind, _ in data_files(sodbp)] == list(KINDS)


def test_the_model_holds_the_hex_map_the_deck_and_the_set_up() -> None:
    game = load_game_uncached(MORTAIN)
    assert game.hexes is not None and game.deck is not None
    assert game.areas == () and game.borders == () and game.cards == ()
    grid = game.hexes.map.grid
    assert len(grid.hexes()) == 120
    i8, j8 = grid.parse_id("I8"), grid.parse_id("J8")
    assert i8 is not None and j8 is not None and distance(i8, j8) == 1
    assert game.hexes.map.terrain[i8] == "town" and game.hexes.map.elevation[j8] == 1
    assert game.hexes.map.reach(j8, 2) == 3  # the hill's +1 range (M-5.2)
    assert {t.id: t.modifier for t in game.hexes.terrains}["town"] == 2
    assert game.hexes.map.hexes_in("west_edge") == frozenset(grid.hex_of(0, row) for row in range(10))
    hill = game.unit("US-2-120")  # type: ignore[arg-type]
    assert (hill.setup.kind, hill.setup.hex) == (SetupKind.HEX, "J8")
    assert (hill.front, hill.back) == ((2, 4), (1, 2))
    tiger = game.unit("DE-102")  # type: ignore[arg-type]
    assert (tiger.setup.kind, tiger.setup.box) == (SetupKind.BOX, "german-entry")
    assert game.hexes.arrivals == {2: ("US-CCA", "US-CCB", "US-CCR")}
    assert [f.name for f in game.game.factors] == ["AT", "AI"]
    assert dict(game.deck.colours) == {Colour.BLACK: "de", Colour.RED: "usa"}
    assert len(game.deck.cards()) == 53
    assert game.scenario.units[tiger.id] == tiger.setup


def test_every_fact_cites_the_rules_or_says_reconstructed() -> None:
    checked = check_folder(MORTAIN)
    assert checked.ok
    texts: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key == "source" and isinstance(item, str):
                    texts.append(item)
                elif key == "sources" and isinstance(item, dict):
                    texts.extend(item.values())
                else:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(dict(checked.values))
    assert texts and all(re.match(r"^(rules M-\d|reconstructed: \S)", t) for t in texts), [t for t in texts if not t.startswith(("rules M-", "reconstructed: "))]


# -- planted errors: one line each, file:line, exit 1 --------------------------------------------


def test_an_unknown_hex_in_a_set_up(folder: Path) -> None:
    line = plant(folder, "counters.yaml", "setup: J8", "setup: M8")
    one_problem(folder, "counters.yaml", line, "'M8' is neither a hex of the map nor an off-map box")


def test_an_unknown_box_in_a_set_up(folder: Path) -> None:
    line = plant(folder, "counters.yaml", "setup: us-entry", "setup: us-entr")
    one_problem(folder, "counters.yaml", line, "'us-entr' is neither a hex of the map nor an off-map box")


def test_a_terrain_not_declared(folder: Path) -> None:
    line = plant(folder, "hexes.yaml", "  town: [I8]", "  city: [I8]")
    one_problem(folder, "hexes.yaml", line, "terrain 'city' is not declared")


def test_a_blocking_terrain_not_declared(folder: Path) -> None:
    line = plant(folder, "hexes.yaml", "blocking: [village, town, hill, forest]", "blocking: [village, town, hill, woods]")
    one_problem(folder, "hexes.yaml", line, "terrain 'woods' is not declared")


def test_a_bad_card_block(folder: Path) -> None:
    line = plant(folder, "game.yaml", "colours: {black: de, red: usa}", "colours: {black: de, red: soviet}")
    one_problem(folder, "game.yaml", line, "'soviet' is not a side of the game")


def test_a_card_block_against_its_schema(folder: Path) -> None:
    line = plant(folder, "game.yaml", "jokers: 1 ", "jokers: 9 ")
    one_problem(folder, "game.yaml", line, "9 is out of range")


def test_an_unknown_hex_in_a_named_set(folder: Path) -> None:
    line = plant(folder, "hexes.yaml", "west_edge: [A1,", "west_edge: [A0,")
    one_problem(folder, "hexes.yaml", line, "'A0' is not a hex of the map")


def test_an_edge_set_holding_an_inner_hex(folder: Path) -> None:
    line = plant(folder, "hexes.yaml", "east_edge: [L1,", "east_edge: [K5,")
    one_problem(folder, "hexes.yaml", line, "hex K5 is not on the map's edge")


def test_a_hex_of_two_terrains(folder: Path) -> None:
    line = plant(folder, "hexes.yaml", "  hill: [F1, J8]", "  hill: [F1, J8, I8]")
    one_problem(folder, "hexes.yaml", line, "hex I8 is also town")


def test_a_place_off_the_map(folder: Path) -> None:
    line = plant(folder, "hexes.yaml", "{hex: E1, name:", "{hex: E11, name:")
    one_problem(folder, "hexes.yaml", line, "'E11' is not a hex of the map")


def test_a_counter_face_without_one_number_per_factor(folder: Path) -> None:
    line = plant(folder, "counters.yaml", "front: [2, 4]", "front: [2, 4, 1]")
    one_problem(folder, "counters.yaml", line, "3 factors")


def test_an_arrival_that_is_already_on_the_map(folder: Path) -> None:
    line = plant(folder, "turn_track.yaml", "arrive: [US-CCA,", "arrive: [US-1-120,")
    one_problem(folder, "turn_track.yaml", line, "US-1-120 starts in hex H7, not in an off-map box")


def test_an_undeclared_side(folder: Path) -> None:
    line = plant(folder, "counters.yaml", "side: de,", "side: soviet,")
    one_problem(folder, "counters.yaml", line, "'soviet' is not a side of this game")


def test_a_hex_file_against_its_schema(folder: Path) -> None:
    line = plant(folder, "hexes.yaml", "tie: both", "tie: neither")
    one_problem(folder, "hexes.yaml", line, "'neither' is not allowed")


# -- the commands that cannot handle a hex-map game yet -------------------------------------------


def test_load_game_refuses_a_hex_game_unless_asked_and_the_cache_keeps_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDBP_CACHE_DIR", str(tmp_path / "cache"))
    with pytest.raises(DataError, match=re.escape(HEX_NOT_BUILT)):
        load_game(MORTAIN)
    first = load_game(MORTAIN, hex_map=True)  # built now (and stored), then read from the cache
    again = load_game(MORTAIN, hex_map=True)
    assert list((tmp_path / "cache").glob("game-*.pickle"))
    assert again == first and again.hexes is not None and again.deck == first.deck
    with pytest.raises(DataError, match=re.escape(HEX_NOT_BUILT)):
        load_game(MORTAIN)  # from the cache too


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "game.vlog").write_bytes(b"not read")
    return folder


def test_check_reads_a_hex_game_and_refuses_what_is_not_its_log(logs: Path, tmp_path: Path) -> None:
    """``check`` knows hex games (``replay.hexes``, ``rules.hexes``): a file that is no log is refused in
    one line, exit 2, and no report is written."""
    out = tmp_path / "report.txt"
    result = CliRunner().invoke(main, ["check", str(logs / "game.vlog"), "--data", str(MORTAIN), "-o", str(out)])
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "Traceback" not in result.output and not out.exists()


def test_convert_events_reads_a_hex_game_and_refuses_what_is_not_its_log(logs: Path, tmp_path: Path) -> None:
    """``convert --events`` knows hex games (``replay.hexes``, tests/unit/replay_hexes/): a file that is no
    log is refused in one line, exit 2, and nothing is written."""
    result = CliRunner().invoke(main, ["convert", str(logs / "game.vlog"), str(tmp_path / "events.jsonl"), "--events", "--data", str(MORTAIN)])
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "Traceback" not in result.output and not (tmp_path / "events.jsonl").exists()


def test_a_grid_that_cannot_be_made(folder: Path) -> None:
    line = plant(folder, "hexes.yaml", "  columns: 12\n  rows: 10", "  columns: 1000\n  rows: 1000")
    one_problem(folder, "hexes.yaml", line - 1, "the grid cannot be made")  # at the grid, which starts a line above


def test_a_sources_key_naming_no_set(folder: Path) -> None:
    line = plant(folder, "hexes.yaml", "  sets.west_edge:", "  sets.north_edge:")
    one_problem(folder, "hexes.yaml", line, "'sets.north_edge' names no sets entry")


def test_an_arrival_that_is_no_unit(folder: Path) -> None:
    line = plant(folder, "turn_track.yaml", "arrive: [US-CCA,", "arrive: [US-CCX,")
    one_problem(folder, "turn_track.yaml", line, "'US-CCX' is not a unit of counters.yaml")
