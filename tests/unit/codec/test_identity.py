"""``codec.identity``: what a log records of its module's build, how it compares, and the build digest
(every part of a build file a log is read through changes it; tooltips, icons, descriptions, the help
and player-aid windows and the layout of the XML do not)."""

from __future__ import annotations

import copy

import pytest
from lxml import etree

from sdbp_module.codec.identity import (
    TRANSCRIPT,
    BuildId,
    BuildStatus,
    Reference,
    build_digest,
    compare,
    judge,
    notice,
    recorded_build,
    recorded_name,
    restamped,
)
from sdbp_module.errors import InputError

A = "1.0.0+aaaaaaaaaaaa"
B = "1.0.0+bbbbbbbbbbbb"


def data(version: str | None, name: str | None = None, extra: str = "") -> bytes:
    parts = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<data version="1">\n']
    if version is not None:
        parts.append(f"  <version>{version}</version>\n")
    parts.append(extra)
    if name is not None:
        parts.append(f"  <name>{name}</name>\n")
    parts.append("</data>\n")
    return "".join(parts).encode()


def test_a_version_carries_a_digest_only_in_the_form_sdbp_writes() -> None:
    assert BuildId("M", A).digest == "aaaaaaaaaaaa" and BuildId("M", A).data_version == "1.0.0"
    for version in ("1.0.0", "1.0.0+abc", "1.0.0+AAAAAAAAAAAA", "+aaaaaaaaaaaa", "1.0.0+aaaaaaaaaaaaa", ""):
        assert BuildId("M", version).digest is None, version
        assert BuildId("M", version).data_version == version


def test_what_a_log_records() -> None:
    assert recorded_build([("savedGame", b"x"), ("savedata", data(B)), ("moduledata", data(A, "M"))]) == BuildId("M", A)
    assert recorded_build([("savedata", data(B))]) == BuildId("", B)  # no moduledata: the version savedata gives
    assert recorded_build([("moduledata", data(None, "M")), ("savedata", data(B))]) == BuildId("M", B)
    assert recorded_build([("savedGame", b"x")]) is None
    assert recorded_build([("moduledata", b"<data><version>1</versi")]) is None  # unreadable: as if absent
    assert recorded_build([("moduledata", data(A, "M", '  <name lang="fr">N</name>\n'))]) == BuildId("M", A)  # translations skipped
    assert recorded_build([("moduledata", data(f"  {A}\n", "  M "))]) == BuildId("M", A)  # trimmed, as readers do
    assert recorded_name([("moduledata", data(A, "M"))]) == "M" and recorded_name([("savedata", data(A))]) is None


@pytest.mark.parametrize(
    ("log", "module", "status"),
    [
        (A, A, BuildStatus.SAME),
        (A, B, BuildStatus.OTHER),  # two builds of one data version
        ("0.9.0", B, BuildStatus.OTHER),  # another data version is another build, digest or not
        ("0.9.0", "1.0.0", BuildStatus.OTHER),
        ("1.0.0", B, BuildStatus.UNRECORDED),  # the log's module was built before build identities
        (A, "1.0.0", BuildStatus.UNRECORDED),  # the module was
        ("1.0.0", "1.0.0", BuildStatus.UNRECORDED),  # equal versions without a digest prove nothing
        ("", B, BuildStatus.UNRECORDED),
    ],
)
def test_compare(log: str, module: str, status: BuildStatus) -> None:
    match = compare(BuildId("M", log), BuildId("M", module), "the module m.vmod")
    assert match.status is status and match.warns is (status is BuildStatus.OTHER)
    assert match.log == BuildId("M", log) and match.module == BuildId("M", module)


def test_a_log_that_records_nothing_cannot_be_told() -> None:
    match = compare(None, BuildId("M", B), "the module m.vmod")
    assert match.status is BuildStatus.UNRECORDED and "records no module version" in match.message


def test_judge_refuses_another_build_in_one_line_unless_allowed() -> None:
    reference = Reference(BuildId("M", B), "the module m.vmod", verb="show")
    with pytest.raises(InputError) as refused:
        judge("game.vlog", BuildId("M", A), reference)
    assert refused.value.message == (
        f"game.vlog: written with M {A}, the module m.vmod is {B}; a log of another build is misread "
        "(use --allow-other-build to show it anyway)"
    )
    allowed = judge("game.vlog", BuildId("M", A), Reference(BuildId("M", B), "the module m.vmod", allow_other=True))
    assert allowed.status is BuildStatus.OTHER and allowed.warns
    assert judge("game.vlog", BuildId("M", B), reference).status is BuildStatus.SAME
    assert judge("game.vlog", BuildId("M", "1.0.0"), reference).status is BuildStatus.UNRECORDED  # said, not refused


def test_notice_is_loud_for_another_build_and_quiet_otherwise() -> None:
    other = compare(BuildId("M", A), BuildId("M", B), "the module m.vmod")
    assert (notice("g.vlog", other) or "").startswith("WARNING: ANOTHER BUILD: g.vlog: written with M")
    assert (notice("g.vlog", compare(BuildId("M", "1.0.0"), BuildId("M", B), "x")) or "").startswith("note: g.vlog: ")
    assert notice("g.vlog", compare(BuildId("M", B), BuildId("M", B), "x")) is None
    assert notice("g.jsonl", TRANSCRIPT) is None and notice("g.vlog", None) is None


def test_restamped_entries_record_the_new_module() -> None:
    comment = b"  <description>our game, turn 3</description>\n  <dateSaved>17</dateSaved>\n"
    entries = [("savedata", data(A, None, comment.decode())), ("moduledata", data(A, "M")), ("notes.txt", b"kept")]
    new_moduledata = data(B, "M", "  <VassalVersion>3.7.0</VassalVersion>\n")
    out = restamped(entries, BuildId("M", B), new_moduledata)
    assert dict(out) == {"savedata": data(B, None, comment.decode()), "moduledata": new_moduledata, "notes.txt": b"kept"}
    assert recorded_build(out) == BuildId("M", B)
    made = restamped([("savedata", data(A))], BuildId("M & N", B), None)  # a module without moduledata: made from it
    assert recorded_build(made) == BuildId("M & N", B)


BUILD = """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.build.GameModule VassalVersion="3.7.0" description="A game" name="M" version="1.0.0">
    <VASSAL.build.module.Documentation>
        <VASSAL.build.module.documentation.HelpFile fileName="help/m.html" title="How to play"/>
    </VASSAL.build.module.Documentation>
    <VASSAL.build.module.Map mapName="Main Map">
        <VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="1" path="0,0;10,0;10,10"/>
    </VASSAL.build.module.Map>
    <VASSAL.build.module.GlobalKeyCommand buttonText="Pass" icon="" reportFormat="SDBP|1|PASS|$PlayerSide$" tooltip="Pass (F12)"/>
    <VASSAL.build.widget.PieceSlot entryName="I/2 1" gpid="7">+/null/report;70\\,130;SDBP|1|FLIP|unit=$sdbp_id$;;;;false	piece;;;;I/2 1/	null;0;0;7;0</VASSAL.build.widget.PieceSlot>
    <VASSAL.build.module.ChartWindow name="Player aid"><VASSAL.build.widget.HtmlChart fileName="help/aid.html"/></VASSAL.build.module.ChartWindow>
</VASSAL.build.GameModule>
"""


def digest_of(text: str) -> str:
    return build_digest(etree.fromstring(text.encode("utf-8")))


def test_the_digest_leaves_out_what_is_only_shown() -> None:
    base = digest_of(BUILD)
    shown_only = [
        ('version="1.0.0"', 'version="1.0.0+aaaaaaaaaaaa"'),
        ('tooltip="Pass (F12)"', 'tooltip="Pass the turn (F12)"'),
        ('icon=""', 'icon="pass.png"'),
        ('description="A game"', 'description="Another text"'),
        ('title="How to play"', 'title="Help"'),
        ('<VASSAL.build.widget.HtmlChart fileName="help/aid.html"/>', ""),
        ("\n    <VASSAL", "\n  <VASSAL"),  # indentation
        (">+/null/", ">  +/null/"),  # text the engine trims
        ('<VASSAL.build.module.Map mapName="Main Map">', '<!-- the map --><VASSAL.build.module.Map mapName="Main Map">'),
    ]
    for old, new in shown_only:
        assert old in BUILD
        assert digest_of(BUILD.replace(old, new)) == base, new


def test_the_digest_sees_everything_a_log_is_read_through() -> None:
    base = digest_of(BUILD)
    read_through = [
        ('path="0,0;10,0;10,10"', 'path="0,0;12,0;10,10"'),  # a zone's shape
        ('name="1" path', 'name="2" path'),  # a zone's name
        ('mapName="Main Map"', 'mapName="Map"'),
        ("SDBP|1|PASS|$PlayerSide$", "SDBP|1|PASS|side=$PlayerSide$"),  # a button's report format
        ("SDBP|1|FLIP|unit=$sdbp_id$", "SDBP|1|FLIP|id=$sdbp_id$"),  # a trait's report format
        ("report;70\\,130;", "report;82\\,130;"),  # a key
        ('gpid="7"', 'gpid="8"'),
        ('buttonText="Pass"', 'buttonText="Pass!"'),
        ('name="M"', 'name="N"'),
    ]
    for old, new in read_through:
        assert old in BUILD
        assert digest_of(BUILD.replace(old, new)) != base, new


def test_the_digest_does_not_change_the_tree_it_reads() -> None:
    root = etree.fromstring(BUILD.encode("utf-8"))
    before = copy.deepcopy(root)
    build_digest(root)
    assert etree.tostring(root) == etree.tostring(before)


_X = b'<?xml version="1.0" encoding="UTF-8"?>\n'
_ODD_METADATA = [
    _X + b"<data><name>a &amp; b &#233; &#x41;</name></data>",
    _X + b"<data>\r\n<name>a\r\nb</name></data>",
    _X + b"<data><name>a<b/>c</name><version>1<x>2</x>3</version></data>",
    _X + b'<data><name lang="fr">x</name><name>y</name></data>',
    _X + b"<data><name>a<!-- c -->b</name></data>",
    _X + b"<data><name><![CDATA[a<b]]></name></data>",
    _X + b'<!DOCTYPE data [<!ENTITY e "E">]><data><name>&e;</name></data>',
    _X + b"<data><name>&e;</name></data>",
    _X + b'<data xmlns="u"><name>a</name></data>',
    _X + b'<data xmlns:p="u"><p:name>a</p:name><name>b</name></data>',
    _X + b"<data><p:name>a</p:name></data>",
    b'<?xml version="1.0" encoding="ISO-8859-1"?><data><name>\xe9</name></data>',
    b'<?xml version="1.0" encoding="windows-1252"?><data><name>\x80</name></data>',
    b'<?xml version="1.0" encoding="UTF-8"?><data><name>\xff</name></data>',
    b"\xef\xbb\xbf<data><name>bom</name></data>",
    "<data><name>u16</name></data>".encode("utf-16"),
    _X + b"<data><name>a</name></data><x/>",
    _X + b"<data><version>1</versi",
    b"",
    b"<data/>",
    _X + b"<data><?pi x?><name>a</name></data>",
    _X + b"<data><name>a&#0;</name></data>",
    _X + b'<data><name a="1" a="2">a</name></data>',
    b'<?xml version="1.1"?><data><name>a</name></data>',
    _X + b"<data>\n  <name>  M  </name>\n  <name/>\n</data>",
    _X + b"<data><name>\x01</name></data>",
]


@pytest.mark.parametrize("document", _ODD_METADATA)
def test_metadata_reads_as_lxml_reads_it(document: bytes) -> None:
    """A plain metadata document is read with expat (a check imports no lxml), any other with lxml: the
    root's children come out as lxml gives them, whichever reads it."""
    from sdbp_module.codec.identity import _metadata

    try:
        root = etree.fromstring(document, parser=etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False))
    except etree.XMLSyntaxError:
        expected = None
    else:
        expected = tuple((c.tag, bool(c.attrib), c.text or "") for c in root.iterchildren() if isinstance(c.tag, str))
    assert _metadata(document) == expected
