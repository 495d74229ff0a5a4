"""Fire (rules 8.0–8.3, 4.0 C; catalogue §3.6): unit fire, card fire, and assaults as far as they are fire.

Where each id is judged:

* at the declaration (``Fire`` / ``Assault``): FIRE-FP-MIN (units and assaulters), FIRE-RANGE and
  FIRE-ONE-TARGET (unit fire), FIRE-HAS-TARGET (unit fire illegal, card fire info);
* at the ``Damage`` event: FIRE-FRIENDLY-IMMUNE, against the open attack the damage belongs to;
* when the attack closes (the next action opens, a phase begins, the game ends; ``finish`` for the
  attacks still open when the log ends): FIRE-ATTACK-TOTAL, FIRE-DEFENSE-TOTAL, FIRE-TERRAIN-IGNORED
  and FIRE-DAMAGE (only where the log states the number: ``Fire.attack/defense/damage``, and the
  ``Damage.points`` of the attack's damage, which may be the part of it the targets absorb), FIRE-MARKER
  (the markers placed while the action lasted), FIRE-FLIP-SPENT;
* FIRE-MARKER is the shared rule (``rules.area_impulse.fire_marker``) under our id; ``marker_reading``
  gives it our exceptions (an assault's marker per ``fire_marker_on_assault``, none for a Counter
  Attack, AMB-05), set in ``package.IMPULSE`` with the REC severity for a marker where none goes;
* FIRE-MARKER-LIFETIME: a removal before the End phase at the ``FireMarkerSet``; a marker left after
  the End phase at the next turn's first ``PhaseStart`` (and in ``finish`` when the log ended after
  its End phase). A marker put down and taken off again in one act was never there, and a turned
  marker is one marker (``replay.markers``, ``FireMarkerSet.was``).

The arithmetic is ``rules.resolution``'s; what is local here is how a logged number that differs is
classified: a number another reading of an ambiguous rule gives (``Total.alternatives``, and the
AMB-17 75mm boost) is a REC breach (``ctx.rules.rec_severity()``), a number a *Command Coordination*
re-roll explains is accepted (the card makes the new die count), and a defense that is wrong only
because terrain was counted against 8.3.2 (or left out) is FIRE-TERRAIN-IGNORED, not also
FIRE-DEFENSE-TOTAL; one that leaves the terrain out because of a *Flamethrowers* played on an attack
not by French units is C-FLAMETHROWERS' (the card misused), not either of them; an assault's attack
that keeps a non-best *Giap* re-roll, or leaves out the firepower of the units the re-rolls cost, is
ASSAULT-GIAP-REROLL-LIMIT's (``assault.giap_attack_error``), not FIRE-ATTACK-TOTAL's too.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules import assault as assault_rules
from sdbp_module.games.sodbp.rules import damage as damage_rules
from sdbp_module.games.sodbp.rules.play_sequence import TURN_END
from sdbp_module.games.sodbp.rules.resolution import (
    BOOST_AT,
    IMPROVED_CAP,
    Missing,
    Total,
    attack_card_name,
    attack_total,
    bigeard_reduction,
    cards_named,
    damage_points,
    damage_total,
    defense_total,
    logged,
    negation,
    terrain,
    terrain_ignored,
)
from sdbp_module.games.sodbp.rules.sodbp_cards import (
    ART_75,
    COUNTER_ATTACK,
    DETONATE,
    FLAMETHROWERS,
    IMPROVED_DEFENSES,
    MORTAR_SUPPORT,
    NIGHT_ASSAULT,
)
from sdbp_module.ids import AreaId, Phase, Severity, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay.apply import CLOSING_EVENTS
from sdbp_module.replay.combat import Attack, AttackKind, closed_attacks
from sdbp_module.replay.events import (
    Damage,
    DamageResult,
    Event,
    Fire,
    FireMarkerSet,
    PhaseStart,
)
from sdbp_module.replay.state import GameState
from sdbp_module.rules.area_impulse import fire as shared
from sdbp_module.rules.area_impulse import fire_marker as shared_marker
from sdbp_module.rules.area_impulse.fire import declared
from sdbp_module.rules.base import (
    CheckContext,
    FunctionRule,
    Gate,
    attack_rule,
    relabel,
    rule,
)
from sdbp_module.rules.findings import Finding
from sdbp_module.rules.switches import RuleSet

# -- shared helpers -------------------------------------------------------------------------------

_NONE: tuple[Finding, ...] = ()


def _names(units: Iterable[UnitId]) -> str:
    return ", ".join(units)


def _describe(attack: Attack, game: GameData) -> str:
    """'the French fire from 10 into 11', 'the Viet Minh Katyusha Rockets fire at 11', …"""
    side = attack.side.label
    if attack.kind is AttackKind.CARD:
        name = attack_card_name(attack, game) or str(attack.card)
        return f"the {side} {name} fire at {attack.target}"
    if attack.is_assault:
        return f"the {side} assault from {attack.origin} on {attack.target}"
    if attack.origin == attack.target:
        return f"the {side} fire in {attack.target}"
    return f"the {side} fire from {attack.origin} into {attack.target}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _is_counter_attack(attack: Attack, game: GameData) -> bool:
    return attack.kind is AttackKind.UNITS and bool(cards_named(attack, game, COUNTER_ATTACK, attack.side))


# -- declaration: FP, range, target, one target ---------------------------------------------------


fire_fp_min = relabel(shared.fire_fp_min, "FIRE-FP-MIN", "8.0")


fire_range = relabel(shared.fire_range, "FIRE-RANGE", "8.1")


@rule(
    "FIRE-HAS-TARGET",
    "8.1 (AMB-30)",
    Severity.ILLEGAL,
    "the target area holds enemy units (unit fire illegal; card fire on an empty area info)",
    events=(Fire,),
)
def fire_has_target(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    if not isinstance(event, Fire):
        return
    attack, _units = declared(before, event, after)
    if attack is not None and attack.first is not event:
        return  # a stack logged unit by unit: judged at its first line
    enemy = event.side.enemy
    if before.count(event.target, enemy):
        return
    if event.units:
        yield self.finding(
            before,
            event,
            f"The {event.side.label} units fire at area {event.target}, which holds no {enemy.label} unit (8.1).",
            units=event.units,
            areas=(event.target,),
            expected=">= 1",
            actual=0,
        )
    else:
        name = attack_card_name(attack, ctx.game) if attack is not None else None
        yield self.finding(
            before,
            event,
            f"The {event.side.label} {name or event.card} fire targets area {event.target}, which holds no "
            f"{enemy.label} unit: the attack has no effect (AMB-30).",
            severity=Severity.INFO,
            areas=(event.target,),
        )


fire_one_target = relabel(shared.fire_one_target, "FIRE-ONE-TARGET", "8.0")


# -- totals ---------------------------------------------------------------------------------------


@record
class _Readings:
    """A computed total, the values the rules also accept, and the values only another reading gives."""

    total: Total
    legal: frozenset[int]
    rec: frozenset[int]


def _attack_readings(attack: Attack, game: GameData, rules: RuleSet) -> _Readings | Missing:
    total = attack_total(attack, game, rules)
    if isinstance(total, Missing):
        return total
    legal = {total.value, *total.accepted}  # Command Coordination: every one-die re-roll total (resolution)
    rec = set(total.alternatives)
    boost = _art75_other(attack, game, rules)
    if boost is not None:
        now, other = boost
        rec |= {v - now + other for v in legal | rec}
    return _Readings(total, frozenset(legal), frozenset(rec - legal))


def _art75_other(attack: Attack, game: GameData, rules: RuleSet) -> tuple[int, int] | None:
    """AMB-17: (the boost in force, the other reading's) for a boosted 75mm fire, else None."""
    if attack.kind is not AttackKind.CARD or attack_card_name(attack, game) != ART_75 or attack.side is not VIET_MINH:
        return None
    if attack.before.count(attack.target, FRENCH) < BOOST_AT:
        return None
    now = int(rules.get("art75_boost"))
    return now, (9 if now == 10 else 10)


def _readings_note(attack: Attack, game: GameData, rules: RuleSet) -> str:
    """Which ambiguous readings the alternative totals come from (for the umpire's message)."""
    notes: list[str] = []
    mortar_uncounted = attack.kind is AttackKind.CARD and rules.get("mortar_scope") == "unit_attacks"
    if mortar_uncounted and attack.side is FRENCH and cards_named(attack, game, MORTAR_SUPPORT, FRENCH):
        notes.append(f"Mortar Support counted on a card attack (mortar_scope={rules.get('mortar_scope')}, AMB-14)")
    night_uncounted = not attack.is_assault and rules.get("night_assault_scope") == "assault_only"
    if night_uncounted and attack.side is VIET_MINH and cards_named(attack, game, NIGHT_ASSAULT, VIET_MINH):
        notes.append(
            f"Night Assault counted on ordinary fire (night_assault_scope={rules.get('night_assault_scope')}, AMB-13)"
        )
    if _art75_other(attack, game, rules) is not None:
        notes.append(f"the other 75mm boost (art75_boost={rules.get('art75_boost')}, AMB-17)")
    return "; ".join(notes) if notes else "another reading of an ambiguous rule"


def _cannot(self: FunctionRule, attack: Attack, game: GameData, what: str, missing: Missing) -> Finding:
    stated = logged(attack, what)
    return self.finding(
        attack.before,
        attack.first,
        f"Cannot check {self.rule_id}: the log says {what} {stated} for {_describe(attack, game)}, "
        f"but the computation lacks {missing.text}.",
        severity=Severity.CANNOT_CHECK,
        units=attack.units,
        areas=(attack.target,),
    )


def _judge_attack_total(self: FunctionRule, attack: Attack, ctx: CheckContext) -> Iterator[Finding]:
    stated = logged(attack, "attack")
    if stated is None or negation(attack, ctx.game) is not None:
        return  # a negated card attack takes no roll: no total to judge (resolution.negation)
    game = ctx.game
    readings = _attack_readings(attack, game, ctx.rules)
    if isinstance(readings, Missing):
        yield _cannot(self, attack, game, "attack", readings)
        return
    if stated in readings.legal:
        return
    if attack.is_assault and assault_rules.giap_attack_error(attack, ctx) is not None:
        return  # a Giap re-roll kept wrong, or the lost units' firepower left out: ASSAULT-GIAP-REROLL-LIMIT's
    total = readings.total
    what = _cap(_describe(attack, game))
    if stated in readings.rec:
        text = f"{what}: attack {total.text} under the switches in force, but the log says {stated}, which follows"
        yield _stated_wrong(self, attack, ctx, text, stated, total, rec=True)
    else:
        text = f"{what}: attack {total.text} but the log says {stated} (8.3.1)."
        yield _stated_wrong(self, attack, ctx, text, stated, total, rec=False)


def _stated_wrong(
    self: FunctionRule, attack: Attack, ctx: CheckContext, text: str, stated: int, total: Total, *, rec: bool
) -> Finding:
    """A total the log states that the rules contradict: illegal, or a REC breach when another reading
    gives it (``text`` then ends in "which follows", and the reading is named)."""
    if rec:
        text = f"{text} {_readings_note(attack, ctx.game, ctx.rules)}."
    return self.finding(
        attack.before,
        attack.first,
        text,
        severity=ctx.rules.rec_severity() if rec else None,
        units=attack.units,
        areas=(attack.target,),
        expected=total.value,
        actual=stated,
    )


fire_attack_total = attack_rule(
    "FIRE-ATTACK-TOTAL",
    "8.3.1",
    Severity.ILLEGAL,
    "attack = 2d6 + the firers' FP (or the card's) + 3 per Mortar Support / Night Assault",
)(_judge_attack_total)


def _counted_terrain(attack: Attack, game: GameData) -> tuple[int, ...]:
    """The terrain values a player who counted the terrain could add: plain, and with the cards applied."""
    if attack.kind is AttackKind.UNITS and cards_named(attack, game, FLAMETHROWERS, FRENCH):
        return ()
    if not game.has_area(attack.target):
        return ()
    t = terrain(game, attack.before, attack.target)
    values = {t}
    copies = len(cards_named(attack, game, IMPROVED_DEFENSES, VIET_MINH)) if attack.defender is VIET_MINH else 0
    if copies and t:
        values.add(min(IMPROVED_CAP, t * (2 if copies == 1 else 3)))
    return tuple(sorted(v for v in values if v))


@record
class _DefenseVerdict:
    """What a logged defense is: right, wrong through terrain (8.3.2), or wrong otherwise."""

    total: Total
    stated: int
    ignored: tuple[str, ...]  # why 8.3.2 ignores the terrain (empty: it counts)
    terrain_error: bool  # the logged value is the computed one with terrain counted / left out in error
    terrain_value: int  # the terrain the computed defense holds (not ignored) or the log added (ignored)


def _defense_verdict(attack: Attack, ctx: CheckContext) -> _DefenseVerdict | Missing | None:
    stated = logged(attack, "defense")
    if stated is None:
        return None
    game = ctx.game
    if not game.has_area(attack.target):
        return Missing((f"area {attack.target} (not in the game data)",))
    total = defense_total(attack, game, ctx.rules)
    if isinstance(total, Missing):
        return total
    ignored = terrain_ignored(attack, game)
    counted = _counted_terrain(attack, game)
    if stated == total.value:
        return _DefenseVerdict(total, stated, ignored, False, 0)
    if ignored:
        for t in counted:
            if stated == total.value + t:
                return _DefenseVerdict(total, stated, ignored, True, t)
        return _DefenseVerdict(total, stated, ignored, False, 0)
    # terrain counts: the computed total holds it (Improved Defenses applied); left out, the log shows the DEF alone
    held = max(counted) if counted else 0
    if held and stated == total.value - held:
        if _flamethrowers_misused(attack, game):
            return None  # the misused Flamethrowers applied: C-FLAMETHROWERS' fault (card_modifiers), once
        return _DefenseVerdict(total, stated, ignored, True, held)
    return _DefenseVerdict(total, stated, ignored, False, 0)


def _flamethrowers_misused(attack: Attack, game: GameData) -> bool:
    """*Flamethrowers* played on an attack not made by French units (it zeroes terrain only for those)."""
    return attack.kind is not AttackKind.UNITS and bool(cards_named(attack, game, FLAMETHROWERS, FRENCH))


def _damage_if(attack: Attack, ctx: CheckContext, defense: int) -> str:
    """'damage 5' with the computed attack (or the logged one) against ``defense``; '' if unknown."""
    stated = logged(attack, "attack")
    if stated is None:
        total = attack_total(attack, ctx.game, ctx.rules)
        if isinstance(total, Missing):
            return ""
        stated = total.value
    return f", damage {damage_points(stated, defense, bigeard_reduction(attack, ctx.game))}"


def _judge_defense(self: FunctionRule, attack: Attack, ctx: CheckContext, terrain_rule: bool) -> Iterator[Finding]:
    if negation(attack, ctx.game) is not None:
        return  # a negated card attack is not resolved (resolution.negation)
    verdict = _defense_verdict(attack, ctx)
    if verdict is None:
        return
    if isinstance(verdict, Missing):
        yield _cannot(self, attack, ctx.game, "defense", verdict)
        return
    if verdict.stated == verdict.total.value or verdict.terrain_error is not terrain_rule:
        return
    what = _cap(_describe(attack, ctx.game))
    total = verdict.total
    if terrain_rule:
        if verdict.ignored:
            text = (
                f"{what}: the log counts terrain {verdict.terrain_value} (defense {verdict.stated}), but 8.3.2 "
                f"ignores it: {'; '.join(verdict.ignored)}. Defense must be {total.text}"
                f"{_damage_if(attack, ctx, total.value)}."
            )
        else:
            text = (
                f"{what}: the log leaves out terrain {verdict.terrain_value} (defense {verdict.stated}), but "
                f"8.3.2 counts it here (adjacent fire, the targets control area {attack.target}, no fire marker, "
                f"no assault). Defense must be {total.text}{_damage_if(attack, ctx, total.value)}."
            )
    else:
        text = f"{what}: defense {total.text} but the log says {verdict.stated} (8.3.2)."
    yield self.finding(
        attack.before,
        attack.first,
        text,
        units=attack.units,
        areas=(attack.target,),
        expected=total.value,
        actual=verdict.stated,
    )


fire_defense_total = attack_rule(
    "FIRE-DEFENSE-TOTAL",
    "8.3.2, 9.1",
    Severity.ILLEGAL,
    "defense = the best DEF of the targeted units + the terrain value (trench, Improved Defenses, Flamethrowers)",
)(lambda self, a, ctx: _judge_defense(self, a, ctx, False))


fire_terrain_ignored = attack_rule(
    "FIRE-TERRAIN-IGNORED",
    "8.3.2",
    Severity.ILLEGAL,
    "terrain is ignored for same-area fire, targets not controlling their area, a fire marker on it, assaults",
)(lambda self, a, ctx: _judge_defense(self, a, ctx, True))


def _damage_values(attack: Attack, ctx: CheckContext) -> tuple[Total, frozenset[int], frozenset[int]] | Missing:
    """The damage (8.3.3) from the logged totals where the log states them, the values a stated damage may
    hold (other legal readings; the damage before *Bigeard Refuses to Leave*, which is played after the
    roll, so a line written at the roll states the damage without it) and the values of another reading
    of an ambiguous rule (a REC breach)."""
    game, rules = ctx.game, ctx.rules
    if attack_card_name(attack, game) == DETONATE:  # the damage is the card's d6, not attack − defense
        found = damage_rules.rules_damage(attack, ctx)
        return found if isinstance(found, Missing) else (found[0], frozenset({found[0].value}), frozenset())
    total = damage_total(attack, game, rules, as_logged=True)
    if isinstance(total, Missing):
        return total
    legal = {total.value, *total.accepted}
    if total.misreduced:
        legal.add(max(total.misreduced))  # no reduction at all: the damage before the card
    rec: set[int] = set(total.alternatives)
    if logged(attack, "attack") is None:
        readings = _attack_readings(attack, game, rules)
        if isinstance(readings, _Readings):
            d = logged(attack, "defense")
            if d is None:
                dt = defense_total(attack, game, rules)
                d = dt.value if isinstance(dt, Total) else None
            if d is not None:
                n = bigeard_reduction(attack, game)
                legal |= {damage_points(a, d, n) for a in readings.legal}
                rec |= {damage_points(a, d, n) for a in readings.rec}
    return total, frozenset(legal), frozenset(rec - legal)


def _judge_damage(self: FunctionRule, attack: Attack, ctx: CheckContext) -> Iterator[Finding]:
    """The damage the log states: the fire's or assault's ``damage``, and the ``points`` of its damage
    events (docs/events.md: the attack's damage, or the part of it the targets absorb, 8.4.1)."""
    stated = logged(attack, "damage")
    game = ctx.game
    points = damage_rules.stated_points(attack, game) if attack.steps else None
    if stated is None and points is None or negation(attack, game) is not None:
        return  # a negated card attack does no damage: any it did is C-POOR-WEATHER's (resolution.negation)
    values = _damage_values(attack, ctx)
    if isinstance(values, Missing):
        if stated is not None:
            yield _cannot(self, attack, game, "damage", values)
        return  # stated points stand in for the damage (DAMAGE-MUST-MAXIMIZE)
    total, legal, rec = values
    what = _cap(_describe(attack, game))
    both_logged = logged(attack, "attack") is not None and logged(attack, "defense") is not None
    basis = "the logged totals" if both_logged else "the totals"
    if stated is not None and stated not in legal:
        if stated in rec:
            text = f"{what}: damage {total.text} from {basis}, but the log says {stated}, which follows"
            yield _stated_wrong(self, attack, ctx, text, stated, total, rec=True)
        else:
            text = f"{what}: damage {total.text} from {basis}, but the log says {stated} (8.3.3)."
            yield _stated_wrong(self, attack, ctx, text, stated, total, rec=False)
    if points is None:
        return
    value, state, event = points
    cap = damage_rules.attack_capacity(attack, game, attack.before)
    if value in legal or value in {min(v, cap) for v in legal}:
        return
    is_rec = value in rec or value in {min(v, cap) for v in rec}
    absorb = f" (the targets absorb {cap})" if cap < total.value else ""
    text = f"{what}: damage {total.text} from {basis}{absorb}, but the damage line says {value} point{'' if value == 1 else 's'}"
    if is_rec:
        text += f", which follows {_readings_note(attack, game, ctx.rules)}."
    else:
        text += " (8.3.3, 8.4.1)."
    yield self.finding(
        state,
        event,
        text,
        severity=ctx.rules.rec_severity() if is_rec else None,
        units=attack.units,
        areas=(attack.target,),
        expected=total.value,
        actual=value,
    )


fire_damage = attack_rule(
    "FIRE-DAMAGE",
    "8.3.3, Bigeard",
    Severity.ILLEGAL,
    "damage = attack − defense (at least 0), minus one per French unit with Bigeard Refuses to Leave",
)(_judge_damage)


# -- damage on the firer's own units --------------------------------------------------------------


def _attack_of(state: GameState, event: Damage) -> Attack | None:
    """The open attack ``event`` belongs to: the latest whose defender allocates in its target; else the
    latest of the allocating side on that target (a firer-allocated card such as *Fighter Bombers*)."""
    def on_target(a: Attack) -> bool:
        return event.target is None or a.target == event.target

    for a in reversed(state.attacks):
        if a.defender is event.side and on_target(a):
            return a
    for a in reversed(state.attacks):
        if a.side is event.side and on_target(a):
            return a
    return None


@rule(
    "FIRE-FRIENDLY-IMMUNE",
    "8.1",
    Severity.ILLEGAL,
    "fire leaves the firer's own units unaffected (units outside the target: DAMAGE-TARGET-AREA-ONLY)",
    events=(Damage,),
)
def fire_friendly_immune(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    if not isinstance(event, Damage) or not before.attacks:
        return
    attack = _attack_of(before, event)
    if attack is None:
        return
    game = ctx.game
    hit = tuple(o.unit for o in event.outcomes if o.result is not DamageResult.NONE)
    unknown = tuple(u for u in hit if before.unit(u) is None)
    if unknown:
        yield self.finding(
            before,
            event,
            f"Cannot check {self.rule_id} for {_names(unknown)}: the log never placed "
            f"{'it' if len(unknown) == 1 else 'them'} (side and position unknown).",
            severity=Severity.CANNOT_CHECK,
            units=unknown,
            areas=(attack.target,),
        )
    known = tuple(u for u in hit if before.unit(u) is not None)
    own = tuple(u for u in known if before.units[u].side is attack.side)
    if own:
        yield self.finding(
            before,
            event,
            f"Damage is applied to {_names(own)}, {attack.side.label} units, in {_describe(attack, game)}; "
            f"the firer's own units are unaffected (8.1).",
            units=own,
            areas=(attack.target,),
        )
    # damage on units outside the target area (Débouchez: outside the assaulting units) is
    # DAMAGE-TARGET-AREA-ONLY's (8.4): one fault, one id


# -- markers --------------------------------------------------------------------------------------


def marker_reading(attack: Attack, game: GameData, rules: RuleSet) -> tuple[AreaId | None, str] | None:
    """Our fire-marker reading before the shared one (``AreaImpulse.fire_marker_reading``): an assault
    marks its origin or nothing (``fire_marker_on_assault``, AMB-05), a Counter Attack nothing (AMB-05)."""
    if attack.is_assault:
        if rules.get("fire_marker_on_assault") == "origin_area" and attack.origin is not None:
            return attack.origin, ""
        return None, "an assault (fire_marker_on_assault=none, AMB-05)"
    if _is_counter_attack(attack, game):
        return None, "a Counter Attack (AMB-05)"
    return None


fire_marker = relabel(shared_marker.fire_marker, "FIRE-MARKER", "8.1 (AMB-05)")


def _left_over(self: FunctionRule, state: GameState, event: Event | None) -> Iterator[Finding]:
    turn = state.clock.turn
    for area, side in sorted(state.fire_markers, key=lambda m: (m[0], m[1].value)):
        yield self.finding(
            state,
            event,
            f"The {side.label} fire marker on area {area} is still on the map after the End phase of turn {turn}; "
            f"step 4 of the End phase removes every fire marker (4.0 C).",
            side=side,
            areas=(area,),
        )


def _lifetime_finish(self: FunctionRule, final: GameState, ctx: CheckContext) -> Iterator[Finding]:
    c = final.clock
    if final.fire_markers and c.phase is Phase.END and (final.ended or c.end_step == TURN_END):
        yield from _left_over(self, final, None)


@rule(
    "FIRE-MARKER-LIFETIME",
    "4.0 C",
    Severity.ILLEGAL,
    "fire markers stay until the End phase removes them all",
    finish=_lifetime_finish,
    events=(FireMarkerSet, PhaseStart),
)
def fire_marker_lifetime(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    c = before.clock
    if isinstance(event, PhaseStart):
        if before.fire_markers and c.turn > 0 and event.turn != c.turn:
            yield from _left_over(self, before, event)
        return
    if not isinstance(event, FireMarkerSet) or event.present:
        return
    if c.phase in (Phase.DRAW, Phase.ACTION) and before.has_fire_marker(event.area, event.side):
        yield self.finding(
            before,
            event,
            f"The {event.side.label} fire marker on area {event.area} is removed in the {c.phase.value} phase of turn "
            f"{c.turn}; fire markers stay until the End phase removes them (4.0 C).",
            side=event.side,
            areas=(event.area,),
        )


# -- flip -----------------------------------------------------------------------------------------


def _judge_flip(self: FunctionRule, attack: Attack, close: GameState, ctx: CheckContext) -> Iterator[Finding]:
    if attack.kind is not AttackKind.UNITS:
        return
    fresh = tuple(
        u for u in attack.units if (s := close.unit(u)) is not None and s.location.is_on_map and not s.spent
    )
    if fresh:
        yield self.finding(
            attack.before,
            attack.first,
            f"{_names(fresh)} fired in {_describe(attack, ctx.game)} and {'is' if len(fresh) == 1 else 'are'} still "
            f"fresh when the action ends; units that fire flip to spent (8.1).",
            units=fresh,
            areas=tuple(sorted({a for u in fresh if (a := close.area_of(u)) is not None})),
        )


@rule(
    "FIRE-FLIP-SPENT",
    "8.1",
    Severity.ILLEGAL,
    "units that fired are spent once their action ends",
    finish=lambda self, final, ctx: (f for a in final.attacks for f in _judge_flip(self, a, final, ctx)),
    events=CLOSING_EVENTS,
    gate=Gate.ATTACK_CLOSED,
)
def fire_flip_spent(
    self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
) -> Iterable[Finding]:
    if not before.attacks:
        return _NONE  # the hot path: most actions hold no attack
    return [f for a in closed_attacks(before, after) for f in _judge_flip(self, a, before, ctx)]


RULES: tuple[FunctionRule, ...] = (
    fire_fp_min,
    fire_range,
    fire_has_target,
    fire_one_target,
    fire_attack_total,
    fire_defense_total,
    fire_terrain_ignored,
    fire_damage,
    fire_friendly_immune,
    fire_marker,
    fire_marker_lifetime,
    fire_flip_spent,
)
