"""Assault (rule 10.0 with 13.0, 9.1 and the cards that intervene; catalogue §3.11).

Rule ids: ASSAULT-VM-ONLY, ASSAULT-ENTRENCH-3, ASSAULT-ORIGIN-NOT-VM, ASSAULT-TARGET,
ASSAULT-SIZE-LIMIT, ASSAULT-FRESH-ONE-AREA, ASSAULT-NO-TERRAIN, ASSAULT-ADVANCE, ASSAULT-LOSS,
ASSAULT-GIAP-REROLL-LIMIT, ASSAULT-CAPTURE-ORDER, ASSAULT-ORIGIN-CONTROL, ASSAULT-NO-FIRE-MARKER,
ASSAULT-ABORT, ASSAULT-ACROSS-RIVER-OK.

An assault is one :class:`~sdbp_module.replay.combat.Attack` of kind ``ASSAULT`` (the ``Assault``
declaration, the card plays logged since its action opened, every later event of the action).

* **At the declaration** (the ``Assault`` event; a stack logged unit by unit is one attack, judged
  once, each unit as it is added): ASSAULT-VM-ONLY, ASSAULT-ORIGIN-NOT-VM, ASSAULT-TARGET,
  ASSAULT-SIZE-LIMIT, ASSAULT-FRESH-ONE-AREA, ASSAULT-NO-TERRAIN (the defense the event logs),
  ASSAULT-ACROSS-RIVER-OK.
* **On the fire-marker event**: ASSAULT-NO-FIRE-MARKER, while an assault's action lasts.
* **When the assault closes** (the next action, a phase line, the game end; ``finish`` for one still
  open when the log ends), once per assault: ASSAULT-ENTRENCH-3 (a *Surprise Assault* may be logged
  after the assault line), ASSAULT-ADVANCE, ASSAULT-LOSS, ASSAULT-GIAP-REROLL-LIMIT,
  ASSAULT-CAPTURE-ORDER, ASSAULT-ORIGIN-CONTROL, ASSAULT-ABORT, from one shared reading of its
  events (:func:`facts`):

* the VM's attack rolls (purpose ``assault``, or ``fire`` in older logs); the ones after the first
  that follow a *Giap Demands Success* play are its re-rolls;
* *Mines* / *Débouchez à Zéro!* (the French card plays, and a French ``Fire(card=Débouchez)`` at the
  origin): the assault resumes at the first later VM attack roll, French damage in the target, VM
  move into the target or assault casualty; the assaulters still fresh in the origin just before
  that are the ones who go on. None left → the assault aborted (no fire, no advance, no casualty);
* the participants: the assaulters fresh in the origin at the first roll (``resolution``'s
  ``assaulters_at_roll``); without a roll, at the point above (or at the declaration);
* after the fire: the state after the last French ``Damage`` in the target (no such damage: before
  the first advance, or at the close); no French unit there → the target is cleared;
* the advance: a ``Move`` of kind ``advance``, or a plain ``Move`` of the VM into the target that the
  log numbers into the same action;
* the casualties: assaulting units sent to ``eliminated`` by a ``Relocate`` (at any point), or
  eliminated by a VM ``Damage`` after the assault fire (the first VM damage after a *Débouchez*
  fire is that card's, not the assault's price).

Severities: as the catalogue gives them; ASSAULT-TARGET's "no French unit in the target" (AMB-26),
ASSAULT-NO-FIRE-MARKER (AMB-05, switch ``fire_marker_on_assault``) and a second *Giap* in one
assault (AMB-33) are REC readings: suspicious, illegal under ``strict_mode``. A fact neither the log
nor the data gives (the turn number, an area or unit the data does not know) → ``cannot-check``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules import resolution as res
from sdbp_module.games.sodbp.rules.sodbp_cards import (
    DEBOUCHEZ,
    GIAP,
    MINES,
    SURPRISE_ASSAULT,
    card_name,
)
from sdbp_module.ids import AreaId, Severity, Side, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay.combat import Attack
from sdbp_module.replay.events import (
    Assault,
    CardPlay,
    Damage,
    DamageResult,
    DiceRoll,
    Event,
    Fire,
    FireMarkerSet,
    Move,
    MoveKind,
    Relocate,
)
from sdbp_module.replay.location import LocationKind
from sdbp_module.replay.memo import remembers
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import CheckContext, FunctionRule, attack_rule, rule
from sdbp_module.rules.findings import Finding

VM = VIET_MINH
FR = FRENCH
ATTACK_PURPOSES = res.ATTACK_PURPOSES  # "assault" in new logs, "fire" in old ones
_ADVANCE_KINDS = (MoveKind.ADVANCE, MoveKind.MOVE)


# -- one reading of an assault, shared by the rules ----------------------------------------------


@record
class AssaultFacts:
    """What the events of one assault show, with the step index (into ``attack.steps``) of each.

    Index -1 stands for a card play logged before the declaration (``attack.prior``)."""

    attack: Attack
    origin: AreaId
    close: GameState  # the state when the assault's action ends
    rolls: tuple[tuple[int, DiceRoll], ...]  # the VM's attack rolls, in order
    giap: tuple[tuple[int, CardPlay], ...]  # the VM's Giap Demands Success plays
    rerolls: tuple[tuple[int, DiceRoll], ...]  # rolls after the first that a Giap play precedes
    unbacked: tuple[tuple[int, DiceRoll], ...]  # rolls after the first with no Giap play before them
    interference: tuple[str, ...]  # "Mines" / "Débouchez à Zéro!" played against the assault before its roll
    resume: int  # index where the assault resumes after Mines / Débouchez (len(steps): never)
    aborted: bool  # Mines / Débouchez left no fresh assaulter
    participants: tuple[UnitId, ...]  # the assaulters who take part in the assault fire
    french_damage: tuple[int, ...]  # indices of the French damage in the target
    post_fire: GameState  # the state after the assault fire
    french_left: tuple[UnitId, ...]  # French units in the target after the fire
    advances: tuple[tuple[int, Move], ...]
    casualties: tuple[tuple[int, UnitId], ...]  # assaulting units eliminated (index, unit)

    @property
    def cleared(self) -> bool:
        return not self.french_left

    def state_at(self, index: int) -> GameState:
        """The state just before step ``index`` (the declaration's for a prior card play)."""
        steps = self.attack.steps
        if index < 0:
            return self.attack.before
        return steps[index][0] if index < len(steps) else self.close

    def event_at(self, index: int) -> Event:
        return self.attack.steps[index][1]


_CACHE: dict[int, tuple[Attack, GameData, AssaultFacts]] = {}


def facts(attack: Attack, game: GameData) -> AssaultFacts:
    """The shared reading of ``attack`` (computed once per assault: every rule judges it at close)."""
    hit = _CACHE.get(id(attack))
    if hit is not None and hit[0] is attack and hit[1] is game:
        return hit[2]
    result = _read(attack, game)
    if len(_CACHE) >= 16:
        _CACHE.clear()
    _CACHE[id(attack)] = (attack, game, result)
    return result


remembers(_CACHE.clear)


def _read(attack: Attack, game: GameData) -> AssaultFacts:
    side, defender, target = attack.side, attack.defender, attack.target
    origin = attack.origin if attack.origin is not None else target
    steps = attack.steps
    units = frozenset(attack.units)
    close = attack.after
    rolls: list[tuple[int, DiceRoll]] = []
    giap: list[tuple[int, CardPlay]] = []
    interference: list[tuple[int, str]] = []
    french_damage: list[int] = []
    advances: list[tuple[int, Move]] = []
    casualties: list[tuple[int, UnitId]] = []
    gone: set[UnitId] = set()
    for c in attack.prior:
        name = card_name(game, c.card)
        if c.side is side and name == GIAP:
            giap.append((-1, c))
        elif c.side is defender and name in (MINES, DEBOUCHEZ):
            interference.append((-1, name))
    debouchez_damage_due = False
    for i, (state, event) in enumerate(steps):
        if isinstance(event, DiceRoll):
            if event.purpose in ATTACK_PURPOSES and event.side in (None, side):
                rolls.append((i, event))
        elif isinstance(event, CardPlay) and attack.holds(event):
            name = card_name(game, event.card)
            if event.side is side and name == GIAP:
                giap.append((i, event))
            elif event.side is defender and name in (MINES, DEBOUCHEZ):
                interference.append((i, name))
        elif isinstance(event, Fire):
            if event.side is defender and not event.units and event.target == origin and card_name(game, event.card) == DEBOUCHEZ:
                interference.append((i, DEBOUCHEZ))
                debouchez_damage_due = True
        elif isinstance(event, Damage):
            if event.side is defender and event.target in (None, target):
                french_damage.append(i)
            elif event.side is side:
                if debouchez_damage_due:
                    debouchez_damage_due = False  # the Débouchez fire's damage, not the assault's price
                elif rolls or french_damage:
                    for o in event.outcomes:
                        if o.result is DamageResult.ELIMINATE and o.unit in units and o.unit not in gone and state.area_of(o.unit) is not None:
                            casualties.append((i, o.unit))
                            gone.add(o.unit)
        elif isinstance(event, Relocate):
            if event.to.kind is LocationKind.ELIMINATED:
                for u in event.units:
                    if u in units and u not in gone and state.area_of(u) is not None:
                        casualties.append((i, u))
                        gone.add(u)
        elif isinstance(event, Move):
            if event.side is side and (
                event.move_kind is MoveKind.ADVANCE or (event.move_kind in _ADVANCE_KINDS and event.to_area == target)
            ):
                advances.append((i, event))

    first_roll = rolls[0][0] if rolls else None
    giap_at = [i for i, _ in giap]
    rerolls = tuple((i, r) for i, r in rolls[1:] if any(g < i for g in giap_at))
    unbacked = tuple((i, r) for i, r in rolls[1:] if not any(g < i for g in giap_at))

    def fresh_at(state: GameState) -> tuple[UnitId, ...]:
        return tuple(
            u for u in attack.units if (s := state.unit(u)) is not None and s.location.area == origin and not s.spent
        )

    def state_before(index: int) -> GameState:
        return steps[index][0] if 0 <= index < len(steps) else close

    if first_roll is not None:  # played after the assault fire, the cards cannot stop it (C-DEBOUCHEZ / C-MINES)
        interference = [(i, name) for i, name in interference if i < first_roll]
    resume = len(steps)
    aborted = False
    if interference:
        start = max(i for i, _ in interference) + 1
        for j in range(start, len(steps)):
            if _resumes(steps[j][1], steps[j][0], side, defender, target, units):
                resume = j
                break
        aborted = not fresh_at(state_before(resume))
    if first_roll is not None:
        participants = fresh_at(steps[first_roll][0])
    elif interference:
        participants = fresh_at(state_before(resume))
    else:
        participants = fresh_at(attack.before)
    if french_damage:
        post_fire = state_before(french_damage[-1] + 1)
    elif advances:
        post_fire = state_before(advances[0][0])
    else:
        post_fire = close
    return AssaultFacts(
        attack=attack,
        origin=origin,
        close=close,
        rolls=tuple(rolls),
        giap=tuple(giap),
        rerolls=rerolls,
        unbacked=unbacked,
        interference=tuple(dict.fromkeys(name for _, name in interference)),
        resume=resume,
        aborted=aborted,
        participants=participants,
        french_damage=tuple(french_damage),
        post_fire=post_fire,
        french_left=post_fire.units_in(target, defender),
        advances=tuple(advances),
        casualties=tuple(casualties),
    )


def _resumes(event: Event, state: GameState, side: Side, defender: Side, target: AreaId, units: frozenset[UnitId]) -> bool:
    """True for an event that belongs to the assault proper (after Mines / Débouchez are resolved)."""
    if isinstance(event, DiceRoll):
        return event.purpose in ATTACK_PURPOSES and event.side in (None, side)
    if isinstance(event, Damage):
        return event.side is defender and event.target in (None, target)
    if isinstance(event, Move):
        return event.side is side and event.move_kind in _ADVANCE_KINDS and event.to_area == target
    if isinstance(event, Relocate):
        return event.to.kind is LocationKind.ELIMINATED and any(u in units and state.area_of(u) is not None for u in event.units)
    return False


# -- judging at close ------------------------------------------------------------------------------

Judge = Callable[[FunctionRule, Attack, CheckContext], Iterator[Finding]]


def at_close(rule_id: str, ref: str, severity: Severity, summary: str) -> Callable[[Judge], FunctionRule]:
    """A rule that judges each assault once, when its action closes (or at the end of the log)."""
    return attack_rule(rule_id, ref, severity, summary, only=lambda attack: attack.is_assault)


def _units_text(units: Iterable[UnitId]) -> str:
    return ", ".join(units) or "none"


def _cannot(self: FunctionRule, attack: Attack, what: str) -> Finding:
    return self.finding(
        attack.before,
        attack.first,
        f"Cannot check {self.rule_id}: {what}.",
        severity=Severity.CANNOT_CHECK,
        units=attack.units,
        areas=tuple(a for a in (attack.origin, attack.target) if a is not None),
    )


def _areas(attack: Attack) -> tuple[AreaId, ...]:
    return tuple(a for a in (attack.origin, attack.target) if a is not None)


# -- declaration ---------------------------------------------------------------------------------


@record
class Declared:
    """An ``Assault`` event as the replay took it: the attack it opened or extended (a stack logged
    unit by unit is one attack) and the units it added."""

    attack: Attack
    event: Assault
    before: GameState  # the state just before this event
    added: tuple[UnitId, ...]  # the units this event adds to the attack
    earlier: int  # units the attack had before this event (0 for its first declaration)

    @property
    def opens(self) -> bool:
        return self.earlier == 0


DeclJudge = Callable[[FunctionRule, Declared, CheckContext], Iterator[Finding]]


def _declared(before: GameState, event: Assault, after: GameState) -> Declared | None:
    for attack in reversed(after.attacks):
        if attack.declaration is not event:
            continue
        if attack.first is event:
            return Declared(attack, event, before, attack.units, 0)
        prev = next((a for a in before.attacks if a.number == attack.number), None)
        had = prev.units if prev is not None else ()
        return Declared(attack, event, before, tuple(u for u in attack.units if u not in had), len(had))
    return None


def at_declaration(rule_id: str, ref: str, severity: Severity, summary: str) -> Callable[[DeclJudge], FunctionRule]:
    """A rule that judges each ``Assault`` declaration (those adding units to an open one as well)."""

    def wrap(judge: DeclJudge) -> FunctionRule:
        def check(
            self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
        ) -> Iterable[Finding]:
            if not isinstance(event, Assault):
                return ()
            decl = _declared(before, event, after)
            return () if decl is None else list(judge(self, decl, ctx))

        check.__doc__ = judge.__doc__
        return rule(rule_id, ref, severity, summary, events=(Assault,))(check)

    return wrap


def _route(attack: Attack) -> str:
    return f"{attack.origin} → {attack.target}"


def _decl_cannot(self: FunctionRule, d: Declared, what: str) -> Finding:
    return self.finding(
        d.before,
        d.event,
        f"Cannot check {self.rule_id}: {what}.",
        severity=Severity.CANNOT_CHECK,
        units=d.added,
        areas=_areas(d.attack),
    )


@at_declaration("ASSAULT-VM-ONLY", "10.0", Severity.ILLEGAL, "only the Viet Minh assaults")
def assault_vm_only(self: FunctionRule, d: Declared, ctx: CheckContext) -> Iterator[Finding]:
    """10.0: only the VM assaults."""
    attack = d.attack
    if attack.side is not VM and d.opens:
        yield self.finding(
            d.before,
            d.event,
            f"The {attack.side.label} assault {_route(attack)} with {len(attack.units)} units; "
            f"only the Viet Minh assaults (10.0).",
            units=attack.units,
            areas=_areas(attack),
        )


@at_declaration(
    "ASSAULT-ORIGIN-NOT-VM",
    "10.0 (AMB-21)",
    Severity.INFO,
    "an assault from an area the Viet Minh does not control (turn 1 or Surprise Assault)",
)
def assault_origin_not_vm(self: FunctionRule, d: Declared, ctx: CheckContext) -> Iterator[Finding]:
    """AMB-21: not forbidden, reported."""
    origin = d.event.from_area
    if d.attack.side is not VM or not d.opens:
        return
    if not ctx.game.has_area(origin):
        yield _decl_cannot(self, d, f"the control of area {origin} (not in the game data)")
        return
    ctrl = res.controller(d.before, ctx.game, origin)
    if ctrl is not VM:
        yield self.finding(
            d.before,
            d.event,
            f"The assault comes from area {origin}, which is {ctrl.label}-controlled; possible only on "
            f"turn 1 or with Surprise Assault (AMB-21).",
            units=d.attack.units,
            areas=(origin,),
        )


@at_declaration(
    "ASSAULT-TARGET",
    "10.0 (AMB-26)",
    Severity.ILLEGAL,
    "the target is adjacent to the origin, French-controlled and (REC) holds French units",
)
def assault_target(self: FunctionRule, d: Declared, ctx: CheckContext) -> Iterator[Finding]:
    """10.0: an adjacent French-controlled area; AMB-26 REC: holding French units."""
    origin, target, game, state = d.event.from_area, d.event.target, ctx.game, d.before
    if d.attack.side is not VM or not d.opens:
        return
    unknown = [a for a in (origin, target) if not game.has_area(a)]
    if unknown:
        yield _decl_cannot(self, d, f"area {', '.join(str(a) for a in unknown)} (not in the game data)")
        return
    units = d.attack.units
    if not game.is_adjacent(origin, target):
        yield self.finding(
            state,
            d.event,
            f"The assault targets area {target}, which is not adjacent to its origin {origin} (10.0).",
            units=units,
            areas=(origin, target),
        )
    ctrl = res.controller(state, game, target)
    if ctrl is not FR:
        yield self.finding(
            state,
            d.event,
            f"The assault targets area {target}, which is {ctrl.label}-controlled; an assault needs a "
            f"French-controlled area (10.0).",
            units=units,
            areas=(target,),
            expected=FR.value,
            actual=ctrl.value,
        )
    if state.count(target, FR) == 0:
        yield self.finding(
            state,
            d.event,
            f"Area {target} holds no French unit when it is assaulted; under the recommended reading "
            f"(AMB-26) an assault needs French units in the target (otherwise it is a move).",
            severity=ctx.rules.rec_severity(),
            units=units,
            areas=(target,),
        )


@at_declaration(
    "ASSAULT-SIZE-LIMIT",
    "10.0",
    Severity.ILLEGAL,
    "no more assaulting units than the stacking room in the target",
)
def assault_size_limit(self: FunctionRule, d: Declared, ctx: CheckContext) -> Iterator[Finding]:
    """10.0: assaulting units ≤ stacking limit − VM units already in the target, at the declaration
    (a stack declared unit by unit: once, by the declaration that goes over)."""
    attack = d.attack
    if attack.side is not VM:
        return
    limit = ctx.game.game.stacking_limit
    there = attack.before.count(attack.target, VM)
    room = max(0, limit - there)
    n = len(attack.units)
    if n > room >= d.earlier:
        yield self.finding(
            d.before,
            d.event,
            f"{n} Viet Minh units assault area {attack.target}, which already holds {there} Viet Minh "
            f"units; at most {limit} − {there} = {room} may assault (10.0).",
            units=attack.units,
            areas=(attack.target,),
            expected=room,
            actual=n,
        )


@at_declaration(
    "ASSAULT-FRESH-ONE-AREA",
    "10.0, 6.1",
    Severity.ILLEGAL,
    "the assaulting units are all fresh and all from the origin area",
)
def assault_fresh_one_area(self: FunctionRule, d: Declared, ctx: CheckContext) -> Iterator[Finding]:
    """10.0, 6.1: the fresh units of one area assault (each unit as it is declared)."""
    attack, state, origin = d.attack, d.before, d.event.from_area
    if attack.side is not VM:
        return
    unknown = [u for u in d.added if state.unit(u) is None]
    if unknown:
        yield _decl_cannot(self, d, f"where {_units_text(unknown)} stood (not in the replayed position)")
    spent = [u for u in d.added if (s := state.unit(u)) is not None and s.spent]
    elsewhere = [(u, s.location) for u in d.added if (s := state.unit(u)) is not None and s.location.area != origin]
    if spent:
        yield self.finding(
            state,
            d.event,
            f"{_units_text(spent)} {'was' if len(spent) == 1 else 'were'} spent when {'it' if len(spent) == 1 else 'they'} "
            f"assaulted; only fresh units assault (10.0, 6.1).",
            units=spent,
            areas=_areas(attack),
        )
    if elsewhere:
        where = "; ".join(f"{u} in {loc}" for u, loc in elsewhere)
        yield self.finding(
            state,
            d.event,
            f"Not every assaulting unit is in the origin area {origin}: {where}; an assault is made "
            f"by the units of one area (10.0, 6.1).",
            units=tuple(u for u, _ in elsewhere),
            areas=_areas(attack),
        )


@at_declaration(
    "ASSAULT-NO-TERRAIN",
    "8.3.2, 10.0",
    Severity.ILLEGAL,
    "an assault's defense has no terrain or trench value",
)
def assault_no_terrain(self: FunctionRule, d: Declared, ctx: CheckContext) -> Iterator[Finding]:
    """8.3.2 (iv), 10.0: a logged defense that includes the target's terrain or trench value."""
    attack = d.attack
    logged = d.event.defense
    if attack.side is not VM or logged is None:
        return  # no logged defense: nothing to contradict (the computed one has no terrain)
    game = ctx.game
    if not game.has_area(attack.target):
        yield _decl_cannot(self, d, f"area {attack.target} (not in the game data)")
        return
    computed = res.defense_total(attack, game, ctx.rules)
    if isinstance(computed, res.Missing):
        yield _decl_cannot(self, d, computed.text)
        return
    printed = game.area(attack.target).defense
    level = attack.before.trench(attack.target)
    t = res.terrain(game, attack.before, attack.target)
    readings = {level: f"the trench level {level}", printed: f"the printed value {printed}"}
    readings[t] = f"terrain {t}" + (f" (printed {printed} + trench {level}, cap 3)" if level else "")
    extra = logged - computed.value
    if extra > 0 and extra in readings:
        yield self.finding(
            d.before,
            d.event,
            f"The logged defense {logged} includes {readings[extra]} of area {attack.target}; an assault's "
            f"defense is the highest French DEF alone, {computed.parts[0]} (8.3.2, 10.0).",
            units=attack.units,
            areas=(attack.target,),
            expected=computed.value,
            actual=logged,
        )


@at_declaration(
    "ASSAULT-ACROSS-RIVER-OK",
    "10.0",
    Severity.INFO,
    "an assault across a river is legal; MP are not considered",
)
def assault_across_river_ok(self: FunctionRule, d: Declared, ctx: CheckContext) -> Iterator[Finding]:
    """10.0: guard against false movement findings; said once per assault across a river."""
    attack = d.attack
    if attack.side is not VM or not d.opens:
        return
    border = ctx.game.border(d.event.from_area, d.event.target)
    if border is None or not border.river:
        return
    crossing = "by a bridge" if border.bridge else "with no bridge"
    yield self.finding(
        d.before,
        d.event,
        f"The assault {_route(attack)} crosses the river ({crossing}): legal, an assault ignores MP (10.0).",
        units=attack.units,
        areas=_areas(attack),
    )


@at_close(
    "ASSAULT-ENTRENCH-3",
    "10.0",
    Severity.ILLEGAL,
    "from turn 2 the assault's origin needs trench level 3, unless Surprise Assault is the action's card",
)
def assault_entrench_3(self: FunctionRule, attack: Attack, ctx: CheckContext) -> Iterator[Finding]:
    """10.0: origin trench level 3, except on turn 1 or with *Surprise Assault* played in the action."""
    if attack.side is not VM or attack.origin is None:
        return
    level = attack.before.trench(attack.origin)
    if level >= 3:
        return
    if res.cards_named(attack, ctx.game, SURPRISE_ASSAULT, VM):
        return
    turn = attack.before.clock.turn
    if turn <= 0:
        yield _cannot(self, attack, f"the turn number (area {attack.origin} has trench level {level} and no Surprise Assault was played)")
        return
    if turn == 1:
        return
    yield self.finding(
        attack.before,
        attack.first,
        f"Assault {_route(attack)} on turn {turn} from trench level {level} without Surprise Assault; "
        f"the origin needs trench level 3 except on turn 1 (10.0).",
        units=attack.units,
        areas=(attack.origin,),
        expected=3,
        actual=level,
    )


# -- resolution -----------------------------------------------------------------------------------


@at_close(
    "ASSAULT-ADVANCE",
    "10.0",
    Severity.ILLEGAL,
    "all remaining assaulters enter a cleared target, none otherwise; then all are spent",
)
def assault_advance(self: FunctionRule, attack: Attack, ctx: CheckContext) -> Iterator[Finding]:
    """10.0: the advance into a cleared target (all remaining assaulters), none into a held one; all spent."""
    if attack.side is not VM:
        return
    f = facts(attack, ctx.game)
    if f.aborted or not f.participants:
        return
    target = attack.target
    taking_part = set(f.participants)
    moved: list[UnitId] = []
    for i, move in f.advances:
        state = f.state_at(i)
        if move.to_area != target:
            yield self.finding(
                state,
                move,
                f"{_units_text(move.units)} advance to area {move.to_area}; an assault's advance goes into "
                f"the assaulted area {target} (10.0).",
                units=move.units,
                areas=(move.to_area, target),
                expected=target,
                actual=move.to_area,
            )
            continue
        if not f.cleared:
            yield self.finding(
                state,
                move,
                f"{_units_text(move.units)} advance into area {target} although French units remain there "
                f"after the assault fire ({_units_text(f.french_left)}); the assaulters stay in {f.origin} (10.0).",
                units=move.units,
                areas=(target,),
            )
            continue
        outsiders = [u for u in move.units if u not in taking_part]
        if outsiders:
            yield self.finding(
                state,
                move,
                f"{_units_text(outsiders)} advance into area {target} but did not take part in the assault "
                f"(the assaulters were {_units_text(f.participants)}) (10.0).",
                units=outsiders,
                areas=(target,),
            )
        moved.extend(move.units)
    if f.cleared:
        first = f.advances[0][0] if f.advances else None
        at = f.state_at(first) if first is not None else f.close
        remaining = [u for u in f.participants if at.area_of(u) == f.origin]
        missing = [u for u in remaining if u not in moved]
        if missing and first is not None and moved:
            yield self.finding(
                f.state_at(first),
                f.event_at(first),
                f"Partial advance: {_units_text(missing)} {'stays' if len(missing) == 1 else 'stay'} in area "
                f"{f.origin} while the other assaulters enter the cleared area {target}; all remaining "
                f"assaulters move in (10.0).",
                units=missing,
                areas=(f.origin, target),
            )
        elif missing:
            yield self.finding(
                attack.before,
                attack.first,
                f"The assault cleared area {target} of French units, but the remaining assaulters "
                f"({_units_text(missing)}) do not move into it (10.0).",
                units=missing,
                areas=(f.origin, target),
            )
    fresh = [u for u in f.participants if (s := f.close.unit(u)) is not None and s.location.is_on_map and not s.spent]
    if fresh:
        yield self.finding(
            attack.before,
            attack.first,
            f"{_units_text(fresh)} {'is' if len(fresh) == 1 else 'are'} still fresh when the assault {_route(attack)} "
            f"ends; all assaulting units flip to spent (10.0).",
            units=fresh,
            areas=_areas(attack),
        )


@at_close(
    "ASSAULT-LOSS",
    "10.0, Giap",
    Severity.ILLEGAL,
    "exactly 1 + (Giap re-rolls) assaulting units are eliminated; none when the assault aborted",
)
def assault_loss(self: FunctionRule, attack: Attack, ctx: CheckContext) -> Iterator[Finding]:
    """10.0, Giap: the assault's price. An aborted assault (Mines / Débouchez) is ASSAULT-ABORT's."""
    if attack.side is not VM:
        return
    f = facts(attack, ctx.game)
    if f.aborted:
        return
    rerolls = len(f.rerolls)
    expected = min(1 + rerolls, len(f.participants) or len(attack.units))
    lost = [u for _, u in f.casualties]
    if len(lost) == expected:
        return
    why = f"1 automatic + {rerolls} Giap re-roll{'s' if rerolls != 1 else ''}"
    if expected < 1 + rerolls:
        why += f", at most the {expected} assaulting units"
    yield self.finding(
        attack.before,
        attack.first,
        f"The assault {_route(attack)} eliminated {len(lost)} assaulting unit{'s' if len(lost) != 1 else ''}"
        f"{' (' + _units_text(lost) + ')' if lost else ''}; it must lose exactly {expected} ({why}) (10.0).",
        units=lost or attack.units,
        areas=_areas(attack),
        expected=expected,
        actual=len(lost),
    )


@at_close(
    "ASSAULT-GIAP-REROLL-LIMIT",
    "10.0, Giap",
    Severity.ILLEGAL,
    "Giap re-rolls: at most N − 1, after the first roll, best result kept, attack not recomputed",
)
def assault_giap_reroll_limit(self: FunctionRule, attack: Attack, ctx: CheckContext) -> Iterator[Finding]:
    """*Giap Demands Success* (10.0): re-rolls ≤ N − 1, played after the first roll, the best kept, the
    attack total not recomputed without the units it will cost; a second Giap card is AMB-33."""
    if attack.side is not VM:
        return
    f = facts(attack, ctx.game)
    first_roll = f.rolls[0][0] if f.rolls else None
    for n, (i, play) in enumerate(f.giap):
        state = f.state_at(i)
        if first_roll is None or i < first_roll:
            yield self.finding(
                state,
                play,
                "Giap Demands Success is played before the assault's first attack roll; it re-rolls the "
                "attack dice after they are rolled.",
                areas=_areas(attack),
            )
        if n == 1:
            yield self.finding(
                state,
                play,
                "A second Giap Demands Success in one assault: one card already allows every re-roll "
                "(AMB-33: no extra effect).",
                severity=ctx.rules.rec_severity(),
                areas=_areas(attack),
            )
    for i, roll in f.unbacked:
        yield self.finding(
            f.state_at(i),
            roll,
            f"The Viet Minh rolls the assault dice again ({'+'.join(str(v) for v in roll.values)}) without "
            f"Giap Demands Success; only that card allows a re-roll.",
            areas=_areas(attack),
        )
    if not f.rerolls:
        return
    n_units = len(f.participants)
    allowed = max(0, n_units - 1)
    if len(f.rerolls) > allowed:
        i, roll = f.rerolls[allowed]
        yield self.finding(
            f.state_at(i),
            roll,
            f"{len(f.rerolls)} Giap re-rolls with {n_units} assaulting units; at most {n_units} − 1 = {allowed} (10.0).",
            units=f.participants,
            areas=_areas(attack),
            expected=allowed,
            actual=len(f.rerolls),
        )
    logged = res.logged(attack, "attack")
    if logged is None:
        return  # the computed attack keeps the best roll and all the assaulters' firepower
    total = res.attack_total(attack, ctx.game, ctx.rules)
    if isinstance(total, res.Missing):
        yield _cannot(self, attack, total.text)
        return
    wrong = giap_attack_error(attack, ctx)
    if wrong is None:
        return
    text, units = wrong
    yield self.finding(
        attack.before,
        attack.first,
        text,
        units=units,
        areas=_areas(attack),
        expected=total.value,
        actual=logged,
    )


def giap_attack_error(attack: Attack, ctx: CheckContext) -> tuple[str, tuple[UnitId, ...]] | None:
    """What is wrong with a Viet Minh assault's logged attack because of *Giap Demands Success*: the
    firepower of the units the re-rolls cost left out, or a re-roll kept that is not the best so far
    (ASSAULT-GIAP-REROLL-LIMIT's; FIRE-ATTACK-TOTAL leaves such a total to it). None: no such error."""
    logged = res.logged(attack, "attack")
    if attack.side is not VM or logged is None:
        return None
    f = facts(attack, ctx.game)
    if not f.rerolls:
        return None
    total = res.attack_total(attack, ctx.game, ctx.rules)
    if isinstance(total, res.Missing) or logged == total.value:
        return None
    results = [sum(r.values) for _, r in (f.rolls[0], *f.rerolls)]
    best = max(results)
    diff = logged - total.value
    lost = [u for _, u in f.casualties if u in set(f.participants)]
    lost_fp = res.units_firepower(lost, ctx.game)
    if isinstance(lost_fp, res.Total) and lost and diff == -lost_fp.value:
        return (
            f"The logged attack {logged} leaves out the firepower of the units the re-rolls cost "
            f"({_units_text(lost)}, {lost_fp.value}); Giap does not recalculate the attack: {total.text}.",
            tuple(lost),
        )
    others = sorted({r for r in results if r != best and r - best == diff})
    if others:
        return (
            f"The logged attack {logged} keeps the roll {others[0]}, not the best so far ({best} of "
            f"{', '.join(str(r) for r in results)}); Giap keeps the higher result: {total.text}.",
            (),
        )
    return None


@at_close(
    "ASSAULT-CAPTURE-ORDER",
    "10.0",
    Severity.ILLEGAL,
    "a cleared target passes to the Viet Minh even if every assaulter is then eliminated",
)
def assault_capture_order(self: FunctionRule, attack: Attack, ctx: CheckContext) -> Iterator[Finding]:
    """10.0: enter → control change → flip → eliminate; the captured area stays VM even when empty."""
    if attack.side is not VM:
        return
    f = facts(attack, ctx.game)
    if f.aborted or not f.participants or not f.cleared:
        return
    if not ctx.game.has_area(attack.target):
        yield _cannot(self, attack, f"area {attack.target} (not in the game data)")
        return
    ctrl = res.controller(f.close, ctx.game, attack.target)
    if ctrl is not VM:
        yield self.finding(
            attack.before,
            attack.first,
            f"The assault cleared area {attack.target} of French units, yet it is {ctrl.label}-controlled when "
            f"the assault ends; the assaulters enter and take control before they flip and one is "
            f"eliminated, so it passes to the Viet Minh even if every assaulter dies (10.0).",
            units=attack.units,
            areas=(attack.target,),
            expected=VM.value,
            actual=ctrl.value,
        )


@at_close(
    "ASSAULT-ORIGIN-CONTROL",
    "10.0, 13.0, 9.1",
    Severity.ILLEGAL,
    "an origin left by every VM unit while French units are there turns French and loses its trench",
)
def assault_origin_control(self: FunctionRule, attack: Attack, ctx: CheckContext) -> Iterator[Finding]:
    """10.0, 13.0, 9.1: assaulting out of a shared area with all its VM units."""
    origin = attack.origin
    if attack.side is not VM or origin is None or attack.before.count(origin, VM) == 0:
        return
    f = facts(attack, ctx.game)
    close = f.close
    if close.count(origin, VM) or not close.count(origin, FR):
        return
    if not ctx.game.has_area(origin):
        yield _cannot(self, attack, f"area {origin} (not in the game data)")
        return
    ctrl = res.controller(close, ctx.game, origin)
    level = close.trench(origin)
    wrong = []
    if ctrl is not FR:
        wrong.append(f"it is still {ctrl.label}-controlled")
    if level:
        wrong.append(f"it keeps its trench marker (level {level})")
    if wrong:
        yield self.finding(
            attack.before,
            attack.first,
            f"Every Viet Minh unit left area {origin}, which holds French units, yet {' and '.join(wrong)}; "
            f"it passes to the French and its trench marker is removed (10.0, 13.0, 9.1).",
            units=close.units_in(origin, FR),
            areas=(origin,),
        )


@rule(
    "ASSAULT-NO-FIRE-MARKER",
    "10.0 (AMB-05)",
    Severity.SUSPICIOUS,
    "an assault places no fire marker (switch fire_marker_on_assault)",
    events=(FireMarkerSet,),
)
def assault_no_fire_marker(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    """AMB-05: a fire marker placed while an assault's action lasts (``origin_area``: one on the origin)."""
    if not before.attacks or not isinstance(event, FireMarkerSet) or not event.present or event.was is not None:
        return  # only a marker put down (one turned is a marker of an earlier act: ``replay.markers``)
    switch = ctx.rules.get("fire_marker_on_assault")
    for attack in before.attacks:
        if not attack.is_assault:
            continue
        if switch == "origin_area" and event.area == attack.origin and event.side is attack.side:
            return
        allowed = "on its origin only" if switch == "origin_area" else "anywhere"
        yield self.finding(
            before,
            event,
            f"A {event.side.label} fire marker is placed on area {event.area} during the assault {_route(attack)}; "
            f"an assault places no fire marker {allowed} (AMB-05, fire_marker_on_assault={switch}).",
            severity=ctx.rules.rec_severity(),
            areas=(event.area,),
        )
        return


@at_close(
    "ASSAULT-ABORT",
    "Mines, Débouchez",
    Severity.ILLEGAL,
    "no fresh assaulter left after Mines / Débouchez: the action ends, no fire, no casualty",
)
def assault_abort(self: FunctionRule, attack: Attack, ctx: CheckContext) -> Iterator[Finding]:
    """*Mines*, *Débouchez à Zéro!*: the abort rule."""
    if attack.side is not VM:
        return
    f = facts(attack, ctx.game)
    if not f.aborted:
        return
    cards = " / ".join(f.interference)
    lead = f"{cards} left no fresh assaulting unit in area {f.origin}, so the action ended"
    for i, roll in f.rolls:
        yield self.finding(
            f.state_at(i),
            roll,
            f"{lead}; yet the assault fire is rolled ({'+'.join(str(v) for v in roll.values)}).",
            areas=_areas(attack),
        )
        break
    if f.french_damage and (not f.rolls or f.french_damage[0] < f.rolls[0][0]):
        i = f.french_damage[0]
        yield self.finding(
            f.state_at(i),
            f.event_at(i),
            f"{lead}; yet damage from the assault fire is applied in area {attack.target}.",
            areas=(attack.target,),
        )
    if f.casualties:
        i = f.casualties[0][0]
        lost = [u for _, u in f.casualties]
        yield self.finding(
            f.state_at(i),
            f.event_at(i),
            f"{lead}; yet {_units_text(lost)} {'is' if len(lost) == 1 else 'are'} eliminated as the assault's "
            f"casualty, which an aborted assault does not take.",
            units=lost,
            areas=(f.origin,),
            expected=0,
            actual=len(lost),
        )


RULES: tuple[FunctionRule, ...] = (
    assault_vm_only,
    assault_entrench_3,
    assault_origin_not_vm,
    assault_target,
    assault_size_limit,
    assault_fresh_one_area,
    assault_no_terrain,
    assault_advance,
    assault_loss,
    assault_giap_reroll_limit,
    assault_capture_order,
    assault_origin_control,
    assault_no_fire_marker,
    assault_abort,
    assault_across_river_ok,
)
