"""Storm over Stalingrad's impulse cards (rules 5.2, 6.2): SOS-CARD-03.

A card whose text begins "For your impulse…" / "As your impulse…" governs the whole impulse of the
player who plays it, and only one such card may be played in an impulse (5.2). The data marks these
cards with timing class ``A`` (``cards.yaml``). Judged at each play: the card is played in the Action
phase and no other such card was played earlier in the same impulse; and at each unit action, no such
card of the other side was played in the impulse under way. Other cards may be played in either
player's impulse and are not judged here, and neither are the cards 5.2 lets be played in several
copies together (Defensive Fire, Anti-Tank Guns, Mines, Rubble, Dive Bombers, Engineer Support: the
data's ``multi_copy`` cumulative or sequential), whatever timing our data gives them: 5.2 lists
them among the "other cards", so two *Dive Bombers* in one impulse are legal (``is_limited``).
``splits_the_stack`` names *Attack on the Move* for the shared activation rules, ``stops_the_marker``
*Soviet Ammunition Shortage* for the shared fire-marker rule (``package.IMPULSE``).
"""

from __future__ import annotations

from collections.abc import Iterator

from sdbp_module.ids import CardId, Phase, Severity, Side
from sdbp_module.model.game_data import GameData
from sdbp_module.replay.apply import opens_new_action
from sdbp_module.replay.events import CardPlay, Event, Fire, Move
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import CheckContext, FunctionRule, Rule, rule
from sdbp_module.rules.findings import Finding

IMPULSE_TIMING = "A"


def is_impulse_card(game: GameData, card: CardId) -> bool:
    """True for a "For your impulse…" card of the game's data (timing class ``A``)."""
    return game.has_card(card) and IMPULSE_TIMING in game.card(card).timing.split("/")


def is_limited(game: GameData, card: CardId) -> bool:
    """True for an impulse card the one-per-impulse limit counts: not one of the cards 5.2 lets be
    played in several copies together (``Card.plays_together``). 5.2 lists those among the "other
    cards", played whenever their conditions are met: whether one is a "For your impulse" card at
    all is our reconstruction (its text is not in the rules), so the limit does not hold it."""
    return is_impulse_card(game, card) and not game.card(card).plays_together


ATTACK_ON_THE_MOVE = "Attack on the Move"  # "Атака с ходу" (5.2, 6.1, 7.3)


def splits_the_stack(game: GameData, card: CardId) -> bool:
    """True for *Attack on the Move*: its units may go to several areas and both fire and move (6.1, 7.3)."""
    return game.has_card(card) and game.card(card).name == ATTACK_ON_THE_MOVE


AMMUNITION_SHORTAGE = "Soviet Ammunition Shortage"  # "Советская нехватка патронов" (8.1)


def stops_the_marker(game: GameData, card: CardId) -> bool:
    """True for *Soviet Ammunition Shortage*: the fire it is played on places no fire marker (8.1)."""
    return game.has_card(card) and game.card(card).name == AMMUNITION_SHORTAGE


NIGHT_CROSSING = "Night Crossing"  # our card (cards.yaml): a stack of up to three leaves a landing zone


def lifts_the_exit_limit(game: GameData, card: CardId) -> bool:
    """True for *Night Crossing*: more than one unit may leave a landing zone in its impulse (7.6; the
    card is ours, and card text overrides the rules, 5.2)."""
    return game.has_card(card) and game.card(card).name == NIGHT_CROSSING


def _name(game: GameData, card: CardId) -> str:
    return f"{game.card(card).name} ({card})"


def _impulse_plays(steps: tuple[tuple[GameState, Event], ...], side: Side, game: GameData) -> list[CardPlay]:
    return [e for _s, e in steps if isinstance(e, CardPlay) and e.side is side and is_limited(game, e.card)]


def _unit_part(event: Event) -> bool:
    return isinstance(event, (Move, Fire)) and bool(event.units)


@rule(
    "SOS-CARD-03",
    "5.2, 6.2",
    Severity.ILLEGAL,
    "At most one 'For your impulse' card per impulse, played in its owner's impulse.",
    events=(CardPlay, Move, Fire),
)
def one_impulse_card(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[Finding]:
    """A play is judged when it is logged: outside the Action phase, or as the second of its impulse.
    A play logged while the other side's impulse is under way belongs to its owner's next impulse
    (players log the card, then act), unless the other side's impulse goes on after it with a unit
    action: then it was played in the other side's impulse, judged at that unit action."""
    game = ctx.game
    clock = before.clock
    if not isinstance(event, CardPlay):
        if clock.action_side is not None and _unit_part(event) and not opens_new_action(clock, event):
            side = clock.action_side
            for play in _impulse_plays(before.action_steps, side.enemy, game):
                yield r.finding(
                    before, event,
                    f"{_name(game, play.card)} is a 'For your impulse' card played in an impulse of the {side.label} "
                    "player, who goes on acting after it; it is played in its owner's impulse (5.2).",
                    side=side.enemy, where=play.where,
                )
        return
    if not is_limited(game, event.card):
        return
    if clock.phase is not Phase.ACTION:
        phase = clock.phase.value if clock.phase is not None else "no"
        yield r.finding(
            before, event,
            f"{_name(game, event.card)} is a 'For your impulse' card played in the {phase} phase; it is played in its "
            "owner's impulse (5.2).",
        )
        return
    earlier = _impulse_plays(before.action_steps, event.side, game)
    if clock.action_side is event.side and not opens_new_action(clock, event):
        earlier = _impulse_plays(before.previous_action, event.side, game) + earlier  # logged just before it
    if earlier:
        yield r.finding(
            before, event,
            f"{_name(game, event.card)} is a second 'For your impulse' card in one impulse "
            f"(after {_name(game, earlier[0].card)}); only one may be played per impulse (5.2).",
            expected=1, actual=len(earlier) + 1,
        )


RULES: tuple[Rule, ...] = (one_impulse_card,)
