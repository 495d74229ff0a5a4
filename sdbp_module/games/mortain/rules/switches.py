"""Stand at Mortain's interpretation switches: the digest's seven ambiguities, and the face card's "group".

The first value of each is the default, the digest's recommended reading; ``sdbp check --switch
NAME=VALUE`` picks the other. A finding that rests on one reading (the other would allow the act) is
``suspicious``, never ``illegal``.
"""

from __future__ import annotations

from sdbp_module.rules.switches import SwitchSpec

EAST_HEXES = "east-hexes"
"""M-1.1 "not on the eastern hexes": ``edge`` the east-edge hex column (the data's ``east_edge`` set),
``half`` the eastern half of the map (the columns of the east half)."""

ENTRY_USES_ACTIVATION = "entry-uses-activation"
"""M-1.3: ``yes`` placing an activated unit on its entry hex is its one-hex move (it neither moves on
nor fires that activation); ``no`` the placing is free and the unit may then move one hex or fire."""

TIGER_STACKING = "tiger-stacking"
"""M-1.5 "102 Tiger may stack and act freely with any other German unit": ``free`` it does not count
toward the 2-unit limit and may join any activated German group (a face card's group); ``counts`` it
counts and acts as any unit."""

JOKER_EARLY = "joker-early"
"""M-4.2: an ignored Joker is ``aside`` for the rest of the turn (drawn twice: the deck was not
reshuffled), or ``back`` in the draw pile (it may come up again and then end the turn)."""

SUPPORT_LIMIT = "support-limit"
"""M-6.1 "only one of the US markers (of one type) per turn": ``per-type`` one Air and one OBA per turn,
``one`` one marker in all per turn."""

ACE_ODD = "ace-odd"
"""M-6.2: is the red Ace (value 1) odd? ``yes`` Air, ``no`` OBA (M-6.3's "any other red card")."""

UNENTERED_IN_PLAY = "unentered-in-play"
"""M-7.2 "no US unit remains in play": ``yes`` CCA/CCB/CCR waiting off the west edge are in play,
``no`` only units on the map are."""

FACE_GROUP = "face-group"
"""M-3.2 "one unit or one group of units" (the group undefined): ``hex`` the units of one hex, ``unit``
one unit only."""

SWITCHES: tuple[SwitchSpec, ...] = (
    SwitchSpec(EAST_HEXES, ("edge", "half"), "M-1.1"),
    SwitchSpec(ENTRY_USES_ACTIVATION, ("yes", "no"), "M-1.3"),
    SwitchSpec(TIGER_STACKING, ("free", "counts"), "M-1.5"),
    SwitchSpec(JOKER_EARLY, ("aside", "back"), "M-4.2"),
    SwitchSpec(SUPPORT_LIMIT, ("per-type", "one"), "M-6.1"),
    SwitchSpec(ACE_ODD, ("yes", "no"), "M-6.2"),
    SwitchSpec(UNENTERED_IN_PLAY, ("yes", "no"), "M-7.2"),
    SwitchSpec(FACE_GROUP, ("hex", "unit"), "M-3.2"),
)
