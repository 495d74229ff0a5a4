from __future__ import annotations

import pytest

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.ids import AreaId, Phase
from sdbp_module.replay.notation import state_from_text, state_to_text

TEXT = """turn 1 action french
10: FR-A FR-B* | ctrl french | fire french
17: FR-ARM VM-X | ctrl french
18: | ctrl viet_minh | trench 2 | no-supply
turn:3: FR-R1
replacements: VM-R1 VM-R2
eliminated: VM-Q*
hand french: FR-01 FR-02
discard viet_minh: VM-09
no-replacements
"""


def test_round_trip_is_canonical() -> None:
    assert state_to_text(state_from_text(TEXT)) == TEXT


def test_queries() -> None:
    s = state_from_text(TEXT)
    assert s.clock.turn == 1 and s.clock.phase is Phase.ACTION and s.clock.side_to_act is FRENCH
    assert s.units_in(AreaId(10), FRENCH) == ("FR-A", "FR-B")
    assert s.fresh_in(AreaId(10), FRENCH) == ("FR-A",)
    assert s.count(AreaId(17), VIET_MINH) == 1
    assert s.controller(AreaId(18)) is VIET_MINH and s.trench(AreaId(18)) == 2
    assert s.has_fire_marker(AreaId(10), FRENCH) and AreaId(18) in s.no_supply
    assert s.no_replacements and s.hand(FRENCH) == ("FR-01", "FR-02")


def test_bad_line_names_the_line() -> None:
    with pytest.raises(ValueError, match=r"line 2: '10: FR-A \| ctrl blue'"):
        state_from_text("turn 1\n10: FR-A | ctrl blue\n")
