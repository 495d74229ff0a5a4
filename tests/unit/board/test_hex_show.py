"""The board of a hex-map game (Stand at Mortain): scene, snapshots, picture, text, ``sdbp show``.

The events are built in Python (a game start from the data's set-up, then an entry, a move, a fire
with its combat card and hit, an elimination); the log reader (``replay.hexes.loading``) is replaced
by a stand-in that returns them, so these tests need no ``.vlog``.
"""

from __future__ import annotations

import io
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest
from click.testing import CliRunner
from PIL import Image

from sdbp_module.board.commands import HEX_LOADER, hex_board_text
from sdbp_module.board.draw import HexBoardPainter
from sdbp_module.board.hex_scene import (
    board_layout,
    hex_scene,
    hex_spots,
    mark_point,
    place_point,
)
from sdbp_module.board.scene import ArrowKind
from sdbp_module.cli import main
from sdbp_module.ids import Side
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.replay.events import END_OF_LOG, NOWHERE, Where
from sdbp_module.replay.hexes.events import (
    CardDrawn,
    FireAt,
    HexEvent,
    HexGameStart,
    Hit,
    SupportCall,
    TurnStart,
    UnitMove,
)
from sdbp_module.replay.hexes.snapshots import (
    HexSnapshot,
    eliminated_boxes,
    hex_snapshots,
    setup_state,
)
from sdbp_module.vassal import layout

MORTAIN = PROJECT_ROOT / "source_data" / "mortain"
LOG = "game.jsonl"
TIGER, PANZER, RIFLES, GUNS = "DE-102", "DE-1SS-PZ", "US-2-120", "US-823A"


@pytest.fixture(scope="module")
def game() -> GameData:
    return load_game(MORTAIN, hex_map=True)


def _sides(game: GameData) -> tuple[Side, Side]:
    by_id = {s.value: s for s in game.game.sides}
    return by_id["usa"], by_id["de"]


def at(line: int) -> Where:
    return Where(LOG, line, line)


def events_of(game: GameData) -> list[HexEvent]:
    """Line 1 the game start; 3 a card; 4 two units enter L7; 5 the Tiger moves on to K8; 7 a fire at it
    from J8 and H7 with its combat card and a hit (flip); 9 a second hit (eliminated); 10 an air attack."""
    us, axis = _sides(game)
    start = setup_state(game)
    return [
        HexGameStart(where=at(1), places=tuple(start.places.items()), turn=1),
        TurnStart(where=at(2), side=axis, turn=1),
        CardDrawn(where=at(3), side=axis, card="7S"),
        UnitMove(where=at(4), side=axis, unit=TIGER, from_place="box:german-entry", to_place="L7"),
        UnitMove(where=at(4), side=axis, unit=PANZER, from_place="box:german-entry", to_place="L7"),
        UnitMove(where=at(5), side=axis, unit=TIGER, from_place="L7", to_place="K8"),
        CardDrawn(where=at(6), side=us, card="8H"),
        FireAt(where=at(7), side=us, firers=((RIFLES, "J8"), (GUNS, "H7")), target=TIGER),
        CardDrawn(where=at(7), side=us, card="3C", purpose="combat"),
        Hit(where=at(7), side=axis, unit=TIGER, place="K8", result="flip"),
        CardDrawn(where=at(8), side=us, card="9D"),
        Hit(where=at(9), side=axis, unit=TIGER, place="K8", result="eliminate"),
        SupportCall(where=at(10), side=us, marker="air", mode="attack", target=PANZER),
    ]


def snap(game: GameData, line: int | None) -> HexSnapshot:
    where = END_OF_LOG if line is None else at(line)
    return hex_snapshots(events_of(game), [where], initial=setup_state(game), eliminated_box=eliminated_boxes(game))[where.sort_key]


def _inside(p: tuple[float, float], poly: tuple[tuple[float, float], ...]) -> bool:
    """Whether ``p`` is inside the convex polygon ``poly`` (its corners clockwise on the screen)."""
    signs = set()
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1], strict=True):
        signs.add((bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax) >= 0)
    return len(signs) == 1


# -- snapshots ----------------------------------------------------------------------------------------


def test_snapshots_keep_the_state_after_each_step_and_its_events(game: GameData) -> None:
    us, axis = _sides(game)
    before = snap(game, 3)
    assert before.state.place(TIGER) == "box:german-entry" and before.card is not None and before.card.card == "7S"
    moved = snap(game, 5)
    assert moved.state.place(TIGER) == "K8" and moved.state.place(PANZER) == "L7"
    assert [type(e) for e in moved.events] == [UnitMove] and moved.before is not None and moved.before.place(TIGER) == "L7"
    fired = snap(game, 7)
    assert TIGER in fired.state.flipped and len(fired.events) == 3
    assert fired.card is not None and fired.card.card == "8H" and fired.card.side is us  # the combat card is not the impulse's
    gone = snap(game, 9)
    assert gone.state.place(TIGER) == "box:german-eliminated" and TIGER not in gone.state.flipped
    end = snap(game, None)
    assert end.events == () and end.state.place(TIGER) == "box:german-eliminated"
    first = hex_snapshots(events_of(game), [NOWHERE], initial=setup_state(game))[NOWHERE.sort_key]
    assert first.state == setup_state(game) and axis is not us


def test_a_step_between_steps_shows_the_state_before_it(game: GameData) -> None:
    evs = [e for e in events_of(game) if e.where.line != 6]
    found = hex_snapshots(evs, [at(6)], initial=setup_state(game))[(LOG, 6)]
    assert found.events == () and found.state.place(TIGER) == "K8"


def test_the_set_up_places_every_unit_in_its_hex_or_box(game: GameData) -> None:
    start = setup_state(game)
    assert set(start.places) == {str(u.id) for u in game.units}
    assert start.place(RIFLES) == "J8" and start.place(TIGER) == "box:german-entry" and start.turn == 1


# -- the scene ----------------------------------------------------------------------------------------


def test_every_counter_sits_inside_its_hex_and_a_stack_fans_out(game: GameData) -> None:
    board = board_layout(game)
    sc = hex_scene(game, board, snap(game, 4))
    grid = board.grid
    hex_ids = {grid.hex_id(h) for h in grid.hexes()}
    on_map = [c for c in sc.counters if c.zone in hex_ids]
    assert len(on_map) == sum(1 for u in game.units if u.setup.hex is not None) + 2
    for c in on_map:
        h = grid.parse_id(c.zone)
        assert h is not None
        poly = grid.polygon(h)
        assert all(_inside(p, poly) for p in ((c.x, c.y), (c.rect[0], c.rect[1]), (c.rect[2], c.rect[1]), (c.rect[0], c.rect[3]))), c
    stack = [c for c in on_map if c.zone == "L7"]
    assert [c.unit for c in stack] == [TIGER, PANZER]  # the game's unit order
    assert stack[0].size == stack[1].size < layout.COUNTER and stack[1].y > stack[0].y and stack[0].x == stack[1].x
    single = next(c for c in on_map if c.zone == "J8")
    assert single.size == layout.COUNTER


def test_hex_spots_fan_a_stack_under_the_hex_id(game: GameData) -> None:
    one = hex_spots(1, 100.0, 50.0)
    assert one == (layout.COUNTER, ((100, 50 + layout.COUNTER // 2),))
    size, spots = hex_spots(3, 100.0, 50.0)
    assert len(spots) == 3 and spots[0][1] - size // 2 == 50 and spots[0][1] < spots[1][1] < spots[2][1]


def test_box_counters_are_in_rows_inside_their_box_and_the_turn_marker_on_the_track(game: GameData) -> None:
    board = board_layout(game)
    sc = hex_scene(game, board, snap(game, 1))
    rects = {pb.box.name: pb.rect for pb in board.boxes}
    waiting = [c for c in sc.counters if c.zone == "german-entry"]
    assert len(waiting) == sum(1 for u in game.units if u.setup.box == "german-entry")
    x0, y0, x1, y1 = rects["german-entry"]
    for c in waiting:
        assert x0 <= c.rect[0] and c.rect[2] <= x1 and y0 < c.rect[1] and c.rect[3] <= y1
    for a in waiting:
        for b in waiting:
            if a is not b:
                assert a.rect[2] <= b.rect[0] or b.rect[2] <= a.rect[0] or a.rect[3] <= b.rect[1] or b.rect[3] <= a.rect[1]
    marker = [c for c in sc.counters if c.unit is None]
    assert [m.zone for m in marker] == ["Turn 1"] and sc.not_drawn == ()


def test_a_flipped_unit_shows_its_flipped_face_and_an_eliminated_one_its_box(game: GameData) -> None:
    board = board_layout(game)
    fired = hex_scene(game, board, snap(game, 7)).counter_of(TIGER)  # type: ignore[arg-type]
    assert fired is not None and fired.image == f"unit_{TIGER}_flipped.png" and fired.spent and fired.zone == "K8"
    gone = hex_scene(game, board, snap(game, 9)).counter_of(TIGER)  # type: ignore[arg-type]
    assert gone is not None and gone.zone == "german-eliminated" and gone.image == f"unit_{TIGER}_full.png"


def test_move_arrows_go_from_box_or_hex_to_hex_and_stop_beside_the_counter(game: GameData) -> None:
    board = board_layout(game)
    entry = hex_scene(game, board, snap(game, 4)).arrows
    assert len(entry) == 1 and entry[0].kind is ArrowKind.MOVE and TIGER in entry[0].label and PANZER in entry[0].label
    x0, y0, x1, y1 = next(pb.rect for pb in board.boxes if pb.box.name == "german-entry")
    start, end = entry[0].points
    assert start[0] == x0 and y0 <= start[1] <= y1  # the box's edge facing the map
    spot = place_point(board, "L7")
    assert spot is not None and math.dist(end, spot) >= layout.COUNTER // 2  # beside the counter, not over it
    step = hex_scene(game, board, snap(game, 5)).arrows
    (a, b), l7, k8 = step[0].points, place_point(board, "L7"), place_point(board, "K8")
    assert l7 is not None and k8 is not None
    assert math.dist(a, l7) < math.dist(a, k8) and math.dist(b, k8) < math.dist(b, l7)


def test_a_fire_draws_a_line_from_each_firing_hex_to_the_target(game: GameData) -> None:
    board = board_layout(game)
    arrows = hex_scene(game, board, snap(game, 7)).arrows
    assert [a.kind for a in arrows] == [ArrowKind.FIRE, ArrowKind.FIRE]
    k8 = place_point(board, "K8")
    assert k8 is not None
    for arrow, firer in zip(arrows, ("J8", "H7"), strict=True):
        here = place_point(board, firer)
        assert here is not None and len(arrow.points) == 2
        assert math.dist(arrow.points[0], here) < math.dist(arrow.points[0], k8)
        assert math.dist(arrow.points[1], k8) < math.dist(arrow.points[1], here)
    assert [a.under for a in arrows] == [False, True]  # J8 is K8's neighbour: over the counters; H7 is farther: under them
    support = hex_scene(game, board, snap(game, 10)).arrows
    assert len(support) == 1 and support[0].points == (mark_point(board, "L7"),) and "air attack" in support[0].label


def test_rings_outline_the_hexes_and_units_named_and_focus_on_them(game: GameData) -> None:
    board = board_layout(game)
    sc = hex_scene(game, board, snap(game, 7), hexes=("K8", "Z99"), units=(TIGER, "DE-NONE"))
    assert [h for h, _ in sc.outlines] == ["K8"] and [c.unit for c in sc.rings] == [TIGER]
    assert sc.outline_noun == "hexes" and sc.focus is not None
    fx0, fy0, fx1, fy1 = sc.focus
    for _, poly in sc.outlines:
        assert all(fx0 <= x <= fx1 and fy0 <= y <= fy1 for x, y in poly)
    assert "turn 1" in sc.caption and "8H" in sc.caption
    assert hex_scene(game, board, snap(game, 1)).focus is None


def test_a_unit_at_a_place_the_board_lacks_is_named_in_the_caption(game: GameData) -> None:
    us, _ = _sides(game)
    evs = [*events_of(game)[:1], UnitMove(where=at(2), side=us, unit=RIFLES, from_place="J8", to_place="Z99")]
    s = hex_snapshots(evs, [at(2)], initial=setup_state(game))[(LOG, 2)]
    sc = hex_scene(game, board_layout(game), s)
    assert sc.not_drawn == (f"{RIFLES} (Z99)",) and "1 not drawn" in sc.caption and sc.arrows == ()


# -- the picture and the text -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def painter(game: GameData) -> HexBoardPainter:
    return HexBoardPainter(game)


def test_the_whole_board_png_has_the_boards_size_and_the_same_bytes_twice(game: GameData, painter: HexBoardPainter) -> None:
    board = board_layout(game)
    s = snap(game, 7)
    one = painter.hex_picture(s, crop=False, fmt="png")
    assert (one.width, one.height) == (board.width, board.height) and one.mime == "image/png"
    assert painter.hex_picture(s, crop=False, fmt="png").data == one.data
    assert HexBoardPainter(game).hex_picture(s, crop=False, fmt="png").data == one.data
    with Image.open(io.BytesIO(one.data)) as img:
        assert img.size == (board.width, board.height)
    assert "fire" in one.alt and "turn 1" in one.alt


def test_a_finding_picture_is_cropped_and_shows_the_ring_and_fire_colours(game: GameData, painter: HexBoardPainter) -> None:
    from sdbp_module.board.draw import ARROW_COLOUR, HIGHLIGHT

    pic = painter.hex_picture(snap(game, 7), hexes=("K8",), units=(TIGER,), fmt="png")
    assert pic.width <= 1000 and pic.height <= 900
    with Image.open(io.BytesIO(pic.data)) as img:
        colours = {c for _, c in img.convert("RGB").getcolors(1 << 20) or []}
    assert HIGHLIGHT in colours and ARROW_COLOUR[ArrowKind.FIRE] in colours
    assert "hexes K8 outlined" in pic.alt and f"units {TIGER} ringed" in pic.alt


def test_the_counters_drawn_are_the_modules_faces(game: GameData, painter: HexBoardPainter) -> None:
    from sdbp_module.vassal.hex_module import render_hex_unit

    board = board_layout(game)
    sc = painter.scene(snap(game, 1))
    img = painter.render(sc, crop=False)
    c = next(c for c in sc.counters if c.unit == RIFLES)
    h = c.size // 2
    with Image.open(io.BytesIO(render_hex_unit(game, game.unit(c.unit), False))) as face:  # type: ignore[arg-type]
        expected = face.convert("RGB")
    drawn = img.crop((c.x - h, c.y - h, c.x - h + c.size, c.y - h + c.size))
    assert drawn.tobytes() == expected.tobytes() and img.size == (board.width, board.height)


def test_the_text_lists_turn_card_hexes_boxes_and_the_steps_events(game: GameData) -> None:
    text = hex_board_text(game, snap(game, 7))
    lines = text.splitlines()
    assert lines[0].startswith(f"Board after {LOG}:7, turn 1") and "Turn: 1" in lines
    assert any(line.startswith("Impulse card: 8H") for line in lines)
    assert "  K8 clear: 102 Tiger*" in lines
    assert any(line.startswith("  J8 hill (") and line.endswith(": 2/120") for line in lines)
    assert any(line.startswith("  H7 village") and line.endswith(": 1/120, 823 TD A") for line in lines)
    assert any(line.startswith("  German entry (off the east edge) (12): ") for line in lines)
    assert "  German eliminated (0)" in lines
    assert any(line.startswith("  fire (side=US; firers=2/120 in J8, 823 TD A in H7; target=102 Tiger") for line in lines)
    assert any(line.startswith("  draw (side=US; card=3C; purpose=combat)") for line in lines)
    assert any(line.startswith("  drawn: fire ") for line in lines)
    assert hex_board_text(game, snap(game, 7)) == text
    before = hex_board_text(game, snap(game, 2))
    assert "Impulse card: none drawn this turn" in before and "This step" in before


# -- sdbp show ----------------------------------------------------------------------------------------


@pytest.fixture
def reader(game: GameData, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The hex log reader replaced by one returning the events above (the paths it was asked to read)."""
    asked: list[Path] = []

    def load_hex_log(path: Path, g: GameData) -> tuple[list[HexEvent], tuple[()]]:
        asked.append(path)
        return events_of(game), ()

    fake = ModuleType(HEX_LOADER)
    fake.load_hex_log = load_hex_log  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, HEX_LOADER, fake)
    return asked


def test_sdbp_show_of_a_hex_game_prints_the_text_at_a_line(reader: list[Path], game: GameData, tmp_path: Path) -> None:
    log = tmp_path / LOG
    log.write_text("{}\n")
    result = CliRunner().invoke(main, ["show", str(log), "--data", str(MORTAIN), "--at", ":7", "--format", "text"])
    assert result.exit_code == 0, result.output
    assert result.output == hex_board_text(game, snap(game, 7)) and reader == [log]
    step = CliRunner().invoke(main, ["show", str(log), "--data", str(MORTAIN), "--step", "7", "--format", "text"])
    assert step.exit_code == 0 and step.output == result.output


def test_sdbp_show_of_a_hex_game_writes_the_png(reader: list[Path], game: GameData, tmp_path: Path) -> None:
    log, out = tmp_path / LOG, tmp_path / "board.png"
    log.write_text("{}\n")
    result = CliRunner().invoke(main, ["show", str(log), "--data", str(MORTAIN), "--at", "end", "-o", str(out)])
    assert result.exit_code == 0, result.output
    board = board_layout(game)
    assert result.output.startswith(f"{out}: {board.width}x{board.height} pixels, Board end of log, turn 1")
    assert out.read_bytes() == HexBoardPainter(game).hex_picture(snap(game, None), crop=False, fmt="png").data


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--at", ":99"], "no event on line 99 (events on lines 1-10)"),
        (["--at", "x"], "expected a position as the findings give it"),
    ],
)
def test_sdbp_show_of_a_hex_game_refuses_a_bad_position_in_one_line(reader: list[Path], tmp_path: Path, args: list[str], message: str) -> None:
    log = tmp_path / LOG
    log.write_text("{}\n")
    result = CliRunner().invoke(main, ["show", str(log), "--data", str(MORTAIN), "--format", "text", *args])
    assert result.exit_code == 2 and message in result.stderr and "Traceback" not in result.output


def test_sdbp_show_of_a_hex_game_refuses_a_save(tmp_path: Path) -> None:
    save = tmp_path / "game.vsav"
    save.write_bytes(b"x")
    result = CliRunner().invoke(main, ["show", str(save), "--data", str(MORTAIN), "--format", "text"])
    assert result.exit_code == 2 and "expected a .vlog log or an events .jsonl file" in result.stderr


def test_a_crop_about_the_map_stays_on_the_map_and_one_about_a_box_shows_the_box(game: GameData, painter: HexBoardPainter) -> None:
    sc = painter.scene(snap(game, 7), hexes=("K8",), units=(TIGER,))
    left, top, right, bottom = painter.region(sc)
    assert right <= sc.map_width and right - left >= 1000 and sc.focus is not None and left <= sc.focus[0]
    entry = painter.scene(snap(game, 4))  # an arrow from the entry box: the whole box in the picture
    box = next(pb.rect for pb in board_layout(game).boxes if pb.box.name == "german-entry")
    left, top, right, bottom = painter.region(entry)
    assert left <= box[0] and box[2] <= right and top <= box[1] and box[3] <= bottom


def test_a_ringed_unit_keeps_its_place_in_its_stack(game: GameData, painter: HexBoardPainter) -> None:
    """The Tiger, first of its stack, is ringed but not lifted over the counter fanned below it, whose
    name strip and symbol stay as its face prints them."""
    from sdbp_module.vassal.hex_module import render_hex_unit

    sc = painter.scene(snap(game, 4), units=(TIGER,))
    assert not sc.lift_rings and [c.unit for c in sc.rings] == [TIGER]
    img = painter.render(sc, crop=False)
    below = next(c for c in sc.counters if c.unit == PANZER)
    top = below.y - below.size // 2
    left = below.x - below.size // 2
    with Image.open(io.BytesIO(render_hex_unit(game, game.unit(below.unit), False))) as face:  # type: ignore[arg-type]
        expected = face.convert("RGB").resize((below.size, below.size), Image.Resampling.LANCZOS)
    band = (8, 4, below.size - 8, 24)  # its name strip, clear of the ring round the Tiger
    drawn = img.crop((left + band[0], top + band[1], left + band[2], top + band[3]))
    assert drawn.tobytes() == expected.crop(band).tobytes()
