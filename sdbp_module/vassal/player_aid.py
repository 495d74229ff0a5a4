"""The player-aid window: a game's aid (``games.player_aid``) as HTML pages and a VASSAL chart window.

Contract: :func:`aid_files` gives the module's zip entries (``help/aid/<page>.html``) and
:func:`add_chart_window` appends the ``ChartWindow`` to the build-file root; both do nothing for a game
without an aid. The pages are deterministic ASCII bytes. Every number on them is a ``Fact``, ``Ref``
or ``Name`` of the content (``games.aid``): content whose plain text holds a digit is refused
(``ValueError``: a bug in the game's aid, not a user error). A reconstructed Fact is printed with a
dagger and a lettered footnote giving the reason; a ``Reading`` with a double dagger and its note.

Engine (VASSAL 3.7 source, ``vassal-app/src/main/java/VASSAL/``):

* ``build/module/ChartWindow`` — a toolbar ``LaunchButton`` (attributes ``name``, ``text``,
  ``tooltip``, ``icon``, ``hotkey``) toggling a ``JDialog`` that holds its child widgets. The button
  appends an un-named hotkey to its tooltip itself (``LaunchButton.setToolTipText``: ``[Ctrl+Shift+P]``),
  so the tooltip does not repeat it. ``PositionOption`` packs the dialog on first use: it opens at the
  preferred size of the first tab.
* ``build/widget/TabWidget`` (``entryName``) — a ``JTabbedPane``; a tab's title is its child's
  configure name (``HtmlChart``'s ``chartName``).
* ``build/widget/HtmlChart`` (``chartName``, ``fileName``) — reads ``fileName`` from the module by its
  exact entry name (``DataArchive.getInputStream`` → ``archive.contains``), as UTF-8, into a
  ``JEditorPane`` with Swing's ``HTMLEditorKit`` (``tools/swing/DataArchiveHTMLEditorKit``): HTML 3.2
  and a little CSS. So the pages use tables with ``border``/``cellpadding``/``bgcolor``, ``<b>``,
  ``<font>``, lists and headings, a two-rule ``<style>`` (body font, space after a table), a
  fixed-width outer table (Swing sizes a pane to its content's preferred width, which for free text
  is one line), marks in a small ``<font>`` rather than ``<sup>`` (which makes Swing's line taller and
  drops a marked number below its row), and numeric character references for everything outside ASCII.
"""

from __future__ import annotations

import html

from lxml import etree

from sdbp_module.games import player_aid
from sdbp_module.games.aid import (
    Fact,
    Inline,
    Items,
    Name,
    Page,
    Para,
    Parts,
    Picture,
    PlayerAid,
    Reading,
    Ref,
    Table,
    digit_problems,
    iter_inlines,
    iter_page_inlines,
)
from sdbp_module.model.game_data import GameData
from sdbp_module.model.per_game import per_game
from sdbp_module.records import record

AID_DIR = "help/aid"
PAGE_WIDTH = 720  # px: the outer table's width, so the window opens at a readable size

CHART_WINDOW = "VASSAL.build.module.ChartWindow"
TAB_WIDGET = "VASSAL.build.widget.TabWidget"
HTML_CHART = "VASSAL.build.widget.HtmlChart"

DAGGER = "\u2020"
DOUBLE_DAGGER = "\u2021"
HEADER_BG = "#d9e1ec"
TITLE_COLOUR = "#1f3a5f"
MARK_COLOUR = "#8a1c1c"  # the marks' dark red: 9.2:1 on white, 7.0:1 on the header rows


def page_path(page: Page) -> str:
    """The page's entry name in the module."""
    return f"{AID_DIR}/{page.slug}.html"


def aid_files(game: GameData) -> dict[str, bytes]:
    """The player aid's pages by entry name; empty for a game without an aid."""
    aid = _checked(game)
    if aid is None:
        return {}
    return {page_path(page): render_page(aid, page) for page in aid.pages}


def add_chart_window(root: etree._Element, game: GameData, hotkey: str) -> None:
    """Append the player aid's ChartWindow (a toolbar button on ``hotkey``, one tab per page) to the build-file root."""
    aid = _checked(game)
    if aid is None:
        return
    window = _el(root, CHART_WINDOW, {"hotkey": hotkey, "icon": "", "name": aid.title_text, "text": aid.button, "tooltip": aid.tooltip})
    tabs = _el(window, TAB_WIDGET, {"entryName": aid.title_text})
    for page in aid.pages:
        _el(tabs, HTML_CHART, {"chartName": page.tab, "fileName": page_path(page)})


def checked_page(page: Page) -> Page:
    """``page`` when every number on it has a source (``digit_problems``), else ``ValueError``."""
    problems = digit_problems(PlayerAid("", "", "", (page,)))
    if problems:
        raise ValueError("player aid content: " + "; ".join(problems))
    return page


@per_game
def _checked(game: GameData) -> PlayerAid | None:
    """The game's player aid, its numbers checked (``digit_problems``); made once per game (``per_game``:
    a build wants it for the pages and for the window that shows them)."""
    aid = player_aid(game)
    if aid is None:
        return None
    problems = digit_problems(aid)
    slugs = [p.slug for p in aid.pages]
    if len(set(slugs)) != len(slugs):
        problems.append(f"two pages share a slug: {slugs}")
    if problems:
        raise ValueError("player aid content: " + "; ".join(problems))
    return aid


def _el(parent: etree._Element, tag: str, attrs: dict[str, str]) -> etree._Element:
    el = etree.SubElement(parent, tag)
    for k, v in sorted(attrs.items()):
        el.set(k, v)
    return el


# -- HTML ----------------------------------------------------------------------------------------------


@record
class _Note:
    mark: str  # dagger or double dagger
    letter: str
    text: str


def _footnotes(page: Page) -> dict[tuple[str, str], _Note]:
    """The page's footnotes in reading order: one per distinct reconstruction reason or reading."""
    notes: dict[tuple[str, str], _Note] = {}
    for inline in iter_page_inlines(page):
        if isinstance(inline, Fact) and inline.reconstructed:
            found = (DAGGER, inline.reconstructed)
        elif isinstance(inline, Reading):
            found = (DOUBLE_DAGGER, inline.note)
        else:
            continue
        if found not in notes:
            notes[found] = _Note(found[0], _letter(len(notes)), found[1])
    return notes


def _letter(index: int) -> str:
    """a, b, … z, aa, ab, …: footnote letters (no digits on the page but the content's numbers)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def _esc(text: str) -> str:
    return html.escape(text, quote=False)


def _mark(note: _Note) -> str:
    """The mark after a number or a phrase: small, on the baseline (a ``<sup>`` makes Swing's line taller,
    which drops the marked number below its unmarked neighbours in a table row)."""
    return f'<font size="2" color="{MARK_COLOUR}">{_esc(note.mark)}{note.letter}</font>'


def column_reasons(table: Table) -> tuple[str, ...]:
    """Per column, the reconstruction reason its header carries for all its cells, or ``""``.

    A column whose numbers are all reconstructed for one reason (one side's hand sizes, the arrival
    counts) is marked once on its header instead of on every cell; a column that mixes printed and
    reconstructed numbers, or several reasons, marks each reconstructed number."""
    out = []
    for j in range(len(table.header)):
        facts = [f for row in table.rows for f in iter_inlines(row[j]) if isinstance(f, Fact)]
        reasons = {f.reconstructed for f in facts}
        out.append(next(iter(reasons)) if len(reasons) == 1 and "" not in reasons else "")
    return tuple(out)


def _inline(part: Inline, notes: dict[tuple[str, str], _Note], marked: str = "") -> str:
    """One inline as HTML; a Fact reconstructed for the reason ``marked`` (its column's) gets no mark of its own."""
    if isinstance(part, str):
        return _esc(part)
    if isinstance(part, Fact):
        text = part.shown or ", ".join(str(v) for v in part.values)
        own = part.reconstructed and part.reconstructed != marked
        return _esc(text) + (_mark(notes[(DAGGER, part.reconstructed)]) if own else "")
    if isinstance(part, Ref):
        return _esc(part.section)
    if isinstance(part, Name):
        return _esc(part.text)
    if isinstance(part, Reading):
        return _mark(notes[(DOUBLE_DAGGER, part.note)])
    if isinstance(part, Picture):
        return picture_html(part)
    return "<b>" + _parts(part.parts, notes, marked) + "</b>"


def picture_html(picture: Picture) -> str:
    """An ``<img>`` of the module's ``images/`` folder: a bare file name, which VASSAL's HTML viewers
    (``DataArchiveHTMLEditorKit``: the help window and the chart window) read from ``images/``."""
    return f'<img src="{html.escape(picture.name)}" width="{picture.width}" height="{picture.height}" alt="{html.escape(picture.alt)}" border="0">'


def _parts(parts: Parts, notes: dict[tuple[str, str], _Note], marked: str = "") -> str:
    return "".join(_inline(p, notes, marked) for p in parts)


def _table(table: Table, notes: dict[tuple[str, str], _Note]) -> list[str]:
    align = table.align or ("left",) * len(table.header)
    reasons = column_reasons(table)
    out = ['<table border="1" cellpadding="4" cellspacing="0" width="100%">', f'<tr bgcolor="{HEADER_BG}">']
    for cell, a, reason in zip(table.header, align, reasons, strict=True):
        mark = _mark(notes[(DAGGER, reason)]) if reason else ""
        out.append(f'<th align="{a}">{_parts(cell, notes, reason)}{mark}</th>')  # the header's own number shares its column's mark
    out.append("</tr>")
    for row in table.rows:
        cells = (f'<td align="{a}" valign="top">{_parts(cell, notes, r)}</td>' for cell, a, r in zip(row, align, reasons, strict=True))
        out += ["<tr>", *cells, "</tr>"]
    out.append("</table>")
    return out


def _block(block: Para | Items | Table, notes: dict[tuple[str, str], _Note]) -> list[str]:
    if isinstance(block, Para):
        return [f"<p>{_parts(block.parts, notes)}</p>"]
    if isinstance(block, Items):
        tag = "ol" if block.ordered else "ul"
        return [f"<{tag}>", *(f"<li>{_parts(item, notes)}</li>" for item in block.items), f"</{tag}>"]
    return _table(block, notes)


def page_body(page: Page, heading: str = "h3") -> list[str]:
    """The HTML lines of a page's sections (titles as ``heading``) and its footnotes: the page without
    its frame, for the aid window and for the help page (``help.help_html``)."""
    notes = _footnotes(page)
    lines: list[str] = []
    for sec in page.sections:
        lines.append(f'<{heading}><font color="{TITLE_COLOUR}">{_parts(sec.title, notes)}</font></{heading}>')
        for block in sec.blocks:
            lines += _block(block, notes)
    lines += ["<hr>", '<p><font size="2">']
    for note in notes.values():
        lines.append(f"<b>{_esc(note.mark)}{note.letter}</b> {_esc(note.text)}.<br>")
    lines += [
        f"{_esc(DAGGER)} our reconstruction, not printed in the rules; {_esc(DOUBLE_DAGGER)} the rules are unclear: "
        "the reading the checker (sdbp check) uses. Every number comes from the game data or from the rules section cited.",
        "</font></p>",
    ]
    return lines


def render_page(aid: PlayerAid, page: Page) -> bytes:
    """One page of ``aid`` as HTML 3.2 (ASCII bytes, non-ASCII as numeric references)."""
    lines = [
        "<html>",
        "<head>",
        f"<title>{_esc(aid.title_text)}: {_esc(page.title)}</title>",
        '<style type="text/css">body { font-family: sans-serif; font-size: 12pt } table { margin-bottom: 10px }</style>',
        "</head>",
        '<body bgcolor="#ffffff" text="#000000">',
        f'<table width="{PAGE_WIDTH}" border="0" cellpadding="0" cellspacing="0"><tr><td>',
        f'<font size="2" color="{TITLE_COLOUR}">{_esc(aid.title_text)}</font>',
        f'<h2><font color="{TITLE_COLOUR}">{_esc(page.title)}</font></h2>',
    ]
    lines += page_body(page)
    lines += [
        "</td></tr></table>",
        "</body>",
        "</html>",
        "",
    ]
    return "\n".join(lines).encode("ascii", "xmlcharrefreplace")
