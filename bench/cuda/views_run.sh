#!/usr/bin/env bash
# Issue 21's evidence on a GPU: a workspace the workbench's views are shown from (screenshots),
# with what the views need: an SGEMM with a FLOP-rate and a byte-rate metric over three sizes
# (registers, spills, occupancy, % of peak, roofline) and a transpose at an L2-resident size
# (N=2048: above the DRAM roof) and one that is not (N=8192). `show` of each run and the
# device's peaks as the run stored them land in OUT_DIR beside the workspaces.
#
#   bench/cuda/views_run.sh BUNDLE_DIR OUT_DIR
# BUNDLE_DIR: the unpacked headless bundle (holds bin/tunebench-cli).
set -euo pipefail
BUNDLE="$1"
OUT="$2"
HERE="$(cd "$(dirname "$0")" && pwd)"
CLI="$BUNDLE/bin/tunebench-cli"
mkdir -p "$OUT"
log() { echo "== $(date -u +%H:%M:%S) $*"; }

# A workspace each: the workbench shows a workspace's latest run.
for spec in sgemm_views transpose_views; do
    WS="$OUT/$spec.tbw"
    rm -f "$WS" "$WS-wal" "$WS-shm"
    log "tune $spec"
    /usr/bin/time -f "tune wall %e s" "$CLI" -w "$WS" tune "$HERE/specs/views/$spec.json" \
        > "$OUT/tune_$spec.txt" 2>&1 || { tail -20 "$OUT/tune_$spec.txt"; exit 1; }
    head -8 "$OUT/tune_$spec.txt"
    tail -4 "$OUT/tune_$spec.txt"
    "$CLI" -w "$WS" show 1 > "$OUT/show_$spec.txt" 2>&1
    cat "$OUT/show_$spec.txt"
done
log done
