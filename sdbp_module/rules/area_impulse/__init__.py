"""The area-impulse rules several games share, configured per game by ``config.AreaImpulse``.

A game's rules package sets ``RulesPackage.impulse`` and lists the shared rule objects of these
modules (``sequence``, ``activation``, ``movement`` with the path search of ``paths``,
``stacking``, ``control``, ``fire``, ``fire_marker``, ``hand``, ``piles``) under its own catalogue ids with
``rules.base.relabel``; each module's ``RULES`` holds all its rules under their neutral ids.
Nothing here names a game: what differs between games is either in the game's data (stacking
limit, first side, area classes, unit types, hand bonus sets, card names) or in the config.
"""
