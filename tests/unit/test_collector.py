"""``collector``: the cycle collector paused over a stretch of work, restored as it was, and what the
stretch left alive moved to the oldest generation; and turned off at the interpreter's exit for a command
whose process ends with it."""

from __future__ import annotations

import gc
import subprocess
import sys
from collections.abc import Iterator

import pytest

import sdbp_module.collector as collector
from sdbp_module.collector import collector_off_at_exit, collector_paused


@pytest.fixture
def unfrozen(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A process that froze nothing, as a command's is (the test session freezes its long-lived objects:
    tests/conftest.py); frozen again afterwards."""
    frozen = gc.get_freeze_count()
    gc.unfreeze()
    monkeypatch.setattr(collector, "_FROZEN", [])
    yield
    if frozen:
        gc.freeze()


@pytest.mark.usefixtures("unfrozen")
def test_paused_then_restored_with_the_survivors_made_old() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        kept = [[i] for i in range(5_000)]  # tracked objects that outlive the stretch
        assert gc.get_count()[0] >= 5_000
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0
    oldest = {id(o) for o in gc.get_objects(generation=2)}  # none of them is left for the next young pass to walk
    assert all(id(k) in oldest for k in kept)


def test_nested_pauses_leave_the_collector_off_until_the_outer_one_ends() -> None:
    with collector_paused():
        with collector_paused():
            pass
        assert not gc.isenabled()
    assert gc.isenabled()


def test_left_off_when_it_was_off() -> None:
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_frozen_process_keeps_its_frozen_objects_frozen() -> None:
    code = (
        "import gc\n"
        "from sdbp_module.collector import collector_paused, freeze_for_good\n"
        "freeze_for_good(); frozen = gc.get_freeze_count()\n"
        "with collector_paused():\n"
        "    kept = [[i] for i in range(5000)]\n"
        "print(gc.isenabled(), gc.get_freeze_count() == frozen > 0)\n"  # neither unfrozen nor joined by the new ones
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "True"]


def test_off_at_exit_once_however_often_asked() -> None:
    code = (
        "import atexit, gc\n"
        "atexit.register(lambda: print('at exit', gc.isenabled()))\n"  # runs after the handlers registered later
        "from sdbp_module.collector import collector_off_at_exit\n"
        "import sdbp_module.collector as c\n"
        "collector_off_at_exit(); collector_off_at_exit()\n"
        "print('running', gc.isenabled(), len(c._OFF_AT_EXIT))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == ["running True 1", "at exit False"]
    collector_off_at_exit()  # in this process too: the collector runs on until the process ends
    assert gc.isenabled()
