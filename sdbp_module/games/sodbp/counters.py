"""Storm Over Dien Bien Phu's counter guide words: what each element of a counter means, citing the
rules digest (``shared/rules/sodbp-rules.md`` 2.1.1 and the sections it points to). The guide itself
(pictures, callouts, the numbers of each counter) is ``vassal.counter_guide``'s, drawn from the data."""

from __future__ import annotations

from types import MappingProxyType

from sdbp_module.games.aid import Reading, Ref
from sdbp_module.model.game_data import GameData
from sdbp_module.vassal.counter_guide import CounterWords


def counter_words(game: GameData) -> CounterWords:
    """The SoDBP meaning of every counter element (``game`` unused: the words are the rules')."""
    return CounterWords(
        side=("Whose unit: the French on blue counters, the Viet Minh on red (", Ref("2.1.1"), ")."),
        spent=(
            "The back, printed lighter: the unit is spent. It has acted this turn and cannot act again (",
            Ref("6.1"),
            "); it is turned fresh again in the End phase (",
            Ref("4.0"),
            ").",
        ),
        formation=(
            "The battalion, brigade or regiment (",
            Ref("2.1.1"),
            "); the French abbreviations are spelled out in ",
            Ref("16.0"),
            ".",
        ),
        company=("The company or platoon, on the coloured strip under the name (", Ref("2.1.1"), ")."),
        symbol=(
            "The unit type (",
            Ref("2.1.1"),
            "). Only armour and infantry have rules of their own: armour crossing the river (",
            Ref("7.0"),
            ", ",
            Ref("8.4.2"),
            ") and the Relief Force card.",
        ),
        values=(
            "The three numbers along the bottom of the fresh side (",
            Ref("2.1.1"),
            "): firepower, added up when the unit fires (",
            Ref("8.3.1"),
            "); defence, added up when its area is fired at (",
            Ref("8.3.2"),
            "); movement, what it may spend moving (",
            Ref("7.0"),
            ").",
        ),
        spent_defence=(
            "A spent unit shows only its defence (",
            Ref("2.1.1"),
            "): it can neither move nor fire until it is fresh again.",
        ),
        setup_area=("Black square: the area the unit is set up in at the start of the game (", Ref("3.0"), ")."),
        arrival=(
            "Red circle: the turn the unit arrives as a reinforcement; it is placed in that turn's End phase (",
            Ref("12.2"),
            Reading("a unit printed with a turn arrives in the End phase of that turn and acts from the next turn"),
            ", ",
            Ref("12.3"),
            ").",
        ),
        card_entry=(
            "A star in the red circle: the unit has no arrival turn; it enters only when the French play the card "
            "Relief Force from Isabelle (",
            Ref("2.1.1"),
            ").",
        ),
        group=("The symbol's colour: the unit's group.",),
        marks=MappingProxyType(
            {
                "thai": ("Brown symbol: a colonial Thai unit; the Propaganda card acts on Thai units (", Ref("2.1.1"), ")."),
                "elite": (
                    "White numbers on a dark band: an elite Viet Minh unit. Elite status has no rules effect (",
                    Ref("2.1.1"),
                    Reading("the rules give elite status no effect; the checker treats elite units like any other"),
                    ").",
                ),
                "replacement": (
                    "Yellow numbers on a dark band: a Viet Minh replacement. It starts in the Replacements box (",
                    Ref("3.0"),
                    ") and enters by the replacement roll, placed like a reinforcement (",
                    Ref("12.1"),
                    ").",
                ),
            }
        ),
    )
