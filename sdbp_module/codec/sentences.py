"""Format 2 of the module's report lines: one sentence of the game per event (``docs/report-formats.md``).

The one table both sides use. Each :class:`Template` is a sentence with slots, e.g.
``{side} moves {unit} from {from:old} to {to:here}``; from it come

- the VASSAL report format the module writes (:func:`vassal_format`: each slot becomes the engine
  property that fills it, ``$PlayerSide$``, ``$BasicName$ ($sdbp_id$)``, ``$LocationName$`` …, or a
  literal the writer gives), or a BeanShell expression choosing between two variants
  (:func:`vassal_choice`);
- the sentence for given values (:func:`render`, what the scribe writes);
- the parser back to the event word and the ``key=value`` fields of format 1 (:func:`parse_sentence`),
  so a reader above it sees the same record whichever format the log has.

Slot kinds (``{key:kind}``, the kind defaults to the key):

``side``     the acting side's label, ``$PlayerSide$`` (field ``side``)
``unit``     a unit, ``Name (ID)``: ``$BasicName$ ($sdbp_id$)`` (field ``unit``, the id)
``card``     a card, ``Name (ID)``: ``$card_name$ ($sdbp_id$)`` (field ``card``)
``marker``   a marker and its face, ``Name (kind: state)`` (fields ``marker``, ``state``)
``mark``     a marker, ``Name (kind)`` (field ``marker``)
``here``     a place, the location name of the piece now, ``$LocationName$`` (``14 Béatrice``);
             the field is the zone (:func:`zone_of_location`)
``old``      the same before the move, ``$OldLocationName$``
``typed``    what a player typed (``$sdbp_target$``), always the last slot: any text reads
``id``       a one-token literal the writer puts in (a purpose, a state, a result, a helper)
``word``     a literal of several words the writer puts in (a side label, a state's label, a button)
``count``    a number: the writer puts it in (``_n``, no field) or a property holds it (``Turn 2``: ``turn``)
``dice``     the dice, ``3 + 5`` (field ``dice`` = ``3,5``): ``$result1$ + $result2$``
``total``    their sum, ``$numericalTotal$``
``turn``     the tracker's turn text, ``Turn 2 · action phase`` (:data:`TURN_TEXT`): ``$newTurn$``
             (fields ``turn``, ``phase``)
``facts``    optional trailing facts, ``; modified total 9; areas out of supply: 2`` (:data:`FACTS`)

What makes a line the module's: it is a chat text that starts with the engine's decoration ``*``
(``* `` from a piece's Report Action, a dice button, the turn tracker; ``*`` from a toolbar Global
Key Command; ``* UNDO: * `` inside an undo) and whose rest matches one template *entirely*. Typed
chat never starts with ``*`` (the engine writes it as ``&lt;player&gt; - text``,
``Chatter.formatChat``), and the engine's own lines (``* X moves A &rarr; B *``, ``* X created in A
*``) match no template.

Names, places and words come from the game's data and never contain the connecting words of their
template where they stand (``tests/unit/codec/test_sentences.py`` checks both games' data), with one
exception handled by the reader: two places side by side (``from 3 Road to Tuần Giáo to 14 …``) are
split at the first ``to`` followed by an area number, else at the last (:func:`_split_places`). A
typed value is always last, so it may hold anything.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import field
from functools import cache

from sdbp_module.records import record

VERSION = "2"

TURN_TEXT = "Turn {turn} · {phase} phase"
"""What the turn tracker shows and puts in its report (``turnFormat``), ``Turn 2 · action phase``."""

OFFBOARD = "offboard"
"""The engine's location name of a point in no zone and no deck (``Map.offboard``)."""

OTHER_PURPOSE = "other"
"""The dice purpose the sentence does not name (``rolls 2d6: 3 + 4 = 7``)."""

FACTS: dict[str, str] = {
    "modified": "modified total {}",
    "areas": "areas out of supply: {}",
    "replacements": "replacements: {}",
    "drawn": "cards drawn: {}",
    "hand": "hand size: {}",
}
"""The facts a DICE or HELPER line may carry after its sentence, ``; <phrase>`` each, in the order the
writer gives them: field key → phrase, ``{}`` the value (any text without ``;``). A phrase must
differ from the others by its fixed words. To add a fact: add an entry here, then give it to the
writer (``buildfile.dice_report(purpose, n, facts=[(key, "$Property$")])`` /
``helper_report(…, facts=…)``); a reader then finds it as ``line.get(key)``. A fact no entry
describes reads as the field ``fact``."""


@record
class Template:
    """One sentence of one event. ``defaults`` are fields the sentence implies (a variant without a
    target reads ``target=``); ``words`` maps a field's value to the words the sentence shows."""

    event: str
    text: str
    defaults: tuple[tuple[str, str], ...] = ()
    words: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    slots: tuple[tuple[str, str], ...] = field(init=False, compare=False, repr=False)
    place_pairs: tuple[tuple[str, str, str], ...] = field(init=False, compare=False, repr=False)
    literals: tuple[str, ...] = field(init=False, compare=False, repr=False)  # words every matching sentence holds

    def __post_init__(self) -> None:
        found = list(_SLOT.finditer(self.text))
        slots = tuple((m.group(1), m.group(2) or m.group(1)) for m in found)
        object.__setattr__(self, "slots", slots)
        object.__setattr__(self, "literals", tuple(w for w in _regex_parts(self.text)[1] if w))
        pairs = []
        for (a, b), ((ka, kinda), (kb, kindb)) in zip(zip(found, found[1:]), zip(slots, slots[1:])):
            if kinda in _PLACES and kindb in _PLACES:
                pairs.append((ka, self.text[a.end() : b.start()], kb))
        object.__setattr__(self, "place_pairs", tuple(pairs))

    @property
    def regex(self) -> re.Pattern[str]:
        """The sentence as a regular expression, compiled when first asked for (``_compiled``: most
        sentences are never tried in a run, and compiling all of them cost a tenth of the import)."""
        return _compiled(self.text)

    def could_match(self, sentence: str) -> bool:
        """Whether ``sentence`` holds every fixed word of this sentence (else ``regex`` cannot match it)."""
        return _holds_all(sentence, _selective_first(self.literals))

    def word_of(self, key: str, value: str) -> str:
        for k, table in self.words:
            if k == key:
                return dict(table).get(value, value)
        return value

    def value_of(self, key: str, word: str) -> str:
        for k, table in self.words:
            if k == key:
                return {w: v for v, w in table}.get(word, word)
        return word


_SLOT = re.compile(r"\{(\w+)(?::(\w+))?\}")
_PLACES = ("here", "old")
_NAME_ID = r"(?P<{k}__name>.*) \((?P<{k}>[^()\s]*)\)"
_KIND_RX: dict[str, str] = {
    "side": r"(?P<{k}>[^()]*?)",
    "unit": _NAME_ID,
    "card": _NAME_ID,
    "mark": _NAME_ID,
    "marker": r"(?P<marker__name>.*) \((?P<marker>[^()\s:]*): (?P<state>[^()]*)\)",
    "here": r"(?P<{k}>.*?)",
    "old": r"(?P<{k}>.*?)",
    "typed": r"(?P<{k}>.*)",
    "word": r"(?P<{k}>[^()]+?)",
    "id": r"(?P<{k}>[^\s()\[\]]+)",
    "count": r"(?P<{k}>\d+)",
    "dice": r"(?P<{k}>-?\d+(?: \+ -?\d+)*)",
    "total": r"(?P<{k}>-?\d+)",
    "turn": r"Turn (?P<turn>.*?) · (?P<phase>.*?) phase",
    "facts": r"(?P<{k}>(?:; [^;]*)*)",
}
_KIND_VASSAL: dict[str, str] = {
    "side": "$PlayerSide$",
    "unit": "$BasicName$ ($sdbp_id$)",
    "card": "$card_name$ ($sdbp_id$)",
    "mark": "$BasicName$ ($sdbp_id$)",
    "marker": "$BasicName$ ($sdbp_id$: $sdbp_state$)",
    "here": "$LocationName$",
    "old": "$OldLocationName$",
    "typed": "$sdbp_target$",
    "total": "$numericalTotal$",
    "turn": "$newTurn$",
    "facts": "",
}


@cache
def _compiled(text: str) -> re.Pattern[str]:
    return re.compile(_regex(text), re.DOTALL)


def _regex(text: str) -> str:
    return _regex_parts(text)[0]


def _regex_parts(text: str) -> tuple[str, list[str]]:
    """The regular expression of a sentence, and its literal parts (each in every sentence it matches)."""
    out, pos = [], 0
    literals: list[str] = []
    matches = list(_SLOT.finditer(text))
    for i, m in enumerate(matches):
        literal = text[pos : m.start()]
        key, kind = m.group(1), m.group(2) or m.group(1)
        if kind == "typed":
            if i != len(matches) - 1 or m.end() != len(text):
                raise ValueError(f"a typed slot must end its sentence: {text!r}")
            # the engine's line loses trailing spaces: an empty value loses the space before it too
            out.append(re.escape(literal.rstrip(" ")) + rf"(?: (?P<{key}>.*))?")
            literals.append(literal.rstrip(" "))
            pos = m.end()
            continue
        out.append(re.escape(literal))
        literals.append(literal)
        out.append(_KIND_RX[kind].format(k=key))
        pos = m.end()
    out.append(re.escape(text[pos:]))
    literals.append(text[pos:])
    return "".join(out), literals


def _t(event: str, text: str, defaults: Mapping[str, str] = {}, words: Mapping[str, Mapping[str, str]] = {}) -> Template:
    return Template(event, text, tuple(defaults.items()), tuple((k, tuple(v.items())) for k, v in words.items()))


_DAMAGE_WORDS = {"result": {"flip": "flipped", "eliminate": "eliminated"}}

TEMPLATES: dict[str, Template] = {
    # the sentences with a typed value first: what a player typed may look like any sentence's end
    # (a fire at a unit before a fire at an area: only the first has the words "at unit")
    "fire-at": _t("FIRE", "{side} fires with {unit} from {from:here} at unit {target:typed}", {"aim": "unit"}),
    "support": _t("SUPPORT", "{side} calls {marker:mark} for {mode:id} on {target:typed}"),
    "fire": _t("FIRE", "{side} fires with {unit} from {from:here} at area {target:typed}"),
    "assault": _t("ASSAULT", "{side} assaults with {unit} from {from:here} into area {target:typed}"),
    "entrench-card": _t("ENTRENCH", "{side} discards card {card} to entrench area {area:typed}"),
    "play": _t("CARD", "{side} plays card {card}, target area: {target:typed}", {"action": "play"}),
    "retreat": _t("RETREAT", "{side} retreats {unit} from {from:here} to area {to:typed}"),
    "dice": _t("DICE", "{side} rolls {_n:count}d6 for {purpose:id}: {dice} = {total}{facts}"),
    "die": _t("DICE", "{side} rolls {_n:count}d6 for {purpose:id}: {total}{facts}"),
    "dice-other": _t("DICE", "{side} rolls {_n:count}d6: {dice} = {total}{facts}", {"purpose": OTHER_PURPOSE}),
    "die-other": _t("DICE", "{side} rolls {_n:count}d6: {total}{facts}", {"purpose": OTHER_PURPOSE}),
    "phase": _t("PHASE", "{side} starts {_turn:turn}"),
    "turn-start": _t("TURN", "{side} starts Turn {turn:count}"),
    "reshuffle": _t("RESHUFFLE", "{side} reshuffles the {deck:word} into the {to:word}"),
    "activate": _t("ACTIVATE", "{side} activates {unit} in {area:here}"),
    "flip": _t("FLIP", "{side} flips {unit} in {area:here} to {state:id}"),
    "flip-refresh": _t("FLIP", "{side:word} unit {unit} in {area:here} flips to {state:id} ({_button:word})", {"helper": "refresh"}),
    "move": _t("MOVE", "{side} moves {unit} from {from:old} to {to:here}"),
    "move-marker": _t("MOVE", "{side} moves {marker} from {from:old} to {to:here}"),
    "place-marker": _t("MOVE", "{side} places {marker} in {to:here}", {"from": ""}),
    "entrench": _t("ENTRENCH", "{side} entrenches with {unit} in {area:here}"),
    "discard": _t("CARD", "{side} discards card {card}", {"action": "discard"}),
    "remove-card": _t("CARD", "{side} removes card {card} from the game", {"action": "remove"}),
    "draw-card": _t("DRAW", "{side} draws the {card} from {deck:word}"),
    "pass": _t("PASS", "{side} passes"),
    "eliminate": _t("ELIMINATE", "{side} eliminates {unit} from {from:old}"),
    "remove": _t("REMOVE", "{side} removes {unit} in {from:old} from the game"),
    "marker": _t("MARKER", "{side} turns {marker:mark} in {area:here} to {_label:word} [{state:id}]"),
    "damage": _t("DAMAGE", "{side} takes a hit on {unit} in {area:here}: {result:id}", words=_DAMAGE_WORDS),
    "result": _t("RESULT", "{side} declares the result: the {winner:word} win"),
    # a hex game's play (model.hex_play): transport, double move, declaration, package, a step restored, a unit's status
    "carry": _t("CARRY", "{side} carries {unit} in {area:here} by {mode:id}"),
    "double": _t("DOUBLE", "{side} doubles the move of {unit} in {area:here}"),
    "declare": _t("DECLARE", "{side} declares {unit} in {area:here}"),
    "package": _t("PACKAGE", "{side} takes the package {_label:word} [{package:id}]"),
    "restore": _t("RESTORE", "{side} restores a step of {unit} in {area:here}"),
    "status-on": _t("STATUS", "{side} marks {unit} as {_label:word} [{status:id}] in {area:here}", {"on": "yes"}),
    "status-off": _t("STATUS", "{side} clears {_label:word} [{status:id}] from {unit} in {area:here}", {"on": "no"}),
    "helper-for": _t("HELPER", "{side} uses {_button:word} ({helper:id} for {for:word}){facts}"),
    "helper": _t("HELPER", "{side} uses {_button:word} ({helper:id}){facts}"),
}
"""Every sentence, by name. Field order in a parsed record is the order of format 1."""

_FIELD_ORDER: dict[str, tuple[str, ...]] = {
    "DICE": ("side", "purpose", "dice", "total"),
    "PHASE": ("turn", "phase", "side"),
    "FLIP": ("side", "unit", "area", "state"),
    "MOVE": ("side", "unit", "marker", "state", "from", "to"),
    "FIRE": ("side", "unit", "from", "target"),
    "TURN": ("side", "turn"),
    "RESHUFFLE": ("side", "deck", "to"),
    "ACTIVATE": ("side", "unit", "area"),
    "SUPPORT": ("side", "marker", "mode", "target"),
    "ASSAULT": ("side", "unit", "from", "target"),
    "ENTRENCH": ("side", "unit", "card", "area"),
    "CARD": ("side", "card", "action", "target"),
    "DRAW": ("side", "card", "deck"),
    "PASS": ("side",),
    "ELIMINATE": ("side", "unit", "from"),
    "REMOVE": ("side", "unit", "from"),
    "MARKER": ("side", "marker", "state", "area"),
    "DAMAGE": ("side", "unit", "area", "result"),
    "RETREAT": ("side", "unit", "from", "to"),
    "RESULT": ("side", "winner"),
    "HELPER": ("side", "helper", "for"),
    "CARRY": ("side", "unit", "area", "mode"),
    "DOUBLE": ("side", "unit", "area"),
    "DECLARE": ("side", "unit", "area"),
    "PACKAGE": ("side", "package"),
    "RESTORE": ("side", "unit", "area"),
    "STATUS": ("side", "unit", "area", "status", "on"),
}

_DECORATION = re.compile(r"\*(?P<undo> ?UNDO: \*)?")


def zone_of_location(name: str) -> str:
    """The zone a location name stands for: an area's leading number (``14 Béatrice`` → ``14``), a
    box or pile its name, the engine's ``offboard`` (and nothing) no zone."""
    m = re.match(r"(\d+)(?: |$)", name)
    if m:
        return m.group(1)
    return "" if name in (OFFBOARD, "") else name


def parse_sentence(chat: str) -> tuple[str, tuple[tuple[str, str], ...], str, bool] | None:
    """The record of a format-2 line: (event, fields, sentence, inside an undo), or None when the chat
    text is none of the module's sentences."""
    deco = _DECORATION.match(chat)
    if deco is None:
        return None
    rest = chat[deco.end() :].rstrip(" ")
    # the decoration's space is optional (``*`` from a button, ``* `` elsewhere), and an empty side
    # starts the sentence with a space of its own
    candidates = [rest[1:], rest] if rest.startswith(" ") else [rest]
    for template, first, words in _TRIALS:
        if first not in rest:  # its most selective word, looked for once in the rest (each candidate is part of it)
            continue
        for sentence in candidates:
            if not _holds_all(sentence, words):  # (``could_match``, inlined: every template is asked of every line)
                continue
            m = template.regex.fullmatch(sentence)
            if m is not None:
                return template.event, _fields(template, m), sentence, deco.group("undo") is not None
    return None


def _selective_first(literals: tuple[str, ...]) -> tuple[str, ...]:
    """A template's fixed words, the longest first (its verb, mostly: the one most lines lack), so that a
    line of another template is turned away at the first word tried; every word must be there all the same."""
    return tuple(sorted(literals, key=len, reverse=True))


def _holds_all(sentence: str, words: tuple[str, ...]) -> bool:
    for word in words:
        if word not in sentence:
            return False
    return True


_TRIALS: tuple[tuple[Template, str, tuple[str, ...]], ...] = tuple(
    (t, words[0] if words else "", words) for t in TEMPLATES.values() for words in [_selective_first(t.literals)]
)
"""Each template, in :data:`TEMPLATES` order, with the fixed words ``could_match`` looks for, the first of
them (the most selective) also on its own."""


def match_template(sentence: str) -> str | None:
    """The name of the first template (in :data:`TEMPLATES` order) the undecorated sentence matches
    entirely, or None."""
    for name, template in TEMPLATES.items():
        if template.could_match(sentence) and template.regex.fullmatch(sentence) is not None:
            return name
    return None


def _split_places(template: Template, m: re.Match[str]) -> dict[str, str]:
    """The location names of two places side by side (``from X to Y``), split where a name of the
    data may hold the words between them too (``3 Road to Tuần Giáo``): at the first occurrence
    whose right part starts with an area number, else at the last one (a box has no number)."""
    out: dict[str, str] = {}
    for left, words, right in template.place_pairs:
        both = m.string[m.start(left) : m.end(right)]
        cuts = _occurrences(both, words)
        area = [i for i in cuts if re.match(r"\d+(?: |$)", both[i + len(words) :])]
        cut = area[0] if area else cuts[-1]
        out[left], out[right] = both[:cut], both[cut + len(words) :]
    return out


def _occurrences(text: str, words: str) -> list[int]:
    """Where ``words`` starts in ``text``, every occurrence (overlapping ones too), found by ``str.find``
    (a ``startswith`` at each character of the places: 2,200 calls and 2.4 M instructions a small log's check).
    Empty ``words`` (no template has two places side by side) start at every character, as ``startswith``
    answered, and not also past the last one, where ``find`` would find them."""
    if not words:
        return list(range(len(text)))
    found: list[int] = []
    at = text.find(words)
    while at >= 0:
        found.append(at)
        at = text.find(words, at + 1)
    return found


def _fields(template: Template, m: re.Match[str]) -> tuple[tuple[str, str], ...]:
    places = _split_places(template, m)
    values: dict[str, str] = dict(template.defaults)
    extra: list[tuple[str, str]] = []
    for key, kind in template.slots:
        if kind == "turn":
            values["turn"], values["phase"] = m.group("turn"), m.group("phase")
        elif kind == "marker":
            values["marker"], values["state"] = m.group("marker"), m.group("state")
        elif kind == "facts":
            extra = _facts(m.group(key))
        elif key.startswith("_"):
            continue
        elif kind in _PLACES:
            values[key] = zone_of_location(places.get(key, m.group(key)))
        elif kind == "typed":
            values[key] = m.group(key) or ""
        elif kind == "dice":
            values[key] = ",".join(d.strip() for d in m.group(key).split("+"))
        else:
            values[key] = template.value_of(key, m.group(key))
    if template.event == "DICE" and "dice" not in values:
        values["dice"] = values["total"]
    order = _FIELD_ORDER.get(template.event, ())
    fields = [(k, values.pop(k)) for k in order if k in values]
    fields += list(values.items())
    return tuple(fields + extra)


def _facts(text: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for part in text.split("; ")[1:]:
        for key, phrase in FACTS.items():
            pre, post = phrase.split("{}")
            if part.startswith(pre) and part.endswith(post) and len(part) >= len(pre) + len(post):
                out.append((key, part[len(pre) : len(part) - len(post)]))
                break
            if part == pre.rstrip(" ") + post.lstrip(" "):  # an empty value, its space stripped at the end
                out.append((key, ""))
                break
        else:
            out.append(("fact", part))
    return out


def facts_text(facts: Sequence[tuple[str, str]]) -> str:
    """The trailing clause of the given facts, ``; <phrase>`` each (:data:`FACTS`)."""
    return "".join("; " + FACTS[key].format(value) for key, value in facts)


def vassal_format(name: str, **literals: str) -> str:
    """The VASSAL report format of a template: each slot becomes the engine property that fills it,
    unless ``literals`` gives its text (a word, a count, the dice of a button, the facts, or any slot
    overridden)."""
    template = TEMPLATES[name]

    def slot(m: re.Match[str]) -> str:
        key, kind = m.group(1), m.group(2) or m.group(1)
        if key in literals:
            return template.word_of(key, literals[key])
        if kind in _KIND_VASSAL:
            return _KIND_VASSAL[kind]
        raise ValueError(f"template {name!r}: slot {key!r} needs a literal")

    return _SLOT.sub(slot, template.text)


def dice_text(n: int) -> str:
    """The dice of an ``n``-die button, ``$result1$ + $result2$`` (``DiceButton``: one property per die)."""
    return " + ".join(f"$result{i + 1}$" for i in range(n))


def bsh(fmt: str) -> str:
    """A VASSAL ``$Property$`` format as a BeanShell string expression (``"text" + Property + …``)."""
    parts = re.split(r"\$(\w+)\$", fmt)
    terms = []
    for i, part in enumerate(parts):
        if i % 2:
            terms.append(part)
        elif part:
            terms.append('"' + part.replace("\\", "\\\\").replace('"', '\\"') + '"')
    return " + ".join(terms) or '""'


def vassal_choice(prop: str, when_empty: str, otherwise: str) -> str:
    """A BeanShell report format (VASSAL 3.7 evaluates a format that is one ``{…}``): the format
    ``when_empty`` when the property ``prop`` is empty, else ``otherwise``. ``prop`` must be a property
    whose value is never a number (the engine's BeanShell turns ``"14"`` into an Integer): ``OldMap``,
    the map a piece was on before it moved (empty for a piece dragged from the palette)."""
    return f'{{({prop}=="") ? ({bsh(when_empty)}) : ({bsh(otherwise)})}}'


def turn_format() -> str:
    """The tracker's ``turnFormat`` (its levels' values, ``$level1$``, ``$level2$``)."""
    return TURN_TEXT.format(turn="$level1$", phase="$level2$")


def render(name: str, values: Mapping[str, str | tuple[str, str]]) -> str:
    """The sentence of a template for given values (no decoration): a unit, card or marker slot takes
    (name, id) — a marker (name, "kind: state") —, a dice slot ``3,5``, a facts slot the facts'
    clause (:func:`facts_text`), a turn slot (turn, phase); every other slot its text."""
    template = TEMPLATES[name]

    def slot(m: re.Match[str]) -> str:
        key, kind = m.group(1), m.group(2) or m.group(1)
        value = values.get(key, "")
        if kind in ("unit", "card", "mark", "marker"):
            pair = value if isinstance(value, tuple) else ("", value)
            return f"{pair[0]} ({pair[1]})"
        if kind == "turn":
            pair = value if isinstance(value, tuple) else (value, "")
            return TURN_TEXT.format(turn=pair[0], phase=pair[1])
        assert isinstance(value, str)
        if kind == "dice":
            return " + ".join(value.split(","))
        return template.word_of(key, value)

    return _SLOT.sub(slot, template.text).rstrip(" ")


def template_of(event: str, fields: Mapping[str, str]) -> str:
    """The template that writes a record with these fields (the inverse of the parser's choice)."""
    if event == "DICE":
        n = len(fields.get("dice", "").split(","))
        return ("dice" if n > 1 else "die") + ("-other" if fields.get("purpose") == OTHER_PURPOSE else "")
    if event == "MOVE":
        if "marker" in fields:
            return "place-marker" if not fields.get("from") else "move-marker"
        return "move"
    if event == "ENTRENCH":
        return "entrench-card" if "card" in fields else "entrench"
    if event == "CARD":
        return {"play": "play", "discard": "discard", "remove": "remove-card"}[fields.get("action", "")]
    if event == "HELPER":
        return "helper-for" if "for" in fields else "helper"
    if event == "DRAW":
        return "draw-card"
    if event == "TURN":
        return "turn-start"
    if event == "FIRE" and fields.get("aim") == "unit":
        return "fire-at"
    if event == "FLIP" and fields.get("helper"):
        return "flip-refresh"
    if event == "STATUS":
        return "status-off" if fields.get("on") == "no" else "status-on"
    return event.lower()


def record_sentence(
    event: str,
    fields: Sequence[tuple[str, str]],
    *,
    name_of: Mapping[str, str] = {},
    location_of: Mapping[str, str] = {},
    label: str = "",
    button: str = "",
) -> str:
    """The sentence the module writes for a record (its event and format-1 fields): pieces named by
    ``name_of`` (id → name), zones by ``location_of`` (zone → location name; a zone not there is
    shown as it is, no zone as ``offboard``), a marker face by ``label``, a helper by its ``button``.
    Fields :data:`FACTS` knows become the trailing clause."""
    values = dict(fields)
    name = template_of(event, values)
    template = TEMPLATES[name]
    out: dict[str, str | tuple[str, str]] = {"facts": facts_text([(k, v) for k, v in fields if k in FACTS])}
    for key, kind in template.slots:
        if kind in ("unit", "card", "mark"):
            ident = values.get(key, "")
            out[key] = (name_of.get(ident, ident), ident)
        elif kind == "marker":
            ident = values.get("marker", "")
            out[key] = (name_of.get(ident, ident), f"{ident}: {values.get('state', '')}")
        elif kind in ("here", "old"):
            zone = values.get(key, "")
            out[key] = location_of.get(zone, zone) if zone else (OFFBOARD if kind == "here" else "")
        elif kind == "turn":
            out[key] = (values.get("turn", ""), values.get("phase", ""))
        elif key == "_n":
            out[key] = str(len(values.get("dice", "").split(",")))
        elif key == "_label":
            out[key] = label or values.get("state", "")
        elif key == "_button":
            out[key] = button or values.get("helper", "")
        elif kind != "facts":
            out[key] = values.get(key, "")
    return render(name, out)


def parse_format(fmt: str) -> tuple[str, tuple[tuple[str, str], ...]] | None:
    """The event and fixed fields of a module's report *format* (a toolbar button's, a dice button's):
    each ``$Property$`` read as ``0``, so the words the writer put in are what the record holds; a
    format-1 format (``SDBP|1|EVENT|k=v|…``) by its tokens. None when it is no report of the module."""
    tokens = fmt.split("|")
    if len(tokens) >= 3 and tokens[0] == "SDBP":
        return tokens[2], tuple((k, v) for k, _, v in (t.partition("=") for t in tokens[3:] if "=" in t))
    if fmt.startswith("{") and fmt.endswith("}"):
        sample = bsh_sample(fmt[1:-1])
        if sample is None:
            return None
        fmt = sample
    found = parse_sentence("* " + re.sub(r"\$\w+\$", "0", fmt))
    return None if found is None else (found[0], found[1])


def is_dice_sentence(chat: str) -> bool:
    """Whether a chat text is a dice button's line of format 2."""
    found = parse_sentence(chat)
    return found is not None and found[0] == "DICE"


def bsh_sample(expr: str) -> str | None:
    """A BeanShell report that is a concatenation (``"text" + Property + (…) + "text"``, what
    :func:`bsh` and the module's computed reports make) as the line it writes with every computed
    term read as ``0``: string literals kept, each property, number or parenthesised group (skipped
    whole, with any literal inside) a ``0``. None for anything else at the top level (a choice
    ``a ? b : c``, an operator other than ``+``)."""
    out: list[str] = []
    i, n, depth, pending = 0, len(expr), 0, False
    while i < n:
        c = expr[i]
        if c == '"':
            j, text = i + 1, []
            while j < n and expr[j] != '"':
                if expr[j] == "\\" and j + 1 < n:
                    j += 1
                text.append(expr[j])
                j += 1
            if depth == 0:
                out.append("".join(text))
            i = j + 1
            continue
        if c == "(":
            if depth == 0:
                pending = True
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0 and pending:
                out.append("0")
                pending = False
        elif depth == 0:
            if c == "+" or c.isspace():
                pass
            elif c.isalnum() or c == "_" or c == ".":
                j = i
                while j < n and (expr[j].isalnum() or expr[j] in "_."):
                    j += 1
                out.append("0")
                i = j
                continue
            else:
                return None
        i += 1
    return "".join(out) if depth == 0 else None
