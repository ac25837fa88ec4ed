#!/usr/bin/env python3
"""The time-optimal and the energy-optimal configurations of an energy run's CSV export
(energy_objective.sh), the energy saved and the time lost between them, and the time-energy
Pareto front.

  python3 bench/energy/energy_front.py RESULTS.csv [--markdown FILE]
"""
import argparse
import csv
import sys
from pathlib import Path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv")
    ap.add_argument("--markdown")
    args = ap.parse_args(argv)
    rows = []
    with open(args.csv) as handle:
        reader = csv.DictReader(handle)
        # The parameter and size columns stand between status and median_s.
        names = reader.fieldnames[1:reader.fieldnames.index("median_s")]
        for row in reader:
            if row.get("status") == "ok" and row.get("energy_per_launch_j") and row.get("median_s"):
                config = ",".join(f"{n}={row[n]}" for n in names)
                rows.append((config, float(row["median_s"]),
                             float(row["energy_per_launch_j"]), float(row.get("power_w") or 0)))
    if not rows:
        sys.exit("no ok results with energy in " + args.csv)
    fastest = min(rows, key=lambda r: r[1])
    frugal = min(rows, key=lambda r: r[2])
    front = [r for r in rows if not any(o[1] <= r[1] and o[2] <= r[2] and o != r for o in rows)]
    front.sort(key=lambda r: r[1])
    lines = [f"{len(rows)} configurations with energy.", "",
             f"- Time-optimal: {fastest[0]}: {fastest[1] * 1e3:.3f} ms, {fastest[2]:.3f} J, "
             f"{fastest[3]:.0f} W.",
             f"- Energy-optimal: {frugal[0]}: {frugal[1] * 1e3:.3f} ms, {frugal[2]:.3f} J, "
             f"{frugal[3]:.0f} W.",
             f"- Between them: {1 - frugal[2] / fastest[2]:.1%} less energy for "
             f"{frugal[1] / fastest[1] - 1:.1%} more time.", "",
             "Pareto front (no other configuration is both faster and more frugal):", "",
             "| config | median ms | J per launch | W |", "| --- | --- | --- | --- |"]
    lines += [f"| {c} | {t * 1e3:.3f} | {e:.3f} | {w:.0f} |" for c, t, e, w in front]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.markdown:
        Path(args.markdown).write_text(text)


if __name__ == "__main__":
    main()
