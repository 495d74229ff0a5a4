"""Card-specific checks of the cards that are an attack or an action (catalogue §3.15, the card list).

Ids: C-KATYUSHA, C-105, C-75, C-ARTILLERY, C-TOT, C-B26, C-FIGHTER-BOMBERS, C-PROPAGANDA,
C-COUNTER-ATTACK. The firepower of card fire (12/13, 9/10, 8/``art75_boost``, 7, 10, 6, 4; the boost
at 7 or more French units, AMB-35) is judged by FIRE-ATTACK-TOTAL (``rules.fire`` with
``rules.resolution.card_firepower``): these rules judge the cards' *other* conditions.

Judged at the ``CardPlay`` itself (the state before it):

* "as your action" (Katyusha, Propaganda, 105mm / 75mm in fire mode, Artillery, TOT, B-26): the play
  is not logged as the side's action (``CardPlay.as_action`` false) and was played outside any
  action or during the other side's. Played inside its own side's action it is combined with it:
  CARD-ONE-ACTION-CARD's (CA-8), not reported again; a 105mm / 75mm played while a French *Artillery*
  / *TOT* of the action is unresolved is a counter-battery, not a fire.

Judged when the card's action closes (``Gate``: a card play, or an action closing in a turn with card
plays; ``finish`` for an action still open when the log ends), from the action's steps:

* target adjacency, with control at play time: Katyusha, Propaganda and 105mm / 75mm fire to an area
  next to a VM-controlled area; Artillery / TOT (either effect) next to a French-controlled one. The
  target is the play's logged target, else its ``Fire(card=…)``'s, else (trench removal) the area
  whose markers went; none → ``cannot-check``;
* Artillery / TOT trench removal (``mode == "remove-trenches"``, or no mode, no fire of the card and a
  trench lowered after it): the target keeps a trench at the close (part of the markers removed), or
  markers of another area removed. A play negated by a counter-battery is not judged on its effect;
* 105mm / 75mm counter-battery (``mode == "counter-battery"``, or no mode and not the action, after a
  French *Artillery* / *TOT* of the action): the negated card still had an effect — a French fire
  roll, a damage allocated by the Viet Minh, or a trench lowered after the negated play. Which card
  a counter-battery may negate (and *Mortar Support* under ``counterbattery_covers_mortar``, AMB-20)
  is CARD-NEGATION-TARGET's; a negated *Mortar Support*'s +3 is FIRE-ATTACK-TOTAL's;
* *Fighter Bombers*: two or more copies in one action with a copy's roll missing while a later copy
  rolled (resolved together, not one after another; CARD-MULTI-RESOLUTION leaves this card to this
  id); copies negated by *Poor Weather* are skipped. Played outside the French action is
  CARD-CLASS-D-OWN-ACTION's, its damage allocated by the Viet Minh DAMAGE-WHO-ALLOCATES' (DA-6);
* *Propaganda*: the target holds no Thai unit (``Unit.thai``, French units, at play time); the dice
  (the Viet Minh's rolls of purpose ``other`` after the play) ≠ one per Thai unit; the units removed
  (``Relocate(to=removed)``) ≠ the dice of 4–6; a non-Thai unit, or a unit outside the target,
  relocated; a Thai unit relocated elsewhere than out of the game. No dice logged → ``cannot-check``;
* *Counter Attack* (AMB-29: the action immediately before): no area went from French to VM control
  in the previous action (control before its first event and at its end; the previous action is
  ``GameState.previous_action``; nothing before it in the phase: illegal; not in the log:
  ``cannot-check``); the card's target (or its fire's) not such an area; a gather move
  (``Move(move_kind=gather)``) not into the lost area, from an area not adjacent to it, over more
  than one step, or with a unit whose MA is below the step's cost (``paths.step_cost`` at the
  moment of the move); a firing unit that did not gather, a gathered unit that does not fire; the
  fire not from inside the lost area or at another area; more than 9 participants; a participant
  not in the lost area at the close. No attack logged → ``cannot-check``.
  Judged elsewhere: a spent unit joining (SPENT-UNIT-ACTS), participants left fresh
  (ACT-FLIP-PARTICIPANTS), red areas and armour across a river (FR-RED-AREA, FR-ARMOR-RIVER judge
  gather moves), terrain counted (FIRE-TERRAIN-IGNORED: the fire is from inside the target), a fire
  marker placed (FIRE-MARKER: none for a Counter Attack, AMB-05, at the REC severity).

A Katyusha, Propaganda (or any remove-after-play card) put elsewhere than the removed pile is
CARD-REMOVED-AFTER-PLAY's (DA-7, CA-4), not these ids'.

Switches: ``art75_boost`` (AMB-17) only changes the firepower, FIRE-ATTACK-TOTAL's; a counter-battery's
target under ``counterbattery_covers_mortar`` (AMB-20) is CARD-NEGATION-TARGET's. Neither changes a
verdict here.

Not visible in the events: who chose a *Fighter Bombers* retreat destination; which die of a
*Propaganda* roll belonged to which Thai unit (only the counts are compared).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules.resolution import controller
from sdbp_module.games.sodbp.rules.sodbp_cards import (
    ART_75,
    ART_105,
    ARTILLERY,
    B26,
    COUNTER_ATTACK,
    FIGHTER_BOMBERS,
    KATYUSHA,
    TOT_ARTILLERY,
    card_name,
)
from sdbp_module.ids import AreaId, Severity, Side, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay.apply import CLOSING_EVENTS
from sdbp_module.replay.combat import closed_action
from sdbp_module.replay.events import (
    Assault,
    CardPlay,
    Damage,
    DiceRoll,
    Event,
    Fire,
    Move,
    MoveKind,
    Relocate,
    TrenchSet,
)
from sdbp_module.replay.location import LocationKind
from sdbp_module.replay.memo import remembers
from sdbp_module.replay.state import GameState
from sdbp_module.rules.area_impulse.movement import StateView
from sdbp_module.rules.area_impulse.paths import step_cost
from sdbp_module.rules.base import (
    CheckContext,
    FunctionRule,
    Rule,
    after_card_plays,
    rule,
)
from sdbp_module.rules.findings import Finding

FR = FRENCH
VM = VIET_MINH
PROPAGANDA = "Propaganda"
POOR_WEATHER = "Poor Weather"
MODE_FIRE = "fire"
MODE_REMOVE_TRENCHES = "remove-trenches"
MODE_COUNTER_BATTERY = "counter-battery"
FRENCH_ARTILLERY = (ARTILLERY, TOT_ARTILLERY)
VM_ARTILLERY = (ART_105, ART_75)
PROPAGANDA_HIT = 4  # a Thai unit is removed on 4, 5 or 6
COUNTER_ATTACK_MAX = 9  # REC: 9 units at most (the stacking limit)
_NONE: tuple[Finding, ...] = ()

Step = tuple[GameState, Event]
Steps = tuple[Step, ...]


# -- the closed action and its card plays ---------------------------------------------------------


@record
class Use:
    """One play of a card of this module in a closed action: the action's steps, the play's index, the close."""

    steps: Steps
    index: int
    end: GameState  # the state when the action closes (before the closing event), or the final one

    @property
    def state(self) -> GameState:
        return self.steps[self.index][0]

    @property
    def play(self) -> CardPlay:
        event = self.steps[self.index][1]
        assert isinstance(event, CardPlay)
        return event

    @property
    def later(self) -> Steps:
        return self.steps[self.index + 1 :]


@record
class _Closed:
    """A closed action that holds plays of this module's cards: its steps, its end state, and those plays."""

    steps: Steps
    end: GameState
    plays: tuple[tuple[int, str], ...]  # (index in steps, card name) of the plays of this module's cards

    def uses(self, names: tuple[str, ...]) -> Iterator[Use]:
        for index, name in self.plays:
            if name in names:
                yield Use(self.steps, index, self.end)


_CARDS = frozenset((KATYUSHA, PROPAGANDA, ART_105, ART_75, ARTILLERY, TOT_ARTILLERY, B26, FIGHTER_BOMBERS, COUNTER_ATTACK))


def _scan(steps: Steps, end: GameState, game: GameData) -> _Closed | None:
    plays = []
    for i, (_s, e) in enumerate(steps):
        if type(e) is CardPlay:
            name = card_name(game, e.card)
            if name in _CARDS:
                plays.append((i, name))
    return _Closed(steps, end, tuple(plays)) if plays else None


_last: tuple[GameState, GameState, _Closed | None] | None = None


def _closed(before: GameState, after: GameState, game: GameData) -> _Closed | None:
    """The action the step closes, if it holds a play of this module's cards (once per step for all rules)."""
    global _last
    last = _last
    if last is not None and last[0] is before and last[1] is after:
        return last[2]
    result = None
    if before.turn_plays and before.action_steps:
        steps = closed_action(before, after)
        if steps:
            result = _scan(steps, before, game)
    _last = (before, after, result)
    return result


@remembers
def _forget() -> None:
    global _last
    _last = None


def _holds(before: GameState, event: Event, after: GameState, ctx: CheckContext) -> bool:
    if type(event) is CardPlay:
        return True
    return bool(before.turn_plays) and bool(before.action_steps) and _closed(before, after, ctx.game) is not None


CARD_FIRE_STEP = after_card_plays("card-fire-step", _holds)
"""A card play, or the close of an action holding a play of one of this module's cards."""

_REFS = {
    "C-KATYUSHA": "card list: Katyusha Rockets",
    "C-105": "card list: 105mm Artillery (AMB-20)",
    "C-75": "card list: 75mm Artillery (AMB-17, AMB-20)",
    "C-ARTILLERY": "card list: Artillery, 9.1",
    "C-TOT": "card list: TOT Artillery, 9.1",
    "C-B26": "card list: B-26 Bombers",
    "C-FIGHTER-BOMBERS": "card list: Fighter Bombers (AMB-18)",
    "C-PROPAGANDA": "card list: Propaganda",
    "C-COUNTER-ATTACK": "card list: Counter Attack (AMB-29), 7.0",
}

PlayJudge = Callable[[FunctionRule, GameState, CardPlay, CheckContext], Iterable[Finding]]
UseJudge = Callable[[FunctionRule, Use, CheckContext], Iterable[Finding]]


def _card_rule(
    rule_id: str,
    summary: str,
    names: tuple[str, ...],
    *,
    at_play: PlayJudge | None = None,
    at_close: UseJudge | None = None,
) -> FunctionRule:
    """A rule about the cards ``names``: ``at_play`` at each play, ``at_close`` for each play when its action closes."""

    def check(self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext) -> list[Finding]:
        out: list[Finding] = []
        if at_play is not None and type(event) is CardPlay:
            assert isinstance(event, CardPlay)
            if card_name(ctx.game, event.card) in names:
                out.extend(at_play(self, before, event, ctx))
        if at_close is not None:
            closed = _closed(before, after, ctx.game)
            if closed is not None:
                for use in closed.uses(names):
                    out.extend(at_close(self, use, ctx))
        return out

    def finish(self: FunctionRule, final: GameState, ctx: CheckContext) -> list[Finding]:
        if at_close is None or not final.action_steps:
            return []
        closed = _scan(final.action_steps, final, ctx.game)
        return [] if closed is None else [f for use in closed.uses(names) for f in at_close(self, use, ctx)]

    ref = _REFS[rule_id]
    return rule(rule_id, ref, Severity.ILLEGAL, summary, finish=finish, events=CLOSING_EVENTS, gate=CARD_FIRE_STEP)(
        check
    )


# -- shared helpers -------------------------------------------------------------------------------


def _text(game: GameData, play: CardPlay) -> str:
    return f"{card_name(game, play.card)} ({play.card})"


def _fire_of(use: Use) -> Fire | None:
    """The card's own ``Fire`` (``card`` = the played card) later in the action."""
    card = use.play.card
    return next((e for _s, e in use.later if isinstance(e, Fire) and e.card == card), None)


def _negated(use: Use, game: GameData, by: tuple[str, ...]) -> CardPlay | None:
    """A later counter-battery play of the other side (a card of ``by`` not played as the action)."""
    side = use.play.side
    for _s, e in use.later:
        if isinstance(e, CardPlay) and e.side is side.enemy and card_name(game, e.card) in by:
            if e.mode == MODE_COUNTER_BATTERY or (e.mode is None and not e.as_action):
                return e
    return None


def _next_to(game: GameData, state: GameState, area: AreaId, side: Side) -> bool:
    return any(controller(state, game, n) is side for n in game.neighbours(area))


def _cannot(self: FunctionRule, use: Use, game: GameData, why: str) -> Finding:
    return self.finding(use.state, use.play, f"{_text(game, use.play)}: {why}.", severity=Severity.CANNOT_CHECK)


def _adjacency(
    self: FunctionRule, use: Use, ctx: CheckContext, target: AreaId | None, side: Side
) -> Iterator[Finding]:
    """The target must be next to an area ``side`` controls when the card is played."""
    game, play = ctx.game, use.play
    if target is None:
        yield _cannot(self, use, game, "no target area is logged, so its adjacency cannot be judged")
        return
    if not game.has_area(target):
        yield _cannot(self, use, game, f"area {target} is not in the game data")
        return
    if not _next_to(game, use.state, target, side):
        yield self.finding(
            use.state,
            play,
            f"{_text(game, play)} targets area {target}, which is not adjacent to any area the {side.label} "
            f"control when it is played.",
            areas=(target,),
        )


def _not_the_action(self: FunctionRule, before: GameState, play: CardPlay, ctx: CheckContext) -> Iterator[Finding]:
    """The card must be played as the side's action (logged ``as_action``): not outside any action, nor
    during the other side's. Played inside its own side's action, it is combined with what opened that
    action: CARD-ONE-ACTION-CARD's fault (CA-8), not reported again here."""
    if play.as_action:
        return
    clock = before.clock
    if clock.action_side is None:
        where = "outside any action"
    elif clock.action_side is play.side:
        return  # combined with its own side's action: CARD-ONE-ACTION-CARD
    else:
        where = f"during the {clock.action_side.label} action {clock.action}"
    yield self.finding(
        before,
        play,
        f"{_text(ctx.game, play)} is played {where}, not as the {play.side.label} player's action.",
        side=play.side,
    )


def _target(use: Use) -> AreaId | None:
    if use.play.targets:
        return use.play.targets[0]
    fire = _fire_of(use)
    return fire.target if fire is not None else None


def _lowered(use: Use) -> list[tuple[GameState, TrenchSet]]:
    return [(s, e) for s, e in use.later if isinstance(e, TrenchSet) and e.level < s.trench(e.area)]


# -- Katyusha Rockets -----------------------------------------------------------------------------


def _katyusha_close(self: FunctionRule, use: Use, ctx: CheckContext) -> Iterator[Finding]:
    yield from _adjacency(self, use, ctx, _target(use), VM)


c_katyusha = _card_rule(
    "C-KATYUSHA",
    "Katyusha Rockets: as the action, at an area adjacent to a VM-controlled area",
    (KATYUSHA,),
    at_play=_not_the_action,
    at_close=_katyusha_close,
)


# -- 105mm / 75mm Artillery -----------------------------------------------------------------------


def _is_counter_battery(before: GameState, play: CardPlay, game: GameData) -> bool:
    if play.mode is not None:
        return play.mode == MODE_COUNTER_BATTERY
    if play.as_action or before.clock.action_side is not play.side.enemy:
        return False
    return any(
        isinstance(e, CardPlay) and e.side is play.side.enemy and card_name(game, e.card) in FRENCH_ARTILLERY
        for _s, e in before.action_steps
    )


def _vm_art_play(self: FunctionRule, before: GameState, play: CardPlay, ctx: CheckContext) -> Iterator[Finding]:
    if not _is_counter_battery(before, play, ctx.game):
        yield from _not_the_action(self, before, play, ctx)


def _negated_effect(self: FunctionRule, use: Use, ctx: CheckContext) -> Iterator[Finding]:
    """A counter-battery: the French artillery card it negates must have no effect."""
    game, play = ctx.game, use.play
    art_index = next(
        (
            i
            for i in range(use.index - 1, -1, -1)
            if isinstance(e := use.steps[i][1], CardPlay)
            and e.side is play.side.enemy
            and card_name(game, e.card) in FRENCH_ARTILLERY
        ),
        None,
    )
    if art_index is None:
        return  # nothing it could negate: CARD-NEGATION-TARGET's
    art = use.steps[art_index][1]
    assert isinstance(art, CardPlay)
    effects: list[str] = []
    for s, e in use.steps[art_index + 1 :]:
        if isinstance(e, DiceRoll) and e.purpose == "fire" and e.side in (FR, None):
            effects.append(f"a French fire roll {'+'.join(str(v) for v in e.values)}")
        elif isinstance(e, Damage) and e.side is VM and e.outcomes:
            effects.append(f"damage to {', '.join(o.unit for o in e.outcomes)}")
        elif isinstance(e, TrenchSet) and e.level < s.trench(e.area):
            effects.append(f"the trench of area {e.area} lowered from {s.trench(e.area)} to {e.level}")
    if effects:
        yield self.finding(
            use.state,
            play,
            f"{_text(game, play)} negates {_text(game, art)} by counter-battery fire, yet the negated card "
            f"still has an effect: {'; '.join(effects)}.",
        )


def _vm_art_close(self: FunctionRule, use: Use, ctx: CheckContext) -> Iterator[Finding]:
    if _is_counter_battery(use.state, use.play, ctx.game):
        yield from _negated_effect(self, use, ctx)
    else:
        yield from _adjacency(self, use, ctx, _target(use), VM)


c_105 = _card_rule(
    "C-105",
    "105mm Artillery: fire as the action at an area adjacent to a VM-controlled area, or a counter-battery "
    "that leaves the negated card without effect",
    (ART_105,),
    at_play=_vm_art_play,
    at_close=_vm_art_close,
)
c_75 = _card_rule(
    "C-75",
    "75mm Artillery: fire as the action at an area adjacent to a VM-controlled area, or a counter-battery "
    "that leaves the negated card without effect",
    (ART_75,),
    at_play=_vm_art_play,
    at_close=_vm_art_close,
)


# -- Artillery / TOT Artillery --------------------------------------------------------------------


def _fr_art_close(self: FunctionRule, use: Use, ctx: CheckContext) -> Iterator[Finding]:
    game, play = ctx.game, use.play
    fire = _fire_of(use)
    lowered = _lowered(use)
    removing = play.mode == MODE_REMOVE_TRENCHES or (play.mode is None and fire is None and bool(lowered))
    negated = _negated(use, game, VM_ARTILLERY) is not None
    target = play.targets[0] if play.targets else (fire.target if fire is not None else None)
    if target is None and removing and lowered:
        target = lowered[0][1].area
    if target is None and negated:
        return  # negated before a target was shown: nothing to judge
    if target is None and play.mode is None and fire is None:
        yield _cannot(self, use, game, "neither a fire nor a removal of trench markers is logged, nor a target")
        return
    yield from _adjacency(self, use, ctx, target, FR)
    if not removing or negated or target is None:
        return
    before = use.state.trench(target)
    after = use.end.trench(target)
    if after > 0:
        what = "none of its markers" if after >= before else f"only part of its markers (level {before} → {after})"
        yield self.finding(
            use.state,
            play,
            f"{_text(game, play)} removes the trench markers of area {target}, but it removes {what}: "
            f"the card removes all of them.",
            areas=(target,),
            expected=0,
            actual=after,
        )
    for s, e in lowered:
        if e.area != target:
            yield self.finding(
                s,
                e,
                f"{_text(game, play)} removes the trench markers of area {target}, but those of area {e.area} "
                f"are lowered too ({s.trench(e.area)} → {e.level}): the card removes one area's markers.",
                areas=(e.area,),
                side=play.side,
            )


c_artillery = _card_rule(
    "C-ARTILLERY",
    "Artillery: as the action, fire at or remove all trench markers of an area adjacent to a French-controlled area",
    (ARTILLERY,),
    at_play=_not_the_action,
    at_close=_fr_art_close,
)
c_tot = _card_rule(
    "C-TOT",
    "TOT Artillery: as the action, fire at or remove all trench markers of an area adjacent to a French-controlled area",
    (TOT_ARTILLERY,),
    at_play=_not_the_action,
    at_close=_fr_art_close,
)


# -- B-26 Bombers ---------------------------------------------------------------------------------


c_b26 = _card_rule(
    "C-B26",
    "B-26 Bombers: played as the French action (any area may be targeted)",
    (B26,),
    at_play=_not_the_action,
)


# -- Fighter Bombers ------------------------------------------------------------------------------


def _segment(use: Use, game: GameData) -> Steps:
    """The card's resolution: from its play to the next copy's play or the next other declaration."""
    play = use.play
    name = card_name(game, play.card)
    out: list[Step] = []
    for s, e in use.later:
        if isinstance(e, CardPlay) and e.side is play.side and card_name(game, e.card) == name:
            break
        if isinstance(e, Assault) or (isinstance(e, Fire) and e.card != play.card):
            break
        out.append((s, e))
    return tuple(out)


def _fb_close(self: FunctionRule, use: Use, ctx: CheckContext) -> Iterator[Finding]:
    """The copies resolved one after another. Played in the French player's own action is
    CARD-CLASS-D-OWN-ACTION's, the firer allocating DAMAGE-WHO-ALLOCATES' (DA-6), FP 4
    FIRE-ATTACK-TOTAL's, the retreat destinations the RETREAT-* rules'."""
    yield from _fb_separately(self, use, ctx)


def _weathered(segment: Steps, play: CardPlay, game: GameData) -> bool:
    """A *Poor Weather* of the other side played during the copy's resolution negates it (CARD-NEGATION-TARGET)."""
    return any(
        isinstance(e, CardPlay) and e.side is play.side.enemy and card_name(game, e.card) == POOR_WEATHER
        for _s, e in segment
    )


def _rolled(segment: Steps, side: Side) -> bool:
    return any(isinstance(e, DiceRoll) and e.purpose == "fire" and e.side in (side, None) for _s, e in segment)


def _fb_separately(self: FunctionRule, use: Use, ctx: CheckContext) -> Iterator[Finding]:
    """Judged at the first copy of the action: each copy rolls before the next is played."""
    game = ctx.game
    copies = [
        Use(use.steps, i, use.end)
        for i, (_s, e) in enumerate(use.steps)
        if isinstance(e, CardPlay) and card_name(game, e.card) == FIGHTER_BOMBERS and e.side is use.play.side
    ]
    copies = [c for c in copies if not _weathered(_segment(c, game), c.play, game)]
    if len(copies) < 2 or copies[0].index != use.index:
        return
    rolled = [_rolled(_segment(c, game), c.play.side) for c in copies]
    if not any(rolled):
        yield _cannot(self, use, game, f"{len(copies)} copies are played in one action and no fire roll is logged, "
                      "so whether each was resolved separately cannot be told")
        return
    for k, c in enumerate(copies[:-1]):
        if not rolled[k] and any(rolled[k + 1 :]):
            yield self.finding(
                c.state,
                c.play,
                f"{_text(game, c.play)} has no roll of its own before the next copy is played: the copies of "
                f"Fighter Bombers are resolved separately, one after another.",
            )


c_fighter_bombers = _card_rule(
    "C-FIGHTER-BOMBERS",
    "Fighter Bombers: copies resolved one by one, each with its own roll",
    (FIGHTER_BOMBERS,),
    at_close=_fb_close,
)


# -- Propaganda -----------------------------------------------------------------------------------


def _propaganda_close(self: FunctionRule, use: Use, ctx: CheckContext) -> Iterator[Finding]:
    game, play = ctx.game, use.play
    target = play.targets[0] if play.targets else None
    yield from _adjacency(self, use, ctx, target, VM)
    if target is None or not game.has_area(target):
        return
    french = use.state.units_in(target, FR)
    unknown = [u for u in french if not game.has_unit(u)]
    if unknown:
        yield _cannot(self, use, game, f"units {', '.join(unknown)} are not in the game data (Thai or not)")
        return
    thai = tuple(u for u in french if "thai" in game.unit(u).marks)
    if not thai:
        yield self.finding(
            use.state, play, f"{_text(game, play)} targets area {target}, which holds no Thai unit.", areas=(target,)
        )
    yield from _propaganda_outcome(self, use, ctx, target, thai)


def _propaganda_outcome(
    self: FunctionRule, use: Use, ctx: CheckContext, target: AreaId, thai: tuple[UnitId, ...]
) -> Iterator[Finding]:
    game, play = ctx.game, use.play
    dice = [v for _s, e in use.later if isinstance(e, DiceRoll) and e.purpose == "other" and e.side in (VM, None) for v in e.values]
    removed: list[UnitId] = []
    for s, e in use.later:
        if not isinstance(e, Relocate):
            continue
        for u in e.units:
            unit = s.unit(u)
            if unit is None or unit.side is not FR:
                continue
            if u not in thai:
                where = s.area_of(u)
                yield self.finding(
                    s,
                    e,
                    f"{_text(game, play)} affects {u} (in area {where}), which is not a Thai unit in area {target}: "
                    f"only the Thai units there roll.",
                    units=(u,),
                    side=VM,
                )
            elif e.to.kind is not LocationKind.REMOVED:
                yield self.finding(
                    s, e, f"{_text(game, play)} puts Thai unit {u} in {e.to.kind.value}; it is removed from the game.",
                    units=(u,), side=VM,
                )
            else:
                removed.append(u)
    if not thai:
        return
    if not dice:
        yield _cannot(self, use, game, f"no roll is logged for the {len(thai)} Thai unit(s) of area {target}")
        return
    if len(dice) != len(thai):
        yield self.finding(
            use.state,
            play,
            f"{_text(game, play)} rolls {len(dice)} dice ({', '.join(map(str, dice))}) for {len(thai)} Thai unit(s) "
            f"in area {target} ({', '.join(thai)}): one die per Thai unit.",
            units=thai,
            expected=len(thai),
            actual=len(dice),
        )
        return
    hits = sum(1 for v in dice if v >= PROPAGANDA_HIT)
    if len(removed) != hits:
        how = "a unit removed on 1–3" if len(removed) > hits else "a unit kept on 4–6"
        yield self.finding(
            use.state,
            play,
            f"{_text(game, play)}: dice {', '.join(map(str, dice))} give {hits} removal(s) (4–6), but "
            f"{len(removed)} Thai unit(s) are removed ({how}).",
            units=tuple(removed) or thai,
            expected=hits,
            actual=len(removed),
        )


c_propaganda = _card_rule(
    "C-PROPAGANDA",
    "Propaganda: as the action, at an area adjacent to a VM-controlled area holding Thai units; one die per Thai "
    "unit, removed on 4–6",
    (PROPAGANDA,),
    at_play=_not_the_action,
    at_close=_propaganda_close,
)


# -- Counter Attack -------------------------------------------------------------------------------


def _lost_areas(use: Use, game: GameData) -> tuple[AreaId, ...] | None:
    """Areas that went from French to VM control in the previous action; None when the log does not hold it."""
    opening = use.steps[0][0]  # the state before the card's action opened: the end of the previous action
    previous = use.end.previous_action
    if not previous:
        return () if opening.clock.actions_in_phase == 0 else None
    start = previous[0][0]
    return tuple(
        a
        for a in sorted(area.id for area in game.areas)
        if controller(start, game, a) is FR and controller(opening, game, a) is VM
    )


@record
class _Gathering:
    """The gathering moves and the fires of the card's side after its play, each with the state before it."""

    moves: tuple[tuple[GameState, Move], ...]
    fires: tuple[tuple[GameState, Fire], ...]

    @property
    def gathered(self) -> tuple[UnitId, ...]:
        return tuple(dict.fromkeys(u for _s, m in self.moves for u in m.units))

    @property
    def firing(self) -> tuple[UnitId, ...]:
        return tuple(dict.fromkeys(u for _s, f in self.fires for u in f.units))


def _gathering(use: Use) -> _Gathering:
    side = use.play.side
    moves = tuple((s, e) for s, e in use.later if isinstance(e, Move) and e.side is side and e.move_kind is MoveKind.GATHER)
    fires = tuple((s, e) for s, e in use.later if isinstance(e, Fire) and e.side is side and e.units)
    return _Gathering(moves, fires)


def _counter_attack_close(self: FunctionRule, use: Use, ctx: CheckContext) -> Iterator[Finding]:
    game, play = ctx.game, use.play
    g = _gathering(use)
    lost = _lost_areas(use, game)
    target = play.targets[0] if play.targets else (g.fires[0][1].target if g.fires else None)
    if target is None and lost and len(lost) == 1:
        target = lost[0]
    if lost is None:
        yield _cannot(self, use, game, "the log does not hold the previous action, so the area lost in it is not known")
    elif not lost:
        yield self.finding(
            use.state,
            play,
            f"{_text(game, play)} is played, but no area changed from French to Viet Minh control in the action "
            f"immediately before it (AMB-29).",
            areas=(target,) if target is not None else (),
        )
    elif target is not None and target not in lost:
        yield self.finding(
            use.state,
            play,
            f"{_text(game, play)} counter-attacks area {target}, which was not lost in the previous action "
            f"(lost: {', '.join(map(str, lost))}).",
            areas=(target,),
        )
    if target is None:
        yield _cannot(self, use, game, "neither a target nor an attack is logged, so the lost area it retakes is not known")
        return
    if not game.has_area(target):
        yield _cannot(self, use, game, f"area {target} is not in the game data")
        return
    for s, m in g.moves:
        yield from _gather_move(self, s, m, target, ctx)
    yield from _counter_fire(self, use, g, target, ctx)


def _gather_move(self: FunctionRule, s: GameState, m: Move, target: AreaId, ctx: CheckContext) -> Iterator[Finding]:
    game = ctx.game
    steps = m.steps
    if m.to_area != target:
        yield self.finding(s, m, f"Counter Attack units {', '.join(m.units)} gather into area {m.to_area}, not the "
                           f"lost area {target}.", units=m.units, areas=(m.to_area, target))
        return
    if steps is not None and len(steps) > 1:
        yield self.finding(s, m, f"Counter Attack units {', '.join(m.units)} move {len(steps)} steps "
                           f"({' → '.join(map(str, (m.from_area, *steps)))}); they enter the lost area {target} "
                           f"from an adjacent area.", units=m.units, areas=(m.from_area, target))
        return
    if not game.has_area(m.from_area) or not game.is_adjacent(m.from_area, target):
        yield self.finding(s, m, f"Counter Attack units {', '.join(m.units)} come from area {m.from_area}, which is "
                           f"not adjacent to the lost area {target}.", units=m.units, areas=(m.from_area, target))
        return
    unknown = [u for u in m.units if not game.has_unit(u)]
    if unknown:
        yield self.finding(s, m, f"Counter Attack: the movement allowance of {', '.join(unknown)} is not in the game "
                           "data.", severity=Severity.CANNOT_CHECK, units=tuple(unknown))
        return
    cost = step_cost(game, FR, m.from_area, target, StateView(s, game)).total
    short = tuple(u for u in m.units if game.unit(u).movement < cost)
    if short:
        mas = ", ".join(f"{u} MA {game.unit(u).movement}" for u in short)
        yield self.finding(s, m, f"Counter Attack: entering the lost area {target} from area {m.from_area} costs "
                           f"{cost} MP, more than {mas} has.", units=short, areas=(m.from_area, target),
                           expected=cost)


def _counter_fire(self: FunctionRule, use: Use, g: _Gathering, target: AreaId, ctx: CheckContext) -> Iterator[Finding]:
    game, play = ctx.game, use.play
    if not g.fires:
        yield _cannot(self, use, game, f"no attack of the gathered units on area {target} is logged")
        return
    for s, f in g.fires:
        if f.target != target or (f.from_area is not None and f.from_area != target):
            yield self.finding(s, f, f"Counter Attack units fire from area {f.from_area} at area {f.target}; they "
                               f"attack the lost area {target} from inside it.", units=f.units,
                               areas=(target,), side=play.side)
    gathered, firing = set(g.gathered), g.firing
    strays = tuple(u for u in firing if u not in gathered)
    if strays:
        yield self.finding(g.fires[0][0], g.fires[0][1], f"Counter Attack: {', '.join(strays)} fire without "
                           f"having gathered from an area adjacent to the lost area {target}.", units=strays,
                           side=play.side)
    idle = tuple(u for u in g.gathered if u not in set(firing))
    if idle:
        yield self.finding(g.fires[0][0], g.fires[0][1], f"Counter Attack: {', '.join(idle)} gathered into area "
                           f"{target} but do not attack; all the gathered units attack.", units=idle, side=play.side)
    everyone = tuple(dict.fromkeys((*g.gathered, *firing)))
    if len(everyone) > COUNTER_ATTACK_MAX:
        yield self.finding(use.state, play, f"{_text(game, play)} gathers {len(everyone)} units; at most "
                           f"{COUNTER_ATTACK_MAX} take part.", units=everyone, expected=COUNTER_ATTACK_MAX,
                           actual=len(everyone))
    away = tuple(u for u in everyone if use.end.area_of(u) != target and use.end.unit(u) is not None
                 and use.end.units[u].location.kind is LocationKind.AREA)
    if away:
        yield self.finding(use.state, play, f"{_text(game, play)}: {', '.join(away)} are not in area {target} when "
                           f"the action ends; the units remain in the area they counter-attacked.", units=away,
                           areas=(target,))


c_counter_attack = _card_rule(
    "C-COUNTER-ATTACK",
    "Counter Attack: after losing an area in the previous action, units of adjacent areas with the MP enter it "
    "and attack together, and remain there",
    (COUNTER_ATTACK,),
    at_close=_counter_attack_close,
)


RULES: tuple[Rule, ...] = (
    c_katyusha,
    c_105,
    c_75,
    c_artillery,
    c_tot,
    c_b26,
    c_fighter_bombers,
    c_propaganda,
    c_counter_attack,
)
