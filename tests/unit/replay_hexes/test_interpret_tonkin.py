"""A ``.vlog`` of a game that declares its play (``model.hex_play``: Tonkin) → events: the start's statuses,
markers and phase, the sentences of the play (PHASE, CARRY, DOUBLE, DECLARE, PACKAGE, RESTORE, STATUS, a
marker's MOVE and MARKER) as the contract writes them, the words the game does not have as problems,
``sdbp convert --events``; and a game without play (Mortain) keeps reading those sentences as before."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from sdbp_module.cli import main
from sdbp_module.codec.module_info import Zone
from sdbp_module.codec.pieces import add_piece_fields
from sdbp_module.codec.reading import read_game
from sdbp_module.codec.sequence import encode
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData
from sdbp_module.model.hex_play import play_of
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.replay.events import Where
from sdbp_module.replay.hexes.events import (
    Carry,
    DeclareUnit,
    DoubleMove,
    HexGameStart,
    Hit,
    MarkerMove,
    MarkerTurn,
    PackageTaken,
    PhaseStart,
    StatusChange,
    StepRestored,
    UnitMove,
)
from sdbp_module.replay.hexes.interpret import (
    HexBoardPositions,
    _HexReader,
    layer_on,
    read_hex_vlog,
    status_layer_names,
)
from sdbp_module.replay.hexes.jsonl import read_events
from sdbp_module.replay.hexes.loading import load_hex_log
from sdbp_module.replay.vlog.tracker import Tracker
from sdbp_module.replay.vlog.zones import Zones
from sdbp_module.vassal import traits
from tests.built_modules import built_module

from .conftest import LogWriter
from .test_interpret import bare, module_setup

TONKIN = PROJECT_ROOT / "source_data" / "tonkin"
CEF: Any = "cef"
VM: Any = "vm"
R36 = ("36/308", "VM-308-36")
R675 = ("675/351 (75 mm)", "VM-351-675")
BEP = ("1er BEP", "CEF-1BEP")
VM_SD = ("VM SD 1", "VM-SD-1")


@pytest.fixture(scope="module")
def tonkin() -> GameData:
    return load_game(TONKIN, hex_map=True)


@pytest.fixture(scope="module")
def tonkin_module(tonkin: GameData, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built_module(TONKIN, tmp_path_factory.mktemp("tonkinmodule"))


@pytest.fixture
def tlog(tonkin_module: Path) -> LogWriter:
    return LogWriter(tonkin_module)


def read(log: LogWriter, tmp_path: Path, game: GameData) -> tuple[list[Any], list[str]]:
    path = log.write(tmp_path / "tonkin.vlog")
    events, problems, _ = read_hex_vlog(path, game, None, None)
    return events, [f"{p.where.index}: {p.message}" for p in problems]


# -- the start --------------------------------------------------------------------------------------


def tracker_state(game: GameData, turn: int, phase: int, *, nested: bool = True) -> str:
    """A two-level tracker's state: the month level and, inside it (``ListTurnLevel``'s sub-level states)
    or as a second top level, the phase level."""
    months = ["true"] * game.game.turns
    phases = encode([str(phase), "0", "0", encode(["true"] * 6, ",")], ";")
    assert phases is not None
    month = encode([str(turn - 1), "0", "0", encode(months, ","), *([phases] if nested else [])], ";")
    assert month is not None
    out = encode(["0", month, *([] if nested else [phases])], "|")
    assert out is not None
    return out


def setup_tracker(game: GameData, module: Path) -> Tracker:
    _env, tree, _ = read_game(module_setup(module))
    tracker = Tracker()
    for top in tree.children:
        for node in top.walk():
            fields = add_piece_fields(node.text) if not node.opaque else None
            if fields is not None:
                tracker.add(*fields)
    return tracker


def with_status_layers(tracker: Tracker, unit: str, shown: dict[str, int]) -> None:
    """Give a unit piece a Layer per status (named as ``status_layer_names`` says: by name or by id), at
    the given level (2 shows the status, 1 does not), as the module's unit pieces will have them."""
    piece = next(p for p in tracker.pieces.values() if p.sdbp_id == unit)
    for name, level in shown.items():
        t = traits.layer(name, ["", f"{name}.png"], ["", f"+ {name}"], level=level)
        piece.types.insert(0, t.type)
        piece.states.insert(0, t.state)


def place_marker(tracker: Tracker, kind: str, x: float, y: float, state: str | None = None) -> None:
    piece = next(p for p in tracker.pieces.values() if p.sdbp_id == kind)
    piece.x, piece.y = str(round(x)), str(round(y))
    if state is not None:
        states = list(piece.states)
        i = next(i for i, t in enumerate(piece.types) if t.startswith("PROP;sdbp_state;"))
        states[i] = state
        piece.states = states


def test_the_start_reads_statuses_markers_on_places_and_the_phase(tonkin: GameData, tonkin_module: Path) -> None:
    """The status Layers showing their mark are the unit's statuses; a marker on a hex, in a box or on a
    track box is read (kind, face, place), one in the markers' box is not; the tracker's second level is
    the phase, nested in the month level or as a second top level."""
    tracker = setup_tracker(tonkin, tonkin_module)
    with_status_layers(tracker, "VM-308-36", {"DG": 2, "OoS": 1, "step-loss": 2})
    with_status_layers(tracker, "VM-SD-1", {"spent": 2})
    board = HexBoardPositions.of_game(tonkin)
    track_zone = Zone("VP 48", ((5000, 5000), (5100, 5000), (5100, 5100), (5000, 5100)))  # a track box (the module's later form)
    board = HexBoardPositions(board.grid, Zones((track_zone, *board.zones.zones)))
    grid = board.grid
    hex_o8 = grid.parse_id("O-8")
    assert hex_o8 is not None
    place_marker(tracker, "vp", 5050, 5050)
    place_marker(tracker, "political-objective", *grid.centre(hex_o8), state="rumour")
    eliminated = next(z for z in board.zones.zones if z.name == "Eliminated")
    x0, y0 = eliminated.points[0]
    place_marker(tracker, "battle", x0 + 5, y0 + 5)
    reader = _HexReader(tonkin, board, "s.vsav")
    start = reader.game_start(tracker, tracker_state(tonkin, 25, 2), Where("s.vsav", 0))
    assert (start.turn, start.phase) == (25, "cef-movement")
    assert start.statuses == (("VM-308-36", "dg"), ("VM-308-36", "step-loss"), ("VM-SD-1", "spent"))
    assert ("battle", "Battle", "box:eliminated") in start.markers and ("political-objective", "rumour", "O-8") in start.markers
    assert ("vp", "VP", "track:vp:48") in start.markers
    records = {kind: place for kind, _, place in start.markers if place.startswith("track:records:")}
    assert records == {m.kind: f"track:records:{m.start}" for t in play_of(tonkin).tracks if t.id == "records" for m in t.markers}
    assert reader.problems == []
    second = _HexReader(tonkin, board, "s.vsav").game_start(tracker, tracker_state(tonkin, 30, 5, nested=False), Where("s.vsav", 0))
    assert (second.turn, second.phase) == (30, "supply")


def test_the_modules_set_up_reads_whole_month_phase_and_track_markers(tonkin: GameData, tonkin_module: Path, tmp_path: Path) -> None:
    """The module's set-up save: the scenario's month and first phase from the two-level tracker, every
    unit, every track marker on its start box, no status shown, no problem."""
    from sdbp_module.vassal_log.scribe import Scribe

    path = tmp_path / "empty.vlog"
    Scribe(tonkin_module).write(path)
    events, problems, _ = read_hex_vlog(path, tonkin, None, None)
    (start,) = events
    assert isinstance(start, HexGameStart)
    assert (start.turn, start.phase, start.statuses) == (25, "replacements", ())
    assert len(start.places) == len(tonkin.units)
    on_tracks = {(kind, place) for kind, _, place in start.markers if place.startswith("track:")}
    assert on_tracks == {(str(m.kind), f"track:{t.id}:{m.start}") for t in play_of(tonkin).tracks for m in t.markers}
    assert problems == []


def test_a_start_without_a_phase_level_is_the_first_phase_said(tonkin: GameData, tonkin_module: Path) -> None:
    """A one-level tracker (a module of another build, before the phases): the month is read, the phase is
    the first, and the reader says so."""
    tracker = setup_tracker(tonkin, tonkin_module)
    month = encode([str(25 - 1), "0", "0", encode(["true"] * tonkin.game.turns, ",")], ";")
    state = encode(["0", month], "|")
    assert month is not None and state is not None
    reader = _HexReader(tonkin, HexBoardPositions.of_game(tonkin), "s.vsav")
    start = reader.game_start(tracker, state, Where("s.vsav", 0))
    assert (start.turn, start.phase) == (25, "replacements")
    assert [p.message for p in reader.problems] == [
        "the saved position gives no phase (no readable phase level in the turn tracker's state): the first phase (Replacements and reinforcements) assumed"
    ]


def test_status_layers_are_named_by_the_status_name_or_id(tonkin: GameData) -> None:
    statuses = {s.id: status_layer_names(s) for s in play_of(tonkin).statuses}
    assert statuses == {"dg": ("DG", "dg"), "oos": ("OoS", "oos"), "step-loss": ("-1", "step-loss"), "spent": ("Spent", "spent")}
    two = traits.layer("DG", ["", "dg.png"], ["", "+ DG"], level=2)
    assert layer_on(two.type, two.state) == ("DG", True)
    assert layer_on(two.type, "1") == ("DG", False)
    assert layer_on("PROP;x;", "1") is None


# -- the sentences ----------------------------------------------------------------------------------


def test_the_play_reads_as_the_contract_says(tonkin: GameData, tlog: LogWriter, tmp_path: Path) -> None:
    tlog.say("phase", side="Viet Minh", _turn=("Oct 1952", "VM movement"))
    tlog.say("carry", side="Viet Minh", unit=R36, area="O-8", mode="truck")
    tlog.say("move", side="Viet Minh", unit=R36, **{"from": "O-8", "to": "O-9"})
    tlog.say("double", side="Viet Minh", unit=R36, area="O-9")
    tlog.say("declare", side="Viet Minh", unit=R675, area="O-9")
    tlog.say("phase", side="CEF", _turn=("Oct 1952", "CEF movement"))
    tlog.say("package", side="CEF", _label="4 RP + 1 SD", package="cef-4rp-1sd")
    tlog.say("restore", side="CEF", unit=BEP, area="T-14")
    tlog.say("status-on", side="CEF", unit=R36, _label="DG", status="dg", area="O-9")
    tlog.say("status-off", side="Viet Minh", unit=R36, _label="DG", status="dg", area="O-9")
    tlog.say("status-on", side="Viet Minh", unit=VM_SD, _label="Spent", status="spent", area="R-9")
    tlog.say("move-marker", side="CEF", marker=("VP", "vp: VP"), **{"from": "VP 50", "to": "VP 48"})
    tlog.say("place-marker", side="CEF", marker=("Trench (CEF)", "trench-cef: trench"), to="T-14")
    tlog.say("move-marker", side="CEF", marker=("Battle", "battle: Battle"), **{"from": "Markers", "to": "O-9"})
    tlog.say("marker", side="CEF", marker=("Political objective", "political-objective"), area="O-8", _label="Rumour", state="rumour")
    tlog.say("move-marker", side="CEF", marker=("CEF RP", "cef-rp: RP"), **{"from": "Records 0", "to": "Records 4"})
    tlog.say("move-marker", side="CEF", marker=("Battle", "battle: Battle"), **{"from": "O-9", "to": "Markers"})
    # no place of the game involved: no event
    tlog.say("move-marker", side="CEF", marker=("Month", "turn: month"), **{"from": "Turn 25", "to": "Turn 26"})
    tlog.say("move-marker", side="CEF", marker=("Battle", "battle: Battle"), **{"from": "Markers", "to": "Markers"})
    tlog.say("marker", side="CEF", marker=("Political objective", "political-objective"), area="Markers", _label="Real", state="real")
    tlog.say("phase", side="CEF", _turn=("Nov 1952", "Replacements and reinforcements"))
    events, problems = read(tlog, tmp_path, tonkin)
    assert problems == []  # the module's set-up gives the month and the phase
    assert bare(events[1:]) == [
        PhaseStart(side=VM, turn=25, phase="vm-movement"),
        Carry(side=VM, unit="VM-308-36", mode="truck", place="O-8"),
        UnitMove(side=VM, unit="VM-308-36", from_place="O-8", to_place="O-9"),
        DoubleMove(side=VM, unit="VM-308-36", place="O-9"),
        DeclareUnit(side=VM, unit="VM-351-675", place="O-9"),
        PhaseStart(side=CEF, turn=25, phase="cef-movement"),
        PackageTaken(side=CEF, package="cef-4rp-1sd"),
        StepRestored(side=CEF, unit="CEF-1BEP", place="T-14"),
        StatusChange(side=CEF, unit="VM-308-36", status="dg", on=True, place="O-9"),
        StatusChange(side=VM, unit="VM-308-36", status="dg", on=False, place="O-9"),
        StatusChange(side=VM, unit="VM-SD-1", status="spent", on=True, place="R-9"),
        MarkerMove(side=CEF, marker="vp", state="VP", from_place="track:vp:50", to_place="track:vp:48"),
        MarkerMove(side=CEF, marker="trench-cef", state="trench", from_place="", to_place="T-14"),
        MarkerMove(side=CEF, marker="battle", state="Battle", from_place="", to_place="O-9"),
        MarkerTurn(side=CEF, marker="political-objective", state="rumour", place="O-8"),
        MarkerMove(side=CEF, marker="cef-rp", state="RP", from_place="track:records:0", to_place="track:records:4"),
        MarkerMove(side=CEF, marker="battle", state="Battle", from_place="O-9", to_place=""),
        PhaseStart(side=CEF, turn=26, phase="replacements"),
    ]


def test_words_the_game_does_not_have_are_problems(tonkin: GameData, tlog: LogWriter, tmp_path: Path) -> None:
    tlog.say("phase", side="CEF", _turn=("Oct 1949", "CEF movement"))
    tlog.say("phase", side="CEF", _turn=("Oct 1952", "Lunch"))
    tlog.say("carry", side="Viet Minh", unit=R36, area="O-8", mode="elephant")
    tlog.say("package", side="CEF", _label="Everything", package="cef-all")
    tlog.say("status-on", side="CEF", unit=R36, _label="Tired", status="tired", area="O-8")
    tlog.say("move-marker", side="CEF", marker=("VP", "vp: VP"), **{"from": "VP 100", "to": "VP 101"})
    tlog.say("move-marker", side="CEF", marker=("Tank", "tank: tank"), **{"from": "Markers", "to": "O-8"})
    tlog.say("marker", side="CEF", marker=("Political objective", "political-objective"), area="O-8", _label="Fake", state="fake")
    tlog.say("double", side="Viet Minh", unit=("Ghost", "VM-GHOST"), area="O-8")
    tlog.say("declare", side="Viet Minh", unit=R675, area="Z-99")
    events, problems = read(tlog, tmp_path, tonkin)
    assert bare(events[1:]) == [
        MarkerMove(side=CEF, marker="vp", state="VP", from_place="track:vp:100", to_place=""),
        DeclareUnit(side=VM, unit="VM-351-675", place=""),
    ]
    assert [p.split(":", 1)[0] for p in problems] == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
    assert "PHASE line: 'Oct 1949' is not a turn of the game (Oct 1950 to Jul 1954)" in problems[0]
    assert "PHASE line: 'Lunch' is not a phase of the game (Replacements and reinforcements, VM movement" in problems[1]
    assert "CARRY line: 'elephant' is not a transport mode of the game (truck, air, para, dna, ship)" in problems[2]
    assert "PACKAGE line: 'cef-all' is not a package of the game (vm-2sd," in problems[3]
    assert "STATUS line: 'tired' is not a status of the game (dg, oos, step-loss, spent)" in problems[4]
    assert "MOVE line: 'VP 101' is neither a hex of the map, an off-map box nor a track box of the game" in problems[5]
    assert "MOVE line: 'tank' is not a marker kind of the game" in problems[6]
    assert "MARKER line: 'fake' is not a face of the marker kind political-objective (real, rumour)" in problems[7]
    assert "DOUBLE line names the unit 'VM-GHOST', not a unit of the game data" in problems[8]
    assert "DECLARE line: 'Z-99' is neither a hex of the map nor an off-map box" in problems[9]


def test_a_game_without_play_reads_its_sentences_as_before(game: GameData, log: LogWriter, tmp_path: Path) -> None:
    """Mortain declares no play: its support markers' moves and turns are no events, a play sentence is
    a sentence its module does not write."""
    log.say("move-marker", side="US", marker=("Air", "air: used"), **{"from": "Markers", "to": "K5"})
    log.say("marker", side="US", marker=("Air", "air"), area="K5", _label="Used", state="used")
    log.say("carry", side="US", unit=("2/120", "US-2-120"), area="J8", mode="truck")
    log.say("phase", side="US", _turn=("2", "action"))
    path = log.write(tmp_path / "game.vlog")
    events, problems, _ = read_hex_vlog(path, game, None, None)
    assert len(events) == 1 and isinstance(events[0], HexGameStart)
    assert events[0].phase == "" and events[0].statuses == () and events[0].markers == ()
    assert [p.message.split(":", 1)[0] for p in problems] == [
        "a CARRY line, a sentence a hex game's module does not write",
        "a PHASE line, a sentence a hex game's module does not write",
    ]


def test_convert_events_writes_a_tonkin_log_as_json_lines(tonkin: GameData, tlog: LogWriter, tmp_path: Path) -> None:
    tlog.say("phase", side="Viet Minh", _turn=("Oct 1952", "VM movement"))
    tlog.say("carry", side="Viet Minh", unit=R36, area="O-8", mode="truck")
    tlog.say("status-on", side="CEF", unit=R36, _label="-1", status="step-loss", area="O-8")
    tlog.say("move-marker", side="CEF", marker=("VP", "vp: VP"), **{"from": "VP 50", "to": "VP 52"})
    vlog = tlog.write(tmp_path / "tonkin.vlog")
    out = tmp_path / "events.jsonl"
    result = CliRunner().invoke(main, ["convert", "--events", "--data", str(TONKIN), str(vlog), str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == f"{out}: 5 events, 0 interpretation problems"
    lines = [json.loads(t) for t in out.read_text(encoding="utf-8").splitlines()]
    assert [d["kind"] for d in lines] == ["game-start", "phase", "carry", "status", "marker-move"]
    assert lines[0]["turn"] == 25 and lines[0]["phase"] == "replacements"
    assert lines[4] == {"kind": "marker-move", "side": "cef", "marker": "vp", "state": "VP", "from": "track:vp:50", "to": "track:vp:52", "where": {"file": "tonkin.vlog", "index": 4}}
    from_log, _ = load_hex_log(vlog, tonkin)
    assert bare(list(from_log)) == bare(read_events(out, tonkin))


# -- an engine-played log ---------------------------------------------------------------------------

ENGINE_LOG = Path(__file__).with_name("engine") / "tonkin" / "main-module.vlog"
"""VASSAL 3.7.26 playing ``main-module.play.txt`` (``run-harness.sh play``, VERDICT OK_WITH_WARNINGS: the
harness's notes that marker kinds have several pieces) through the Tonkin module built from the branch
point of issue 25's reader (a one-level month tracker, no status Layers, no track zones, no play
controls): what the reader makes of a real engine log of the game before its play controls exist."""


def test_an_engine_played_tonkin_log_reads_as_the_engine_played_it(tonkin: GameData) -> None:
    from sdbp_module.replay.hexes.state import HexState, apply

    from .test_engine_logs import engine_positions

    events, problems = load_hex_log(ENGINE_LOG, tonkin)
    assert [p.message for p in problems] == [
        "the saved position gives no phase (no readable phase level in the turn tracker's state): the first phase (Replacements and reinforcements) assumed"
    ]
    start = events[0]
    assert isinstance(start, HexGameStart) and (start.turn, start.phase, start.markers) == (25, "replacements", ())
    kinds = ["move", "marker-move", "hit", "marker-move", "marker-turn", "marker-move", "move", "marker-move", "turn"]
    assert [(e.kind, e.where.index) for e in events[1:]] == list(zip(kinds, [1, 2, 3, 4, 5, 7, 8, 9, 10], strict=True))
    assert bare(events[2:6]) == [
        MarkerMove(side=VM, marker="battle", state="Battle", from_place="", to_place="O-9"),
        Hit(side=VM, unit="VM-308-88", place="O-8", result="flip"),
        MarkerMove(side=VM, marker="political-objective", state="real", from_place="", to_place="N-8"),
        MarkerTurn(side=VM, marker="political-objective", state="rumour", place="N-8"),
    ]
    assert bare(events[6:7] + events[8:9]) == [
        MarkerMove(side=CEF, marker="battle", state="Battle", from_place="O-9", to_place="box:eliminated"),
        MarkerMove(side=CEF, marker="battle", state="Battle", from_place="box:eliminated", to_place=""),
    ]
    state = HexState()
    for event in events:
        if isinstance(event, UnitMove):
            assert event.from_place == state.place(event.unit), event
        state = apply(state, event)
    places, flipped = engine_positions(ENGINE_LOG, tonkin)
    assert dict(state.places) == places and state.flipped == flipped == {"VM-308-88"}
    assert (state.turn, state.phase, state.markers) == (26, "replacements", (("N-8", "political-objective", "rumour"),))
