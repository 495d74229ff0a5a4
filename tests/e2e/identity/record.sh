#!/usr/bin/env bash
# Re-record identity.vlog with the real engine (never needed by the tests, which only read the files):
#   VASSAL_LIB=/path/to/engine/lib bash tests/e2e/identity/record.sh
# Builds the module from the bundled data, plays script.txt on its own set-up save with the harness
# of the shared tools (run-harness.sh play), and keeps the engine's log and, as module.vmod, the
# module's buildFile.xml and moduledata (what the log is read with; the images are left out).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
HARNESS="${VASSAL_HARNESS:-$ROOT/../shared/tools/vassal/run-harness.sh}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
(cd "$ROOT" && python -m sdbp_module build -o "$WORK/build" >/dev/null)
VMOD="$(ls "$WORK"/build/*.vmod)"
cp "$VMOD" "$WORK/module.vmod"
(cd "$WORK" && unzip -q module.vmod campaign.vsav buildFile.xml moduledata)
cp "$HERE/script.txt" "$WORK/script.txt"
(cd "$WORK" && VASSAL_HARNESS_WORK="$WORK/harness" bash "$HARNESS" play module.vmod campaign.vsav script.txt identity.vlog --strict | grep "^VERDICT")
cp "$WORK/identity.vlog" "$HERE/identity.vlog"
rm -f "$HERE/module.vmod"
(cd "$WORK" && TZ=UTC touch -d 1980-01-01T00:00:00 buildFile.xml moduledata && zip -q -X -9 "$HERE/module.vmod" buildFile.xml moduledata)
echo "$HERE/identity.vlog: $(unzip -p "$HERE/identity.vlog" moduledata | grep -o '<version>[^<]*')"
