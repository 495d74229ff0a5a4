"""Storm over Stalingrad: its sides (``ids``), data cross-checks (``checks``) and rules package
(``rules``); its data is ``source_data/sos/``."""

from sdbp_module.games import GamePackage

GAME = GamePackage(
    id="sos",
    checks="sdbp_module.games.sos.checks",
    rules="sdbp_module.games.sos.rules.package:SOS",
)
