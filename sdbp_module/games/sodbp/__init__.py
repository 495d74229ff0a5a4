"""Storm Over Dien Bien Phu: its sides and vocabularies (``ids``), data cross-checks (``checks``),
rules package (``rules``), player aid (``aid``) and counter-guide words (``counters``); its data is ``source_data/sodbp/``."""

from sdbp_module.games import GamePackage

GAME = GamePackage(
    id="sodbp",
    checks="sdbp_module.games.sodbp.checks",
    rules="sdbp_module.games.sodbp.rules.package:SODBP",
    player_aid="sdbp_module.games.sodbp.aid",
    counter_guide="sdbp_module.games.sodbp.counters",
)
