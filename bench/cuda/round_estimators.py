#!/usr/bin/env python3
"""Which summary of a finalist's process rounds repeats best from run to run.

Reads the --raw JSON lines of run_to_run.py (tuned with process_rounds >= 5 and every
configuration a finalist) and, for each estimator of a configuration's time from its rounds'
medians (round 1 alone, median or minimum of the first 3 or 5, mean of 5), prints the run-to-run
spread (max - min) / median across the runs, per time bucket: median, max, and how many
configurations stay within 0.5%. Reads plain .jsonl or xz-compressed .jsonl.xz (the committed
rows in bench/data/ are compressed).

  python3 bench/cuda/round_estimators.py bench/data/cuda_process_rounds/cuda_process_rounds5_rows.jsonl.xz
"""
import json
import lzma
import statistics
import sys
from collections import defaultdict

BUCKETS = ((0, 20e-6, "< 20 us"), (20e-6, 100e-6, "20-100 us"), (100e-6, 1e-3, "0.1-1 ms"),
           (1e-3, float("inf"), ">= 1 ms"))
ESTIMATORS = {
    "round 1": lambda m: m[0],
    "median of 3": lambda m: statistics.median(m[:3]),
    "median of 5": lambda m: statistics.median(m[:5]),
    "min of 3": lambda m: min(m[:3]),
    "min of 5": lambda m: min(m[:5]),
    "mean of 5": lambda m: statistics.mean(m[:5]),
}


def spread(values):
    return (max(values) - min(values)) / statistics.median(values)


def main():
    runs = defaultdict(dict)  # (spec, key, size) -> run -> round medians
    opener = lzma.open if sys.argv[1].endswith(".xz") else open
    with opener(sys.argv[1], "rt") as rows:
        for line in rows:
            row = json.loads(line)
            runs[(row["spec"].split("/")[-1], row["key"], row["size"])][row["round"]] = \
                row["round_medians"]
    count = max(len(v) for v in runs.values())
    complete = {k: v for k, v in runs.items()
                if len(v) == count and all(len(m) >= 5 for m in v.values())}
    print("| spec | median time | pairs | " + " | ".join(ESTIMATORS) + " |")
    print("| --- | --- | --- |" + " --- |" * len(ESTIMATORS))
    for spec in sorted({k[0] for k in complete}):
        for low, high, label in BUCKETS:
            keys = [k for k in complete if k[0] == spec
                    and low <= statistics.median(complete[k][0]) < high]
            if not keys:
                continue
            cells = []
            for estimate in ESTIMATORS.values():
                spreads = sorted(spread([estimate(complete[k][r]) for r in range(count)])
                                 for k in keys)
                cells.append(f"{100 * statistics.median(spreads):.2f} / {100 * spreads[-1]:.2f}% "
                             f"({sum(s <= 0.005 for s in spreads)})")
            print(f"| {spec} | {label} | {len(keys)} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
