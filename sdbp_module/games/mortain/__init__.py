"""Stand at Mortain (``source_data/mortain``): a hex-map game with a deck of playing cards. Its data is
validated (``sdbp validate source_data/mortain``), its module built (``sdbp build``,
``vassal/hex_module.py``) with its player aid (``games.mortain.aid``), and its rules listed and
checked over hex events (``games.mortain.rules``: ``sdbp rules --game mortain``)."""

from sdbp_module.games import GamePackage

GAME = GamePackage(
    id="mortain",
    player_aid="sdbp_module.games.mortain.aid",
    rules="sdbp_module.games.mortain.rules.package:MORTAIN",
    hex_map=True,
)
