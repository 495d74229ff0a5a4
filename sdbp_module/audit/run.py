"""Check every log of a folder, one log per task, in worker processes; one result value per log.

An audit is many independent checks, so it spreads them over processes (``ProcessPoolExecutor``):
each worker loads the game data and the rules package once (``LogAuditor``; on platforms that fork,
the parent's already loaded copy is inherited), then checks one log per task and writes its JSON and
HTML reports itself, atomically, beside where the summary will be; only a small ``LogResult`` goes
back to the parent. One log going wrong never stops the others: a log that cannot be read (or whose
report cannot be written) gives an ``unreadable`` result with the one-line message naming the file,
a crashing rule (or any other bug met on that log, or a worker that died) an ``error`` result.
Results come back in the order of the logs (sorted paths), so the outputs do not depend on the
number of workers.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import replace
from enum import Enum
from pathlib import Path

from sdbp_module.codec.identity import BuildMatch, Reference
from sdbp_module.collector import collector_paused, freeze_for_good
from sdbp_module.errors import InputError, OutputError, SdbpError
from sdbp_module.fileio import write_atomically
from sdbp_module.ids import Severity
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.rules.base import Outcome
from sdbp_module.rules.checker import RuleCrash
from sdbp_module.rules.commands import (
    AnyRulesPackage,
    check_log,
    render_report,
    report_chunks,
)
from sdbp_module.rules.findings import Summary

LOG_SUFFIXES = (".vlog", ".jsonl")
"""What counts as a log (any case), as ``sdbp check`` reads them."""


class LogStatus(str, Enum):
    """What became of one log: checked (reports written), unreadable (the log, or a report path), error (a
    rule crashed: a bug)."""

    CHECKED = "checked"
    UNREADABLE = "unreadable"
    ERROR = "error"


@record
class AuditSettings:
    """What every log of one audit is checked with (picklable: it is sent to the workers)."""

    folder: Path  # the folder audited, as given (logs are ``folder / path``, so reports name them as ``sdbp check`` would)
    out_dir: Path
    data_dir: Path
    module: Path | None = None
    switches: tuple[str, ...] = ()
    skips: tuple[str, ...] = ()
    pictures: str = "serious"
    build: Reference | None = None  # the build every .vlog is compared with (None: not compared)


@record
class LogResult:
    """One log of the audit: its path relative to the folder ('/'-separated), what became of it, its counts
    and result when checked, and the reports written (paths relative to the output folder)."""

    path: str
    status: LogStatus
    error: str | None = None  # the one-line message, naming the file, when not checked
    events: int | None = None
    summary: Summary | None = None  # None when the log could not be checked
    illegal_rules: tuple[str, ...] = ()  # ids of the rules it breaks (illegal findings), sorted
    outcome: Outcome | None = None
    json_report: str | None = None
    html_report: str | None = None
    build: BuildMatch | None = None  # the log's build against the audit's, when checked

    @property
    def has_illegal(self) -> bool:
        return self.summary is not None and self.summary.illegal > 0


def report_paths(path: str) -> tuple[str, str]:
    """The JSON and HTML report paths of a log, relative to the output folder: the log's own path (suffix
    kept, so ``game.vlog`` and ``game.jsonl`` side by side do not collide) plus ``.json`` / ``.html``."""
    return f"{path}.json", f"{path}.html"


def find_logs(folder: Path, out_dir: Path | None = None) -> tuple[str, ...]:
    """Every ``.vlog`` and ``.jsonl`` under ``folder`` (recursive, symbolic links to folders not followed), as
    sorted '/'-separated paths relative to it; ``out_dir`` is left out when it lies inside. Raises
    ``InputError`` when the folder is missing or holds no log."""
    if not folder.exists():
        raise InputError(f"{folder}: no such folder")
    if not folder.is_dir():
        raise InputError(f"{folder}: not a folder (sdbp audit reads every log in a folder; use sdbp check for one log)")
    skip = out_dir.resolve() if out_dir is not None else None
    if skip is not None and skip == folder.resolve():
        raise InputError(f"{out_dir}: the output folder is the folder audited; write the reports elsewhere")
    found: list[str] = []
    for root, dirs, files in os.walk(folder):
        here = Path(root)
        dirs[:] = [d for d in dirs if skip is None or (here / d).resolve() != skip]
        for name in files:
            if name.lower().endswith(LOG_SUFFIXES):  # a broken link too: checking it says so
                found.append((here / name).relative_to(folder).as_posix())
    if not found:
        raise InputError(f"{folder}: no .vlog or .jsonl log in it (searched every subfolder)")
    return tuple(sorted(found))


class LogAuditor:
    """Checks one log at a time with the game and rules loaded once: its reports written, a ``LogResult``."""

    def __init__(self, settings: AuditSettings, game: GameData, package: AnyRulesPackage) -> None:
        self.settings = settings
        self.game = game
        self.package = package

    @staticmethod
    def load(settings: AuditSettings) -> LogAuditor:
        """Load the game data and its rules package (what a worker does when it did not inherit them)."""
        from sdbp_module.model.from_data import load_game
        from sdbp_module.rules.commands import rules_package

        game = load_game(settings.data_dir, hex_map=True)
        return LogAuditor(settings, game, rules_package(game.game.id))

    def audit(self, path: str) -> LogResult:
        """Check the log at ``path`` (relative to the folder) and write its reports; never raises for a bad
        log, a crashing rule or a report that cannot be written."""
        s = self.settings
        log = s.folder / path
        if not _is_utf8(path):
            shown = path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
            return LogResult(shown, LogStatus.UNREADABLE, error=f"{s.folder / shown}: the file name is not UTF-8; rename it")
        try:
            checked = check_log(log, self.game, self.package, module=s.module, switches=s.switches, skips=s.skips, build=s.build, data_dir=s.data_dir)
        except SdbpError as exc:
            return LogResult(path, LogStatus.UNREADABLE, error=exc.message)
        except RuleCrash as exc:
            return LogResult(path, LogStatus.ERROR, error=f"{log}: {_short(str(exc))}")
        except Exception as exc:  # a bug in reading or replaying this log: reported, the audit goes on
            return LogResult(path, LogStatus.ERROR, error=f"{log}: the check failed: {_short(repr(exc))}")
        report = checked.report
        summary = report.summary
        illegal = tuple(sorted({f.rule_id for f in report.findings if f.severity is Severity.ILLEGAL}
                               | {r for r, severity, _ in report.unlisted if severity is Severity.ILLEGAL}))
        checked_result = LogResult(
            path, LogStatus.CHECKED, events=report.events, summary=summary, illegal_rules=illegal, outcome=report.outcome, build=report.build
        )
        try:
            json_text = render_report(checked, "json")
            html_chunks = report_chunks(checked, "html", pictures=s.pictures)  # drawn as written, one picture at a time
        except SdbpError as exc:  # e.g. the module's images for the pictures cannot be read
            return replace(checked_result, status=LogStatus.UNREADABLE, error=exc.message)
        except Exception as exc:  # a bug in a renderer: this log's reports are missing, the audit goes on
            return replace(checked_result, status=LogStatus.ERROR, error=f"{log}: its report could not be made: {_short(repr(exc))}")
        json_path, html_path = report_paths(path)
        written: list[str] = []
        for target, pieces in ((json_path, (json_text,)), (html_path, html_chunks)):
            try:
                write_atomically(s.out_dir / target, (piece.encode("utf-8") for piece in pieces))
            except SdbpError as exc:  # a folder in the way, no permission, a full disk; unreadable images
                return replace(
                    checked_result,
                    status=LogStatus.UNREADABLE,
                    error=exc.message if target == html_path and not isinstance(exc, OutputError) else f"{exc.message} (the report of {log})",
                    json_report=written[0] if written else None,
                )
            except Exception as exc:  # a bug in a renderer, text that cannot be encoded: this log's report is missing
                return replace(
                    checked_result,
                    status=LogStatus.ERROR,
                    error=f"{log}: its report could not be written: {_short(repr(exc))}",
                    json_report=written[0] if written else None,
                )
            written.append(target)
        return replace(checked_result, json_report=json_path, html_report=html_path)


def _is_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a file name with bytes that are not UTF-8 (decoded with surrogateescape)
        return False
    return True


_LONGEST_DETAIL = 300
"""Longest exception text in a result's one-line message (a repr can quote a whole report)."""


def _short(text: str) -> str:
    """``text`` on one line, cut to ``_LONGEST_DETAIL`` characters."""
    line = " ".join(text.split())
    return line if len(line) <= _LONGEST_DETAIL else line[:_LONGEST_DETAIL] + "…"


# -- the pool ---------------------------------------------------------------------------------------

_WORKER: LogAuditor | None = None
"""The worker process's auditor, set once by ``_start_worker``."""


def _start_worker(settings: AuditSettings, inherited: LogAuditor | None) -> None:
    """Pool initializer: use the parent's auditor when the worker was forked from it (nothing to load, nothing
    pickled), else load the game data and rules here."""
    global _WORKER
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: it stops the workers
    _WORKER = inherited if inherited is not None else LogAuditor.load(settings)
    # the game, the rules and the modules loaded live as long as the worker: out of the cycle collector's
    # sight, its passes over what each log allocates stay short (about a tenth of a log's time otherwise)
    freeze_for_good()


def _audit_in_worker(path: str) -> LogResult:
    assert _WORKER is not None, "worker not initialised"
    # the cycle collector paused over the whole log, as ``sdbp check`` pauses it over its command: in a process
    # that froze its objects for good, what a log's paused stretches (reading, the fold) leave alive stays young,
    # and the young passes made while the reports are rendered walk it (two or three a log, about 3 % of its
    # work); paused, none runs, and the log's objects are freed by the time it runs again
    with collector_paused():
        return _WORKER.audit(path)


def audit_logs(
    auditor: LogAuditor,
    paths: Sequence[str],
    *,
    jobs: int,
    on_result: Callable[[LogResult], None] | None = None,
    start_method: str | None = None,
) -> tuple[LogResult, ...]:
    """Audit every log of ``paths`` with ``jobs`` worker processes (1: in this process); ``on_result`` is
    called as each result arrives. The results are in the order of ``paths``. ``start_method``: how
    workers start (default: ``fork`` where the system has it, so they inherit the loaded game)."""
    notify = on_result or (lambda _result: None)
    if jobs <= 1 or len(paths) <= 1:
        results = []
        for path in paths:
            result = auditor.audit(path)
            notify(result)
            results.append(result)
        return tuple(results)
    method = start_method or ("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    fork = method == "fork"
    if fork:  # import the renderers once here rather than in every worker
        import sdbp_module.reports.html  # noqa: F401
        import sdbp_module.reports.json  # noqa: F401
    context = multiprocessing.get_context(method)
    by_path: dict[str, LogResult] = {}
    pool = ProcessPoolExecutor(
        max_workers=min(jobs, len(paths)),
        mp_context=context,
        initializer=_start_worker,
        initargs=(auditor.settings, auditor if fork else None),
    )
    try:
        futures: dict[Future[LogResult], str] = {pool.submit(_audit_in_worker, path): path for path in paths}
        for future in as_completed(futures):
            path = futures[future]
            try:
                result = future.result()
            except Exception as exc:  # the worker died (killed, out of memory): that log is not checked
                log = auditor.settings.folder / path
                result = LogResult(path, LogStatus.ERROR, error=f"{log}: the worker process checking it stopped ({_short(repr(exc))})")
            by_path[path] = result
            notify(result)
    except BaseException:  # interrupted: drop the logs not started and stop those under way
        processes = list(getattr(pool, "_processes", {}).values())  # the executor gives no public way to stop them
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()  # a report under way is a temporary file its write removes; the others are whole
        for process in processes:
            process.join(5)
        raise
    pool.shutdown(wait=True)
    return tuple(by_path[path] for path in paths)
