"""Numbers a log gives (areas, turns, trench levels) are 1–9 ASCII digits; anything else is not a number.

``str.isdigit`` accepts ``²`` and any length, which ``int`` then refuses or takes seconds over: a
hostile log must get a problem or a ValueError with a reason, never reach ``int`` with them.
"""

from __future__ import annotations

import pytest

from sdbp_module.ids import is_small_number
from sdbp_module.replay.location import parse_location


@pytest.mark.parametrize("text", ["0", "7", "123456789"])
def test_small_ascii_numbers_are_numbers(text: str) -> None:
    assert is_small_number(text)


@pytest.mark.parametrize("text", ["", "²", "١٢", "1234567890", "9" * 5000, "-1", "1.5", " 7"])
def test_anything_else_is_not(text: str) -> None:
    assert not is_small_number(text)


@pytest.mark.parametrize("text", ["²", "turn:²", "9" * 5000, "turn:" + "9" * 5000])
def test_a_location_with_such_digits_is_refused_with_a_reason(text: str) -> None:
    with pytest.raises(ValueError, match="is not a location"):
        parse_location(text)
