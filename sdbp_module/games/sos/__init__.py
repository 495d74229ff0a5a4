"""Storm over Stalingrad: its sides (``ids``), data cross-checks (``checks``), rules package
(``rules``), player aid (``aid``) and counter-guide words (``counters``); its data is ``source_data/sos/``."""

from sdbp_module.games import GamePackage

GAME = GamePackage(
    id="sos",
    checks="sdbp_module.games.sos.checks",
    rules="sdbp_module.games.sos.rules.package:SOS",
    player_aid="sdbp_module.games.sos.aid",
    counter_guide="sdbp_module.games.sos.counters",
)
