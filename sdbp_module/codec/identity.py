"""A module build's identity, as the engine records it in every save and log, and how a log's compares.

``sdbp build`` writes the module's version as ``<data version>+<digest>`` (``1.0.0+3fa2b1c09d4e``):
the digest is the first 12 hex digits of the SHA-256 of the module's ``buildFile.xml`` written with an
empty version (``vassal.buildfile.build_file``), so it changes with anything a log is read through —
zones, piece definitions, traits, keys, report formats, decks, the turn tracker, the buttons — and not
with the images. The engine writes the running module's version into every save and log it writes:
``savedata``'s ``<version>`` is ``GameModule.getGameVersion()`` and ``moduledata`` is a byte copy of
the module's own (``SaveMetaData``, ``AbstractMetaData.copyModuleMetadata``; format reference §5.1).

``recorded_build(entries)`` reads what a save or log records (``moduledata``: name and version, as
the engine's ``SaveMetaData.getModuleVersion`` does; else ``savedata``'s version). ``compare`` says
whether a log is of the build it is read with: ``same``, ``other`` (both carry a digest and the
versions differ, or their data versions differ) or ``unrecorded`` (the log, or the module, records no
digest: a module built before sdbp recorded one, a hand-made file, an events transcript). Pure: the
commands decide what to do with an ``other`` (refuse it, exit 2, or go on with a warning when
``--allow-other-build`` is given).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import Enum
from typing import TYPE_CHECKING

from sdbp_module.errors import InputError
from sdbp_module.limits import MAX_METADATA_BYTES
from sdbp_module.records import record

if TYPE_CHECKING:
    from lxml import etree

DIGEST_DIGITS = 12
"""Hex digits of the SHA-256 kept in a version (48 bits: two layouts never meet by chance)."""

ALLOW_OPTION = "--allow-other-build"
"""The option that reads a log of another build anyway, with a warning on every report."""

_DIGEST = re.compile(rf"^[0-9a-f]{{{DIGEST_DIGITS}}}$")
_MAX_METADATA = MAX_METADATA_BYTES


@record
class BuildId:
    """A module's name and version as the engine records them ("" when a file does not say)."""

    name: str
    version: str

    @property
    def digest(self) -> str | None:
        """The build digest of a version sdbp wrote (``1.0.0+3fa2b1c09d4e``), else None."""
        base, plus, digest = self.version.rpartition("+")
        return digest if plus and base and _DIGEST.match(digest) else None

    @property
    def data_version(self) -> str:
        """The version without its build digest (the data's ``version``, the ``.vmod`` file name's)."""
        return self.version.rpartition("+")[0] if self.digest is not None else self.version

    @property
    def shown(self) -> str:
        """Name and version, as the messages print them."""
        return f"{self.name} {self.version}".strip() if self.version else f"{self.name} (no version)".strip()


COSMETIC_ATTRIBUTES = frozenset(
    {"tooltip", "buttonToolTip", "markUnmovedTooltip", "icon", "buttonIcon", "disabledIcon", "markUnmovedIcon", "description"}
)
"""Attributes the digest leaves out: what the engine only shows (tooltips, button icons, the editor's
descriptions). Nothing the engine writes into a log or resolves a position with."""

COSMETIC_ELEMENTS = frozenset({"VASSAL.build.module.Documentation", "VASSAL.build.module.ChartWindow"})
"""Elements (with what they hold) the digest leaves out: the help menu and the player-aid window."""


def build_digest(root: etree._Element) -> str:
    """The build digest of a ``buildFile.xml`` tree: the first hex digits of the SHA-256 of its canonical
    form (C14N; text trimmed as the engine's ``Builder.getText`` reads it, no indentation) without the
    GameModule ``version`` and without ``COSMETIC_ATTRIBUTES`` and ``COSMETIC_ELEMENTS``. Zones, maps,
    boards, piece and prototype definitions (traits, keys, report formats, image names), decks, the
    turn tracker, the buttons and their report formats are all in it; image bytes are not in a build
    file at all."""
    from copy import deepcopy

    from lxml import etree

    tree = deepcopy(root)
    if "version" in tree.attrib:
        del tree.attrib["version"]
    for el in list(tree.iter()):
        parent = el.getparent()
        if parent is not None and (not isinstance(el.tag, str) or el.tag in COSMETIC_ELEMENTS):
            parent.remove(el)  # a comment (not read by the engine), or the help or player-aid window
            continue
        for name in COSMETIC_ATTRIBUTES.intersection(el.attrib):
            del el.attrib[name]
        el.text = el.text.strip() or None if el.text is not None else None
        el.tail = None
    import hashlib  # here: reading a log's identity needs no digest, and hashlib loads OpenSSL (2.7 ms)

    return hashlib.sha256(etree.tostring(tree, method="c14n")).hexdigest()[:DIGEST_DIGITS]


def build_version(data_version: str, root: etree._Element) -> str:
    """The version ``sdbp build`` writes: the data's version ``+`` the build digest of the build file."""
    return f"{data_version}+{build_digest(root)}"


Fields = tuple[tuple[str, bool, str], ...]
"""The children of a metadata document's root element, in order: (tag, whether it has attributes, its
text before its first child element)."""


def _metadata(data: bytes | None) -> Fields | None:
    """The children of ``data``'s root (``Fields``), or None when there is no document, it is too large
    or it cannot be read. A plain document (elements, attributes, text and the standard entities: what
    the engine writes) is read with expat (``_plain_fields``); any other (a DTD, a comment, CDATA, a
    processing instruction, a namespace, an encoding expat lacks, or one expat refuses) by lxml, as
    before, so what a file records reads the same either way and a check of a log imports no lxml."""
    if data is None or len(data) > _MAX_METADATA:
        return None
    plain = _plain_fields(data)
    if plain is not None:
        return plain
    from lxml import etree  # here: a check of an events transcript never reads XML

    try:
        root = etree.fromstring(data, parser=etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False))
    except etree.XMLSyntaxError:
        return None
    return tuple((child.tag, bool(child.attrib), child.text or "") for child in root.iterchildren() if isinstance(child.tag, str))


class _NotPlain(Exception):
    """The document holds more than elements, attributes, text and the standard entities."""


def _plain_fields(data: bytes) -> Fields | None:
    """``_metadata`` of a plain document, read with expat; None when it is not plain or expat refuses it
    (lxml then reads it). Expat and libxml2 read such a document alike: the same elements, attributes and
    text (line ends normalized, character and standard entity references replaced)."""
    from xml.parsers import expat

    parser = expat.ParserCreate()
    fields: list[tuple[str, bool, str]] = []
    text: list[str] = []
    depth = 0
    open_text = False  # the text of the root's current child is still being read (no child element of its own yet)

    def start(tag: str, attributes: dict[str, str]) -> None:
        nonlocal depth, open_text
        if ":" in tag or any(name == "xmlns" or ":" in name for name in attributes):
            raise _NotPlain
        depth += 1
        if open_text:  # the child's first child element ends the child's text
            fields[-1] = (fields[-1][0], fields[-1][1], "".join(text))
            open_text = False
        if depth == 2:
            fields.append((tag, bool(attributes), ""))
            text.clear()
            open_text = True

    def end(tag: str) -> None:
        nonlocal depth, open_text
        if open_text and depth == 2:
            fields[-1] = (fields[-1][0], fields[-1][1], "".join(text))
            open_text = False
        depth -= 1

    def characters(chunk: str) -> None:
        if open_text:
            text.append(chunk)

    def not_plain(*_args: object) -> None:
        raise _NotPlain

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    parser.StartDoctypeDeclHandler = not_plain
    parser.CommentHandler = not_plain
    parser.ProcessingInstructionHandler = not_plain
    parser.StartCdataSectionHandler = not_plain
    parser.SkippedEntityHandler = not_plain
    try:
        parser.Parse(data, True)
    except (_NotPlain, expat.ExpatError, ValueError, LookupError):
        return None
    return tuple(fields)


def _text(root: Fields | None, tag: str) -> str | None:
    """The text of ``root``'s first ``tag`` child without attributes (so not a translation with a
    ``lang``; readers trim it, §2.2), or None."""
    if root is None:
        return None
    for child, attributes, text in root:
        if child == tag and not attributes:
            return text.strip()
    return None


def recorded_build(entries: Sequence[tuple[str, bytes]]) -> BuildId | None:
    """The module a save or log records: ``moduledata``'s name and version, else ``savedata``'s version
    (with no name); None when it records neither (or they cannot be read)."""
    by_name = {name: data for name, data in entries if name in ("moduledata", "savedata")}
    module = _metadata(by_name.get("moduledata"))
    name, version = _text(module, "name"), _text(module, "version")
    if version is None:
        version = _text(_metadata(by_name.get("savedata")), "version")
    if name is None and version is None:
        return None
    return BuildId(name or "", version or "")


def recorded_name(entries: Sequence[tuple[str, bytes]]) -> str | None:
    """The module name a save or log records in ``moduledata``; None when it records none."""
    return _text(_metadata(next((data for name, data in entries if name == "moduledata"), None)), "name") or None


_VERSION_ELEMENT = re.compile(rb"<version>[^<]*</version>")


def restamped(entries: Sequence[tuple[str, bytes]], module: BuildId, moduledata: bytes | None) -> list[tuple[str, bytes]]:
    """A save's entries as the engine writes them running ``module`` (``sdbp migrate``): ``moduledata`` is
    the module's own (``AbstractMetaData.copyModuleMetadata``; made from its name and version when it has
    none, as the engine does), added when the save had none; ``savedata``'s ``<version>`` is the module's
    (the rest of it, the player's comment and dates, kept byte for byte)."""
    out: list[tuple[str, bytes]] = []
    for name, data in entries:
        if name == "moduledata":
            continue
        if name == "savedata":
            data = _VERSION_ELEMENT.sub(lambda _m: b"<version>" + _xml_text(module.version) + b"</version>", data, count=1)
        out.append((name, data))
    if moduledata is None:
        moduledata = (
            b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<data version="1">\n'
            + b"  <version>" + _xml_text(module.version) + b"</version>\n"
            + b"  <name>" + _xml_text(module.name) + b"</name>\n</data>\n"
        )
    out.append(("moduledata", moduledata))
    return out


def _xml_text(text: str) -> bytes:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").encode("utf-8")


class BuildStatus(str, Enum):
    SAME = "same"  # the log records this build's version
    OTHER = "other"  # the log records another build: read with this one, it is misread
    UNRECORDED = "unrecorded"  # the log (or the module) records no build identity: whether it is this build cannot be told


@record
class BuildMatch:
    """A log's build against the module's it is read with, and the sentence the reports print."""

    status: BuildStatus
    log: BuildId | None  # what the log records (None: nothing, e.g. an events transcript)
    module: BuildId | None  # what it is read with (None: no module reads it, an events transcript)
    message: str

    @property
    def warns(self) -> bool:
        """Reports shout it: the log is of another build (checked anyway with ``--allow-other-build``)."""
        return self.status is BuildStatus.OTHER


TRANSCRIPT = BuildMatch(
    BuildStatus.UNRECORDED,
    None,
    None,
    "an events transcript records no module build, and needs none: its places are already areas",
)
"""What a report says about an events ``.jsonl``."""


def compare(log: BuildId | None, module: BuildId, against: str) -> BuildMatch:
    """``log`` (what a ``.vlog``/``.vsav`` records) against ``module`` (``against``: which module that is,
    in words, e.g. "the module build/X.vmod")."""
    if log is None or not log.version:
        return BuildMatch(
            BuildStatus.UNRECORDED, log, module,
            f"the log records no module version (no moduledata or savedata entry): whether it was written with "
            f"{against} ({module.shown}) cannot be told",
        )
    if log.data_version != module.data_version or (log.digest is not None and module.digest is not None):
        if log.version == module.version:
            return BuildMatch(BuildStatus.SAME, log, module, f"written with {log.shown}, the build of {against}")
        return BuildMatch(
            BuildStatus.OTHER, log, module,
            f"written with {log.shown}, another build than {against} ({module.version}): its positions, pieces and "
            "report lines are read through this build's zones and definitions, so findings may be misreadings",
        )
    if log.digest is None:
        return BuildMatch(
            BuildStatus.UNRECORDED, log, module,
            f"the log records {log.shown}, no build identity (a module built before sdbp recorded one): whether "
            f"it was written with {against} ({module.version}) cannot be told; many findings at the set-up are "
            "the sign of another build",
        )
    return BuildMatch(
        BuildStatus.UNRECORDED, log, module,
        f"{against} records {module.shown}, no build identity (built before sdbp recorded one): whether the log "
        f"({log.version}) was written with it cannot be told",
    )


@record
class Reference:
    """The build a log is read with, in words (``against``), and what to do with a log of another:
    refuse it (the default) or read it with a warning (``allow_other``). ``verb``: what the command
    does with the log, for the refusal's hint."""

    build: BuildId
    against: str  # "the module build/X.vmod", "the module this game data builds"
    allow_other: bool = False
    verb: str = "check"


def judge(log_file: str, recorded: BuildId | None, reference: Reference) -> BuildMatch:
    """``compare`` the log's build with the reference's; a log of another build is refused in one line
    (``InputError``, exit 2) unless the reference allows it."""
    match = compare(recorded, reference.build, reference.against)
    if match.status is BuildStatus.OTHER and not reference.allow_other:
        assert match.log is not None
        raise InputError(
            f"{log_file}: written with {match.log.shown}, {reference.against} is {reference.build.version}; "
            f"a log of another build is misread (use {ALLOW_OPTION} to {reference.verb} it anyway)"
        )
    return match


def notice(log_file: str, match: BuildMatch | None) -> str | None:
    """The line a command without a report (``sdbp show``, ``sdbp convert --events``) prints about a log's
    build: loud for another build, a note when the log records none; nothing for the same build or an
    events transcript."""
    if match is None or match.status is BuildStatus.SAME or match == TRANSCRIPT:
        return None
    return f"{'WARNING: ANOTHER BUILD' if match.warns else 'note'}: {log_file}: {match.message}"
