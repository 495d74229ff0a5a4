"""A hex game's board picture goes through the drawn-image cache (vassal/artwork.py ``cached_drawing``,
``hex_board_inputs``): a rebuild takes it from there and writes the same module; an edit to the map is a
miss; the key is the same in every process (``canonical``)."""

from __future__ import annotations

import dataclasses
import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sdbp_module.cachedir import ENVIRONMENT
from sdbp_module.hexgrid.hexmap import HexMap
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import PROJECT_ROOT, default_data_dir
from sdbp_module.vassal import artwork, commands, hex_board

from .test_hex_board import BOXES, LOOK, small_map


def test_a_rebuild_takes_the_board_from_the_cache_and_writes_the_same_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path / "cache"))
    game = load_game(default_data_dir("mortain"), hex_map=True)
    first = commands.build_module(game, tmp_path / "first", None)
    again = commands.build_module(game, tmp_path / "again", None)
    assert (first.images.cached, again.images.cached) == (0, 1)
    assert first.images.drawn == again.images.drawn + 1
    assert first.path.read_bytes() == again.path.read_bytes()


def test_the_cached_board_is_the_painted_one_and_an_edit_is_a_miss(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path / "cache"))
    painted = hex_board.render_hex_board(small_map(), LOOK, BOXES)

    def through_cache(hm: HexMap) -> tuple[bytes, bool]:
        job = artwork.ImageJob("map.png", artwork.hex_board_inputs(hm, LOOK, BOXES), lambda: hex_board.render_hex_board(hm, LOOK, BOXES).png)
        return artwork.cached_drawing(job)

    assert through_cache(small_map()) == (painted.png, False)
    assert through_cache(small_map()) == (painted.png, True)
    other = small_map(columns=7)
    png, cached = through_cache(other)
    assert not cached and png != painted.png


def test_plan_and_paint_are_the_rendered_board() -> None:
    board = hex_board.render_hex_board(small_map(), LOOK, BOXES)
    lay, labels = hex_board.plan_hex_board(small_map(), LOOK, BOXES)
    assert (lay, labels) == (board.layout, board.labels)
    assert hex_board.paint_hex_board(small_map(), LOOK, lay, labels) == board.png
    assert hex_board.render_hex_board(small_map(), LOOK, BOXES, png_of=lambda paint: b"given").png == b"given"


@dataclasses.dataclass(frozen=True)
class _Shown:
    names: frozenset[str]
    hidden: str = dataclasses.field(default="x", repr=False)


def test_canonical_sorts_sets_and_refuses_what_it_does_not_know() -> None:
    assert artwork.canonical(_Shown(frozenset({"b", "a", "c"}))) == "_Shown(names={'a','b','c'})"
    assert artwork.canonical({"k": (1, [2.5, None, True])}) == "{'k':(1,[2.5,None,True])}"
    with pytest.raises(TypeError, match="no canonical text for object"):
        artwork.canonical(object())


def test_the_board_key_is_the_same_in_every_process() -> None:
    script = (
        "import hashlib\n"
        "from sdbp_module.model.from_data import load_game\n"
        "from sdbp_module.paths import default_data_dir\n"
        "from sdbp_module.vassal import artwork, hex_module\n"
        "g = load_game(default_data_dir('tonkin'), hex_map=True)\n"
        "key = artwork.hex_board_inputs(g.hexes.map, hex_module.hex_look(g), hex_module.off_map_boxes(g))\n"
        "print(hashlib.sha256(key.encode()).hexdigest())\n"
    )
    keys = set()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(PROJECT_ROOT)}
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=PROJECT_ROOT, check=True)
        keys.add(done.stdout.strip())
    assert len(keys) == 1 and len(next(iter(keys))) == len(hashlib.sha256().hexdigest())


def test_a_hex_unit_face_key_holds_the_counter_colours_it_is_painted_with() -> None:
    """``hex_module.render_hex_unit`` reads the game's counter colours and unit marks beside the unit:
    a board picture's cached face must not outlive an edit of them."""
    game = load_game(default_data_dir("tonkin"), hex_map=True)
    assert game.game.counter_colours is not None
    plain = dataclasses.replace(game, game=dataclasses.replace(game.game, counter_colours=None))

    def unit_keys(g: GameData) -> list[str]:
        return [job.inputs for job in artwork.hex_jobs(g) if job.inputs.startswith("hex-unit|")]

    painted, unpainted = unit_keys(game), unit_keys(plain)
    assert len(painted) == 2 * len(game.units) and all(a != b for a, b in zip(painted, unpainted, strict=True))
