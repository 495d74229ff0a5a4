"""``AreaImpulse``: what a game's area-impulse rules differ in, beside its data.

The defaults are the plainest area-impulse game: no side barred from any area class, no river
restriction, no discard to continue, no activation groups. A rules package sets the fields its
rules need (``RulesPackage.impulse``); the checker hands it to every rule as ``CheckContext.impulse``.
"""

from __future__ import annotations

from collections.abc import Callable

from sdbp_module.ids import AreaClassId, AreaId, CardId, Side, UnitTypeId
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay.combat import Attack
from sdbp_module.rules.switches import RuleSet

CardTest = Callable[[GameData, CardId], bool]
MarkerReading = Callable[[Attack, GameData, RuleSet], "tuple[AreaId | None, str] | None"]
"""A game's own reading of the fire marker an attack places: (the area it goes on, or None for none;
what the attack is, for the message on a marker it should not have placed), or None: the shared reading."""


@record
class AreaImpulse:
    """The settings of the shared area-impulse rules for one game (all optional)."""

    discard_to_continue: bool = False
    """After a pass of the side that acts first, the other side may discard one card to go on; the
    Action phase then also ends on a first-side pass that is not so answered. Without it the phase
    ends only on two passes in a row."""
    end_on_passes_stated: bool = True
    """The game's text says the Action phase ends on two passes in a row. False: the text leaves the
    end condition open and two passes in a row is the assumed reading, so a phase that ends otherwise
    is suspicious, not illegal (an act after two passes in a row stays illegal)."""
    late_discard_switch: str | None = None
    """A switch of the game (value "forbidden" or another) saying whether a discard to continue may
    follow a pass of the other side and then one of the first side; None: it may."""
    late_discard_note: str = "recommended reading"
    """What the finding on such a late discard cites (the game's reading of its rule)."""
    closed_classes: tuple[tuple[Side, AreaClassId], ...] = ()
    """(side, area class): the side's units never enter an area of that class, not even in passing."""
    no_entry_enemy_occupied: frozenset[Side] = frozenset()
    """Sides whose units may not move into an enemy-held area that holds enemy units."""
    bridge_only_types: tuple[tuple[Side, UnitTypeId], ...] = ()
    """(side, unit type): such units cross a river border only by a bridge."""
    single_exit_classes: frozenset[AreaClassId] = frozenset()
    """Area classes a move leaves with one unit per action, into an adjacent area."""
    single_exit_switch: str | None = None
    """A switch of the game (value "adjacent_only" or another) saying whether the unit leaving an area
    of a single-exit class ends its move in the adjacent area it enters ("adjacent_only") or may move
    on with the MP it has left; None: it ends its move there."""
    single_exit_card: CardTest | None = None
    """A card whose play as the action lifts the one-unit limit of the single-exit classes."""
    no_fire_into_classes: frozenset[AreaClassId] = frozenset()
    """Area classes no fire may target."""
    card_fire_into_closed_rec: bool = False
    """The game's text closes ``no_fire_into_classes`` to unit fire only: card fire into such an area
    breaches a reading (the card's own text, where it has one), suspicious rather than illegal."""
    control_stated_on_entry_only: bool = False
    """The game's text gives the control rule only for an area a move enters (it passes to the mover
    when no enemy unit is there): a disagreement about any other area — one a move leaves, one emptied
    by damage, a retreat, a placement or a removal, a marker on an area no move of the action entered —
    is suspicious, not illegal. False: the whole control rule is the game's text."""
    grouped_sides: frozenset[Side] = frozenset()
    """Sides whose units activated together share one non-empty ``Unit.group``; a unit whose group is
    "" (an independent) may join any activation."""
    hand_excess_switch: str | None = None
    """A switch of the game (value "false" or another) saying whether an over-full hand's excess is
    measured against the track alone ("false") or track + bonus; None: track + bonus."""
    hand_excess_kept: bool = False
    """A hand above its target at the Draw phase is kept: the side draws nothing and discards nothing
    (the game does not say to discard the excess). False: the excess is discarded down to the target."""
    first_draw_exempt: frozenset[Side] = frozenset()
    """Sides whose hand after the first turn's draw the shared hand rules leave to a rule of the game."""
    multi_area_card: CardTest | None = None
    """A card whose play lets one unit action use units of several areas doing several things."""
    marker_suppressing_card: CardTest | None = None
    """A card whose play on an attack (by either side) means the attack places no fire marker."""
    fire_marker_reading: MarkerReading | None = None
    """The game's own fire-marker reading, asked before the shared one (e.g. for its assaults)."""
    fire_marker_extra_rec: bool = False
    """A marker placed by an attack that places none breaches a recommended reading (suspicious unless
    strict) rather than the rule itself (illegal)."""
    attack_flip_judged: bool = False
    """The game has rules of its own for units left fresh after they fired or assaulted: the shared
    ACT-FLIP-PARTICIPANTS then leaves those units to them (one fault, one id)."""
    retreat_stacking_judged: bool = False
    """The game's retreat rules judge the stacking of retreats (where a retreat may overflow and where
    it must end): the shared stacking rule then leaves ``Damage`` events to them (one fault, one id)."""
    cites: tuple[tuple[str, str], ...] = ()
    """(topic, rules section) a shared rule's message cites for a topic (``cite``); a topic not given
    cites the rule's own reference. Topics: "reshuffle", "played-card", "discard-phase",
    "end-discard-step", "fire-marker"."""

    def closed(self, side: Side, area_class: AreaClassId) -> bool:
        """Whether ``side``'s units may never enter an area of ``area_class``."""
        return (side, area_class) in self.closed_classes

    def cite(self, topic: str, default: str) -> str:
        """The rules section a message on ``topic`` cites; ``default`` (the rule's reference) if not set."""
        return next((section for t, section in self.cites if t == topic), default)

    def bridge_only(self, side: Side, unit_type: UnitTypeId) -> bool:
        """Whether ``side``'s units of ``unit_type`` cross rivers only by a bridge."""
        return (side, unit_type) in self.bridge_only_types


PLAIN = AreaImpulse()
"""The defaults: what a game without settings of its own gets."""
