"""Fuzzing ``sdbp check`` with events transcripts: a damaged transcript is checked or refused, never a crash.

Hypothesis (derandomized, a fixed number of examples, no example database) damages the first events of
the synthetic legal game of ``bench/check.py`` (a game start with every unit, control and the decks,
then the first turns): a number, an id or a list of one event swapped for a hostile one (an area,
unit or card the game does not have, zero, a negative or a 30-digit number, an empty list, a list
repeated up to the game's bounds), an event dropped, repeated or moved, or a ``phase`` given another
turn and phase. Then ``sdbp check`` runs through click's ``CliRunner``:

- exit 0 or 1 (the transcript was read and judged; stderr empty), or 2 with one line on stderr that
  names the file (refused: past a bound, not an event);
- never 3 (the guard's "internal error") and no exception but ``SystemExit``.

A rule that crashes on what a log can hold shows up here with the event that made it crash.
"""

from __future__ import annotations

import json
import traceback
from functools import cache
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sdbp_module.cli import main
from sdbp_module.model.from_data import load_game
from sdbp_module.paths import default_data_dir
from sdbp_module.replay.jsonl import event_to_json
from tests.bench_check import bench_check

EVENTS = 400
"""Events of the game kept: its start, the first Draw and Action phases and more."""
HOSTILE_NUMBERS = (0, -1, 99, 41, 10**30)
HOSTILE_TEXTS = ("X-1", "", "FR-", "VM-312-141-11-1 ", "é\u2028\x1b")

FUZZ = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@cache
def base() -> tuple[str, ...]:
    """The undamaged transcript's lines (``where`` left out: each line gets its own)."""
    events = bench_check().synthetic_game(load_game(default_data_dir()))[:EVENTS]
    lines = []
    for event in events:
        data = event_to_json(event)
        data.pop("where")
        lines.append(json.dumps(data, sort_keys=True))
    return tuple(lines)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (keys and indexes), but ``type``."""
    out: list[tuple[Any, ...]] = []
    if isinstance(value, dict):
        for k, v in value.items():
            if k != "type":
                out.append((*prefix, k))
                out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:8]):
            out.append((*prefix, i))
            out += _paths(v, (*prefix, i))
    return out


def _set(value: Any, path: tuple[Any, ...], new: Any) -> None:
    for key in path[:-1]:
        value = value[key]
    value[path[-1]] = new


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


@st.composite
def damaged(draw: st.DrawFn) -> list[str]:
    lines = list(base())
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        kind = draw(st.sampled_from(["value", "value", "value", "drop", "repeat", "move", "phase"]))
        i = draw(st.integers(min_value=0, max_value=len(lines) - 1))
        if kind == "drop" and len(lines) > 1:
            del lines[i]
        elif kind == "repeat":
            lines.insert(i, lines[i])
        elif kind == "move":
            j = draw(st.integers(min_value=0, max_value=len(lines) - 1))
            lines.insert(j, lines.pop(i))
        elif kind == "phase":
            turn = draw(st.sampled_from([0, 1, 2, 8, 9, 10**6]))
            phase = draw(st.sampled_from(["draw", "action", "end"]))
            lines.insert(i, json.dumps({"type": "phase", "turn": turn, "phase": phase}))
        else:
            data = json.loads(lines[i])
            places = _paths(data)
            if not places:
                continue
            path = draw(st.sampled_from(places))
            old = _get(data, path)
            if isinstance(old, bool):
                new: Any = not old
            elif isinstance(old, int):
                new = draw(st.sampled_from(HOSTILE_NUMBERS))
            elif isinstance(old, str):
                new = draw(st.sampled_from(HOSTILE_TEXTS + (str(draw(st.sampled_from(HOSTILE_NUMBERS))),)))
            elif isinstance(old, list):
                new = draw(st.sampled_from([[], old * 2, old[:1] * 3, old[::-1]]))
            else:
                new = None
            _set(data, path, new)
            lines[i] = json.dumps(data)
    return lines


@FUZZ
@given(damaged())
def test_a_damaged_transcript_is_checked_or_refused_never_a_crash(lines: list[str]) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.jsonl"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        result = CliRunner().invoke(main, ["check", str(path)])
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            detail = "".join(traceback.format_exception(result.exception))
            raise AssertionError(f"check raised:\n{detail}")
        assert result.exit_code in (0, 1, 2), result.stderr
        if result.exit_code == 2:
            assert result.stderr.startswith(f"Error: {path}") and result.stderr.count("\n") == 1, result.stderr
        else:
            assert result.stderr == ""
