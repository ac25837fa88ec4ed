#!/usr/bin/env python3
"""Issue 38's targets for a default strategy, and its options chosen by leave-one-space-out.

  python3 bench/strategies/loso.py SINGLES.jsonl VARIANT.jsonl [...] [--default NAME] [--out MD]

SINGLES.jsonl holds replays (mode mean) of Tunebench's single strategies, including `random`, on
every space. Each VARIANT file holds the replays of one option set of the candidate default
(bench/strategies/variants.sh writes them); its file stem names it. For each space the variant
met the most targets on the *other* spaces (then the least shortfall) is scored on that space, so
no space scores the options chosen on it. With --default NAME, a strategy of SINGLES.jsonl (such
as `auto`) is scored as it is, with no choice.

Targets, per space and budget (fraction of the optimum, median / p10 over seeds, counting all):
  * 100, 200, 400: median >= the best single strategy's median - 0.005 and
    p10 >= 0.97 x that strategy's p10 (the best: highest median, then highest p10);
  * 25, 50: median >= the best single strategy's median - 0.02;
  * every budget: p10 >= random's p10.
"""

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import report  # noqa: E402

BUDGETS = (25, 50, 100, 200, 400)
SINGLES = ("random", "coordinate_descent", "greedy_ils", "simulated_annealing",
           "genetic_algorithm", "bayesian_optimization", "elitist_evolution",
           "surrogate_evolution", "niching_evolution")


def load(paths, label=None):
    """({(space, label or strategy): [best-so-far curves]}, {space: optimum}) of mode-mean runs."""
    curves, optimum = defaultdict(list), {}
    for run in report.load_runs([Path(p) for p in paths]):
        if run.get("mode", "mean") != "mean":
            continue
        curves[(run["space"], label or run["strategy"])].append(
            report.best_so_far_true(run["trace"], "all"))
        optimum[run["space"]] = run["optimum"]
    return curves, optimum


def cells(curves, optimum, name, space):
    """[(budget, target, met, shortfall)] of strategy `name` on `space`."""
    out = []
    for budget in BUDGETS:
        singles = {s: report.median_p10(curves[(space, s)], budget, optimum[space])
                   for s in SINGLES if (space, s) in curves}
        best = max(singles, key=lambda s: singles[s])
        median, p10 = report.median_p10(curves[(space, name)], budget, optimum[space])
        slack = 0.005 if budget >= 100 else 0.02
        wanted = [("median", singles[best][0] - slack, median)]
        if budget >= 100:
            wanted.append(("p10", 0.97 * singles[best][1], p10))
        wanted.append(("p10 vs random", singles["random"][1], p10))
        for target, floor, value in wanted:
            out.append((budget, target, value >= floor - 1e-12, floor - value))
    return out


def score(table, name, spaces):
    """(targets met, -total shortfall) of `name` over `spaces`: higher is better."""
    flat = [c for s in spaces for c in table[(name, s)]]
    return sum(c[2] for c in flat), -sum(max(c[3], 0.0) for c in flat)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("singles")
    ap.add_argument("variants", nargs="*")
    ap.add_argument("--default", help="score this strategy of SINGLES as it is")
    args = ap.parse_args(argv)
    curves, optimum = load([args.singles])
    names = [args.default] if args.default else []
    for path in args.variants:
        name = Path(path).name.split(".jsonl")[0]
        more, more_optimum = load([path], label=name)
        curves.update(more)
        optimum.update(more_optimum)
        names.append(name)
    spaces = sorted({s for s, n in curves if n == "random"})
    names = [n for n in names if all((s, n) in curves for s in spaces)]
    if not names:
        sys.exit("no candidate has runs on every space of " + args.singles)
    table = {(n, s): cells(curves, optimum, n, s) for n in names for s in spaces}
    met = total = 0
    print(f"{'held-out space':26} {'met':>6}  chosen on the other spaces; targets missed")
    for space in spaces:
        others = [s for s in spaces if s != space]
        chosen = max(names, key=lambda n: score(table, n, others))
        row = table[(chosen, space)]
        met += sum(c[2] for c in row)
        total += len(row)
        missed = "; ".join(f"{b} {t} short {s:.3f}" for b, t, ok, s in row if not ok)
        print(f"{space:26} {sum(c[2] for c in row):3}/{len(row):<2}  {chosen}: {missed or '-'}")
    print(f"cross-validated: {met} of {total} targets met")
    overall = max(names, key=lambda n: score(table, n, spaces))
    print(f"chosen on every space: {overall} ({score(table, overall, spaces)[0]} of {total})")


if __name__ == "__main__":
    main()
