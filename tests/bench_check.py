"""``bench/check.py`` loaded as a module, once per process, for the tests that use its synthetic games.

The bench is a script, not part of the package; ``synthetic_game`` (Dien Bien Phu) and
``synthetic_sos_game`` (Storm over Stalingrad) are its whole, legal games, which the end-to-end, audit,
check and fuzz tests replay.
"""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


@cache
def bench_check() -> ModuleType:
    spec = importlib.util.spec_from_file_location("sdbp_bench_check", ROOT / "bench" / "check.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
