"""The set-up's stacks, computed from the layout and the set-up save's positions: no counter on any
printed label, every stack whole inside its area or box, one side per stack, the turn marker on a
spot of its own, no stack past the stacking limit, the largest arrival in its box; and the label
footprints cover what the board draws."""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from dataclasses import dataclass

import pytest
from lxml import etree
from PIL import Image, ImageChops, ImageDraw

from sdbp_module.games.sodbp.ids import VIET_MINH
from sdbp_module.ids import AreaId, MarkerKindId, Side
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData, MarkerPlacement, SetupKind
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.replay.vlog.zones import PlaceKind, Zones
from sdbp_module.vassal import board_art, buildfile, layout, setup, terrain_art


@dataclass(frozen=True)
class Stack:
    zone: str
    x: int
    y: int
    ids: tuple[str, ...]  # sdbp ids, bottom first

    @property
    def extent(self) -> layout.Rect:
        return layout.stack_extent(self.x, self.y, len(self.ids))


@pytest.fixture(scope="module")
def lay(game: GameData) -> layout.Layout:
    return layout.make_layout(game)


@pytest.fixture(scope="module")
def stacks(game: GameData, lay: layout.Layout) -> list[Stack]:
    """The set-up save's pieces grouped as the engine stacks them: every piece of a stack has the
    stack's position, and no two stacks share one."""
    by_spot: dict[tuple[int, int], list[setup.Placed]] = defaultdict(list)
    for placed in setup.build_setup(game, lay).placed:
        by_spot[(placed.x, placed.y)].append(placed)
    out = []
    for (x, y), members in by_spot.items():
        assert len({m.zone for m in members}) == 1
        out.append(Stack(members[0].zone, x, y, tuple(m.sdbp_id for m in members)))
    return out


def side_of(game: GameData, sdbp_id: str) -> Side | None:
    """A unit's side; None for a marker."""
    units: dict[str, Side] = {u.id: u.side for u in game.units}
    return units.get(sdbp_id)


def engine_positions(x: int, y: int, count: int, dx: int, dy: int) -> list[tuple[int, int]]:
    """``StackMetrics.getContents``/``nextPosition`` for same-sized pieces, ported: with dx > 0 the
    next piece's left edge is dx right of the one below; with dy > 0 its bottom edge is dy higher."""
    out = [(x, y)]
    for _ in range(count - 1):
        px, py = out[-1]
        out.append((px + dx, py - dy))
    return out


# -- the stacking metrics -------------------------------------------------------------------


def test_stack_extent_is_what_the_engine_draws() -> None:
    half = layout.COUNTER // 2
    for count in (1, 2, 5, 9):
        pieces = engine_positions(500, 400, count, layout.STACK_DX, layout.STACK_DY)
        union = (
            min(px - half for px, _ in pieces),
            min(py - half for _, py in pieces),
            max(px + half for px, _ in pieces),
            max(py + half for _, py in pieces),
        )
        assert layout.stack_extent(500, 400, count) == union
    assert 6 <= layout.STACK_DX <= 8 and 6 <= layout.STACK_DY <= 8  # the edges show how many a stack holds


def test_the_main_map_stacks_with_the_layout_offsets(game: GameData, lay: layout.Layout) -> None:
    root = etree.fromstring(buildfile.build_xml(game, lay))
    metrics = root.findall(f".//{buildfile.M}Map/{buildfile.MM}StackMetrics")
    assert len(metrics) == 1
    assert metrics[0].get("unexSepX") == str(layout.STACK_DX) and metrics[0].get("unexSepY") == str(layout.STACK_DY)
    assert metrics[0].get("color") is None  # lower pieces are drawn whole (StackMetrics.drawUnexpanded)


def test_stack_sizes_are_even_and_within_the_limit() -> None:
    assert layout.stack_sizes(24, 9) == [8, 8, 8]
    assert layout.stack_sizes(10, 9) == [5, 5]
    assert layout.stack_sizes(9, 9) == [9]
    assert layout.stack_sizes(0, 9) == []


# -- the set-up's stacks --------------------------------------------------------------------


def test_every_piece_is_placed_once_in_its_zone(game: GameData, stacks: list[Stack]) -> None:
    ids = [i for s in stacks for i in s.ids]
    assert sorted(i for i in ids if i.startswith(("FR-", "VM-"))) == sorted(u.id for u in game.units)
    zone_of: dict[str, str] = {u.id: setup.unit_zone(game, u) for u in game.units}
    for stack in stacks:
        for sdbp_id in stack.ids:
            assert zone_of.get(sdbp_id, stack.zone) == stack.zone


def test_no_counter_covers_any_printed_label(game: GameData, lay: layout.Layout, stacks: list[Stack]) -> None:
    marks = [(a.id, r) for a in game.areas for r in layout.label_footprint(a, lay.label_at(a.id))]
    for stack in stacks:
        for area, mark in marks:
            assert not layout.overlaps(stack.extent, mark), f"stack in {stack.zone} at {stack.x},{stack.y} covers the label of area {area}"


def test_the_crowded_areas_keep_number_and_name_clear(game: GameData, lay: layout.Layout, stacks: list[Stack]) -> None:
    """The issue's areas: every one of their set-up stacks is off their number circle and name."""
    for area_id in (7, 8, 9, 20, 21, 23):
        area = game.area(AreaId(area_id))
        parts = layout.label_parts(area, lay.label_at(area.id))
        mine = [s for s in stacks if s.zone == str(area_id)]
        assert mine, area_id
        for stack in mine:
            assert not layout.overlaps(stack.extent, parts.circle) and not layout.overlaps(stack.extent, parts.name_box)


def test_every_stack_lies_whole_inside_its_area_or_box(game: GameData, lay: layout.Layout, stacks: list[Stack]) -> None:
    for stack in stacks:
        if stack.zone.isdigit():
            assert layout.rect_inside(stack.extent, game.area(AreaId(int(stack.zone))).polygon), stack
        else:
            box = lay.box(stack.zone)
            left, top, right, bottom = stack.extent
            assert box.x <= left and right <= box.x + box.w and box.y <= top and bottom <= box.y + box.h, stack


def test_stacks_of_a_zone_do_not_overlap(stacks: list[Stack]) -> None:
    for i, a in enumerate(stacks):
        for b in stacks[i + 1 :]:
            assert not layout.overlaps(a.extent, b.extent), (a, b)


def test_no_stack_mixes_sides_or_units_and_markers(game: GameData, stacks: list[Stack]) -> None:
    for stack in stacks:
        assert len({side_of(game, i) for i in stack.ids}) == 1, stack


def test_one_stack_per_side_and_zone_within_the_limit(game: GameData, stacks: list[Stack]) -> None:
    limit = game.game.stacking_limit
    per_zone_side: dict[tuple[str, Side | None], list[int]] = defaultdict(list)
    for stack in stacks:
        assert len(stack.ids) <= limit, stack
        per_zone_side[(stack.zone, side_of(game, stack.ids[0]))].append(len(stack.ids))
    for sizes in per_zone_side.values():
        assert len(sizes) == -(-sum(sizes) // limit)  # the fewest stacks the limit allows


def test_turn_box_stacks_sit_in_their_sides_space(game: GameData, lay: layout.Layout, stacks: list[Stack]) -> None:
    for stack in stacks:
        if not stack.zone.startswith("Turn "):
            continue
        side = side_of(game, stack.ids[0])
        space = lay.box(stack.zone).space_for(side)
        assert space.side is side
        left, top, right, bottom = stack.extent
        assert space.x <= left and right <= space.x + space.w and space.y <= top and bottom <= space.y + space.h, stack


def test_the_turn_marker_has_a_spot_no_unit_uses(game: GameData, lay: layout.Layout, stacks: list[Stack]) -> None:
    (marker,) = [s for s in stacks if "turn" in s.ids]
    assert marker.ids == ("turn",) and marker.zone == layout.turn_box_name(game.scenario.first_turn)
    spots = [b.space_for(None) for b in lay.boxes if b.name.startswith("Turn ")]
    assert all(s.title == layout.TURN_MARKER_SPACE for s in spots) and len(spots) == game.game.turns
    here = lay.box(marker.zone).space_for(None)
    left, top, right, bottom = marker.extent
    assert here.x <= left and right <= here.x + here.w and here.y <= top and bottom <= here.y + here.h
    for stack in stacks:
        if stack is not marker:
            for spot in spots:
                assert not layout.overlaps(stack.extent, (spot.x, spot.y, spot.x + spot.w, spot.y + spot.h)), stack


def test_the_largest_arrival_fits_its_box(game: GameData, stacks: list[Stack]) -> None:
    """Turn 2 brings 24 Viet Minh units: three stacks of eight in the box's Viet Minh space."""
    arriving = [u.id for u in game.units if u.setup.kind is SetupKind.TURN and u.setup.turn == 2 and u.side is VIET_MINH]
    assert len(arriving) == 24
    mine = [s for s in stacks if s.zone == "Turn 2" and side_of(game, s.ids[0]) is VIET_MINH]
    assert sorted(len(s.ids) for s in mine) == [8, 8, 8]
    assert sorted(i for s in mine for i in s.ids) == sorted(arriving)


def test_readers_resolve_every_set_up_stack_to_its_place(game: GameData, stacks: list[Stack]) -> None:
    """One zone per turn box: a unit in either side's space is on the turn track, turn N."""
    zones = Zones.from_game(game)
    for stack in stacks:
        place = zones.resolve(layout.MAP_NAME, str(stack.x), str(stack.y))
        assert place is not None and place.name == stack.zone, stack
        if stack.zone.startswith("Turn "):
            assert place.kind is PlaceKind.TURN and place.turn == int(stack.zone.split()[1])


def test_markers_set_up_in_an_area_go_beside_the_units(game: GameData) -> None:
    """A scenario with markers in areas (none in the campaign): each area's markers make one stack
    of their own, inside the area, off the units and off every label."""
    extra = (
        MarkerPlacement(MarkerKindId("control"), "french", AreaId(14)),
        MarkerPlacement(MarkerKindId("trench"), "1", AreaId(7)),
        MarkerPlacement(MarkerKindId("control"), "french", AreaId(21)),
        MarkerPlacement(MarkerKindId("fire"), "french", AreaId(21)),
    )
    marked = dataclasses.replace(game, scenario=dataclasses.replace(game.scenario, markers=game.scenario.markers + extra))
    lay = layout.make_layout(marked)
    by_spot: dict[tuple[int, int], list[setup.Placed]] = defaultdict(list)
    for placed in setup.build_setup(marked, lay).placed:
        by_spot[(placed.x, placed.y)].append(placed)
    stacks = [Stack(m[0].zone, x, y, tuple(p.sdbp_id for p in m)) for (x, y), m in by_spot.items()]
    marks = [r for a in marked.areas for r in layout.label_footprint(a, lay.label_at(a.id))]
    for area, kinds in (("14", ["control"]), ("7", ["trench"]), ("21", ["control", "fire"])):
        here = [s for s in stacks if s.zone == area]
        (markers,) = [s for s in here if side_of(marked, s.ids[0]) is None]
        assert sorted(markers.ids) == kinds
        assert layout.rect_inside(markers.extent, marked.area(AreaId(int(area))).polygon)
        for other in here:
            assert other is markers or not layout.overlaps(markers.extent, other.extent)
        assert not any(layout.overlaps(markers.extent, r) for r in marks)


# -- labels and the panel -------------------------------------------------------------------


def test_label_footprints_cover_what_the_board_draws(game: GameData) -> None:
    """Each label drawn alone on a blank ground leaves no pixel outside its footprint."""
    ground = (1, 2, 3)
    at = (200, 150)
    for area in game.areas:
        image = Image.new("RGB", (400, 300), ground)
        board_art.draw_label(image, area, at, game.presentation)
        drawn = ImageChops.difference(image, Image.new("RGB", image.size, ground)).convert("L").point(lambda v: 255 if v else 0)
        covered = Image.new("L", image.size, 0)
        for r in layout.label_footprint(area, at):
            ImageDraw.Draw(covered).rectangle((r[0], r[1], r[2] - 1, r[3] - 1), fill=255)
        assert drawn.getbbox() is not None
        assert ImageChops.subtract(drawn, covered).getbbox() is None, area.id


def test_moved_labels_lie_inside_their_area(game: GameData, lay: layout.Layout) -> None:
    moved = [a for a in game.areas if lay.label_at(a.id) != a.label]
    assert len(moved) <= len(game.areas) // 4  # the data's label points stay where they fit
    for area in moved:
        for mark in layout.label_footprint(area, lay.label_at(area.id)):
            assert layout.rect_inside(mark, area.polygon), area.id


def test_panel_boxes_and_legend_fit_the_board_without_overlap(game: GameData, lay: layout.Layout) -> None:
    x, y, w, h = lay.legend
    assert w >= 840 and h >= 420
    rects = [(b.x, b.y, b.x + b.w, b.y + b.h) for b in lay.boxes + lay.piles] + [(x, y, x + w, y + h)]
    for i, r in enumerate(rects):
        assert lay.map_width < r[0] and r[2] <= lay.width and 0 <= r[1] and r[3] <= lay.height
        for other in rects[i + 1 :]:
            assert not layout.overlaps(r, other)
    for spec in buildfile.deck_specs(game, lay):
        pile = lay.box(spec.name)
        left, top = spec.x - layout.CARD_W // 2, spec.y - layout.CARD_H // 2
        assert pile.x < left and left + layout.CARD_W < pile.x + pile.w, spec.name
        assert pile.y + layout.TITLE_H <= top and top + layout.CARD_H <= pile.y + pile.h, spec.name


def test_layout_and_save_are_deterministic(game: GameData) -> None:
    first = layout.make_layout(game)
    layout._plan_areas.cache_clear()  # plan the areas again, not from the memo
    second = layout.make_layout(game)
    assert first == second
    assert setup.build_setup(game, first).text == setup.build_setup(game, second).text


# -- the map's printed features (issue 23: the area 21 stack on the Bailey bridge) ---------------

GAMES = ("sodbp", "sos")


def _area_stacks(game: GameData, lay: layout.Layout) -> list[tuple[str, layout.Rect]]:
    """Every set-up stack of an area: its zone and drawn extent."""
    groups = layout.setup_groups(game)
    return [
        (zone, layout.stack_extent(x, y, n))
        for zone, spots in lay.setup_spots
        if zone.isdigit()
        for (x, y), (_, n) in zip(spots, groups[zone], strict=True)
    ]


@pytest.mark.parametrize("game_id", GAMES)
def test_no_set_up_stack_covers_the_river_a_bridge_or_a_label(game_id: str) -> None:
    """In both games, every set-up stack in an area keeps off every printed feature (the river drawn
    along the river borders, the bridges) and every area label."""
    data = load_game(PROJECT_ROOT / "source_data" / game_id)
    lay = layout.make_layout(data)
    features = terrain_art.map_features(data)
    marks = [(a.id, r) for a in data.areas for r in layout.label_footprint(a, lay.label_at(a.id))]
    stacks = _area_stacks(data, lay)
    assert stacks
    for zone, extent in stacks:
        for feature in features:
            assert not feature.hits(extent, 0), f"{game_id}: the stack in area {zone} covers the {feature.name}"
        for area, mark in marks:
            assert not layout.overlaps(extent, mark), f"{game_id}: the stack in area {zone} covers the label of area {area}"


def test_the_bailey_bridge_area_keeps_its_stack_off_the_bridge(game: GameData) -> None:
    """Area 21 (the set-up's six-unit stack, beside the Bailey bridge 21-29): planned without the
    features its stack lands on the bridge (the issue's picture); planned with them, clear."""
    features = terrain_art.map_features(game)
    bridges = [f for f in features if f.closed]
    assert len(bridges) == sum(1 for b in game.borders if b.bridge) >= 1
    groups = layout.setup_groups(game)
    sizes = tuple((a.id, tuple(n for _, n in groups.get(str(a.id), ()))) for a in game.areas)

    def stack_21(with_features: tuple[layout.Feature, ...]) -> layout.Rect:
        _, spots = layout._plan_areas(game.areas, sizes, with_features)
        ((x, y),) = dict(spots)["21"]
        ((_, n),) = groups["21"]
        return layout.stack_extent(x, y, n)

    assert any(f.hits(stack_21(()), 0) for f in features)
    assert not any(f.hits(stack_21(features), layout.FEATURE_GAP - 1) for f in features)


def test_feature_hits_by_distance() -> None:
    river = layout.Feature("river", ((0.0, 0.0), (0.0, 100.0)), 16)
    assert river.hits((8, 10, 40, 40), 0) and not river.hits((9, 10, 40, 40), 0)  # the line is 16 px wide
    assert not river.hits((13, 10, 40, 40), 4) and river.hits((12, 10, 40, 40), 4)
    bridge = layout.Feature("bridge", ((0.0, 0.0), (50.0, 0.0), (50.0, 50.0), (0.0, 50.0)), 2, closed=True)
    assert bridge.hits((10, 10, 20, 20), 0)  # a counter on the deck, off its outline
    assert not bridge.hits((60, 10, 90, 40), 4) and bridge.hits((55, 10, 90, 40), 4)


def test_bridge_outline_covers_what_the_terrain_draws(game: GameData) -> None:
    """Each bridge drawn alone on a blank ground leaves no pixel outside its outline (grown by half
    the parapet's width and a pixel of anti-aliasing)."""
    ground = (1, 2, 3)
    for at, crossing, river, deck in terrain_art.bridge_sites(game):
        image = Image.new("RGB", (200, 200), ground)
        local = (100.0, 100.0)
        terrain_art._bridge(ImageDraw.Draw(image), local, crossing, river, deck)
        drawn = ImageChops.difference(image, Image.new("RGB", image.size, ground)).convert("L").point(lambda v: 255 if v else 0)
        feature = layout.Feature("bridge", terrain_art.bridge_outline(local, crossing, river), terrain_art.PARAPET_W, closed=True)
        box = drawn.getbbox()
        assert box is not None
        for y in range(box[1], box[3]):
            for x in range(box[0], box[2]):
                if drawn.getpixel((x, y)):
                    assert feature.hits((x, y, x + 1, y + 1), 1), (at, x, y)
