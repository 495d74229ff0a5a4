"""``sdbp check`` and ``sdbp rules`` from the command line: exit codes, reports, golden text, errors."""

from __future__ import annotations

import json
import os
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from sdbp_module.cli import main
from tests.bench_check import bench_check

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SQ1 = HERE / "data" / "check_sq1.jsonl"
GOLDEN = HERE / "golden" / "check_sq1.txt"
SCHEMA = ROOT / "sdbp_module" / "schemas" / "findings.schema.json"
UPDATE = os.environ.get("SDBP_UPDATE_GOLDEN") == "1"



def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_text_report_matches_the_golden_file() -> None:
    """The SQ-1 transcript: French first (illegal), a firer left fresh (FIRE-FLIP-SPENT, illegal, once:
    not ACT-FLIP-PARTICIPANTS too), set-up unknown."""
    code, out, err = invoke("check", str(SQ1.relative_to(Path.cwd())) if SQ1.is_relative_to(Path.cwd()) else str(SQ1))
    out = out.replace(str(SQ1), "check_sq1.jsonl").replace("tests/cli/data/check_sq1.jsonl", "check_sq1.jsonl")
    if UPDATE:
        GOLDEN.write_text(out, encoding="utf-8")
    assert out == GOLDEN.read_text(encoding="utf-8")
    assert code == 1 and err == ""


def test_json_report_follows_its_schema_and_is_stable(tmp_path: Path) -> None:
    code, out, _ = invoke("check", str(SQ1), "--format", "json")
    assert code == 1
    data = json.loads(out)
    jsonschema.validate(data, json.loads(SCHEMA.read_text(encoding="utf-8")))
    serious = [(f["rule_id"], f["where"]["line"]) for f in data["findings"] if f["severity"] in ("illegal", "suspicious")]
    assert serious == [("SEQ-VM-FIRST", 3), ("FIRE-FLIP-SPENT", 8)]
    assert data["verdict"] == "illegal" and data["summary"]["illegal"] == 2
    again = invoke("check", str(SQ1), "--format", "json")[1]
    assert again == out


def test_output_file_is_written_and_equals_stdout(tmp_path: Path) -> None:
    target = tmp_path / "out" / "report.json"
    code, out, _ = invoke("check", str(SQ1), "--format", "json", "-o", str(target))
    assert code == 1 and out == ""
    assert target.read_text(encoding="utf-8") == invoke("check", str(SQ1), "--format", "json")[1]
    assert [p.name for p in target.parent.iterdir()] == ["report.json"]  # no temporary file left


def test_a_legal_game_exits_0(tmp_path: Path) -> None:
    from sdbp_module.model.from_data import load_game
    from sdbp_module.paths import default_data_dir
    from sdbp_module.replay.jsonl import write_events

    events = bench_check().synthetic_game(load_game(default_data_dir()), turns=8)
    path = tmp_path / "legal.jsonl"
    write_events(path, events)
    code, out, _ = invoke("check", str(path), "--format", "json")
    data = json.loads(out)
    assert [f for f in data["findings"] if f["severity"] != "info"] == []
    assert code == 0 and data["verdict"] == "no-illegal"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"type":"pass","side":"french"}\n{"type":"pass"\n', ":2: not JSON"),
        ('{"type":"teleport"}\n', ":1: type: 'teleport' is not one of"),
    ],
)
def test_unreadable_events_exit_2_naming_file_and_line(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(content, encoding="utf-8")
    code, out, err = invoke("check", str(path))
    assert code == 2 and out == ""
    assert err.startswith(f"Error: {path}{message}")
    assert "Traceback" not in err


def test_missing_file_and_wrong_suffix_exit_2(tmp_path: Path) -> None:
    code, _, err = invoke("check", str(tmp_path / "none.jsonl"))
    assert (code, err) == (2, f"Error: {tmp_path / 'none.jsonl'}: no such file\n")
    other = tmp_path / "game.txt"
    other.write_text("x", encoding="utf-8")
    code, _, err = invoke("check", str(other))
    assert (code, err) == (2, f"Error: {other}: expected a .vlog log or an events .jsonl file\n")
    (tmp_path / "folder.vlog").mkdir()
    code, out, err = invoke("check", str(tmp_path / "folder.vlog"))
    assert (code, out, err) == (2, "", f"Error: {tmp_path / 'folder.vlog'}: a folder, not a log file\n")


@pytest.mark.parametrize(
    ("switch", "message"),
    [
        ("no_such=1", "--switch 'no_such=1': unknown switch 'no_such' (known: "),
        ("strict_mode=maybe", "--switch 'strict_mode=maybe': 'maybe' is not a value of strict_mode (expected one of: false, true)"),
        ("strict_mode", "--switch 'strict_mode': expected NAME=VALUE"),
    ],
)
def test_bad_switch_is_a_usage_error(switch: str, message: str) -> None:
    code, _, err = invoke("check", str(SQ1), "--switch", switch)
    assert code == 2 and err.startswith("Error: " + message)


def test_switch_changes_the_verdict(tmp_path: Path) -> None:
    """SQ-4 (AMB-02): suspicious by default (exit 0), illegal with strict_mode=true (exit 1)."""
    lines = SQ1.read_text(encoding="utf-8").splitlines()
    vm_first = [*lines[0:2], *lines[7:10], lines[10].replace('"VM-312-141-11-1"', '"VM-312-141-11-1","VM-312-141-11-2"')]
    rest = [
        '{"type":"pass","side":"french"}',
        '{"type":"pass","side":"viet_minh"}',
        '{"type":"card-discard","side":"french","cards":["FR-01"],"reason":"continue"}',
        '{"type":"pass","side":"french"}',
        '{"type":"pass","side":"viet_minh"}',
        '{"type":"phase","turn":1,"phase":"end"}',
    ]
    path = tmp_path / "sq4.jsonl"
    path.write_text("\n".join(vm_first + rest) + "\n", encoding="utf-8")
    code, out, _ = invoke("check", str(path), "--format", "json")
    kinds = [(f["rule_id"], f["severity"]) for f in json.loads(out)["findings"] if f["rule_id"] == "SEQ-FR-DISCARD-CONTINUE"]
    assert ("SEQ-FR-DISCARD-CONTINUE", "suspicious") in kinds and code == 0
    code, out, _ = invoke("check", str(path), "--format", "json", "--switch", "strict_mode=true")
    assert code == 1


def test_rules_lists_every_catalogue_id() -> None:
    code, out, _ = invoke("rules", "--format", "json")
    assert code == 0
    data = json.loads(out)
    ids = [r["rule_id"] for r in data["rules"]]
    assert len(ids) == len(set(ids)) >= 139
    by_id = {r["rule_id"]: r for r in data["rules"]}
    assert by_id["SEQ-VM-FIRST"] == {
        "rule_id": "SEQ-VM-FIRST",
        "rule_ref": "4.0 B, 6.0",
        "severity": "illegal",
        "section": "3.2",
        "implemented": True,
        "summary": "The Viet Minh takes the first action of every turn.",
    }
    assert by_id["VICTORY-6-AREAS"]["implemented"] is True
    assert {s["name"] for s in data["switches"]} >= {"strict_mode", "fr_discard_after_fr_pass"}
    code, text, _ = invoke("rules")
    assert code == 0 and "SEQ-VM-FIRST" in text and "not yet" not in text  # the whole catalogue is checked


def test_skip_leaves_rules_out_and_lists_them_as_not_checked() -> None:
    code, out, _ = invoke("check", str(SQ1), "--format", "json", "--skip", "SEQ-", "--skip", "FIRE-FLIP-SPENT")
    data = json.loads(out)
    ids = {f["rule_id"] for f in data["findings"]}
    assert not any(i.startswith("SEQ-") for i in ids) and "FIRE-FLIP-SPENT" not in ids
    assert "SEQ-VM-FIRST" in data["rules_not_checked"] and "FIRE-FLIP-SPENT" in data["rules_not_checked"]
    assert "SEQ-VM-FIRST" not in data["rules_checked"]
    code, out, err = invoke("check", str(SQ1), "--skip", "NO-SUCH-")
    assert code == 2 and out == "" and "--skip 'NO-SUCH-': no rule id is or starts with it" in err


@pytest.mark.parametrize("skip", ["", "  "])
def test_an_empty_skip_is_refused_rather_than_skipping_every_rule(skip: str) -> None:
    """``--skip "$UNSET"`` would match every rule id and pass any log."""
    code, out, err = invoke("check", str(SQ1), "--skip", skip)
    assert (code, out) == (2, "")
    assert err == f"Error: --skip {skip!r}: an empty prefix would leave out every rule (expected a rule id or the start of one; see `sdbp rules`)\n"


@pytest.mark.parametrize("where", ["file", "folder"])
def test_a_report_path_that_cannot_be_written_is_one_line(where: str, tmp_path: Path) -> None:
    """The report goes to a path under a file, or to an existing folder: one line, exit 2, no traceback."""
    log = Path(__file__).parent / "data" / "check_sq1.jsonl"
    target = log / "report.txt" if where == "file" else tmp_path
    result = CliRunner().invoke(main, ["check", str(log), "-o", str(target)])
    assert result.exit_code == 2
    assert not isinstance(result.exception, OSError)
    assert f"{target}: cannot write" in result.output
    assert result.output.count("\n") == 1


def test_control_characters_from_the_log_are_escaped_in_the_text_report(tmp_path: Path) -> None:
    """An events file whose name holds ESC sequences cannot drive the umpire's terminal (a transcript's own
    ``where`` no longer names the file: its lines are placed at themselves); JSON keeps the name. A unit id
    with them is no unit of the game: a format error, whose message escapes them."""
    log = tmp_path / "FR-\x1b[2J\x9b31m\r.jsonl"
    log.write_text(SQ1.read_text(encoding="utf-8"), encoding="utf-8")
    code, out, err = invoke("check", str(log))
    assert code == 1 and err == ""
    # one_line (the header, the findings' positions) writes a carriage return as \r
    assert "FR-\\x1b[2J\\x9b31m\\r.jsonl" in out and not any(c in out for c in "\x1b\x9b\r")
    code, out, _ = invoke("check", str(log), "--format", "json")
    assert str(log) in {f["where"]["file"] for f in json.loads(out)["findings"]}
    unit = tmp_path / "unit.jsonl"
    unit.write_text(SQ1.read_text(encoding="utf-8").replace('"FR-III13DBLE-9"', '"FR-\\u001b[2J\\u009b31m\\r"', 1), encoding="utf-8")
    code, out, err = invoke("check", str(unit))
    assert code == 2 and f"{unit}:3: units.0:" in out + err
    assert not any(c in out + err for c in "\x1b\x9b\r")


def test_an_area_not_on_the_map_is_a_format_error_not_a_crash(tmp_path: Path) -> None:
    """A hand-written log moving to area 99 (not in the game data): a word the format does not know, so
    the line is refused (exit 2, no report), not judged as a move, and nothing crashes (exit 3)."""
    log = tmp_path / "typo.jsonl"
    log.write_text(
        '{"type":"phase","turn":1,"phase":"action"}\n'
        '{"type":"move","side":"viet_minh","units":["VM-308-88-322-1"],"from_area":7,"to_area":99}\n',
        encoding="utf-8",
    )
    code, out, err = invoke("check", str(log), "--format", "json")
    assert code == 2
    assert f"{log}:2: to_area: 99 is not an area of the game's map" in out + err
    assert "findings" not in out