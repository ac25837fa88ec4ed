#!/usr/bin/env bash
# Issue 39 item 3's restore targets on a GPU machine: a run that locks the SM clock at 420 MHz
# and lowers the power limit to 400 W puts both back after a normal end, after a kill -9 of its
# bench worker and after a kill -9 of tunebench-cli. Read back by nvidia-smi (power.limit) and
# by a check run in a separate workspace, so in a cache of its own (its worker cannot restore
# for the run under test):
# the SM clock NVML saw while its kernel ran. Then the same run as an unprivileged user: it
# must be refused before it starts, saying why.
#
#   bench/energy/clock_restore.sh BUNDLE_DIR OUT_DIR       (as root; writes OUT_DIR/restore.md)
set -euo pipefail

bundle=${1:?usage: clock_restore.sh BUNDLE_DIR OUT_DIR}
out=${2:?usage: clock_restore.sh BUNDLE_DIR OUT_DIR}
here="$(cd "$(dirname "$0")" && pwd)"
example="$(cd "$here/../../resources/examples/copy_scale" && pwd)"
cli="$bundle/bin/tunebench-cli"
mkdir -p "$out"
work=$(mktemp -d)
chmod 755 "$work"

# hold: 16 configurations of ~1 s each at 420 MHz and 400 W; check: the reference alone.
python3 - "$example/copy_scale.json" "$work" <<'PY'
import copy, json, sys, pathlib
source, work = sys.argv[1], pathlib.Path(sys.argv[2])
spec = json.loads(pathlib.Path(source).read_text())
spec["kernel"]["source"] = str(pathlib.Path(source).parent / spec["kernel"]["source"])
spec["problem_sizes"] = [spec["problem_sizes"][2]]
spec["measurement"].update(process_rounds=1, max_process_rounds=1, min_seconds_per_config=1,
                           max_seconds_per_config=1, max_samples=100000, target_rel_ci=0.0001)
check = copy.deepcopy(spec)
check["parameters"] = [{"name": p["name"], "values": [spec["verification"]["reference"][p["name"]]]}
                       for p in spec["parameters"]]
check["measurement"].update(min_seconds_per_config=0.3, max_seconds_per_config=0.3)
(work / "check.json").write_text(json.dumps(check, indent=1))
spec["parameters"] = [{"name": "BLOCK", "values": [128, 256, 512, 1024]},
                      {"name": "VEC", "values": [1]}, {"name": "ITEMS", "values": [1, 2, 4, 8]},
                      {"name": "gpu_clock_mhz", "values": [420]},
                      {"name": "power_limit_w", "values": [400]}]
spec["verification"]["reference"].update(gpu_clock_mhz=420, power_limit_w=400)
(work / "hold.json").write_text(json.dumps(spec, indent=1))
PY

power_limit() { nvidia-smi -i 0 --query-gpu=power.limit --format=csv,noheader,nounits | tr -d ' '; }
# A run's build cache, and so its records of GPU settings, sit beside its workspace.
current=none
records() { ls "$work/$current.tbw.cache/gpu-settings/" 2>/dev/null | wc -l; }
# The SM clock NVML saw during a check run, from a cache of its own.
checked_clock() {
    rm -rf "$work/check.tbw" "$work/check.tbw.cache"
    "$cli" --workspace "$work/check.tbw" tune \
        "$work/check.json" > "$work/check.txt" 2>&1
    "$cli" --workspace "$work/check.tbw" export 1 --format csv |
        python3 -c 'import csv,sys; print(next(csv.DictReader(sys.stdin))["sm_clock_mhz"])'
}
start_run() { # name
    current=$1
    "$cli" --workspace "$work/$1.tbw" tune "$work/hold.json" > "$work/$1.txt" 2>&1 &
    run=$!
    for _ in $(seq 1 600); do # until the worker has changed the settings
        [[ $(records) -gt 0 && $(power_limit) == 400.00 ]] && break
        sleep 0.1
    done
}
report() { # scenario held_power
    for _ in $(seq 1 100); do # the keeper's restore, at most 10 s
        [[ $(records) -eq 0 ]] && break
        sleep 0.1
    done
    echo "| $1 | $2 W | $(power_limit) W | $(records) | $(checked_clock) MHz |" | tee -a "$out/restore.md"
}

{
    echo "| case | power limit while held | after | records left | SM clock of a check run |"
    echo "| --- | --- | --- | --- | --- |"
} > "$out/restore.md"
nvidia-smi --query-gpu=name,driver_version,power.limit --format=csv,noheader > "$out/device.txt"
echo "| before any run | - | $(power_limit) W | $(records) | $(checked_clock) MHz |" | tee -a "$out/restore.md"

start_run normal
held=$(power_limit)
wait "$run" || true
report "normal end" "$held"

start_run killworker
held=$(power_limit)
kill -STOP "$run" || true # the supervisor cannot start a replacement meanwhile
# The worker alone: its keeper's command line holds the worker's too, after its own name.
pkill -KILL -f '^[^ ]*tunebench-worker --role cuda ' || true
report "kill -9 of the bench worker (CLI stopped)" "$held"
kill -KILL "$run" 2>/dev/null || true
wait "$run" 2>/dev/null || true

start_run killcli
held=$(power_limit)
kill -KILL "$run" || true
wait "$run" 2>/dev/null || true
report "kill -9 of tunebench-cli" "$held"

# Unprivileged: refused before any configuration runs. Its spec and kernel in a folder that
# user can read.
mkdir -p "$work/nobody" && chmod 777 "$work/nobody"
cp "$example/copy_scale.cu" "$work/nobody/"
sed "s|\"source\": \"[^\"]*\"|\"source\": \"$work/nobody/copy_scale.cu\"|" "$work/hold.json" \
    > "$work/nobody/hold.json"
chmod 644 "$work/nobody"/*
set +e
HOME="$work/nobody" \
    setpriv --reuid=65534 --regid=65534 --clear-groups \
    "$cli" --workspace "$work/nobody/hold.tbw" tune "$work/nobody/hold.json" \
    > "$work/nobody.txt" 2>&1
echo "unprivileged run: exit $?" | tee "$out/unprivileged.txt"
set -e
grep -i "root\|permission" "$work/nobody.txt" | head -5 | tee -a "$out/unprivileged.txt"
cp "$work"/*.txt "$out/" 2>/dev/null || true
