"""``sdbp migrate``: pieces take their definition from the rebuilt module, matched by ``sdbp_id``.

The module here is built in the test with lxml + zipfile (same traits as docs/module-pieces.md
for a unit: Layer ``Spent``, a side prototype, the identity Marker, the BasicPiece). A second test
runs the real ``sdbp build`` on a copy of the SoDBP data when the builder is available.
"""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path

from click.testing import CliRunner
from lxml import etree

from sdbp_module.cli import main
from sdbp_module.codec import pieces
from sdbp_module.codec.container import read_container, write_save
from sdbp_module.codec.envelope import (
    Envelope,
    EnvelopeKind,
    decode_envelope,
    encode_envelope,
)
from sdbp_module.codec.identity import BuildId, recorded_build
from sdbp_module.codec.sequence import encode as se_encode
from sdbp_module.codec.tree import decode_tree
from tests.built_modules import built_module

ESC = "\x1b"
MARK_NAMES = ["sdbp_id", "sdbp_kind", "side", "formation", "company", "firepower", "defense"]


def layer() -> str:
    fields = [""] * 33
    fields[15] = "fresh.png,spent.png"
    fields[16] = "+ (fresh),+ (spent)"
    fields[18] = "Spent"
    fields[24] = "1"
    return "emb2;" + (se_encode(fields, ";") or "")


PROTOTYPE = (["PROP;sdbp_target;false,0,100,false;;", "report;70\\,130;* $PieceName$ fires *;;;;false", "piece;;;;"], ["", "-1", "null;0;0;;0"])


def unit_slot(sdbp_id: str, name: str, firepower: str, gpid: str) -> str:
    formation, company = name.rsplit(" ", 1)
    values = [sdbp_id, "unit", "french", formation, company, firepower, "8"]
    types = [layer(), "prototype;French unit", "mark;" + (se_encode(MARK_NAMES, ",") or ""), f"piece;;;;{name}"]
    states = ["1", "", se_encode(values, ",") or "", f"null;0;0;{gpid};0"]
    return pieces.add_piece_text("null", pieces.join_chain(types), pieces.join_chain(states))


def build_module(path: Path, firepower: str, with_extra: bool = True) -> None:
    root = etree.Element("VASSAL.build.GameModule", name="Storm Over Dien Bien Phu", version="1")
    protos = etree.SubElement(root, "VASSAL.build.module.PrototypesContainer")
    proto = etree.SubElement(protos, "VASSAL.build.module.PrototypeDefinition", name="French unit")
    proto.text = pieces.add_piece_text("null", pieces.join_chain(PROTOTYPE[0]), pieces.join_chain(PROTOTYPE[1]))
    window = etree.SubElement(root, "VASSAL.build.module.PieceWindow", name="Units")
    for sdbp_id, name, fp, gpid in (("FR-I2REI-1", "I/2 REI 1", firepower, "1"), ("FR-I2REI-2", "I/2 REI 2", "2", "2")):
        slot = etree.SubElement(window, "VASSAL.build.widget.PieceSlot", entryName=name, gpid=gpid)
        slot.text = unit_slot(sdbp_id, name, fp, gpid)
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("buildFile.xml", etree.tostring(root, xml_declaration=True, encoding="UTF-8"))


def game_piece(piece_id: str, sdbp_id: str, name: str, firepower: str, level: str, target: str, x: str) -> str:
    """A piece as the engine places it: prototype expanded, live state."""
    formation, company = name.rsplit(" ", 1)
    values = [sdbp_id, "unit", "french", formation, company, firepower, "8"]
    types = [layer(), *PROTOTYPE[0][:-1], "mark;" + (se_encode(MARK_NAMES, ",") or ""), f"piece;;;;{name}"]
    states = [level, target, "-1", se_encode(values, ",") or "", f"Main Map;{x};120;1;1;UniqueID;{piece_id}"]
    return pieces.add_piece_text(piece_id, pieces.join_chain(types), pieces.join_chain(states))


def write_game(path: Path, extra_piece: bool) -> None:
    group = [game_piece("101", "FR-I2REI-1", "I/2 REI 1", "2", "2", "15", "150"), game_piece("102", "FR-I2REI-2", "I/2 REI 2", "2", "1", "", "160")]
    if extra_piece:
        group.append("+/103/piece;;;;Mystery/Main Map;170;120;9;0")
    group.append("+/104/stack/Main Map;150;120;101;102;@@1")
    text = ESC.join(["begin_save", "", ("\\" + ESC).join([""] + group), "SETUP_STACK\t", "end_save"])
    write_save(path, encode_envelope(Envelope(EnvelopeKind.VCSK, 0x21, text)), {"moduledata": b"<data/>"})


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_migrate_to_a_module_with_a_changed_value(tmp_path: Path) -> None:
    build_module(tmp_path / "v2.vmod", firepower="3")
    write_game(tmp_path / "game.vsav", extra_piece=False)
    code, out, err = run("migrate", str(tmp_path / "game.vsav"), "--module", str(tmp_path / "v2.vmod"), "-o", str(tmp_path / "new.vsav"))
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "I/2 REI 1: firepower 2 → 3",
        f"{tmp_path / 'new.vsav'}: 2 pieces migrated, 1 change, 0 not matched, 0 lost",
    ]
    container = read_container(tmp_path / "new.vsav")
    assert list(container.extra_entries) == ["moduledata"]  # the new module's (it has none: made, as the engine does)
    assert recorded_build(container.entries) == BuildId("Storm Over Dien Bien Phu", "1")
    env = decode_envelope(container.saved_game)
    assert env.key == 0x21
    group = decode_tree(env.text).children[1].children
    fields = pieces.add_piece_fields(group[0].text)
    assert fields is not None
    states = pieces.split_chain(fields[2])
    assert states == [
        "2",  # still spent
        "15",  # declared target kept
        "-1",
        "FR-I2REI-1,unit,french,I/2 REI,1,3,8",  # the new printed values
        "Main Map;150;120;1;1;UniqueID;101",  # same place, same UniqueID
    ]
    assert group[-1].text == "+/104/stack/Main Map;150;120;101;102;@@1"


def test_unmatched_piece_exits_1(tmp_path: Path) -> None:
    build_module(tmp_path / "v2.vmod", firepower="2")
    write_game(tmp_path / "game.vsav", extra_piece=True)
    code, out, err = run("migrate", str(tmp_path / "game.vsav"), "--module", str(tmp_path / "v2.vmod"), "-o", str(tmp_path / "new.vsav"))
    assert code == 1
    assert err == "not matched: Mystery (103): no sdbp_id property; kept unchanged\n"
    assert out == f"{tmp_path / 'new.vsav'}: 2 pieces migrated, 0 changes, 1 not matched, 0 lost\n"


def test_bad_module(tmp_path: Path) -> None:
    write_game(tmp_path / "game.vsav", extra_piece=False)
    (tmp_path / "bad.vmod").write_bytes(b"nope")
    assert run("migrate", str(tmp_path / "game.vsav"), "--module", str(tmp_path / "bad.vmod"), "-o", str(tmp_path / "o.vsav")) == (
        2, "", f"Error: {tmp_path / 'bad.vmod'}: not a readable module (.vmod is a zip archive)\n"
    )


REPO = Path(__file__).resolve().parents[2]


def test_migrate_a_real_sodbp_save_after_errata(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(REPO / "source_data" / "sodbp", data)
    v1 = built_module(REPO / "source_data" / "sodbp", tmp_path / "v1")  # `sdbp build` of the data as it is: the session's module
    with zipfile.ZipFile(v1) as archive:
        setups = [n for n in archive.namelist() if n.endswith(".vsav")]
        assert setups, "the module should carry its predefined set-up save"
        (tmp_path / "setup.vsav").write_bytes(archive.read(setups[0]))
    counters = data / "counters.yaml"
    text = counters.read_text(encoding="utf-8")
    line = re.search(r"- \{id: FR-I2REI-1,.*fresh: \[2, 8, 2\]", text)
    assert line is not None
    counters.write_text(text.replace(line.group(0), line.group(0).replace("fresh: [2, 8, 2]", "fresh: [3, 8, 2]")), encoding="utf-8")
    assert run("build", str(data), "-o", str(tmp_path / "v2"))[0] == 0
    (v2,) = (tmp_path / "v2").glob("*.vmod")
    code, out, err = run("migrate", str(tmp_path / "setup.vsav"), "--module", str(v2), "-o", str(tmp_path / "new.vsav"))
    assert (code, err) == (0, "")
    assert "I/2 REI 1: firepower 2 → 3" in out.splitlines()
    assert len(out.splitlines()) == 2
    # the migrated save records the new build, as the engine records the module it runs: the new
    # module's moduledata byte for byte and its version in savedata (the comment and dates kept)
    with zipfile.ZipFile(v1) as old, zipfile.ZipFile(v2) as new:
        old_version = etree.fromstring(old.read("moduledata")).findtext("version")
        new_moduledata = new.read("moduledata")
    new_version = etree.fromstring(new_moduledata).findtext("version")
    assert old_version != new_version  # a changed counter value is another build
    migrated = dict(read_container(tmp_path / "new.vsav").entries)
    before = dict(read_container(tmp_path / "setup.vsav").entries)
    assert migrated["moduledata"] == new_moduledata
    assert migrated["savedata"] == before["savedata"].replace(f"<version>{old_version}</version>".encode(), f"<version>{new_version}</version>".encode())
    assert recorded_build(list(migrated.items())) == BuildId("StormOverDienBienPhu", str(new_version))
