#!/usr/bin/env bash
# Issue 20's evidence on a GPU: the SGEMM example tuned over eight problem sizes (brute force,
# so every configuration is measured at every size), exported as JSON, as a C++ header, as the
# reduced kernel set at 2% and 5% (JSON and header), the headers compiled, and the JSON export
# verified again on the same GPU (`verify`). Everything lands in OUT_DIR.
#
#   bench/cuda/kernelset_run.sh BUNDLE_DIR OUT_DIR
# BUNDLE_DIR: the unpacked headless bundle (holds bin/tunebench-cli).
set -euo pipefail
BUNDLE="$1"
OUT="$2"
HERE="$(cd "$(dirname "$0")" && pwd)"
CLI="$BUNDLE/bin/tunebench-cli"
WS="$OUT/sgemm_eight_sizes.tbw"
mkdir -p "$OUT"
log() { echo "== $(date -u +%H:%M:%S) $*"; }

log tune
/usr/bin/time -f "tune wall %e s" "$CLI" -w "$WS" tune "$HERE/specs/sgemm_eight_sizes.json" \
    > "$OUT/tune.txt" 2>&1 || { tail -20 "$OUT/tune.txt"; exit 1; }
tail -25 "$OUT/tune.txt"
"$CLI" -w "$WS" export 1 --format json -o "$OUT/best.json"
"$CLI" -w "$WS" export 1 --format cpp -o "$OUT/sgemm_tuned.h"
for pct in 2 5; do
    log "kernel set at $pct%"
    "$CLI" -w "$WS" export 1 --format kernelset --max-slowdown "$pct" -o "$OUT/kernelset_$pct.json"
    "$CLI" -w "$WS" export 1 --format cpp --max-slowdown "$pct" -o "$OUT/sgemm_kernelset_$pct.h"
done
log compile the headers
for header in "$OUT"/*.h; do
    if command -v c++ >/dev/null; then
        printf '#include "%s"\nint main() { return 0; }\n' "$header" > "$OUT/check.cpp"
        c++ -std=c++17 -Wall -Wextra -Werror -fsyntax-only "$OUT/check.cpp" &&
            echo "compiled: $(basename "$header")"
    else
        echo "no C++ compiler on this machine: $(basename "$header") not compiled here"
    fi
done
rm -f "$OUT/check.cpp"
log verify
set +e
"$CLI" verify "$OUT/best.json" --threshold 5 --keep-workspace "$OUT/verify.tbw" \
    > "$OUT/verify.txt" 2>&1
echo "verify exit $?" >> "$OUT/verify.txt"
set -e
cat "$OUT/verify.txt"
