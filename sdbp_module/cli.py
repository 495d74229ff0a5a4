"""The ``sdbp`` command: a thin click layer.

Each command parses its options, calls one package function, and maps the result to an exit
code. Implementations are imported inside the commands so that ``sdbp --help`` stays fast.
Errors meant for the user are ``SdbpError`` (a ``click.ClickException``): one line on stderr,
no traceback, exit 1 or 2. Anything else that escapes a command is a bug in sdbp: the group's guard
turns it into one "internal error … please report" line and exit 3, so a bug never looks like bad
input. ``SDBP_DEBUG=1`` lets the traceback through instead.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from sdbp_module.collector import collector_off_at_exit, collector_paused

with collector_paused():  # click's import makes objects that live as long as the process, and no garbage cycle
    import click

    from sdbp_module import __version__
    from sdbp_module.errors import EXIT_INTERNAL, EXIT_INTERRUPTED, one_line

EPILOG = (
    "Exit codes: 0 success (no illegal finding); 1 the input was read but is wrong "
    "(validation problems, illegal findings, lost data); 2 the input could not be read "
    "or the command was misused; 3 internal error (a bug in sdbp: please report it); 130 interrupted (Ctrl-C)."
)

PathArg = click.Path(path_type=Path)

allow_other_build = click.option(
    "--allow-other-build",
    "allow_other_build",
    is_flag=True,
    help="Read a .vlog written with another build of the module than the one it is read with (--module, else "
    "the module the data builds) anyway, with a warning on top of every report; without it such a log is "
    "refused in one line (exit 2).",
)
ExistingFile = click.Path(path_type=Path, exists=True, dir_okay=False)


INTERRUPTED_LINE = "sdbp: interrupted (Ctrl-C); no output was left half-written"
"""What the guard prints when the user stops a command (exit ``EXIT_INTERRUPTED``, 130)."""


def internal_error_line(exc: BaseException, command: str | None) -> str:
    """The one line the guard prints for an unexpected exception."""
    detail = one_line(" ".join(str(exc).split()))
    if len(detail) > 200:
        detail = detail[:200] + "…"
    where = f" in `sdbp {command}`" if command else ""
    return (
        f"sdbp: internal error{where}: {type(exc).__name__}" + (f": {detail}" if detail else "")
        + " — this is a bug in sdbp, not in your input; please report it with the command and the file "
        "(SDBP_DEBUG=1 shows the traceback)"
    )


class GuardedGroup(click.Group):
    """The command group with the last-resort guard around every command."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (KeyboardInterrupt, click.exceptions.Abort):
            # Ctrl-C: one line and 130, not click's "Aborted!" and 1 (the code of illegal findings); every file
            # being written is a temporary one that the write removes (fileio.write_atomically)
            click.echo(INTERRUPTED_LINE, err=True)
            ctx.exit(EXIT_INTERRUPTED)
        except (click.exceptions.ClickException, click.exceptions.Exit):
            raise
        except Exception as exc:  # the guard: anything else is a bug, reported as one
            if os.environ.get("SDBP_DEBUG"):
                raise
            click.echo(internal_error_line(exc, ctx.invoked_subcommand), err=True)
            ctx.exit(EXIT_INTERNAL)


@click.group(cls=GuardedGroup, epilog=EPILOG, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="sdbp")
def main() -> None:
    """Build, convert and check VASSAL modules, saves and logs of area-impulse games, from each game's data."""


# --------------------------------------------------------------------------------------------
# validate (data)


@main.command(epilog=EPILOG)
@click.argument("data_dir", required=False, type=PathArg)
@click.option("--summary", is_flag=True, help="Also print counts and how many facts are reconstructed.")
def validate(data_dir: Path | None, summary: bool) -> None:
    """Check game data: schemas first, then cross-references. Reports all problems at once."""
    from sdbp_module.data.commands import run_validate
    from sdbp_module.paths import default_data_dir

    sys.exit(run_validate(data_dir or default_data_dir(), summary=summary))


# --------------------------------------------------------------------------------------------
# build (vassal)


@main.command(epilog=EPILOG)
@click.argument("data_dir", required=False, type=PathArg)
@click.option("-o", "--out-dir", type=PathArg, default=None, help="Output folder (default: build/).")
@click.option("--images", "images_dir", type=PathArg, default=None, help="Artwork folder (default: images/<game id>/, the id from the data's game.yaml).")
def build(data_dir: Path | None, out_dir: Path | None, images_dir: Path | None) -> None:
    """Build the VASSAL module (.vmod) from game data and artwork."""
    from sdbp_module.paths import default_data_dir
    from sdbp_module.vassal.commands import run_build

    sys.exit(run_build(data_dir or default_data_dir(), out_dir or Path("build"), images_dir))


# --------------------------------------------------------------------------------------------
# convert / migrate (codec)


@main.command(epilog=EPILOG)
@click.argument("source", type=PathArg)
@click.argument("target", type=PathArg)
@click.option("--module", "module", type=PathArg, default=None, help="Resolve positions and pieces with this .vmod.")
@click.option(
    "--envelope",
    type=click.Choice(["vcsk", "vobs", "plain"]),
    default=None,
    help="Envelope of a written .vsav/.vlog (default: the one recorded in the JSON, else vcsk).",
)
@click.option("--key", default=None, help="Obfuscation key as two hex digits (default: the recorded one).")
@click.option(
    "--events",
    is_flag=True,
    help="Write the checker's events (.vlog -> .jsonl) instead of log steps; check them with `sdbp check`.",
)
@click.option("--data", "data_dir", type=PathArg, default=None, help="Game data for --events (default: the bundled default game).")
@allow_other_build
def convert(
    source: Path,
    target: Path,
    module: Path | None,
    envelope: str | None,
    key: str | None,
    events: bool,
    data_dir: Path | None,
    allow_other_build: bool,
) -> None:
    """Convert .vsav/.vlog to .json (lossless) or .jsonl (log steps or, with --events, events), and .json back."""
    if allow_other_build and not events:
        raise click.UsageError("--allow-other-build goes with --events (only the events are read through a module build)")
    if events:
        from sdbp_module.paths import default_data_dir
        from sdbp_module.replay.commands import run_export_events

        sys.exit(
            run_export_events(source, target, module=module, data_dir=data_dir or default_data_dir(), allow_other_build=allow_other_build)
        )
    from sdbp_module.codec.commands import run_convert

    sys.exit(run_convert(source, target, module=module, envelope=envelope, key=key))


@main.command(epilog=EPILOG)
@click.argument("save", type=PathArg)
@click.option("--module", "module", type=PathArg, required=True, help="The rebuilt module (.vmod).")
@click.option("-o", "--output", type=PathArg, required=True, help="Where to write the migrated save or log.")
def migrate(save: Path, module: Path, output: Path) -> None:
    """Carry a save or log over to a rebuilt module, and say what changed."""
    from sdbp_module.codec.commands import run_migrate

    sys.exit(run_migrate(save, module, output))


BOARD_HELP = """A save as a board: maps, zones and the pieces in them, as YAML you can edit.

\b
  sdbp board GAME.vsav [--module MODULE.vmod] [-o BOARD.yaml]
      print (or write) the position: per map and zone the stacks and their
      pieces bottom to top (engine piece id, name, side, layers), the decks
      and hands with their cards, the global properties and the turn.
  sdbp board apply BOARD.yaml GAME.vsav [--module MODULE.vmod] -o NEW.vsav
      write GAME.vsav with the board's edits (moves, removals, additions by
      palette name, layer levels, cards between decks and hands, property
      values) and print what changed. No edit: the same save, byte for byte.

Zones and the palette come from the module (--module); without it every place
is "offboard". An edit the module cannot express is refused in one line naming
the board's line (exit 1); nothing is written. See docs/board.md.
"""


@main.command(epilog=EPILOG, help=BOARD_HELP, short_help="A save as an editable board (YAML); `board apply` writes the edits back.")
@click.argument("files", nargs=-1, type=PathArg, metavar="GAME.vsav | apply BOARD.yaml GAME.vsav")
@click.option("--module", "module", type=PathArg, default=None, help="The module the game is played with (.vmod): zone names and the palette.")
@click.option("-o", "--output", type=PathArg, default=None, help="Where to write the board (default: print it), or the new save (apply: required).")
def board(files: tuple[Path, ...], module: Path | None, output: Path | None) -> None:
    from sdbp_module.position.commands import run_apply, run_board

    if files and str(files[0]) == "apply":
        if len(files) != 3:
            raise click.UsageError("board apply takes two files: sdbp board apply BOARD.yaml GAME.vsav -o NEW.vsav")
        if output is None:
            raise click.UsageError("board apply needs -o NEW.vsav (the save is never edited in place)")
        sys.exit(run_apply(files[1], files[2], output, module))
    if len(files) != 1:
        raise click.UsageError("board takes one save: sdbp board GAME.vsav [-o BOARD.yaml], or sdbp board apply BOARD.yaml GAME.vsav -o NEW.vsav")
    sys.exit(run_board(files[0], output, module))


# --------------------------------------------------------------------------------------------
# check / rules (replay, rules, reports)


@main.command(epilog=EPILOG)
@click.argument("log", type=PathArg)
@click.option("--module", "module", type=PathArg, default=None, help="The module the game was played with.")
@click.option("--data", "data_dir", type=PathArg, default=None, help="Game data folder (default: the bundled default game).")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "html"]), default="text", show_default=True)
@click.option("-o", "--output", type=PathArg, default=None, help="Write the report here instead of stdout.")
@click.option(
    "--pictures",
    type=click.Choice(["all", "serious", "none"]),
    default="all",
    show_default=True,
    help="HTML: which findings get a picture of the board (serious = illegal and suspicious; at most 30 a report, the most serious first).",
)
@click.option("--switch", "switches", multiple=True, metavar="NAME=VALUE", help="Interpretation switch (see `sdbp rules`).")
@click.option(
    "--skip",
    "skips",
    multiple=True,
    metavar="RULE",
    help="Leave out the rules whose id is RULE or starts with it (e.g. SUPPLY- for a log whose End phases are not "
    "played out); the report lists them as not checked.",
)
@allow_other_build
def check(
    log: Path,
    module: Path | None,
    data_dir: Path | None,
    fmt: str,
    output: Path | None,
    pictures: str,
    switches: tuple[str, ...],
    skips: tuple[str, ...],
    allow_other_build: bool,
) -> None:
    """Replay a logged game (.vlog or events .jsonl) and report every rule violation."""
    collector_off_at_exit()  # the process ends with the command: no last pass over what it leaves
    with collector_paused():
        from sdbp_module.paths import default_data_dir
        from sdbp_module.rules.commands import run_check

        sys.exit(
            run_check(
                log,
                module=module,
                data_dir=data_dir or default_data_dir(),
                fmt=fmt,
                output=output,
                switches=switches,
                skips=skips,
                pictures=pictures,
                allow_other_build=allow_other_build,
            )
        )


@main.command(epilog=EPILOG)
@click.argument("log", type=PathArg)
@click.option(
    "--at",
    "at",
    default="end",
    show_default=True,
    metavar="POSITION",
    help="Where in the log: a position as the findings give it (planted.vlog#143, game.jsonl:212, or just "
    "143), 'start' or 'end'.",
)
@click.option("--step", "step", type=int, default=None, help="Same as --at N.")
@click.option("--module", "module", type=PathArg, default=None, help="The module the game was played with.")
@click.option("--data", "data_dir", type=PathArg, default=None, help="Game data folder (default: the bundled default game).")
@click.option("--format", "fmt", type=click.Choice(["png", "text"]), default="png", show_default=True)
@click.option("-o", "--output", type=PathArg, default=None, help="Where to write (png: required; text: default stdout).")
@allow_other_build
def show(
    log: Path,
    at: str,
    step: int | None,
    module: Path | None,
    data_dir: Path | None,
    fmt: str,
    output: Path | None,
    allow_other_build: bool,
) -> None:
    """The board as the replay has it at a point of a log (.vlog, .jsonl) or in a save (.vsav)."""
    from sdbp_module.board.commands import run_show
    from sdbp_module.paths import default_data_dir

    sys.exit(
        run_show(
            log,
            at=str(step) if step is not None else at,
            module=module,
            data_dir=data_dir or default_data_dir(),
            fmt=fmt,
            output=output,
            allow_other_build=allow_other_build,
        )
    )


@main.command(epilog=EPILOG)
@click.argument("folder", type=PathArg)
@click.option("-o", "--out-dir", "out_dir", type=PathArg, required=True, help="Where the reports, summary.json and index.html go.")
@click.option("--module", "module", type=PathArg, default=None, help="The module the games were played with.")
@click.option("--data", "data_dir", type=PathArg, default=None, help="Game data folder (default: the bundled default game).")
@click.option("-j", "--jobs", type=int, default=None, help="Worker processes (default and most: one per core this process may use).")
@click.option("--switch", "switches", multiple=True, metavar="NAME=VALUE", help="Interpretation switch (see `sdbp rules`).")
@click.option("--skip", "skips", multiple=True, metavar="RULE", help="Leave out rules by id or id prefix (as for check).")
@click.option(
    "--pictures",
    type=click.Choice(["all", "serious", "none"]),
    default="serious",
    show_default=True,
    help="Which findings of each HTML report get a picture of the board.",
)
@allow_other_build
def audit(
    folder: Path,
    out_dir: Path,
    module: Path | None,
    data_dir: Path | None,
    jobs: int | None,
    switches: tuple[str, ...],
    skips: tuple[str, ...],
    pictures: str,
    allow_other_build: bool,
) -> None:
    """Check every .vlog and .jsonl under FOLDER in parallel: a report per log, summary.json, index.html."""
    from sdbp_module.audit.commands import run_audit
    from sdbp_module.paths import default_data_dir

    sys.exit(
        run_audit(
            folder,
            out_dir,
            module=module,
            data_dir=data_dir or default_data_dir(),
            jobs=jobs,
            switches=switches,
            skips=skips,
            pictures=pictures,
            allow_other_build=allow_other_build,
        )
    )


@main.command(epilog=EPILOG)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--game", "game_id", default=None, help="Game id, as in its game.yaml (default: the default game).")
def rules(fmt: str, game_id: str | None) -> None:
    """List every rule id the checker knows, with its rule reference and severity."""
    from sdbp_module.games import DEFAULT_GAME
    from sdbp_module.rules.commands import run_rules

    sys.exit(run_rules(fmt=fmt, game_id=game_id or DEFAULT_GAME))
