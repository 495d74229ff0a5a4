"""Fire, Air and OBA (M-5, M-6.4 to M-6.7): MOR-FIRE-01..07 and MOR-AIR-03.

Each attack (a fire, or a support marker's attack) is judged once, when its impulse closes, with
what the card flow gathered for it (``replay.hexes.flow.Resolution``): the combat cards drawn and the
hits its target took. The log records the card and whether the target took a hit, not the
modifiers nor the factor used: the recorded result is judged against the correct modified draw
(``model.playing_cards.combat_draw``: card + modifiers ≤ the firers' summed factor). When it differs,
the checker asks what single mistake gives the recorded result, the mildest first — a wrongly
applied modifier (MOR-FIRE-05: an Air suppression ignored or the terrain modifier left out, both
readings, suspicious; then the −1 for adjacency without every firer adjacent or left out, the
Tiger's −1 outside an AT attack or left out, illegal), then the wrong factor (MOR-FIRE-03) or the
other marker's strength (MOR-AIR-03) — and reports that instead of MOR-FIRE-04. (The Tiger's −1 at
infantry and its AT factor used at infantry always give the same result: it is reported as the
modifier, MOR-FIRE-05.)

Readings (documented in docs/rules-coverage.md): the terrain modifier is the target hex's (M-5.6
"presumably"); an Air suppression gives +1 to the fire of the caller's enemy's units standing, when
they fire, in the suppressed hex or next to it, until the turn ends (M-6.6 b); a Joker drawn for
combat that ends the turn leaves the fire without effect (M-4.3), an ignored one is drawn past; a
face card is a redraw when another card follows, else the miss the firer accepts.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sdbp_module.games.mortain.ids import AI, AIR, AT, OBA
from sdbp_module.games.mortain.rules.facts import Facts
from sdbp_module.ids import Severity
from sdbp_module.model.playing_cards import Draw, combat_draw
from sdbp_module.records import record
from sdbp_module.replay.hexes.events import (
    FireAt,
    HexEvent,
    Hit,
    HitResult,
    SupportCall,
    SupportMode,
    UnitEliminated,
    is_hex,
)
from sdbp_module.replay.hexes.flow import Impulse, JokerFate, Resolution
from sdbp_module.replay.hexes.state import HexState
from sdbp_module.rules.findings import Finding
from sdbp_module.rules.hexes.base import HexContext, HexRule, Steps

FIRE_IDS = ("MOR-FIRE-01", "MOR-FIRE-02", "MOR-FIRE-03", "MOR-FIRE-04", "MOR-FIRE-05", "MOR-FIRE-06", "MOR-AIR-03")


@record
class Said:
    """A finding to make: the rule id, the severity (None: the rule's), the message and what it names."""

    rule_id: str
    message: str
    severity: Severity | None = None
    units: tuple[str, ...] = ()
    hexes: tuple[str, ...] = ()
    expected: str | int | None = None
    actual: str | int | None = None


def _suppressed(impulse: Impulse, attack: HexEvent, ctx: HexContext) -> list[SupportCall]:
    """The Air suppressions called this turn before ``attack``."""
    calls: list[SupportCall] = []
    for imp in ctx.after.all_impulses():
        if imp.turn != impulse.turn:
            continue
        for e in imp.events:
            if e is attack:
                return calls
            if isinstance(e, SupportCall) and e.mode == SupportMode.SUPPRESSION and e.marker == AIR:
                calls.append(e)
    return calls


def _outcome(draws: Iterable[str], ctx: HexContext, strength: int, modifiers: list[int], joker: str) -> tuple[str, str, int | None]:
    """What the draws give: ("hit" | "miss" | "face" | "joker-end" | "none", the deciding card, the modified draw)."""
    cards = list(draws)
    for i, card_id in enumerate(cards):
        try:
            card = ctx.spec.card(card_id)
        except ValueError:
            return "none", card_id, None
        more = i + 1 < len(cards)
        if card.is_joker:
            if joker == JokerFate.ENDED_TURN:
                return "joker-end", card_id, None
            if more:
                continue
            return "none", card_id, None
        result = combat_draw(ctx.spec, card, strength, modifiers)
        if result.outcome in (Draw.REDRAW_OR_MISS, Draw.REDRAW):
            if more:
                continue
            return "face", card_id, None
        return ("hit" if result.outcome is Draw.HIT else "miss"), card_id, result.modified
    return "none", "", None


def _judge(resolution: Resolution, before: HexState, impulse: Impulse, ctx: HexContext, fired_before: set[str]) -> Iterator[Said]:
    facts = Facts(ctx.game)
    attack = resolution.attack
    target = attack.target
    fire = isinstance(attack, FireAt)
    target_id = "MOR-FIRE-03" if fire else "MOR-AIR-03"
    target_unit = facts.unit(target)
    if target_unit is None:
        yield Said(target_id, f"The target typed {attack.typed or target!r} names no unit: the {'fire' if fire else 'attack'} "
                   "cannot be checked.", Severity.CANNOT_CHECK)
        return
    side = attack.side
    if isinstance(attack, FireAt) and side is None:
        side = next((facts.side(u) for u, _ in attack.firers if facts.side(u) is not None), None)
    if side is not None and target_unit.side is side:
        yield Said(target_id, f"{target} is a friendly unit: the target is an enemy unit (M-5.5, M-6.4).", units=(target,))
        return
    where = before.place(target)
    if not is_hex(where):
        yield Said("MOR-FIRE-01" if fire else "MOR-AIR-03", f"{target} is not on the map ({where or 'nowhere'}): no fire "
                   "reaches it (M-5.2, M-6.4).", units=(target,))
        return
    tank = facts.is_tank(target)
    kind = AT if tank else AI
    firers: list[tuple[str, str]] = []
    if isinstance(attack, FireAt):
        blocked = False
        for unit, recorded in attack.firers:
            place = before.place(unit) or recorded
            if facts.unit(unit) is None:
                yield Said("MOR-FIRE-03", f"The firer {unit} is no unit of the game: the fire cannot be checked.", Severity.CANNOT_CHECK)
                return
            if unit in fired_before:
                yield Said("MOR-FIRE-03", f"{unit} fires a second time in one activation: one target per fire, one fire "
                           "per activation (M-3.4, M-5.5).", units=(unit,), hexes=(place,))
            firers.append((unit, place))
            h_firer, h_target = facts.hex(place), facts.hex(where)
            if h_firer is None or h_target is None:
                yield Said("MOR-FIRE-01", f"{unit} fires from {place or 'nowhere'}, off the map (M-5.2).", units=(unit,))
                blocked = True
                continue
            reach = facts.map.reach(h_firer, 2)
            d = facts.distance(place, where)
            if d is not None and d > reach:
                hill = " (3 from a hill)" if reach > 2 else ""
                yield Said("MOR-FIRE-01", f"{unit} in {place} fires at {target} in {where}, {d} hexes away: range 2{hill} (M-5.2).",
                           units=(unit, target), hexes=(place, where), expected=reach, actual=d)
                blocked = True
                continue
            sight = facts.map.line_of_fire(h_firer, h_target)
            if not sight.clear:
                through = ", ".join(dict.fromkeys(facts.map.grid.hex_id(h) for h in sight.blocking))
                yield Said("MOR-FIRE-02", f"{unit} in {place} fires at {target} in {where} through {through} "
                           f"({', '.join(dict.fromkeys(facts.terrain(facts.map.grid.hex_id(h)) for h in sight.blocking))}): "
                           "no fire through village, town, hill or forest (M-5.3).", units=(unit, target),
                           hexes=(place, *(facts.map.grid.hex_id(h) for h in sight.blocking), where))
                blocked = True
        if blocked:
            return
    hits = resolution.hits
    named = (target,)
    if len(hits) > 1:
        yield Said("MOR-FIRE-04" if fire else "MOR-AIR-03", f"{target} takes {len(hits)} hits from one "
                   f"{'fire' if fire else 'attack'}: a hit flips it, one at most (M-5.6).", units=named, hexes=(where,),
                   expected=1, actual=len(hits))
        return
    recorded = "hit" if hits else "miss"
    flipped = before.flipped
    if isinstance(attack, FireAt):
        strength = sum(facts.factor(u, u in flipped, kind) for u, _ in firers)
        other = sum(facts.factor(u, u in flipped, AI if tank else AT) for u, _ in firers)
        all_adjacent = bool(firers) and all(facts.adjacent(p, where) for _, p in firers)
        tiger_in = any(u == facts.tiger for u, _ in firers)
        suppressed = False
        for call in _suppressed(impulse, attack, ctx):
            if call.side is not None and call.side is side:
                continue
            if any(p == call.target or facts.adjacent(p, call.target) for _, p in firers):
                suppressed = True
        mods = {
            "adjacent": -1 if all_adjacent else 0,
            "tiger": -1 if tiger_in and tank else 0,
            "terrain": facts.modifier(where),
            "suppression": 1 if suppressed else 0,
        }
    else:
        marker_strength = facts.strength(attack.marker)
        if marker_strength is None:
            yield Said("MOR-AIR-03", f"The marker {attack.marker!r} has no strength in the data: cannot be checked.",
                       Severity.CANNOT_CHECK)
            return
        strength = marker_strength
        other_marker = OBA if attack.marker == AIR else AIR
        other = facts.strength(other_marker) or strength
        tiger_in = all_adjacent = False
        mods = {"adjacent": 0, "tiger": 0, "terrain": facts.modifier(where), "suppression": 0}
    draws = [d.card for d in resolution.draws]
    got, card, modified = _outcome(draws, ctx, strength, list(mods.values()), resolution.joker)
    what = f"{attack.marker} attack" if isinstance(attack, SupportCall) else "fire"
    if got == "none":
        if hits:
            yield Said("MOR-FIRE-04" if fire else "MOR-AIR-03", f"{target} takes a hit from a {what} with no card drawn "
                       f"to resolve it{' (' + ', '.join(draws) + ')' if draws else ''} (M-5.6).", units=named, hexes=(where,))
        return
    if got == "joker-end":
        if hits:
            yield Said("MOR-FIRE-04", f"{target} takes a hit from a {what} whose combat card was the Joker that ended the "
                       "turn: the fire has no effect (M-4.3, presumably).", Severity.SUSPICIOUS, units=named, hexes=(where,))
        return
    if got == "face":
        if hits:
            yield Said("MOR-FIRE-06", f"{target} takes a hit from a {what} resolved by the face card {card}: a face card "
                       "is redrawn or a miss (M-5.6).", units=named, hexes=(where,))
        return
    if got == recorded:
        return
    total = sum(mods.values())
    numbers = (f"{card} + modifiers {total:+d} = {modified} against {'AT' if kind == AT else 'AI'} {strength}"
               if fire else f"{card} + terrain {total:+d} = {modified} against strength {strength}")
    # the mistakes that give the recorded result, the mildest first (a reading before a clear rule)
    mistakes: list[tuple[str, dict[str, int], Severity]] = []
    if mods["suppression"]:
        mistakes.append(("the Air suppression's +1 ignored", {**mods, "suppression": 0}, Severity.SUSPICIOUS))
    if mods["terrain"]:
        mistakes.append((f"the terrain modifier {mods['terrain']:+d} of {where} left out", {**mods, "terrain": 0},
                         Severity.SUSPICIOUS))
    if fire:
        mistakes.append((("the −1 for adjacency left out" if all_adjacent else "a −1 for adjacency without every firer "
                         "adjacent to the target"), {**mods, "adjacent": 0 if all_adjacent else -1}, Severity.ILLEGAL))
        if tiger_in:
            mistakes.append((("the Tiger's −1 left out of an AT attack" if tank else "the Tiger's −1 outside an AT attack"),
                             {**mods, "tiger": 0 if tank else -1}, Severity.ILLEGAL))
    for words, alt_mods, severity in mistakes:
        alt, _, alt_modified = _outcome(draws, ctx, strength, list(alt_mods.values()), resolution.joker)
        if alt == recorded:
            yield Said("MOR-FIRE-05", f"{target} {'took a hit' if hits else 'took no hit'}: what {words} gives "
                       f"({alt_modified}); {numbers} is a {got} (M-5.6{', M-6.6' if 'suppression' in words else ''}).",
                       severity, units=named, hexes=(where,), expected=got, actual=recorded)
            return
    alt, _, _ = _outcome(draws, ctx, other, list(mods.values()), resolution.joker)
    if alt == recorded and other != strength:
        if fire:
            wrong = "AI" if kind == AT else "AT"
            yield Said("MOR-FIRE-03", f"{target} ({'a tank' if tank else 'not a tank'}) {'took a hit' if hits else 'took no hit'}: "
                       f"what the firers' {wrong} factor {other} gives; {numbers} is a {got} (M-5.4).", units=named,
                       hexes=(where,), expected=got, actual=recorded)
        else:
            yield Said("MOR-AIR-03", f"{target} {'took a hit' if hits else 'took no hit'}: what strength {other} gives; the "
                       f"{what} has strength {strength}: {numbers} is a {got} (M-6.5, M-6.6).",
                       units=named, hexes=(where,), expected=got, actual=recorded)
        return
    yield Said("MOR-FIRE-04" if fire else "MOR-AIR-03", f"{target} {'took a hit' if hits else 'took no hit'}, but "
               f"{numbers} is a {got} (M-5.6{'' if fire else ', M-6.7'}).", units=named, hexes=(where,),
               expected=got, actual=recorded)


def _close(rule: HexRule, impulse: Impulse, steps: Steps, state: HexState, ctx: HexContext) -> Iterator[Finding]:
    before_of = {id(e): s for s, e in steps}
    fired: set[str] = set()
    for resolution in impulse.resolutions:
        attack = resolution.attack
        before = before_of.get(id(attack), state)
        for said in _judge(resolution, before, impulse, ctx, set(fired)):
            if said.rule_id == rule.rule_id:
                yield rule.finding(before, attack, said.message, severity=said.severity, units=said.units,
                                   hexes=said.hexes, expected=said.expected, actual=said.actual, impulse=impulse.number)
        if isinstance(attack, FireAt):
            fired.update(u for u, _ in attack.firers)
    if rule.rule_id == "MOR-FIRE-04":
        for hit in impulse.other_hits:
            yield rule.finding(before_of.get(id(hit), state), hit, f"{hit.unit} takes a hit that follows no fire or attack "
                               "at it (a hit is taken right after its attack's card) (M-5.6).", severity=Severity.SUSPICIOUS,
                               units=(hit.unit,), hexes=(hit.place,), impulse=impulse.number)


def _support_mode(rule: HexRule, before: HexState, event: HexEvent, after: HexState, ctx: HexContext) -> Iterable[Finding]:
    assert isinstance(event, SupportCall)
    impulse = ctx.flow.current.number
    if event.mode == SupportMode.SUPPRESSION:
        if event.marker != AIR:
            return (rule.finding(before, event, f"{event.marker} is used for a suppression: only Air suppresses; OBA attacks "
                                 "(M-6.5, M-6.6).", impulse=impulse, hexes=(event.target,)),)
        if Facts(ctx.game).hex(event.target) is None:
            return (rule.finding(before, event, f"The suppression's target {event.typed or event.target!r} is no hex of the "
                                 "map: cannot be checked.", severity=Severity.CANNOT_CHECK, impulse=impulse),)
        return ()
    if event.mode != SupportMode.ATTACK:
        return (rule.finding(before, event, f"Support mode {event.mode!r} is neither attack nor suppression: cannot be "
                             "checked.", severity=Severity.CANNOT_CHECK, impulse=impulse),)
    return ()


def _hit(rule: HexRule, before: HexState, event: HexEvent, after: HexState, ctx: HexContext) -> Iterable[Finding]:
    impulse = ctx.flow.current.number
    if isinstance(event, Hit):
        flipped = event.unit in before.flipped
        if flipped and event.result == HitResult.FLIP:
            return (rule.finding(before, event, f"{event.unit} is already flipped and stays in play after a hit: a flipped "
                                 "unit is eliminated (M-5.6).", units=(event.unit,), hexes=(event.place,), impulse=impulse,
                                 expected=HitResult.ELIMINATE, actual=HitResult.FLIP),)
        if not flipped and event.result == HitResult.ELIMINATE:
            return (rule.finding(before, event, f"{event.unit} is eliminated by one hit while fresh: a hit flips a fresh unit "
                                 "(M-5.6).", units=(event.unit,), hexes=(event.place,), impulse=impulse,
                                 expected=HitResult.FLIP, actual=HitResult.ELIMINATE),)
        return ()
    if isinstance(event, UnitEliminated) and is_hex(before.place(event.unit)) and event.unit not in before.flipped:
        return (rule.finding(before, event, f"{event.unit} is removed fresh by the Eliminate command: a unit leaves play on "
                             "its second hit (M-5.6).", severity=Severity.SUSPICIOUS, units=(event.unit,),
                             hexes=(before.place(event.unit),), impulse=impulse),)
    return ()


def _summary(rule_id: str) -> str:
    return {
        "MOR-FIRE-01": "Every firer is within 2 hexes of its target, 3 from a hill.",
        "MOR-FIRE-02": "No line of fire passes through an intervening village, town, hill or forest hex.",
        "MOR-FIRE-03": "One enemy target; each firer fires once an activation; the right factor (AT at tanks, AI else).",
        "MOR-FIRE-04": "The recorded hit or miss is what the modified draw against the summed factor gives.",
        "MOR-FIRE-05": (
            "Wrong modifiers: the log records the card and the hit, not the modifiers; a recorded result that is not the "
            "correct one but is what a wrongly applied modifier gives (adjacency −1, Tiger −1, terrain left out, an Air "
            "suppression ignored) is reported here instead of MOR-FIRE-04."
        ),
        "MOR-FIRE-06": "A face card drawn for combat never gives a hit.",
        "MOR-AIR-03": "OBA attacks with 3, Air with 4 (or suppresses a hex); the target is an enemy unit.",
    }[rule_id]


_REFS = {
    "MOR-FIRE-01": "M-5.2", "MOR-FIRE-02": "M-5.3", "MOR-FIRE-03": "M-5.4, M-5.5", "MOR-FIRE-04": "M-5.6, M-4.3",
    "MOR-FIRE-05": "M-5.6, M-6.6", "MOR-FIRE-06": "M-5.6", "MOR-AIR-03": "M-6.4 to M-6.7",
}

RULES: tuple[HexRule, ...] = (
    *(
        HexRule(rid, _REFS[rid], Severity.ILLEGAL, _summary(rid), close_fn=_close,
                check_fn=_support_mode if rid == "MOR-AIR-03" else None,
                event_types=(SupportCall,) if rid == "MOR-AIR-03" else None)
        for rid in FIRE_IDS
    ),
    HexRule("MOR-FIRE-07", "M-5.6", Severity.ILLEGAL, "A hit flips a fresh unit and eliminates a flipped one.",
            check_fn=_hit, event_types=(Hit, UnitEliminated)),
)


