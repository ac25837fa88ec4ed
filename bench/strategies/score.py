#!/usr/bin/env python3
"""Quick score of replay traces while exploring strategies: per (space, strategy, mode) group of a
run file, the median and 10th percentile of the fraction of the optimum at a few budgets (counting
all evaluations, as report.py's summary does), and the worst seed. Groups of noisy replays
(`--noise`) also get their pick's median / p10: what the run would report after its finalist
rounds, scored by its true mean (report.pick_fraction), at the budget the replay had.

  python3 bench/strategies/score.py TRACE.jsonl [...] [--at 200,400] [--label NAME]

Uses report.py's scoring; the optimum comes from each line's `optimum` field (Tunebench traces)
or, failing that, from the space's cache file. --label names every group of the given files (to
tell apart runs of one strategy with different options written to different files)."""

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import report  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("files", nargs="+")
    ap.add_argument("--at", default="200,400")
    ap.add_argument("--label", default=None)
    args = ap.parse_args(argv)
    points = [int(x) for x in args.at.split(",")]
    groups = defaultdict(list)
    optimum = {}
    for path in args.files:
        for run in report.load_runs([Path(path)]):
            key = (run["space"], args.label or run["strategy"], run["mode"])
            groups[key].append(run)
            if "optimum" in run:
                optimum[run["space"]] = run["optimum"]
    if any(space not in optimum for space, _, _ in groups):
        for stem, f in report.find_space_files(report.DEFAULT_SPACE_DIRS).items():
            if stem not in optimum:
                optimum[stem] = report.space_info(f)["optimum_s"]
    header = " ".join(f"med@{p} p10@{p}" for p in points)
    print(f"{'space':26} {'strategy':28} {'mode':7} seeds {header}  min@{points[-1]}  pick med p10")
    for (space, strategy, mode), runs in sorted(groups.items()):
        curves = [report.best_so_far_true(r["trace"], "all") for r in runs]
        cells = []
        for p in points:
            median, p10 = report.median_p10(curves, p, optimum[space])
            cells.append(f"{median:7.3f} {p10:7.3f}")
        last = min(report.fraction_after(c, points[-1], optimum[space]) for c in curves)
        print(f"{space:26} {strategy:28} {mode:7} {len(runs):5} {' '.join(cells)}  {last:.3f}"
              f"  {pick_cell(runs, optimum[space])}")


def pick_cell(runs, optimum):
    """'@BUDGET median p10' of the runs' picks; '-' when they have none."""
    picks = [report.pick_fraction(r, optimum) for r in runs]
    picks = [0.0 if p is None else p for p, r in zip(picks, runs) if "pick" in r]
    if not picks:
        return "-"
    budget = max(len(r["trace"]) for r in runs)
    return f"@{budget} {report.statistics.median(picks):.3f} {report.percentile(picks, 10):.3f}"


if __name__ == "__main__":
    main()
