"""vassal.terrain_art: the ground of the map and the legend, drawn from the bundled SoDBP data.

Pixel samples check that each feature lands where the data puts it (the runway in the airstrip
areas, water only along river borders, roads on their centre lines), that the labels' calm boxes
stay free of texture, and that the legend covers every terrain class and printed mark.
"""

from __future__ import annotations

import dataclasses
import math

import pytest
from PIL import Image, ImageChops, ImageDraw

from sdbp_module.games.sodbp.ids import AreaColour, CardBonus
from sdbp_module.model.game_data import GameData, RoadKind, Terrain
from sdbp_module.vassal import board_art, layout, terrain_art
from sdbp_module.vassal.images import RGB

SENTINEL: RGB = (255, 0, 255)  # pure magenta: no blend of the art's colours (anti-aliased black text on blue makes (1, 2, 3))
TEXTURE: tuple[RGB, ...] = (
    terrain_art.TREE,
    terrain_art.TREE_SHADOW,
    terrain_art.DYKE,
    terrain_art.PADDY_WET,
    terrain_art.TRENCH,
    terrain_art.WIRE,
    terrain_art.HOUSE,
    terrain_art.HOUSE_ROOF,
    terrain_art.HILL_CONTOUR,
    terrain_art.HEIGHT_CONTOUR,
    terrain_art.PSP_SEAM,
)


def _draw(game: GameData, margin: int = 0) -> Image.Image:
    image = Image.new("RGB", (game.map.width + margin, game.map.height + margin), SENTINEL)
    terrain_art.draw_terrain(image, game)
    return image


@pytest.fixture(scope="module")
def ground(game: GameData) -> Image.Image:
    return _draw(game, margin=30)


def _colour_mask(image: Image.Image, colours: tuple[RGB, ...]) -> Image.Image:
    """255 where ``image`` has exactly one of ``colours``."""
    out = Image.new("L", image.size, 0)
    for colour in colours:
        diff = ImageChops.difference(image, Image.new("RGB", image.size, colour))
        r, g, b = diff.split()
        out = ImageChops.lighter(out, ImageChops.lighter(ImageChops.lighter(r, g), b).point([255] + [0] * 255))
    return out


def test_drawing_is_deterministic(game: GameData, ground: Image.Image) -> None:
    assert _draw(game, margin=30).tobytes() == ground.tobytes()
    legends = []
    for _ in range(2):
        image = Image.new("RGB", (900, 480), SENTINEL)
        terrain_art.draw_legend(image, (10, 10, 880, 460), game)
        legends.append(image.tobytes())
    assert legends[0] == legends[1]


def test_only_the_map_rectangle_is_painted(game: GameData, ground: Image.Image) -> None:
    w, h = game.map.width, game.map.height
    colours = ground.crop((0, 0, w, h)).getcolors(2**24)
    assert colours is not None
    assert SENTINEL not in {c for _, c in colours}
    for outside in (ground.crop((w, 0, w + 30, h + 30)), ground.crop((0, h, w + 30, h + 30))):
        assert outside.getcolors() == [(outside.width * outside.height, SENTINEL)]


def test_the_runway_is_drawn_inside_the_airstrip_areas(game: GameData, ground: Image.Image) -> None:
    airstrips = [a for a in game.areas if a.terrain is Terrain.AIRSTRIP]
    assert game.map.runways and airstrips
    strip = (terrain_art.PSP, terrain_art.PSP_SEAM, (255, 255, 255))
    for runway in game.map.runways:
        (ax, ay), (bx, by) = runway.ends
        for k in range(2, 19):
            p = (ax + (bx - ax) * k / 20, ay + (by - ay) * k / 20)
            assert any(layout.inside(p, a.polygon) for a in airstrips), p
            on_outline = min(layout.edge_distance(p, a.polygon) for a in airstrips) <= terrain_art.OUTLINE_W
            assert ground.getpixel((round(p[0]), round(p[1]))) in (*strip, *((terrain_art.OUTLINE,) if on_outline else ())), p
        for corner in terrain_art.runway_corners(runway):
            assert any(layout.inside(corner, game.area(a).polygon) for a in runway.areas), corner


def test_water_lies_only_along_the_river_borders(game: GameData, ground: Image.Image) -> None:
    water = _colour_mask(ground, (terrain_art.WATER, terrain_art.WATER_LIGHT))
    near = Image.new("L", ground.size, 0)
    draw = ImageDraw.Draw(near)
    rivers = [b for b in game.borders if b.river]
    reach = terrain_art.RIVER_W // 2 + 6  # the river rounds the corners of its borders by a few pixels
    for border in rivers:
        for p, q in board_art.shared_edges(game.area(border.a).polygon, game.area(border.b).polygon):
            draw.line((p, q), fill=255, width=2 * reach)
            for cx, cy in (p, q):
                draw.ellipse((cx - reach, cy - reach, cx + reach, cy + reach), fill=255)
    assert water.getbbox() is not None
    assert ImageChops.subtract(water, near).getbbox() is None  # no water away from a river border
    bridges = [at for at, *_ in terrain_art.bridge_sites(game)]
    for border in rivers:
        for p, q in board_art.shared_edges(game.area(border.a).polygon, game.area(border.b).polygon):
            for t in (0.3, 0.5, 0.7):
                x, y = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
                if all(math.dist((x, y), b) > 30 for b in bridges):
                    assert water.getpixel((round(x), round(y))) == 255, (border.a, border.b, t)


def test_borders_without_a_river_are_dry_outlines(game: GameData, ground: Image.Image) -> None:
    for border in game.borders:
        if border.river:
            continue
        for p, q in board_art.shared_edges(game.area(border.a).polygon, game.area(border.b).polygon):
            mid = (round((p[0] + q[0]) / 2), round((p[1] + q[1]) / 2))
            if all(layout.edge_distance(mid, game.area(r.a).polygon) > 20 for r in game.borders if r.river):
                assert ground.getpixel(mid) == terrain_art.OUTLINE, (border.a, border.b)


def test_roads_run_inside_the_map_along_their_centre_lines(game: GameData, ground: Image.Image) -> None:
    assert {r.kind for r in game.map.roads} == {RoadKind.ROAD, RoadKind.TRACK}
    for road in game.map.roads:
        assert all(0 <= x <= game.map.width and 0 <= y <= game.map.height for x, y in road.points), road.name
        if road.kind is RoadKind.ROAD:
            for (ax, ay), (bx, by) in zip(road.points, road.points[1:], strict=False):
                mid = (round((ax + bx) / 2), round((ay + by) / 2))
                assert ground.getpixel(mid) == terrain_art.ROAD_FILL, (road.name, mid)


def test_every_bridged_border_gets_a_bridge_on_the_river(game: GameData, ground: Image.Image) -> None:
    sites = terrain_art.bridge_sites(game)
    assert len(sites) == sum(b.bridge for b in game.borders) == 2
    for (x, y), *_ in sites:
        patch = ground.crop((round(x) - 20, round(y) - 20, round(x) + 21, round(y) + 21))
        assert any(c == (0, 0, 0) for _, c in patch.getcolors(4096) or [])  # the black parapets


def test_the_calm_box_around_every_label_holds_no_texture(game: GameData, ground: Image.Image) -> None:
    texture = _colour_mask(ground, TEXTURE)
    for area in game.areas:
        box = terrain_art.calm_box(area)
        assert texture.crop(box).getbbox() is None, area.id


def test_strongpoint_works_stay_inside_their_area(game: GameData) -> None:
    for area in game.areas:
        if area.strongpoint:
            box = terrain_art.calm_box(area)
            for ring in terrain_art.rings(area.polygon, box, (0.0, 1.0), gap=30):
                assert all(layout.inside(p, area.polygon) for p in ring), area.id


def test_every_terrain_class_in_the_data_has_a_legend_entry(game: GameData) -> None:
    words = [w for _, w in terrain_art.terrain_entries(game)]
    legend = game.presentation.legend.terrain
    assert [legend[t] for t in legend if any(a.terrain.value == t for a in game.areas)] == words
    assert len(words) == len({a.terrain for a in game.areas}) == 4
    every = dataclasses.replace(game, areas=tuple(dataclasses.replace(a, terrain=t) for a, t in zip(game.areas, [*Terrain] * 10, strict=False)))
    assert len(terrain_art.terrain_entries(every)) == len(Terrain)


def test_the_legend_explains_every_printed_mark(game: GameData) -> None:
    marks = " ".join(w for _, w in terrain_art.mark_entries(game))
    for needed in ("Red number", "Blue number", "Green number", "Black number", "D-value", "(8.3.2)", "Victory", "(14.0)", "6, 9, 14 (5.1)", "16, 20, 21 (5.1)"):
        assert needed in marks
    features = " ".join(w for _, w in terrain_art.feature_entries(game))
    for needed in ("River", "29–21 Bailey bridge", "29–28 Wooden bridge", "RP 41", "Piste Pavie", "Bản Kéo", "strongpoint"):
        assert needed in features


@pytest.mark.parametrize("size", [(700, 360), (840, 420), (1018, 480)])
def test_the_legend_stays_in_its_box_and_shows_the_board_colours(game: GameData, size: tuple[int, int]) -> None:
    w, h = size
    image = Image.new("RGB", (w + 40, h + 40), SENTINEL)
    terrain_art.draw_legend(image, (20, 20, w, h), game)
    inside = image.crop((20, 20, 20 + w, 20 + h))
    colours = {c for _, c in inside.getcolors(2**24) or []}
    assert SENTINEL not in colours
    outside = ImageChops.difference(image, Image.new("RGB", image.size, SENTINEL))
    ImageDraw.Draw(outside).rectangle((20, 20, 19 + w, 19 + h), fill=(0, 0, 0))
    assert outside.getbbox() is None
    for colour in (AreaColour.RED, AreaColour.BLUE, AreaColour.GREEN):
        assert game.presentation.number_colour(colour) in colours
    assert board_art.STAR_FILL in colours
    assert game.presentation.bonus(CardBonus.GREY).fill in colours
