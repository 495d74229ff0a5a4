"""Storm over Stalingrad's sides and the vocabularies its rules name (``source_data/sos/game.yaml``)."""

from __future__ import annotations

from typing import Final

from sdbp_module.ids import AreaClassId, BonusSetId, UnitTypeId, declare_sides

GERMAN, SOVIET = declare_sides((("german", "German"), ("soviet", "Soviet")))


class UnitType:
    """The unit types (rules 2.1.1: infantry, motorized infantry, mechanized infantry, recon, armor)."""

    INFANTRY: Final = UnitTypeId("infantry")
    MOTORIZED: Final = UnitTypeId("motorized")
    MECHANIZED: Final = UnitTypeId("mechanized")
    RECON: Final = UnitTypeId("recon")
    ARMOR: Final = UnitTypeId("armor")


class AreaClass:
    """The two kinds of area (rules 2.2)."""

    GENERAL: Final = AreaClassId("general")
    LANDING_ZONE: Final = AreaClassId("landing_zone")  # Soviet reinforcements land here (10.3); 7.6, 8.1


class Bonus:
    NONE: Final = BonusSetId("none")
    MAMAYEV: Final = BonusSetId("mamayev")  # Mamayev Kurgan: +1 card to its controller (5.1)
