"""Storm Over Dien Bien Phu's sides and the vocabularies its rules name.

The sides are declared with the labels ``source_data/sodbp/game.yaml`` gives them (the loader
declares them again from the data and refuses a difference). The namespaces below name the values
the SoDBP rules test; the data declares the same values in ``game.yaml`` (``unit_types``, ``area_classes``,
``hand_bonus_sets``), and ``games.sodbp.checks`` cross-checks that the two agree.
"""

from __future__ import annotations

from typing import Final

from sdbp_module.ids import AreaClassId, BonusSetId, UnitTypeId, declare_sides

FRENCH, VIET_MINH = declare_sides((("french", "French"), ("viet_minh", "Viet Minh")))


class UnitType:
    """The unit types (rules 2.1.1)."""

    INFANTRY: Final = UnitTypeId("infantry")
    PARATROOPS: Final = UnitTypeId("paratroops")
    ARMOR: Final = UnitTypeId("armor")
    ANTI_AIRCRAFT: Final = UnitTypeId("anti-aircraft")


UNIT_TYPES: Final = (UnitType.INFANTRY, UnitType.PARATROOPS, UnitType.ARMOR, UnitType.ANTI_AIRCRAFT)


class AreaColour:
    """Colour class of the printed area number (rules 2.2.1)."""

    PLAIN: Final = AreaClassId("plain")
    RED: Final = AreaClassId("red")  # French units may never enter (7.0)
    BLUE: Final = AreaClassId("blue")  # airstrip (11.0: +2 to the supply roll when VM-controlled)
    GREEN: Final = AreaClassId("green")  # west-bank area adjacent to an airstrip (11.0: +1)


class CardBonus:
    """Card-bonus symbol printed in an area (rules 5.1)."""

    NONE: Final = BonusSetId("none")
    WHITE: Final = BonusSetId("white")
    GREY: Final = BonusSetId("grey")
