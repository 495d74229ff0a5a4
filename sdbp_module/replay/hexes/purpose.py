"""Why each card was drawn: for an activation, or to resolve a fire (contract §C, docs/hex-replay.md).

The log says only that a card was drawn; what it was for follows from what came before it:

- a ``FireAt`` or an attack ``SupportCall`` opens an attack; the next draw resolves it (``combat``),
  one draw for each attack declared and not yet resolved (two fires declared in a row: two draws);
- a face card drawn for combat that the deck lets the firer draw again for (``face_in_combat``
  redraw, or redraw-or-miss: ``model.playing_cards.combat_draw``) and a Joker drawn for combat (it ends
  the turn, or is ignored early in the turn and drawn past): a draw that *directly* follows it is a
  redraw, ``combat`` too; anything else in between means the fire was a miss (or the turn ended);
- an ``Activate``, a ``PassTurn``, a ``TurnStart``, a ``Reshuffle`` or a ``Declared`` closes every
  open attack (a fire never resolved is not carried into the next impulse);
- every other draw is an ``activation``.

A draw whose purpose a transcript states keeps it, and counts as that purpose for what follows.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace

from sdbp_module.model.playing_cards import Draw, PlayingCardsSpec, combat_draw
from sdbp_module.replay.hexes.events import (
    Activate,
    CardDrawn,
    Declared,
    FireAt,
    HexEvent,
    PassTurn,
    Purpose,
    Reshuffle,
    SupportCall,
    SupportMode,
    TurnStart,
)

_CLOSING = (Activate, PassTurn, TurnStart, Reshuffle, Declared)


def _drawn_again(spec: PlayingCardsSpec | None, card: str) -> bool:
    """Whether a combat draw of ``card`` may be followed by another draw for the same fire."""
    if spec is None:
        return False
    try:
        drawn = spec.card(card)
    except ValueError:
        return False
    return combat_draw(spec, drawn, 0).outcome in (Draw.REDRAW, Draw.REDRAW_OR_MISS, Draw.JOKER)


def infer_purposes(events: Sequence[HexEvent], spec: PlayingCardsSpec | None, stated: Collection[int] = ()) -> list[HexEvent]:
    """``events`` with each ``CardDrawn``'s purpose inferred as the module doc says; the draws at the
    indices in ``stated`` keep theirs."""
    out: list[HexEvent] = []
    open_attacks = 0
    redraw = False
    for index, event in enumerate(events):
        if isinstance(event, CardDrawn):
            if index in stated:
                purpose = event.purpose
            else:
                purpose = Purpose.COMBAT if open_attacks or redraw else Purpose.ACTIVATION
                event = replace(event, purpose=purpose)
            if purpose == Purpose.COMBAT:
                if not redraw:
                    open_attacks = max(0, open_attacks - 1)
                redraw = _drawn_again(spec, event.card)
                if event.card.startswith("JOKER"):
                    open_attacks = 0
            else:
                open_attacks, redraw = 0, False
            out.append(event)
            continue
        redraw = False
        if isinstance(event, FireAt) or (isinstance(event, SupportCall) and event.mode == SupportMode.ATTACK):
            open_attacks += 1
        elif isinstance(event, _CLOSING):
            open_attacks = 0
        out.append(event)
    return out
