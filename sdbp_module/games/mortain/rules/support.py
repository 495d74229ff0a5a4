"""The US Air and OBA markers (M-6.1 to M-6.3): MOR-AIR-01, MOR-AIR-02. Their attacks' strength and
suppression are judged with the fires (``fire``, MOR-AIR-03)."""

from __future__ import annotations

from collections.abc import Iterable

from sdbp_module.games.mortain.ids import AIR, OBA
from sdbp_module.games.mortain.rules import switches as sw
from sdbp_module.games.mortain.rules.facts import after_joker_end, card_of, in_setup
from sdbp_module.ids import Severity
from sdbp_module.model.playing_cards import Colour
from sdbp_module.replay.hexes.events import HexEvent, SupportCall
from sdbp_module.replay.hexes.state import HexState
from sdbp_module.rules.findings import Finding
from sdbp_module.rules.hexes.base import HexContext, HexRule


def _card(rule: HexRule, before: HexState, event: HexEvent, after: HexState, ctx: HexContext) -> Iterable[Finding]:
    assert isinstance(event, SupportCall)
    impulse = ctx.flow.current
    if in_setup(ctx) or after_joker_end(ctx.flow):
        return ()
    if impulse.card is None:
        return (rule.finding(before, event, f"{event.marker} is used with no card drawn this turn: a red card allows it "
                             "(M-6.2, M-6.3).", impulse=impulse.number),)
    card = card_of(ctx, impulse.card)
    if card is None or card.is_joker or card.colour is not Colour.RED:
        return ()  # no card of the deck, the Joker, a black card: MOR-DECK-01, MOR-TURN-01, MOR-ACT-01
    if event.marker not in (AIR, OBA):
        return (rule.finding(before, event, f"{event.marker!r} is neither Air nor OBA: cannot be checked.",
                             severity=Severity.CANNOT_CHECK, impulse=impulse.number),)
    if card.is_ace:
        ace_odd = ctx.switch(sw.ACE_ODD) == "yes"
        right = AIR if ace_odd else OBA
        if event.marker != right:
            return (rule.finding(before, event, f"{event.marker} on the red Ace {card.id}: by the reading ace-odd="
                                 f"{'yes' if ace_odd else 'no'} the Ace is {'odd (Air)' if ace_odd else 'not odd (OBA)'} "
                                 "(M-6.2, M-6.3).", severity=Severity.SUSPICIOUS, impulse=impulse.number,
                                 expected=right, actual=event.marker),)
        return ()
    value = ctx.spec.value(card)
    air_card = card.rank == "J" or (value is not None and not card.is_face and value % 2 == 1)
    right = AIR if air_card else OBA
    if event.marker != right:
        kind = "a red odd card or the red Jack: Air" if air_card else "a red even card, Queen or King: OBA"
        return (rule.finding(before, event, f"{event.marker} on the {card.id}, {kind} (M-6.2, M-6.3).",
                             impulse=impulse.number, expected=right, actual=event.marker),)
    return ()


def _limit(rule: HexRule, before: HexState, event: HexEvent, after: HexState, ctx: HexContext) -> Iterable[Finding]:
    assert isinstance(event, SupportCall)
    if in_setup(ctx):
        return ()
    turn = ctx.flow.turn
    earlier = [s for imp in ctx.flow.all_impulses() if imp.turn == turn for s in imp.supports]
    if not earlier:
        return ()
    same = [s for s in earlier if s.marker == event.marker]
    impulse = ctx.flow.current.number
    if same:
        return (rule.finding(before, event, f"{event.marker} is used a second time in turn {turn}: once per turn (M-6.1).",
                             impulse=impulse, expected=1, actual=len(same) + 1),)
    if ctx.switch(sw.SUPPORT_LIMIT) == "one":
        return (rule.finding(before, event, f"{event.marker} is used in turn {turn} after {earlier[0].marker}: one marker in "
                             "all per turn by the reading support-limit=one (M-6.1).", severity=Severity.SUSPICIOUS,
                             impulse=impulse, expected=1, actual=len(earlier) + 1),)
    return ()


RULES: tuple[HexRule, ...] = (
    HexRule("MOR-AIR-01", "M-6.2, M-6.3", Severity.ILLEGAL, "Air on a red odd card or red Jack, OBA on any other red card.",
            check_fn=_card, event_types=(SupportCall,)),
    HexRule("MOR-AIR-02", "M-6.1", Severity.ILLEGAL, "At most one use of each marker per turn (support-limit).",
            check_fn=_limit, event_types=(SupportCall,)),
)
