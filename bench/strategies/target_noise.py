#!/usr/bin/env python3
"""How many of issue 38's targets the best single strategy itself would meet on other seeds.

  python3 bench/strategies/target_noise.py SINGLES.jsonl [CANDIDATE.jsonl] [--draws 2000]
                                          [--fresh FRESH.jsonl]

Each target cell (space, budget, median or p10) is set by the single strategy with the best
median there, on one sample of 50 seeds (loso.py). A default that ran that very strategy on that
space would still miss some cells on other seeds: the median and p10 of 50 seeds scatter, and
the best of nine strategies is picked on the same seeds it sets the target with. This draws the
winner's seeds again with replacement (a bootstrap) and scores the draw against the original
targets. The sum over cells of the chance to meet one is what an oracle default meets: one that
knows the best strategy of every cell, at every budget, with no cost to switch. With a
CANDIDATE's replays (e.g. the default's, from variants.sh), its seeds are drawn again the same way
against the same targets: what it would be expected to meet on other seeds. With --fresh, the
replays of the same strategies on other seeds are scored instead of draws (each cell met or not);
a CANDIDATE file then holds its replays on those other seeds too.
"""

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import loso  # noqa: E402
import report  # noqa: E402


def fractions(curves, budget, optimum):
    """Each seed's fraction of the optimum after `budget` evaluations."""
    return [report.fraction_after(c, budget, optimum) for c in curves]


def cell_chances(curves, optimum, space, rng, draws, candidate=None, fresh=None):
    """[(budget, target, chance)] that a fresh sample of the best single strategy (or of
    `candidate`) meets it: drawn from `curves`, or 0 or 1 on the `fresh` curves."""
    out = []
    for budget in loso.BUDGETS:
        singles = {s: report.median_p10(curves[(space, s)], budget, optimum[space])
                   for s in loso.SINGLES if (space, s) in curves}
        best = max(singles, key=lambda s: singles[s])
        values = fractions((fresh or curves)[(space, candidate or best)], budget, optimum[space])
        slack = 0.005 if budget >= 100 else 0.02
        floors = {"median": singles[best][0] - slack, "p10 vs random": singles["random"][1]}
        if budget >= 100:
            floors["p10"] = 0.97 * singles[best][1]
        met = dict.fromkeys(floors, 0)
        for _ in range(1 if fresh else draws):
            draw = values if fresh else rng.choices(values, k=len(values))
            median, p10 = statistics.median(draw), report.percentile(draw, 10)
            for target, floor in floors.items():
                value = median if target == "median" else p10
                met[target] += value >= floor - 1e-12
        out.extend((budget, target, met[target] / (1 if fresh else draws)) for target in floors)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("singles")
    ap.add_argument("candidate", nargs="?")
    ap.add_argument("--draws", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--fresh", help="replays of the single strategies on other seeds")
    args = ap.parse_args(argv)
    curves, optimum = loso.load([args.singles])
    fresh = loso.load([args.fresh])[0] if args.fresh else None
    candidate = None
    if args.candidate:
        candidate = "candidate"
        (fresh or curves).update(loso.load([args.candidate], label=candidate)[0])
    rng = random.Random(args.seed)
    spaces = sorted({s for s, n in curves if n == "random"})
    expected = total = 0
    print(f"{'space':26} {'expected':>8}  cells below 0.9")
    for space in spaces:
        chances = cell_chances(curves, optimum, space, rng, args.draws, candidate, fresh)
        expected += sum(c for _, _, c in chances)
        total += len(chances)
        shaky = "; ".join(f"{b} {t} {c:.2f}" for b, t, c in chances if c < 0.9)
        print(f"{space:26} {sum(c for _, _, c in chances):5.1f}/{len(chances):<2}  {shaky or '-'}")
    who = args.candidate or "the best single strategy of each cell"
    how = "met on the seeds of " + args.fresh if fresh else "expected on other seeds"
    print(f"{who}: {expected:.1f} of {total} targets {how}")


if __name__ == "__main__":
    main()
