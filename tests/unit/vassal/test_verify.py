"""The verifier that guards every build finds the faults the checklists warn about."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from sdbp_module.vassal import package
from sdbp_module.vassal.verify import verify_module

from .conftest import Built

Edit = Callable[[dict[str, bytes]], None]


def _xml(old: bytes, new: bytes) -> Edit:
    def edit(entries: dict[str, bytes]) -> None:
        assert old in entries["buildFile.xml"]
        entries["buildFile.xml"] = entries["buildFile.xml"].replace(old, new, 1)

    return edit


def _drop(name: str) -> Edit:
    def edit(entries: dict[str, bytes]) -> None:
        del entries[name]

    return edit


def _add(name: str) -> Edit:
    def edit(entries: dict[str, bytes]) -> None:
        entries[name] = b"x"

    return edit


CASES: list[tuple[str, Edit, str]] = [
    ("unknown element", _xml(b"<VASSAL.build.module.Chatter/>", b"<VASSAL.build.module.Chatterbox/>"), "is not a component the reference lists"),
    ("misspelt attribute", _xml(b'edgeHeight="0"', b'edgeHieght="0"'), "has attributes the reference does not give: ['edgeHieght']"),
    ("missing image", _drop("images/card_FR-01.png"), "image 'card_FR-01.png' is not in the module"),
    ("missing board image", _drop("images/map.png"), "image 'map.png' is not in the module"),
    ("savedGame entry", _add("savedGame"), "module must not contain an entry named 'savedGame'"),
    ("missing setup", _drop("campaign.vsav"), "predefined setup 'campaign.vsav' is not in the module"),
    ("unknown trait", _xml(b"mark;sdbp_id,sdbp_kind,side,card_number", b"mork;sdbp_id,sdbp_kind,side,card_number"), "unknown trait id 'mork;'"),
    ("broken nesting", _xml(b"+/null/prototype;French card", b"+/null/bogus;x\tprototype;French card"), "piece definition does not decode"),
    ("undefined prototype", _xml(b"prototype;French card", b"prototype;French kard"), "prototype 'French kard' is not defined"),
    ("duplicate gpid", _xml(b'gpid="2"', b'gpid="1"'), "two piece slots share a gpid"),
    ("zone missing", _xml(b'name="14" path=', b'name="14b" path='), "do not match the areas"),
    ("chat HTML on", _xml(b'chatterHTMLSupport="Never"', b'chatterHTMLSupport="Always"'), "chatterHTMLSupport is 'Always', not 'Never'"),
]


@pytest.mark.parametrize("label,edit,message", [c for c in CASES if c[2]], ids=[c[0] for c in CASES if c[2]])
def test_verifier_reports(built: Built, tmp_path: Path, label: str, edit: Edit, message: str) -> None:
    entries = dict(built.entries)
    edit(entries)
    path = tmp_path / "m.vmod"
    path.write_bytes(package.zip_bytes(entries))
    problems, _ = verify_module(path, expected_areas=sorted((str(a.id) for a in built.game.areas), key=int))
    assert any(message in p for p in problems), problems


def test_moduledata_with_a_38_version_is_refused(built: Built, tmp_path: Path) -> None:
    entries = dict(built.entries)
    entries["moduledata"] = entries["moduledata"].replace(b"<VassalVersion>3.7.0<", b"<VassalVersion>3.8.0<")
    path = tmp_path / "m.vmod"
    path.write_bytes(package.zip_bytes(entries))
    problems, _ = verify_module(path)
    assert problems == ["moduledata VassalVersion 3.8.0 is not a 3.7 version (target engine 3.7)"]


def test_not_a_zip(tmp_path: Path) -> None:
    path = tmp_path / "m.vmod"
    path.write_bytes(b"not a zip")
    problems, _ = verify_module(path)
    assert len(problems) == 1 and "not a readable zip" in problems[0]
