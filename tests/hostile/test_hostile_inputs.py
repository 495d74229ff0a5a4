"""Hostile input, every class of issue 22 parts 3 and 4: one line, the right exit code, nothing half-written.

Each case makes its input in a temporary folder at the size that proves the bound (one past a limit of
``sdbp_module/limits.py``, or the largest input a limit lets through when that is cheap), runs the
command through click's ``CliRunner`` and checks the exit code and, for a refusal, the exact one line on
stderr (``{path}`` = the input), an empty stdout and no file left behind. The largest cases, at full
size, are measured by ``bench/hostile.py`` (peak memory and time against 512 MB and 10 s).

Classes: a transcript's size, lines, events, lists, texts, unknown ids, actions, phases and findings; a
save's commands and steps, a long chat line, a save or log of another module, the JSON form's size and
objects; a module whose zones or prototypes are a bomb; a file name with a line break; Ctrl-C (a real
SIGINT too); ``audit -j`` past the cores; a YAML value with a trailing line break; a player-aid title
holding a digit; lines split only on ``\\n``.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from sdbp_module import limits
from sdbp_module.cli import INTERRUPTED_LINE, main
from sdbp_module.codec.container import container_bytes
from sdbp_module.codec.envelope import Envelope, EnvelopeKind, encode_envelope
from sdbp_module.codec.pieces import add_piece_text, join_chain
from sdbp_module.errors import EXIT_INTERRUPTED
from sdbp_module.ids import UnitId
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import default_data_dir

ROOT = Path(__file__).resolve().parents[2]
ESC = "\x1b"
PHASE = '{"type":"phase","turn":1,"phase":"action"}'
PASS = '{"type":"pass","side":"french"}'
MOVE = '{"type":"move","side":"french","units":["FR-III13DBLE-10"],"from_area":14,"to_area":1,"path":[14,1]}'
PIECE = "\\" + ESC + "+/1/mark;sdbp_id\tpiece;;;;Éliane/FR-III13DBLE-10\tMain Map;10;20;1;0"
"""One piece of our module in a save (an ``sdbp_id``, as every piece the module makes)."""
SETUP = ESC.join(["begin_save", "", PIECE, "end_save"])


@cache
def _game() -> GameData:
    """The bundled game, loaded by the first test that needs it (not when the file is collected: every
    process of a session collects it)."""
    return load_game(default_data_dir())


def _units() -> list[UnitId]:
    return [u.id for u in _game().units]


def _areas() -> list[int]:
    return [int(a.id) for a in _game().areas]


def transcript(path: Path, *lines: str) -> list[str]:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return ["check", str(path)]


def save(path: Path, text: str, entries: tuple[tuple[str, bytes], ...] = ()) -> None:
    path.write_bytes(container_bytes(encode_envelope(Envelope(EnvelopeKind.VCSK, 0x5A, text)), entries))


def module(path: Path, body: str) -> Path:
    """A module whose build file holds ``body`` (zones, prototypes, piece slots)."""
    xml = f'<?xml version="1.0" encoding="UTF-8"?><VASSAL.build.GameModule name="M" version="1">{body}</VASSAL.build.GameModule>'
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("buildFile.xml", xml)
    return path


def _piece_xml(types: list[str], states: list[str]) -> str:
    from xml.sax.saxutils import escape

    return escape(add_piece_text("null", join_chain(types), join_chain(states)))


# -- the cases ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    make: Callable[[Path], list[str]]  # writes the input under the folder, returns the command's arguments
    exit: int
    message: str | Callable[[], str] | None  # the one stderr line of a refusal ({path}: the input), or what words it
    # from the game's data when the test runs; None: a report, no stderr


def _events_over_limit(tmp: Path) -> list[str]:
    return transcript(tmp / "in.jsonl", *([PHASE] + [PASS] * 4000) * 5)


def _line_over_limit(tmp: Path) -> list[str]:
    return transcript(tmp / "in.jsonl", PHASE, " " * limits.MAX_LINE_CHARS + PASS)


def _transcript_over_limit(tmp: Path) -> list[str]:
    path = tmp / "in.jsonl"
    with path.open("wb") as handle:
        handle.truncate(limits.MAX_TRANSCRIPT_BYTES + 1)  # sparse: refused before it is read
    return ["check", str(path)]


def _units_over_limit(tmp: Path) -> list[str]:
    units = json.dumps(_units() + _units()[:1])
    return transcript(tmp / "in.jsonl", PHASE, f'{{"type":"move","side":"french","units":{units},"from_area":14,"to_area":13}}')


def _path_over_limit(tmp: Path) -> list[str]:
    path = json.dumps(_areas() + _areas()[:1])
    return transcript(tmp / "in.jsonl", PHASE, f'{{"type":"move","side":"french","units":["FR-III13DBLE-10"],"from_area":14,"to_area":1,"path":{path}}}')


def _long_units_and_path(tmp: Path) -> list[str]:
    """Every unit along every area, 40 times: the largest lists the bounds let through (2.3 GB, then
    no result in 60 s, before the bounds and the stack move)."""
    units, areas = _units(), _areas()
    line = json.dumps({"type": "move", "side": "french", "units": units, "from_area": 14, "to_area": areas[-1], "path": areas})
    return transcript(tmp / "in.jsonl", PHASE, *[line] * 40)


def _text_over_limit(tmp: Path) -> list[str]:
    return transcript(tmp / "in.jsonl", PHASE, '{"type":"dice","side":"french","purpose":"' + "x" * 201 + '","values":[1]}')


def _unknown_ids_in_a_transcript(tmp: Path) -> list[str]:
    """A transcript may use only the game's words (``replay.vocabulary``): its first unknown id is a bad line,
    so it never reaches the unknown-id bound (``MAX_UNKNOWN_IDS``, tests/unit/replay/test_bounds.py)."""
    flips = [json.dumps({"type": "flip", "units": [f"X-{i}-{j}" for j in range(50)], "spent": True}) for i in range(3)]
    return transcript(tmp / "in.jsonl", PHASE, *flips)


def _unknown_area_in_start(tmp: Path) -> list[str]:
    """An area the game does not have in a game start (a KeyError once): a bad line (``replay.vocabulary``)."""
    start = {"type": "game-start", "units": [{"unit": "FR-III13DBLE-10", "side": "french", "location": "99"}], "control": [{"area": 99, "side": "french"}]}
    return transcript(tmp / "in.jsonl", json.dumps(start), PHASE, '{"type":"move","side":"french","units":["FR-III13DBLE-10"],"from_area":99,"to_area":13}',
                      '{"type":"control","area":99,"side":"viet_minh"}', '{"type":"control","area":13,"side":"french"}')


def _action_over_limit(tmp: Path) -> list[str]:
    dice = '{"type":"dice","side":"french","purpose":"fire","values":[1,2]}'
    return transcript(tmp / "in.jsonl", PHASE, MOVE, *[dice] * limits.MAX_ACTION_STEPS)


def _end_phase_over_limit(tmp: Path) -> list[str]:
    dice = '{"type":"dice","side":"french","purpose":"supply","values":[1,2]}'
    return transcript(tmp / "in.jsonl", '{"type":"phase","turn":1,"phase":"end"}', *[dice] * (limits.MAX_ACTION_STEPS + 1))


def _phase_over_limit(tmp: Path) -> list[str]:
    return transcript(tmp / "in.jsonl", PHASE, *[PASS] * (limits.MAX_PHASE_EVENTS + 1))


def _findings_over_limit(tmp: Path) -> list[str]:
    """A move breaking five rules, 1,100 times: more findings than a report lists (10^6 of them: a MemoryError
    once); the report lists the most serious, counts them all and exits 1."""
    return transcript(tmp / "in.jsonl", PHASE, *[MOVE] * 1100)


def _line_separators(tmp: Path) -> list[str]:
    """U+2028, U+2029 and U+0085 inside a string are text: the transcript is read, not refused."""
    where = '"where":{"file":"a\u2028b\u2029c\u0085d.vlog","index":1,"line":2}'
    return transcript(tmp / "in.jsonl", PHASE, '{"type":"dice","side":"french","purpose":"fire","values":[1],' + where + "}")


COMMANDS_TEXT = SETUP + ESC + ESC.join(["LOG\tCHAT hi"] * limits.MAX_COMMANDS)


def _commands_over_limit(tmp: Path) -> list[str]:
    save(tmp / "in.vlog", COMMANDS_TEXT)
    return ["check", str(tmp / "in.vlog")]


def _steps_over_limit(tmp: Path) -> list[str]:
    save(tmp / "in.vlog", SETUP + ESC + ESC.join(["LOG\tCHAT hi"] * (limits.MAX_EVENTS + 1)))
    return ["check", str(tmp / "in.vlog")]


def _long_chat_line(tmp: Path) -> list[str]:
    """A chat line longer than any the module writes: not read (one cannot-check finding), not copied."""
    save(tmp / "in.vlog", SETUP + ESC + "LOG\tCHAT* SDBP|1|PASS|side=French|x=" + "A" * limits.MAX_LOG_LINE_CHARS)
    return ["check", str(tmp / "in.vlog")]


def _foreign_save(tmp: Path) -> list[str]:
    save(tmp / "in.vsav", ESC.join(["begin_save", "", "\\" + ESC + "+/1/piece;;;;Tank/\tMain Map;10;20;1;0", "end_save"]))
    return ["show", str(tmp / "in.vsav"), "--format", "text"]


def _foreign_log(tmp: Path) -> list[str]:
    save(tmp / "in.vlog", ESC.join(["begin_save", "", "\\" + ESC + "+/1/piece;;;;Tank/\tMain Map;10;20;1;0", "end_save"]) + ESC + "LOG\tCHAT hi")
    return ["check", str(tmp / "in.vlog")]


def _json_over_limit(tmp: Path) -> list[str]:
    with (tmp / "in.json").open("wb") as handle:
        handle.truncate(limits.MAX_JSON_BYTES + 1)
    return ["convert", str(tmp / "in.json"), str(tmp / "out.vsav")]


def _json_objects_over_limit(tmp: Path) -> list[str]:
    (tmp / "in.json").write_text("[" + ",".join(["{}"] * (limits.MAX_JSON_OBJECTS + 1)) + "]", encoding="utf-8")
    return ["convert", str(tmp / "in.json"), str(tmp / "out.vsav")]


def _zone_bomb(tmp: Path) -> list[str]:
    points = ";".join(f"{i % 500},{i % 300}" for i in range(limits.MAX_ZONE_POINTS + 1))
    zone = f'<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Z" path="{points}"/>'
    board = f'<VASSAL.build.module.map.boardPicker.Board name="B">{zone}</VASSAL.build.module.map.boardPicker.Board>'
    path = module(tmp / "in.vmod", f'<VASSAL.build.module.Map mapName="Main Map">{board}</VASSAL.build.module.Map>')
    save(tmp / "good.vsav", SETUP)
    return ["convert", str(tmp / "good.vsav"), str(tmp / "out.json"), "--module", str(path)]


def _prototype_bomb(tmp: Path) -> list[str]:
    """Prototypes using the next one four times, 15 deep: 4^15 traits (a hang before the bound)."""
    protos = "".join(
        f'<VASSAL.build.module.PrototypeDefinition name="P{i}">'
        + _piece_xml([f"prototype;P{i + 1}"] * 4 + ["piece;;;;"], [""] * 4 + ["null;0;0;;0"])
        + "</VASSAL.build.module.PrototypeDefinition>"
        for i in range(15)
    )
    slot = f'<VASSAL.build.widget.PieceSlot entryName="Bomb">{_piece_xml(["prototype;P0", "piece;;;;B"], ["", "null;0;0;;0"])}</VASSAL.build.widget.PieceSlot>'
    path = module(tmp / "in.vmod", protos + slot)
    save(tmp / "good.vsav", SETUP)
    return ["convert", str(tmp / "good.vsav"), str(tmp / "out.json"), "--module", str(path)]


def _newline_in_name(tmp: Path) -> list[str]:
    return ["check", str(tmp / "a\nb.vlog")]


def _newline_in_name_convert(tmp: Path) -> list[str]:
    path = tmp / "in\n\u2028.vsav"
    path.write_bytes(b"not a zip")
    return ["convert", str(path), str(tmp / "out.json")]


def _trailing_line_break(tmp: Path) -> list[str]:
    import shutil

    data = tmp / "data"
    shutil.copytree(default_data_dir(), data)
    game = data / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert "\nid: sodbp\n" in text
    game.write_text(text.replace("\nid: sodbp\n", "\nid: |\n  sodbp\n"), encoding="utf-8")
    return ["validate", str(data)]


CASES: dict[str, Case] = {
    "events-over-limit": Case(_events_over_limit, 2, f"{{path}}:20001: more than {limits.MAX_EVENTS:,} events; a log is read up to {limits.MAX_EVENTS:,}"),
    "line-over-limit": Case(_line_over_limit, 2, f"{{path}}:2: a line of {limits.MAX_LINE_CHARS + len(PASS):,} characters; a line (one event) is read up to {limits.MAX_LINE_CHARS:,}"),
    "transcript-over-limit": Case(
        _transcript_over_limit, 2,
        f"{{path}}: {limits.MAX_TRANSCRIPT_BYTES + 1:,} bytes; an events transcript is read up to {limits.MAX_TRANSCRIPT_BYTES:,} bytes (a whole real game is under 1 MB)",
    ),
    "units-over-limit": Case(
        _units_over_limit, 2, lambda: f"{{path}}:2: move units: {len(_units()) + 1} units; the game has {len(_units())}, so a list holds at most that many",
    ),
    "path-over-limit": Case(
        _path_over_limit, 2, lambda: f"{{path}}:2: move path: {len(_areas()) + 1} areas; the game has {len(_areas())}, so a list holds at most that many",
    ),
    "long-units-and-path": Case(_long_units_and_path, 1, None),
    "text-over-limit": Case(_text_over_limit, 2, f"{{path}}:2: dice purpose: a text of 201 characters; a text of an event has at most {limits.MAX_TEXT_CHARS}"),
    "unknown-ids-in-a-transcript": Case(_unknown_ids_in_a_transcript, 2, "{path}:2: units.0: 'X-0-0' is not a unit of the game's data"),
    "unknown-area-in-start": Case(_unknown_area_in_start, 2, "{path}:1: units.0.location: 99 is not an area of the game's map"),
    "action-over-limit": Case(
        _action_over_limit, 2,
        f"{{path}}:{limits.MAX_ACTION_STEPS + 2}: the action that began at {{path}}:2 has more than {limits.MAX_ACTION_STEPS:,} events; "
        f"an action is read up to {limits.MAX_ACTION_STEPS:,} (a real one has at most a few hundred)",
    ),
    "end-phase-over-limit": Case(
        _end_phase_over_limit, 2,
        f"{{path}}:{limits.MAX_ACTION_STEPS + 1}: the end phase that began at {{path}}:1 has more than {limits.MAX_ACTION_STEPS:,} events; "
        f"a Draw or End phase is read up to {limits.MAX_ACTION_STEPS:,} (a real one has at most a few hundred)",
    ),
    "phase-over-limit": Case(
        _phase_over_limit, 2,
        f"{{path}}:{limits.MAX_PHASE_EVENTS + 2}: the phase that began at {{path}}:1 has more than {limits.MAX_PHASE_EVENTS:,} events; "
        f"a phase is read up to {limits.MAX_PHASE_EVENTS:,} (a real one has at most a few hundred)",
    ),
    "findings-over-limit": Case(_findings_over_limit, 1, None),
    "line-separators-in-a-string": Case(_line_separators, 1, None),
    "commands-over-limit": Case(
        _commands_over_limit, 2,
        f"{{path}}: entry 'savedGame': its text holds {COMMANDS_TEXT.count(ESC):,} command separators (ESC); a save or log is read up to "
        f"{limits.MAX_COMMANDS:,} commands (a real one: a few thousand)",
    ),
    "steps-over-limit": Case(_steps_over_limit, 2, f"{{path}}: {limits.MAX_EVENTS + 1:,} log steps; a log is read up to {limits.MAX_EVENTS:,} (a whole real game has a few thousand)"),
    "long-chat-line": Case(_long_chat_line, 1, None),
    "foreign-save-shown": Case(
        _foreign_save, 2,
        "{path}: not a save or log of 'StormOverDienBienPhu': it names no module (no moduledata entry) and none of its pieces or lines is the module's (no sdbp_id, no SDBP line)",
    ),
    "foreign-log-checked": Case(
        _foreign_log, 2,
        "{path}: not a save or log of 'StormOverDienBienPhu': it names no module (no moduledata entry) and none of its pieces or lines is the module's (no sdbp_id, no SDBP line)",
    ),
    "json-over-limit": Case(_json_over_limit, 2, f"{{path}}: {limits.MAX_JSON_BYTES + 1:,} bytes; the JSON form of a save or log is read up to {limits.MAX_JSON_BYTES:,}"),
    "json-objects-over-limit": Case(
        _json_objects_over_limit, 2,
        f"{{path}}: {limits.MAX_JSON_OBJECTS + 1:,} opening braces; the JSON form of a save or log is read with up to {limits.MAX_JSON_OBJECTS:,} objects (that of a 27 MB save: 88,000)",
    ),
    "zone-bomb": Case(
        _zone_bomb, 2,
        f"{{path}}: entry 'buildFile.xml': line 1: the zones of the module's maps have more than {limits.MAX_ZONE_POINTS:,} points; a module is read with up to "
        f"{limits.MAX_ZONE_POINTS:,} (ours: a few hundred)",
    ),
    "prototype-bomb": Case(
        _prototype_bomb, 2,
        f"{{path}}: entry 'buildFile.xml': line 1: piece 'Bomb' has more than {limits.MAX_PIECE_TRAITS:,} traits once its prototypes are put in; a piece is read "
        f"with up to {limits.MAX_PIECE_TRAITS:,} (ours: 30)",
    ),
    "newline-in-a-file-name": Case(_newline_in_name, 2, "{path}: no such file"),
    "line-separators-in-a-file-name": Case(_newline_in_name_convert, 2, "{path}: not a zip archive (a .vsav/.vlog is a zip file)"),
    "trailing-line-break-in-yaml": Case(_trailing_line_break, 1, None),
}


def _escaped(text: str) -> str:
    from sdbp_module.errors import one_line

    return one_line(text)


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_input(name: str, tmp_path: Path) -> None:
    case = CASES[name]
    args = case.make(tmp_path)
    before = sorted(p.name for p in tmp_path.rglob("*"))
    result = CliRunner().invoke(main, args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code == case.exit, (result.stderr or result.stdout)[-2000:]
    assert sorted(p.name for p in tmp_path.rglob("*")) == before  # nothing written, nothing half-written
    module_arg = args[args.index("--module") + 1] if "--module" in args else None
    path = module_arg if module_arg is not None else args[1]
    if case.message is not None:
        message = case.message() if callable(case.message) else case.message
        assert result.stdout == ""
        assert result.stderr == "Error: " + message.format(path=_escaped(path)) + "\n"
    elif name == "trailing-line-break-in-yaml":
        assert "id: 'sodbp\\n' does not match the required pattern (expected a string matching ^[a-z][a-z0-9_]*$)" in result.stdout
        assert result.stderr.count("\n") == 1
    else:
        assert result.stderr == ""
    if name == "findings-over-limit":
        assert "more findings are not listed: a report lists 5,000, the most serious first" in result.stdout
    if name == "long-chat-line":
        assert f"a command of {len('LOG	CHAT* SDBP|1|PASS|side=French|x=') + limits.MAX_LOG_LINE_CHARS:,} characters" in result.stdout


def test_every_limit_is_stated_in_the_readme() -> None:
    """README's "Limits" section gives each number of ``limits`` a user can meet."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Limits") :]
    for name in (
        "MAX_EVENTS", "MAX_TRANSCRIPT_BYTES", "MAX_LINE_CHARS", "MAX_LINE_DEPTH", "MAX_PHASE_EVENTS", "MAX_ACTION_STEPS", "MAX_UNKNOWN_IDS",
        "MAX_SAVE_BYTES", "MAX_COMMANDS", "MAX_JSON_BYTES", "MAX_JSON_OBJECTS", "MAX_BUILD_FILE_BYTES", "MAX_ZONE_POINTS", "MAX_PIECE_TRAITS",
        "MAX_FINDINGS_LISTED", "MAX_PICTURES",
    ):
        value = getattr(limits, name)
        shown = f"{value // limits.MIB} MiB" if value >= limits.MIB and value % limits.MIB == 0 else f"{value:,}"
        assert shown in section, f"{name} = {shown} is not in README's Limits"
    data = text[text.index("**Limits on data and artwork**") : text.index("## Limits")]
    for name in (
        "MAX_DATA_FILE_BYTES", "MAX_DATA_DEPTH", "MAX_DATA_VALUES", "MAX_FOLDER_VALUES", "MAX_ALIAS_VALUES", "MAX_ALIAS_CHARS",
        "MAX_DATA_PROBLEMS", "MAX_MAP_PIXELS", "MAX_MAP_IMAGE_BYTES", "MAX_PIECE_PIXELS", "MAX_PIECE_IMAGE_BYTES", "MAX_IMAGE_SIDE",
        "MAX_HEXES",
    ):
        value = getattr(limits, name)
        shown = f"{value // limits.MIB} MiB" if value >= limits.MIB and value % limits.MIB == 0 else f"{value:,}"
        shown = f"{value // 1024} KiB" if name.endswith("_BYTES") and value < limits.MIB else shown
        assert shown in data, f"{name} = {shown} is not in README's Limits on data and artwork"


# -- Ctrl-C -------------------------------------------------------------------------------------------------


def test_ctrl_c_exits_130_in_one_line_and_leaves_no_half_written_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Stopped half-way through writing an HTML report: 130 (not 1, the code of illegal findings), one line,
    no report and no temporary file."""
    from sdbp_module.reports import html

    real = html.html_report_chunks

    def interrupted(*args: object, **kwargs: object) -> object:
        for n, chunk in enumerate(real(*args, **kwargs)):  # type: ignore[arg-type]
            if n == 3:
                raise KeyboardInterrupt
            yield chunk

    monkeypatch.setattr(html, "html_report_chunks", interrupted)
    args = transcript(tmp_path / "in.jsonl", PHASE, MOVE, MOVE)
    out = tmp_path / "report.html"
    result = CliRunner().invoke(main, [*args, "--format", "html", "--pictures", "none", "-o", str(out)])
    assert result.exit_code == EXIT_INTERRUPTED == 130
    assert result.stderr == INTERRUPTED_LINE + "\n" and result.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl"]


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT")
def test_a_real_sigint_exits_130_in_one_line(tmp_path: Path) -> None:
    """The command run as a process, interrupted by SIGINT while it writes its HTML report (its temporary file
    is there, the pictures are being drawn): one line, 130, and neither the report nor its temporary file
    is left.

    The process starts with SIGINT's default handling, as from a shell (an ignored SIGINT would be
    inherited). It is stopped (SIGSTOP) once its temporary file is seen, and only if the file is still there
    while it stands still is it sent SIGINT and continued: the signal arrives while it writes, however
    loaded the machine. A run that finished before it could be stopped proves nothing and is run again.
    400 moves: a report of some ten megabytes, long enough to be caught in; the check before it, which the
    test only waits for, is kept short."""
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join([PHASE, *[MOVE] * 400]) + "\n", encoding="utf-8")
    out = tmp_path / "report.html"
    env = dict(os.environ, PYTHONPATH=str(ROOT))

    def writing() -> bool:
        return any(p.name.endswith(".tmp") for p in tmp_path.iterdir())

    for _ in range(5):
        # started as from a shell, whatever an earlier test in this process left: a SIGINT ignored here
        # (SIG_IGN) would be inherited, and the command would never see the signal
        before = signal.signal(signal.SIGINT, signal.default_int_handler)
        try:
            process = subprocess.Popen(
                [sys.executable, "-m", "sdbp_module", "check", str(path), "--format", "html", "-o", str(out)],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=tmp_path, text=True,
            )
        finally:
            if before is not None:
                signal.signal(signal.SIGINT, before)
        deadline = time.monotonic() + 120
        while not writing() and process.poll() is None:  # writing the report, drawing its pictures
            assert time.monotonic() < deadline, "the report was never begun"
            time.sleep(0.005)
        if process.poll() is None:
            process.send_signal(signal.SIGSTOP)
            os.waitid(os.P_PID, process.pid, os.WSTOPPED | os.WEXITED | os.WNOWAIT)  # until it stands still (or has ended)
            caught = process.poll() is None and writing()
            if caught:
                process.send_signal(signal.SIGINT)
            process.send_signal(signal.SIGCONT)
        else:
            caught = False
        stdout, stderr = process.communicate(timeout=60)
        if caught:
            break
        out.unlink(missing_ok=True)  # it finished first: try again
    else:
        pytest.fail("the check was never caught writing its report in five runs")
    assert process.returncode == 130, stderr
    assert stderr == INTERRUPTED_LINE + "\n" and stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl"]


# -- audit -j ------------------------------------------------------------------------------------------------


def test_audit_starts_at_most_one_worker_per_core(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sdbp_module.audit import commands, run

    seen: list[int] = []
    real = run.audit_logs

    def counting(auditor: object, paths: object, *, jobs: int, **kwargs: object) -> object:
        seen.append(jobs)
        return real(auditor, paths, jobs=1, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(commands, "audit_logs", counting)
    logs = tmp_path / "logs"
    logs.mkdir()
    transcript(logs / "a.jsonl", PHASE, PASS)
    result = CliRunner().invoke(main, ["audit", str(logs), "-o", str(tmp_path / "out"), "-j", "1000"])
    assert result.exit_code in (0, 1), result.stderr
    assert seen == [commands.available_cores()]
    result = CliRunner().invoke(main, ["audit", str(logs), "-o", str(tmp_path / "out"), "-j", "0"])
    assert result.exit_code == 2 and result.stderr == "Error: --jobs 0: expected 1 or more worker processes\n"


# -- small things ---------------------------------------------------------------------------------------------


def test_a_player_aid_title_may_hold_a_digit() -> None:
    """The window title quotes the data's game title (a ``Name``): "... 1954" builds (an internal error once)."""
    from sdbp_module.vassal.player_aid import aid_files

    game = replace(_game(), game=replace(_game().game, title="Storm Over Dien Bien Phu 1954"))
    pages = aid_files(game)
    assert pages and all(b"Storm Over Dien Bien Phu 1954: player aid" in page for page in pages.values())


def test_the_guard_s_line_is_one_line() -> None:
    from sdbp_module.cli import internal_error_line

    line = internal_error_line(ValueError("a\nb\x1b[31m\u2028c"), "check")
    assert "\n" not in line and "\x1b" not in line and "\u2028" not in line and "ValueError: a b\\x1b[31m c — " in line
