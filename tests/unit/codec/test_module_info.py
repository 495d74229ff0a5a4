"""Module reader: zones from polygon paths, definitions by sdbp_id with prototypes expanded (§3.3, §4.5)."""

from __future__ import annotations

import warnings
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from sdbp_module.codec import module_info, pieces
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
    assert info.value.message == (
        f"{tmp_path / 'm.vmod'}: entry 'buildFile.xml': line 2 col 8: Opening and ending tag mismatch: b line 2 and a"
    )


LAUGHS = (
    b'<?xml version="1.0"?>\n<!DOCTYPE m [\n <!ENTITY l0 "lol">\n'
    + b"".join(b' <!ENTITY l%d "%s">\n' % (i, b"&l%d;" % (i - 1) * 10) for i in range(1, 10))
    + b']>\n<m name="&l9;">&l9;</m>'
)


@pytest.mark.parametrize(
    ("build_file", "message"),
    [
        (
            b'<!DOCTYPE m [\n  <!ENTITY x SYSTEM "file:///etc/passwd">\n]>\n<m name="T">&x;</m>',
            "line 2 col 3: entity declarations not allowed (VASSAL never writes a DOCTYPE)",
        ),
        (
            b'<?xml version="1.0"?>\n<!DOCTYPE m [ <!ENTITY x "hello"> ]>\n<m>&x;</m>',
            "line 2 col 15: entity declarations not allowed (VASSAL never writes a DOCTYPE)",
        ),
        (
            b'<?xml version="1.0"?>\n<!DOCTYPE m SYSTEM "http://example.com/m.dtd">\n<m/>',
            "line 2 col 1: an external DTD not allowed (VASSAL never writes a DOCTYPE)",
        ),
        (b"", "line 1 col 1: Document is empty"),
        (
            b'<m>\n <VASSAL.build.module.Map mapName="M" edgeHeight="1.5"/>\n</m>',
            "line 2: VASSAL.build.module.Map edgeHeight='1.5' is not a whole number",
        ),
    ],
)
def test_unsafe_or_malformed_build_files(build_file: bytes, message: str, tmp_path: Path) -> None:
    write_module(tmp_path / "m.vmod", build_file)
    with pytest.raises(CodecError) as info:
        read_module(tmp_path / "m.vmod")
    assert info.value.message == f"{tmp_path / 'm.vmod'}: entry 'buildFile.xml': {message}"


def test_entity_bomb_is_refused_in_one_line(tmp_path: Path) -> None:
    """A billion-laughs build file never expands: libxml2 or our DOCTYPE check stops it, in one line."""
    write_module(tmp_path / "m.vmod", LAUGHS)
    with pytest.raises(CodecError) as info:
        read_module(tmp_path / "m.vmod")
    assert info.value.message.startswith(f"{tmp_path / 'm.vmod'}: entry 'buildFile.xml': line ")
    assert "\n" not in info.value.message


def test_zip_damage_names_the_entry_and_offset(tmp_path: Path) -> None:
    path = tmp_path / "m.vmod"
    write_module(path, b"<m/>")
    data = bytearray(path.read_bytes())
    central = data.find(b"PK\x01\x02")
    data[central + 10] = 12  # bzip2: not something VASSAL writes
    path.write_bytes(data)
    with pytest.raises(CodecError) as info:
        read_module(path)
    assert info.value.message == (
        f"{path}: entry 'buildFile.xml' (central directory record at byte {central}): compression method 12 not "
        "supported (VASSAL writes deflate)"
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"not a zip", "not a readable module (.vmod is a zip archive)"),
        (b"", "empty file (.vmod is a zip archive)"),
    ],
)
def test_not_a_zip(data: bytes, message: str, tmp_path: Path) -> None:
    (tmp_path / "m.vmod").write_bytes(data)
    with pytest.raises(CodecError) as info:
        read_module(tmp_path / "m.vmod")
    assert info.value.message == f"{tmp_path / 'm.vmod'}: {message}"


def test_duplicate_build_file(tmp_path: Path) -> None:
    path = tmp_path / "m.vmod"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns about the duplicate name we want
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr("buildFile.xml", b"<m/>")
            archive.writestr("buildFile.xml", b"<n/>")
    data = path.read_bytes()
    first = data.find(b"PK\x01\x02")
    second = data.find(b"PK\x01\x02", first + 1)
    with pytest.raises(CodecError) as info:
        read_module(path)
    assert info.value.message == (
        f"{path}: entry 'buildFile.xml' (central directory records at bytes {first} and {second}): duplicate entry name"
    )


def test_build_file_size_is_capped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(module_info, "_MAX_BUILD_FILE", 10)
    path = tmp_path / "m.vmod"
    write_module(path, b"<m>" + b" " * 20 + b"</m>")
    central = path.read_bytes().find(b"PK\x01\x02")
    with pytest.raises(CodecError) as info:
        read_module(path)
    assert info.value.message == (
        f"{path}: entry 'buildFile.xml' (central directory record at byte {central}): larger than 10 bytes"
    )


def test_cannot_read_a_folder(tmp_path: Path) -> None:
    with pytest.raises(CodecError) as info:
        read_module(tmp_path)
    assert info.value.message == f"{tmp_path}: cannot read (Is a directory)"
