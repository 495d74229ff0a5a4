"""The rules of a card-driven hex game, game-neutral: the rule objects, their context and package
(``base``) and the fold that judges a log's hex events (``checker``). A game's rules live in its own
package (``sdbp_module/games/<game>/rules/``), which assembles them into a ``HexRulesPackage``."""
