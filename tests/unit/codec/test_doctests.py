"""The small examples in the codec modules' docstrings hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["sequence", "envelope", "tree", "pieces", "json_form", "jsonio", "json_validation", "container"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"sdbp_module.codec.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0
