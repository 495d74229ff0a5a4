"""Settings for the whole test session: the game-data cache lives in a temporary folder of its own.

``load_game`` keeps built games in a cache (``sdbp_module.model.cache``), by default under the user's
home. Before any test is collected, ``SDBP_CACHE_DIR`` is pointed at a fresh folder that is removed
when the session ends, so tests never read or write the user's cache, and every session starts cold.
Child processes (the CLI run as a subprocess) and xdist workers inherit it: what one process of the
session stored (a game, a drawn picture, a build identity), the others read, as two ``sdbp`` runs
of a user share a cache. ``SDBP_CACHE_DIR=off`` is left as it is.

The session also has one folder shared by all its processes (``tests.built_modules.SESSION_ENV``): the
controller makes it, xdist workers inherit and use it, and the controller removes it at the end. The
modules that many tests only read are built there once (``tests/built_modules.py``).

Hypothesis runs without its per-example deadline (200 ms by default): tests never assert timings, and a
busy machine would otherwise fail a correct example for being slow. Example counts stay as each test sets.

The cycle collector: a test process keeps a heap that only grows (imported modules, collected tests, games
and modules kept by caches and session fixtures: 600–700 thousand objects a worker), and tests that make
and drop large structures make the collector's full passes frequent. Each pass walked the whole heap for
next to nothing (most found 0 garbage): ~40 passes of 0.3–2 s a worker, about a fifth of the suite's CPU.
So what is alive after the collection of tests, and again after each full pass, is frozen out of the
collector's sight (``collector.freeze_for_good``) at the end of the test that saw the pass, once a young
pass has swept what that test left: later passes walk only what tests made since. A cycle frozen this way
that dies later is never collected; measured, a worker's peak memory grew by ~15 %.
While the tests are collected the collector does not run at all (from this file's import to the end of
``pytest_collection``): each worker collects every test file, and in a fresh clone pytest rewrites each
one's assertions, making and dropping millions of syntax-tree nodes; the passes they set off were a third of
the collection's CPU (one process, ``--collect-only``, no bytecode: 12.1–16.5 s, 10.1–10.3 s paused), and
the cycles they freed now wait for the full pass at the end of the collection (the peak grew 110 -> 118 MB).

The order of the files under xdist (``--dist loadfile``, pyproject): each worker takes the next file of the
queue when it is almost out of tests, and xdist's own queue has the files with the most tests first, so a file
of a few long tests came late and kept one worker busy while the other had nothing left (a 3.5 s one-test file
ended 5 s after the rest). Workers therefore collect the files that take longest first (``SLOWEST_FIRST``,
measured), then the others by their number of tests, most first. A simulation of xdist's schedule from one
run's test durations: 79.6 s and 73.3 s of tests for the two workers in xdist's order, 76.6 s and 76.3 s in
this one. xdist keeps the workers' order when its ``loadscopereorder`` option is off
(``--no-loadscope-reorder``, pytest-xdist 3.8): the session turns it off, so the command needs no option an
older xdist would refuse (which sorts by number of tests whatever the session says). Only the order changes;
``-n 0`` keeps the files' order.

Collecting in a fresh clone: every worker imports every test file, and pytest rewrites each one's assertions
the first time and keeps the result in ``__pycache__``. Odd-numbered workers collect the files last to first
(``pytest_make_collect_report``), so two workers share that work instead of each doing all of it: a cold
collection took 7.9-8.0 s of CPU in each worker, now 5.1-5.7 s.
"""

from __future__ import annotations

import gc
import os
import shutil
import tempfile
from collections.abc import Generator

import pytest
from hypothesis import settings

from sdbp_module.cachedir import ENVIRONMENT, OFF
from sdbp_module.collector import freeze_for_good
from tests.built_modules import SESSION_ENV
from tests.shared_corpus import REQUIRE_ENV, REQUIRED

settings.register_profile("sdbp", deadline=None)
settings.load_profile("sdbp")

_SESSION_CACHE = pytest.StashKey[tuple[str, str | None]]()
_SESSION_SHARED = pytest.StashKey[tuple[str, str | None]]()


_FULL_PASSES_SEEN = [-1]  # how many full passes the collector had made when this process last froze


def _freeze_the_survivors() -> None:
    freeze_for_good()
    _FULL_PASSES_SEEN[0] = gc.get_stats()[2]["collections"]


gc.disable()  # no pass from here until the tests are collected: see the module's docstring


@pytest.hookimpl(wrapper=True)
def pytest_collection(session: pytest.Session) -> Generator[None, object, object]:
    try:
        return (yield)
    finally:
        gc.enable()


def pytest_collection_finish(session: pytest.Session) -> None:
    gc.collect()
    _freeze_the_survivors()


def pytest_runtest_logfinish(nodeid: str, location: tuple[str, int | None, str]) -> None:
    if gc.get_stats()[2]["collections"] != _FULL_PASSES_SEEN[0]:
        gc.collect(1)
        _freeze_the_survivors()


SLOWEST_FIRST = (
    # the files of over 1 s in a whole run (``--durations=0`` summed per file, 2 workers, 2026-11-30, the machine
    # in its slow state), slowest first; the second builds nothing: the two workers start at once, and a second
    # file that builds (test_package) drew the same pictures as the first (test_board builds every bundled game)
    # before either had cached them
    "tests/unit/position/test_board.py",  # 14.3 s
    "tests/property/test_fuzz_transcripts.py",  # 8.1 s
    "tests/cli/test_audit.py",  # 7.3 s
    "tests/property/test_json_form_properties.py",  # 7.2 s
    "tests/unit/codec/test_sentences.py",  # 7.0 s
    "tests/unit/vassal/test_package.py",  # 6.7 s
    "tests/bad_inputs/test_hostile_data.py",  # 4.7 s
    "tests/unit/codec/test_json_validation.py",  # 4.3 s
    "tests/unit/codec/test_jsonio.py",  # 4.3 s
    "tests/hostile/test_hostile_inputs.py",  # 3.9 s
    "tests/cli/test_show.py",  # 3.8 s
    "tests/e2e/test_build_identity.py",  # 3.5 s
    "tests/property/test_fuzz_corpus.py",  # 3.4 s
    "tests/cli/test_check_html.py",  # 2.7 s
    "tests/cli/test_convert.py",  # 2.5 s
    "tests/property/test_codec_roundtrips.py",  # 2.5 s
    "tests/unit/data/test_yaml_sources_property.py",  # 2.4 s
    "tests/unit_data/test_sos_data.py",  # 2.4 s
    "tests/unit/replay_hexes/test_jsonl.py",  # 2.4 s
    "tests/unit/codec/test_schemas.py",  # 2.4 s
    "tests/unit/replay/test_jsonl_decode.py",  # 2.3 s
    "tests/unit/board/test_draw.py",  # 2.3 s
    "tests/unit/codec/test_corpus.py",  # 2.3 s
    "tests/unit_data/test_tonkin_data.py",  # 2.2 s
    "tests/e2e/test_check_full_game_vlog.py",  # 2.0 s
    "tests/unit/test_records.py",  # 2.0 s
    "tests/unit/position/test_board_scalar.py",  # 2.0 s
    "tests/unit/codec/test_tree.py",  # 1.7 s
    "tests/e2e/test_tonkin_engine_games.py",  # 1.6 s
    "tests/map_data/test_map_geometry.py",  # 1.6 s
    "tests/cli/test_validate.py",  # 1.6 s
    "tests/unit/vassal/test_hex_board_cache.py",  # 1.5 s
    "tests/unit/interpret/test_interpret_mappings.py",  # 1.5 s
    "tests/unit/data/test_yaml_sources.py",  # 1.4 s
    "tests/unit/vassal/test_terrain_art.py",  # 1.4 s
    "tests/e2e/test_engine_games.py",  # 1.2 s
    "tests/unit/replay/test_compiled_checks.py",  # 1.2 s
    "tests/unit/vassal/test_hex_play_controls.py",  # 1.2 s
    "tests/unit/vassal/test_counter_guide.py",  # 1.1 s
    "tests/unit/data/test_yaml_loader.py",  # 1.1 s
    "tests/unit/codec/test_reading.py",  # 1.1 s
    "tests/unit/vassal/test_setup_layout.py",  # 1.1 s
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In an xdist worker: the files in ``SLOWEST_FIRST`` order, then the others by number of tests, most
    first; each file's tests in their own order (the sort is stable)."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return
    rank = {name: index for index, name in enumerate(SLOWEST_FIRST)}
    count: dict[str, int] = {}
    for item in items:
        name = item.nodeid.split("::", 1)[0]
        count[name] = count.get(name, 0) + 1

    def key(item: pytest.Item) -> tuple[int, int, tuple[str, ...]]:
        # files with as many tests in pytest's own order (each folder's entries by name), whatever order this
        # worker collected them in (``pytest_make_collect_report``): xdist needs the same order in every worker
        name = item.nodeid.split("::", 1)[0]
        return rank.get(name, len(rank)), -count[name], tuple(name.split("/"))

    items.sort(key=key)


def _collects_in_reverse() -> bool:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return worker.startswith("gw") and worker[2:].isdigit() and int(worker[2:]) % 2 == 1


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Generator[None, pytest.CollectReport, pytest.CollectReport]:
    """An odd-numbered xdist worker collects (imports) the test files last to first, folder by folder; the
    others first to last. In a fresh clone pytest rewrites the assertions of each test file it imports and
    keeps the result in ``__pycache__``, and every worker collects every file: two workers that started
    together at the first file each rewrote all 2 MB of tests (4 s of CPU each, the most of a cold run's
    extra time). Starting from opposite ends, each rewrites the files until they meet and reads the rest
    from what the other wrote. A folder's report lists its files and subfolders, not yet imported, and pytest
    collects them in the report's order (its own ``--last-failed`` reorders them the same way). The tests run
    in the order ``pytest_collection_modifyitems`` gives, whichever way they were collected."""
    report = yield
    if isinstance(collector, pytest.Directory) and _collects_in_reverse():
        report.result.reverse()
    return report


def pytest_configure(config: pytest.Config) -> None:
    if getattr(config.option, "loadscopereorder", None):  # xdist >= 3.8: keep the order the workers collected
        config.option.loadscopereorder = False
    worker = bool(os.environ.get("PYTEST_XDIST_WORKER") and os.environ.get(SESSION_ENV))
    if not worker:  # a worker uses its controller's
        shared = tempfile.mkdtemp(prefix="sdbp-test-session-")
        config.stash[_SESSION_SHARED] = (shared, os.environ.get(SESSION_ENV))
        os.environ[SESSION_ENV] = shared
    before = os.environ.get(ENVIRONMENT)
    if before == OFF or worker:  # a worker uses its controller's cache: a game, picture or build identity made once
        return
    folder = tempfile.mkdtemp(prefix="sdbp-test-cache-")
    config.stash[_SESSION_CACHE] = (folder, before)
    os.environ[ENVIRONMENT] = folder


def pytest_unconfigure(config: pytest.Config) -> None:
    for key, variable in ((_SESSION_CACHE, ENVIRONMENT), (_SESSION_SHARED, SESSION_ENV)):
        if key not in config.stash:
            continue
        folder, before = config.stash[key]
        if before is None:
            os.environ.pop(variable, None)
        else:
            os.environ[variable] = before
        shutil.rmtree(folder, ignore_errors=True)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Under ``SDBP_REQUIRE_SHARED=1`` (CI) a skipped test fails the run: CI has ``../shared/`` and runs everything."""
    if not REQUIRED:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter is not None else []
    if skipped:
        for report in skipped:
            reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
            reporter.write_line(f"{REQUIRE_ENV}=1 but skipped: {report.nodeid}: {reason}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture(autouse=True)
def _no_equal_expected_actual(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test: a rule never makes a finding whose ``expected`` and ``actual`` are the same value (a
    finding reports a difference; an equal pair shows the wrong numbers). The report would hide such a
    pair (``Finding`` drops it); here it fails the test, so the rule that made it is fixed."""
    from sdbp_module.rules import base

    made = base.make_finding

    def guarded(*args: object, **kwargs: object) -> object:
        expected, actual = kwargs.get("expected"), kwargs.get("actual")
        assert expected is None or expected != actual, (
            f"{args[0]}: a finding with expected == actual == {expected!r}: {args[5] if len(args) > 5 else ''}"
        )
        return made(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(base, "make_finding", guarded)
