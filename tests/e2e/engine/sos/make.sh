#!/usr/bin/env bash
# Re-record the Storm over Stalingrad games: the real VASSAL 3.7 engine plays each <name>.txt on the
# module built from source_data/sos (its own set-up save, campaign.vsav) and writes <name>.vlog, as
# /work/shared/tools/vassal/README.md describes. Run from the repository root with the engine built:
#     VASSAL_LIB=/path/to/engine/lib bash tests/e2e/engine/sos/make.sh [NAME ...]
# (no NAME: every game). Each engine report must end with "VERDICT: OK"; then check what changed
# (git diff --stat) and run tests/e2e/test_engine_sos_vlog.py. Nothing of the engine is kept here.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
harness="${VASSAL_HARNESS:-/work/shared/tools/vassal/run-harness.sh}"
: "${VASSAL_LIB:?set VASSAL_LIB to the lib folder of the built engine}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export VASSAL_HARNESS_WORK="${VASSAL_HARNESS_WORK:-$work/harness}"
sdbp build source_data/sos -o "$work/build" >/dev/null
module="$(ls "$work"/build/*.vmod)"
(cd "$work" && unzip -q -o "$module" campaign.vsav)
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(legal-1 legal-2 planted-1 planted-2)
for name in "${names[@]}"; do
  cp "$here/$name.txt" "$work/$name.txt"
  (cd "$work" && bash "$harness" play "$module" campaign.vsav "$name.txt" "$name.vlog") | tee "$work/$name.out" | grep "VERDICT" | sed "s/^/$name: /"
  grep -q "VERDICT: OK$" "$work/$name.out"
  cp "$work/$name.vlog" "$here/$name.vlog"
done
