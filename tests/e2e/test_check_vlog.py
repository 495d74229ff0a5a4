"""End to end: a short SoDBP game (turns 1–2) written as a .vlog with the real built module, checked
with ``sdbp check``. The planted violations are found, and nothing else; the clean game passes.

The log is written by the scribe (``sdbp_module.vassal_log.scribe``) from the module's own set-up
save, with the commands and ``SDBP|1|…`` lines the module's traits write (docs/report-formats.md).
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from sdbp_module.cli import main
from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.vassal_log.scribe import Scribe
from tests.e2e.conftest import PART_GAME_SKIPS

SKIPS = [arg for prefix in PART_GAME_SKIPS for arg in ("--skip", prefix)]

F, V = FRENCH, VIET_MINH


def write_game(module: Path, path: Path, *, planted: bool) -> None:
    """Turn 1 draw and actions, end, turn 2 draw and a few actions. With ``planted``: a French unit
    into red area 4 (step 6), a paratroop move 21 → 6 beyond its 3 MP (step 13), a 10th VM unit in
    area 12 (step 15) and a malformed SDBP line (step 18)."""
    s = Scribe(module)
    s.draw(F, ["FR-02", "FR-03", "FR-04", "FR-05", "FR-07", "FR-08"])  # 1, 2
    s.draw(V, ["VM-01", "VM-02", "VM-04", "VM-05", "VM-07"])
    s.phase(1, "action", V)  # 3
    s.move(V, ["VM-308-88-322-1", "VM-308-88-322-2"], "11")  # 4, 5
    s.flip(V, ["VM-308-88-322-1", "VM-308-88-322-2"])
    s.move(F, ["FR-BT3-9"], "4" if planted else "15")  # 6, 7
    s.flip(F, ["FR-BT3-9"])
    s.declare("FIRE", V, ["VM-312-165-115-1", "VM-312-165-115-2"], "14")  # 8, 9, 10
    s.dice(V, "fire", [3, 5])
    s.flip(V, ["VM-312-165-115-1", "VM-312-165-115-2"])
    s.damage(F, "FR-III13DBLE-9", "flip")  # 11: the damage (8.4): attack 12 − defense 11 = 1 point, one flip
    marker = s.add_marker(V, "fire", "viet_minh", "8")  # 12: the fire marker on the firing area (8.1)
    s.move(F, ["FR-8BPC-1"], "6" if planted else "22")  # 13, 14
    s.flip(F, ["FR-8BPC-1"])
    vm = ["VM-312-141-428-1", "VM-312-141-428-2"] if planted else ["VM-312-141-428-1"]
    s.move(V, vm, "12")  # 15, 16
    s.flip(V, vm)
    s.pass_(F)  # 17
    if planted:
        s.chat("* SDBP|1|PASS|Viet Minh")  # 18: not key=value
    else:
        s.chat("&lt;Bob&gt; - your turn")
    s.pass_(V)  # 19
    s.phase(1, "end", V)  # 20
    s.delete(marker)  # 21: fire markers come off in the End phase (4.0 C)
    s.phase(2, "draw", V)  # 22
    s.draw(F, ["FR-10", "FR-11"])  # 23, 24
    s.draw(V, ["VM-08", "VM-25"])
    s.phase(2, "action", V)  # 25
    s.dice(V, "fire", [6, 6])  # 26, taken back by 27
    s.undo()
    s.move(V, ["VM-308-88-29-1"], "5")  # 28, 29
    s.flip(V, ["VM-308-88-29-1"])
    s.pass_(F)  # 30, 31
    s.pass_(V)
    s.write(path)


def check(log: Path, module: Path) -> tuple[int, dict[str, object]]:
    result = CliRunner().invoke(main, ["check", str(log), "--module", str(module), "--format", "json", *SKIPS])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, json.loads(result.output)


def summary(report: dict[str, object]) -> list[tuple[str, str, int | None]]:
    findings = report["findings"]
    assert isinstance(findings, list)
    return [(f["rule_id"], f["severity"], f["where"].get("index") if f["where"]["file"] != "<end of log>" else None) for f in findings]


def test_planted_violations_are_found_and_nothing_else(module: Path, tmp_path: Path) -> None:
    log = tmp_path / "planted.vlog"
    write_game(module, log, planted=True)
    code, report = check(log, module)
    assert code == 1
    assert summary(report) == [
        ("FR-RED-AREA", "illegal", 6),
        ("MOVE-COST", "illegal", 13),
        ("STACK-LIMIT-9", "illegal", 15),
        ("LOG-INTERPRETATION", "cannot-check", 18),
        ("GAME-LENGTH-8", "info", None),
    ]
    findings = report["findings"]
    assert isinstance(findings, list)
    assert findings[0]["units"] == ["FR-BT3-9"] and findings[0]["areas"] == [9, 4]
    assert findings[1]["units"] == ["FR-8BPC-1"] and (findings[1]["expected"], findings[1]["actual"]) == (3, 7)
    assert (findings[2]["expected"], findings[2]["actual"]) == (9, 10)
    assert "'SDBP|1|PASS|Viet Minh'" in findings[3]["message"]


def test_the_same_game_without_plants_is_clean(module: Path, tmp_path: Path) -> None:
    log = tmp_path / "clean.vlog"
    write_game(module, log, planted=False)
    code, report = check(log, module)
    assert code == 0
    assert summary(report) == [("GAME-LENGTH-8", "info", None)]


def test_without_module_the_game_data_zones_give_the_same_report(module: Path, tmp_path: Path) -> None:
    log = tmp_path / "planted.vlog"
    write_game(module, log, planted=True)
    result = CliRunner().invoke(main, ["check", str(log), "--format", "json", *SKIPS])
    assert result.exit_code == 1
    assert summary(json.loads(result.output)) == summary(check(log, module)[1])


def test_assault_advance_and_fire_retreat_are_not_move_actions(module: Path, tmp_path: Path) -> None:
    """The advance after an assault (10.0) is read as ``MoveKind.ADVANCE`` and a retreat after a fire
    as part of the ``Damage`` (8.4): neither is judged as a move action (MOVE-*, ACT-*) nor breaks the
    alternation of sides (SEQ-ALTERNATE)."""
    s = Scribe(module)
    s.phase(1, "action", V)
    s.declare("ASSAULT", V, ["VM-308-88-322-1", "VM-308-88-322-2"], "10")
    s.dice(V, "assault", [6, 6])  # 12 + FP 6 − DEF 8 = 10 damage: the lone defender is eliminated
    s.eliminate(F, "FR-I2REI-1")
    s.move(V, ["VM-308-88-322-1", "VM-308-88-322-2"], "10")  # the advance: no MP, not a second part
    s.flip(V, ["VM-308-88-322-1", "VM-308-88-322-2"])
    s.eliminate(V, "VM-308-88-322-2")  # the assault's price (10.0)
    s.move(F, ["FR-BT3-9"], "15")
    s.flip(F, ["FR-BT3-9"])
    s.declare("FIRE", V, ["VM-312-165-115-1", "VM-312-165-115-2"], "14")
    s.dice(V, "fire", [6, 5])  # 11 + FP 4 − (DEF 8 + terrain 3) = 4 damage
    s.flip(V, ["VM-312-165-115-1", "VM-312-165-115-2"])
    s.add_marker(V, "fire", "viet_minh", "8")
    s.flip(F, ["FR-III13DBLE-9", "FR-III13DBLE-11"])  # 2 points, then flip and retreat: 2 more
    s.flip(F, ["FR-III13DBLE-10"])
    s.move(F, ["FR-III13DBLE-10"], "17")  # the retreat: French, right after the VM fire
    s.pass_(F)
    s.pass_(V)
    log = tmp_path / "advance.vlog"
    s.write(log)
    code, report = check(log, module)
    judged = [rule for rule, _, _ in summary(report) if rule.startswith(("MOVE-", "ACT-", "SEQ-", "SPENT-", "VM-", "FR-"))]
    assert judged == []
    assert code == 0


def test_convert_events_then_check_the_transcript(module: Path, tmp_path: Path) -> None:
    """``sdbp convert LOG.vlog EVENTS.jsonl --events`` writes the events the checker reads: checking
    the transcript gives the log's findings, less the interpretation problems, which go to stderr."""
    log = tmp_path / "planted.vlog"
    write_game(module, log, planted=True)
    events = tmp_path / "planted.jsonl"
    result = CliRunner().invoke(main, ["convert", str(log), str(events), "--events", "--module", str(module)])
    assert result.exit_code == 0, result.output
    lines = events.read_text(encoding="utf-8").splitlines()
    assert result.stdout == f"{events}: {len(lines)} events, 1 interpretation problem\n"
    assert result.stderr.startswith("cannot interpret: planted.vlog#18: ")
    transcript = CliRunner().invoke(main, ["check", str(events), "--format", "json", *SKIPS])
    assert transcript.exit_code == 1
    rules = [(rule, severity) for rule, severity, _ in summary(json.loads(transcript.output))]
    assert rules == [
        ("FR-RED-AREA", "illegal"),
        ("MOVE-COST", "illegal"),
        ("STACK-LIMIT-9", "illegal"),
        ("GAME-LENGTH-8", "info"),
    ]


def test_convert_events_wants_a_vlog_and_a_jsonl(tmp_path: Path) -> None:
    save = tmp_path / "game.vsav"
    save.write_bytes(b"PK")
    result = CliRunner().invoke(main, ["convert", str(save), str(tmp_path / "e.jsonl"), "--events"])
    assert (result.exit_code, result.stderr) == (2, f"Error: {save}: --events reads a .vlog log\n")
    assert not (tmp_path / "e.jsonl").exists()
