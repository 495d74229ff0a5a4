"""``sdbp check`` and ``sdbp rules``: read a log, check it, render the report; list the rules.

The CLI calls ``run_check`` and ``run_rules`` and exits with what they return: 0 when no finding is
illegal, 1 when one is, 2 when the log cannot be read or an option is wrong (raised as ``InputError``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias, TypeVar

import click

from sdbp_module.codec.identity import Reference
from sdbp_module.errors import EXIT_OK, EXIT_WRONG, DataError, InputError
from sdbp_module.fileio import write_atomically
from sdbp_module.games import DEFAULT_GAME
from sdbp_module.model.game_data import GameData
from sdbp_module.records import record
from sdbp_module.replay.events import Event
from sdbp_module.replay.loading import load_log, reference
from sdbp_module.rules.base import Rule, RulesPackage
from sdbp_module.rules.checker import Report, check_events
from sdbp_module.rules.switches import parse_switches

if TYPE_CHECKING:  # a hex game's code is imported when a hex game is checked, not by every check
    from sdbp_module.replay.hexes.events import HexEvent
    from sdbp_module.rules.hexes.base import HexRule, HexRulesPackage

AnyRulesPackage: TypeAlias = "RulesPackage | HexRulesPackage"
"""An area game's rules package, or a hex-map game's (``rules.hexes``)."""


def rules_package(game_id: str) -> AnyRulesPackage:
    """The rules package of ``game_id`` (``games.game_package``): a ``RulesPackage``, or a hex-map
    game's ``HexRulesPackage``; ``InputError`` when it has none (a hex-map game without one: the
    one-line refusal of a game not checked yet)."""
    from sdbp_module.games import is_hex_game, known_games, rules_package_path

    path = rules_package_path(game_id)
    if path is None and is_hex_game(game_id):
        from sdbp_module.model.from_data import HEX_NOT_BUILT

        raise DataError(f"game {game_id!r}: {HEX_NOT_BUILT}")
    if path is None:
        known = [g for g in known_games() if rules_package_path(g) is not None]
        raise InputError(f"no rules package for game {game_id!r} (known: {', '.join(known)})") from None
    module_name, _, attr = path.partition(":")
    package = getattr(importlib.import_module(module_name), attr)
    if isinstance(package, RulesPackage):
        return package
    from sdbp_module.rules.hexes.base import HexRulesPackage

    assert isinstance(package, HexRulesPackage)
    return package


def area_rules_package(game_id: str) -> RulesPackage:
    """``rules_package`` of an area game; a hex-map game's is refused in one line (what asks is not
    built for hex maps yet)."""
    package = rules_package(game_id)
    if not isinstance(package, RulesPackage):
        from sdbp_module.model.from_data import HEX_NOT_BUILT

        raise DataError(f"game {game_id!r}: {HEX_NOT_BUILT}")
    return package


def write_output(text: str | Iterable[str], output: Path | None) -> None:
    """Write ``text`` (or its pieces, as they come) to ``output`` atomically (temporary file, then
    ``os.replace``: a write stopped half-way leaves nothing), or to stdout."""
    pieces = (text,) if isinstance(text, str) else text
    if output is None:
        for piece in pieces:
            click.echo(piece, nl=False)
        return
    write_atomically(output, (piece.encode("utf-8") for piece in pieces))


@record
class Checked:
    """One log checked: the report, and the events and game it came from (for pictures); a hex-map
    game's events are ``replay.hexes`` events and its package a ``HexRulesPackage``."""

    report: Report
    events: Sequence[Event] | Sequence[HexEvent]
    game: GameData
    package: AnyRulesPackage
    module: Path | None = None
    data_dir: Path | None = None  # the game data folder it was checked with, when a command gave one


def check_log(
    log: Path,
    game: GameData,
    package: AnyRulesPackage,
    *,
    module: Path | None = None,
    switches: Sequence[str] = (),
    skips: Sequence[str] = (),
    build: Reference | Callable[[], Reference] | None = None,
    data_dir: Path | None = None,
) -> Checked:
    """Read and check one log (``.vlog`` or events ``.jsonl``) of an area game or, with a
    ``HexRulesPackage``, of a hex-map game (``replay.hexes.loading``, ``rules.hexes.checker``).
    Unreadable input raises ``InputError``, and so does a log of another build than ``build`` unless
    it allows one (``replay.loading.load_log``)."""
    if not isinstance(package, RulesPackage):
        from sdbp_module.replay.hexes.loading import read_hex_log
        from sdbp_module.rules.hexes.checker import check_hex_events

        hex_rules = parse_switches(switches, package.switches)
        hex_active = without_rules(package.rules, skips)
        hex_loaded = read_hex_log(log, game, module, build)
        report = check_hex_events(hex_loaded.events, game, package, switches=hex_rules, source=str(log), problems=hex_loaded.problems, rules=hex_active)
        if hex_loaded.build is not None:
            report = replace(report, build=hex_loaded.build)
        return Checked(report, hex_loaded.events, game, package, module, data_dir)
    ruleset = parse_switches(switches, package.switches)
    active = without_rules(package.rules, skips)
    loaded = load_log(log, game, module, build)
    report = check_events(loaded.events, game, package, switches=ruleset, source=str(log), problems=loaded.problems, rules=active)
    if loaded.build is not None:
        report = replace(report, build=loaded.build)
    return Checked(report, loaded.events, game, package, module, data_dir)


PICTURE_POLICIES = ("all", "serious", "none")
"""Which findings get a board picture in an HTML report: every one, the illegal and suspicious ones, none."""


def report_chunks(checked: Checked, fmt: str, *, pictures: str = "all", images_dir: Path | None = None) -> Iterable[str]:
    """The report of ``checked`` in pieces to write as they come: an HTML page draws each picture as it
    writes its finding (``reports.html.html_report_chunks``), the other formats are one piece."""
    if fmt == "html":
        from sdbp_module.reports.html import html_report_chunks

        return html_report_chunks(checked, pictures=pictures, images_dir=images_dir)
    return (render_report(checked, fmt),)


def render_report(checked: Checked, fmt: str, *, pictures: str = "all", images_dir: Path | None = None) -> str:
    """The report of ``checked`` as text, JSON or a self-contained HTML page."""
    if fmt == "json":
        from sdbp_module.reports.json import render_json

        return render_json(checked.report)
    if fmt == "text":
        from sdbp_module.reports.text import render_text

        return render_text(checked.report)
    if fmt == "html":
        from sdbp_module.reports.html import render_html_report

        return render_html_report(checked, pictures=pictures, images_dir=images_dir)
    raise InputError(f"--format {fmt!r}: expected text, json or html")


def run_check(
    log: Path,
    *,
    module: Path | None,
    data_dir: Path,
    fmt: str,
    output: Path | None,
    switches: Sequence[str],
    skips: Sequence[str] = (),
    pictures: str = "all",
    allow_other_build: bool = False,
) -> int:
    """Check ``log``; print or write the report; 0 no illegal finding, 1 some (2 raised as InputError).

    ``skips``: rule ids or id prefixes to leave out (each must match some rule). ``pictures``: which
    findings of an HTML report get a board picture (``PICTURE_POLICIES``). A ``.vlog`` of another build
    than the module's (``--module``, else the one the data builds) is refused, or with
    ``allow_other_build`` checked with a warning on top of the report."""
    from sdbp_module.model.from_data import load_game

    if fmt not in ("text", "json", "html"):
        raise InputError(f"--format {fmt!r}: expected text, json or html")
    if pictures not in PICTURE_POLICIES:
        raise InputError(f"--pictures {pictures!r}: expected {', '.join(PICTURE_POLICIES)}")
    game = load_game(data_dir, hex_map=True)
    package = rules_package(game.game.id)
    build = partial(reference, game, module, data_dir, allow_other=allow_other_build, verb="check")
    checked = check_log(log, game, package, module=module, switches=switches, skips=skips, build=build, data_dir=data_dir)
    write_output(report_chunks(checked, fmt, pictures=pictures), output)
    return EXIT_WRONG if checked.report.has_illegal else EXIT_OK


R = TypeVar("R", "Rule", "HexRule")


def without_rules(rules: Sequence[R], skips: Sequence[str]) -> tuple[R, ...]:
    """``rules`` less those whose id is or starts with one of ``skips`` (each checked by ``check_skips``).
    With no skips, ``rules`` itself when it is a tuple: the checker keeps the dispatch table of a package's
    own rules from check to check (``checker._dispatch_table``), which a copy would miss."""
    if not skips:
        return tuple(rules)
    check_skips([r.rule_id for r in rules], skips)
    return tuple(r for r in rules if not any(r.rule_id.startswith(skip) for skip in skips))


def check_skips(rule_ids: Sequence[str], skips: Sequence[str]) -> None:
    """Refuse a ``--skip`` that is empty (it would match every rule: a check of nothing that always
    passes, say from an unset shell variable) or that matches none of ``rule_ids``."""
    for skip in skips:
        if not skip.strip():
            raise InputError(f"--skip {skip!r}: an empty prefix would leave out every rule (expected a rule id or the start of one; see `sdbp rules`)")
        if not any(rule_id.startswith(skip) for rule_id in rule_ids):
            raise InputError(f"--skip {skip!r}: no rule id is or starts with it (see `sdbp rules`)")


def rules_listing(package: AnyRulesPackage) -> dict[str, object]:
    """The ``sdbp rules`` listing of ``package`` as JSON-ready data: one row per catalogue id (then the
    implemented ids the catalogue lacks), each with its reference, severity, section, whether a rule
    implements it and its summary (the catalogue entry's own, else the implementing rule's: an id that
    several shared rules implement needs the game's words); a row no rule implements carries
    ``not_checked`` (the package's reason) when the package gives one, and only then. Then the switches."""
    implemented = {r.rule_id: r for r in package.rules}
    rows: list[dict[str, object]] = []
    for entry in package.catalogue:
        r = implemented.get(entry.rule_id)
        row: dict[str, object] = {
            "rule_id": entry.rule_id,
            "rule_ref": entry.rule_ref,
            "severity": entry.severity,
            "section": entry.section,
            "implemented": r is not None,
            "summary": entry.summary or (getattr(r, "summary", "") if r is not None else ""),
        }
        reason = package.not_checked.get(entry.rule_id)
        if r is None and reason is not None:
            row["not_checked"] = reason
        rows.append(row)
    known = {e.rule_id for e in package.catalogue}
    for rule_id in sorted(set(implemented) - known):
        r = implemented[rule_id]
        rows.append(
            {
                "rule_id": rule_id,
                "rule_ref": r.rule_ref,
                "severity": r.severity.value,
                "section": "",
                "implemented": True,
                "summary": getattr(r, "summary", ""),
            }
        )
    return {
        "format": "sdbp-rules",
        "format_version": 1,
        "game": package.game_id,
        "rules": rows,
        "switches": [{"name": s.name, "values": list(s.values), "default": s.default, "amb": s.amb} for s in package.switches],
    }


def _status(row: dict[str, object]) -> str:
    """A listing row's status: "checked", "not checked: <the package's reason>", or "not yet"."""
    if row["implemented"]:
        return "checked"
    reason = row.get("not_checked")
    return f"not checked: {reason}" if reason is not None else "not yet"


def render_rules_text(listing: dict[str, object]) -> str:
    """The listing as text: one line per rule id with its status, then the switches (if the game has any)."""
    rows = listing["rules"]
    assert isinstance(rows, list)
    width = max(len(r["rule_id"]) for r in rows)
    ref_width = min(24, max(len(r["rule_ref"]) for r in rows))
    sev_width = min(24, max(len(r["severity"]) for r in rows))
    lines = [f"Rules of {listing['game']} ({sum(1 for r in rows if r['implemented'])} of {len(rows)} implemented):", ""]
    for r in rows:
        lines.append(f"  {r['rule_id']:<{width}}  {r['rule_ref']:<{ref_width}}  {r['severity']:<{sev_width}}  {_status(r)}")
    switches = listing["switches"]
    assert isinstance(switches, list)
    if switches:
        lines += ["", "Switches (--switch NAME=VALUE; default first):"]
    for s in switches:
        lines.append(f"  {s['name']}: {' | '.join(s['values'])}  ({s['amb']})")
    return "\n".join(lines) + "\n"


def run_rules(fmt: str, game_id: str = DEFAULT_GAME) -> int:
    """List every rule id of the game's catalogue with its reference, severity and status (checked, not
    checked with the package's reason, or not yet)."""
    listing = rules_listing(rules_package(game_id))
    if fmt == "json":
        import json  # here: a check does not use it

        click.echo(json.dumps(listing, indent=2, sort_keys=True, ensure_ascii=False))
    else:
        click.echo(render_rules_text(listing), nl=False)
    return EXIT_OK
