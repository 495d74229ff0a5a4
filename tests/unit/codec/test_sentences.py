"""Format 2 of the report lines (``codec.sentences``, docs/report-formats.md §1.1): every template
writes a sentence that reads back to the same record, whatever names, places and typed values it
holds; both games' own names and places read back; format-1 lines still read as before."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sdbp_module.codec import sentences
from sdbp_module.codec.sentences import (
    TEMPLATES,
    parse_sentence,
    record_sentence,
    zone_of_location,
)
from sdbp_module.model.from_data import load_game
from sdbp_module.model.playing_cards import standard_deck
from sdbp_module.paths import PROJECT_ROOT
from sdbp_module.replay.vlog.lines import format_line, parse_line
from sdbp_module.vassal.pieces import state_label

# names with spaces, accents, slashes, parentheses, digits (a name never holds a sentence's verb)
NAMES = ["I/2 REI 1", "Béatrice (nord) 2", "A (B) C", "Ünit", "x", "322/88 1", "Fire", "Artillery (TOT)", "Road to Tuần Giáo"]
IDS = ["FR-I2REI-1", "VM-01", "SPECIAL", "control", "x_y", "2"]
SIDES = ["French", "Viet Minh", "", "<observer>", "German"]
AREAS = ["14 Béatrice", "3 Road to Tuần Giáo", "10 Huguette 6 / Opéra", "7", "21 Airstrip south / PC"]
BOXES = ["Eliminated", "Removed", "Turn 3", "Relief Force", "French deck"]
TYPED = ["14", "", " 14 ", "(7)", "3) from 4 to 5", "x passes", "; modified total 9", "Béatrice at area 2", "  "]
WORDS = ["fire", "assault", "supply", "replacements", "spent", "fresh", "french", "viet_minh", "1", "no-supply"]
LABELS = ["French", "Viet Minh", "Level 2", "No supply"]

place = st.sampled_from(AREAS + BOXES)
typed = st.one_of(st.sampled_from(TYPED), st.text(alphabet="ab 1(); :|=éÉ/-", max_size=12))
die = st.integers(min_value=1, max_value=6)
# each strategy below made once: hypothesis validates a strategy object the first time it is drawn from, and the
# composite drew from thousands of fresh copies (the same draws; validating them took a third of the test's time)
any_turn, any_phase, two_or_three = st.integers(1, 8), st.sampled_from(["draw", "action", "end"]), st.integers(2, 3)
any_id, any_name, any_word, any_side, any_count = st.sampled_from(IDS), st.sampled_from(NAMES), st.sampled_from(WORDS), st.sampled_from(SIDES), st.integers(1, 12)
any_mode, any_result, any_winner = st.sampled_from(["attack", "suppression"]), st.sampled_from(["flip", "eliminate"]), st.sampled_from(SIDES[:2] + ["German"])
any_facts = st.lists(st.sampled_from([(k, v) for k in sentences.FACTS for v in ("3", "9", "")]), max_size=3)
any_label, any_button = st.sampled_from(LABELS), st.sampled_from(["Refresh units", "Draw: Viet Minh", "Clear fire markers"])


def zone(location: str) -> str:
    return location.split(" ")[0] if location[:1].isdigit() else location


@st.composite
def records(draw: st.DrawFn, name: str) -> tuple[str, list[tuple[str, str]], dict[str, str], dict[str, str], str, str]:
    """(event, fields, name_of, location_of, label, button) for one template: fields as format 1 has
    them, and the names and location names the sentence shows."""
    template = TEMPLATES[name]
    fields: list[tuple[str, str]] = []
    name_of: dict[str, str] = {}
    location_of: dict[str, str] = {}
    defaults = dict(template.defaults)
    for key, kind in template.slots:
        if kind == "turn":
            fields += [("turn", str(draw(any_turn))), ("phase", draw(any_phase))]
            continue
        if key.startswith("_") or kind == "facts":
            continue
        if kind in ("unit", "card", "mark", "marker"):
            ident = draw(any_id)
            name_of[ident] = draw(any_name)
            fields.append(("marker" if kind in ("mark", "marker") else key, ident))
            if kind == "marker":
                fields.append(("state", draw(any_word)))
        elif kind in ("here", "old"):
            location = draw(place)
            location_of[zone(location)] = location
            fields.append((key, zone(location)))
        elif kind == "typed":
            fields.append((key, draw(typed)))
        elif kind == "side":
            fields.append((key, draw(any_side)))
        elif kind == "dice":
            fields.append(("dice", ",".join(str(draw(die)) for _ in range(draw(two_or_three)))))
        elif kind == "total":
            if "dice" not in dict(fields):
                fields.append(("dice", str(draw(die))))
            fields.append(("total", str(sum(int(d) for d in dict(fields)["dice"].split(",")))))
        elif kind == "count":
            fields.append((key, str(draw(any_count))))
        elif key == "mode":
            fields.append((key, draw(any_mode)))
        elif key == "result":
            fields.append((key, draw(any_result)))
        elif key in ("winner", "for"):
            fields.append((key, draw(any_winner)))
        else:
            fields.append((key, draw(any_word)))
    for key, value in defaults.items():
        if key not in dict(fields):
            fields.append((key, value))
    if template.event in ("DICE", "HELPER"):
        fields += draw(any_facts)
    label = draw(any_label)
    button = draw(any_button)
    return template.event, fields, name_of, location_of, label, button


RECORDS = {name: records(name) for name in TEMPLATES}
"""Each template's strategy, made once (not once an example)."""


def expected(event: str, fields: list[tuple[str, str]]) -> dict[str, object]:
    """What the reader gets: the fields, a typed value without the trailing spaces the engine strips
    (and an all-space one empty)."""
    out: dict[str, object] = {}
    typed_keys = {"FIRE": "target", "ASSAULT": "target", "CARD": "target", "RETREAT": "to", "ENTRENCH": "area", "SUPPORT": "target"}
    for key, value in fields:
        if key == typed_keys.get(event) and not (event == "ENTRENCH" and "unit" in dict(fields)):
            value = value.rstrip(" ")
        out.setdefault(key, [] if key in sentences.FACTS else value)
        if key in sentences.FACTS:
            out[key].append(value)  # type: ignore[union-attr]
    return out


def read(fields: tuple[tuple[str, str], ...]) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in fields:
        out.setdefault(key, [] if key in sentences.FACTS else value)
        if key in sentences.FACTS:
            out[key].append(value)  # type: ignore[union-attr]
    return out


@pytest.mark.parametrize("name", list(TEMPLATES))
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_every_template_reads_back_the_record_it_wrote(name: str, data: st.DataObject) -> None:
    event, fields, name_of, location_of, label, button = data.draw(RECORDS[name])
    sentence = record_sentence(event, fields, name_of=name_of, location_of=location_of, label=label, button=button)
    for decoration in ("* ", "*", "* UNDO: * ", "* UNDO: *"):
        found = parse_sentence(decoration + sentence + "  ")
        assert found is not None, (name, sentence)
        assert found[0] == event
        assert read(found[1]) == expected(event, fields), sentence
        assert found[3] == ("UNDO" in decoration)
    assert sentences.match_template(sentence) == name, sentence


def test_the_sentences_read_as_the_issue_wants_them() -> None:
    names = {"FR-I2REI-1": "I/2 REI 1", "VM-01": "Improved Defenses"}
    places = {"10": "10 Huguette 6", "14": "14 Béatrice"}

    def say(event: str, **fields: str) -> str:
        return record_sentence(event, list(fields.items()), name_of=names, location_of=places)

    assert say("DICE", side="Viet Minh", purpose="fire", dice="3,3", total="6") == "Viet Minh rolls 2d6 for fire: 3 + 3 = 6"
    assert say("DICE", side="Viet Minh", purpose="replacements", dice="4", total="4") == "Viet Minh rolls 1d6 for replacements: 4"
    assert say("DICE", side="French", purpose="other", dice="1,2", total="3") == "French rolls 2d6: 1 + 2 = 3"
    assert say("CARD", side="French", card="VM-01", action="play", target="14") == "French plays card Improved Defenses (VM-01), target area: 14"
    assert say("MOVE", side="French", unit="FR-I2REI-1", **{"from": "10", "to": "14"}) == "French moves I/2 REI 1 (FR-I2REI-1) from 10 Huguette 6 to 14 Béatrice"
    assert say("ELIMINATE", side="French", unit="FR-I2REI-1", **{"from": "14"}) == "French eliminates I/2 REI 1 (FR-I2REI-1) from 14 Béatrice"
    assert say("DAMAGE", side="French", unit="FR-I2REI-1", area="14", result="eliminate") == "French takes a hit on I/2 REI 1 (FR-I2REI-1) in 14 Béatrice: eliminated"
    assert say("PHASE", turn="2", phase="action", side="French") == "French starts Turn 2 · action phase"
    assert say("DICE", side="French", purpose="supply", dice="3,5", total="8", modified="9", areas="2") == (
        "French rolls 2d6 for supply: 3 + 5 = 8; modified total 9; areas out of supply: 2"
    )


def test_the_card_driven_hex_game_sentences_read_as_the_contract_has_them() -> None:
    """Stand at Mortain's acts (report-formats §2.15): the sentences of the issue's contract, each read
    back to its record; a place is a hex id or a box's name as it is."""
    names = {"DE-3PZ-I": "3 Pz (I)", "US-2-120": "2/120", "air": "Air", "oba": "OBA"}
    entry = "German entry (off the east edge)"

    def say(event: str, **fields: str) -> str:
        text = record_sentence(event, list(fields.items()), name_of=names)
        found = parse_sentence("* " + text)
        assert found is not None and found[0] == event and dict(found[1]) == fields, text
        return text

    assert say("TURN", side="German", turn="2") == "German starts Turn 2"
    assert say("RESHUFFLE", side="German", deck="Discard pile", to="Draw pile") == "German reshuffles the Discard pile into the Draw pile"
    assert say("ACTIVATE", side="German", unit="DE-3PZ-I", area="L3") == "German activates 3 Pz (I) (DE-3PZ-I) in L3"
    assert say("FIRE", side="US", unit="US-2-120", **{"from": "J8"}, target="DE-3PZ-I", aim="unit") == "US fires with 2/120 (US-2-120) from J8 at unit DE-3PZ-I"
    assert say("SUPPORT", side="US", marker="air", mode="attack", target="DE-3PZ-I") == "US calls Air (air) for attack on DE-3PZ-I"
    assert say("SUPPORT", side="US", marker="oba", mode="attack", target="3 Pz (I)") == "US calls OBA (oba) for attack on 3 Pz (I)"
    assert say("SUPPORT", side="US", marker="air", mode="suppression", target="K5") == "US calls Air (air) for suppression on K5"
    assert say("MOVE", side="German", unit="DE-3PZ-I", **{"from": entry, "to": "L3"}) == f"German moves 3 Pz (I) (DE-3PZ-I) from {entry} to L3"
    assert say("MOVE", side="German", unit="DE-3PZ-I", **{"from": "A4", "to": "German exited (5 win)"}).endswith("from A4 to German exited (5 win)")
    assert say("DAMAGE", side="US", unit="US-2-120", area="J8", result="flip") == "US takes a hit on 2/120 (US-2-120) in J8: flipped"
    # the area games' fire at an area stays theirs: no aim, at area
    assert parse_sentence("* French fires with I/2 REI 1 (FR-I2REI-1) from 14 Béatrice at area 7") == (
        "FIRE", (("side", "French"), ("unit", "FR-I2REI-1"), ("from", "14"), ("target", "7")), "French fires with I/2 REI 1 (FR-I2REI-1) from 14 Béatrice at area 7", False,
    )  # fmt: skip
    assert sentences.vassal_format("turn-start", turn="$Turn$") == "$PlayerSide$ starts Turn $Turn$"
    assert parse_sentence("* German starts Turn two") is None  # a turn is a number


def test_a_playing_card_drawn_reads_as_a_draw_of_that_card() -> None:
    """Every card of a standard deck (52 and two Jokers), drawn from a pile by a Draw card button,
    reads back to its id and the pile; the sentence names the card as a player says it."""
    for jokers in (1, 2):
        for card in standard_deck(jokers):
            for side, pile in (("Blue", "Draw pile"), ("", "Card deck 2"), ("Viet Minh", "Cards")):
                fields = [("side", side), ("card", card.id), ("deck", pile)]
                text = record_sentence("DRAW", fields, name_of={card.id: card.name})
                found = parse_sentence("* " + text)
                assert found is not None and found[0] == "DRAW" and found[1] == tuple(fields), text
                assert sentences.match_template(text) == "draw-card"
    say = record_sentence("DRAW", [("side", "Blue"), ("card", "7H"), ("deck", "Draw pile")], name_of={"7H": "7 of hearts"})
    assert say == "Blue draws the 7 of hearts (7H) from Draw pile"
    assert sentences.vassal_format("draw-card", deck="Draw pile") == "$PlayerSide$ draws the $card_name$ ($sdbp_id$) from Draw pile"
    assert parse_sentence("* Blue draws the 7 of hearts from Draw pile") is None  # no id: not the module's line
    assert parse_sentence("* Blue draws the 7 of hearts (7H) from Draw (pile)") is None


def test_an_unknown_fact_is_kept_as_fact() -> None:
    found = parse_sentence("* French uses Draw: French (draw for French); cards drawn: 3; hand size: 6; lucky")
    assert found is not None
    assert found[1] == (("side", "French"), ("helper", "draw"), ("for", "French"), ("drawn", "3"), ("hand", "6"), ("fact", "lucky"))


@pytest.mark.parametrize("game_id", ["sodbp", "sos"])
def test_every_name_and_place_of_the_games_reads_back(game_id: str) -> None:
    """The data's own names: every unit moved between every pair of neighbouring location names,
    every card played, every marker face turned; the sides' labels have no parenthesis."""
    game = load_game(PROJECT_ROOT / "source_data" / game_id)
    places = {str(a.id): f"{a.id} {a.name}" for a in game.areas} | {b: b for b in ("Eliminated", "Removed", "Turn 3")}
    names = {u.id: u.name for u in game.units} | {c.id: c.name for c in game.cards} | {k.id: k.name for k in game.markers}
    sides = [s.label for s in game.game.sides]
    assert not any(re.search(r"[()]", label) for label in sides)
    zones = list(places)
    for i, unit in enumerate(game.units):
        fields = [("side", sides[i % 2]), ("unit", unit.id), ("from", zones[i % len(zones)]), ("to", zones[(i * 7 + 3) % len(zones)])]
        line = parse_line("* " + record_sentence("MOVE", fields, name_of=names, location_of=places))
        assert line is not None and line.fields == tuple(fields), fields
    for card in game.cards:
        fields = [("side", sides[0]), ("card", card.id), ("action", "play"), ("target", "14")]
        line = parse_line("* " + record_sentence("CARD", fields, name_of=names, location_of=places))
        assert line is not None and line.fields == tuple(fields)
    for kind in game.markers:
        for state in kind.states:
            fields = [("side", sides[1]), ("marker", kind.id), ("state", state), ("area", zones[0])]
            text = record_sentence("MARKER", fields, name_of=names, location_of=places, label=state_label(kind, state))
            line = parse_line("* " + text)
            assert line is not None and line.fields == tuple(fields), text


def test_format_1_lines_read_as_before() -> None:
    line = parse_line("* SDBP|1|MOVE|side=Viet Minh|unit=VM-1|from=7|to=11")
    assert line is not None and (line.event, line.fields) == ("MOVE", (("side", "Viet Minh"), ("unit", "VM-1"), ("from", "7"), ("to", "11")))
    undo = parse_line("* UNDO: *SDBP|1|PASS|side=French")
    assert undo is not None and undo.is_undo and undo.event == "PASS"
    assert parse_line(format_line("CARD", [("side", "French"), ("card", "FR-01"), ("action", "play"), ("target", "")])) is not None
    bare = parse_line("SDBP|1|PHASE|turn=2|phase=action|side=")
    assert bare is not None and bare.get("turn") == "2"
    assert sentences.parse_format("SDBP|1|HELPER|side=$PlayerSide$|helper=draw|for=French") == ("HELPER", (("side", "$PlayerSide$"), ("helper", "draw"), ("for", "French")))


def test_places_map_back_to_zones() -> None:
    assert zone_of_location("14 Béatrice") == "14"
    assert zone_of_location("7") == "7"
    assert zone_of_location("Eliminated") == "Eliminated"
    assert zone_of_location("Turn 3") == "Turn 3"
    assert zone_of_location("offboard") == zone_of_location("") == ""


def test_a_typed_value_must_end_its_sentence() -> None:
    with pytest.raises(ValueError, match="typed slot"):
        sentences.Template("X", "{side} types {target:typed} then more")


def test_every_name_and_place_of_the_hex_game_reads_back() -> None:
    """Stand at Mortain's own names (unit names with parentheses, ``3 Pz (I)``) and places (hex ids,
    box names with parentheses and digits, ``German exited (5 win)``): every unit moved between
    places, activated, firing, hit; every marker's call."""
    game = load_game(PROJECT_ROOT / "source_data" / "mortain", hex_map=True)
    assert game.hexes is not None
    places = [b.name for b in game.hexes.boxes] + ["A1", "L10", "C4"]
    names = {u.id: u.company for u in game.units} | {k.id: k.name for k in game.markers}
    sides = [s.label for s in game.game.sides]
    for i, unit in enumerate(game.units):
        a, b = places[i % len(places)], places[(i * 5 + 2) % len(places)]
        for event, fields in (
            ("MOVE", [("side", sides[i % 2]), ("unit", unit.id), ("from", a), ("to", b)]),
            ("ACTIVATE", [("side", sides[i % 2]), ("unit", unit.id), ("area", a)]),
            ("FIRE", [("side", sides[i % 2]), ("unit", unit.id), ("from", a), ("target", unit.company), ("aim", "unit")]),
            ("DAMAGE", [("side", sides[i % 2]), ("unit", unit.id), ("area", b), ("result", "flip")]),
        ):
            line = parse_line("* " + record_sentence(event, fields, name_of=names))
            assert line is not None and (line.event, line.fields) == (event, tuple(fields)), fields
    for kind in game.markers:
        fields = [("side", sides[0]), ("marker", kind.id), ("mode", "attack"), ("target", "DE-102")]
        line = parse_line("* " + record_sentence("SUPPORT", fields, name_of=names))
        assert line is not None and line.fields == tuple(fields)
