"""Where the real engine-written files of other modules are: ``../shared/corpus/real`` beside the project.

They are read in place, never copied into the project. A fresh clone has no ``../shared/``: the tests
that need them skip there with one line saying why. CI sets ``SDBP_REQUIRE_SHARED=1`` (``.ci/run``):
then nothing skips for want of the corpus (a missing corpus fails those tests), and ``tests/conftest.py``
fails the session if any test was skipped at all.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "real"
REQUIRE_ENV = "SDBP_REQUIRE_SHARED"
REQUIRED = os.environ.get(REQUIRE_ENV) == "1"
PRESENT = CORPUS.is_dir()

needs_corpus = pytest.mark.skipif(
    not PRESENT and not REQUIRED,
    reason=f"needs the real VASSAL files of ../shared/corpus/real (not beside this clone; CI sets {REQUIRE_ENV}=1 and runs it)",
)
"""Mark a test (or a module, as ``pytestmark``) that reads the corpus."""


def corpus_files(*suffixes: str, under: int | None = None) -> list[Path]:
    """The corpus files with these suffixes (smaller than ``under`` bytes), sorted; none when it is absent."""
    if not PRESENT:
        return []
    return sorted(p for p in CORPUS.rglob("*") if p.suffix in suffixes and (under is None or p.stat().st_size < under))
