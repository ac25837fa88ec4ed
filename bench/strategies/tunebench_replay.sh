#!/usr/bin/env bash
# Tunebench's side of the strategy benchmark: every strategy of the engine replayed on every
# recorded space, SEEDS seeds each, in both modes (the recorded mean; one recorded sample per
# evaluation), BUDGET evaluations (failures count, as Kernel Tuner counts). Appends one JSON line
# per search to OUT in the shared format (README.md); a (space, strategy, mode) already there
# is skipped, so an interrupted run resumes.
#
#   bench/strategies/tunebench_replay.sh SPACE_FILE...
# Environment: TUNEBENCH_CLI (default build/ci/bin/tunebench-cli), SEEDS (50), BUDGET (400),
# OUT (bench/strategies/results/tunebench.jsonl), STRATEGIES (default: every one but brute_force,
# and auto, the default, whose lines say in "searched_with" what it became on each space).
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
CLI="${TUNEBENCH_CLI:-$REPO/build/ci/bin/tunebench-cli}"
SEEDS="${SEEDS:-50}"
BUDGET="${BUDGET:-400}"
OUT="${OUT:-$HERE/results/tunebench.jsonl}"
STRATEGIES="${STRATEGIES:-auto random coordinate_descent greedy_ils simulated_annealing genetic_algorithm bayesian_optimization elitist_evolution surrogate_evolution niching_evolution}"
mkdir -p "$(dirname "$OUT")"
touch "$OUT"

done_already() { # space strategy mode: whether OUT holds SEEDS lines of it
    local count
    count=$(grep -c "\"space\": *\"$1\".*\"strategy\": *\"$2\".*\"mode\": *\"$3\"" "$OUT" || true)
    [ "$count" -ge "$SEEDS" ]
}

for file in "$@"; do
    case "$file" in *_T4.json*) continue ;; esac # the same space as its cache file
    space="$(basename "$file")"
    space="${space%.gz}"
    space="${space%.xz}"
    space="${space%.json}"
    space="${space%.tbw}"
    for strategy in $STRATEGIES; do
        for mode in mean sampled; do
            if done_already "$space" "$strategy" "$mode"; then
                continue
            fi
            # A partial set of seeds is dropped and redone: lines are whole searches.
            grep -v "\"space\": *\"$space\".*\"strategy\": *\"$strategy\".*\"mode\": *\"$mode\"" \
                "$OUT" >"$OUT.tmp" || true
            mv "$OUT.tmp" "$OUT"
            noise=()
            [ "$mode" = sampled ] && noise=(--noise)
            echo "tunebench: $space $strategy $mode ($SEEDS seeds)" >&2
            "$CLI" tune --replay "$file" --strategy "$strategy" --seed 1 --repeat "$SEEDS" \
                --max-configs "$BUDGET" "${noise[@]}" --trace "$OUT" >/dev/null
        done
    done
done
