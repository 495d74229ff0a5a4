"""Storm over Stalingrad's counter guide words: what each element of a counter means, citing the rules
digest (``shared/rules/storm-over-stalingrad.md``: 2.1.1 and the sections it points to). The guide
itself (pictures, callouts, the numbers of each counter) is ``vassal.counter_guide``'s, drawn from the data."""

from __future__ import annotations

from types import MappingProxyType

from sdbp_module.games.aid import Inline, Ref, fact
from sdbp_module.model.game_data import GameData
from sdbp_module.vassal.counter_guide import COMPANY, FORMATION, GROUP, CounterWords


def counter_words(game: GameData) -> CounterWords:
    """The SoS meaning of every counter element; the withdrawal turn of the black counters is the data's."""
    leaving = sorted({u.withdraw for u in game.units if "black" in u.marks and u.withdraw is not None})
    when: tuple[Inline, ...] = ("the End phase of turn ", fact(leaving[0], "counters.yaml withdraw; rules 10.4")) if len(leaving) == 1 else ("its End phase",)
    return CounterWords(
        side=("Whose unit: German units on grey or black counters, Soviet units on light brown (", Ref("2.1.1"), ")."),
        spent=(
            "The back, printed lighter: the unit is spent. It took part in an action this turn and cannot move or fire (",
            Ref("2.1.1"),
            ", ",
            Ref("6.1"),
            ").",
        ),
        formation=("The division, printed at the top; an independent German unit shows its own name there (", Ref("2.1.1"), ")."),
        company=("The unit's id (its regiment, brigade or battalion), under the division (", Ref("2.1.1"), ")."),
        symbol=("The unit type (", Ref("2.1.1"), ")."),
        values=("The three numbers along the bottom of the fresh side: firepower, defence and movement (", Ref("2.1.1"), ")."),
        spent_defence=("A spent unit shows only its defence (", Ref("2.1.1"), "); spent units cannot fire or move."),
        setup_area=("Black square with a letter: the unit sets up in the area printed with that letter (", Ref("2.1.1"), ", ", Ref("3.2"), ")."),
        arrival=("Red circle: the turn the unit arrives as a reinforcement (", Ref("2.1.1"), ", ", Ref("10.1"), ")."),
        card_entry=("A star in the red circle: the unit enters only by a card (", Ref("2.1.1"), ")."),
        group=(
            "The symbol's colour: the German division the unit belongs to (",
            Ref("2.1.1"),
            "). A German unit action takes units of one division, plus any independent units (",
            Ref("6.1"),
            ").",
        ),
        marks=MappingProxyType(
            {
                "black": ("A German unit on a black counter leaves the game in ", *when, " (", Ref("2.1.1"), ", ", Ref("10.4"), ")."),
            }
        ),
        names=MappingProxyType({FORMATION: "Division", COMPANY: "Unit", GROUP: "Division"}),
    )
