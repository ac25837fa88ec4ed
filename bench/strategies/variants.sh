#!/usr/bin/env bash
# Replays of one strategy with several option sets, for loso.py: every space, SEEDS seeds, mode
# mean, BUDGET evaluations; one trace file per option set, named after the strategy and options
# (OUT_DIR/STRATEGY__name-value_name-value.jsonl). A file already there is kept, so an
# interrupted sweep resumes.
#
#   bench/strategies/variants.sh STRATEGY "name=value name=value" ["..." ...]
# Environment: TUNEBENCH_CLI (default build/ci/bin/tunebench-cli), SEEDS (50), BUDGET (400),
# OUT_DIR (bench/strategies/results/variants), SPACES (default: every cache file of
# ../shared/spaces/benchmark_hub but the _T4 copies, and bench/spaces/*/*.tbw.xz).
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
CLI="${TUNEBENCH_CLI:-$REPO/build/ci/bin/tunebench-cli}"
SEEDS="${SEEDS:-50}"
BUDGET="${BUDGET:-400}"
OUT_DIR="${OUT_DIR:-$HERE/results/variants}"
strategy="$1"
shift
if [ -z "${SPACES:-}" ]; then
    shared="$(cd "$REPO/.." && pwd)/shared/spaces/benchmark_hub"
    SPACES="$(ls "$shared"/*.json.gz | grep -v '_T4\.json' || true) $(ls "$REPO"/bench/spaces/*/*.tbw.xz)"
fi
mkdir -p "$OUT_DIR"

for options in "$@"; do
    name="${strategy}__$(echo "$options" | tr ' =' '_-')"
    out="$OUT_DIR/$name.jsonl"
    [ -s "$out" ] && continue
    flags=()
    for pair in $options; do flags+=(--option "$pair"); done
    rm -f "$out.part"
    for space in $SPACES; do
        "$CLI" tune --replay "$space" --strategy "$strategy" "${flags[@]}" --seed 1 \
            --repeat "$SEEDS" --max-configs "$BUDGET" --trace "$out.part" >/dev/null
    done
    mv "$out.part" "$out"
    echo "variants: $name" >&2
done
