"""Storm over Stalingrad's card interactions the text spells out (rules 5.2): SOS-CARD-06.

The seed (L184, L186) gives two: the German plays *Attack on the Move* and moves into an area where
the Soviet plays *Mines* — unless the German cancels it with *Sniper* — and then "all the German units
are flipped to spent, then attacked by the Mines; the German units cannot fire"; against *Defensive
Fire* (again unless *Sniper* cancels it) the German units may fire first, then the surviving Soviet
units fire back with the card. What a log shows of this is checked, in the action under way:

* **Sniper cancels.** A German *Sniper* cancels the latest *Mines* or *Defensive Fire* of the action
  that no *Sniper* has cancelled yet. A *Sniper* with none to cancel is suspicious: the text names
  it only as cancelling those two, but its own card text is not in the rules. A cancelled card that
  still fires (its card fire logged after the *Sniper*) is illegal: a cancelled card has no effect.
* **Mines stop the movers' fire.** In an action with *Attack on the Move*, the German units that
  moved into the area of a *Mines* play (its target, else the destination of the last German move
  before it) before that play may not fire after it, unless a *Sniper* cancelled it. Without *Attack
  on the Move* a unit that moved cannot fire in the same action anyway: SOS-ACT-03 says so, once.

Not checked: that the movers are flipped spent *before* the mine attack (a log's flips and card fire
come in the order the players logged them), and the order German fire → Soviet *Defensive Fire*
(the German "may" fire first: a German fire after the card fire may be of other units of a split
stack, which the text allows). The card names are found in the game's data; a game without them is
not affected.
"""

from __future__ import annotations

from collections.abc import Iterator

from sdbp_module.games.sos.ids import GERMAN, SOVIET
from sdbp_module.games.sos.rules.cards import ATTACK_ON_THE_MOVE, splits_the_stack
from sdbp_module.ids import AreaId, CardId, Severity, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay.clock import PartKind
from sdbp_module.replay.events import CardPlay, Event, Fire, Move, MoveKind
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import CheckContext, FunctionRule, Rule, rule
from sdbp_module.rules.findings import Finding

MINES = "Mines"  # "Мины" (5.2)
DEFENSIVE_FIRE = "Defensive Fire"  # "Оборонительный огонь" (5.2)
SNIPER = "Sniper"  # "Снайпер" (5.2)
CANCELLED_BY_SNIPER = (MINES, DEFENSIVE_FIRE)


def _named(game: GameData, card: CardId, *names: str) -> bool:
    return game.has_card(card) and game.card(card).name in names


@record
class AnsweringPlay:
    """A Soviet *Mines* or *Defensive Fire* play of the action: the area it is played on, the German
    units that had moved into that area before it, and whether a *Sniper* cancelled it."""

    play: CardPlay
    area: AreaId | None
    movers: frozenset[UnitId]
    cancelled: bool = False


def _area_of_play(play: CardPlay, last_move: Move | None) -> AreaId | None:
    if play.targets:
        return play.targets[0]
    return last_move.to_area if last_move is not None else None


def _plays(steps: tuple[tuple[GameState, Event], ...], game: GameData) -> list[AnsweringPlay]:
    """The Soviet *Mines* and *Defensive Fire* plays of the action, in order, with the *Sniper* plays
    that came after each applied (each *Sniper* cancels the latest one not yet cancelled)."""
    plays: list[AnsweringPlay] = []
    moves: list[Move] = []
    for _state, event in steps:
        if isinstance(event, Move) and event.side is GERMAN and event.move_kind is MoveKind.MOVE:
            moves.append(event)
        elif isinstance(event, CardPlay) and event.side is SOVIET and _named(game, event.card, *CANCELLED_BY_SNIPER):
            area = _area_of_play(event, moves[-1] if moves else None)
            movers = frozenset(u for m in moves if m.to_area == area for u in m.units)
            plays.append(AnsweringPlay(event, area, movers))
        elif isinstance(event, CardPlay) and event.side is GERMAN and _named(game, event.card, SNIPER):
            for i in range(len(plays) - 1, -1, -1):
                if not plays[i].cancelled:
                    plays[i] = AnsweringPlay(plays[i].play, plays[i].area, plays[i].movers, cancelled=True)
                    break
    return plays


def _card(game: GameData, card: CardId) -> str:
    return f"{game.card(card).name} ({card})" if game.has_card(card) else str(card)


def _on_the_move(before: GameState, ctx: CheckContext) -> bool:
    """Whether *Attack on the Move* governs the action under way (played as it, or during it)."""
    game = ctx.game
    if any(p.kind is PartKind.CARD and p.card is not None and splits_the_stack(game, p.card) for p in before.clock.parts):
        return True
    return any(isinstance(e, CardPlay) and splits_the_stack(game, e.card) for _s, e in before.action_steps)


@rule(
    "SOS-CARD-06",
    "5.2",
    Severity.ILLEGAL,
    "Sniper cancels Mines or Defensive Fire; German units that moved into a Mines area under Attack on the Move do not fire.",
    events=(CardPlay, Fire),
)
def card_interactions(r: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> Iterator[Finding]:
    game = ctx.game
    if before.clock.action_side is None:
        return
    if isinstance(event, CardPlay):
        if event.side is GERMAN and _named(game, event.card, SNIPER):
            if not any(not p.cancelled for p in _plays(before.action_steps, game)):
                yield r.finding(
                    before, event,
                    f"{_card(game, event.card)} is played with no {MINES} or {DEFENSIVE_FIRE} of this impulse left to "
                    f"cancel; the text names {SNIPER} only as cancelling them (5.2), its own card text is not in the rules.",
                    severity=Severity.SUSPICIOUS,
                )
        return
    assert isinstance(event, Fire)
    plays = _plays(before.action_steps, game)
    if not plays:
        return
    if event.card is not None and not event.units:
        if any(p.cancelled and p.play.card == event.card for p in plays):
            yield r.finding(
                before, event,
                f"{_card(game, event.card)} fires after a {SNIPER} cancelled it; a cancelled card has no effect (5.2).",
                side=SOVIET, areas=(event.target,),
            )
        return
    if event.side is not GERMAN or not event.units or not _on_the_move(before, ctx):
        return
    for p in plays:
        if p.cancelled or not _named(game, p.play.card, MINES):
            continue
        firing = tuple(sorted(u for u in event.units if u in p.movers))
        if firing:
            yield r.finding(
                before, event,
                f"{', '.join(firing)} moved into area {p.area} under {ATTACK_ON_THE_MOVE}, where the {SOVIET.label} played "
                f"{_card(game, p.play.card)} (not cancelled by {SNIPER}); those units are flipped spent and cannot fire (5.2).",
                units=firing, areas=tuple(a for a in (p.area,) if a is not None),
            )
            return


RULES: tuple[Rule, ...] = (card_interactions,)
