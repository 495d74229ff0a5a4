"""Storm Over Dien Bien Phu's game-specific content for the module: the player aid (``aid``, ``numbers``)."""
