#!/usr/bin/env bash
# Re-record game.vlog and play.txt of the controls of issue 23 (tests/e2e/test_engine_controls.py):
#     VASSAL_LIB=/path/to/engine/lib bash tests/e2e/engine/controls/make.sh
exec bash "$(dirname "$0")/../record.sh" "$(dirname "$0")"
