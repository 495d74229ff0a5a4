#!/usr/bin/env bash
# Re-record game.vlog and play.txt of the markers game (tests/e2e/test_engine_markers_vlog.py):
#     VASSAL_LIB=/path/to/engine/lib bash tests/e2e/engine/markers/make.sh
exec bash "$(dirname "$0")/../record.sh" "$(dirname "$0")"
