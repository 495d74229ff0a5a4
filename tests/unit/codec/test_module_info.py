"""Module reader: zones from polygon paths, definitions by sdbp_id with prototypes expanded (§3.3, §4.5)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from lxml import etree

from sdbp_module.codec import pieces
from sdbp_module.codec.module_info import Zone, read_module
from sdbp_module.errors import CodecError


def write_module(path: Path, build_file: bytes, name: str = "buildFile.xml") -> None:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(name, build_file)


def test_zones_and_definitions(tmp_path: Path) -> None:
    root = etree.Element("VASSAL.build.GameModule", name="T")
    game_map = etree.SubElement(root, "VASSAL.build.module.Map", mapName="Main Map", edgeWidth="10", edgeHeight="0")
    board = etree.SubElement(etree.SubElement(game_map, "VASSAL.build.module.map.BoardPicker"), "VASSAL.build.module.map.boardPicker.Board")
    grid = etree.SubElement(board, "VASSAL.build.module.map.boardPicker.board.ZonedGrid")
    etree.SubElement(grid, "VASSAL.build.module.map.boardPicker.board.mapgrid.Zone", name="14", path="0,0;100,0;100,100;0,100;bad")
    protos = etree.SubElement(root, "VASSAL.build.module.PrototypesContainer")
    proto = etree.SubElement(protos, "VASSAL.build.module.PrototypeDefinition", name="Unit")
    proto.text = pieces.add_piece_text("null", pieces.join_chain(["delete;Delete;68,130;", "piece;;;;"]), pieces.join_chain(["", "null;0;0;;0"]))
    slot = etree.SubElement(root, "VASSAL.build.widget.PieceSlot", entryName="A", gpid="3")
    slot.text = "\n  " + pieces.add_piece_text(
        "null", pieces.join_chain(["prototype;Unit", "mark;sdbp_id", "piece;;;;A"]), pieces.join_chain(["", "FR-1", "null;0;0;3;0"])
    ) + "\n"
    write_module(tmp_path / "m.vmod", etree.tostring(root))
    info = read_module(tmp_path / "m.vmod")
    assert info.zones == {"Main Map": (Zone("14", ((10, 0), (110, 0), (110, 100), (10, 100))),)}
    assert info.zone_at("Main Map", "50", "50") == "14"
    assert info.zone_at("Main Map", "5", "50") is None
    assert info.zone_at(None, "50", "50") is None
    definition = info.definitions["FR-1"]
    assert definition.type_traits == ("delete;Delete;68,130;", "mark;sdbp_id", "piece;;;;A")
    assert definition.state_traits == ("", "FR-1", "null;0;0;3;0")
    assert definition.gpid == "3"


def test_not_a_module(tmp_path: Path) -> None:
    write_module(tmp_path / "m.vmod", b"<x/>", name="other.xml")
    with pytest.raises(CodecError) as info:
        read_module(tmp_path / "m.vmod")
    assert info.value.message == f"{tmp_path / 'm.vmod'}: no buildFile.xml (or legacy buildFile) entry: not a VASSAL module"


def test_bad_xml(tmp_path: Path) -> None:
    write_module(tmp_path / "m.vmod", b"<a>\n<b></a>")
    with pytest.raises(CodecError) as info:
        read_module(tmp_path / "m.vmod")
    assert info.value.message.startswith(f"{tmp_path / 'm.vmod'}: entry 'buildFile.xml':2: XML error: ")
