"""A player aid as values: pages of sections, paragraphs, lists and tables whose numbers are Facts.

The contract (issue 12, "every player-aid number traces to the data"): a number reaches a page only

* as a :class:`Fact`: the value(s), the data field or rules section it comes from (``source``), and,
  when it is our reconstruction rather than a number the rules print, why (``reconstructed``; the
  writer marks it with a dagger and a footnote);
* as a :class:`Ref`: a rules section cited, e.g. ``11.0``;
* inside a :class:`Name` quoted from the data (an area or card name such as "105mm Artillery").

A :class:`Picture` is an image the module's artwork code draws from the data (the counter guide,
``vassal.counter_guide``): its pixels may show numbers, its ``alt`` text may not.

Plain text (``str`` pieces, titles, footnote reasons) carries no digit: :func:`digit_problems` lists
every one, and the writer (``vassal.player_aid``) refuses content that has any, so no number can
reach a page without a source. :class:`Reading` marks a place where the rules are unclear and the
text follows the reading the checker uses.

Game-neutral: a game's package (``games.<game>``) builds a :class:`PlayerAid` from its ``GameData``;
the writer turns it into HTML files and the module's chart window.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Union

from sdbp_module.records import record


@record
class Fact:
    """One number (or a list of numbers read together, e.g. the areas of a set) and where it comes from.

    ``source``: the data file and field (``turn_track.yaml turns[turn=3].cards.viet_minh``) or the rules
    section and the checker's name for it (``rules 11.0 (rules.supply.base_count)``).
    ``reconstructed``: why the number is ours and not printed in the rules; empty when the rules give it.
    """

    values: tuple[int, ...]
    source: str
    reconstructed: str = ""
    shown: str = ""  # how the value(s) are printed ("0–5", "+1", "12+"): its numbers are exactly ``values``; "" = the values, comma-separated

    def __post_init__(self) -> None:
        if not self.values:
            raise ValueError(f"a Fact needs at least one value ({self.source})")
        if not self.source:
            raise ValueError(f"a Fact needs a source (values {self.values})")
        if self.shown and numbers_in(self.shown) != self.values:
            raise ValueError(f"a Fact printed as {self.shown!r} shows other numbers than its values {self.values} ({self.source})")

    @property
    def is_reconstructed(self) -> bool:
        return bool(self.reconstructed)


def fact(value: int, source: str, reconstructed: str = "") -> Fact:
    """A single-valued :class:`Fact`."""
    return Fact((value,), source, reconstructed)


def numbers_in(text: str) -> tuple[int, ...]:
    """The whole numbers written in ``text``, unsigned, in order ("0–5" → (0, 5), "+1" → (1,))."""
    return tuple(int(run) for run in re.findall(r"[0-9]+", text))


def shown_fact(text: str, source: str, reconstructed: str = "") -> Fact | str:
    """``text`` as printed in a data table: a :class:`Fact` of the numbers it holds, printed as it is
    written, or the text itself when it holds no number ("MISS", "—")."""
    values = numbers_in(text)
    return Fact(values, source, reconstructed, shown=text) if values else text


@record
class Ref:
    """A rules section cited in the text, e.g. ``Ref("8.4.2")``."""

    section: str


@record
class Name:
    """Text quoted from the data (an area or card name); it may hold digits ("Huguette 6")."""

    text: str
    source: str


@record
class Reading:
    """A footnoted mark: the rules are unclear here and the text follows the reading the checker uses."""

    note: str


@record
class Picture:
    """An image of the module (``images/<name>``) shown inline, ``width`` by ``height`` pixels;
    ``alt`` (plain text, no digit) says what it shows."""

    name: str
    alt: str
    width: int
    height: int


@record
class Strong:
    """Bold text."""

    parts: Parts


Inline = Union[str, Fact, Ref, Name, Reading, Picture, Strong]
Parts = tuple[Inline, ...]


@record
class Para:
    parts: Parts


@record
class Items:
    """A bulleted (or numbered) list; each item is a run of inline parts."""

    items: tuple[Parts, ...]
    ordered: bool = False


@record
class Table:
    """A table: a header row and body rows of cells; ``align`` per column (``left`` or ``center``)."""

    header: tuple[Parts, ...]
    rows: tuple[tuple[Parts, ...], ...]
    align: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        width = len(self.header)
        for row in self.rows:
            if len(row) != width:
                raise ValueError(f"a table row has {len(row)} cells, the header {width}")
        if self.align and len(self.align) != width:
            raise ValueError(f"{len(self.align)} alignments for {width} columns")


Block = Union[Para, Items, Table]


@record
class Section:
    title: Parts
    blocks: tuple[Block, ...]


@record
class Page:
    """One tab of the player aid: ``slug`` names its file, ``tab`` is the tab's label."""

    slug: str
    tab: str
    title: str
    sections: tuple[Section, ...]


@record
class PlayerAid:
    """A game's player aid: the toolbar button's text and tooltip, the window's title, its pages in tab order.

    ``title`` is plain text, or inline parts when it quotes the data (the game's title, which may hold a
    digit: a ``Name``); ``title_text`` is the text either way."""

    button: str
    tooltip: str
    title: str | Parts
    pages: tuple[Page, ...]

    @property
    def title_text(self) -> str:
        return self.title if isinstance(self.title, str) else "".join(_plain(p) for p in iter_inlines(self.title))


def _plain(inline: Inline) -> str:
    """The text of a title's inline: a ``str`` or a ``Name`` (``digit_problems`` refuses the others there)."""
    if isinstance(inline, str):
        return inline
    if isinstance(inline, Name):
        return inline.text
    raise ValueError(f"{inline!r} cannot stand in a window title")


# -- building helpers -------------------------------------------------------------------------------


def para(*parts: Inline) -> Para:
    return Para(tuple(parts))


def items(*entries: Parts, ordered: bool = False) -> Items:
    return Items(tuple(entries), ordered)


def section(title: Parts | str, *blocks: Block) -> Section:
    return Section((title,) if isinstance(title, str) else title, tuple(blocks))


# -- walking --------------------------------------------------------------------------------------


def iter_parts(block: Block) -> Iterator[Parts]:
    """The runs of inline parts of a block, in reading order (header cells, then rows left to right)."""
    if isinstance(block, Para):
        yield block.parts
    elif isinstance(block, Items):
        yield from block.items
    else:
        yield from block.header
        for row in block.rows:
            yield from row


def iter_inlines(parts: Parts) -> Iterator[Inline]:
    """Every inline of a run, ``Strong`` opened up, in reading order."""
    for part in parts:
        if isinstance(part, Strong):
            yield from iter_inlines(part.parts)
        else:
            yield part


def iter_page_inlines(page: Page) -> Iterator[Inline]:
    """Every inline of a page in reading order: each section's title, then its blocks."""
    for sec in page.sections:
        yield from iter_inlines(sec.title)
        for block in sec.blocks:
            for parts in iter_parts(block):
                yield from iter_inlines(parts)


def iter_facts(page: Page) -> Iterator[Fact]:
    return (p for p in iter_page_inlines(page) if isinstance(p, Fact))


def digit_problems(aid: PlayerAid) -> list[str]:
    """Every plain text of ``aid`` that holds a digit (a number without a source), and every inline
    that is none of the inline kinds, as messages."""
    problems: list[str] = []

    def check(where: str, text: str) -> None:
        if any(c.isdigit() for c in text):
            problems.append(f"{where}: plain text {text!r} holds a digit; use a Fact, a Ref or a Name")

    for label, text in (("button", aid.button), ("tooltip", aid.tooltip)):
        check(label, text)
    for inline in (aid.title,) if isinstance(aid.title, str) else iter_inlines(aid.title):
        if isinstance(inline, str):
            check("title", inline)
        elif not isinstance(inline, Name):
            problems.append(f"title: {inline!r} is not a str or a Name")
    for page in aid.pages:
        for label, text in (("tab", page.tab), ("title", page.title), ("slug", page.slug)):
            check(f"page {page.slug!r} {label}", text)
        for inline in iter_page_inlines(page):
            if not isinstance(inline, (str, Fact, Ref, Name, Reading, Picture)):
                problems.append(f"page {page.slug!r}: {inline!r} is not a str, Fact, Ref, Name, Reading, Picture or Strong")
            elif isinstance(inline, str):
                check(f"page {page.slug!r}", inline)
            elif isinstance(inline, Fact) and inline.reconstructed:
                check(f"page {page.slug!r} reason of {inline.source}", inline.reconstructed)
            elif isinstance(inline, Reading):
                check(f"page {page.slug!r} reading", inline.note)
            elif isinstance(inline, Picture):
                check(f"page {page.slug!r} picture {inline.name!r}", inline.alt)
                if "/" in inline.name or not inline.name.endswith(".png"):
                    problems.append(f"page {page.slug!r}: picture {inline.name!r} is not a PNG of the module's images folder")
    return problems
