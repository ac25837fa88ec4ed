#!/usr/bin/env python3
"""Evaluations and wall time a measured run took to come within a tolerance of a reference best.

  python3 bench/strategies/time_to_best.py REFERENCE.tbw RUN.tbw [...] [--within 0.01]

REFERENCE.tbw's latest run (a brute force) gives the best median. For each RUN workspace's latest
run, its results in the order they were stored are scanned. The first whose median is within the
tolerance of that best is reported: its place (evaluations, failures counted), and the seconds
from the run's start to its storing. The run's totals follow."""

import argparse
import sqlite3
from datetime import datetime


def seconds(iso):
    return datetime.strptime(iso, "%Y-%m-%dT%H:%M:%S.%fZ").timestamp()


def latest_run(path):
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    run_id, started, finished, strategy = db.execute(
        "SELECT id, started_at, finished_at, strategy FROM runs ORDER BY id DESC LIMIT 1").fetchone()
    rows = db.execute("SELECT status, median, created_at FROM results WHERE run_id = ? ORDER BY id",
                      (run_id,)).fetchall()
    return {"started": seconds(started), "finished": seconds(finished) if finished else None,
            "strategy": strategy, "rows": rows}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("reference")
    ap.add_argument("runs", nargs="+")
    ap.add_argument("--within", type=float, default=0.01)
    args = ap.parse_args(argv)
    ref = latest_run(args.reference)
    best = min(m for s, m, _ in ref["rows"] if s == "ok" and m is not None)
    last = max(seconds(c) for _, _, c in ref["rows"])
    print(f"reference {args.reference}: {len(ref['rows'])} results, best median {best * 1e3:.4f} ms,"
          f" {last - ref['started']:.1f} s to its last result")
    goal = best * (1 + args.within)
    print(f"{'run':24} {'strategy':18} {'evals to goal':>13} {'s to goal':>9} {'evals':>6} {'s':>7}"
          f" {'best ms':>8}")
    for path in args.runs:
        run = latest_run(path)
        hit = next(((i + 1, seconds(c) - run["started"]) for i, (s, m, c) in enumerate(run["rows"])
                    if s == "ok" and m is not None and m <= goal), None)
        found = min((m for s, m, _ in run["rows"] if s == "ok" and m is not None), default=None)
        end = max(seconds(c) for _, _, c in run["rows"]) - run["started"]
        print(f"{path:24} {run['strategy']:18} {hit[0] if hit else 'never':>13}"
              f" {f'{hit[1]:.1f}' if hit else '-':>9} {len(run['rows']):6} {end:7.1f}"
              f" {found * 1e3 if found else float('nan'):8.4f}")


if __name__ == "__main__":
    main()
