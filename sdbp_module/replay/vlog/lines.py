"""The module's report lines (``docs/report-formats.md``), both formats, as one record.

Format 2 (modules built now): a sentence of the game, ``* <side> moves <unit name> (<unit id>) from
<location> to <location>``, read by the one table of ``codec.sentences`` back to the event word and
the fields of format 1. Format 1 (older modules and their logs): ``SDBP|1|EVENT|key=value|…``; its
parsing rule: find the first ``SDBP|`` in the chat text; the record runs to the end, trailing spaces
stripped; token 1 is the format version, token 2 the event word, the rest ``key=value`` split on the
first ``=``. Unknown keys are kept. A line inside an undo reads ``* UNDO: * …``: ``is_undo`` is
then true.
"""

from __future__ import annotations

from sdbp_module.codec import sentences
from sdbp_module.ids import Side
from sdbp_module.records import record

MARK = "SDBP|"
VERSION = "1"
"""The format of the ``SDBP|`` records; format 2 is ``sentences.VERSION``."""


def side_named(text: str, sides: tuple[Side, ...] = ()) -> Side | None:
    """The side whose label is ``text`` (the module names its player sides by the sides' labels,
    ``$PlayerSide$``), or None: among ``sides``, the game's (two games may share a label),
    else among every declared side."""
    for side in sides or Side.declared():
        if side.label == text:
            return side
    return None


class LineError(ValueError):
    """A chat line that starts an ``SDBP|`` record but cannot be read; the message says why."""


@record
class ReportLine:
    """One parsed record: its event word and its fields, in the order written."""

    event: str
    fields: tuple[tuple[str, str], ...]
    text: str
    is_undo: bool = False

    def get(self, key: str) -> str | None:
        for k, v in self.fields:
            if k == key:
                return v
        return None

    def require(self, key: str) -> str:
        value = self.get(key)
        if value is None:
            raise LineError(f"{self.event} line has no {key}= field: {self.text!r}")
        return value

    @property
    def side(self) -> Side | None:
        """The acting player's side (a side's label) among every declared side; ``None`` when empty or
        anything else. A reader that knows its game asks ``side_among``."""
        return side_named((self.get("side") or "").strip())

    def side_among(self, sides: tuple[Side, ...]) -> Side | None:
        """The acting player's side among the game's ``sides``."""
        return side_named((self.get("side") or "").strip(), sides)


def parse_line(chat: str) -> ReportLine | None:
    """The record in a chat text, ``None`` if there is none; ``LineError`` if a format-1 record is
    malformed."""
    start = chat.find(MARK)
    if start < 0:
        found = sentences.parse_sentence(chat)
        if found is None:
            return None
        return ReportLine(found[0], found[1], found[2], found[3])
    record = chat[start:].rstrip(" ")
    tokens = record.split("|")
    if len(tokens) < 3 or not tokens[2]:
        raise LineError(f"SDBP line without an event word: {record!r}")
    if tokens[1] != VERSION:
        raise LineError(f"SDBP line of format version {tokens[1]!r} (this reader knows {VERSION}): {record!r}")
    fields: list[tuple[str, str]] = []
    for token in tokens[3:]:
        key, eq, value = token.partition("=")
        if not eq or not key:
            raise LineError(f"SDBP {tokens[2]} line: field {token!r} is not key=value: {record!r}")
        fields.append((key, value))
    return ReportLine(tokens[2], tuple(fields), record, "UNDO:" in chat[:start])


def format_line(event: str, fields: list[tuple[str, str]] | tuple[tuple[str, str], ...]) -> str:
    """Write a format-1 record (inverse of :func:`parse_line` without the engine's decoration): what
    modules built before format 2 wrote; the scribe writes sentences (``sentences.render``)."""
    return "|".join(["SDBP", VERSION, event, *(f"{k}={v}" for k, v in fields)])


def side_name(side: Side | None) -> str:
    """``$PlayerSide$`` of a side: its label; empty for none."""
    return "" if side is None else side.label
