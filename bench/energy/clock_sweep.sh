#!/usr/bin/env bash
# Issue 39 item 3 on a GPU machine (as root): the SGEMM example at 4096^3 tuned at five locked
# SM clocks (gpu_clock_mhz, from the maximum to the minimum), with the objective `energy`, brute
# force over eight configurations near its best: 40 points for the time-energy front.
# energy_front.py names the time-optimal and the energy-optimal ones from the CSV.
#
#   bench/energy/clock_sweep.sh BUNDLE_DIR OUT_DIR
# Environment: CLOCKS (MHz, default "1980 1590 1200 810 420": the H200's maximum and minimum
# are 1980 and 345, in 15-MHz steps).
set -euo pipefail

bundle=${1:?usage: clock_sweep.sh BUNDLE_DIR OUT_DIR}
out=${2:?usage: clock_sweep.sh BUNDLE_DIR OUT_DIR}
here="$(cd "$(dirname "$0")" && pwd)"
example="$(cd "$here/../../resources/examples/sgemm" && pwd)"
clocks=${CLOCKS:-1980 1590 1200 810 420}
cli="$bundle/bin/tunebench-cli"
mkdir -p "$out"
work=$(mktemp -d)

python3 - "$example/sgemm.json" "$work/sgemm_clocks.json" $clocks <<'PY'
import json, sys, pathlib
source, out, clocks = sys.argv[1], sys.argv[2], [int(c) for c in sys.argv[3:]]
spec = json.loads(pathlib.Path(source).read_text())
spec["kernel"]["source"] = str(pathlib.Path(source).parent / spec["kernel"]["source"])
spec["problem_sizes"] = [spec["problem_sizes"][1]]
narrowed = {"BM": [64, 128], "BN": [128], "BK": [8, 16], "TM": [8], "TN": [4, 8]}
for parameter in spec["parameters"]:
    parameter["values"] = narrowed[parameter["name"]]
spec["parameters"].append({"name": "gpu_clock_mhz", "values": clocks})
reference = spec["verification"]["reference"]
reference.update(BM=128, BN=128, BK=16, TM=8, TN=8, gpu_clock_mhz=clocks[0])
spec["objective"] = {"metric": "energy", "direction": "minimize"}
spec["metrics"].append({"name": "GFLOP/J", "expression": "2 * M * N * K / energy / 1e9"})
spec["measurement"]["energy_seconds"] = 1
spec["measurement"]["timeout_seconds"] = 60
spec["strategy"] = {"name": "brute_force"}
pathlib.Path(out).write_text(json.dumps(spec, indent=1))
PY
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader \
    | tee "$out/device.txt"
/usr/bin/time -f "wall %e s" "$cli" --workspace "$work/clocks.tbw" tune "$work/sgemm_clocks.json" \
    --top 10 > "$out/tune.txt" 2>&1 || { tail -20 "$out/tune.txt"; exit 1; }
"$cli" --workspace "$work/clocks.tbw" export 1 --format csv > "$out/results.csv"
cp "$work/sgemm_clocks.json" "$out/"
cp "$work/clocks.tbw" "$out/" # for the workbench's Energy tab (tunebench-screenshots)
nvidia-smi --query-gpu=power.limit --format=csv,noheader | sed 's/^/after the run: /' \
    | tee -a "$out/device.txt"
tail -30 "$out/tune.txt"
