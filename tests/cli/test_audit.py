"""``sdbp audit`` from the command line: a folder of legal, illegal and unreadable logs, the per-log reports,
``summary.json`` (against its schema), ``index.html`` (parsed, links followed), exit codes, and the
same bytes with one worker or two."""

from __future__ import annotations

import dataclasses
import json
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import jsonschema
import lxml.html
import pytest
from click.testing import CliRunner

from sdbp_module.cli import main
from sdbp_module.ids import Severity
from sdbp_module.model.from_data import load_game
from sdbp_module.model.game_data import GameData
from sdbp_module.paths import default_data_dir
from sdbp_module.replay.jsonl import write_events
from tests.bench_check import bench_check
from tests.built_modules import built_module
from tests.shared_corpus import CORPUS, PRESENT, REQUIRED, needs_corpus

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SQ1 = HERE / "data" / "check_sq1.jsonl"
SCHEMA = ROOT / "sdbp_module" / "schemas" / "audit-summary.schema.json"
OTHER_MODULE_LOG = CORPUS / "zxvt" / "5x5_startup.vlog"  # a real VASSAL log of another module
SQ1_ILLEGAL = ["FIRE-FLIP-SPENT", "SEQ-VM-FIRST"]



def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def game() -> GameData:
    return load_game(default_data_dir())


@pytest.fixture(scope="module")
def legal_text(game: GameData, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A whole legal game (bench/check.py's synthetic 8 turns: the French win, as the log declares)."""
    path = tmp_path_factory.mktemp("legal") / "legal.jsonl"
    write_events(path, bench_check().synthetic_game(game))
    return path.read_text(encoding="utf-8")


def write_logs(folder: Path, legal_text: str, kinds: Iterable[str]) -> None:
    """A folder of logs: ``legal`` (in a subfolder), ``illegal`` (SQ-1: three illegal findings), ``bad-zip``
    (a .vlog that is not a zip), ``bad-line`` (a .jsonl whose second line is not JSON), ``other-module`` (a
    real log of another VASSAL module, linked from the corpus, never copied)."""
    folder.mkdir(parents=True, exist_ok=True)
    for kind in kinds:
        if kind == "legal":
            (folder / "round 2").mkdir(exist_ok=True)
            (folder / "round 2" / "legal.jsonl").write_text(legal_text, encoding="utf-8")
        elif kind == "illegal":
            (folder / "illegal.jsonl").write_bytes(SQ1.read_bytes())
        elif kind == "bad-zip":
            (folder / "bad.vlog").write_text("not a zip archive\n", encoding="utf-8")
        elif kind == "bad-line":
            (folder / "broken.jsonl").write_text('{"type":"pass","side":"french"}\n{"type":"pass"\n', encoding="utf-8")
        elif kind == "other-module":
            assert OTHER_MODULE_LOG.is_file(), f"expected the shared corpus at {CORPUS}"
            (folder / "other.vlog").symlink_to(OTHER_MODULE_LOG)
        else:
            raise AssertionError(kind)
    (folder / "notes.txt").write_text("not a log: ignored\n", encoding="utf-8")


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


ALL_KINDS = ("legal", "illegal", "bad-zip", "bad-line", "other-module")


@pytest.fixture(scope="module")
def mixed(legal_text: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The mixed folder audited with one worker and with two. One first: the two workers are forked from a
    process that has drawn the board's pictures once, as every later audit of this process is, rather than
    each drawing them again."""
    if not PRESENT and not REQUIRED:
        pytest.skip(needs_corpus.kwargs["reason"])
    base = tmp_path_factory.mktemp("mixed")
    logs = base / "logs"
    write_logs(logs, legal_text, ALL_KINDS)
    runs = {jobs: invoke("audit", str(logs), "-o", str(base / f"out{jobs}"), "-j", str(jobs)) for jobs in (1, 2)}
    return {"logs": logs, "out": base / "out2", "out1": base / "out1", "runs": runs}


def test_mixed_folder_exits_2_and_names_each_unreadable_log_once(mixed: dict[str, Any]) -> None:
    logs = mixed["logs"]
    code, out, err = mixed["runs"][2]
    assert code == 2
    assert err.splitlines() == [
        f"unreadable: {logs / 'bad.vlog'}: not a zip archive (a .vsav/.vlog is a zip file)",
        f"unreadable: {logs / 'broken.jsonl'}:2: not JSON (Expecting ',' delimiter at column 15)",
        f"unreadable: {logs / 'other.vlog'}: a log of the module 'Capture of the territory', not of 'StormOverDienBienPhu'",
    ]
    assert out == (
        f"sdbp audit {logs}: 5 logs, 2 checked (1 with illegal findings), 3 unreadable, 0 errors; "
        f"see {mixed['out'] / 'index.html'}\n"
    )


def test_one_worker_and_two_give_the_same_bytes(mixed: dict[str, Any]) -> None:
    two, one = files_of(mixed["out"]), files_of(mixed["out1"])
    assert sorted(two) == [
        "illegal.jsonl.html",
        "illegal.jsonl.json",
        "index.html",
        "round 2/legal.jsonl.html",
        "round 2/legal.jsonl.json",
        "summary.json",
    ]
    assert two == one
    assert mixed["runs"][1][0] == mixed["runs"][2][0] and mixed["runs"][1][1].split(";")[0] == mixed["runs"][2][1].split(";")[0]


def test_summary_follows_its_schema_and_each_row_matches_its_report(mixed: dict[str, Any]) -> None:
    out, logs = mixed["out"], mixed["logs"]
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    jsonschema.validate(summary, json.loads(SCHEMA.read_text(encoding="utf-8")))
    rows = {r["path"]: r for r in summary["logs"]}
    assert [r["path"] for r in summary["logs"]] == ["bad.vlog", "broken.jsonl", "illegal.jsonl", "other.vlog", "round 2/legal.jsonl"]
    assert {p: r["status"] for p, r in rows.items()} == {
        "bad.vlog": "unreadable",
        "broken.jsonl": "unreadable",
        "illegal.jsonl": "checked",
        "other.vlog": "unreadable",
        "round 2/legal.jsonl": "checked",
    }
    for path in ("bad.vlog", "broken.jsonl", "other.vlog"):
        row = rows[path]
        assert row["error"].startswith(f"{logs / path}") and row["counts"] is None and row["result"] is None
        assert row["reports"] == {"json": None, "html": None}
    for path in ("illegal.jsonl", "round 2/legal.jsonl"):
        row = rows[path]
        assert row["reports"] == {"json": f"{path}.json", "html": f"{path}.html"} and row["error"] is None
        report = json.loads((out / row["reports"]["json"]).read_text(encoding="utf-8"))
        assert row["counts"] == report["summary"] and row["events"] == report["events"]
        assert row["illegal_rules"] == sorted({f["rule_id"] for f in report["findings"] if f["severity"] == "illegal"})
        assert row["result"] == ({k: report["result"][k] for k in ("winner", "claimed", "agrees")} if "result" in report else None)
        # the audit's JSON report is the one `sdbp check` gives for the same log
        code, text, _ = invoke("check", str(logs / path), "--format", "json")
        assert (out / row["reports"]["json"]).read_text(encoding="utf-8") == text
        assert code == (1 if row["counts"]["illegal"] else 0)
    assert rows["illegal.jsonl"]["illegal_rules"] == SQ1_ILLEGAL and rows["illegal.jsonl"]["counts"]["illegal"] == 2
    legal = rows["round 2/legal.jsonl"]
    assert legal["counts"]["illegal"] == 0 and legal["illegal_rules"] == []
    assert legal["result"] == {"winner": "french", "claimed": "french", "agrees": True}
    totals = summary["totals"]
    assert (totals["logs"], totals["checked"], totals["unreadable"], totals["error"], totals["with_illegal"]) == (5, 2, 3, 0, 1)
    for sev in ("illegal", "suspicious", "cannot-check", "info"):
        assert totals["counts"][sev] == rows["illegal.jsonl"]["counts"][sev] + legal["counts"][sev]
    assert summary["game"] == {"id": "sodbp", "title": "Storm Over Dien Bien Phu", "version": "1.0.0"}
    assert summary["pictures"] == "serious" and summary["skips"] == [] and summary["module"] is None
    assert summary["switches"]["strict_mode"] == "false"


def test_index_lists_every_log_and_its_links_resolve(mixed: dict[str, Any]) -> None:
    out, logs = mixed["out"], mixed["logs"]
    page = lxml.html.fromstring((out / "index.html").read_bytes())
    assert not page.xpath("//script")
    (csp,) = page.xpath("//head/meta[@http-equiv='Content-Security-Policy']/@content")
    assert csp.startswith("default-src 'none';")
    rows = page.xpath("//tbody/tr")
    assert [r.xpath("string(td[1])") for r in rows] == ["bad.vlog", "broken.jsonl", "illegal.jsonl", "other.vlog", "round 2/legal.jsonl"]
    hrefs = page.xpath("//a/@href")
    assert hrefs and all(not h.startswith(("/", "http")) for h in hrefs)
    from urllib.parse import unquote

    targets = {unquote(h) for h in hrefs}
    assert targets == {"illegal.jsonl.html", "illegal.jsonl.json", "round 2/legal.jsonl.html", "round 2/legal.jsonl.json"}
    assert all((out / t).is_file() for t in targets)
    text = {r.xpath("string(td[1])"): r.text_content() for r in rows}
    assert f"{logs / 'bad.vlog'}: not a zip archive" in text["bad.vlog"]
    assert "a log of the module 'Capture of the territory'" in text["other.vlog"]
    assert "SEQ-VM-FIRST" in text["illegal.jsonl"] and "French win (as declared)" in text["round 2/legal.jsonl"]
    illegal_row = next(r for r in rows if r.xpath("string(td[1])") == "illegal.jsonl")
    assert [c.text_content() for c in illegal_row.xpath("td")[2:6]] == ["2", "0", "20", "1"]


def test_html_report_of_each_checked_log_parses_and_holds_its_findings(mixed: dict[str, Any]) -> None:
    out = mixed["out"]
    report = json.loads((out / "illegal.jsonl.json").read_text(encoding="utf-8"))
    page = lxml.html.fromstring((out / "illegal.jsonl.html").read_bytes())
    text = page.text_content()
    for finding in report["findings"]:
        assert finding["rule_id"] in text


def test_without_the_unreadable_logs_an_illegal_log_exits_1(legal_text: str, tmp_path: Path) -> None:
    write_logs(tmp_path / "logs", legal_text, ("legal", "illegal"))
    code, out, err = invoke("audit", str(tmp_path / "logs"), "-o", str(tmp_path / "out"), "--pictures", "none")
    assert (code, err) == (1, "")
    assert "2 logs, 2 checked (1 with illegal findings), 0 unreadable, 0 errors" in out


def test_only_legal_logs_exit_0(legal_text: str, tmp_path: Path) -> None:
    write_logs(tmp_path / "logs", legal_text, ("legal",))
    code, _, err = invoke("audit", str(tmp_path / "logs"), "-o", str(tmp_path / "out"))
    assert (code, err) == (0, "")
    summary = json.loads((tmp_path / "out" / "summary.json").read_text(encoding="utf-8"))
    assert summary["totals"]["with_illegal"] == 0 and [r["status"] for r in summary["logs"]] == ["checked"]


def test_an_output_folder_that_cannot_be_made_is_one_line_and_nothing_is_written(legal_text: str, tmp_path: Path) -> None:
    write_logs(tmp_path / "logs", legal_text, ("illegal",))
    blocker = tmp_path / "out"
    blocker.write_text("a file, not a folder\n", encoding="utf-8")
    code, out, err = invoke("audit", str(tmp_path / "logs"), "-o", str(blocker))
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert err.startswith(f"Error: {blocker}: cannot write the reports there (")
    assert blocker.read_text(encoding="utf-8") == "a file, not a folder\n"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_report_path_that_cannot_be_written_is_one_line_and_the_others_go_on(legal_text: str, tmp_path: Path, jobs: str) -> None:
    logs, out_dir = tmp_path / "logs", tmp_path / "out"
    write_logs(logs, legal_text, ("legal", "illegal"))
    out_dir.mkdir()
    (out_dir / "round 2").write_text("a file where the report folder should be\n", encoding="utf-8")
    code, _, err = invoke("audit", str(logs), "-o", str(out_dir), "-j", jobs)
    assert code == 2
    report = out_dir / "round 2" / "legal.jsonl.json"
    assert err.splitlines() == [
        f"unreadable: {report}: cannot write: {out_dir / 'round 2'} is a file, not a folder (the report of {logs / 'round 2' / 'legal.jsonl'})"
    ]
    summary = json.loads((out_dir / "summary.json").read_text(encoding="utf-8"))
    rows = {r["path"]: r for r in summary["logs"]}
    assert rows["illegal.jsonl"]["status"] == "checked" and (out_dir / "illegal.jsonl.json").is_file()
    assert rows["round 2/legal.jsonl"]["status"] == "unreadable"
    assert rows["round 2/legal.jsonl"]["reports"] == {"json": None, "html": None}
    assert rows["round 2/legal.jsonl"]["counts"]["illegal"] == 0  # checked all the same
    assert sorted(p.name for p in out_dir.iterdir()) == ["illegal.jsonl.html", "illegal.jsonl.json", "index.html", "round 2", "summary.json"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_folder_where_a_report_goes_is_one_line_and_the_others_go_on(legal_text: str, tmp_path: Path, jobs: str) -> None:
    logs, out_dir = tmp_path / "logs", tmp_path / "out"
    write_logs(logs, legal_text, ("legal", "illegal"))
    (out_dir / "illegal.jsonl.html").mkdir(parents=True)
    code, _, err = invoke("audit", str(logs), "-o", str(out_dir), "-j", jobs)
    assert code == 2
    assert err.splitlines() == [
        f"unreadable: {out_dir / 'illegal.jsonl.html'}: cannot write: it is a folder, not a file (the report of {logs / 'illegal.jsonl'})"
    ]
    rows = {r["path"]: r for r in json.loads((out_dir / "summary.json").read_text(encoding="utf-8"))["logs"]}
    assert rows["illegal.jsonl"]["status"] == "unreadable" and rows["round 2/legal.jsonl"]["status"] == "checked"
    assert rows["illegal.jsonl"]["reports"] == {"json": "illegal.jsonl.json", "html": None}


def test_an_empty_or_missing_folder_is_one_line_and_exit_2(tmp_path: Path) -> None:
    (tmp_path / "empty" / "sub").mkdir(parents=True)
    (tmp_path / "empty" / "readme.txt").write_text("no logs here\n", encoding="utf-8")
    code, out, err = invoke("audit", str(tmp_path / "empty"), "-o", str(tmp_path / "out"))
    assert (code, out) == (2, "")
    assert err == f"Error: {tmp_path / 'empty'}: no .vlog or .jsonl log in it (searched every subfolder)\n"
    assert not (tmp_path / "out").exists()
    code, _, err = invoke("audit", str(tmp_path / "none"), "-o", str(tmp_path / "out"))
    assert (code, err) == (2, f"Error: {tmp_path / 'none'}: no such folder\n")


def test_an_output_folder_inside_the_folder_is_not_audited(legal_text: str, tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    write_logs(logs, legal_text, ("illegal",))
    (logs / "reports").mkdir()
    (logs / "reports" / "stale.jsonl").write_text('{"type":"teleport"}\n', encoding="utf-8")
    code, _, err = invoke("audit", str(logs), "-o", str(logs / "reports"))
    assert (code, err) == (1, "")
    summary = json.loads((logs / "reports" / "summary.json").read_text(encoding="utf-8"))
    assert [r["path"] for r in summary["logs"]] == ["illegal.jsonl"]
    code, _, err = invoke("audit", str(logs), "-o", str(logs))
    assert (code, err) == (2, f"Error: {logs}: the output folder is the folder audited; write the reports elsewhere\n")


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (("--switch", "strict_mode=maybe"), "--switch 'strict_mode=maybe': 'maybe' is not a value of strict_mode"),
        (("--skip", "NO-SUCH-"), "--skip 'NO-SUCH-': no rule id is or starts with it"),
        (("-j", "0"), "--jobs 0: expected 1 or more worker processes"),
        (("--module", "missing.vmod"), "missing.vmod: no such file"),
    ],
)
def test_a_bad_option_is_one_line_before_anything_is_written(tmp_path: Path, option: tuple[str, ...], message: str) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "illegal.jsonl").write_bytes(SQ1.read_bytes())
    code, out, err = invoke("audit", str(logs), "-o", str(tmp_path / "out"), *option)
    assert (code, out) == (2, "") and err.startswith("Error: " + message) and len(err.splitlines()) == 1
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("detail", ["planted", "x" * 5000])
def test_a_crashing_rule_is_an_error_row_and_the_others_are_reported(
    legal_text: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, detail: str
) -> None:
    """A rule that raises is a bug (``RuleCrash``): the audit reports that log as ``error`` and goes on; the
    line quotes at most 300 characters of the exception."""
    from sdbp_module.audit import run
    from sdbp_module.rules.base import FunctionRule

    def explode(rule: Any, before: Any, event: Any, after: Any, ctx: Any) -> Iterable[Any]:
        raise ZeroDivisionError(detail)

    crasher = FunctionRule("TEST-CRASH", "none", Severity.INFO, "Crashes on every event.", explode)
    real_check_log = run.check_log

    def check_log(log: Path, game: GameData, package: Any, **options: Any) -> Any:
        if log.name == "illegal.jsonl":
            package = dataclasses.replace(package, rules=(*package.rules, crasher))
        return real_check_log(log, game, package, **options)

    monkeypatch.setattr(run, "check_log", check_log)
    logs, out_dir = tmp_path / "logs", tmp_path / "out"
    write_logs(logs, legal_text, ("legal", "illegal"))
    code, _, err = invoke("audit", str(logs), "-o", str(out_dir), "-j", "1")
    assert code == 2
    crash = f"rule TEST-CRASH crashed at {logs / 'illegal.jsonl'}:1: ZeroDivisionError({detail!r})"
    shown = crash if len(crash) <= 300 else crash[:300] + "…"
    assert err == f"error: {logs / 'illegal.jsonl'}: {shown}\n"
    summary = json.loads((out_dir / "summary.json").read_text(encoding="utf-8"))
    jsonschema.validate(summary, json.loads(SCHEMA.read_text(encoding="utf-8")))
    rows = {r["path"]: r for r in summary["logs"]}
    assert rows["illegal.jsonl"]["status"] == "error" and rows["illegal.jsonl"]["counts"] is None
    assert rows["round 2/legal.jsonl"]["status"] == "checked"
    assert summary["totals"]["error"] == 1 and summary["totals"]["unreadable"] == 0
    assert "status-error" in (out_dir / "index.html").read_text(encoding="utf-8")


# -- .vlog logs written with a built module ------------------------------------------------------------


@pytest.fixture(scope="module")
def vlog_folder(game: GameData, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A clean and a planted whole game as .vlog files written with a module built from the bundled data
    (tests/e2e/test_check_full_game_vlog.py's FullGame), and the module."""
    from tests.e2e.test_check_full_game_vlog import SECTIONS, FullGame

    base = tmp_path_factory.mktemp("vlogs")
    module = built_module(default_data_dir(), base / "module")
    (base / "logs").mkdir()
    FullGame(module, game, frozenset()).write(base / "logs" / "clean.vlog")
    FullGame(module, game, frozenset(SECTIONS)).write(base / "logs" / "planted.vlog")
    return base / "logs", module


def test_vlogs_of_the_module_are_checked_and_a_planted_one_is_illegal(vlog_folder: tuple[Path, Path], tmp_path: Path) -> None:
    logs, module = vlog_folder
    with zipfile.ZipFile(logs / "planted.vlog") as archive:
        assert b"<name>StormOverDienBienPhu</name>" in archive.read("moduledata")
    code, _, err = invoke("audit", str(logs), "-o", str(tmp_path / "out"), "--module", str(module))
    assert (code, err) == (1, "")
    summary = json.loads((tmp_path / "out" / "summary.json").read_text(encoding="utf-8"))
    rows = {r["path"]: r for r in summary["logs"]}
    assert summary["module"] == module.name
    assert rows["clean.vlog"]["counts"]["illegal"] == 0 and rows["clean.vlog"]["result"]["agrees"] is True
    planted = json.loads((tmp_path / "out" / "planted.vlog.json").read_text(encoding="utf-8"))
    steps = sorted(f["where"]["index"] for f in planted["findings"] if f["severity"] == "illegal")
    assert steps == [7, 93, 111, 143, 225]
    assert rows["planted.vlog"]["counts"]["illegal"] == 5 and rows["planted.vlog"]["result"]["agrees"] is False
    code, text, _ = invoke("check", str(logs / "planted.vlog"), "--module", str(module), "--format", "json")
    assert text == (tmp_path / "out" / "planted.vlog.json").read_text(encoding="utf-8")
    page = lxml.html.fromstring((tmp_path / "out" / "planted.vlog.html").read_bytes())
    assert len(page.xpath("//img")) >= 1  # pictures "serious": the illegal findings have a board picture


def test_a_worker_that_dies_is_an_error_row_not_a_crash(legal_text: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker process killed while checking a log (here it exits at once; forked workers inherit the
    patch): that log is an ``error`` row, the summary and index are still written, exit 2."""
    import os

    from sdbp_module.audit import run

    real_check_log = run.check_log

    def check_log(log: Path, game: GameData, package: Any, **options: Any) -> Any:
        if log.name == "illegal.jsonl":
            os._exit(3)
        return real_check_log(log, game, package, **options)

    monkeypatch.setattr(run, "check_log", check_log)
    logs, out_dir = tmp_path / "logs", tmp_path / "out"
    write_logs(logs, legal_text, ("legal", "illegal"))
    code, _, err = invoke("audit", str(logs), "-o", str(out_dir), "-j", "2")
    assert code == 2 and "Traceback" not in err
    assert f"error: {logs / 'illegal.jsonl'}: the worker process checking it stopped (" in err
    summary = json.loads((out_dir / "summary.json").read_text(encoding="utf-8"))
    jsonschema.validate(summary, json.loads(SCHEMA.read_text(encoding="utf-8")))
    rows = {r["path"]: r for r in summary["logs"]}
    assert rows["illegal.jsonl"]["status"] == "error" and rows["illegal.jsonl"]["counts"] is None
    assert set(rows) == {"illegal.jsonl", "round 2/legal.jsonl"} and (out_dir / "index.html").is_file()


def test_a_broken_link_and_a_name_that_is_not_utf8_are_unreadable_rows(legal_text: str, tmp_path: Path) -> None:
    import os

    logs, out_dir = tmp_path / "logs", tmp_path / "out"
    write_logs(logs, legal_text, ("illegal",))
    (logs / "gone.jsonl").symlink_to(tmp_path / "nowhere.jsonl")
    os.symlink(SQ1, os.path.join(os.fsencode(logs), b"caf\xe9.jsonl"))  # Latin-1 bytes in the name
    code, _, err = invoke("audit", str(logs), "-o", str(out_dir))
    assert code == 2
    assert err.splitlines() == [
        f"unreadable: {logs}/caf\\xe9.jsonl: the file name is not UTF-8; rename it",
        f"unreadable: {logs / 'gone.jsonl'}: no such file",
    ]
    summary = json.loads((out_dir / "summary.json").read_text(encoding="utf-8"))
    assert [(r["path"], r["status"]) for r in summary["logs"]] == [
        ("caf\\xe9.jsonl", "unreadable"),
        ("gone.jsonl", "unreadable"),
        ("illegal.jsonl", "checked"),
    ]


def test_workers_started_fresh_load_the_game_themselves_and_agree(game: GameData, legal_text: str, tmp_path: Path) -> None:
    """Where processes cannot fork (``spawn``: macOS, Windows) each worker loads the game data and rules
    itself; the results are those of the in-process audit."""
    from sdbp_module.audit.run import AuditSettings, LogAuditor, audit_logs, find_logs
    from sdbp_module.rules.commands import rules_package

    logs = tmp_path / "logs"
    write_logs(logs, legal_text, ("legal", "illegal", "bad-line"))
    paths = find_logs(logs)
    settings = AuditSettings(logs, tmp_path / "out", default_data_dir(), pictures="none")
    auditor = LogAuditor(settings, game, rules_package(game.game.id))
    seen: list[str] = []
    spawned = audit_logs(auditor, paths, jobs=2, start_method="spawn", on_result=lambda r: seen.append(r.path))
    reports = files_of(tmp_path / "out")
    in_process = audit_logs(auditor, paths, jobs=1)
    assert spawned == in_process and sorted(seen) == list(paths) == ["broken.jsonl", "illegal.jsonl", "round 2/legal.jsonl"]
    assert [r.status.value for r in spawned] == ["unreadable", "checked", "checked"]
    assert files_of(tmp_path / "out") == reports
