#!/usr/bin/env bash
# Issue 20's cross-device evidence on a second GPU model: the workspace that holds the SGEMM
# eight-size run of another GPU (run 1) gets the same spec tuned here (run 2, brute force), then
# `compare 1 2 --cross-device` (each size's winner on each GPU, or date, and its cost on the
# other), `verify` of the other GPU's JSON export here (warned when the environment changed),
# and the CUDA path of `export --format kernelset --measure-missing` on a sparse run of this GPU
# (SPARSE_STRATEGY, default niching_evolution, SPARSE_CONFIGS evaluations per size, default
# 16: each size searches its own way, so pairs stay unmeasured; set tolerance SET_SLOWDOWN %,
# default 1).
# Everything lands in OUT_DIR.
#
#   bench/cuda/crossdevice_run.sh BUNDLE_DIR WORKSPACE OTHER_EXPORT.json OUT_DIR
set -euo pipefail
BUNDLE="$1"
WS="$2"
OTHER_EXPORT="$3"
OUT="$4"
HERE="$(cd "$(dirname "$0")" && pwd)"
CLI="$BUNDLE/bin/tunebench-cli"
SPEC="$HERE/specs/sgemm_eight_sizes.json"
mkdir -p "$OUT"
log() { echo "== $(date -u +%H:%M:%S) $*"; }

nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/device.txt"
log tune here
/usr/bin/time -f "tune wall %e s" "$CLI" -w "$WS" tune --fresh "$SPEC" > "$OUT/tune.txt" 2>&1 ||
    { tail -20 "$OUT/tune.txt"; exit 1; }
tail -3 "$OUT/tune.txt"
"$CLI" -w "$WS" runs | tee "$OUT/runs.txt"
log compare
"$CLI" -w "$WS" compare 1 2 --top 3 --cross-device > "$OUT/compare.txt" 2>&1
sed -n '/Across devices/,$p' "$OUT/compare.txt"
"$CLI" -w "$WS" export 2 --format json -o "$OUT/best_here.json"

log verify the other GPU\'s export here
set +e
"$CLI" verify "$OTHER_EXPORT" --threshold 5 > "$OUT/verify_other.txt" 2>&1
echo "verify exit $?" >> "$OUT/verify_other.txt"
set -e
cat "$OUT/verify_other.txt"

log sparse run, kernel set with and without measuring the missing pairs
"$CLI" -w "$WS" tune --fresh --strategy "${SPARSE_STRATEGY:-niching_evolution}" --max-configs "${SPARSE_CONFIGS:-16}" "$SPEC" > "$OUT/tune_sparse.txt" 2>&1 ||
    { tail -20 "$OUT/tune_sparse.txt"; exit 1; }
"$CLI" -w "$WS" export 3 --format kernelset --max-slowdown "${SET_SLOWDOWN:-1}" -o "$OUT/kernelset_sparse.json" \
    2> "$OUT/kernelset_sparse.txt"
cat "$OUT/kernelset_sparse.txt"
set +e
/usr/bin/time -f "measure-missing wall %e s" "$CLI" -w "$WS" export 3 --format kernelset \
    --max-slowdown "${SET_SLOWDOWN:-1}" --measure-missing -o "$OUT/kernelset_filled.json" \
    2> "$OUT/kernelset_filled.txt"
echo "measure-missing exit $?" >> "$OUT/kernelset_filled.txt"
set -e
grep -v "^N=\|^M=\|^#\|^  " "$OUT/kernelset_filled.txt" | tail -25
"$CLI" -w "$WS" runs | tee -a "$OUT/runs.txt"
cp "$WS" "$OUT/"
