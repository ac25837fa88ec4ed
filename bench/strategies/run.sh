#!/usr/bin/env bash
# One command for the strategy benchmark (issue 19): Kernel Tuner's strategies and Tunebench's,
# replayed on every recorded space, then the report (bench/results/strategies.md + .png).
#
#   bench/strategies/run.sh                 # everything (resumes: finished runs are skipped)
#   KT_ARGS="--seeds 50 --top-seeds 0" bench/strategies/run.sh   # 50 seeds for every KT strategy
#   SKIP_KT=1 bench/strategies/run.sh       # only the Tunebench side and the report
#
# Environment: VENV (default /work/venv-kt; created with kernel_tuner if missing), SHARED_SPACES
# (default ../shared/spaces/benchmark_hub next to the repo), TUNEBENCH_CLI (default
# build/ci/bin/tunebench-cli), SEEDS (Tunebench seeds, default 50), BUDGET (default 400).
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
VENV="${VENV:-/work/venv-kt}"
SHARED_SPACES="${SHARED_SPACES:-$(cd "$REPO/.." && pwd)/shared/spaces/benchmark_hub}"
OWN_SPACES="$REPO/bench/spaces"
RESULTS="$HERE/results"
TUNEBENCH_CLI="${TUNEBENCH_CLI:-$REPO/build/ci/bin/tunebench-cli}"
SEEDS="${SEEDS:-50}"
BUDGET="${BUDGET:-400}"
KT_ARGS="${KT_ARGS:-}"
mkdir -p "$RESULTS"

space_dirs=("$SHARED_SPACES")
[ -d "$OWN_SPACES" ] && space_dirs+=("$OWN_SPACES")

ensure_venv() {
    if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c "import kernel_tuner" 2>/dev/null; then
        python3 -m venv "$VENV"
        "$VENV/bin/pip" install -q "kernel_tuner==1.5.0" matplotlib numpy
    fi
}

run_kernel_tuner() {
    # Resumable; the raw file is kept compressed (kerneltuner.jsonl.xz) between runs.
    local out="$RESULTS/kerneltuner.jsonl"
    nice -n 19 "$VENV/bin/python" "$HERE/kerneltuner_replay.py" \
        --spaces "${space_dirs[@]}" --budget "$BUDGET" --out "$out" $KT_ARGS
    xz -9 -f "$out"
}

# The H100 spaces (Tunebench workspaces exported for Kernel Tuner beside them,
# bench/spaces/*/*_h100.json.xz; kerneltuner_replay.py does not look in subfolders): a run file of
# their own, same settings.
run_kernel_tuner_h100() {
    local out="$RESULTS/kerneltuner_h100.jsonl"
    local spaces=("$OWN_SPACES"/*/*_h100.json.xz)
    [ -e "${spaces[0]}" ] || return 0
    nice -n 19 "$VENV/bin/python" "$HERE/kerneltuner_replay.py" \
        --spaces "${spaces[@]}" --budget "$BUDGET" --out "$out" $KT_ARGS
    xz -9 -f "$out"
}

# Tunebench's side: tunebench_replay.sh (every engine strategy, SEEDS seeds, mean and sampled,
# through `tunebench-cli tune --replay --trace`), on the same spaces and on the Tunebench
# workspaces recorded on the H100 (bench/spaces/*/*.tbw.xz). Resumable; kept xz-compressed.
run_tunebench() {
    local out="$RESULTS/tunebench.jsonl"
    [ -f "$out.xz" ] && [ ! -f "$out" ] && xz -d -k "$out.xz"
    local spaces=("$SHARED_SPACES"/*.json.gz)
    [ -d "$OWN_SPACES" ] && spaces+=("$OWN_SPACES"/*/*.tbw.xz)
    TUNEBENCH_CLI="$TUNEBENCH_CLI" SEEDS="$SEEDS" BUDGET="$BUDGET" OUT="$out" \
        nice -n 5 "$HERE/tunebench_replay.sh" "${spaces[@]}"
    xz -9 -k -f "$out"
}

report() {
    "$VENV/bin/python" "$HERE/report.py" --spaces "${space_dirs[@]}" --budget "$BUDGET"
}

ensure_venv
[ -n "${SKIP_KT:-}" ] || run_kernel_tuner
[ -n "${SKIP_KT:-}" ] || run_kernel_tuner_h100
run_tunebench
report
