"""Storm over Stalingrad: its sides (``ids``), data cross-checks (``checks``), rules package
(``rules``) and counter-guide words (``counters``); its data is ``source_data/sos/``."""

from sdbp_module.games import GamePackage

GAME = GamePackage(
    id="sos",
    checks="sdbp_module.games.sos.checks",
    rules="sdbp_module.games.sos.rules.package:SOS",
    counter_guide="sdbp_module.games.sos.counters",
)
