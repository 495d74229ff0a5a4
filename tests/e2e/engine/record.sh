#!/usr/bin/env bash
# Re-record one engine fixture of the SoDBP module: the real VASSAL 3.7 engine plays DIR/script.txt on
# the module built from this tree (its own set-up save), as /work/shared/tools/vassal/README.md
# describes, and writes DIR/game.vlog and DIR/play.txt (the harness's report, machine paths removed).
# Run from the repository root with the engine built:
#     VASSAL_LIB=/path/to/engine/lib bash tests/e2e/engine/record.sh tests/e2e/engine/<name>
# The engine's report must end with "VERDICT: OK"; then check what changed (git diff --stat) and run
# the fixture's test. Nothing of the engine is kept here.
set -euo pipefail
here="$(cd "${1:?give the fixture folder}" && pwd)"
harness="${VASSAL_HARNESS:-/work/shared/tools/vassal/run-harness.sh}"
: "${VASSAL_LIB:?set VASSAL_LIB to the lib folder of the built engine}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export VASSAL_HARNESS_WORK="${VASSAL_HARNESS_WORK:-$work/harness}"
sdbp build -o "$work/build" >/dev/null
module="$(ls "$work"/build/*.vmod)"
(cd "$work" && unzip -q -o "$module" campaign.vsav)
cp "$here/script.txt" "$work/script.txt"
(cd "$work" && bash "$harness" play "$module" campaign.vsav script.txt game.vlog) | tee "$work/play.out" | grep "VERDICT"
grep -q "VERDICT: OK" "$work/play.out"
cp "$work/game.vlog" "$here/game.vlog"
sed -e "s|$work|<work>|g" -e "s|(engine log: .*)|(engine log: <harness>)|" "$work/play.out" > "$here/play.txt"
