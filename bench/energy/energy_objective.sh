#!/usr/bin/env bash
# Issue 39 item 2 on a GPU machine: the SGEMM example at 4096^3 tuned with the objective
# `energy`, brute force over its grid (a 1-s energy run per configuration), then the table and
# the CSV of every result. energy_front.py names the time-optimal and the energy-optimal
# configurations from the CSV.
#
#   bench/energy/energy_objective.sh BUNDLE_DIR OUT_DIR
set -euo pipefail

bundle=${1:?usage: energy_objective.sh BUNDLE_DIR OUT_DIR}
out=${2:?usage: energy_objective.sh BUNDLE_DIR OUT_DIR}
here="$(cd "$(dirname "$0")" && pwd)"
example="$(cd "$here/../../resources/examples/sgemm" && pwd)"
cli="$bundle/bin/tunebench-cli"
mkdir -p "$out"
work=$(mktemp -d)

python3 - "$example/sgemm.json" "$work/sgemm_energy.json" <<'PY'
import json, sys, pathlib
source, out = sys.argv[1], sys.argv[2]
spec = json.loads(pathlib.Path(source).read_text())
spec["kernel"]["source"] = str(pathlib.Path(source).parent / spec["kernel"]["source"])
spec["problem_sizes"] = [spec["problem_sizes"][1]]
spec["objective"] = {"metric": "energy", "direction": "minimize"}
spec["metrics"].append({"name": "GFLOP/J", "expression": "2 * M * N * K / energy / 1e9"})
spec["measurement"]["energy_seconds"] = 1
spec["strategy"] = {"name": "brute_force"}
pathlib.Path(out).write_text(json.dumps(spec, indent=1))
PY
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv,noheader \
    | tee "$out/device.txt"
/usr/bin/time -f "wall %e s" "$cli" --workspace "$work/energy.tbw" tune "$work/sgemm_energy.json" \
    --top 8 > "$out/tune.txt" 2>&1 || { tail -20 "$out/tune.txt"; exit 1; }
"$cli" --workspace "$work/energy.tbw" export 1 --format csv > "$out/results.csv"
cp "$work/sgemm_energy.json" "$out/"
tail -40 "$out/tune.txt"
