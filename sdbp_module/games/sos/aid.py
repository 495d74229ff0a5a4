"""Storm over Stalingrad's player aid: one page per tab, in play order (``player_aid``).

Built from the rules text (``shared/seeds/004_e3602584763f9893.txt``, digest
``shared/rules/storm-over-stalingrad.md``; sections as the digest numbers them) and the game's data: the
sequence of play, impulses, movement and fire, the cards and hands, control and victory. Every number is
a Fact: a rules number cites its section; a data number its file and field, marked reconstructed (a
dagger) where the data says it is ours. The text stops before fire resolution (8.3 onward): the fire page
says so and shows the procedure the digest presumes, marked as a reading the checker does not judge.
A page of counters (a generic counter guide) can be added to ``pages`` when the writer offers one.
"""

from __future__ import annotations

from collections import Counter

from sdbp_module.games.aid import (
    Fact,
    Inline,
    Name,
    Page,
    Parts,
    PlayerAid,
    Reading,
    Ref,
    Strong,
    Table,
    fact,
    items,
    para,
    section,
)
from sdbp_module.ids import Side
from sdbp_module.model.game_data import Area, GameData, Sourced, field_source
from sdbp_module.vassal.counter_guide import guide_page

OURS = "our reconstruction: the rules text gives no value"
PRESUMED = "the rules text stops before fire resolution: the procedure of Storm Over Dien Bien Phu, which the digest presumes"
NOT_JUDGED = "not in the rules text we have (fire resolution onward): the players settle it, sdbp check does not judge it"


def _data(value: int, record: Sourced, field: str, where: str) -> Fact:
    """A number of the data: ``where`` names the file and field; reconstructed when its source says so."""
    return fact(value, where, OURS if field_source(record, field).is_reconstructed else "")


def _rule(value: int, section_: str) -> Fact:
    return fact(value, f"rules {section_}")


def _area(area: Area) -> Name:
    return Name(f"{area.id} {area.name}", "areas.yaml id, name")


def _dice(game: GameData) -> Parts:
    return (fact(len(game.game.dice), "game.yaml dice (rules 2.0)"), "d", fact(game.game.dice[0], "game.yaml dice[0] (rules 2.0)"))


def _sides(game: GameData) -> tuple[Side, Side]:
    first, second = game.game.sides
    return (first, second) if first is game.game.first_side else (second, first)


# -- sequence of play ----------------------------------------------------------------------------------


def sequence_page(game: GameData) -> Page:
    first, second = _sides(game)
    bid = game.game.bid
    bid_parts: Parts = (
        ("Before play each player secretly writes how many defence-", _rule(3, "2.2, 3.1"), " areas the Soviet player must hold at the end to win (at least ",
         fact(bid.min, "game.yaml bid.min (rules 3.1)"), "). The higher bidder plays the Soviets; his bid is his target (", Ref("3.1"), ").")
        if bid is not None
        else ("Sides by agreement.",)
    )
    turns = fact(game.game.turns, "game.yaml turns (rules 1.0, 4.0)")
    return Page(
        "sequence",
        "Sequence",
        "Sequence of play",
        (
            section("Before the game", para(*bid_parts), para("Units set up fresh in the area printed with their set-up letter; the L units in any landing zone; reinforcements on the turn track (", Ref("3.2"), ", ", Ref("3.3"), ").")),
            section(
                ("Each of ", turns, " turns"),
                items(
                    (Strong(("Draw",)), ": each player draws up to his hand size (Cards tab); a short deck is reshuffled with his own discards first (", Ref("5.1"), ", ", Ref("5.4"), ")."),
                    (Strong(("Impulses",)), f": the {first.label} player normally takes the first impulse; the players alternate. In an impulse: a unit action, a 'For your impulse' card, or a pass (", Ref("6.0"), ")."),
                    (Strong(("End phase",)), f": discards ({first.label} first, any number, ", Ref("5.3"), "); every spent unit flips fresh; every fire marker is removed; reinforcements, "
                     f"{first.label} first (", Ref("10.2"), "); at the end of turn ", _rule(3, "10.4"), " the black German counters leave the game (", Ref("10.4"), ")."),
                    ordered=True,
                ),
                para("The game ends after the last turn's End phase; the impulse phase ends when both players have passed in turn", Reading("the text does not give the end of the impulse phase: two passes in a row, as in Dien Bien Phu"), "."),
            ),
            section(
                "A unit action",
                items(
                    ("One area: some of your fresh units there all move to one area or all fire at one area (", Ref("6.1"), ")."),
                    (f"{second.label}: any of his fresh units in the area. {first.label}: fresh units of one division (the symbol colour) plus any independent units (", Ref("6.1"), ")."),
                    ("The units that acted flip to spent; the others stay fresh (", Ref("6.1"), ", ", Ref("7.5"), ", ", Ref("8.1"), "). Attack on the Move lets German units split up and both fire and move (", Ref("7.3"), ")."),
                ),
            ),
        ),
    )


# -- movement and fire ---------------------------------------------------------------------------------


def action_page(game: GameData) -> Page:
    one, plus = _rule(1, "7.2"), _rule(1, "7.2")
    cost = Table(
        (("Moving from area to area",), ("Movement points",)),
        (
            (("enter an adjacent area",), (one,)),
            (("enter an area that is enemy-controlled and/or holds an enemy unit",), ("+", plus)),
            (("leave an area that is enemy-controlled and/or holds an enemy unit",), ("+", plus)),
        ),
        ("left", "center"),
    )
    fire = Table(
        (("Step",), ("What the presumed procedure does",)),
        (
            (("Attack",), (*_dice(game), " + the total firepower of the firing units",)),
            (("Defence",), ("the highest defence of one target unit + the area's D-value; no D-value when the firers are in the target area, when the target side does not control it, or when a fire marker is already there",)),
            (("Damage",), ("attack minus defence, in points: ", fact(1, "rules digest 8.4 (presumed)", PRESUMED), " flips a fresh unit or retreats a spent one; ",
                           fact(2, "rules digest 8.4 (presumed)", PRESUMED), " eliminates a spent unit or flips and retreats a fresh one; ",
                           fact(3, "rules digest 8.4 (presumed)", PRESUMED), " eliminates a fresh unit")),
        ),
        ("left", "left"),
    )
    return Page(
        "actions",
        "Move and fire",
        "Movement and fire",
        (
            section(
                "Movement",
                para("A unit has as many movement points as its movement value; a stack moves with its lowest (", Ref("7.1"), ", ", Ref("7.3"), ")."),
                cost,
                items(
                    ("The extra point is one, however many of the two conditions hold; costs are reckoned area by area as you move: entering an enemy-controlled area with no enemy unit takes its control at once (", Ref("7.2"), ")."),
                    ("Control at the start is printed in each area's control box; a control marker on an area shows a change (", Ref("2.1.2"), ", ", Ref("2.2"), ")."),
                    ("At most ", fact(game.game.stacking_limit, "game.yaml stacking_limit (rules 7.4)"), " units of a player in an area at any time, moving through included (", Ref("7.4"), ")."),
                    ("Landing zones: in an impulse only ", _rule(1, "7.6"), " unit, not a stack, may leave a landing zone, into an adjacent area (", Ref("7.6"), ")",
                     Reading("one unit in all, not one per landing zone: the digest's recommended reading"), "."),
                ),
            ),
            section(
                "Fire",
                items(
                    ("Units with firepower ", _rule(1, "8.0"), " or more fire at enemy units in their own area or an adjacent one; a stack fires at one area (", Ref("8.0"), ", ", Ref("8.1"), ")."),
                    ("No fire into a landing zone; your own units in the target area are not hit (", Ref("8.1"), ")."),
                    ("Fire into an adjacent area: put a fire marker, firer's side up, in the area the fire came from (none with Soviet Ammunition Shortage) (", Ref("8.1"), ")."),
                    ("A card's fire follows its text; the card then goes to the discard pile (", Ref("8.2"), ")."),
                ),
            ),
            section(
                ("Fire resolution", Reading(NOT_JUDGED)),
                para("The rules text we have stops here. The digest presumes Dien Bien Phu's procedure; play it only if both players agree:"),
                fire,
            ),
        ),
    )


# -- cards and hands ------------------------------------------------------------------------------------


def cards_page(game: GameData) -> Page:
    first, second = _sides(game)
    hands = Table(
        (("Turn",), (f"{first.label} hand",), (f"{second.label} hand",)),
        tuple(
            (
                (fact(t.turn, f"turn_track.yaml turns[turn={t.turn}].turn"),),
                (_data(t.cards.get(first, 0), t, "cards", f"turn_track.yaml turns[turn={t.turn}].cards.{first.value}"),),
                (_data(t.cards.get(second, 0), t, "cards", f"turn_track.yaml turns[turn={t.turn}].cards.{second.value}"),),
            )
            for t in game.turn_track
        ),
        ("center", "center", "center"),
    )
    bonus: list[Parts] = []
    for b in game.game.hand_bonus_sets:
        areas = game.bonus_areas(b.id)
        if areas:
            where: list[Inline] = []
            for i, a in enumerate(areas):
                where += [", "] if i else []
                where.append(_area(game.area(a)))
            bonus.append(("+", fact(b.cards, f"game.yaml hand_bonus_sets[{b.id}].cards (rules 5.1)"), " card each turn to the side that controls ", *where, " (", Ref("5.1"), ")."))
    copies = Counter((c.side, c.name) for c in game.cards)
    seen: set[tuple[Side | None, str]] = set()
    rows: list[tuple[Parts, ...]] = []
    for c in game.cards:
        if (c.side, c.name) in seen or c.side is None:
            continue
        seen.add((c.side, c.name))
        fire: Parts = (fact(c.firepower, f"cards.yaml {c.id}.firepower", OURS if field_source(c, "firepower").is_reconstructed else ""),) if c.firepower is not None else ("",)
        rows.append(
            (
                (c.side.label,),
                (Name(c.name, f"cards.yaml {c.id}.name"),),
                (fact(copies[(c.side, c.name)], f"cards.yaml (copies of {c.name})", OURS if field_source(c, "number").is_reconstructed else ""),),
                (Name(c.timing, f"cards.yaml {c.id}.timing"),),
                fire,
                ({"cumulative": "add up", "sequential": "one by one"}.get(c.multi_copy, ""),),
            )
        )
    cards = Table((("Side",), ("Card",), ("Copies",), ("Timing",), ("Fire",), ("Several together",)), tuple(rows), ("left", "left", "center", "center", "center", "left"))
    return Page(
        "cards",
        "Cards",
        "Cards and hands",
        (
            section("Hand sizes", para("At the start of each turn draw up to the turn track's number; cards kept from the last turn count (", Ref("5.1"), ", ", Ref("5.3"), ")."), hands, items(*bonus) if bonus else para("No bonus cards.")),
            section(
                "Playing cards",
                items(
                    ("Timing A: a 'For your impulse' card: it is your whole impulse; only one per impulse (", Ref("5.2"), ", ", Ref("6.2"), ")."),
                    ("Timing D: at any time in your own impulse; timing R: when its situation arises, in either player's impulse (", Ref("5.2"), ")."),
                    ("Card text overrides the rules. A played card goes face up to its owner's discard pile; no card leaves the game (", Ref("5.2"), ")."),
                    ("Played together: Rubble doubles, triples, quadruples the D-value; Anti-Tank Guns and Engineer Support add up; Defensive Fire, Mines and Dive Bombers resolve one after the other (", Ref("5.2"), ")."),
                    ("Attack on the Move into Mines (no Sniper): the movers flip spent, then the mines attack; they cannot fire. Into Defensive Fire: the Germans fire first, flip, then the survivors fire back (", Ref("5.2"), ")."),
                ),
            ),
            section("The cards", cards),
        ),
    )


# -- control and victory --------------------------------------------------------------------------------


def victory_page(game: GameData) -> Page:
    first, second = _sides(game)
    victory = [a for a in game.areas if a.victory]
    rows = tuple(
        ((_area(a),), (_data(a.defense, a, "defense", f"areas.yaml {a.id}.defense"),), (a.control.label,))
        for a in victory
    )
    zones = [a for a in game.areas if a.colour == "landing_zone"]
    zone_names: list[Inline] = []
    for i, a in enumerate(zones):
        zone_names += [", "] if i else []
        zone_names.append(_area(a))
    held = {s: sum(1 for a in victory if a.control is s) for s in game.game.sides}
    return Page(
        "victory",
        "Victory",
        "Control and victory",
        (
            section(
                "Victory",
                para(
                    "At the end of turn ", fact(game.game.turns, "game.yaml turns (rules 4.0)"), f" the {second.label} player wins if he controls at least as many defence-",
                    _rule(3, "2.2, 3.1"), f" areas as his bid; otherwise the {first.label} player wins (", Ref("3.1"), ").",
                ),
                para(
                    f"At the start the {second.label} side holds ", _count(held[second], victory, second), f" of them and the {first.label} side ", _count(held[first], victory, first), ".",
                ),
                Table((("Victory area",), ("D-value",), ("Control at the start",)), rows, ("left", "center", "left")),
            ),
            section(
                "Control",
                items(
                    ("Every area's control box shows who holds it at the start. When a side takes an area the enemy held at the start, put a control marker on it, that side up; take it off if the first owner takes it back (", Ref("2.1.2"), ")."),
                    ("Entering an enemy-controlled area with no enemy unit in it takes its control at once (", Ref("7.2"), ")."),
                ),
            ),
            section(
                "Landing zones",
                para("The landing zones on the Volga: ", *zone_names, ". Soviet reinforcements land there; they cannot be fired into; one unit an impulse leaves them (", Ref("2.2"), ", ", Ref("7.6"), ", ", Ref("8.1"), ")."),
            ),
        ),
    )


def _count(n: int, victory: list[Area], side: Side) -> Fact:
    reconstructed = any(field_source(a, "control").is_reconstructed for a in victory)
    return fact(n, f"areas.yaml control of the victory areas ({side.value})", OURS if reconstructed else "")


def player_aid(game: GameData) -> PlayerAid:
    """The Storm over Stalingrad player aid for ``game``."""
    return PlayerAid(
        button="Player aid",
        tooltip="Player aid: counters, sequence of play, movement and fire, cards and hands, control and victory",
        title=(Name(game.game.title, "game.yaml title"), ": player aid"),
        pages=(guide_page(game), sequence_page(game), action_page(game), cards_page(game), victory_page(game)),
    )
