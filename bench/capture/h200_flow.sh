#!/usr/bin/env bash
# Issue 37 on an H200: capture bench/capture/app, complete the skeleton, tune on the captured
# data against the captured output (the skeleton's verification.expected files; no reference
# configuration), first with 64 bitmap mismatches allowed, then with none; the GPU suites.
# Needs, under .gpu/: the bundle (tb.tar.gz) and cap/polygon_app, built with
# nvcc -O3 -arch=sm_90 bench/capture/app/polygon_app.cu.
set -u
repo=$PWD
rm -rf /tmp/tunebench && tar -C /tmp -xzf .gpu/tb.tar.gz
T=/tmp/tunebench
export PATH=$T/bin:$PATH TUNEBENCH_TRITON_PYTHON=python3
app=$repo/.gpu/cap/polygon_app
cd "$OUT"
echo "=== capture"
time tunebench-capture --kernel point_in_polygon --out cap -- "$app" 4194304; echo "exit $?"
ls cap/launch-0
cp cap/capture.json capture.json
cp cap/spec.json skeleton.json
summarise() {
    python3 - "$1" <<'PY'
import csv, collections, sys
rows = list(csv.DictReader(open(sys.argv[1])))
by = collections.Counter()
for r in rows:
    bug = r["SHARED"] == "1" and int(r["BLOCK"]) < 24
    by[(r["status"], "SHARED&BLOCK<24" if bug else "others", "USE_SLOPE=" + r["USE_SLOPE"])] += 1
for k, v in sorted(by.items()): print(k, v)
ok = [r for r in rows if r["status"] == "ok"]
best = min(ok, key=lambda r: float(r["median_s"]))
print("best", {k: best[k] for k in ("BLOCK", "ITEMS", "USE_SLOPE", "SHARED")},
      "%.1f us" % (float(best["median_s"]) * 1e6), "ok", len(ok), "of", len(rows))
PY
}
for allowed in 64 0; do
    echo "=== tune against the captured output, $allowed mismatches allowed"
    python3 "$repo/bench/capture/complete_skeleton.py" cap "$repo/bench/capture/point_in_polygon.cu" "cap/tuned-$allowed.json" --max-mismatches "$allowed"
    time tunebench-cli --workspace "ws-$allowed.db" tune "cap/tuned-$allowed.json" --top 5; echo "exit $?"
    tunebench-cli --workspace "ws-$allowed.db" export 1 --format csv -o "results-$allowed.csv"; echo "export exit $?"
    summarise "results-$allowed.csv"
    tunebench-cli --workspace "ws-$allowed.db" show 1 --all 2>&1 | grep -i "wrong_result" | head -3
done
cp cap/tuned-64.json tuned.json
echo "=== GPU suites"
cd "$T/tests"
./tst_cudaverification_gpu 2>&1 | grep -E "^(FAIL|PASS|Totals)|Loc:" | head -20
./tst_cudabackend_gpu 2>&1 | grep -E "^(FAIL|Totals)|Loc:" | head -8
TB_SOURCE_DIR=$repo TB_CLI_PATH=$T/bin/tunebench-cli TB_WORKER_PATH=$T/bin/tunebench-worker ./tst_cudatuning_gpu 2>&1 | grep -E "^(FAIL|Totals)|Loc:" | head -8
