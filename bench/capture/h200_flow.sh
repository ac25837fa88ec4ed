#!/usr/bin/env bash
# Issue 37 on an H200: capture bench/capture/app, complete the skeleton, tune on the captured
# data; the GPU suites of the per-output verification and the observers; the launcher's
# partial captures.
# Needs, under .gpu/: the bundle (tb.tar.gz) and cap/polygon_app, built with
# nvcc -O3 -arch=sm_90 bench/capture/app/polygon_app.cu.
set -u
repo=$PWD
tar -C /tmp -xzf .gpu/tb.tar.gz
T=/tmp/tunebench
export PATH=$T/bin:$PATH TUNEBENCH_TRITON_PYTHON=python3
app=$repo/.gpu/cap/polygon_app
cd "$OUT"
echo "=== capture"
time tunebench-capture --kernel point_in_polygon --out cap -- "$app" 4194304; echo "exit $?"
ls -la cap cap/launch-0 | head -30
echo "=== skeleton"; cat cap/spec.json
python3 "$repo/bench/capture/complete_skeleton.py" cap "$repo/bench/capture/point_in_polygon.cu" cap/tuned.json --max-mismatches 64
echo "=== tune"
time tunebench-cli --workspace ws.db tune cap/tuned.json --top 5; echo "exit $?"
tunebench-cli --workspace ws.db export 1 --format csv -o results.csv; echo "export exit $?"
python3 - <<'PY'
import csv, collections
rows = list(csv.DictReader(open("results.csv")))
print("columns", list(rows[0].keys())[:14])
by = collections.Counter()
for r in rows:
    really_wrong = r["SHARED"] == "1" and int(r["BLOCK"]) < 24
    by[(r["status"], "SHARED&BLOCK<24" if really_wrong else "others", "USE_SLOPE=" + r["USE_SLOPE"])] += 1
for k, v in sorted(by.items()): print(k, v)
PY
tunebench-cli --workspace ws.db show 1 --all | grep -i "wrong_result" | head -5
echo "=== exact: the application's configuration against the captured output, 0 mismatches"
python3 - <<'PY'
import json, numpy as np
spec = json.load(open("cap/spec.json"))
m = json.load(open("cap/capture.json"))
launch = m["launches"][0]
out = [a for a in launch["arguments"] if a.get("written")][0]
after = np.load("cap/" + out["after"])
print("captured bitmap", after.dtype, after.shape, "inside", int(after.sum()))
PY
echo "=== partial captures"
tunebench-capture --kernel nomatch --out cap-nomatch -- "$app" 4096; echo "exit $?"
CUDA_VISIBLE_DEVICES= tunebench-capture --out cap-nogpu -- "$app" 4096; echo "exit $?"
tunebench-capture --out cap-crash -- python3 -c "import torch,os,signal; a=torch.ones(8,device='cuda')*2; torch.cuda.synchronize(); os.kill(os.getpid(), signal.SIGSEGV)"; echo "exit $?"
python3 -c "import json; m=json.load(open('cap-crash/capture.json')); print('crash complete', m['complete'], 'signal', m['application'].get('signal'), 'launches', len(m['launches']))"
echo "=== GPU suites"
cd "$T/tests"
for t in tst_cudaverification_gpu tst_cudabackend_gpu tst_observercontract tst_cudatuning_gpu; do
    [ -x ./$t ] || { echo "missing $t"; continue; }
    ./$t 2>&1 | grep -E "^(FAIL|Totals)|XFAIL" | head -8
done
