"""Hex maps, game-neutral: coordinates (``coords``), the map's grid and printed ids (``grid``), line of
fire and range (``sight``), and the attributes of VASSAL's hex grid that print the same ids
(``vassal_grid``). Nothing here reads files; ``docs/hexes.md`` describes the model."""
