#!/usr/bin/env python3
"""Issue 38's noisy-replay target: what a run of a given budget would report, against mode mean.

  python3 bench/strategies/noisy_pick.py MEAN.jsonl NOISY.jsonl [...] [--strategy auto]

MEAN.jsonl holds mode-mean replays of the strategy (400 evaluations or more). Each NOISY file
holds replays with `--noise` of one budget (`--max-configs 200`, `--max-configs 400`): each run's
pick, chosen after its finalist rounds, is scored by its true mean (report.pick_fraction). Per
space and budget the target is met when the pick's median and p10 are at least mode mean's minus
0.005, and neither falls from one budget to the next larger one.
"""

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import report  # noqa: E402

SLACK = 0.005


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mean")
    ap.add_argument("noisy", nargs="+")
    ap.add_argument("--strategy", default="auto")
    args = ap.parse_args(argv)
    mean_curves, optimum = defaultdict(list), {}
    for run in report.load_runs([Path(args.mean)]):
        if run["strategy"] == args.strategy and run.get("mode") == "mean":
            mean_curves[run["space"]].append(report.best_so_far_true(run["trace"], "all"))
            optimum[run["space"]] = run["optimum"]
    picks = defaultdict(list)  # (space, budget) -> fractions
    for path in args.noisy:
        for run in report.load_runs([Path(path)]):
            if run["strategy"] != args.strategy or "pick" not in run:
                continue
            fraction = report.pick_fraction(run, run["optimum"]) or 0.0
            picks[(run["space"], len(run["trace"]))].append(fraction)
    met = total = 0
    print(f"{'space':26} {'budget':>6}  {'mean med/p10':>13}  {'pick med/p10':>13}  verdict")
    for space in sorted(mean_curves):
        budgets = sorted(b for s, b in picks if s == space)
        previous = None
        for budget in budgets:
            mean = report.median_p10(mean_curves[space], budget, optimum[space])
            got = picks[(space, budget)]
            pick = (statistics.median(got), report.percentile(got, 10))
            ok = all(p >= m - SLACK for p, m in zip(pick, mean))
            falls = previous is not None and any(p < q - 1e-12 for p, q in zip(pick, previous))
            ok = ok and not falls
            met += ok
            total += 1
            verdict = "met" if ok else ("falls with budget" if falls else "below mode mean")
            print(f"{space:26} {budget:6}  {mean[0]:.3f}/{mean[1]:.3f}    "
                  f"{pick[0]:.3f}/{pick[1]:.3f}    {verdict} ({len(got)} seeds)")
            previous = pick
    print(f"{met} of {total} (space, budget) cells met")


if __name__ == "__main__":
    main()
