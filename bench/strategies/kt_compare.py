#!/usr/bin/env python3
"""Issue 38's comparison with Kernel Tuner: its best strategy per space, picked on some seeds and
compared on others, so that neither side is scored on the seeds it was picked on.

  python3 bench/strategies/kt_compare.py pick SCREEN.jsonl [--seeds 0-24]
      prints, per space, the Kernel Tuner strategies best at 200 and at 400 evaluations
      (highest median fraction of the optimum, then highest p10) on those seeds
  python3 bench/strategies/kt_compare.py compare SCREEN.jsonl HELD.jsonl TUNEBENCH.jsonl
      [--pick-seeds 0-24] [--held-seeds 25-74] [--strategy auto]
      the picked strategy's median / p10 on the held-out seeds against Tunebench's strategy

Targets at 200 and 400 (mode mean, counting every evaluation): Tunebench's median and p10 at least
Kernel Tuner's best. A space's optimum comes from the Tunebench trace lines (`optimum`).
"""

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import report  # noqa: E402

BUDGETS = (200, 400)


def seed_range(text):
    low, high = (int(x) for x in text.split("-"))
    return set(range(low, high + 1))


def curves_by(paths, tool, seeds=None):
    """{(space, strategy): [curves]} of one tool's mode-mean runs, on `seeds` if given."""
    out = defaultdict(list)
    for run in report.load_runs([Path(p) for p in paths]):
        if run["tool"] != tool or run.get("mode", "mean") != "mean":
            continue
        if seeds is not None and run["seed"] not in seeds:
            continue
        out[(run["space"], run["strategy"])].append(report.best_so_far_true(run["trace"], "all"))
    return out


def optima(paths):
    found = {}
    for run in report.load_runs([Path(p) for p in paths]):
        if "optimum" in run:
            found[run["space"]] = run["optimum"]
    return found


def picks(screen, optimum):
    """{(space, budget): strategy} best on the screening runs."""
    chosen = {}
    for space in sorted({s for s, _ in screen}):
        if space not in optimum:
            continue
        for budget in BUDGETS:
            ranked = {n: report.median_p10(c, budget, optimum[space]) for (s, n), c in screen.items()
                      if s == space}
            chosen[(space, budget)] = max(ranked, key=lambda n: ranked[n])
    return chosen


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=["pick", "compare"])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--pick-seeds", default="0-24")
    ap.add_argument("--held-seeds", default="25-74")
    ap.add_argument("--strategy", default="auto")
    ap.add_argument("--optima", nargs="*", default=[],
                    help="Tunebench trace files to take optima from (pick)")
    args = ap.parse_args(argv)
    screen = curves_by([args.files[0]], "kernel_tuner", seed_range(args.pick_seeds))
    if args.command == "pick":
        optimum = optima(args.optima)
        for (space, budget), name in sorted(picks(screen, optimum).items()):
            print(space, budget, name)
        return
    held_file, ours_file = args.files[1], args.files[2]
    optimum = optima([ours_file])
    chosen = picks(screen, optimum)
    held = curves_by([held_file], "kernel_tuner", seed_range(args.held_seeds))
    ours = curves_by([ours_file], "tunebench")
    met = total = 0
    print(f"{'space':26} {'budget':>6}  {'Kernel Tuner best (held-out seeds)':44} {'Tunebench':>12}")
    for (space, budget), name in sorted(chosen.items()):
        if (space, name) not in held or (space, args.strategy) not in ours:
            print(f"{space:26} {budget:6}  {name}: no held-out runs")
            continue
        theirs = report.median_p10(held[(space, name)], budget, optimum[space])
        mine = report.median_p10(ours[(space, args.strategy)], budget, optimum[space])
        ok = mine[0] >= theirs[0] - 1e-12 and mine[1] >= theirs[1] - 1e-12
        met += ok
        total += 1
        label = f"{name} {theirs[0]:.3f} / {theirs[1]:.3f} ({len(held[(space, name)])} seeds)"
        print(f"{space:26} {budget:6}  {label:44} {mine[0]:.3f} / {mine[1]:.3f}"
              f"  {'met' if ok else 'NOT met'}")
    print(f"{met} of {total} (space, budget) cells met")


if __name__ == "__main__":
    main()
