"""The cards that modify an attack or an assault (card list; catalogue §3.15): who plays them, in whose
action, in which kind of attack, when, on which area, how many copies.

Rule ids: C-IMPDEF, C-GIAP, C-NIGHT-ASSAULT, C-MORTAR, C-FLAMETHROWERS, C-BIGEARD, C-COMMAND-COORD,
C-SURPRISE-ASSAULT, C-DEBOUCHEZ, C-MINES.

What is judged elsewhere, and not again here: the numbers these cards change — Mortar Support and
Night Assault +3 (FIRE-ATTACK-TOTAL, with the switches ``mortar_scope`` / ``night_assault_scope`` for
the totals), Improved Defenses ×2 / ×3 capped at 6 and Flamethrowers' terrain 0 (FIRE-DEFENSE-TOTAL;
a logged defense that applies a Flamethrowers played where it does not apply is this module's
C-FLAMETHROWERS alone),
the Bigeard reduction of a stated damage (FIRE-DAMAGE; the points used are judged here, with
``damage.points_fault``), Débouchez's firepower 6, its no-terrain defense and its damage on
the assaulters only once it fires at their area (FIRE-ATTACK-TOTAL, FIRE-TERRAIN-IGNORED,
FIRE-FRIENDLY-IMMUNE); the Mines / Débouchez abort (ASSAULT-ABORT); Giap's re-roll limit, best result,
loss and play before the first roll (ASSAULT-GIAP-REROLL-LIMIT, ASSAULT-LOSS); Improved Defenses,
Night Assault and Mortar Support played after the roll (CARD-TIMING-BEFORE-ROLL); Mines with
Débouchez (CARD-COMBO-MINES-DEBOUCHEZ); a card played by the side that does not own it (CARD-OWN-DECK);
a French assault, its target, size and origin (ASSAULT-*).

How a play is tied to an attack: the one definition of the replay (``replay.combat``, ``Attack.holds``,
with the SoDBP timings of ``play_sequence.ATTACK_CARD_TIMINGS``): a card played inside an attack
belongs to the open attack of the side its text is about, the one declared and not yet rolled for a
card played before the roll (*Improved Defenses*, *Mortar Support*, *Night Assault*, *Mines*,
*Débouchez*), a rolled one for a card played after it (*Giap*, *Bigeard*, *Command Coordination*);
with none open it belongs to the next declaration of that side (``Attack.prior``: a *Night Assault*
logged before the assault lines). Each play is judged once, when the action that holds it ends (or
with the attack that takes it as prior; a Draw / End phase play when the phase ends; the last ones
at the end of the log), against the attack it belongs to; with none, the finding says where it was
played (the attacks then open, or the action). A play logged with no action open at the start of
an Action phase that no declaration takes is not seen.

Per id (beyond that): C-IMPDEF — outside a French attack (illegal; in a French action with no attack:
suspicious, pointless), another area than the attacked one (AMB-24 REC), a third copy on one attack;
C-GIAP — outside a Viet Minh assault; C-NIGHT-ASSAULT — outside a Viet Minh attack, on ordinary fire
(AMB-13); C-MORTAR — outside a French attack, with a card attack only (AMB-14); C-FLAMETHROWERS — not
on an attack by French units, or after its damage; C-BIGEARD — not after an attack on French units
(none, or before its roll), the points used reduced by fewer than the French units in the area; C-COMMAND-COORD — no French die rolled before it in an attack, more than
one die re-rolled, the old dice kept in a French attack's logged total; C-SURPRISE-ASSAULT — no
assault, or more than one assault in its action; C-DEBOUCHEZ — outside a Viet Minh assault, after
its fire roll, fired at an area other than the assaulters'; C-MINES — outside a Viet Minh assault,
after its fire roll, withdrawn ≠ min(die, fresh assaulters), withdrawal chosen by the French, a
withdrawn unit as the assault's casualty, their state (AMB-15).

Cannot-check: Improved Defenses with no area recorded, a Mines play whose die is not logged, a
Débouchez play whose fire is not logged, a Command Coordination play whose re-roll is not logged.
Switches: ``night_assault_scope`` (AMB-13), ``mortar_scope`` (AMB-14), ``mines_withdrawn_state``
(AMB-15); their REC breaches are suspicious (illegal under ``strict_mode``).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator

from sdbp_module.games.sodbp.ids import FRENCH, VIET_MINH
from sdbp_module.games.sodbp.rules import assault as assault_rules
from sdbp_module.games.sodbp.rules import damage as damage_rules
from sdbp_module.games.sodbp.rules import resolution as res
from sdbp_module.games.sodbp.rules.sodbp_cards import (
    BIGEARD,
    COMMAND_COORDINATION,
    DEBOUCHEZ,
    FLAMETHROWERS,
    GIAP,
    IMPROVED_DEFENSES,
    MINES,
    MORTAR_SUPPORT,
    NIGHT_ASSAULT,
    SURPRISE_ASSAULT,
    card_name,
)
from sdbp_module.ids import AreaId, Severity, Side, UnitId
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay.apply import CLOSING_EVENTS, opens_new_action
from sdbp_module.replay.combat import Attack, AttackKind, closed_action
from sdbp_module.replay.events import (
    CardPlay,
    Damage,
    DiceRoll,
    Event,
    Fire,
    Flip,
    Move,
    PhaseStart,
)
from sdbp_module.replay.memo import remembers
from sdbp_module.replay.state import GameState
from sdbp_module.rules.base import (
    CheckContext,
    FunctionRule,
    Rule,
    after_card_plays,
    rule,
)
from sdbp_module.rules.findings import Finding

VM = VIET_MINH
FR = FRENCH
MAX_IMPROVED = 2  # Improved Defenses: two copies triple the value; there is no third step
ATTACK_PURPOSES = res.ATTACK_PURPOSES


# -- the plays of a closed action ------------------------------------------------------------------


@record
class Played:
    """One card play, the state just before it, and the attacks of its action it concerns."""

    play: CardPlay
    state: GameState
    name: str | None
    attacks: tuple[Attack, ...]

    @property
    def action_side(self) -> Side | None:
        """The side whose action the play is in (its own, when it opens one)."""
        if opens_new_action(self.state.clock, self.play):
            return self.play.side
        return self.state.clock.action_side

    def attacks_by(self, side: Side, *, assault: bool | None = None) -> tuple[Attack, ...]:
        return tuple(a for a in self.attacks if a.side is side and (assault is None or a.is_assault is assault))


@record
class Closed:
    """What one closing step hands the rules: the plays judged now and the attacks that close."""

    plays: tuple[Played, ...]
    attacks: tuple[Attack, ...]

    def named(self, name: str) -> tuple[Played, ...]:
        return tuple(p for p in self.plays if p.name == name)


def _state_in(steps: tuple[tuple[GameState, Event], ...], play: CardPlay) -> GameState | None:
    for state, event in steps:
        if event is play:
            return state
    return None


def _gather(
    steps: tuple[tuple[GameState, Event], ...], attacks: tuple[Attack, ...], new: tuple[Attack, ...], game: GameData
) -> Closed:
    found: list[tuple[CardPlay, GameState]] = []
    seen: set[int] = set()
    for state, event in steps:
        if type(event) is CardPlay and id(event) not in seen:
            seen.add(id(event))
            if not any(n.holds(event) for n in new):  # taken by the attack its closing event declares
                found.append((event, state))
    for a in attacks:
        for c in a.prior:
            if id(c) not in seen:
                seen.add(id(c))
                found.append((c, _state_in(a.before.action_steps, c) or a.before))
    plays = tuple(
        Played(c, state, card_name(game, c.card), tuple(a for a in attacks if a.holds(c))) for c, state in found
    )
    return Closed(plays, attacks)


_LAST: list[tuple[object, object, GameData, Closed]] = []


def _closed(before: GameState, event: Event | None, after: GameState | None, game: GameData) -> Closed:
    """The plays judged at this step (shared by the ten rules: computed once per step); ``after`` None:
    the end of the log, ``before`` the final state."""
    if _LAST and _LAST[0][0] is before and _LAST[0][1] is after and _LAST[0][2] is game:
        return _LAST[0][3]
    if after is None:  # the end of the log: the last action / phase
        result = _gather(before.action_steps + before.phase_steps, before.attacks, (), game)
    else:
        steps: tuple[tuple[GameState, Event], ...] = ()
        attacks: tuple[Attack, ...] = ()
        if before.action_steps and closed_action(before, after):
            steps, attacks = before.action_steps, before.attacks
        if type(event) is PhaseStart and before.phase_steps:
            steps += before.phase_steps
        result = _gather(steps, attacks, after.attacks, game)
    _LAST[:] = [(before, after, game, result)]
    return result


@remembers
def _forget() -> None:
    _LAST.clear()


def _holds(before: GameState, event: Event, after: GameState, ctx: CheckContext) -> bool:
    """An action (or a Draw / End phase) ends, and card plays were logged in it or just before its attacks."""
    steps = before.action_steps
    if steps and closed_action(before, after):
        if len(before.turn_plays) != len(steps[0][0].turn_plays) or any(a.prior for a in before.attacks):
            return True
    if type(event) is PhaseStart and before.phase_steps:
        return any(type(e) is CardPlay for _s, e in before.phase_steps)
    return False


CARDS_CLOSED = after_card_plays("card-modifiers-closed", _holds)

Judge = Callable[[FunctionRule, Closed, CheckContext], Iterator[Finding]]


def card_rule(rule_id: str, ref: str, severity: Severity, summary: str, name: str) -> Callable[[Judge], FunctionRule]:
    """A rule that judges the plays of the card ``name`` when their action (or phase) ends."""

    def wrap(judge: Judge) -> FunctionRule:
        def check(
            self: FunctionRule, before: GameState, event: Event, after: GameState, ctx: CheckContext
        ) -> Iterable[Finding]:
            closed = _closed(before, event, after, ctx.game)
            return list(judge(self, closed, ctx)) if _concerned(closed, name, ctx.game) else ()

        def finish(self: FunctionRule, final: GameState, ctx: CheckContext) -> Iterable[Finding]:
            if not final.action_steps and not final.phase_steps:
                return ()
            closed = _closed(final, None, None, ctx.game)
            return list(judge(self, closed, ctx)) if _concerned(closed, name, ctx.game) else ()

        check.__doc__ = judge.__doc__
        return rule(rule_id, ref, severity, summary, finish=finish, events=CLOSING_EVENTS, gate=CARDS_CLOSED)(check)

    return wrap


def _concerned(closed: Closed, name: str, game: GameData) -> bool:
    return any(p.name == name for p in closed.plays) or any(res.cards_named(a, game, name) for a in closed.attacks)


# -- shared pieces ------------------------------------------------------------------------------------


def _card(game: GameData, play: CardPlay) -> str:
    return f"{card_name(game, play.card) or 'card'} ({play.card})"


def _attack_text(attack: Attack, game: GameData) -> str:
    if attack.is_assault:
        return f"the {attack.side.label} assault {attack.origin} → {attack.target}"
    if attack.kind is AttackKind.CARD:
        return f"the {attack.side.label} {card_name(game, attack.card) or 'card'} fire at area {attack.target}"
    return f"the {attack.side.label} unit fire {attack.origin} → {attack.target}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _attacks_text(attacks: Iterable[Attack], game: GameData) -> str:
    return ", ".join(_attack_text(a, game) for a in attacks)


def _where_played(p: Played, game: GameData) -> str:
    """'in the Viet Minh assault 14 → 17' (the attack it belongs to, or else the attacks open when it was
    played) / 'in a French action with no attack' / 'outside any action'."""
    if p.attacks:
        return f"in {_attacks_text(p.attacks, game)}"
    if p.state.attacks and not opens_new_action(p.state.clock, p.play):
        return f"in {_attacks_text(p.state.attacks, game)}"
    side = p.action_side
    if side is None:
        return "outside any action"
    return f"in a {side.label} action with no attack"


def _areas(attacks: Iterable[Attack]) -> tuple[AreaId, ...]:
    out: list[AreaId] = []
    for a in attacks:
        for area in (a.origin, a.target):
            if area is not None and area not in out:
                out.append(area)
    return tuple(out)


def _index(attack: Attack, event: Event) -> int:
    """Position of ``event`` in the attack's later events; -1 when it came before the declaration."""
    for i, (_s, e) in enumerate(attack.steps):
        if e is event:
            return i
    return -1


def _first_roll(attack: Attack) -> int | None:
    """Index of the attacker's first attack roll."""
    for i, (_s, e) in enumerate(attack.steps):
        if isinstance(e, DiceRoll) and e.purpose in ATTACK_PURPOSES and e.side in (None, attack.side):
            return i
    return None


def _french_roll(event: Event, attack: Attack) -> bool:
    return isinstance(event, DiceRoll) and (event.side is FR or (event.side is None and attack.side is FR))


def _units_text(units: Iterable[UnitId]) -> str:
    return ", ".join(units) or "none"


def _dice(roll: DiceRoll) -> str:
    return "+".join(str(v) for v in roll.values)


# -- Viet Minh cards ---------------------------------------------------------------------------------


@card_rule(
    "C-IMPDEF",
    "Improved Defenses",
    Severity.ILLEGAL,
    "during a French attack on a Viet Minh area, on the attacked area, at most 2 copies",
    IMPROVED_DEFENSES,
)
def c_impdef(self: FunctionRule, closed: Closed, ctx: CheckContext) -> Iterator[Finding]:
    """*Improved Defenses*: played in a French action, against a French attack, on the attacked area
    (AMB-24 REC), at most two copies on one attack. The doubling and the cap are FIRE-DEFENSE-TOTAL's,
    a play after the roll CARD-TIMING-BEFORE-ROLL's."""
    game = ctx.game
    for p in closed.named(IMPROVED_DEFENSES):
        french = p.attacks_by(FR)
        if not french:
            pointless = p.action_side is FR and not p.attacks
            text = (
                f"{_card(game, p.play)} is played in a French action with no French attack: there is no defense to raise."
                if pointless
                else f"{_card(game, p.play)} is played {_where_played(p, game)}; it raises a defense against a "
                f"French attack, in a French action."
            )
            yield self.finding(
                p.state, p.play, text, severity=Severity.SUSPICIOUS if pointless else None, areas=_areas(p.attacks)
            )
            continue
        targets = {a.target for a in french}
        if not p.play.targets:
            yield self.finding(
                p.state,
                p.play,
                f"Cannot check {self.rule_id}: the log records no area for {_card(game, p.play)}; the attacked area "
                f"{', '.join(str(t) for t in sorted(targets))} is assumed.",
                severity=Severity.CANNOT_CHECK,
                areas=tuple(sorted(targets)),
            )
        elif p.play.targets[0] not in targets:
            yield self.finding(
                p.state,
                p.play,
                f"{_card(game, p.play)} raises area {p.play.targets[0]}, but the French attack is on area "
                f"{', '.join(str(t) for t in sorted(targets))}; the area must be the attacked one (AMB-24).",
                severity=ctx.rules.rec_severity(),
                areas=(p.play.targets[0], *sorted(targets)),
                expected=min(targets),
                actual=p.play.targets[0],
            )
    for a in closed.attacks:
        copies = res.cards_named(a, game, IMPROVED_DEFENSES, VM) if a.side is FR else ()
        if len(copies) > MAX_IMPROVED:
            extra = copies[MAX_IMPROVED]
            yield self.finding(
                a.state_before(extra) or a.before,
                extra,
                f"{len(copies)} copies of Improved Defenses on {_attack_text(a, game)}; one doubles and two triple "
                f"the area's value, there is no third (at most {MAX_IMPROVED}).",
                areas=(a.target,),
                expected=MAX_IMPROVED,
                actual=len(copies),
            )


@card_rule(
    "C-GIAP",
    "Giap Demands Success",
    Severity.ILLEGAL,
    "Giap re-rolls a Viet Minh assault's dice: played outside an assault it has nothing to re-roll",
    GIAP,
)
def c_giap(self: FunctionRule, closed: Closed, ctx: CheckContext) -> Iterator[Finding]:
    """*Giap Demands Success* used outside an assault. Its re-roll limit, the play before the first roll
    and the loss are ASSAULT-GIAP-REROLL-LIMIT's and ASSAULT-LOSS's."""
    for p in closed.named(GIAP):
        if p.attacks_by(VM, assault=True):
            continue
        yield self.finding(
            p.state,
            p.play,
            f"{_card(ctx.game, p.play)} is played {_where_played(p, ctx.game)}; it re-rolls the dice of a Viet Minh "
            f"assault only.",
            areas=_areas(p.attacks),
        )


@card_rule(
    "C-NIGHT-ASSAULT",
    "Night Assault (AMB-13)",
    Severity.ILLEGAL,
    "Night Assault adds +3 to a Viet Minh attack (REC: an assault; other use suspicious)",
    NIGHT_ASSAULT,
)
def c_night_assault(self: FunctionRule, closed: Closed, ctx: CheckContext) -> Iterator[Finding]:
    """*Night Assault*: played during a Viet Minh attack; under ``night_assault_scope=assault_only`` (REC)
    one used on ordinary fire is suspicious. The +3 is FIRE-ATTACK-TOTAL's, the timing
    CARD-TIMING-BEFORE-ROLL's."""
    scope = ctx.rules.get("night_assault_scope")
    for p in closed.named(NIGHT_ASSAULT):
        vm_attacks = p.attacks_by(VM)
        if not vm_attacks:
            yield self.finding(
                p.state,
                p.play,
                f"{_card(ctx.game, p.play)} is played {_where_played(p, ctx.game)}; it adds to the dice of a Viet "
                f"Minh attack.",
                areas=_areas(p.attacks),
            )
        elif scope == "assault_only" and not any(a.is_assault for a in vm_attacks):
            yield self.finding(
                p.state,
                p.play,
                f"{_card(ctx.game, p.play)} is used in {_attacks_text(vm_attacks, ctx.game)}, which is no assault "
                f"(AMB-13, night_assault_scope={scope}: assaults only).",
                severity=ctx.rules.rec_severity(),
                areas=_areas(vm_attacks),
            )


@card_rule(
    "C-SURPRISE-ASSAULT",
    "Surprise Assault",
    Severity.ILLEGAL,
    "Surprise Assault is one Viet Minh assault from one area; it waives only the origin trench level",
    SURPRISE_ASSAULT,
)
def c_surprise_assault(self: FunctionRule, closed: Closed, ctx: CheckContext) -> Iterator[Finding]:
    """*Surprise Assault* with no assault in its action, or with more than one assault (several
    declarations, or origins). What it does not waive — size, adjacency, target, fresh units of one
    area, a Viet Minh assault — is judged by the ASSAULT-* rules; the trench waiver by ASSAULT-ENTRENCH-3."""
    for p in closed.named(SURPRISE_ASSAULT):
        if not any(a.is_assault for a in p.attacks):
            yield self.finding(
                p.state,
                p.play,
                f"{_card(ctx.game, p.play)} is played {_where_played(p, ctx.game)}: no assault follows; the card is "
                f"an assault action.",
            )
            continue
        assaults = tuple(a for a in closed.attacks if a.is_assault)
        if len(assaults) > 1:
            origins = sorted({a.origin for a in assaults if a.origin is not None})
            yield self.finding(
                p.state,
                p.play,
                f"{_card(ctx.game, p.play)} makes {len(assaults)} assaults ({_attacks_text(assaults, ctx.game)}"
                f"{', from areas ' + ', '.join(str(o) for o in origins) if len(origins) > 1 else ''}); the card is one "
                f"assault from one area.",
                areas=_areas(assaults),
                expected=1,
                actual=len(assaults),
            )


# -- French cards ------------------------------------------------------------------------------------


@card_rule(
    "C-MORTAR",
    "Mortar Support (AMB-14)",
    Severity.ILLEGAL,
    "Mortar Support adds +3 to an attack by French units (REC: not a card attack)",
    MORTAR_SUPPORT,
)
def c_mortar(self: FunctionRule, closed: Closed, ctx: CheckContext) -> Iterator[Finding]:
    """*Mortar Support*: played in a French attack (not in a Viet Minh action); under
    ``mortar_scope=unit_attacks`` (REC) one used with a card attack only is suspicious. The +3 is
    FIRE-ATTACK-TOTAL's, the timing CARD-TIMING-BEFORE-ROLL's."""
    scope = ctx.rules.get("mortar_scope")
    for p in closed.named(MORTAR_SUPPORT):
        french = p.attacks_by(FR)
        if not french:
            yield self.finding(
                p.state,
                p.play,
                f"{_card(ctx.game, p.play)} is played {_where_played(p, ctx.game)}; it adds to an attack by French "
                f"units, in a French action.",
                areas=_areas(p.attacks),
            )
        elif scope == "unit_attacks" and all(a.kind is AttackKind.CARD for a in french):
            yield self.finding(
                p.state,
                p.play,
                f"{_card(ctx.game, p.play)} is used with {_attacks_text(french, ctx.game)}, a card attack "
                f"(AMB-14, mortar_scope={scope}: attacks by French units only).",
                severity=ctx.rules.rec_severity(),
                areas=_areas(french),
            )


@card_rule(
    "C-FLAMETHROWERS",
    "Flamethrowers",
    Severity.ILLEGAL,
    "Flamethrowers: on an attack by French units, before it is resolved",
    FLAMETHROWERS,
)
def c_flamethrowers(self: FunctionRule, closed: Closed, ctx: CheckContext) -> Iterator[Finding]:
    """*Flamethrowers*: used on an attack by French units (not a card attack, not a Viet Minh attack),
    before it is resolved (its damage applied). Terrain 0 is FIRE-DEFENSE-TOTAL's."""
    game = ctx.game
    for p in closed.named(FLAMETHROWERS):
        units = tuple(a for a in p.attacks_by(FR) if a.kind is AttackKind.UNITS)
        if not units:
            yield self.finding(
                p.state,
                p.play,
                f"{_card(game, p.play)} is played {_where_played(p, game)}; it zeroes the defense value only against "
                f"an attack by French units.",
                areas=_areas(p.attacks),
            )
            continue
        late = [a for a in units if _resolved_before(a, p.play)]
        if len(late) == len(units):
            yield self.finding(
                p.state,
                p.play,
                f"{_card(game, p.play)} is played after {_attacks_text(late, game)} was resolved (its damage "
                f"applied); it is played before the attack is resolved.",
                areas=_areas(late),
            )


def _resolved_before(attack: Attack, play: CardPlay) -> bool:
    """The defender's damage of ``attack`` is logged before ``play``."""
    at = _index(attack, play)
    for i, (_s, e) in enumerate(attack.steps):
        if i >= at:
            return False
        if isinstance(e, Damage) and e.side is attack.defender and e.target in (None, attack.target):
            return True
    return False


@card_rule(
    "C-BIGEARD",
    "Bigeard Refuses to Leave",
    Severity.ILLEGAL,
    "Bigeard: after an attack or assault against French units",
    BIGEARD,
)
def c_bigeard(self: FunctionRule, closed: Closed, ctx: CheckContext) -> Iterator[Finding]:
    """*Bigeard Refuses to Leave*: played after an attack against French units (after its roll), and the
    damage reduced by one point per French unit in the attacked area: points used that a smaller
    reduction gives (none included) are this card's fault, not DAMAGE-MUST-MAXIMIZE's or
    DAMAGE-ALLOCATION's (``damage.points_fault`` judges the points once for the three). A stated damage
    that disagrees is FIRE-DAMAGE's, the removal CARD-REMOVED-AFTER-PLAY's."""
    game = ctx.game
    judged: set[int] = set()
    for p in closed.named(BIGEARD):
        for a in p.attacks_by(VM):
            if a.number in judged:
                continue
            judged.add(a.number)
            fault = damage_rules.points_fault(a, None, ctx)
            if fault is not None and fault.rule_id == self.rule_id:
                yield fault.finding(self)
    for p in closed.named(BIGEARD):
        against = p.attacks_by(VM)
        if not against:
            yield self.finding(
                p.state,
                p.play,
                f"{_card(game, p.play)} is played {_where_played(p, game)}; it is played after an attack against "
                f"French units.",
                areas=_areas(p.attacks),
            )
            continue
        early = [a for a in against if (r := _first_roll(a)) is not None and _index(a, p.play) < r]
        if len(early) == len(against):
            yield self.finding(
                p.state,
                p.play,
                f"{_card(game, p.play)} is played before the dice of {_attacks_text(early, game)}; it is played after "
                f"the attack.",
                areas=_areas(early),
            )


@card_rule(
    "C-COMMAND-COORD",
    "Command Coordination (AMB-22)",
    Severity.ILLEGAL,
    "Command Coordination: one French die of an attack's resolution re-rolled, the new result kept",
    COMMAND_COORDINATION,
)
def c_command_coord(self: FunctionRule, closed: Closed, ctx: CheckContext) -> Iterator[Finding]:
    """*Command Coordination* (AMB-22 REC): after a French die is rolled in an attack's resolution (a French
    attack, a Mines / Débouchez roll in an assault), one die re-rolled (the next French roll: one value)
    and the new result kept (a French attack whose logged total keeps the old dice)."""
    game = ctx.game
    for p in closed.named(COMMAND_COORDINATION):
        found = _reroll_of(p)
        if found is None:
            yield self.finding(
                p.state,
                p.play,
                f"{_card(game, p.play)} is played {_where_played(p, game)} with no French die rolled before it; it "
                f"re-rolls one French die during the resolution of an attack.",
                areas=_areas(p.attacks),
            )
            continue
        attack, reroll = found
        if reroll is None:
            yield self.finding(
                p.state,
                p.play,
                f"Cannot check {self.rule_id}: no French re-roll is logged after {_card(game, p.play)} in "
                f"{_attack_text(attack, game)}.",
                severity=Severity.CANNOT_CHECK,
                areas=_areas((attack,)),
            )
            continue
        if len(reroll.values) != 1:
            yield self.finding(
                attack.state_before(reroll) or p.state,
                reroll,
                f"{_card(game, p.play)} re-rolls {len(reroll.values)} dice ({_dice(reroll)}); one card re-rolls one die.",
                areas=_areas((attack,)),
                expected=1,
                actual=len(reroll.values),
            )
            continue
        yield from _old_kept(self, p, attack, ctx)


def _reroll_of(p: Played) -> tuple[Attack, DiceRoll | None] | None:
    """The attack in which a French die was rolled before the play, and the next French roll (the re-roll)."""
    for attack in p.attacks:
        at = _index(attack, p.play)
        if at < 0:
            continue
        if not any(_french_roll(e, attack) for _s, e in attack.steps[:at]):
            continue
        nxt = next((e for _s, e in attack.steps[at + 1 :] if _french_roll(e, attack)), None)
        return attack, nxt if isinstance(nxt, DiceRoll) else None
    return None


def _old_kept(self: FunctionRule, p: Played, attack: Attack, ctx: CheckContext) -> Iterator[Finding]:
    """A French attack whose logged total is the one of the old dice, which no re-roll result gives."""
    if attack.side is not FR:
        return
    stated = res.logged(attack, "attack")
    if stated is None:
        return
    total = res.attack_total(attack, ctx.game, ctx.rules)
    if isinstance(total, res.Missing) or not total.accepted or stated != total.value:
        return
    yield self.finding(
        attack.before,
        attack.first,
        f"{_cap(_attack_text(attack, ctx.game))} keeps the old dice (attack {stated}) after "
        f"{_card(ctx.game, p.play)}; the new die counts: attack {' or '.join(str(v) for v in sorted(total.accepted))}.",
        areas=(attack.target,),
        expected=min(total.accepted),
        actual=stated,
    )


def _assault_before_roll(
    self: FunctionRule, p: Played, game: GameData, why: str
) -> Generator[Finding, None, tuple[Attack, int, int | None] | None]:
    """The Viet Minh assault a *Mines* / *Débouchez* play belongs to, with the play's index in it and the
    assault roll's, when it is played in one before that roll; else the finding that says it is not."""
    assaults = p.attacks_by(VM, assault=True)
    if not assaults:
        yield self.finding(
            p.state,
            p.play,
            f"{_card(game, p.play)} is played {_where_played(p, game)}; it is played during a Viet Minh assault.",
            areas=_areas(p.attacks),
        )
        return None
    a = assaults[-1]
    at, first = _index(a, p.play), _first_roll(a)
    if first is not None and at > first:
        yield self.finding(
            p.state,
            p.play,
            f"{_card(game, p.play)} is played after the assault fire of {_attack_text(a, game)} is rolled "
            f"({_dice(_roll_at(a, first))}); {why}.",
            areas=_areas((a,)),
        )
        return None
    return a, at, first


@card_rule(
    "C-DEBOUCHEZ",
    "Débouchez à Zéro!",
    Severity.ILLEGAL,
    "Débouchez: during a Viet Minh assault, before its fire, at the assaulting units",
    DEBOUCHEZ,
)
def c_debouchez(self: FunctionRule, closed: Closed, ctx: CheckContext) -> Iterator[Finding]:
    """*Débouchez à Zéro!*: played in a Viet Minh assault, before the assault fire is rolled; its fire is
    aimed at the assaulting units (their area). FP 6, no terrain and the damage on the assaulters are
    the FIRE-* rules', the abort ASSAULT-ABORT's, Mines with it CARD-COMBO-MINES-DEBOUCHEZ's."""
    game = ctx.game
    for p in closed.named(DEBOUCHEZ):
        found = yield from _assault_before_roll(self, p, game, "it fires at the assaulting units before they assault")
        if found is None:
            continue
        a, at, first = found
        fire = next(
            (e for _s, e in a.steps[at + 1 :] if isinstance(e, Fire) and not e.units and card_name(game, e.card) == DEBOUCHEZ),
            None,
        )
        if fire is None:
            yield self.finding(
                p.state,
                p.play,
                f"Cannot check {self.rule_id}: no Débouchez à Zéro! fire is logged after {_card(game, p.play)} in "
                f"{_attack_text(a, game)}.",
                severity=Severity.CANNOT_CHECK,
                areas=_areas((a,)),
            )
        elif fire.target != a.origin:
            yield self.finding(
                a.state_before(fire) or p.state,
                fire,
                f"{_card(game, p.play)} fires at area {fire.target}; it fires only at the assaulting units, in area "
                f"{a.origin}.",
                areas=(fire.target, *_areas((a,))),
                expected=a.origin,
                actual=fire.target,
            )


def _roll_at(attack: Attack, index: int) -> DiceRoll:
    event = attack.steps[index][1]
    assert isinstance(event, DiceRoll)
    return event


@card_rule(
    "C-MINES",
    "Mines (AMB-15)",
    Severity.ILLEGAL,
    "Mines: in a Viet Minh assault before its fire; min(die, assaulters) withdrawn, by the VM, out of the assault",
    MINES,
)
def c_mines(self: FunctionRule, closed: Closed, ctx: CheckContext) -> Iterator[Finding]:
    """*Mines*: played in a Viet Minh assault before the assault fire; min(die, fresh assaulters) units
    withdrawn (they leave the fresh assaulters in the origin: moved out, or flipped in place), chosen by
    the Viet Minh (no French ``Flip.by`` / move of them), taking no part (none of them is the assault's
    casualty); their state per ``mines_withdrawn_state`` (AMB-15). The abort is ASSAULT-ABORT's, a
    withdrawn unit that advances ASSAULT-ADVANCE's, Débouchez with it CARD-COMBO-MINES-DEBOUCHEZ's, the
    target's control ASSAULT-TARGET's."""
    game = ctx.game
    for p in closed.named(MINES):
        found = yield from _assault_before_roll(self, p, game, "its units are withdrawn before the assault")
        if found is None:
            continue
        a, at, first = found
        yield from _withdrawal(self, p, a, at, first, ctx)


def _segment_end(attack: Attack, at: int, first: int | None, game: GameData) -> int:
    """Where this Mines play's resolution ends: the next Mines / Débouchez, or the assault roll, or the close."""
    end = first if first is not None else len(attack.steps)
    for i in range(at + 1, end):
        e = attack.steps[i][1]
        if isinstance(e, CardPlay) and e.side is FR and card_name(game, e.card) in (MINES, DEBOUCHEZ):
            return i
        if isinstance(e, Fire) and e.side is FR:
            return i
    return end


def _mines_die(attack: Attack, start: int, end: int, game: GameData) -> DiceRoll | None:
    """The French die of the play: the first French roll after it, or the roll after a Command Coordination."""
    die: DiceRoll | None = None
    rerolled = False
    for _s, e in attack.steps[start:end]:
        if isinstance(e, CardPlay) and card_name(game, e.card) == COMMAND_COORDINATION and die is not None:
            rerolled = True
        elif _french_roll(e, attack) and isinstance(e, DiceRoll) and (die is None or rerolled):
            die, rerolled = e, False
    return die


def _withdrawal(
    self: FunctionRule, p: Played, a: Attack, at: int, first: int | None, ctx: CheckContext
) -> Iterator[Finding]:
    game = ctx.game
    origin = a.origin
    start = at + 1
    end = _segment_end(a, at, first, game)
    die = _mines_die(a, start, end, game)
    if die is None:
        yield self.finding(
            p.state,
            p.play,
            f"Cannot check {self.rule_id}: no French die is logged after {_card(game, p.play)} in "
            f"{_attack_text(a, game)}.",
            severity=Severity.CANNOT_CHECK,
            areas=_areas((a,)),
        )
        return
    f = assault_rules.facts(a, game)

    def fresh(state: GameState) -> tuple[UnitId, ...]:
        return tuple(u for u in a.units if (s := state.unit(u)) is not None and s.location.area == origin and not s.spent)

    start_state = a.steps[start][0] if start < len(a.steps) else f.close
    end_state = a.steps[end][0] if end < len(a.steps) else f.close
    before_units = fresh(start_state)
    after_units = set(fresh(end_state))
    withdrawn = tuple(u for u in before_units if u not in after_units)
    value = sum(die.values)
    expected = min(value, len(before_units))
    if len(withdrawn) != expected:
        yield self.finding(
            p.state,
            p.play,
            f"{_card(game, p.play)}: die {value} against {len(before_units)} fresh assaulting units → min({value}, "
            f"{len(before_units)}) = {expected} withdrawn, but the log withdraws {len(withdrawn)} "
            f"({_units_text(withdrawn)}).",
            units=withdrawn or before_units,
            areas=_areas((a,)),
            expected=expected,
            actual=len(withdrawn),
        )
    yield from _french_choice(self, a, start, end, set(before_units), game)
    lost = [u for _i, u in f.casualties if u in set(withdrawn)]
    if lost:
        yield self.finding(
            p.state,
            p.play,
            f"{_units_text(lost)}, withdrawn by {_card(game, p.play)}, {'is' if len(lost) == 1 else 'are'} eliminated "
            f"as the assault's casualty; withdrawn units take no part in the assault.",
            units=lost,
            areas=_areas((a,)),
        )
    yield from _withdrawn_state(self, p, withdrawn, f.close, ctx)


def _french_choice(
    self: FunctionRule, a: Attack, start: int, end: int, assaulters: set[UnitId], game: GameData
) -> Iterator[Finding]:
    for state, e in a.steps[start:end]:
        chosen: tuple[UnitId, ...] = ()
        if isinstance(e, Flip) and e.by is FR:
            chosen = tuple(u for u in e.units if u in assaulters)
        elif isinstance(e, Move) and e.side is FR:
            chosen = tuple(u for u in e.units if u in assaulters)
        if chosen:
            yield self.finding(
                state,
                e,
                f"The French choose the units Mines withdraws ({_units_text(chosen)}); the Viet Minh chooses them.",
                units=chosen,
                areas=_areas((a,)),
            )
            return


def _withdrawn_state(
    self: FunctionRule, p: Played, withdrawn: tuple[UnitId, ...], close: GameState, ctx: CheckContext
) -> Iterator[Finding]:
    """AMB-15: under ``mines_withdrawn_state`` = spent / fresh, the withdrawn units end in that state."""
    mode = ctx.rules.get("mines_withdrawn_state")
    if mode == "either":
        return
    want_spent = mode == "spent"
    wrong = tuple(
        u for u in withdrawn if (s := close.unit(u)) is not None and s.location.is_on_map and s.spent is not want_spent
    )
    if wrong:
        yield self.finding(
            p.state,
            p.play,
            f"{_units_text(wrong)}, withdrawn by {_card(ctx.game, p.play)}, {'is' if len(wrong) == 1 else 'are'} "
            f"{'fresh' if want_spent else 'spent'} when the assault ends (AMB-15, mines_withdrawn_state={mode}).",
            severity=ctx.rules.rec_severity(),
            units=wrong,
        )


RULES: tuple[Rule, ...] = (
    c_impdef,
    c_giap,
    c_night_assault,
    c_surprise_assault,
    c_mortar,
    c_flamethrowers,
    c_bigeard,
    c_command_coord,
    c_debouchez,
    c_mines,
)
