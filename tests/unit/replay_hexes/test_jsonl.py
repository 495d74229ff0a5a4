"""A hex game's events as JSON lines (``replay.hexes.jsonl``): every event of the game's words reads back
as it was written; what is not an event of the game is refused in one line naming FILE:LINE."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sdbp_module.errors import InputError
from sdbp_module.limits import MAX_EVENTS
from sdbp_module.model.game_data import GameData
from sdbp_module.model.hex_play import play_of
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.replay.events import NOWHERE
from sdbp_module.replay.hexes.events import (
    EVENT_TYPES,
    PLAY_EVENTS,
    Activate,
    CardDrawn,
    Carry,
    Declared,
    DeclareUnit,
    DoubleMove,
    FireAt,
    HexEvent,
    HexGameStart,
    Hit,
    MarkerMove,
    MarkerTurn,
    PackageTaken,
    PassTurn,
    PhaseStart,
    Reshuffle,
    StatusChange,
    StepRestored,
    SupportCall,
    TurnStart,
    UnitEliminated,
    UnitMove,
    track_place,
)
from sdbp_module.replay.hexes.jsonl import (
    events_text,
    format_event,
    read_events,
    read_events_text,
)

from .conftest import DATA

TONKIN = PROJECT_ROOT / "source_data" / "tonkin"
_GAMES: dict[Path, GameData] = {}


def the_game(data: Path = DATA) -> GameData:
    """The game (Mortain, or a game that declares its play: Tonkin), loaded once (hypothesis strategies
    are built outside fixtures)."""
    if data not in _GAMES:
        from sdbp_module.model.from_data import load_game

        _GAMES[data] = load_game(data, hex_map=True)
    return _GAMES[data]


@cache
def words(data: Path = DATA) -> dict[str, list[Any]]:
    g = the_game(data)
    assert g.hexes is not None
    play = play_of(g)
    hexes = [g.hexes.map.grid.hex_id(h) for h in g.hexes.map.grid.hexes()]
    tracks = [track_place(t.id, n) for t in play.tracks for n in (t.first, t.last, (t.first + t.last) // 2)]
    return {
        "units": [u.id for u in g.units],
        "places": ["", *hexes, *(f"box:{b.id}" for b in g.hexes.boxes), *tracks],
        "hexes": hexes,
        "cards": [c.id for c in g.deck.cards()] if g.deck is not None else [],
        "sides": [None, *g.game.sides],
        "markers": [m.id for m in g.markers],
        "faces": [(m.id, s) for m in g.markers for s in m.states],
        "phases": [p.id for p in play.phases],
        "statuses": [s.id for s in play.statuses],
        "modes": [m.id for m in play.transport_modes],
        "packages": [p.id for p in play.packages],
    }


@st.composite
def hex_events(draw: st.DrawFn) -> HexEvent:
    """An event of Mortain's words: no play (phases, statuses …), so none of ``PLAY_EVENTS``."""
    return draw(_events_of(DATA, tuple(k for k in EVENT_TYPES if k not in PLAY_EVENTS)))


@st.composite
def tonkin_events(draw: st.DrawFn) -> HexEvent:
    """An event of Tonkin's words, every kind but a draw (the game has no deck)."""
    return draw(_events_of(TONKIN, tuple(k for k in EVENT_TYPES if k is not CardDrawn)))


@cache
def _events_of(data: Path, kinds: tuple[type[HexEvent], ...]) -> st.SearchStrategy[HexEvent]:
    return events_of(data, list(kinds))


@cache
def pick(data: Path, key: str) -> st.SearchStrategy[Any]:
    """``st.sampled_from(words(data)[key])``, made once: hypothesis validates a strategy object the first
    time it is drawn from, and the events drew from thousands of fresh copies (the same draws)."""
    return st.sampled_from(words(data)[key])


@cache
def kit(data: Path) -> dict[str, st.SearchStrategy[Any]]:
    """The strategies ``events_of`` draws from, made once for ``data``."""
    unit = pick(data, "units")
    return {
        "typed": st.text(alphabet="ab 1()\"\\é/-{}:,\u2028", max_size=20),
        "turns": st.integers(1, the_game(data).game.turns),
        "units": st.lists(unit, unique=True, max_size=28),
        "flipped": st.lists(unit, max_size=5),
        "statuses": st.lists(st.tuples(unit, pick(data, "statuses")), max_size=4),
        "faces": st.lists(pick(data, "faces"), max_size=4),
        "phase": st.sampled_from(["", *words(data)["phases"]]),
        "activated": st.lists(unit, min_size=1, max_size=5),
        "firers": st.lists(unit, unique=True, min_size=1, max_size=4),
        "purpose": st.sampled_from(["activation", "combat"]),
        "mode": st.sampled_from(["attack", "suppression"]),
        "result": st.sampled_from(["flip", "eliminate"]),
    }


@cache
def _kinds(kinds: tuple[type[HexEvent], ...]) -> st.SearchStrategy[type[HexEvent]]:
    return st.sampled_from(list(kinds))


@st.composite
def events_of(draw: st.DrawFn, data: Path, kinds: list[type[HexEvent]]) -> HexEvent:
    w, s = words(data), kit(data)
    unit, place, side, face = pick(data, "units"), pick(data, "places"), pick(data, "sides"), pick(data, "faces")
    typed, turns = s["typed"], s["turns"]
    kind = draw(_kinds(tuple(kinds)))
    if kind is HexGameStart:
        units = draw(s["units"])
        start = HexGameStart(places=tuple((u, draw(place)) for u in units), flipped=tuple(draw(s["flipped"])), turn=draw(turns))
        if not w["phases"]:
            return start
        statuses = tuple(draw(s["statuses"]))
        markers = tuple((k, f, draw(place)) for k, f in draw(s["faces"]))
        return replace(start, phase=draw(s["phase"]), statuses=statuses, markers=markers)
    if kind is PhaseStart:
        return PhaseStart(side=draw(side), turn=draw(turns), phase=draw(pick(data, "phases")))
    if kind is Carry:
        return Carry(side=draw(side), unit=draw(unit), mode=draw(pick(data, "modes")), place=draw(place))
    if kind in (DoubleMove, DeclareUnit, StepRestored):
        return kind(side=draw(side), unit=draw(unit), place=draw(place))  # type: ignore[call-arg]
    if kind is PackageTaken:
        return PackageTaken(side=draw(side), package=draw(pick(data, "packages")))
    if kind is StatusChange:
        return StatusChange(side=draw(side), unit=draw(unit), status=draw(pick(data, "statuses")), on=draw(st.booleans()), place=draw(place))
    if kind is MarkerMove:
        k, f = draw(face)
        return MarkerMove(side=draw(side), marker=k, state=draw(st.sampled_from(["", f])), from_place=draw(place), to_place=draw(place))
    if kind is MarkerTurn:
        k, f = draw(face)
        return MarkerTurn(side=draw(side), marker=k, state=f, place=draw(place))
    if kind is TurnStart:
        return TurnStart(side=draw(side), turn=draw(turns))
    if kind is Reshuffle:
        return Reshuffle(side=draw(side))
    if kind is CardDrawn:
        return CardDrawn(side=draw(side), card=draw(pick(data, "cards")), purpose=draw(s["purpose"]))
    if kind is Activate:
        return Activate(side=draw(side), units=tuple(draw(s["activated"])), place=draw(place))
    if kind is PassTurn:
        return PassTurn(side=draw(side))
    if kind is UnitMove:
        return UnitMove(side=draw(side), unit=draw(unit), from_place=draw(place), to_place=draw(place))
    if kind is FireAt:
        firers = tuple((u, draw(place)) for u in draw(s["firers"]))
        text = draw(typed)
        target = draw(st.one_of(unit, st.just(text)))
        return FireAt(side=draw(side), firers=firers, target=target, typed=text)
    if kind is SupportCall:
        text = draw(typed)
        mode = draw(s["mode"])
        target = draw(st.one_of(unit if mode == "attack" else pick(data, "hexes"), st.just(text)))
        return SupportCall(side=draw(side), marker=draw(pick(data, "markers")), mode=mode, target=target, typed=text)
    if kind is Hit:
        return Hit(side=draw(side), unit=draw(unit), place=draw(place), result=draw(s["result"]))
    if kind is UnitEliminated:
        return UnitEliminated(side=draw(side), unit=draw(unit), from_place=draw(place))
    assert kind is Declared
    return Declared(side=draw(side), winner=draw(side))


def bare(events: list[HexEvent]) -> list[HexEvent]:
    return [replace(e, where=NOWHERE) for e in events]


@settings(max_examples=200, deadline=None)
@given(events=st.lists(hex_events(), max_size=12))
def test_every_event_reads_back_as_it_was_written(events: list[HexEvent]) -> None:
    game = the_game()
    text = events_text(events)
    assert text.count("\n") == len(events)  # one line each, split on \n alone (U+2028 stays in its string)
    back = read_events_text(text, "t.jsonl", game)
    assert bare(back) == bare(events)
    assert [(e.where.file, e.where.index, e.where.line) for e in back] == [("t.jsonl", i, i + 1) for i in range(len(events))]
    assert events_text(back) == events_text([replace(e, where=b.where) for e, b in zip(events, back, strict=True)])


@settings(max_examples=300, deadline=None)
@given(events=st.lists(tonkin_events(), max_size=12))
def test_every_event_of_a_game_with_play_reads_back_as_it_was_written(events: list[HexEvent]) -> None:
    """Tonkin: phases, statuses, transport modes, packages, tracks; every event kind but a draw."""
    game = the_game(TONKIN)
    back = read_events_text(events_text(events), "t.jsonl", game)
    assert bare(back) == bare(events)
    assert events_text(back) == events_text([replace(e, where=b.where) for e, b in zip(events, back, strict=True)])


def test_each_play_event_has_its_json_line() -> None:
    game = the_game(TONKIN)
    cef, vm = game.game.sides
    events: list[HexEvent] = [
        HexGameStart(places=(("VM-308-36", "O-8"),), turn=25, phase="vm-movement", statuses=(("VM-308-36", "dg"),), markers=(("vp", "VP", "track:vp:50"),)),
        PhaseStart(side=vm, turn=25, phase="vm-movement"),
        Carry(side=vm, unit="VM-308-36", mode="truck", place="O-8"),
        DoubleMove(side=vm, unit="VM-308-36", place="O-9"),
        DeclareUnit(side=vm, unit="VM-351-675", place="O-9"),
        PackageTaken(side=cef, package="cef-6rp"),
        StepRestored(side=cef, unit="CEF-1BEP", place="T-14"),
        StatusChange(side=cef, unit="VM-308-36", status="step-loss", on=False, place="O-9"),
        MarkerMove(side=cef, marker="vp", state="VP", from_place="track:vp:50", to_place="track:vp:48"),
        MarkerTurn(side=cef, marker="political-objective", state="rumour", place="O-8"),
    ]
    assert {type(e) for e in events[1:]} == set(PLAY_EVENTS)
    lines = [json.loads(line) for line in events_text(events).splitlines()]
    assert [{k: v for k, v in d.items() if k != "where"} for d in lines] == [
        {"kind": "game-start", "places": {"VM-308-36": "O-8"}, "flipped": [], "turn": 25, "phase": "vm-movement", "statuses": [["VM-308-36", "dg"]], "markers": [["vp", "VP", "track:vp:50"]]},
        {"kind": "phase", "side": "vm", "turn": 25, "phase": "vm-movement"},
        {"kind": "carry", "side": "vm", "unit": "VM-308-36", "mode": "truck", "place": "O-8"},
        {"kind": "double", "side": "vm", "unit": "VM-308-36", "place": "O-9"},
        {"kind": "declare", "side": "vm", "unit": "VM-351-675", "place": "O-9"},
        {"kind": "package", "side": "cef", "package": "cef-6rp"},
        {"kind": "restore", "side": "cef", "unit": "CEF-1BEP", "place": "T-14"},
        {"kind": "status", "side": "cef", "unit": "VM-308-36", "status": "step-loss", "on": False, "place": "O-9"},
        {"kind": "marker-move", "side": "cef", "marker": "vp", "state": "VP", "from": "track:vp:50", "to": "track:vp:48"},
        {"kind": "marker-turn", "side": "cef", "marker": "political-objective", "state": "rumour", "place": "O-8"},
    ]
    assert bare(read_events_text(events_text(events), "t.jsonl", game)) == bare(events)


TONKIN_BAD: list[tuple[str, str]] = [
    ('{"kind": "phase", "side": "vm", "turn": 25, "phase": "lunch"}', "phase: 'lunch' is not a phase of the game (replacements, vm-movement"),
    ('{"kind": "phase", "side": "vm", "turn": 25, "phase": "VM movement"}', "phase: 'VM movement' is not a phase of the game"),
    ('{"kind": "status", "side": "vm", "unit": "VM-308-36", "status": "DG", "on": true}', "status: 'DG' is not a status of the game (dg, oos, step-loss, spent)"),
    ('{"kind": "status", "side": "vm", "unit": "VM-308-36", "status": "dg", "on": "yes"}', "on: expected true or false, got \"yes\""),
    ('{"kind": "carry", "side": "vm", "unit": "VM-308-36", "mode": "elephant"}', "mode: 'elephant' is not a transport mode of the game (truck, air, para, dna, ship)"),
    ('{"kind": "package", "side": "cef", "package": "cef-all"}', "package: 'cef-all' is not a package of the game (vm-2sd"),
    ('{"kind": "marker-move", "side": "cef", "marker": "vp", "state": "VP", "from": "track:vp:50", "to": "track:vp:101"}', "to: 'track:vp:101' is not a place of the game"),
    ('{"kind": "marker-move", "side": "cef", "marker": "vp", "from": "track:vp:50", "to": "track:victory:5"}', "to: 'track:victory:5' is not a place of the game"),
    ('{"kind": "marker-turn", "side": "cef", "marker": "vp", "state": "VP", "place": "track:vp:x"}', "place: 'track:vp:x' is not a place of the game"),
    ('{"kind": "marker-turn", "side": "cef", "marker": "political-objective", "state": "fake", "place": "O-8"}', "state: 'fake' is not a face of the marker kind political-objective (real, rumour)"),
    ('{"kind": "marker-turn", "side": "cef", "marker": "tank", "state": "x", "place": "O-8"}', "marker: 'tank' is not a marker kind of the game"),
    ('{"kind": "game-start", "places": {}, "statuses": [["VM-308-36", "tired"]]}', "statuses: 'tired' is not a status of the game"),
    ('{"kind": "game-start", "places": {}, "statuses": [["VM-308-36"]]}', "statuses: expected a list of 2-element lists"),
    ('{"kind": "game-start", "places": {}, "markers": [["vp", "VP", "track:vp:-1"]]}', "markers: 'track:vp:-1' is not a place of the game"),
    ('{"kind": "game-start", "places": {}, "markers": [["vp", "Victory", "track:vp:5"]]}', "markers: 'Victory' is not a face of the marker kind vp (VP)"),
    ('{"kind": "game-start", "places": {}, "phase": "night"}', "phase: 'night' is not a phase of the game"),
]


@pytest.mark.parametrize(("line", "message"), TONKIN_BAD, ids=[m[:40] for _, m in TONKIN_BAD])
def test_a_bad_line_of_a_game_with_play_is_refused_naming_its_file_and_line(line: str, message: str) -> None:
    text = '{"kind": "pass", "side": "vm"}\n\n' + line + "\n"
    with pytest.raises(InputError) as refused:
        read_events_text(text, "t.jsonl", the_game(TONKIN))
    assert str(refused.value).startswith("t.jsonl:3: ")
    assert message in str(refused.value)
    assert "\n" not in str(refused.value)


def test_a_bad_tonkin_transcript_exits_2_with_one_line(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from sdbp_module.cli import main

    path = tmp_path / "t.jsonl"
    path.write_text('{"kind": "pass", "side": "vm"}\n{"kind": "carry", "side": "vm", "unit": "VM-308-36", "mode": "elephant"}\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--data", str(TONKIN), str(path)])
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1
    assert f"{path}:2: mode: 'elephant' is not a transport mode of the game" in result.output


def test_a_play_word_in_a_game_without_play_is_refused(game: GameData) -> None:
    with pytest.raises(InputError, match="t.jsonl:1: phase: 'supply' is not a phase of the game \\(it has none\\)"):
        read_events_text('{"kind": "phase", "side": "de", "turn": 1, "phase": "supply"}\n', "t.jsonl", game)


def test_a_transcript_is_read_from_its_file_and_blank_lines_are_skipped(game: GameData, tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text(
        '{"kind": "turn", "side": "de", "turn": 2}\n\n  \n'
        '{"kind": "move", "side": "de", "unit": "DE-102", "from": "box:german-entry", "to": "L3", "where": {"file": "x", "index": 9}}\n',
        encoding="utf-8",
    )
    turn, move = read_events(path, game)
    assert turn == TurnStart(side=game.game.sides[1], turn=2, where=turn.where) and str(turn.where) == f"{path}:1"
    assert isinstance(move, UnitMove) and move.from_place == "box:german-entry" and str(move.where) == f"{path}:4"
    assert format_event(move).startswith('{"kind": "move", "side": "de", "unit": "DE-102", "from": "box:german-entry", "to": "L3", "where": ')


def test_a_purpose_left_out_is_inferred_and_a_stated_one_kept(game: GameData) -> None:
    lines = [
        '{"kind": "draw", "side": "de", "card": "7S"}',
        '{"kind": "fire", "side": "de", "firers": {"DE-102": "L3"}, "target": "US-2-120"}',
        '{"kind": "draw", "side": "de", "card": "JS"}',
        '{"kind": "draw", "side": "de", "card": "3S"}',
        '{"kind": "draw", "side": "de", "card": "4S"}',
        '{"kind": "draw", "side": "de", "card": "5S", "purpose": "combat"}',
    ]
    events = read_events_text("\n".join(lines), "t.jsonl", game)
    assert [e.purpose for e in events if isinstance(e, CardDrawn)] == ["activation", "combat", "combat", "activation", "combat"]


BAD: list[tuple[str, str]] = [
    ("{", "not JSON (Expecting property name enclosed in double quotes at column 2)"),
    ("[1]", "expected a JSON object with a kind, got [1]"),
    ('{"kind": "teleport"}', "kind: \"teleport\" is not one of game-start, turn, reshuffle, draw, activate, pass, move, fire, support, hit, eliminate, result"),
    ('{"kind": "pass", "side": "de", "kind": "pass"}', "a key is given twice"),
    ('{"kind": "pass", "side": "de", "by": "x"}', "a pass event has no key 'by' (its keys: kind, side, where)"),
    ('{"kind": "move", "side": "de", "unit": "DE-102", "to": "L3"}', "a move event needs from"),
    ('{"kind": "move", "side": "de", "unit": "DE-999", "from": "", "to": "L3"}', "unit: 'DE-999' is not a unit of the game"),
    ('{"kind": "move", "side": "de", "unit": "DE-102", "from": "", "to": "M3"}', "to: 'M3' is not a place of the game"),
    ('{"kind": "move", "side": "de", "unit": "DE-102", "from": "box:nowhere", "to": "L3"}', "from: 'box:nowhere' is not a place of the game"),
    ('{"kind": "move", "side": "de", "unit": "DE-102", "from": "l3", "to": "L3"}', "from: 'l3' is not a place of the game"),
    ('{"kind": "draw", "side": "de", "card": "1S"}', "card: '1S' is not a card of the game's deck"),
    ('{"kind": "draw", "side": "de", "card": "7S", "purpose": "fun"}', "purpose: 'fun' is not one of activation, combat"),
    ('{"kind": "pass", "side": "german"}', "side: 'german' is not a side of the game (usa, de) or null"),
    ('{"kind": "pass", "side": 3}', "side: expected a string, got 3"),
    ('{"kind": "turn", "side": null, "turn": 0}', "turn: expected a whole number from 1 to 10,000, got 0"),
    ('{"kind": "turn", "side": null, "turn": true}', "turn: expected a whole number from 1 to 10,000, got true"),
    ('{"kind": "turn", "side": null, "turn": 1, "where": 3}', "where: expected an object (file, index, line)"),
    ('{"kind": "hit", "side": "de", "unit": "DE-102", "result": "dead"}', "result: 'dead' is not one of flip, eliminate"),
    ('{"kind": "fire", "side": "de", "firers": {"DE-102": "L3"}, "target": "US-X", "typed": "2/120"}', "target: 'US-X' is neither a unit nor a hex of the game"),
    ('{"kind": "fire", "side": "de", "firers": [["DE-102", "L3"]], "target": "US-2-120"}', "firers: expected an object unit id -> place, got [[\"DE-102\", \"L3\"]]"),
    ('{"kind": "fire", "side": "de", "firers": {"DE-102": "L3", "DE-102": "L4"}, "target": "US-2-120"}', "firers: unit 'DE-102' is named twice"),
    ('{"kind": "support", "side": "usa", "marker": "tank", "mode": "attack", "target": "DE-102"}', "marker: 'tank' is not a marker kind of the game"),
    ('{"kind": "support", "side": "usa", "marker": "air", "mode": "strafe", "target": "DE-102"}', "mode: 'strafe' is not one of attack, suppression"),
    ('{"kind": "fire", "side": "de", "firers": [{"DE-102": "L3"}], "target": "US-2-120"}', 'firers: expected an object unit id -> place, got [{"DE-102": "L3"}]'),
    ('[{"kind": "pass"}]', 'expected a JSON object with a kind, got [{"kind": "pass"}]'),
    ('{"kind": "activate", "side": "de", "units": "DE-102"}', "units: expected a list of unit ids, got \"DE-102\""),
    ('{"kind": "activate", "side": "de", "units": [' + ", ".join(['"DE-102"'] * 29) + "]}", "units: 29 units; the game has 28 (a list is read up to 28)"),
    ('{"kind": "fire", "side": "de", "firers": {"DE-102": "L3"}, "target": "' + "x" * 201 + '", "typed": "x"}', "target: a text of 201 characters; an event's text is read up to 200"),
    ('{"kind": "pass", "side": "\\ud800"}', "side: a string holds the lone surrogate \\ud800"),
    ('{"kind": "turn", "side": null, "turn": ' + "9" * 5000 + "}", "not JSON that can be read (an integer too long)"),
    ("[" * 100_000 + "]" * 100_000, "JSON nested too deeply"),
    # deeper than a line may be (MAX_LINE_DEPTH) but not than ``json`` reads on 3.12 and 3.13, where quoting
    # the value recursed past Python's limit (an internal error on 3.13)
    ('{"kind": "turn", "side": null, "turn": ' + "[" * 2000 + "]" * 2000 + "}", "JSON nested too deeply"),
    ('{"kind": "turn", "side": null, "turn": ' + "[" * 64 + "]" * 64 + "}", "JSON nested too deeply"),
    ('{"kind": "turn", "side": null, "turn": ' + "[" * 63 + "]" * 63 + "}", "turn: expected"),
]


@pytest.mark.parametrize(("line", "message"), BAD, ids=[m[:40] for _, m in BAD])
def test_a_bad_line_is_refused_naming_its_file_and_line(game: GameData, line: str, message: str) -> None:
    text = '{"kind": "pass", "side": "de"}\n\n' + line + "\n"
    with pytest.raises(InputError) as refused:
        read_events_text(text, "t.jsonl", game)
    assert str(refused.value).startswith("t.jsonl:3: ")
    assert message in str(refused.value)
    assert "\n" not in str(refused.value)


def test_the_transcripts_limits_are_the_area_games(game: GameData, tmp_path: Path) -> None:
    too_many = "\n".join(['{"kind": "pass", "side": "de"}'] * (MAX_EVENTS + 1))
    with pytest.raises(InputError, match=f"t.jsonl:{MAX_EVENTS + 1}: more than 20,000 events"):
        read_events_text(too_many, "t.jsonl", game)
    big = tmp_path / "big.jsonl"
    big.write_bytes(b" " * (4 * 1024 * 1024 + 1))
    with pytest.raises(InputError, match="an events transcript is read up to"):
        read_events(big, game)
    binary = tmp_path / "bin.jsonl"
    binary.write_bytes(b'{"kind": "pass"}\n\xff\n')
    with pytest.raises(InputError, match=r"bin.jsonl:2:1: not UTF-8 text"):
        read_events(binary, game)


def test_written_lines_hold_every_field_kind_first_where_last(game: GameData) -> None:
    start = HexGameStart(places=(("US-2-120", "J8"), ("DE-102", "box:german-entry")), flipped=("US-2-120",), turn=2)
    assert json.loads(format_event(start)) == {
        "kind": "game-start",
        "places": {"US-2-120": "J8", "DE-102": "box:german-entry"},
        "flipped": ["US-2-120"],
        "turn": 2,
        "where": {"file": "<memory>", "index": 0},
    }
    assert list(json.loads(format_event(Reshuffle()))) == ["kind", "side", "where"]
