"""The Stand at Mortain catalogue of checkable rules (``shared/rules/stand-at-mortain.md`` §4) as data.

One entry per MOR id: the id, the digest's rule reference (M-x; the rules text has no numbers), the
severity the rule gives (``illegal`` where the text clearly forbids; ``suspicious`` where a finding
rests on one reading of an ambiguity — the switches of ``switches``; ``cannot-check`` where the log
lacks the fact), the catalogue section, and our one-line summary (``sdbp rules --game mortain``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from sdbp_module.rules.base import CatalogueEntry

MORTAIN_CATALOGUE: tuple[CatalogueEntry, ...] = (
    CatalogueEntry(
        "MOR-SET-01", "M-1.1", "illegal / suspicious", "set-up",
        "No US unit but the late combat commands sets up on the eastern hexes (switch east-hexes: the east-edge "
        "column, or the east half: suspicious only in the half the edge reading allows).",
    ),
    CatalogueEntry(
        "MOR-SET-02", "M-1.2", "illegal", "set-up",
        "CCA, CCB, CCR stay off the map before turn 2 and enter on a west-edge hex.",
    ),
    CatalogueEntry(
        "MOR-SET-03", "M-1.3", "illegal", "set-up",
        "German units start off the east edge and enter, activated, on an east-edge hex.",
    ),
    CatalogueEntry(
        "MOR-STK-01", "M-1.4, M-1.5", "illegal / suspicious", "stacking",
        "At most 2 friendly units in a hex; 102 Tiger not counted (switch tiger-stacking: counted, then suspicious); the "
        "seed states the limit for placing units: a move from hex to hex into an over-stack is suspicious.",
    ),
    CatalogueEntry("MOR-STK-02", "M-1.6", "illegal", "stacking", "German and US units never share a hex."),
    CatalogueEntry(
        "MOR-DECK-01", "M-2.1, M-4.1", "illegal / suspicious", "deck",
        "The whole deck with the Joker is reshuffled at each turn start; no card is drawn twice between reshuffles "
        "(an ignored Joker may come again with joker-early=back); a reshuffle inside a turn is suspicious.",
    ),
    CatalogueEntry(
        "MOR-ACT-01", "M-2.2", "illegal", "activation",
        "The side that acts on a card is the side of its colour: black German, red US.",
    ),
    CatalogueEntry(
        "MOR-ACT-02", "M-3.1, M-3.2", "illegal / suspicious", "activation",
        "A number card activates at most half its value rounded up (Ace 1); a face card one unit or one group "
        "(switch face-group: the units of one hex, or one unit; a group over two hexes is suspicious).",
    ),
    CatalogueEntry(
        "MOR-ACT-03", "M-3.4, M-1.3", "illegal / suspicious", "activation",
        "An activated unit moves one hex to an adjacent hex or fires, not both and not twice (an entry is its move "
        "with entry-uses-activation=yes: suspicious).",
    ),
    CatalogueEntry(
        "MOR-ACT-04", "M-2.2, M-6.2, M-6.3", "illegal", "activation",
        "A red card used for Air or OBA activates no ground unit.",
    ),
    CatalogueEntry(
        "MOR-ACT-05", "M-3.4", "illegal", "activation",
        "Only units activated by the current card move or fire (set-up moves before the first card excepted).",
    ),
    CatalogueEntry(
        "MOR-AIR-01", "M-6.2, M-6.3", "illegal / suspicious", "air and OBA",
        "Air on a red odd card or red Jack, OBA on any other red card (switch ace-odd: the red Ace, suspicious).",
    ),
    CatalogueEntry(
        "MOR-AIR-02", "M-6.1", "illegal / suspicious", "air and OBA",
        "At most one use of each marker per turn (switch support-limit=one: one in all, suspicious).",
    ),
    CatalogueEntry(
        "MOR-AIR-03", "M-6.4 to M-6.7", "illegal / cannot-check", "air and OBA",
        "An OBA attack has strength 3, an Air attack 4 (the recorded hit or miss judged against the draw with the "
        "marker's strength, the terrain modifier, no adjacency); only Air suppresses; the target is an enemy unit "
        "(or, for a suppression, a hex).",
    ),
    CatalogueEntry(
        "MOR-FIRE-01", "M-5.2", "illegal", "fire",
        "Every firer is within 2 hexes of the target, 3 from a hill.",
    ),
    CatalogueEntry(
        "MOR-FIRE-02", "M-5.3", "illegal", "fire",
        "No line of fire passes through an intervening village, town, hill or forest hex (the map's line-of-fire rules).",
    ),
    CatalogueEntry(
        "MOR-FIRE-03", "M-5.4, M-5.5", "illegal / cannot-check", "fire",
        "One enemy unit is the target of a fire and each firer fires once an activation; a result that only the "
        "wrong factor gives (AT against a gun or infantry, AI against a tank) is reported here; a typed target "
        "naming no unit cannot be checked.",
    ),
    CatalogueEntry(
        "MOR-FIRE-04", "M-5.6, M-4.3", "illegal / suspicious", "fire",
        "The target takes a hit exactly when the modified draw (card + modifiers) is at most the firers' summed "
        "factor; one hit at most per fire; a hit with no card drawn is illegal; a hit after a combat Joker ended "
        "the turn is suspicious (M-4.3: the fire has no effect, presumably).",
    ),
    CatalogueEntry(
        "MOR-FIRE-05", "M-5.6, M-6.6", "illegal / suspicious", "fire",
        "Wrong modifiers: the log records the card and the hit, not the modifiers; a recorded result that differs "
        "from the correct one but is what a wrongly applied modifier gives (−1 for adjacency without every firer "
        "adjacent or left out, the Tiger −1 outside an AT attack or left out, the terrain modifier left out, an Air "
        "suppression ignored) is reported here instead of MOR-FIRE-04; suspicious for the terrain and suppression "
        "readings.",
    ),
    CatalogueEntry(
        "MOR-FIRE-06", "M-5.6", "illegal", "fire",
        "A face card drawn for combat is redrawn or a miss: it never gives a hit.",
    ),
    CatalogueEntry(
        "MOR-FIRE-07", "M-5.6", "illegal / suspicious", "fire",
        "A hit flips a fresh unit and eliminates a flipped one (a fresh unit removed by the plain Eliminate "
        "command is suspicious).",
    ),
    CatalogueEntry(
        "MOR-TURN-01", "M-4.1, M-4.2", "illegal", "turn",
        "Nothing is done after a Joker that ends the turn; a turn ends only on such a Joker or the deck drawn out "
        "(not on a Joker drawn before both sides had a card of their colour).",
    ),
    CatalogueEntry("MOR-TURN-02", "M-7.1", "illegal", "turn", "The game lasts 6 turns: no card is drawn after turn 6."),
    CatalogueEntry(
        "MOR-VIC-01", "M-7.2, M-7.3", "illegal / cannot-check", "victory",
        "The declared winner is the German with 5 units exited by the end of turn 6 or no US unit in play (switch "
        "unentered-in-play), else the US once turn 6 is over; a declaration before that cannot be checked.",
    ),
    CatalogueEntry(
        "MOR-EXIT-01", "M-7.2, M-7.4", "illegal", "exit",
        "Only German units exit, from a west-edge hex, and an exited unit does not come back.",
    ),
)

NOT_CHECKED: Mapping[str, str] = MappingProxyType({})
"""Every id is checked; a fact a log lacks is said per finding (cannot-check)."""
