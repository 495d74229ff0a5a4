"""Stand at Mortain (``source_data/mortain``): a hex-map game with a deck of playing cards. Its data is
validated (``sdbp validate source_data/mortain``), its module built (``sdbp build``,
``vassal/hex_module.py``) with its player aid (``games.mortain.aid``); the rules and the checks are
not built yet (issue 24), so every other command refuses it in one line."""

from sdbp_module.games import GamePackage

GAME = GamePackage(id="mortain", player_aid="sdbp_module.games.mortain.aid", hex_map=True)
