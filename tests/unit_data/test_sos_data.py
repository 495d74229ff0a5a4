"""Storm over Stalingrad's bundled data: what the rules text fixes, and our reconstruction's invariants.

Two parts. The bundled YAML (read with PyYAML directly, independent of the loader) keeps the
promises of its headers: the map agrees with ``tools/sos_map.py`` (polygons, adjacency, map edges),
the set-up honours stacking and control, the counts are the documented ones. Then each check of
``sdbp_module/games/sos/checks.py`` is shown to pass on the data and to fail, naming its rule, on
a copy broken in exactly one place.
"""

from __future__ import annotations

import functools
import importlib.util
import pickle
import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sdbp_module.data.dataset import check_folder
from tests import yaml_io

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "source_data" / "sos"
TOOL = REPO / "tools" / "sos_map.py"
FILES = ("game", "areas", "borders", "counters", "markers", "cards", "turn_track", "scenario")
SOURCE = re.compile(r"^(rules \S.*|reconstructed: \S.*)$")
STACKING_LIMIT = 10  # rules 7.4
TURNS = 6  # rules 1.0
MAMAYEV_ID = 26
LANDING_ZONES = frozenset({40, 41, 42, 43, 44})
VICTORY = frozenset({3, 8, 14, 18, 20, 24, 26, 30})


@functools.cache
def _load(name: str) -> Any:
    with (DATA / f"{name}.yaml").open(encoding="utf-8") as handle:
        return yaml_io.load(handle)


@functools.cache
def _tool() -> Any:
    """tools/sos_map.py, imported once."""
    spec = importlib.util.spec_from_file_location("sos_map_tool", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@functools.cache
def _geometry() -> Any:
    return _tool().build()


def areas() -> dict[int, dict[str, Any]]:
    return {a["id"]: a for a in _load("areas")["areas"]}


def units() -> list[dict[str, Any]]:
    return list(_load("counters")["units"])


# -- the bundled data -------------------------------------------------------------------------


def test_the_bundled_data_validates() -> None:
    checked = check_folder(DATA)
    assert [p.render() for p in checked.problems] == []


def test_polygons_and_labels_are_in_sync_with_the_generator(monkeypatch: pytest.MonkeyPatch) -> None:
    # the command line as the tool runs it, on the geometry this file builds once (``build`` is deterministic:
    # test_generator_is_deterministic), not one more build
    geometry = _geometry()
    monkeypatch.setattr(_tool(), "build", lambda: geometry)
    assert _tool().main(["--check", str(DATA / "areas.yaml")]) == 0


def test_generator_is_deterministic() -> None:
    again = _tool().build()
    assert (again.polygons, again.labels) == (_geometry().polygons, _geometry().labels)


def test_map_size_is_two_sheets_stacked() -> None:
    tool = _tool()
    game_map = _load("game")["map"]
    assert (game_map["width"], game_map["height"]) == (tool.WIDTH, tool.HEIGHT) == (1400, 2 * 933)


def test_borders_are_exactly_the_drawn_adjacency_listed_once() -> None:
    listed = [tuple(b["areas"]) for b in _load("borders")["borders"]]
    assert all(a < b for a, b in listed)
    assert len(listed) == len(set(listed))
    assert sorted(listed) == _tool().adjacency(_geometry())
    assert not any(b.get("river") or b.get("bridge") for b in _load("borders")["borders"])  # no rivers in this game


def test_map_edge_flags_follow_the_drawing() -> None:
    tool = _tool()
    for number, area in areas().items():
        assert area["map_edge"] == tool.on_map_edge(_geometry().polygons[number]), number


def test_landing_zones_touch_only_the_bank_areas_next_to_them() -> None:
    tool = _tool()
    for a, b in tool.adjacency(_geometry()):
        if a in LANDING_ZONES or b in LANDING_ZONES:
            zone, other = (a, b) if a in LANDING_ZONES else (b, a)
            assert other not in LANDING_ZONES
            assert tool.on_bank(_geometry().polygons[other]), (zone, other)
    assert {n for n, a in areas().items() if a["colour"] == "landing_zone"} == LANDING_ZONES


def test_area_counts_control_and_victory() -> None:
    general = {n: a for n, a in areas().items() if a["colour"] == "general"}
    assert len(general) == 34
    assert Counter(a["control"] for a in general.values()) == Counter({"soviet": 19, "german": 15})
    assert {n for n, a in areas().items() if a["defense"] == 3} == VICTORY
    assert {n for n, a in areas().items() if a.get("victory")} == VICTORY
    mamayev = areas()[MAMAYEV_ID]
    assert (mamayev["name"], mamayev["setup_code"], mamayev["card_bonus"]) == ("Mamayev Kurgan", "G", "mamayev")


def test_every_source_is_rules_or_reconstructed() -> None:
    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key == "source":
                    assert SOURCE.match(item), item
                elif key == "sources":
                    assert all(SOURCE.match(s) for s in item.values()), item
                else:
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for name in FILES:
        walk(_load(name))


def test_set_up_honours_stacking_control_and_letters() -> None:
    by_area: Counter[tuple[int, str]] = Counter()
    for unit in units():
        if isinstance(unit["setup"], int):
            area = areas()[unit["setup"]]
            assert area["control"] == unit["side"], unit["id"]
            assert area.get("setup_code"), unit["id"]
            by_area[(unit["setup"], unit["side"])] += 1
    assert max(by_area.values()) <= STACKING_LIMIT
    lettered = {n for n, a in areas().items() if a.get("setup_code")}
    assert lettered == {area for area, _ in by_area}  # every printed letter has units


def test_counter_mix() -> None:
    sides = Counter(u["side"] for u in units())
    assert sides == Counter({"german": 43, "soviet": 37})
    assert [u["id"] for u in units() if u["setup"] == "any landing_zone"] == [
        "SO-37GD-109",
        "SO-37GD-114",
        "SO-37GD-118",
    ]
    black = {u["id"] for u in units() if "black" in u.get("marks", [])}
    assert black == {u["id"] for u in units() if u.get("group") == "14th Panzer"}
    assert all(u.get("withdraw") == 3 for u in units() if u["id"] in black)
    groups = Counter(u.get("group", "") for u in units() if u["side"] == "german")
    assert groups[""] == 7 and all(n == 4 for g, n in groups.items() if g)
    for unit in units():
        assert unit["spent"] == unit["fresh"][1] - 2, unit["id"]
        if isinstance(unit["setup"], str) and unit["setup"].startswith("turn "):
            assert 1 <= int(unit["setup"].split()[1]) < TURNS, unit["id"]


def test_cards_and_turn_track() -> None:
    cards = _load("cards")["cards"]
    assert Counter(c["side"] for c in cards) == Counter({"german": 27, "soviet": 27})
    assert Counter(c["name"] for c in cards)["Rubble"] >= 3
    track = _load("turn_track")["turns"]
    assert [t["turn"] for t in track] == list(range(1, TURNS + 1))
    assert sum(t["cards"]["german"] for t in track) == 28 and sum(t["cards"]["soviet"] for t in track) == 27


# -- the game checks, each on a copy broken in one place --------------------------------------

Values = dict[str, Any]


def _dump(value: Any) -> str:
    """``yaml.safe_dump(value, allow_unicode=True, sort_keys=False)``, by libyaml's emitter where PyYAML has it
    (the same text for these files, five times faster)."""
    return yaml_io.dump(value, allow_unicode=True, sort_keys=False)


@functools.cache
def _pickled(name: str) -> bytes:
    return pickle.dumps(_load(name))


@functools.cache
def _unedited(name: str) -> tuple[str, str]:
    """(``repr``, ``_dump``) of the bundled ``name``, dumped once: most edits leave all files but one as they
    are. ``repr`` tells an unedited value (``==`` would take ``True`` for ``1`` and ignore key order)."""
    value = _load(name)
    return repr(value), _dump(value)


def _broken(tmp_path: Path, edit: Callable[[Values], None]) -> list[str]:
    """The rendered problems of a copy of the data with ``edit`` applied."""
    values: Values = {name: pickle.loads(_pickled(name)) for name in FILES}  # read once, copied per edit
    for extra in DATA.glob("*.yaml"):
        if extra.stem not in FILES:
            (tmp_path / extra.name).write_text(extra.read_text(encoding="utf-8"), encoding="utf-8")
    edit(values)
    for name, value in values.items():
        shown, text = _unedited(name)
        if repr(value) != shown:
            text = _dump(value)
        (tmp_path / f"{name}.yaml").write_text(text, encoding="utf-8")
    return [p.render() for p in check_folder(tmp_path).problems]


def _area(values: Values, number: int) -> dict[str, Any]:
    return next(a for a in values["areas"]["areas"] if a["id"] == number)


def _unit(values: Values, uid: str) -> dict[str, Any]:
    return next(u for u in values["counters"]["units"] if u["id"] == uid)


def _card(values: Values, cid: str) -> dict[str, Any]:
    return next(c for c in values["cards"]["cards"] if c["id"] == cid)


def _set_all_cards(values: Values, name: str, field: str, value: Any) -> None:
    for card in values["cards"]["cards"]:
        if card["name"] == name:
            card[field] = value


BROKEN: dict[str, tuple[Callable[[Values], None], str]] = {
    "turns": (lambda v: v["game"].update(turns=7), "turns is 7 (expected 6, rules 1.0, 4.0)"),
    "stacking": (lambda v: v["game"].update(stacking_limit=9), "stacking_limit is 9 (expected 10, rules 7.4)"),
    "first side": (
        lambda v: v["game"].update(first_side="soviet"),
        "first_side is 'soviet' (expected 'german', rules 4.0, 6.0)",
    ),
    "unit types": (
        lambda v: v["game"]["unit_types"].reverse(),
        "(expected infantry, motorized, mechanized, recon, armor, rules 2.1.1)",
    ),
    "mamayev cards": (lambda v: v["game"]["hand_bonus_sets"][0].update(cards=2), "Mamayev Kurgan adds 2 cards"),
    "mamayev missing": (
        lambda v: _area(v, MAMAYEV_ID).update(name="Hill 102.0"),
        "0 areas named 'Mamayev Kurgan' (expected exactly one, rules 2.2, 5.1)",
    ),
    "mamayev bonus": (
        lambda v: _area(v, MAMAYEV_ID).update(card_bonus="none"),
        "Mamayev Kurgan has card_bonus 'none' (expected 'mamayev', rules 2.2, 5.1)",
    ),
    "letter g elsewhere": (lambda v: _area(v, 2).update(setup_code="G"), "area 2 has set-up letter G"),
    "landing zone german": (
        lambda v: _area(v, 40).update(control="german"),
        "landing zone 40 is german (expected soviet, rules 2.2, 10.3)",
    ),
    "no landing zone": (
        lambda v: [a.update(colour="general") for a in v["areas"]["areas"] if a["colour"] == "landing_zone"],
        "no landing zone",
    ),
    "landing zones touching": (
        lambda v: v["borders"]["borders"].append({"areas": [40, 41], "source": "reconstructed: test"}),
        "landing zones 40 and 41 border each other",
    ),
    "victory off defence 3": (lambda v: _area(v, 3).update(defense=2), "area 3 of defence 2 has victory True"),
    "no defence 3": (
        lambda v: [a.update(defense=2, victory=False) for a in v["areas"]["areas"] if a["defense"] == 3],
        "no area of defence 3",
    ),
    "letter twice": (lambda v: _area(v, 4).update(setup_code="A"), "set-up letter 'A' again (area 1 has it)"),
    "unit in enemy area": (lambda v: _unit(v, "GE-16PZ-2").update(setup=2), "a german unit starts in soviet area 2"),
    "unit in unlettered area": (lambda v: _unit(v, "SO-92-X").update(setup=17), "area 17 has no set-up letter"),
    "two l units": (
        lambda v: _unit(v, "SO-37GD-118").update(setup=8),
        "2 units with set-up 'any landing_zone' (expected exactly 3, all Soviet, rules 3.3)",
    ),
    "german l unit": (lambda v: _unit(v, "GE-PI-45").update(setup="any landing_zone"), "GE-PI-45 is a german L unit"),
    "black on turn 4": (
        lambda v: _unit(v, "GE-14PZ-36").update(withdraw=4),
        "black counter GE-14PZ-36 withdraws on turn 4 (expected withdraw: 3, rules 10.4)",
    ),
    "withdraw not black": (
        lambda v: _unit(v, "GE-16PZ-2").update(withdraw=3),
        "GE-16PZ-2 withdraws but is not a black counter",
    ),
    "soviet group": (
        lambda v: _unit(v, "SO-95-90").update(group="95th Rifle"),
        "Soviet unit SO-95-90 has group '95th Rifle'",
    ),
    "card missing": (lambda v: _set_all_cards(v, "Sniper", "name", "Marksman"), "no card 'Sniper'"),
    "card owner": (lambda v: _card(v, "SO-05").update(side="german", id="GE-28", number=28), "Mines GE-28 is german"),
    "card count": (lambda v: v["cards"]["cards"].pop(), "26 soviet cards (expected 27, rules 2.3)"),
    "multi copy": (
        lambda v: _set_all_cards(v, "Rubble", "multi_copy", "sequential"),
        "Rubble SO-11 is sequential (expected cumulative, rules 5.2)",
    ),
    "area id credited to the rules": (
        lambda v: _area(v, MAMAYEV_ID)["sources"].pop("id"),
        "id of 26 is credited to 'rules 2.2, 5.1",
    ),
    "landing zone terrain credited to the rules": (
        lambda v: _area(v, 40)["sources"].pop("terrain"),
        "terrain of 40 is credited to 'rules 2.2, 10.3",
    ),
    "defaulted strongpoint credited to the rules": (
        lambda v: _area(v, 41)["sources"].pop("strongpoint"),
        "strongpoint of 41 is credited to 'rules 2.2, 10.3",
    ),
    "card effect credited to the rules": (
        lambda v: _card(v, "GE-11")["sources"].update(effect="rules 5.2"),
        "effect of 'GE-11' is credited to 'rules 5.2' (expected 'reconstructed: <reason>'",
    ),
    "too little rubble": (
        lambda v: [_card(v, cid).update(name="Ruins") for cid in ("SO-12", "SO-13")],
        "1 Rubble cards (expected at least 3",
    ),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_copy_names_the_rule(tmp_path: Path, case: str) -> None:
    edit, message = BROKEN[case]
    found = _broken(tmp_path, edit)
    assert any(message in line for line in found), "\n".join(found)


def test_an_unbroken_copy_passes(tmp_path: Path) -> None:
    assert _broken(tmp_path, lambda v: None) == []
