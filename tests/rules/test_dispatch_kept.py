"""The checker keeps the dispatch table of a package's own rules from log to log (an audit checks
thousands of logs with one package): ``check_log`` without ``--skip`` must hand the checker the package's
rules themselves, not a copy, or every log builds the table again."""

from __future__ import annotations

from pathlib import Path

from sdbp_module.games.sodbp.rules.package import SODBP
from sdbp_module.model.from_data import load_game
from sdbp_module.paths import default_data_dir
from sdbp_module.rules import checker
from sdbp_module.rules.commands import check_log, without_rules

LOG = Path(__file__).resolve().parent.parent / "engine_games" / "sodbp" / "legal-movement" / "game.vlog"


def test_no_skip_keeps_the_packages_rules_and_a_skip_leaves_a_rule_out() -> None:
    assert without_rules(SODBP.rules, ()) is SODBP.rules
    skipped = without_rules(SODBP.rules, ("SEQ-",))
    assert skipped and len(skipped) < len(SODBP.rules)
    assert not any(r.rule_id.startswith("SEQ-") for r in skipped)


def test_two_checks_of_one_package_share_one_dispatch_table() -> None:
    game = load_game(default_data_dir("sodbp"))
    first = check_log(LOG, game, SODBP)
    held = checker._TABLES.get(id(SODBP.rules))
    assert held is not None and held[0] is SODBP.rules and held[1]  # filled by the first check
    table = held[1]
    second = check_log(LOG, game, SODBP)
    assert checker._TABLES[id(SODBP.rules)][1] is table
    assert first.report.findings == second.report.findings
