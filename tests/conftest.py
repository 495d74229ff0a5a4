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
"""

from __future__ import annotations

import gc
import os
import shutil
import tempfile

import pytest
from hypothesis import settings

from sdbp_module.collector import freeze_for_good
from sdbp_module.model.cache import ENVIRONMENT, OFF
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


def pytest_collection_finish(session: pytest.Session) -> None:
    gc.collect()
    _freeze_the_survivors()


def pytest_runtest_logfinish(nodeid: str, location: tuple[str, int | None, str]) -> None:
    if gc.get_stats()[2]["collections"] != _FULL_PASSES_SEEN[0]:
        gc.collect(1)
        _freeze_the_survivors()


def pytest_configure(config: pytest.Config) -> None:
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
