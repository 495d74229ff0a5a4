"""``sdbp show``: the board as the replay has it at a log position, as a PNG or as text.

A short game is written as a ``.vlog`` with the real built module (the scribe, as the end-to-end tests
do) and as an events ``.jsonl``; the PNG must be the painter's picture of the replay's snapshot there,
with each counter showing the module's face where the state puts the unit.
"""

from __future__ import annotations

import io
import json
import os
import zipfile
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner
from PIL import Image

from sdbp_module.board.draw import BoardPainter
from sdbp_module.board.scene import HALF
from sdbp_module.cli import main
from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules.package import SODBP
from sdbp_module.ids import AreaId, CardId, Phase, UnitId
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import default_data_dir
from sdbp_module.replay.events import CardDraw, Flip, Move, PhaseStart, TrenchSet, Where
from sdbp_module.replay.jsonl import event_to_json
from sdbp_module.replay.loading import load_events
from sdbp_module.replay.snapshots import snapshots
from sdbp_module.rules.checker import start_state
from sdbp_module.vassal import layout
from sdbp_module.vassal_log.scribe import Scribe
from tests.built_modules import built_module

F, V = FRENCH, VIET_MINH
MOVED = "VM-308-88-322-1"


@pytest.fixture(scope="module")
def game() -> GameData:
    return load_game(default_data_dir())


@pytest.fixture(scope="module")
def module(game: GameData, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built_module(default_data_dir(), tmp_path_factory.mktemp("show-module"))


@pytest.fixture(scope="module")
def vlog(module: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Steps: 1-2 draws, 3 the action phase, 4 a move 7 → 11, 5 its flip, 6 a French move 14 → 17."""
    s = Scribe(module)
    s.draw(F, ["FR-02", "FR-03", "FR-04"])
    s.draw(V, ["VM-01", "VM-02"])
    s.phase(1, "action", V)
    s.move(V, [MOVED, "VM-308-88-322-2"], "11")
    s.flip(V, [MOVED])
    s.move(F, ["FR-III13DBLE-9"], "17")
    path = tmp_path_factory.mktemp("show-log") / "short.vlog"
    s.write(path)
    return path


@pytest.fixture(scope="module")
def jsonl(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Lines: 1 draw phase, 2 a VM draw, 3 the action phase, 4 a move 7 → 11, 5 its flip, 6 a trench."""
    path = tmp_path_factory.mktemp("show-jsonl") / "short.jsonl"
    events = [
            PhaseStart(turn=1, phase=Phase.DRAW),
            CardDraw(side=V, cards=(CardId("VM-01"), CardId("VM-25"))),
            PhaseStart(turn=1, phase=Phase.ACTION),
            Move(side=V, units=(UnitId(MOVED),), from_area=AreaId(7), to_area=AreaId(11)),
            Flip(units=(UnitId(MOVED),), spent=True),
            TrenchSet(area=AreaId(11), level=2),
    ]
    lines = []
    for e in events:
        data = event_to_json(e)
        del data["where"]  # a hand-written transcript: positions are its lines
        lines.append(json.dumps(data) + "\n")
    path.write_text("".join(lines), encoding="utf-8")
    return path


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_png_is_the_painters_picture_with_every_counter_where_the_state_says(
    game: GameData, module: Path, vlog: Path, tmp_path: Path
) -> None:
    out = tmp_path / "board.png"
    code, stdout, err = invoke("show", str(vlog), "--at", "5", "--module", str(module), "-o", str(out))
    assert (code, err) == (0, "") and "move 7→11" not in stdout  # step 5 is the flip: no arrow
    events, _ = load_events(vlog, game, module)
    snap = snapshots(events, start_state(events, game, SODBP.make_sequence(game)), [Where("short.vlog", 5)])[("short.vlog", 5)]
    assert snap.state.area_of(UnitId(MOVED)) == 11 and snap.state.is_spent(UnitId(MOVED))
    painter = BoardPainter(game, module=module)
    assert out.read_bytes() == painter.picture(snap, crop=False, fmt="png").data
    # the counters drawn are the module's faces, where the state has each unit
    image = Image.open(out).convert("RGB")
    sc = painter.scene(snap)
    with zipfile.ZipFile(module) as z:
        faces = {n[7:]: z.read(n) for n in z.namelist() if n.startswith("images/unit_")}
    checked = 0
    for c in sc.counters:
        if c.unit is None:
            continue
        us = snap.state.units[c.unit]
        assert c.zone == (str(us.location.area) if us.location.area is not None else c.zone) and c.spent == us.spent
        crowded = any(o is not c and abs(o.x - c.x) < 2 * HALF and abs(o.y - c.y) < 2 * HALF for o in sc.counters)
        if crowded or c.y < 120:
            continue
        face = Image.open(io.BytesIO(faces[c.image])).convert("RGB")
        assert image.crop((c.x - HALF, c.y - HALF, c.x + HALF, c.y + HALF)).tobytes() == face.tobytes(), c
        checked += 1
    assert checked >= 20
    moved = sc.counter_of(UnitId(MOVED))
    assert moved is not None and moved.zone == "11" and moved.image == f"unit_{MOVED}_spent.png"


def test_the_step_of_a_move_draws_its_arrow_and_the_png_is_deterministic(module: Path, vlog: Path, tmp_path: Path) -> None:
    code, stdout, _ = invoke("show", str(vlog), "--at", "short.vlog#4", "--module", str(module), "-o", str(tmp_path / "b.png"))
    assert code == 0 and "move 7→11" in stdout
    assert invoke("show", str(vlog), "--step", "4", "--module", str(module), "-o", str(tmp_path / "c.png"))[0] == 0
    assert (tmp_path / "b.png").read_bytes() == (tmp_path / "c.png").read_bytes()
    assert invoke("show", str(vlog), "--at", "#5", "--module", str(module), "-o", str(tmp_path / "d.png"))[0] == 0
    assert (tmp_path / "b.png").read_bytes() != (tmp_path / "d.png").read_bytes()


def named(game: GameData, uid: str) -> str:
    return game.unit(UnitId(uid)).name


def test_text_gives_the_clock_areas_markers_and_hands(game: GameData, jsonl: Path) -> None:
    code, out, err = invoke("show", str(jsonl), "--at", "5", "--format", "text")
    assert (code, err) == (0, "")
    assert out.startswith(f"Board after {jsonl}:5, turn 1, action phase")
    assert "  11 Nam Yum meadows\n" in out
    assert f"Viet Minh (5): {named(game, MOVED)}*, {named(game, 'VM-312-165-564-1')}, " in out  # the counters' names
    assert "VM-" not in out.split("Markers:")[0]  # no internal id where the names differ
    assert named(game, "VM-308-88-322-2") in out.split("\n   7 Northern paddies\n")[1].split("\n")[0]  # still in 7
    assert "trenches: none" in out  # line 6 not yet
    assert "Viet Minh: deck 0, hand 2, discard 0, removed 0\n    hand: VM-01 Improved Defenses; VM-25 Night Assault" in out
    assert f"Off the map (Relief Force box) (3): {named(game, 'FR-1RCC-PREAUD')}, " in out
    assert out.rstrip().endswith(f"This step ({jsonl}:5):\n  flip {named(game, MOVED)} (spent=True)")
    end = invoke("show", str(jsonl), "--format", "text")[1]
    assert "trenches: 11 (level 2)" in end and "  11 Nam Yum meadows: trench 2\n" in end and end.startswith("Board end of log")


GOLDEN = Path(__file__).resolve().parent / "golden" / "show_short_5.txt"


def test_text_matches_the_golden_file(jsonl: Path) -> None:
    """The whole text of one position (``SDBP_UPDATE_GOLDEN=1`` rewrites it): counters by name, boxes, markers, cards, the step."""
    code, out, err = invoke("show", str(jsonl), "--at", "5", "--format", "text")
    out = out.replace(str(jsonl), "short.jsonl")
    if os.environ.get("SDBP_UPDATE_GOLDEN") == "1":
        GOLDEN.write_text(out, encoding="utf-8")
    assert (code, err) == (0, "") and out == GOLDEN.read_text(encoding="utf-8")


def test_text_gives_the_id_beside_a_name_two_counters_share(game: GameData) -> None:
    from sdbp_module.board.commands import _Names

    class Twins:
        units = (*game.units, SimpleNamespace(id=UnitId("XX-TWIN"), name=game.units[0].name))
        by_id = {u.id: u for u in units}

        def has_unit(self, uid: UnitId) -> bool:
            return uid in self.by_id

        def unit(self, uid: UnitId) -> object:
            return self.by_id[uid]

    names = _Names(Twins())  # type: ignore[arg-type]
    first, second = game.units[0], game.units[2]
    assert names(first.id) == f"{first.name} [{first.id}]" and names(UnitId("XX-TWIN")) == f"{first.name} [XX-TWIN]"
    assert names(second.id) == second.name and names(UnitId("NOT-A-UNIT")) == "NOT-A-UNIT"


@pytest.mark.parametrize("at", ["5", ":5", "short.jsonl:5", ":" + "0" * 40 + "5"])
def test_positions_as_the_findings_give_them(jsonl: Path, at: str) -> None:
    assert invoke("show", str(jsonl), "--at", at, "--format", "text") == invoke("show", str(jsonl), "--at", "5", "--format", "text")


def test_start_is_the_printed_set_up_and_a_step_without_events_keeps_the_state(game: GameData, vlog: Path, module: Path) -> None:
    code, out, _ = invoke("show", str(vlog), "--at", "start", "--module", str(module), "--format", "text")
    assert code == 0 and f"Viet Minh (4): {named(game, MOVED)}, " in out.split("\n   7 Northern paddies\n")[1]
    step0 = invoke("show", str(vlog), "--at", "#0", "--module", str(module), "--format", "text")[1]
    assert "FR-02 Bigeard" not in step0 and "hand 0" in step0


def test_a_save_shows_its_pieces(game: GameData, module: Path, tmp_path: Path) -> None:
    save = tmp_path / "campaign.vsav"
    with zipfile.ZipFile(module) as z:
        save.write_bytes(z.read("campaign.vsav"))
    code, out, err = invoke("show", str(save), "--module", str(module), "--format", "text")
    assert (code, err) == (0, "") and "Clock: turn 1, draw phase" in out and "  14 Béatrice\n" in out
    code, _, err = invoke("show", str(save), "--module", str(module), "-o", str(tmp_path / "save.png"))
    lay = layout.make_layout(game)
    assert code == 0 and Image.open(tmp_path / "save.png").size == (lay.width, lay.height)


@pytest.mark.parametrize(
    ("at", "message"),
    [
        ("99", "no event on line 99 (events on lines 1-6)"),
        ("#99", "no log step 99 (steps 0-5)"),
        ("other.jsonl:3", "the log's positions are in short.jsonl, not other.jsonl"),
        ("step five", "expected a position as the findings give it"),
        # more digits than int() converts, and than any log has steps: quoted shortened
        ("9" * 5000, f"--at '{'9' * 40}…{'9' * 10}': no event on line {'9' * 20}…{'9' * 20} (events on lines 1-6)"),
        ("#" + "1" * 31, f"no log step {'1' * 31} (steps 0-5)"),
    ],
)
def test_a_bad_position_is_one_line_and_exit_2(jsonl: Path, tmp_path: Path, at: str, message: str) -> None:
    out = tmp_path / "x.png"
    code, stdout, err = invoke("show", str(jsonl), "--at", at, "-o", str(out))
    assert code == 2 and stdout == "" and not out.exists()
    assert err.count("\n") == 1 and message in err and str(jsonl) in err and "Traceback" not in err


def test_png_needs_an_output_and_bad_files_are_one_line(jsonl: Path, tmp_path: Path) -> None:
    code, _, err = invoke("show", str(jsonl))
    assert code == 2 and err.count("\n") == 1 and "-o" in err
    (tmp_path / "notes.txt").write_text("hello")
    code, _, err = invoke("show", str(tmp_path / "notes.txt"), "--format", "text")
    assert code == 2 and err.count("\n") == 1 and "notes.txt" in err
    (tmp_path / "broken.vlog").write_bytes(b"PK\x03\x04 broken")
    code, _, err = invoke("show", str(tmp_path / "broken.vlog"), "--format", "text")
    assert code == 2 and err.count("\n") == 1 and "broken.vlog" in err
    (tmp_path / "taken").mkdir()
    code, _, err = invoke("show", str(jsonl), "-o", str(tmp_path / "taken"))
    assert code == 2 and err.count("\n") == 1 and "taken" in err


@pytest.mark.parametrize(
    ("field", "offset", "value", "message"),
    [
        ("method", 10, 99, "compression method 99 not supported (VASSAL writes deflate)"),
        ("flags", 8, 1, "encrypted (VASSAL never encrypts)"),
    ],
)
def test_a_damaged_module_is_one_line_naming_the_entry(
    module: Path, jsonl: Path, tmp_path: Path, field: str, offset: int, value: int, message: str
) -> None:
    """The module's images are read through the checked zip reader: damage is one line, never exit 3."""
    import struct

    data = bytearray(module.read_bytes())
    record = data.find(b"PK\x01\x02")
    while data[record + 46 : record + 46 + len(b"images/map.png")] != b"images/map.png":
        record = data.find(b"PK\x01\x02", record + 1)
    struct.pack_into("<H", data, record + offset, value)  # the field of the central directory record
    damaged = tmp_path / "damaged.vmod"
    damaged.write_bytes(bytes(data))
    out = tmp_path / "board.png"
    code, stdout, err = invoke("show", str(jsonl), "--module", str(damaged), "-o", str(out))
    assert (code, stdout, err) == (2, "", f"Error: {damaged}: entry 'images/map.png' (central directory record at byte {record}): {message}\n")
    assert not out.exists()
