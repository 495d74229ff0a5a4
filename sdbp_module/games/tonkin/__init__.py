"""Tonkin (Legion Wargames, 2nd edition, rules v2.3a): the operational hex game of the French
Indochina war in northern Vietnam and Laos, 1950–54 (issue 25). What ships now is its rules catalogue
(``games.tonkin.rules``: ``sdbp rules --game tonkin`` lists every TON id of the digest
``shared/rules/tonkin.md`` §4 with why it is not checked yet, and the switches); it has no data folder
yet, so there is nothing to validate, build or check (``docs/tonkin-rules.md``)."""

from sdbp_module.games import GamePackage

GAME = GamePackage(
    id="tonkin",
    rules="sdbp_module.games.tonkin.rules.package:TONKIN",
    hex_map=True,
)
