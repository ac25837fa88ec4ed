#!/usr/bin/env python3
"""Issue 39's energy targets from energy_check.sh's folder: Tunebench's average power and energy
per launch against nvidia-smi's power over the same continuous run, and their run-to-run spread.

  python3 bench/energy/energy_report.py OUT_DIR [--markdown FILE]

nvidia-smi's window: the energy run is the last thing a tune does on the GPU, so it is the last
`energy_window_s` seconds of the run's high-power stretch (power above idle plus half the rise).
Two readings of it: the mean of `power.draw.instant` (sampled every 20 ms) over the window, 50 ms
trimmed at either end; and the mean of `power.draw`, a one-second average on the H200, over the
window less its first second (before that it still averages the time before the run). The
target (issue 39): Tunebench's power within 5% of the second, for windows of 2 s and more.
"""
import argparse
import csv
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path


def smi_rows(path):
    rows = []
    for line in Path(path).read_text().splitlines():
        parts = [p.strip() for p in line.split(",")]
        if len(parts) < 4:
            continue
        stamp, fraction = parts[0].split(".") if "." in parts[0] else (parts[0], "0")
        try:
            seconds = time.mktime(time.strptime(stamp, "%Y/%m/%d %H:%M:%S")) + float("0." + fraction)
            rows.append((seconds, float(parts[1]), float(parts[2]), float(parts[3])))
        except ValueError:
            continue  # "[N/A]" or a cut line
    return rows


def figures(csv_path):
    with open(csv_path) as handle:
        for row in csv.DictReader(handle):
            if row.get("energy_per_launch_j"):
                return {k: float(row[k]) for k in ("energy_per_launch_j", "power_w",
                        "power_sampled_w", "energy_rel_uncertainty_fraction",
                        "energy_window_s", "energy_launch_s") if row.get(k)}
    return None


def smi_power(rows, start, end, window, idle):
    inside = [r for r in rows if start <= r[0] <= end]
    if not inside:
        return None
    peak = max(r[2] for r in inside)
    high = idle + 0.5 * (peak - idle)
    last_high = max(r[0] for r in inside if r[2] >= high)
    lo, hi = last_high - window + 0.05, last_high - 0.05
    chosen = [r for r in inside if lo <= r[0] <= hi]
    settled = [r for r in chosen if r[0] >= lo + 1.0]
    if len(chosen) < 3:
        return None
    averaged = statistics.mean(r[1] for r in settled) if settled else float("nan")
    return (statistics.mean(r[2] for r in chosen), averaged,
            statistics.mean(r[3] for r in chosen), len(chosen))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--markdown")
    args = ap.parse_args(argv)
    out = Path(args.out)
    rows = smi_rows(out / "smi.csv")
    if not rows:
        sys.exit("no nvidia-smi samples in " + str(out / "smi.csv"))
    idle = statistics.median(r[2] for r in rows if r[0] < rows[0][0] + 1.5)
    lines = ["| kernel | window s | run | J per launch | Tunebench W | its uncertainty "
             "| nvidia-smi W (instant) | ratio | nvidia-smi W (power.draw, settled) | ratio "
             "| samples | SM MHz |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    energies = defaultdict(list)
    ratios = defaultdict(list)
    instant_ratios = defaultdict(list)
    for run in csv.DictReader(open(out / "runs.csv")):
        got = figures(out / run["csv"])
        if not got:
            lines.append(f"| {run['kernel']} | {run['window']} | {run['run']} | no energy figures "
                         "| | | | | | | |")
            continue
        smi = smi_power(rows, float(run["start"]), float(run["end"]), got["energy_window_s"], idle)
        key = (run["kernel"], run["window"])
        energies[key].append(got["energy_per_launch_j"])
        if not smi:
            lines.append(f"| {run['kernel']} | {run['window']} | {run['run']} | "
                         f"{got['energy_per_launch_j']:.4g} | {got['power_w']:.1f} | "
                         f"{got['energy_rel_uncertainty_fraction']:.3f} | - | - | - | - | - | - |")
            continue
        instant = got["power_w"] / smi[0]
        ratio = got["power_w"] / smi[1]
        instant_ratios[key].append(instant)
        ratios[key].append(ratio)
        lines.append(
            f"| {run['kernel']} | {run['window']} | {run['run']} | "
            f"{got['energy_per_launch_j']:.4g} | {got['power_w']:.1f} | "
            f"{got['energy_rel_uncertainty_fraction']:.3f} | {smi[0]:.1f} | {instant:.3f} | "
            f"{smi[1]:.1f} | {ratio:.3f} | {smi[3]} | {smi[2]:.0f} |")
    lines += ["", f"Idle power (nvidia-smi, first 1.5 s): {idle:.1f} W.", "",
              "| kernel | window s | runs | run-to-run spread of J per launch (max-min)/mean "
              "| largest deviation from power.draw (settled) | from power.draw.instant |",
              "| --- | --- | --- | --- | --- | --- |"]
    for key, values in sorted(energies.items(), key=lambda kv: (kv[0][0], float(kv[0][1]))):
        spread = (max(values) - min(values)) / statistics.mean(values)
        worst = max((abs(r - 1) for r in ratios[key]), default=float("nan"))
        worst_instant = max((abs(r - 1) for r in instant_ratios[key]), default=float("nan"))
        lines.append(f"| {key[0]} | {key[1]} | {len(values)} | {spread:.2%} | {worst:.2%} "
                     f"| {worst_instant:.2%} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.markdown:
        Path(args.markdown).write_text(text)


if __name__ == "__main__":
    main()
