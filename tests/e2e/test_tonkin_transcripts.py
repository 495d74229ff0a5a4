"""``sdbp check`` of the Tonkin transcripts (``tests/transcripts_tonkin/``, README there): the legal
two months give no finding; the planted withdrawal exactly TON-WDR-01 at its line."""

from __future__ import annotations

from click.testing import CliRunner

from sdbp_module.cli import main
from sdbp_module.paths import PROJECT_ROOT

HERE = PROJECT_ROOT / "tests" / "transcripts_tonkin"
DATA = str(PROJECT_ROOT / "source_data" / "tonkin")


def _check(name: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["check", str(HERE / name), "--data", DATA])
    return result.exit_code, result.output


def test_the_legal_transcript_gives_no_finding() -> None:
    code, out = _check("legal-two-months.jsonl")
    assert code == 0, out
    assert "0 illegal, 0 suspicious, 0 cannot-check" in out


def test_the_planted_withdrawal_is_found_once_at_its_line() -> None:
    code, out = _check("fault-wdr.jsonl")
    assert code == 1, out
    findings = [line.strip() for line in out.splitlines() if ": illegal: " in line or ": suspicious: " in line]
    assert findings == [f"{HERE / 'fault-wdr.jsonl'}:9: illegal: TON-WDR-01 (2.7) [CEF]"], out
