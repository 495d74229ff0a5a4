"""Tonkin's printed tables as data (``source_data/tonkin/tables.yaml``, the generic optional ``tables.yaml``
of a hex-map game) and its player aid (``games.tonkin.aid``; issue 25).

The tables load with a source on every cell; a broken table is refused with one ``file:line:col`` line;
the aid prints every table, its terrain chart's movement numbers are the checker's (``hexes.yaml``
``movement``, read through the model: a changed cost changes the page), every reconstructed entry is
marked and every rules entry is not; Stand at Mortain, which has no tables, reads none.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from sdbp_module.cli import main
from sdbp_module.data.files import data_files
from sdbp_module.games import player_aid
from sdbp_module.games.aid import Fact, Name, Page, PlayerAid, iter_page_inlines
from sdbp_module.games.tonkin.aid import MOVERS, movement_cells
from sdbp_module.hexgrid.coords import Hex
from sdbp_module.hexgrid.movement import MoveContext
from sdbp_module.model.from_data import load_game_uncached
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.vassal.player_aid import DAGGER, aid_files
from tests.data_edits import plant

TONKIN = PROJECT_ROOT / "source_data" / "tonkin"
MORTAIN = PROJECT_ROOT / "source_data" / "mortain"
TABLES = ("terrain_effects", "combat_results", "barrage", "combat_modifiers", "dg_modifiers", "barrage_modifiers")


@pytest.fixture(scope="module")
def game() -> GameData:
    return load_game_uncached(TONKIN)


@pytest.fixture(scope="module")
def aid(game: GameData) -> PlayerAid:
    built = player_aid(game)
    assert built is not None
    return built


@pytest.fixture(scope="module")
def files(game: GameData) -> dict[str, bytes]:
    return aid_files(game)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    copy = tmp_path / "tonkin"
    shutil.copytree(TONKIN, copy)
    return copy


def one_problem(folder: Path, line: int, words: str) -> None:
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert result.exit_code == 1, result.stdout
    out = result.stdout.splitlines()
    assert len(out) == 1, out
    assert re.match(rf"^.*tables\.yaml:{line}:\d+: ", out[0]), out[0]
    assert words in out[0], out[0]


def page(aid: PlayerAid, slug: str) -> Page:
    return next(p for p in aid.pages if p.slug == slug)


def facts_from(p: Page, prefix: str) -> list[Fact]:
    return [i for i in iter_page_inlines(p) if isinstance(i, Fact) and i.source.startswith(prefix)]


# -- the data --------------------------------------------------------------------------------------------


def test_the_tables_load_with_a_source_on_every_cell(game: GameData) -> None:
    assert game.hexes is not None
    assert tuple(t.id for t in game.hexes.tables) == TABLES
    for table in game.hexes.tables:
        for row in table.rows:
            assert len(row.cells) == len(table.columns)
            for name in table.names:
                assert re.match(r"^(rules \S|reconstructed: \S)", row.cell_source(name).text), (table.id, row.cells, name)
    crt = game.hexes.table("combat_results")
    assert crt.names == ("Odds", "2AL", "Ex-AL", "Ex", "Ex-DL", "2DL")
    assert [r.cells[0] for r in crt.rows[-2:]] == ["Attacker DG if 1d6 + DRM \u2265", "Defender DG if 1d6 + DRM \u2265"]  # the two DG rows (rules 6.14)
    assert crt.rows[0].cell_source("Odds").text == "rules 6.8" and crt.rows[0].cell_source("2AL").is_reconstructed
    forest = game.hexes.table("terrain_effects").row("forest")
    assert forest is not None and forest.cell_source("DG DRM").text == "rules 6.14" and forest.cell_source("Combat DRM").is_reconstructed


def test_a_game_without_tables_yaml_reads_none() -> None:
    assert "tables" not in dict(data_files(MORTAIN))
    mortain = load_game_uncached(MORTAIN)
    assert mortain.hexes is not None and mortain.hexes.tables == ()


def test_a_row_with_a_cell_too_few_is_refused(folder: Path) -> None:
    line = plant(folder, "tables.yaml", 'cells: ["2-1", "0–3", "4–5", "6–7", "8–9", "10+"]', 'cells: ["2-1", "0–3", "4–5", "6–7", "8–9"]')
    one_problem(folder, line, "5 cells (expected 6, one per column of table 'combat_results')")


def test_a_source_that_is_neither_rules_nor_reconstructed_is_refused(folder: Path) -> None:
    line = plant(folder, "tables.yaml", 'source: "rules 6.12"', 'source: "made up"')
    one_problem(folder, line, "made up")


def test_a_cell_source_for_no_column_is_refused(folder: Path) -> None:
    line = plant(folder, "tables.yaml", "sources: {Terrain: \"rules 1.6\", DG DRM:", "sources: {Terrain: \"rules 1.6\", DG: \"rules 6.14\", DG DRM:")
    one_problem(folder, line, "'DG' is not a column of table 'terrain_effects'")


def test_a_table_id_used_twice_is_refused(folder: Path) -> None:
    line = plant(folder, "tables.yaml", "id: dg_modifiers", "id: combat_modifiers")
    one_problem(folder, line, "table id 'combat_modifiers' is used twice")


# -- the player aid ---------------------------------------------------------------------------------------


def test_the_pages_come_in_play_order(aid: PlayerAid) -> None:
    assert [p.slug for p in aid.pages] == ["sequence", "terrain", "combat", "barrage", "modifiers", "transport"]


def test_the_sequence_lists_the_six_phases_and_the_seven_steps(aid: PlayerAid, game: GameData) -> None:
    seq = page(aid, "sequence")
    names = [i.text for i in iter_page_inlines(seq) if isinstance(i, Name)]
    assert game.hexes is not None and game.hexes.play is not None
    assert names == [p.name for p in game.hexes.play.phases] and len(names) == 6
    assert len(seq.sections[1].blocks[0].items) == 7  # type: ignore[union-attr]


def test_every_cell_of_every_table_is_on_a_page(aid: PlayerAid, game: GameData) -> None:
    assert game.hexes is not None
    printed = [i for p in aid.pages for i in iter_page_inlines(p) if isinstance(i, (Fact, Name))]
    for table in game.hexes.tables:
        for r, row in enumerate(table.rows):
            for name in table.names:
                text, where = row.cells[table.names.index(name)], f"tables.yaml {table.id}.rows[{r}].{name}"
                if re.search(r"[0-9]", text) or name == table.names[0]:
                    shown = [i for i in printed if i.source == where]
                    assert shown, (table.id, r, name)
                    assert all((i.shown if isinstance(i, Fact) else i.text) == text for i in shown)


def test_the_terrain_chart_is_the_checkers_movement_table(aid: PlayerAid, game: GameData) -> None:
    assert game.hexes is not None and game.hexes.map.movement is not None
    table = game.hexes.map.movement
    terrain = facts_from(page(aid, "terrain"), "hexes.yaml movement.terrain")
    expected = []
    for row in game.hexes.table("terrain_effects").rows:
        if row.id in {t.id for t in game.hexes.terrains}:
            for _, side, flags in MOVERS:
                expected.append(table.cost(MoveContext(Hex(0, 0), Hex(1, 0), side, row.id, flags)).cost)
    assert [f.values[0] for f in terrain][: len(expected)] == expected
    assert expected[:12] == [1, 1, 1, 4, 3, 4, 3, 2, 4, 5, 5, 8]  # clear, rough, forest, mountain x CEF, VM, motorised: hexes.yaml
    river = movement_cells(game.hexes, "major_river")
    assert river is not None and [c[0].shown for c in river] == ["+2", "+2", "+3"]  # type: ignore[union-attr]


def test_a_changed_movement_cost_changes_the_chart(folder: Path) -> None:
    plant(folder, "hexes.yaml", "{terrain: forest, when: {sides: vm}, cost: 2}", "{terrain: forest, when: {sides: vm}, cost: 6}")
    changed = load_game_uncached(folder)
    assert changed.hexes is not None
    cells = movement_cells(changed.hexes, "forest")
    assert cells is not None and [c[0].values for c in cells] == [(3,), (6,), (4,)]  # type: ignore[union-attr]


def test_reconstructed_entries_are_marked_and_the_rules_are_not(aid: PlayerAid, files: dict[str, bytes]) -> None:
    mods = page(aid, "modifiers")
    drm = {f.source: f for f in facts_from(mods, "tables.yaml")}
    assert drm["tables.yaml combat_modifiers.rows[10].DRM"].reconstructed  # entrenched defender, ours
    assert not drm["tables.yaml combat_modifiers.rows[3].DRM"].reconstructed  # rainy season, rules 1.7
    assert drm["tables.yaml dg_modifiers.rows[3].DRM"].reconstructed and not drm["tables.yaml dg_modifiers.rows[1].DRM"].reconstructed
    html = files[next(n for n in files if n.endswith("modifiers.html"))].decode("ascii")
    entrenched = html[html.index("Entrenched defender") :]
    assert re.match(r"Entrenched defender</td>\s*<td[^>]*>&#8722;1<font[^>]*>&#8224;a</font>", entrenched), entrenched[:200]
    rainy = html[html.index("Rainy season, attacking") :]
    assert re.match(r"Rainy season, attacking</td>\s*<td[^>]*>&#8722;1</td>", rainy), rainy[:200]
    crt = files[next(n for n in files if n.endswith("combat.html"))].decode("ascii")
    assert "2AL<font" in crt and DAGGER not in crt.split("2AL")[0]  # the column of ours is marked once, on its header
    for p in aid.pages:
        for f in (i for i in iter_page_inlines(p) if isinstance(i, Fact)):
            if f.source.startswith("tables.yaml"):
                assert bool(f.reconstructed) == ("our reconstruction" in f.reconstructed), f


def test_the_packages_are_game_yamls(aid: PlayerAid, game: GameData) -> None:
    assert game.hexes is not None and game.hexes.play is not None
    rp = [f.values[0] for f in facts_from(page(aid, "transport"), "game.yaml packages") if f.source.endswith(".rp")]
    assert rp == [p.rp for p in game.hexes.play.packages] == [0, 2, 4, 2, 4, 6]


def test_the_charts_combat_drm_must_be_the_terrain_kinds_modifier(folder: Path) -> None:
    line = plant(folder, "tables.yaml", 'cells: [Mountain, "−2", "+1"]', 'cells: [Mountain, "−3", "+1"]')
    one_problem(folder, line, "the combat DRM of mountain is '−3' (expected -2, hexes.yaml terrain_kinds mountain modifier)")
