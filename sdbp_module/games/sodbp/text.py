"""Storm Over Dien Bien Phu's player aid: the phrases its pages share (titles, card names, the readings).

A ``Reading`` marks a place where the rules are unclear: the text follows the reading the checker
uses by default (its switches, ``rules.switches.SODBP_SWITCHES``), and the footnote says so.
"""

from __future__ import annotations

from collections.abc import Iterable

from sdbp_module.games.aid import Fact, Inline, Name, Parts, Reading, Ref
from sdbp_module.model.game_data import GameData

DASH = "\u2014"
EN = "\u2013"
MINUS = "\u2212"

# Readings: where the rules are unclear, the text follows the checker's recommended reading (switches).
R_BONUS = Reading("the rules do not say whether the bonus cards count toward the excess; the checker counts them")
R_PASS = Reading("the rules do not say whether a pass is final; the checker follows the sister game Storm over Stalingrad, whose rules say it is not")
R_FRENCH_PASS = Reading("after a French pass and then a Viet Minh pass the phase ends with no discard, as the checker reads it")
R_VICTORY = Reading("the rules do not say whether victory is checked before or after the last placements; the checker checks after")
R_ASSAULT_MARKER = Reading("the rules word this oddly; the checker expects no fire marker anywhere after an assault")
R_RETREAT = Reading("the rules do not cover every adjacent area being full; the checker reads it this way")
R_ENTRENCH_UNITS = Reading("the rules do not say where the flipped units must be; the checker wants them in the area entrenched")
R_ENTRENCH_CARD = Reading("the rules say both raise by and raise to the value; the checker reads raise by")
R_NO_SUPPLY = Reading("a French area is read as an area containing French units")
R_FLAK = Reading("the rules do not say whether Heavy Flak works on a total that leaves every area supplied; the checker reads yes")
R_ARRIVAL = Reading("the rules do not say in which End phase; the checker reads the End phase of the printed turn")
R_COUNTER_ATTACK = Reading("the checker treats Counter Attack as an action card")


def title(text: str, *refs: str) -> Parts:
    """A section title with its rules sections: ``Movement (7.0)``."""
    parts: list[str | Ref] = [text, " ("]
    for i, ref in enumerate(refs):
        if i:
            parts.append(", ")
        parts.append(Ref(ref))
    parts.append(")")
    return tuple(parts)


def span(low: Fact, high: Fact | None) -> Parts:
    """``low–high``, or ``low or more`` without a high end."""
    return (low, EN, high) if high is not None else (low, " or more")


def card_name(game: GameData, name: str) -> Name:
    """A card's name as the data spells it (it may hold digits: "105mm Artillery"); a card the data
    leaves out (a cut-down deck) is still named by the rules' card list, and cited so."""
    if not any(c.name == name for c in game.cards):
        return Name(name, "rules card list")
    return Name(name, f"cards.yaml cards[name={name!r}].name")


def join(parts: Iterable[Parts], sep: str = ", ") -> Parts:
    out: list[Inline] = []
    for i, p in enumerate(parts):
        if i:
            out.append(sep)
        out.extend(p)
    return tuple(out)
