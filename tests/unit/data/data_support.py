"""Helpers shared by the data tests (imported by name; conftest only holds fixtures)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from sdbp_module.data.dataset import check_folder

FIXTURES = Path(__file__).parent / "fixtures"

Edit = Callable[[str, str, str], None]


def problems(folder: Path) -> list[str]:
    """Every problem of ``folder``, rendered, in report order."""
    return [p.render() for p in check_folder(folder).problems]
