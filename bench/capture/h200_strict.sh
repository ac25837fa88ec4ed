#!/usr/bin/env bash
# Issue 37, second H200 call: without max_mismatches the edge points of USE_SLOPE=0 show; the
# fixed per-output GPU test; the CUDA tuning suite through the bundle's CLI.
# Needs, under .gpu/: the bundle (tb.tar.gz) and cap/polygon_app, built with
# nvcc -O3 -arch=sm_90 bench/capture/app/polygon_app.cu.
set -u
repo=$PWD
rm -rf /tmp/tunebench && tar -C /tmp -xzf .gpu/tb.tar.gz
T=/tmp/tunebench
export PATH=$T/bin:$PATH TUNEBENCH_TRITON_PYTHON=python3
cd "$OUT"
tunebench-capture --kernel point_in_polygon --out cap -- "$repo/.gpu/cap/polygon_app" 4194304 >/dev/null; echo "capture exit $?"
python3 "$repo/bench/capture/complete_skeleton.py" cap "$repo/bench/capture/point_in_polygon.cu" cap/strict.json --max-mismatches 0
python3 - <<'PY'
import json
spec = json.load(open("cap/strict.json"))
for p in spec["parameters"]:
    p["values"] = {"BLOCK": [256], "ITEMS": [1, 4], "USE_SLOPE": [0, 1], "SHARED": [0]}[p["name"]]
json.dump(spec, open("cap/strict.json", "w"), indent=2)
PY
tunebench-cli --workspace strict.db tune cap/strict.json --top 4; echo "exit $?"
tunebench-cli --workspace strict.db show 1 --all 2>&1 | head -30
cd "$T/tests"
./tst_cudaverification_gpu 2>&1 | grep -E "^(FAIL|PASS|Totals)" | head -12
TB_SOURCE_DIR=$repo TB_CLI_PATH=$T/bin/tunebench-cli TB_WORKER_PATH=$T/bin/tunebench-worker ./tst_cudatuning_gpu 2>&1 | grep -E "^(FAIL|Totals)" | head -8
