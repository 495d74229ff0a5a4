"""``sdbp audit FOLDER -o OUT_DIR``: check every log under a folder in parallel; a report per log, a summary, an index.

``run_audit`` checks the options, the folder, the module and the game data once, up front (a bad
option or an empty folder is one line and exit 2, before anything is written), then audits the logs
(``run.audit_logs``) with a progress bar on stderr when it is a terminal, and writes ``summary.json``
and ``index.html``. Each log that could not be read, or whose report could not be written, or whose
check crashed, is one line on stderr naming the file; the others are still checked and reported.

Exit code: 2 when any log is unreadable or errored, else 1 when any log has an illegal finding, else 0.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import click

from sdbp_module.audit.index import make_audit, render_index, render_summary
from sdbp_module.audit.run import (
    AuditSettings,
    LogAuditor,
    LogResult,
    LogStatus,
    audit_logs,
    find_logs,
)
from sdbp_module.errors import (
    EXIT_OK,
    EXIT_UNREADABLE,
    EXIT_WRONG,
    InputError,
    one_line,
)
from sdbp_module.fileio import write_atomically
from sdbp_module.replay.loading import reference
from sdbp_module.rules.commands import (
    PICTURE_POLICIES,
    check_skips,
    rules_package,
)
from sdbp_module.rules.switches import parse_switches

SUMMARY_NAME = "summary.json"
INDEX_NAME = "index.html"


def exit_code(results: Sequence[LogResult]) -> int:
    """2 if any log could not be read or checked, else 1 if any has an illegal finding, else 0."""
    if any(r.status is not LogStatus.CHECKED for r in results):
        return EXIT_UNREADABLE
    if any(r.has_illegal for r in results):
        return EXIT_WRONG
    return EXIT_OK


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one, else all)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def _prepare_out_dir(out_dir: Path) -> None:
    """Create the output folder and make sure a file can be written in it (``InputError`` if not)."""
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=out_dir):
            pass
    except OSError as exc:
        raise InputError(f"{out_dir}: cannot write the reports there ({exc.strerror or exc})") from None


@contextmanager
def _progress(count: int) -> Iterator[Callable[[LogResult], None]]:
    """A progress bar on stderr advanced once per result; nothing when stderr is not a terminal."""
    stream = sys.stderr
    if not stream.isatty():
        yield lambda _result: None
        return
    with click.progressbar(length=count, label=f"Checking {count} logs", file=stream, show_pos=True) as bar:
        yield lambda _result: bar.update(1)


def run_audit(
    folder: Path,
    out_dir: Path,
    *,
    module: Path | None,
    data_dir: Path,
    jobs: int | None,
    switches: Sequence[str],
    skips: Sequence[str],
    pictures: str,
    allow_other_build: bool = False,
) -> int:
    """Audit every ``.vlog``/``.jsonl`` under ``folder`` into ``out_dir``; the exit code (see the module doc).

    Every ``.vlog`` is compared with one build (``--module``'s, else the one the data builds): a log of
    another is unreadable (its one line), or with ``allow_other_build`` checked with a warning in its
    reports and in the index."""
    from sdbp_module.model.from_data import load_game

    if pictures not in PICTURE_POLICIES:
        raise InputError(f"--pictures {pictures!r}: expected {', '.join(PICTURE_POLICIES)}")
    if jobs is not None and jobs < 1:
        raise InputError(f"--jobs {jobs}: expected 1 or more worker processes")
    workers = min(jobs or available_cores(), available_cores())  # more workers than cores only add memory
    paths = find_logs(folder, out_dir)
    if module is not None:
        from sdbp_module.codec.module_info import module_info

        if not module.is_file():
            raise InputError(f"{module}: no such file")
        module_info(module)  # read once here, kept for every log (and inherited by forked workers)
    game = load_game(data_dir, hex_map=True)
    package = rules_package(game.game.id)
    ruleset = parse_switches(switches, package.switches)
    check_skips([r.rule_id for r in package.rules], skips)  # a --skip that names no rule: refused before any log is read
    _prepare_out_dir(out_dir)
    build = None
    if any(path.lower().endswith(".vlog") for path in paths):  # transcripts are read with no module build
        build = reference(game, module, data_dir, allow_other=allow_other_build, verb="check")

    settings = AuditSettings(folder, out_dir, data_dir, module, tuple(switches), tuple(skips), pictures, build)
    auditor = LogAuditor(settings, game, package)
    with _progress(len(paths)) as advance:
        results = audit_logs(auditor, paths, jobs=workers, on_result=advance)
    for r in results:
        if r.error is not None:
            click.echo(one_line(f"{r.status.value}: {r.error}"), err=True)

    audit = make_audit(
        game.game,
        results,
        module=module.name if module is not None else None,
        switches=ruleset.values,
        switch_defaults={spec.name: spec.default for spec in package.switches},
        skips=skips,
        pictures=pictures,
    )
    for name, text in ((SUMMARY_NAME, render_summary(audit)), (INDEX_NAME, render_index(audit))):
        try:
            write_atomically(out_dir / name, text.encode("utf-8"))
        except OSError as exc:
            raise InputError(f"{out_dir / name}: cannot write ({exc.strerror or exc})") from None
    t = audit.totals
    click.echo(
        one_line(
            f"sdbp audit {folder}: {t.logs} logs, {t.checked} checked ({t.with_illegal} with illegal findings), "
            f"{t.unreadable} unreadable, {t.error} errors; see {out_dir / INDEX_NAME}"
        )
    )
    return exit_code(results)
