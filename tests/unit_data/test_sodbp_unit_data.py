"""Invariants of the bundled SoDBP units, markers, cards, turn track and scenario.

Reads the YAML with PyYAML directly (independent of the loader) and checks the facts the rules
give (2.1, 3.0, 5.1, 7.0, 12.x, the card list) and the counts of the reconstruction
(shared/reference/dbp-order-of-battle.md §4).
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tests import yaml_io

DATA = Path(__file__).resolve().parents[2] / "source_data" / "sodbp"

# Initial control and red areas of the reconstructed map (dbp-battlefield.md §4.2).
FRENCH_AREAS = frozenset({6, 9, 10, *range(14, 25), *range(26, 32), 33, 34, 35, 38})
VM_AREAS = frozenset(range(1, 41)) - FRENCH_AREAS
RED_AREAS = frozenset({1, 2, 3, 4, 5, 12, 13, 25, 32, 36, 37, 39, 40})
STACKING_LIMIT = 9  # rules 7.0
TURNS = 8  # rules 1.0
SOURCE = re.compile(r"^(rules \S.*|reconstructed: \S.*)$")
SETUP_TURN = re.compile(r"^turn ([1-9][0-9]?)$")


@cache
def _load(name: str) -> Any:
    with (DATA / name).open(encoding="utf-8") as handle:
        return yaml_io.load(handle)


def units() -> list[dict[str, Any]]:
    return list(_load("counters.yaml")["units"])


def cards() -> list[dict[str, Any]]:
    return list(_load("cards.yaml")["cards"])


def markers() -> list[dict[str, Any]]:
    return list(_load("markers.yaml")["markers"])


def turn_track() -> list[dict[str, Any]]:
    return list(_load("turn_track.yaml")["turns"])


def scenario() -> dict[str, Any]:
    return dict(_load("scenario.yaml"))


def side(s: str) -> list[dict[str, Any]]:
    return [u for u in units() if u["side"] == s]


# -- counters ---------------------------------------------------------------------------------


def test_counter_totals() -> None:
    assert len(side("french")) == 70
    assert len(side("viet_minh")) == 128
    assert len(units()) == 198


def test_unit_ids_unique_ascii_no_spaces() -> None:
    ids = [u["id"] for u in units()]
    assert len(ids) == len(set(ids))
    for uid in ids:
        assert re.fullmatch(r"[A-Z][A-Z0-9]*(-[A-Za-z0-9]+)+", uid), uid
        assert uid.startswith("FR-") or uid.startswith("VM-"), uid


def test_unit_id_prefix_matches_side() -> None:
    for u in units():
        assert u["id"].startswith("FR-" if u["side"] == "french" else "VM-"), u["id"]


def test_unit_field_values() -> None:
    for u in units():
        assert u["type"] in {"infantry", "paratroops", "armor", "anti-aircraft"}, u["id"]
        assert isinstance(u["company"], str) and isinstance(u["formation"], str) and u["formation"]
        fp, df, ma = u["fresh"]
        assert 1 <= fp <= 3 and 5 <= df <= 8 and 1 <= ma <= 3, u["id"]  # value scale, OOB §4.2
        assert u["spent"] == df - 2, u["id"]
        assert SOURCE.match(u["source"]), u["id"]
        for field_source in u.get("sources", {}).values():
            assert SOURCE.match(field_source), u["id"]


def test_replacements_rules_12_1() -> None:
    repl = [u for u in units() if "replacement" in u.get("marks", ())]
    assert len(repl) == 16
    for u in repl:
        assert u["side"] == "viet_minh"
        assert u["fresh"] == [1, 7, 2]
        assert u["setup"] == "replacements"
        assert u["source"] == "rules 12.1"
        assert re.fullmatch(r"VM-REPL-[0-9]{2}", u["id"])
    # Only replacements start in the replacements box.
    assert all("replacement" in u.get("marks", ()) for u in units() if u["setup"] == "replacements")


def test_three_star_units_two_infantry_one_armor() -> None:
    star = [u for u in units() if u["setup"] == "*"]
    assert len(star) == 3
    assert all(u["side"] == "french" for u in star)
    assert Counter(u["type"] for u in star) == Counter({"infantry": 2, "armor": 1})


def test_setup_values_are_well_formed() -> None:
    for u in units():
        setup = u["setup"]
        if isinstance(setup, int):
            assert 1 <= setup <= 40, u["id"]
        elif isinstance(setup, str) and (m := SETUP_TURN.match(setup)):
            assert 1 <= int(m.group(1)) <= TURNS, u["id"]
        else:
            assert setup in {"*", "replacements"}, u["id"]


def test_setup_stacking_limit() -> None:
    per_area = Counter((u["side"], u["setup"]) for u in units() if isinstance(u["setup"], int))
    over = {k: n for k, n in per_area.items() if n > STACKING_LIMIT}
    assert over == {}


def test_setup_areas_respect_control_and_red() -> None:
    for u in units():
        if not isinstance(u["setup"], int):
            continue
        if u["side"] == "french":
            assert u["setup"] in FRENCH_AREAS, u["id"]
            assert u["setup"] not in RED_AREAS, u["id"]
        else:
            assert u["setup"] in VM_AREAS, u["id"]


def test_setup_matches_areas_yaml() -> None:
    """Cross-check with the map data (control and red colour)."""
    areas = {a["id"]: a for a in _load("areas.yaml")["areas"]}
    for u in units():
        if isinstance(u["setup"], int):
            area = areas[u["setup"]]
            assert area["control"] == u["side"], u["id"]
            if u["side"] == "french":
                assert area["colour"] != "red", u["id"]


def test_on_map_and_reinforcement_counts() -> None:
    def count(s: str, pred: Any) -> int:
        return sum(1 for u in side(s) if pred(u["setup"]))

    assert count("french", lambda s: isinstance(s, int)) == 45
    assert count("french", lambda s: isinstance(s, str) and s.startswith("turn ")) == 22
    assert count("viet_minh", lambda s: isinstance(s, int)) == 72
    assert count("viet_minh", lambda s: isinstance(s, str) and s.startswith("turn ")) == 40


# Reinforcement turns from the OOB turn calendar (§4.1, §4.3, §4.4; arrival per AMB-09).
REINFORCEMENTS = {
    "5 BPVN": {"turn 1"},
    "6 BPC": {"turn 1"},
    "II/1 RCP": {"turn 3"},
    "2 BEP": {"turn 4"},
    "Volontaires": {"turn 5", "turn 6"},
    "1 BPC": {"turn 7"},
}
VM_REINFORCEMENT_REGIMENTS = {"102": "turn 1", "174": "turn 2", "98": "turn 2", "176": "turn 4"}


def test_reinforcement_turns_follow_the_calendar() -> None:
    seen: dict[str, set[str]] = {}
    for u in side("french"):
        if isinstance(u["setup"], str) and u["setup"].startswith("turn "):
            seen.setdefault(u["formation"], set()).add(u["setup"])
    assert seen == REINFORCEMENTS
    for u in side("viet_minh"):
        regiment = u["id"].split("-")[2]
        if regiment in VM_REINFORCEMENT_REGIMENTS:
            assert u["setup"] == VM_REINFORCEMENT_REGIMENTS[regiment], u["id"]
        elif "replacement" not in u.get("marks", ()):
            assert isinstance(u["setup"], int), u["id"]


def test_rules_facts_about_counters() -> None:
    vm = side("viet_minh")
    fr = side("french")
    assert any(u["fresh"][1] == 8 for u in vm)  # fire example: a VM unit with DEF 8
    assert any(u["fresh"][2] == 2 for u in vm)  # movement example: a VM unit with MA 2
    assert any(u["type"] == "armor" for u in fr)  # French armour exists (7.0)
    assert any(u["type"] != "armor" and u["fresh"][2] >= 3 for u in fr)  # movement M5/M6
    # Fire example: four French units firing 3 + 1 + 1 + 2 from one area.
    fps = Counter(u["fresh"][0] for u in fr if isinstance(u["setup"], int) or u["setup"].startswith("turn"))
    assert fps[3] >= 1 and fps[1] >= 2 and fps[2] >= 1
    # VM companies only, on red counters: no VM armour, paratroops or AA.
    assert {u["type"] for u in vm} == {"infantry"}


def test_fire_example_vm_units_in_area_11_have_def_8() -> None:
    """Rules 8.4 example: area 11 holds at least two fresh VM units, one of them DEF 8."""
    in_11 = [u for u in side("viet_minh") if u["setup"] == 11]
    assert len(in_11) >= 2
    assert max(u["fresh"][1] for u in in_11) == 8


def test_thai_units_are_french_bt_or_gmpt() -> None:
    thai = [u for u in units() if "thai" in u.get("marks", ())]
    assert len(thai) == 10
    for u in thai:
        assert u["side"] == "french" and u["type"] == "infantry"
        assert u["formation"].startswith(("BT ", "GMPT")), u["id"]


def test_elite_units_are_vm_308th_division() -> None:
    elite = [u for u in units() if "elite" in u.get("marks", ())]
    assert len(elite) == 36
    assert all(u["id"].startswith("VM-308-") for u in elite)


def test_vital_outposts_garrisoned() -> None:
    """Gabrielle, Anne-Marie, Béatrice (6, 9, 14, bonus areas of 5.1) and the PC (21) are held."""
    french_setups = Counter(u["setup"] for u in side("french"))
    for area in (6, 9, 14, 21):
        assert french_setups[area] >= 1, area


# -- markers ------------------------------------------------------------------------------------


def test_markers() -> None:
    by_id = {m["id"]: m for m in markers()}
    assert set(by_id) == {"control", "fire", "trench", "turn", "no-supply", "no-replacements"}
    assert len(by_id) == len(markers())
    assert sum(m["count"] for m in markers()) == 66
    assert by_id["control"]["states"] == ["french", "viet_minh"]
    assert by_id["fire"]["states"] == ["french", "viet_minh"]
    assert by_id["trench"]["states"] == ["1", "2", "3"]
    assert by_id["turn"]["count"] == 1
    for m in markers():
        assert SOURCE.match(m["source"]), m["id"]
        assert all(SOURCE.match(s) for s in m.get("sources", {}).values()), m["id"]
    assert sum(m["count"] for m in markers()) + len(units()) == 264  # rules 2.0 (publisher)


# -- cards --------------------------------------------------------------------------------------

# name -> serials, per side (rules card list / deck overview).
VM_DECK = {
    "Improved Defenses": [1, 2], "Rats of the Nam Yum": [3], "Giap Demands Success": [4, 5],
    "Detonate Mine Shaft": [6], "Poor Weather": [7, 8], "Katyusha Rockets": [9],
    "Propaganda": [10], "Heavy Flak": [11], "Surprise Assault": [12, 13, 14],
    "Emergency Replacements": [15], "105mm Artillery": [16, 17, 18, 19, 20],
    "75mm Artillery": [21, 22, 23, 24], "Night Assault": [25, 26, 27],
}
FR_DECK = {
    "Bigeard Refuses to Leave": [1], "Command Coordination": [2, 3], "Débouchez à Zéro!": [4, 5],
    "Bordels Mobiles de Campagne": [6], "Flares": [7, 8], "Relief Force from Isabelle": [9],
    "Flamethrowers": [10], "Mines": [11, 12], "Mortar Support": [13, 14, 15],
    "Counter Attack": [16, 17], "B-26 Bombers": [18, 19], "Fighter Bombers": [20, 21],
    "Artillery": [22, 23, 24, 25, 26], "TOT Artillery": [27],
}
FIREPOWER = {
    "Katyusha Rockets": 12, "105mm Artillery": 9, "75mm Artillery": 8, "Débouchez à Zéro!": 6,
    "Mortar Support": 3, "B-26 Bombers": 6, "Fighter Bombers": 4, "Artillery": 7, "TOT Artillery": 10,
}
TIMING = {
    "Improved Defenses": "R", "Rats of the Nam Yum": "D", "Giap Demands Success": "R",
    "Detonate Mine Shaft": "D", "Poor Weather": "R", "Katyusha Rockets": "A", "Propaganda": "A",
    "Heavy Flak": "E", "Surprise Assault": "A", "Emergency Replacements": "X",
    "105mm Artillery": "A/R", "75mm Artillery": "A/R", "Night Assault": "R",
    "Bigeard Refuses to Leave": "R", "Command Coordination": "R", "Débouchez à Zéro!": "R",
    "Bordels Mobiles de Campagne": "A", "Flares": "R", "Relief Force from Isabelle": "A",
    "Flamethrowers": "R", "Mines": "R", "Mortar Support": "R", "Counter Attack": "A",
    "B-26 Bombers": "A", "Fighter Bombers": "D", "Artillery": "A", "TOT Artillery": "A",
}
REMOVED = {"Detonate Mine Shaft", "Katyusha Rockets", "Propaganda", "Bigeard Refuses to Leave",
           "Relief Force from Isabelle"}
CUMULATIVE = {"Improved Defenses", "Mortar Support", "Night Assault"}
SEQUENTIAL = {"Mines", "Débouchez à Zéro!", "Fighter Bombers"}
UNSPECIFIED = {"Giap Demands Success", "Poor Weather", "Command Coordination", "Flares"}


def test_card_counts_and_serials() -> None:
    cs = cards()
    assert len(cs) == 55
    assert len({c["id"] for c in cs}) == 55
    for s, prefix in (("french", "FR"), ("viet_minh", "VM")):
        deck = [c for c in cs if c["side"] == s]
        assert sorted(c["number"] for c in deck) == list(range(1, 28))
        for c in deck:
            assert c["id"] == f"{prefix}-{c['number']:02d}"
    special = [c for c in cs if c["side"] is None]
    assert len(special) == 1
    assert special[0]["id"] == "SPECIAL" and special[0]["number"] == 0


@pytest.mark.parametrize(("s", "deck"), [("viet_minh", VM_DECK), ("french", FR_DECK)])
def test_card_names_by_serial(s: str, deck: dict[str, list[int]]) -> None:
    got: dict[str, list[int]] = {}
    for c in cards():
        if c["side"] == s:
            got.setdefault(c["name"], []).append(c["number"])
    assert {k: sorted(v) for k, v in got.items()} == deck


def test_card_properties_per_rules() -> None:
    for c in cards():
        if c["side"] is None:
            continue
        name = c["name"]
        assert c["firepower"] == FIREPOWER.get(name), c["id"]
        assert c["timing"] == TIMING[name], c["id"]
        assert c["removed_after_play"] is (name in REMOVED), c["id"]
        expected_multi = ("cumulative" if name in CUMULATIVE else "sequential" if name in SEQUENTIAL
                          else "unspecified" if name in UNSPECIFIED else "no")
        assert c["multi_copy"] == expected_multi, c["id"]


def test_card_turn_restrictions() -> None:
    for c in cards():
        if c["name"] in {"Detonate Mine Shaft", "Emergency Replacements"}:
            assert c["turns"] == [2, 3, 4, 5, 6, 7, 8], c["id"]
        elif c["name"] == "Relief Force from Isabelle":
            assert c["turns"] == [1, 2, 3, 4], c["id"]
        else:
            assert c["turns"] == [], c["id"]


def test_mines_and_debouchez_exclude_each_other() -> None:
    by_id = {c["id"]: c for c in cards()}
    mines = {"FR-11", "FR-12"}
    debouchez = {"FR-04", "FR-05"}
    assert {by_id[i]["name"] for i in mines} == {"Mines"}
    assert {by_id[i]["name"] for i in debouchez} == {"Débouchez à Zéro!"}
    for i in mines:
        assert set(by_id[i]["excludes"]) == debouchez
    for i in debouchez:
        assert set(by_id[i]["excludes"]) == mines
    for c in cards():
        if c["id"] not in mines | debouchez:
            assert c["excludes"] == [], c["id"]


def test_entrenchment_values() -> None:
    for c in cards():
        if c["side"] == "viet_minh":
            assert c["entrenchment"] in {1, 2, 3}, c["id"]
            assert c["sources"]["entrenchment"].startswith("reconstructed: "), c["id"]
        else:
            assert c["entrenchment"] is None, c["id"]
    # Copies of one card are identical apart from id and number.
    for deck in (VM_DECK, FR_DECK):
        for name in deck:
            copies = [c for c in cards() if c["name"] == name]
            strip = [{k: v for k, v in c.items() if k not in {"id", "number"}} for c in copies]
            assert all(s == strip[0] for s in strip), name


def test_card_text_and_sources() -> None:
    for c in cards():
        assert 20 <= len(c["effect"]) <= 500, c["id"]
        assert SOURCE.match(c["source"]), c["id"]
        for s in c.get("sources", {}).values():
            assert SOURCE.match(s), c["id"]


# -- turn track and scenario ----------------------------------------------------------------------


def test_turn_track() -> None:
    track = turn_track()
    assert [t["turn"] for t in track] == list(range(1, TURNS + 1))
    assert track[0]["cards"]["french"] == 4  # rules 5.1
    for t in track:
        assert set(t["cards"]) == {"french", "viet_minh"}
        assert all(2 <= n <= 6 for n in t["cards"].values()), t["turn"]
        assert SOURCE.match(t["source"])


def test_scenario() -> None:
    sc = scenario()
    assert sc["id"] == "campaign"
    assert sc["first_turn"] == 1
    assert sc["units"] == {}
    assert sc["markers"] == [{"kind": "turn", "state": "turn", "turn": 1}]  # rules 3.0
    kinds = {m["id"]: m["states"] for m in markers()}
    for placement in sc["markers"]:
        assert placement["state"] in kinds[placement["kind"]]
    assert SOURCE.match(sc["source"])
