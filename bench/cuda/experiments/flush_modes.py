#!/usr/bin/env python3
"""Runs flush_modes.cu on the GPU node (nvcc, ncu and the driver there) and prints, per
configuration and problem size, ncu's gpu__time_duration median and each CUPTI timer / sample
preparation's median (medians over PROCESSES processes, interleaved with ncu's), with the
difference to ncu minus the fixed offset fitted from the spin kernels.
    python3 bench/cuda/experiments/flush_modes.py [PROCESSES]"""
import csv
import io
import os
import re
import statistics
import subprocess
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(os.environ.get("TMPDIR", "/tmp"), "tb_experiments")
BINARY = os.path.join(OUT, "flush_modes")
LINE = re.compile(r"^(.+?) (\w+) round \d+ timer (\w+) n (\d+): ([\d.]+) us$")
NCU = ["ncu", "--clock-control", "none", "--metrics", "gpu__time_duration.sum", "--csv",
       "--page", "raw", "--print-units", "base", "-k", "regex:copyScaleT|spinT"]


def run_ncu(n, times, cache_control="all"):
    """ncu with its own cache control ("all"), or with none and Tunebench's flush instead."""
    mode = "none" if cache_control == "all" else "none-flush"
    done = subprocess.run(NCU + ["--cache-control", cache_control, BINARY, str(n), mode, "1"],
                          capture_output=True, text=True)
    column = "ncu" if cache_control == "all" else "ncu/no-cc+flush"
    rows = [line for line in done.stdout.splitlines() if line.startswith('"')]
    table = list(csv.DictReader(io.StringIO("\n".join(rows))))
    values = [number(row) for row in table if row_is_data(row)]
    configs = [line[len("config: "):] for line in done.stdout.splitlines()
               if line.startswith("config: ")]
    launches = len(values) // max(1, len(configs))  # 3 warm-ups + samples, in launch order
    for index, config in enumerate(configs):
        mine = values[index * launches + 3:(index + 1) * launches]
        times[(config, n, column)].append(statistics.median(mine) / 1000)


def number(row):
    return float(row["gpu__time_duration.sum"].replace(",", ""))  # "7,712" ns


def row_is_data(row):
    try:
        number(row)
        return True
    except ValueError:
        return False  # the units row


def run_tunebench_like(n, timer, times):
    done = subprocess.run([BINARY, str(n), timer, "1"], capture_output=True, text=True,
                          check=True)
    for line in done.stdout.splitlines():
        match = LINE.match(line)
        if match:
            config, mode, _, size, value = match.groups()
            times[(config, int(size), f"{timer}/{mode}")].append(float(value))


def main():
    processes = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    os.makedirs(OUT, exist_ok=True)
    subprocess.run(["nvcc", "-O2", "-arch=sm_90", "-std=c++17", "-o", BINARY,
                    os.path.join(HERE, "flush_modes.cu"), "-lcuda", "-lcupti"], check=True)
    times = defaultdict(list)
    sizes = [1 << 20, 1 << 24]
    for _ in range(processes):
        for n in sizes:
            run_ncu(n, times)
            run_ncu(n, times, "none")
            run_tunebench_like(n, "concurrent", times)
    columns = sorted({key[2] for key in times if key[2] != "ncu"})
    # ncu's fixed offset: ncu minus Tunebench's (concurrent/flush) time of the spin kernels.
    spins = [k for k in times if k[0].startswith("spin") and k[2] == "ncu"]
    offset = statistics.median(statistics.median(times[k]) -
                               statistics.median(times[(k[0], k[1], "concurrent/flush")])
                               for k in spins)
    print(f"ncu offset (spin kernels, ncu - concurrent/flush): {offset:.3f} us")
    print("| config | N | ncu | ncu - offset | " + " | ".join(columns) + " |")
    print("| --- " * (4 + len(columns)) + "|")
    for config in sorted({k[0] for k in times}):
        for n in sizes:
            if (config, n, "ncu") not in times:
                continue
            reference = statistics.median(times[(config, n, "ncu")]) - offset
            cells = []
            for column in columns:
                values = times.get((config, n, column))
                if not values:
                    cells.append("")
                    continue
                value = statistics.median(values)
                spread = (max(values) - min(values)) / value * 100
                cells.append(f"{value:.3f} ({100 * (value / reference - 1):+.2f}%, "
                             f"spread {spread:.2f}%)")
            print(f"| {config} | {n} | {statistics.median(times[(config, n, 'ncu')]):.3f} | "
                  f"{reference:.3f} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
