"""Tonkin's map as data (``source_data/tonkin/hexes.yaml``): it passes the hex loader's schema and checks, and
holds the facts the rules (FR 2nd edition) and docs/tonkin-reconstruction.md state.

The whole folder does not load yet (the counters, markers and turn track are another stage), so the file is
read the way the loader reads it: its schema and ``game.yaml``'s, then the hex checks of ``data.hexcheck``,
then ``HexMap.from_mapping``.
"""

from __future__ import annotations

import functools
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from sdbp_module.data import hexcheck
from sdbp_module.data.crossref import Checks, check_sides
from sdbp_module.data.dataset import with_defaults
from sdbp_module.data.files import schema_kind
from sdbp_module.data.problems import InputProblem
from sdbp_module.data.sources import read_yaml
from sdbp_module.data.validate import load_schema, validate_file
from sdbp_module.hexgrid.coords import Hex
from sdbp_module.hexgrid.hexmap import HexMap
from sdbp_module.hexgrid.zoc import MapUnit
from sdbp_module.paths import PROJECT_ROOT
from tests import yaml_io

DATA = PROJECT_ROOT / "source_data" / "tonkin"


def problems_of(folder: Path) -> list[InputProblem]:
    """The problems the loader finds in ``game.yaml`` and ``hexes.yaml`` of ``folder`` (schemas, then the hex checks)."""
    files, values, found = {}, {}, []
    for kind in ("game", "hexes"):
        source = read_yaml(folder / f"{kind}.yaml", folder=folder)
        files[kind] = source
        here = [*source.problems, *validate_file(schema_kind(kind, True), source, 100)]
        found += here
        if not here:
            values[kind] = with_defaults(load_schema(schema_kind(kind, True)), source.value)
    checks = Checks(files, values)
    for check in (check_sides, hexcheck.check_hex_vocabulary, hexcheck.check_hexes, hexcheck.check_terrain_words, hexcheck.check_hex_features):
        check(checks)
    return found + checks.problems


@functools.cache
def raw() -> dict[str, Any]:
    data: dict[str, Any] = yaml_io.load((DATA / "hexes.yaml").read_text(encoding="utf-8"))
    return data


@functools.cache
def tonkin() -> HexMap:
    return HexMap.from_mapping({k: raw()[k] for k in HexMap.KEYS if k in raw()})


def h(text: str) -> Hex:
    found = tonkin().grid.parse_id(text)
    assert found is not None, text
    return found


def ids(hexes: Iterable[Hex]) -> list[str]:
    return sorted(tonkin().grid.hex_id(x) for x in hexes)


def place(hex_id: str) -> str:
    return str(next(p["name"] for p in raw()["places"] if p["hex"] == hex_id))


# -- the loader ---------------------------------------------------------------------------------


def test_the_map_passes_the_loaders_schema_and_hex_checks() -> None:
    assert [str(p) for p in problems_of(DATA)] == []


def test_a_planted_fault_is_found(tmp_path: Path) -> None:
    copy = tmp_path / "tonkin"
    copy.mkdir()
    shutil.copy(DATA / "game.yaml", copy / "game.yaml")
    text = (DATA / "hexes.yaml").read_text(encoding="utf-8")
    assert "hexes: [W-4, X-5, X-6" in text
    (copy / "hexes.yaml").write_text(text.replace("hexes: [W-4, X-5, X-6", "hexes: [W-4, X-6", 1), encoding="utf-8")
    found = [str(p) for p in problems_of(copy)]
    assert len(found) == 1 and "paths" in found[0] and "W-4 and X-6 are consecutive but not neighbours" in found[0], found


def test_the_grid_regions_and_counts_of_the_research() -> None:
    m = tonkin()
    assert (m.grid.orientation, m.grid.columns, m.grid.rows, len(m.terrain)) == ("pointy", 32, 26, 832)
    assert {name: len(m.regions[name].hexes) for name in ("china", "laos", "vietnam", "sea")} == {"china": 127, "laos": 189, "vietnam": 403, "sea": 113}
    assert len(raw()["places"]) == 89 and len(m.regions["vp_hex"].hexes) == 33
    assert sum(1 for x in m.terrain.values() if x == "sea") == 113
    # rules 1.6: Delta = clear (or forest ringed by clear) in Vietnam; the rest of Vietnam and Laos is Highlands
    assert m.in_region("delta", h("T-14")) and m.in_region("highlands", h("F-8")) and m.in_region("highlands", h("F-12"))
    assert not (m.regions["delta"].hexes & m.regions["highlands"].hexes)
    # rules 1.6: the island chain from Haiphong to Tien Yen is coastal; Haiphong and Hon Gai are ports on it
    assert {"Y-15", "AA-15", "CC-13", "BB-15"} <= set(ids(m.regions["coast"].hexes))


# -- the three hexes the rules name -------------------------------------------------------------


def test_w18_is_thai_binh_and_a24_vientiane() -> None:
    m = tonkin()
    assert place("W-18") == "Thai Binh" and m.in_region("delta", h("W-18")) and h("W-18") in m.sets["mobilisation_centre"]
    assert place("A-24") == "Vientiane" and m.in_region("laos", h("A-24")) and h("A-24") in m.sets["port"]
    assert "Mekong" in {f.name for f in m.features.in_hex(h("A-24"))}
    assert len(m.grid.on_map_neighbours(h("A-24"))) < 6  # on the west edge: Vientiane lies beyond it


def test_u14_is_where_the_duong_leaves_the_red_river() -> None:
    m = tonkin()
    assert {f.name for f in m.features.in_hex(h("U-14"))} == {"Red River", "Duong"}
    assert place("T-14") == "Hanoi" and h("U-14") in m.grid.on_map_neighbours(h("T-14"))


def test_along_the_red_river_into_u14_pays_the_duong_and_crossing_pays_the_river() -> None:
    m = tonkin()
    # rules 3.1: moving along one river where another comes from the side (U-14) pays that other river
    assert [f.name for f in m.features.followed(h("U-15"), h("U-14"))] == ["Red River"]
    assert [f.name for f in m.features.crossed(h("U-15"), h("U-14"))] == ["Duong"]
    assert m.step_cost(h("U-15"), h("U-14"), "vm").cost == 1 + 2
    # along the Red River out of U-14 into a hex no other river reaches: clear, no surcharge
    assert m.step_cost(h("U-14"), h("U-15"), "vm").cost == 1
    # entering the same river hex from beside the river pays it
    assert [f.name for f in m.features.crossed(h("V-15"), h("U-15"))] == ["Red River"]
    assert m.step_cost(h("V-15"), h("U-15"), "vm").cost == 1 + 2


def test_a_major_and_minor_river_followed_by_neither_pays_the_major_once() -> None:
    m = tonkin()
    assert {f.kind for f in m.features.crossed(h("X-13"), h("W-14"))} == {"major_river", "minor_river"}
    assert m.step_cost(h("X-13"), h("W-14"), "vm").cost == 1 + 2


def test_the_river_valley_rule_of_rules_3_1() -> None:
    m = tonkin()
    # "rough along a river always costs the VM 2 and the CEF only 3"
    assert m.terrain[h("K-12")] == "rough"
    assert m.step_cost(h("K-11"), h("K-12"), "vm").cost == 2
    assert m.step_cost(h("K-11"), h("K-12"), "cef").cost == 3
    assert m.step_cost(h("J-12"), h("K-12"), "vm").cost == 3 + 1  # entering the river hex instead
    assert m.step_cost(h("K-11"), h("K-12"), "vm", ("rainy", "disrupted")).cost == 2 + 1 + 1


def test_rc4_runs_cao_bang_to_mong_cai_and_a_road_prices_the_step() -> None:
    m = tonkin()
    rc4 = next(p for p in m.features.paths if p.name == "RC4")
    named = [place(x) for x in (m.grid.hex_id(y) for y in rc4.hexes) if any(p["hex"] == x for p in raw()["places"])]
    assert named == ["Cao Bang", "Dong Khe", "That Khe", "Na Sam", "Dong Dang", "Lang Son", "Loc Binh", "Dinh Lap", "Tien Yen", "Mong Cai"]
    assert not any(m.in_region("sea", x) for x in rc4.hexes)
    assert m.terrain[h("X-6")] == "mountain"
    assert m.step_cost(h("X-5"), h("X-6"), "cef").cost == 2  # by road, whatever the terrain and the Ky Cung
    assert m.step_cost(h("W-6"), h("X-6"), "cef").cost == 5 + 1  # off the road: mountain and a minor river
    assert m.step_cost(h("X-5"), h("X-6"), "cef", ("rainy",)).cost == 3
    assert m.step_cost(h("X-5"), h("X-6"), "cef", markers_at=lambda x: frozenset({"destroyed_road"}) if x == h("X-6") else frozenset()).cost == 6


def test_no_zone_of_control_in_china_nor_for_the_cef_in_mountain() -> None:
    m = tonkin()
    assert m.in_region("china", h("Z-7")) and m.in_region("vietnam", h("Y-7"))
    assert m.enemy_zoc("cef", [MapUnit("vm", h("Z-7"), "infantry")]) == frozenset()
    zone = m.enemy_zoc("cef", [MapUnit("vm", h("Y-7"), "infantry")])
    assert ids(zone) == ["X-6", "X-7", "X-8", "Y-6", "Y-8", "Z-7"]  # a zone reaches into China from Vietnam
    assert m.enemy_zoc("vm", [MapUnit("cef", h("X-5"), "infantry")]) == frozenset()  # Dong Khe: mountain
    assert m.enemy_zoc("vm", [MapUnit("cef", h("Y-7"), "infantry")]) == zone
    assert m.enemy_zoc("cef", [MapUnit("vm", h("Y-7"), "infantry", frozenset({"disrupted"}))]) == frozenset()
    assert m.enemy_zoc("cef", [MapUnit("vm", h("Y-7"), "headquarters")]) == frozenset()


def test_traced_lines() -> None:
    m = tonkin()
    # rules 1.4: China counts as enemy-occupied for every CEF line
    blocked = m.trace("range", "cef", h("Y-8"), [h("Z-6")], 3, [])
    assert not blocked.found and "in china counts as enemy-occupied" in blocked.reason
    # rules 1.4: the VM's Tieu Doan line to a mobilisation centre ignores CEF units; a supply line does not
    cef = [MapUnit("cef", h("U-11"), "infantry"), MapUnit("cef", h("U-12"), "infantry")]
    assert not m.trace("range", "vm", h("U-13"), [h("U-11")], 2, cef).found
    assert m.trace("mobilisation", "vm", h("U-13"), [h("U-11")], 2, cef).found
    # rules 7.4: Hoa Binh's river supply down the Black and Red rivers to Hanoi, 5 hexes; a VM regiment on the
    # river cuts it, a Tieu Doan does not
    line = m.trace("river_supply", "cef", h("R-16"), [h("T-14")], 5, [])
    assert line.hexes is not None and [m.grid.hex_id(x) for x in line.hexes] == ["R-16", "S-15", "R-14", "S-13", "S-14", "T-14"]
    assert m.trace("river_supply", "cef", h("R-16"), [h("T-14")], 4, []).reason.startswith("out of range")
    assert m.trace("river_supply", "cef", h("R-16"), [h("T-14")], 5, [MapUnit("vm", h("S-13"), "infantry")]).reason == "blocked: enemy-occupied hex S-13"
    assert m.trace("river_supply", "cef", h("R-16"), [h("T-14")], 5, [MapUnit("vm", h("S-13"), "infantry", frozenset({"tieu_doan"}))]).found
    # rules 3.4: a truck line along roads from a VM supply centre in China (Longzhou) to Cao Bang
    assert h("Z-6") in m.sets["vm_supply_centre"] and m.trace("road", "vm", h("W-4"), [h("Z-6")], 30, []).found


def test_an_engineer_road_marker_never_costs_more_than_rules_4_0_allows() -> None:
    # rules 4.0: entering a hex with a road marker costs 3 MP whatever the terrain, or the normal cost if the
    # mover prefers; the table never asks more than either (it may ask less: see the file's header)
    m = tonkin()
    for marked in ("X-6", "W-6", "K-12", "R-8", "U-13", "S-13"):
        def markers(x: Hex, marked: str = marked) -> frozenset[str]:
            return frozenset({"road_marker"}) if x == h(marked) else frozenset()

        for n in m.grid.on_map_neighbours(h(marked)):
            for side in ("vm", "cef"):
                for flags in ((), ("motorised",)):
                    normal = m.step_cost(n, h(marked), side, flags).cost
                    with_marker = m.step_cost(n, h(marked), side, flags, markers).cost
                    assert normal is not None and with_marker is not None
                    assert with_marker <= min(3, normal), (marked, m.grid.hex_id(n), side, flags, with_marker, normal)
    assert m.terrain[h("W-6")] == "mountain" and not m.features.paths_followed(h("V-6"), h("W-6"))
    assert m.step_cost(h("V-6"), h("W-6"), "cef").cost == 5
    assert m.step_cost(h("V-6"), h("W-6"), "cef", markers_at=lambda x: frozenset({"road_marker"}) if x == h("W-6") else frozenset()).cost == 3
