"""Tonkin (Legion Wargames, 2nd edition, rules v2.3a): the operational hex game of the French
Indochina war in northern Vietnam and Laos, 1950–54 (issue 25). What ships now: its rules catalogue
(``games.tonkin.rules``: ``sdbp rules --game tonkin`` lists every TON id of the digest
``shared/rules/tonkin.md`` §4 with why it is not checked yet, and the switches; ``docs/tonkin-rules.md``)
and its data (``source_data/tonkin``: the reconstructed map, counters, markers, months and the Na San
set-up and the printed tables of ``tables.yaml``, ``docs/tonkin-reconstruction.md``), which ``sdbp validate``
and ``sdbp build`` take; and its player aid (``games.tonkin.aid``: the sequence of play, the terrain chart, the
combat, barrage and modifier tables, transport and packages)."""

from sdbp_module.games import GamePackage

GAME = GamePackage(
    id="tonkin",
    rules="sdbp_module.games.tonkin.rules.package:TONKIN",
    player_aid="sdbp_module.games.tonkin.aid",
    checks="sdbp_module.games.tonkin.checks",
    hex_map=True,
    map_borders=("china", "laos", "vietnam"),
)
