#!/usr/bin/env bash
# Issue 39's energy targets on a GPU machine: energy per launch against nvidia-smi, and run to
# run. Two kernels, one configuration each (their specs' reference): the SGEMM example at 4096^3
# (compute-bound) and copy_scale at 2^28 floats (memory-bound). For each energy window, RUNS
# separate tunes (fresh workspace, one process round) while nvidia-smi samples the power every
# 20 ms. energy_report.py reads OUT and writes the table.
#
#   bench/energy/energy_check.sh BUNDLE_DIR OUT_DIR
# Environment: WINDOWS (seconds, default "1 2 4 8"), RUNS (3), GPU (nvidia-smi's index, 0).
set -euo pipefail

bundle=${1:?usage: energy_check.sh BUNDLE_DIR OUT_DIR}
out=${2:?usage: energy_check.sh BUNDLE_DIR OUT_DIR}
here="$(cd "$(dirname "$0")" && pwd)"
examples="$(cd "$here/../../resources/examples" && pwd)"
windows=${WINDOWS:-1 2 4 8}
runs=${RUNS:-3}
gpu=${GPU:-0}
cli="$bundle/bin/tunebench-cli"
mkdir -p "$out"
work=$(mktemp -d) # specs, workspaces and logs: only the table's inputs go to OUT

# One configuration (the reference), one size, energy_seconds WINDOW, one process round.
single_spec() { # example size_index window out
    python3 - "$examples/$1/$1.json" "$2" "$3" "$4" <<'PY'
import json, sys, pathlib
source, size, window, out = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
spec = json.loads(pathlib.Path(source).read_text())
reference = spec["verification"]["reference"]
spec["parameters"] = [{"name": p["name"], "values": [reference[p["name"]]]}
                      for p in spec["parameters"]]
spec["problem_sizes"] = [spec["problem_sizes"][size]]
spec["kernel"]["source"] = str(pathlib.Path(source).parent / spec["kernel"]["source"])
spec["measurement"].update(process_rounds=1, max_process_rounds=1, energy_seconds=window)
pathlib.Path(out).write_text(json.dumps(spec, indent=1))
PY
}

nvidia-smi -i "$gpu" --query-gpu=timestamp,power.draw,power.draw.instant,clocks.sm \
    --format=csv,noheader,nounits -lms 20 > "$out/smi.csv" &
smi=$!
trap 'kill $smi 2>/dev/null || true' EXIT
sleep 2 # idle power first

echo "kernel,window,run,start,end,csv" > "$out/runs.csv"
for kernel in "sgemm 1" "copy_scale 2"; do
    set -- $kernel
    for window in $windows; do
        for run in $(seq 1 "$runs"); do
            name="$1_w${window}_r$run"
            single_spec "$1" "$2" "$window" "$work/$name.json"
            start=$(date +%s.%N)
            "$cli" --workspace "$work/$name.tbw" tune "$work/$name.json" > "$work/$name.log" 2>&1 ||
                { echo "energy_check: $name failed:"; tail -5 "$work/$name.log"; }
            end=$(date +%s.%N)
            "$cli" --workspace "$work/$name.tbw" export 1 --format csv > "$out/$name.csv"
            echo "$1,$window,$run,$start,$end,$name.csv" >> "$out/runs.csv"
            sleep 1
        done
    done
done
nvidia-smi -q -d POWER -i "$gpu" > "$out/power_query.txt" || true
# One file back from the device tool (it returns few files): everything in a tarball too.
tar -C "$out" -czf "$out.tar.gz" .
