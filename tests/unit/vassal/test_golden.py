"""The built ``buildFile.xml`` against a reviewed copy, so a change to the module shows as a diff.

Update after a deliberate change: ``SDBP_UPDATE_GOLDEN=1 pytest tests/unit/vassal/test_golden.py``
(or ``pytest tests/unit/vassal --update-golden``), then review and commit the golden file.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from .conftest import Built

GOLDEN = Path(__file__).parent / "golden" / "buildFile.xml"


def updating(config: pytest.Config) -> bool:
    try:
        option = bool(config.getoption("--update-golden"))
    except ValueError:  # the option is registered only when this folder's conftest loads at start-up
        option = False
    return option or os.environ.get("SDBP_UPDATE_GOLDEN") == "1"


def test_buildfile_matches_the_golden_copy(built: Built, request: pytest.FixtureRequest) -> None:
    actual = built.entries["buildFile.xml"]
    if updating(request.config):
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_bytes(actual)
    assert GOLDEN.is_file(), f"{GOLDEN} missing: run with SDBP_UPDATE_GOLDEN=1 to create it"
    expected = GOLDEN.read_bytes()
    if actual != expected:
        diff = difflib.unified_diff(
            expected.decode("utf-8").splitlines(), actual.decode("utf-8").splitlines(), "golden/buildFile.xml", "built", lineterm="", n=1
        )
        shown = "\n".join(line[:300] for line in list(diff)[:80])
        pytest.fail(f"buildFile.xml differs from the golden copy (SDBP_UPDATE_GOLDEN=1 to accept):\n{shown}")
