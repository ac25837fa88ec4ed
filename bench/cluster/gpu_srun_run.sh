#!/usr/bin/env bash
# Issue 22 on a real GPU through a real Slurm: on a GPU machine without Slurm, the relocatable
# kit (make-slurm-kit.sh) makes its GPUs Slurm GRES; then one CUDA spec is tuned three ways
# into fresh workspaces, with one measuring worker per GPU: locally; through srun
# (`--gpus-per-task=1`) in an allocation Tunebench asks for itself (`--salloc`); and through
# srun inside an allocation made outside (salloc around the CLI) with a measuring task's step
# cancelled mid-run (a lost task: handed back and re-run, nothing lost). Writes
# OUT/cluster_gpu.md (a table), the logs and the workspaces.
#
#   bench/cluster/gpu_srun_run.sh BUNDLE_DIR KIT_TARBALL OUT [SPEC]
set -uo pipefail
(($# >= 3)) || {
    echo "usage: gpu_srun_run.sh BUNDLE_DIR KIT_TARBALL OUT [SPEC]" >&2
    exit 2
}
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
bundle="$(cd "$1" && pwd)"
out="$3"
spec="${4:-$repo/resources/examples/copy_scale/copy_scale.json}"
cli="$bundle/bin/tunebench-cli"
mkdir -p "$out"
kit_root="$(mktemp -d)"
tar -C "$kit_root" -xzf "$2"
kit="$kit_root/slurm-kit"
bash "$here/start-slurm-kit.sh" "$kit" > "$out/kit_start.log" 2>&1 || {
    cat "$out/kit_start.log"
    exit 1
}
trap 'bash "$here/stop-slurm-kit.sh" "$kit" >/dev/null 2>&1' EXIT
# shellcheck disable=SC1091
. "$kit/env.sh"
sinfo -o '%N %c %G' | tee "$out/sinfo.txt"

now() { date +%s.%N; }
# status, device, uuid, host and count of every stored result of run 1
tally() {
    python3 - "$1" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
rows = db.execute("SELECT status, device, device_uuid, host, count(*) FROM results "
                  "WHERE run_id = 1 GROUP BY 1, 2, 3, 4").fetchall()
run = db.execute("SELECT device, peak_flops, peak_bytes_per_second FROM runs WHERE id = 1").fetchone()
print("run device:", run)
for row in rows:
    print(" | ".join(str(v) for v in row))
PY
}
count() { python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM results WHERE run_id = 1').fetchone()[0])" "$1" 2>/dev/null || echo 0; }

declare -A seconds status
tune() { # name, then the launcher part of the command
    local name="$1"
    shift
    local start
    start="$(now)"
    "$@" > "$out/$name.log" 2>&1
    status[$name]=$?
    seconds[$name]="$(python3 -c "print(f'{$(now) - $start:.1f}')")"
    tally "$out/$name.tbw" > "$out/$name.tally"
}

gpus="$(nvidia-smi -L | wc -l)"
tune local "$cli" --workspace "$out/local.tbw" tune "$spec" --verbose
tune srun "$cli" --workspace "$out/srun.tbw" tune "$spec" --launcher srun --srun-tasks "$gpus" \
    --salloc --slurm-time 10 --verbose

# The same, with the measuring task's step cancelled once 20 results are stored.
(
    while (($(count "$out/srun_lost.tbw") < 20)); do sleep 0.2; done
    step="$(squeue -h -s -o '%i %j' | awk '$2 == "tunebench-worker" {print $1; exit}')"
    echo "cancelling step $step after $(count "$out/srun_lost.tbw") results" > "$out/cancel.txt"
    scancel "$step"
) &
canceller=$!
tune srun_lost salloc -n"$gpus" --gpus-per-task=1 "$cli" --workspace "$out/srun_lost.tbw" \
    tune "$spec" --launcher srun --srun-tasks "$gpus" --verbose
wait "$canceller" 2>/dev/null

# With several GPUs: an allocation whose GPUs are the job's (--gpus=N), not one per task. Slurm
# 22.05 gave the first worker's step every GPU of the job, so the second step never started
# (seen on 2 H100s): that location is dropped at its start and the run goes on with the other.
names=(local srun srun_lost)

# Built where measured (--compile-on nodes): no compile worker here, each srun task's worker
# builds for its own GPU (what a run over GPUs of several architectures needs).
tune srun_nodes "$cli" --workspace "$out/srun_nodes.tbw" tune "$spec" --launcher srun \
    --srun-tasks "$gpus" --salloc --slurm-time 10 --compile-on nodes --verbose
names+=(srun_nodes)
if ((gpus > 1)); then
    tune srun_jobgpus salloc -n"$gpus" --gpus="$gpus" "$cli" --workspace "$out/srun_jobgpus.tbw" \
        tune "$spec" --launcher srun --srun-tasks "$gpus" --verbose
    names+=(srun_jobgpus)
fi

{
    echo "# A CUDA tuning through a real Slurm on $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
    echo
    echo "Spec: \`${spec#"$repo"/}\`. Slurm: the relocatable kit (Debian 12's slurm-wlm 22.05),"
    echo "one node, its GPU as GRES (\`$(cat "$out/sinfo.txt" | tail -1)\`)."
    echo "Command: \`bench/cluster/gpu_srun_run.sh BUNDLE KIT OUT\`; $gpus GPU(s), one measuring"
    echo "worker each; srun asked for its allocation with --salloc, srun_lost ran inside salloc."
    echo
    echo "| run | exit | wall s | results | per result ms |"
    echo "| --- | ---: | ---: | ---: | ---: |"
    for name in "${names[@]}"; do
        n="$(count "$out/$name.tbw")"
        per="$(python3 -c "print(f'{1000 * ${seconds[$name]} / max($n, 1):.1f}')")"
        echo "| $name | ${status[$name]} | ${seconds[$name]} | $n | $per |"
    done
    for name in "${names[@]}"; do
        echo
        echo "$name: status | device | uuid | host | count"
        echo '```'
        cat "$out/$name.tally"
        echo '```'
    done
    echo
    echo '```'
    cat "$out/cancel.txt" 2>/dev/null
    grep -h -i -E "Slurm granted|measures on|GPUs: one per" "$out/srun.log" | head -6
    grep -h -i -E "lost|handed back|measures on" "$out/srun_lost.log" | head -12
    grep -h -i -E "dropped|measures on|Finished" "$out/srun_jobgpus.log" 2>/dev/null | head -8
    grep -h -i -E "builds what|compiling for|with 0 worker|cuda-compile|Finished" \
        "$out/srun_nodes.log" | head -6
    echo '```'
} > "$out/cluster_gpu.md"
cat "$out/cluster_gpu.md"
