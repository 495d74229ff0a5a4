"""board.scene: every counter where the state says, inside its area or box; markers; the step's arrows."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from sdbp_module.board.scene import (
    EDGE_OVERLAP,
    ELSEWHERE,
    HALF,
    ArrowKind,
    CardPile,
    Scene,
    _apart,
    about_cards,
    area_spots,
    box_spots,
    card_alt,
    card_scene,
    cards_named,
    grid_spots,
    inside,
    scene,
)
from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.ids import AreaId, CardId, UnitId
from sdbp_module.model.game_data import Area, GameData, Point
from sdbp_module.replay.apply import apply
from sdbp_module.replay.events import (
    Assault,
    CardRemove,
    Damage,
    DamageResult,
    Fire,
    Move,
    Place,
    PlaceKind,
    Relocate,
    UnitOutcome,
    Where,
)
from sdbp_module.replay.location import ELIMINATED, Location, LocationKind
from sdbp_module.replay.scenario import printed_start
from sdbp_module.replay.snapshots import Snapshot
from sdbp_module.replay.state import GameState, Piles, UnitState
from sdbp_module.vassal import layout

F, V = FRENCH, VIET_MINH
U, A = UnitId, AreaId
AT = Where("t.vlog", 5)


def start(game: GameData) -> GameState:
    return apply(GameState.empty(), printed_start(game))


def edge_distance(p: tuple[float, float], poly: tuple[Point, ...]) -> float:
    best = math.inf
    for i in range(len(poly)):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % len(poly)]
        dx, dy = x2 - x1, y2 - y1
        t = max(0.0, min(1.0, ((p[0] - x1) * dx + (p[1] - y1) * dy) / (dx * dx + dy * dy)))
        best = min(best, math.hypot(p[0] - x1 - t * dx, p[1] - y1 - t * dy))
    return best


def smallest_area(game: GameData) -> AreaId:
    def size(poly: tuple[Point, ...]) -> float:
        return abs(sum(poly[i][0] * poly[(i + 1) % len(poly)][1] - poly[(i + 1) % len(poly)][0] * poly[i][1] for i in range(len(poly)))) / 2

    return min(game.areas, key=lambda a: size(a.polygon)).id


def crowded(game: GameData) -> GameState:
    """Nine units of each side (some spent) and four markers in the smallest area; 25 units in the
    Eliminated box, others in Removed, a turn box, Replacements and off the map."""
    tiny = smallest_area(game)
    s = start(game)
    fr = [u.id for u in game.units_of(F)]
    vm = [u.id for u in game.units_of(V)]
    changes: list[tuple[UnitId, UnitState | None]] = []
    for i, u in enumerate(fr[:9] + vm[:9]):
        changes.append((u, UnitState(game.unit(u).side, Location.in_area(tiny), spent=i % 3 == 0)))
    for u in vm[9:34]:
        changes.append((u, UnitState(V, ELIMINATED)))
    changes.append((vm[34], UnitState(V, Location(LocationKind.REMOVED))))
    changes.append((fr[9], UnitState(F, Location.on_turn(4))))
    s = s.with_units(changes)
    other = next(a for a in game.areas if a.id != tiny)
    control = dict(s.control)
    control[tiny] = V if game.area(tiny).control is F else F
    return replace(
        s,
        control=control,
        trenches={tiny: 2},
        fire_markers=frozenset({(tiny, F), (other.id, V)}),
        no_supply=frozenset({tiny}),
        no_replacements=True,
        turn_marker=3,
    )


def zone_of(loc: Location) -> str:
    if loc.kind is LocationKind.AREA:
        return str(loc.area)
    if loc.kind is LocationKind.TURN:
        return layout.turn_box_name(loc.turn or 0)
    return {
        LocationKind.REPLACEMENTS: layout.REPLACEMENTS,
        LocationKind.ELIMINATED: layout.ELIMINATED,
        LocationKind.REMOVED: layout.REMOVED,
        LocationKind.OFF_MAP: layout.RELIEF,
    }[loc.kind]


def check_places(game: GameData, lay: layout.Layout, state: GameState, sc: Scene) -> None:
    """Each unit of ``state`` drawn once, on its face, in its zone; inside its area or box."""
    drawn = [c for c in sc.counters if c.unit is not None]
    assert sorted(c.unit for c in drawn if c.unit) == sorted(state.units)
    for c in drawn:
        assert c.unit is not None
        us = state.units[c.unit]
        assert (c.zone, c.spent, c.side) == (zone_of(us.location), us.spent, us.side)
    for c in sc.counters:
        if c.zone.isdigit():
            poly = game.area(AreaId(int(c.zone))).polygon
            assert inside((c.x, c.y), poly), c
            assert edge_distance((c.x, c.y), poly) >= HALF, c  # the counter's inscribed circle is inside
        else:
            box = lay.box(c.zone)
            x0, y0, x1, y1 = c.rect
            assert box.x <= x0 and x1 <= box.x + box.w, c
            assert box.y + 24 <= y0 and y1 <= box.y + box.h, c  # under the box title
            space = box.space_for(c.side) if box.spaces else None
            if space is not None:  # a side's units in its own space, markers in theirs
                assert space.x <= x0 and x1 <= space.x + space.w and space.y <= y0 and y1 <= space.y + space.h, (c, space)
    boxed = [c for c in sc.counters if not c.zone.isdigit()]
    for i, a in enumerate(boxed):  # in a holding box nothing covers any part of a counter
        for b in boxed[i + 1 :]:
            assert a.zone != b.zone or not layout.overlaps(a.rect, b.rect), (a, b)


def test_the_printed_start_places_every_unit_in_its_area_or_box(game: GameData, lay: layout.Layout) -> None:
    state = start(game)
    sc = scene(game, lay, Snapshot(AT, state))
    check_places(game, lay, state, sc)
    on_map = [c for c in sc.counters if c.unit is not None and c.zone.isdigit()]
    assert len(on_map) == len(state.units_at(LocationKind.AREA)) > 50
    assert sc.off_map == state.units_at(LocationKind.OFF_MAP) and sc.off_map
    assert {c.zone for c in sc.counters if c.unit in sc.off_map} == {layout.RELIEF}
    assert [c.label for c in sc.counters if c.unit is None] == ["Turn"]  # printed control: no control markers
    assert sc.focus is None and sc.outlines == () and sc.rings == () and sc.arrows == ()


def test_a_crowded_area_and_full_boxes_keep_every_counter_inside(game: GameData, lay: layout.Layout) -> None:
    state = crowded(game)
    sc = scene(game, lay, Snapshot(AT, state))
    check_places(game, lay, state, sc)
    tiny = str(smallest_area(game))
    here = [c for c in sc.counters if c.zone == tiny]
    assert len(here) == len(state.units_in(AreaId(int(tiny)))) + 4 >= 18 + 4
    assert len({(c.x, c.y) for c in here}) == len(here)  # overlapping, never hidden exactly under another
    assert len([c for c in sc.counters if c.zone == layout.ELIMINATED]) == 25


def test_markers_show_what_differs_from_the_printed_map(game: GameData, lay: layout.Layout) -> None:
    state = crowded(game)
    sc = scene(game, lay, Snapshot(AT, state))
    tiny = str(smallest_area(game))
    markers = sorted((c.zone, c.label, c.image) for c in sc.counters if c.unit is None)
    other = next(a for a in game.areas if a.id != int(tiny))
    side = "viet_minh" if game.area(AreaId(int(tiny))).control is F else "french"
    assert markers == sorted(
        [
            (tiny, f"Control {side}", f"marker_control_{1 if side == 'french' else 2}.png"),
            (tiny, "Trench 2", "marker_trench_2.png"),
            (tiny, "Fire french", "marker_fire_1.png"),
            (tiny, "No Supply", "marker_no-supply_1.png"),
            (str(other.id), "Fire viet_minh", "marker_fire_2.png"),
            (layout.turn_box_name(3), "Turn", "marker_turn_1.png"),
            (layout.REPLACEMENTS, "No Replacements", "marker_no-replacements_1.png"),
        ]
    )
    spent = {c.unit: c.image for c in sc.counters if c.unit is not None and c.spent}
    assert spent and all(image.endswith("_spent.png") for image in spent.values())


def centre(game: GameData, area: int) -> Point:
    return game.area(A(area)).label


def arrows(game: GameData, lay: layout.Layout, *events: object) -> list[tuple[ArrowKind, tuple[Point, ...]]]:
    state = start(game)
    sc = scene(game, lay, Snapshot(AT, state, tuple(events)))  # type: ignore[arg-type]
    return [(a.kind, a.points) for a in sc.arrows]


def test_move_arrows_follow_the_path(game: GameData, lay: layout.Layout) -> None:
    plain = Move(side=V, units=(U("VM-308-88-322-1"),), from_area=A(7), to_area=A(11), where=AT)
    path = Move(side=V, units=(U("VM-308-88-322-1"),), from_area=A(7), to_area=A(17), path=(A(7), A(11), A(17)), where=AT)
    assert arrows(game, lay, plain) == [(ArrowKind.MOVE, (centre(game, 7), centre(game, 11)))]
    assert arrows(game, lay, path) == [(ArrowKind.MOVE, (centre(game, 7), centre(game, 11), centre(game, 17)))]


def test_fire_assault_and_card_fire_arrows(game: GameData, lay: layout.Layout) -> None:
    fire = Fire(side=V, units=(U("VM-312-141-11-1"),), from_area=A(12), target=A(14), where=AT)
    card = Fire(side=F, card=CardId("FR-18"), target=A(8), where=AT)
    assault = Assault(side=V, units=(U("VM-312-141-428-1"),), from_area=A(13), target=A(14), where=AT)
    assert arrows(game, lay, fire, card, assault) == [
        (ArrowKind.FIRE, (centre(game, 12), centre(game, 14))),
        (ArrowKind.FIRE, (centre(game, 8),)),  # a card's fire: the target only
        (ArrowKind.ASSAULT, (centre(game, 13), centre(game, 14))),
    ]


def test_retreats_place_and_relocate_arrows(game: GameData, lay: layout.Layout) -> None:
    damage = Damage(
        side=F,
        target=A(14),
        outcomes=(
            UnitOutcome(U("FR-III13DBLE-9"), DamageResult.FLIP_RETREAT, (A(17), A(24))),
            UnitOutcome(U("FR-III13DBLE-10"), DamageResult.FLIP),
            UnitOutcome(U("FR-III13DBLE-11"), DamageResult.RETREAT, (A(19),)),
        ),
        where=AT,
    )
    assert arrows(game, lay, damage) == [
        (ArrowKind.RETREAT, (centre(game, 14), centre(game, 17), centre(game, 24))),
        (ArrowKind.RETREAT, (centre(game, 14), centre(game, 19))),
    ]
    reinforcement = Place(side=F, units=(U("FR-VOL-1"),), to=Location.in_area(21), where=AT)
    turn = game.unit(U("FR-VOL-1")).setup.turn
    assert turn is not None
    replacement = Place(side=V, units=(U("VM-REPL-01"),), to=Location.in_area(3), place_kind=PlaceKind.REPLACEMENT, where=AT)
    assert arrows(game, lay, reinforcement, replacement) == [
        (ArrowKind.PLACE, (lay.box(layout.turn_box_name(turn)).centre, centre(game, 21))),
        (ArrowKind.PLACE, (lay.box(layout.REPLACEMENTS).centre, centre(game, 3))),
    ]
    # eliminated after an assault in the same step: from the area the step showed them in
    assault = Assault(side=V, units=(U("VM-312-141-428-1"),), from_area=A(13), target=A(14), where=AT)
    gone = Relocate(units=(U("VM-312-141-428-1"),), to=ELIMINATED, reason="eliminated", where=AT)
    assert arrows(game, lay, assault, gone)[1] == (ArrowKind.PLACE, (centre(game, 13), lay.box(layout.ELIMINATED).centre))
    assert arrows(game, lay, gone) == [(ArrowKind.PLACE, (lay.box(layout.ELIMINATED).centre,))]  # no origin known
    # a relocation that is a step of its own: from where the state before the step had the unit
    before = start(game)
    origin = before.area_of(U("VM-312-141-428-1"))
    assert origin is not None
    drawn = scene(game, lay, Snapshot(AT, apply(before, gone), (gone,), before))
    assert [(a.kind, a.points) for a in drawn.arrows] == [
        (ArrowKind.PLACE, (centre(game, origin), lay.box(layout.ELIMINATED).centre))
    ]


def test_highlights_and_focus(game: GameData, lay: layout.Layout) -> None:
    state = start(game)
    move = Move(side=V, units=(U("VM-308-88-322-1"),), from_area=A(7), to_area=A(11), where=AT)
    sc = scene(game, lay, Snapshot(AT, state, (move,)), areas=[A(14), A(999)], units=[U("FR-III13DBLE-9"), U("nobody")])
    assert [a for a, _ in sc.outlines] == [14]
    assert [c.unit for c in sc.rings] == ["FR-III13DBLE-9"]
    assert sc.focus is not None
    x0, y0, x1, y1 = sc.focus
    points = [p for _, poly in sc.outlines for p in poly] + [p for a in sc.arrows for p in a.points]
    points += [(c.x + dx, c.y + dy) for c in sc.rings for dx in (-HALF, HALF) for dy in (-HALF, HALF)]
    assert all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in points)
    assert "after t.vlog#5" in sc.caption


def test_scenes_are_values(game: GameData, lay: layout.Layout) -> None:
    state = crowded(game)
    assert scene(game, lay, Snapshot(AT, state)) == scene(game, lay, Snapshot(AT, state))


@pytest.mark.parametrize("count", [1, 5, 9, 20, 40])
def test_grid_spots_fit_the_space_without_overlap(lay: layout.Layout, count: int) -> None:
    box = lay.box(layout.turn_box_name(1))
    for space in box.spaces:
        size, spots = grid_spots(count, (space.x, space.y, space.w, space.h))
        assert len(spots) == count and 1 <= size <= layout.COUNTER
        rects = [(x - size // 2, y - size // 2, x - size // 2 + size, y - size // 2 + size) for x, y in spots]
        assert all(space.x <= r[0] and r[2] <= space.x + space.w and space.y <= r[1] and r[3] <= space.y + space.h for r in rects)
        assert not any(layout.overlaps(a, b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    assert grid_spots(1, (0, 0, 200, 200))[0] == layout.COUNTER  # room: the full size
    assert len(box_spots(count, box)) == count


def test_a_full_turn_box_keeps_each_side_in_its_space_and_the_turn_marker_beside_them(game: GameData, lay: layout.Layout) -> None:
    """The turn box of the marker's turn holds both sides' arrivals: French in the French space, Viet
    Minh in theirs, as large as fits with nothing overlapping, and the turn marker in its own spot."""
    s = start(game)
    fr = [u.id for u in game.units_of(F)][:12]
    vm = [u.id for u in game.units_of(V)][:20]
    s = replace(s.with_units([(u, UnitState(game.unit(u).side, Location.on_turn(1))) for u in fr + vm]), turn_marker=1)
    sc = scene(game, lay, Snapshot(AT, s))
    check_places(game, lay, s, sc)
    box = lay.box(layout.turn_box_name(1))
    here = [c for c in sc.counters if c.zone == box.name]
    (marker,) = [c for c in here if c.unit is None]
    spot = box.space_for(None)
    assert marker.size == layout.COUNTER and spot.x <= marker.rect[0] and marker.rect[3] <= spot.y + spot.h
    assert all(not layout.overlaps(marker.rect, c.rect) for c in here if c is not marker)
    assert {c.size for c in here if c.side is F} != {layout.COUNTER}  # twelve do not fit at full size


def has_room(area: Area, at: Point, count: int, marks: tuple[layout.Rect, ...]) -> bool:
    """Whether ``area`` has room for ``count`` counters side by side, none over ``marks``."""
    return _apart(count, area.polygon, at, marks) is not None


def covers_label(area: Area, at: Point, spots: tuple[Point, ...]) -> bool:
    marks = layout.label_footprint(area, at)
    return any(layout.overlaps((x - HALF, y - HALF, x + HALF, y + HALF), m) for x, y in spots for m in marks)


def test_counters_leave_their_areas_label_clear_where_the_area_has_room(game: GameData, lay: layout.Layout) -> None:
    """In every area of the printed start and of a crowded board, no counter covers any mark of the
    area's printed label (number, D-value, name, star, bonus square) while the area has room clear of it."""
    checked = 0
    for state in (start(game), crowded(game)):
        sc = scene(game, lay, Snapshot(AT, state))
        for area in game.areas:
            at = lay.label_at(area.id)
            here = [c for c in sc.counters if c.zone == str(area.id)]
            if not here or not has_room(area, at, len(here), layout.label_footprint(area, at)):
                continue
            checked += 1
            assert not covers_label(area, at, tuple((c.x, c.y) for c in here)), area.id
            inner = [layout.grow(c.rect, -EDGE_OVERLAP // 2) for c in here]  # side by side: at most their borders meet
            assert not any(layout.overlaps(a, b) for i, a in enumerate(inner) for b in inner[i + 1 :]), area.id
    assert checked > 40


def test_area_spots_keep_off_the_label_when_they_know_it(game: GameData, lay: layout.Layout) -> None:
    """Given the label's marks the spots avoid them all (where the grid without them covers some),
    and an area too small for its counters clear of the label still gets them all, inside."""
    avoided = 0
    for area in game.areas:
        at = lay.label_at(area.id)
        marks = layout.label_footprint(area, at)
        for count in (2, 4, 8):
            if not has_room(area, at, count, marks):
                break
            assert not covers_label(area, at, area_spots(count, area.polygon, at, marks)), (area.id, count)
            avoided += covers_label(area, at, area_spots(count, area.polygon, at))
    assert avoided > 0
    tiny = game.area(smallest_area(game))
    at = lay.label_at(tiny.id)
    crowd = area_spots(40, tiny.polygon, at, layout.label_footprint(tiny, at))
    assert len(crowd) == 40 and all(inside(p, tiny.polygon) for p in crowd)


@pytest.mark.parametrize("count", [1, 9, 30, 120])
def test_area_spots_stay_inside_even_when_stacked(game: GameData, count: int) -> None:
    area = game.area(smallest_area(game))
    spots = area_spots(count, area.polygon, area.label)
    assert len(spots) == count
    assert all(inside(p, area.polygon) and edge_distance(p, area.polygon) >= HALF for p in spots)
    if count <= 30:
        assert len(set(spots)) == count


def test_an_arrow_from_a_panel_box_brings_the_whole_box_into_focus(game: GameData, lay: layout.Layout) -> None:
    place = Place(side=V, units=(U("VM-REPL-01"),), to=Location.in_area(3), place_kind=PlaceKind.REPLACEMENT, where=AT)
    sc = scene(game, lay, Snapshot(AT, start(game), (place,)))
    box = lay.box(layout.REPLACEMENTS)
    assert sc.focus is not None
    x0, y0, x1, y1 = sc.focus
    assert x0 <= box.x and box.x + box.w <= x1 and y0 <= box.y and box.y + box.h <= y1


def test_a_unit_in_a_place_the_board_lacks_is_named_in_the_caption(game: GameData, lay: layout.Layout) -> None:
    state = start(game).with_units(
        [(U("FR-VOL-1"), UnitState(F, Location.on_turn(12))), (U("FR-VOL-2"), UnitState(F, Location.in_area(99)))]
    )
    sc = scene(game, lay, Snapshot(AT, state))
    assert sc.not_drawn == ("FR-VOL-1 (turn:12)", "FR-VOL-2 (99)")
    assert sc.caption.endswith("; 2 not drawn: FR-VOL-1 (turn:12), FR-VOL-2 (99)")
    assert sc.counter_of(U("FR-VOL-1")) is None and sc.counter_of(U("FR-GAACEO-REDON")) is not None


def test_which_rules_are_about_cards() -> None:
    assert all(about_cards(r) for r in ("CARD-RESHUFFLE", "HAND-SIZE", "SOS-CARD-03", "C-RATS", "CARD-DISCARD-NOT-REMOVED"))
    assert not any(about_cards(r) for r in ("FIRE-DAMAGE", "SEQ-VM-FIRST", "SOS-MOV-03", "VICTORY-6-AREAS"))


def test_cards_named_by_id_else_by_name(game: GameData) -> None:
    first = game.cards[0]
    assert cards_named(game, f"{first.name} ({first.id}) was discarded") == (first.id,)
    assert cards_named(game, f"the {first.name.upper()} card") == tuple(c.id for c in game.cards if c.name == first.name)
    assert cards_named(game, f"{first.id}X and X{first.id} name nothing") == ()


def test_the_card_view_shows_the_sides_piles_with_the_card_named_marked(game: GameData) -> None:
    hand = tuple(c.id for c in game.cards if c.side is F)[:5]
    named = tuple(c.id for c in game.cards if c.side is F)[5]
    state = replace(start(game), piles={F: Piles(deck=hand[3:], hand=hand[:3], removed=(named,)), V: Piles(hand=(CardId("VM-01"),))})
    remove = CardRemove(side=F, cards=(named,), where=AT)
    sc = card_scene(game, Snapshot(AT, state, (remove,)), side=F, cards=(named,))
    assert sc.marked == (named,)
    assert [(p.side, p.pile, p.cards) for p in sc.piles] == [
        (F, "hand", hand[:3]), (F, "discard", ()), (F, "removed", (named,)), (F, "deck", hand[3:])
    ]  # the Viet Minh's piles are not what it is about
    assert sc.step == (f"French removes {named} {game.card(named).name}",)
    # no card named: the step's cards are marked; a card in no pile of the side is shown apart
    sc = card_scene(game, Snapshot(AT, state, (remove,)))
    assert sc.marked == (named,)
    elsewhere = card_scene(game, Snapshot(AT, replace(state, piles={})), side=F, cards=(named,))
    assert elsewhere.piles[0] == CardPile(None, ELSEWHERE, (named,), 1)
    assert named in card_alt(game, elsewhere) and game.card(named).name in card_alt(game, elsewhere)
