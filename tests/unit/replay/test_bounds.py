"""replay.bounds: the events of a log are bounded by the game they are of (``limits``), past a bound one
line naming the position, the field and the bound."""

from __future__ import annotations

from pathlib import Path

import pytest

from sdbp_module.errors import InputError
from sdbp_module.ids import AreaId, CardId, UnitId
from sdbp_module.limits import MAX_DICE_VALUES, MAX_TEXT_CHARS, MAX_UNKNOWN_IDS
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import default_data_dir
from sdbp_module.replay import events as ev
from sdbp_module.replay.bounds import _checker, bounded
from sdbp_module.replay.location import Location

W = ev.Where("t.jsonl", 4, 5)


@pytest.fixture(scope="module")
def game() -> GameData:
    return load_game(default_data_dir())


def refused(game: GameData, *events: ev.Event) -> str:
    with pytest.raises(InputError) as info:
        bounded(events, game)
    assert info.value.exit_code == 2
    return info.value.message


def test_every_event_class_has_its_bounds() -> None:
    """A new list field must say what bounds it (``_KINDS``), else this fails."""
    for cls in ev.EVENT_TYPES:
        _checker(cls)


def test_a_real_game_is_within_the_bounds(game: GameData) -> None:
    from tests.bench_check import bench_check

    events = bench_check().synthetic_game(game)
    assert bounded(events, game) == tuple(events)


def test_lists_are_bounded_by_what_the_game_has(game: GameData) -> None:
    units = tuple(u.id for u in game.units)
    areas = tuple(a.id for a in game.areas)
    n_units, n_areas = len(units), len(areas)
    ok = ev.Move(side=units and game.units[0].side, units=units, from_area=areas[0], to_area=areas[-1], path=areas, where=W)
    assert bounded([ok], game) == (ok,)
    assert refused(game, ev.Move(side=ok.side, units=units + units[:1], from_area=areas[0], to_area=areas[1], where=W)) == (
        f"t.jsonl:5: move units: {n_units + 1} units; the game has {n_units}, so a list holds at most that many"
    )
    assert refused(game, ev.Move(side=ok.side, units=units[:1], from_area=areas[0], to_area=areas[1], path=areas + areas[:1], where=W)) == (
        f"t.jsonl:5: move path: {n_areas + 1} areas; the game has {n_areas}, so a list holds at most that many"
    )
    long_retreat = ev.Damage(side=ok.side, outcomes=(ev.UnitOutcome(units[0], ev.DamageResult.RETREAT, areas + areas[:1]),), where=W)
    assert refused(game, long_retreat) == (
        f"t.jsonl:5: damage outcomes.0.retreat: {n_areas + 1} areas; the game has {n_areas}, so a list holds at most that many"
    )
    roll = ev.DiceRoll(side=None, purpose="fire", values=(1,) * (MAX_DICE_VALUES + 1), where=W)
    assert refused(game, roll) == (
        f"t.jsonl:5: dice values: {MAX_DICE_VALUES + 1} dice; a roll has at most {MAX_DICE_VALUES}, so a list holds at most that many"
    )


def test_texts_are_short(game: GameData) -> None:
    long = "x" * (MAX_TEXT_CHARS + 1)
    assert refused(game, ev.DiceRoll(side=None, purpose=long, values=(1,), where=W)) == (
        f"t.jsonl:5: dice purpose: a text of {MAX_TEXT_CHARS + 1} characters; a text of an event has at most {MAX_TEXT_CHARS}"
    )
    assert refused(game, ev.Flip(units=(UnitId(long),), spent=True, where=W)) == (
        f"t.jsonl:5: flip units: a unit id of {MAX_TEXT_CHARS + 1} characters; an id has at most {MAX_TEXT_CHARS}"
    )
    assert refused(game, ev.Pass(side=game.units[0].side, where=ev.Where("f" * 5000, 3))).startswith(
        "f" * 60 + "…#3: pass where.file: 5,000 characters; a position's file has at most 4,096"
    )


def test_ids_the_game_does_not_have_are_counted(game: GameData) -> None:
    """Each unknown id is a cannot-check finding for the rules; past ``MAX_UNKNOWN_IDS`` distinct ones the
    log is refused. Ids named again do not count again; units, cards and areas count together."""
    side = game.units[0].side
    per = 100
    events: list[ev.Event] = []
    for n in range(0, MAX_UNKNOWN_IDS - 2, per):
        events.append(ev.Flip(units=tuple(UnitId(f"X-{i}") for i in range(n, min(n + per, MAX_UNKNOWN_IDS - 2))), spent=True, where=W))
    events.append(ev.CardDraw(side=side, cards=(CardId("C-1"), CardId("C-1")), where=W))
    events.append(ev.ControlSet(area=AreaId(999), side=side, where=W))
    events.append(ev.Flip(units=(UnitId("X-0"),), spent=False, where=W))
    assert len(bounded(events, game)) == len(events)
    place = ev.Place(side=side, units=(game.units[0].id,), to=Location.in_area(AreaId(998)), where=W)
    assert refused(game, *events, place) == (
        f"t.jsonl:5: place to: with 998, the log names {MAX_UNKNOWN_IDS + 1:,} units, cards and areas the game data does not "
        f"have; a log is read with at most {MAX_UNKNOWN_IDS:,} (is it a log of this game?)"
    )


def test_a_transcript_past_a_bound_is_refused_by_check(tmp_path: Path, game: GameData) -> None:
    from click.testing import CliRunner

    from sdbp_module.cli import main

    path = tmp_path / "long.jsonl"
    areas = ",".join(str(a.id) for a in game.areas) + ",1"
    path.write_text('{"type":"phase","turn":1,"phase":"action"}\n' + '{"type":"move","side":"french","units":["FR-III13DBLE-10"],'
                    f'"from_area":14,"to_area":1,"path":[{areas}]}}\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == f"Error: {path}:2: move path: {len(game.areas) + 1} areas; the game has {len(game.areas)}, so a list holds at most that many\n"


def test_a_phase_and_a_log_are_read_up_to_their_limits(game: GameData) -> None:
    """The replay keeps a phase's history (``MAX_PHASE_EVENTS``); a log is read up to ``MAX_EVENTS``."""
    from sdbp_module.ids import Phase
    from sdbp_module.limits import MAX_EVENTS, MAX_PHASE_EVENTS

    side = game.units[0].side
    phase = [ev.PhaseStart(turn=1, phase=Phase.ACTION, where=ev.Where("t.jsonl", 0, 1))]
    passes = [ev.Pass(side=side, where=ev.Where("t.jsonl", i, i + 1)) for i in range(1, MAX_PHASE_EVENTS + 2)]
    assert len(bounded(phase + passes[:-1], game)) == MAX_PHASE_EVENTS + 1
    assert refused(game, *phase, *passes) == (
        f"t.jsonl:{MAX_PHASE_EVENTS + 2}: the phase that began at t.jsonl:1 has more than {MAX_PHASE_EVENTS:,} events; "
        f"a phase is read up to {MAX_PHASE_EVENTS:,} (a real one has at most a few hundred)"
    )
    many: list[ev.Event] = []
    for i in range(MAX_EVENTS):
        many.append(ev.PhaseStart(turn=1, phase=Phase.ACTION, where=ev.Where("t.jsonl", i)) if i % 1000 == 0 else passes[0])
    assert len(bounded(many, game)) == MAX_EVENTS
    assert refused(game, *many, passes[0]) == f"t.jsonl:2: more than {MAX_EVENTS:,} events; a log is read up to {MAX_EVENTS:,}"
