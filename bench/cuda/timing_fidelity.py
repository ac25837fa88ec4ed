#!/usr/bin/env python3
"""Timing fidelity of Tunebench's CUDA measurement (issue 3's benchmark).

For each configuration: Tunebench's median (CUPTI activity records) in two separate runs, the
CUDA-events median of the same launches, and Nsight Compute's gpu__time_duration.sum of the same
kernel (ncu --clock-control none, so both see the same clocks; ncu flushes caches before each
kernel as Tunebench flushes L2 before each sample). Writes a markdown table.

Run on the GPU node from the repository root, with the bundle unpacked:
  python3 bench/cuda/timing_fidelity.py --bundle /tmp/b/tunebench --out results.md
"""
import argparse
import csv
import io
import json
import statistics
import subprocess
import sys
import time

# (spec, kernel name, warm-up launches, size index, config key)
CASES = []
for size in (0, 1, 2):
    for key in ("BLOCK=128,VEC=1,ITEMS=1", "BLOCK=256,VEC=4,ITEMS=1", "BLOCK=512,VEC=4,ITEMS=8",
                "BLOCK=1024,VEC=2,ITEMS=4", "BLOCK=256,VEC=2,ITEMS=2"):
        CASES.append(("resources/examples/copy_scale/copy_scale.json", "copy_scale", 3, size, key))
for size in (0, 1):
    for key in ("BM=64,BN=64,BK=8,TM=4,TN=4", "BM=128,BN=128,BK=8,TM=8,TN=8",
                "BM=64,BN=128,BK=16,TM=8,TN=4", "BM=32,BN=32,BK=8,TM=4,TN=4"):
        CASES.append(("resources/examples/sgemm/sgemm.json", "sgemm", 2, size, key))
# A kernel of known duration (CYCLES of the SM clock): the third reference.
SPIN = "bench/cuda/specs/spin/spin.json"
for cycles in (4000, 20000, 100000, 1000000):
    for blocks in (1, 132):
        CASES.append((SPIN, "spin", 3, 0, f"CYCLES={cycles},BLOCKS={blocks}"))


def spin_cycles(key):
    return float(key.split(",")[0].split("=")[1]) if key.startswith("CYCLES=") else None


def probe(bundle, cache, spec, size, key, samples, prefix=()):
    command = list(prefix) + [f"{bundle}/bin/tb_timing_probe", spec, key, str(size), cache,
                              "--samples", str(samples), "--no-verify"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    return done


def tunebench(bundle, cache, spec, size, key):
    done = probe(bundle, cache, spec, size, key, 50)
    line = [l for l in done.stdout.splitlines() if l.startswith("{")]
    if done.returncode != 0 or not line:
        raise RuntimeError(f"probe failed for {key}: {done.stderr[-400:]}")
    return json.loads(line[-1])


def nsight(bundle, cache, spec, kernel, warmup, size, key):
    prefix = ["ncu", "--clock-control", "none", "--metrics", "gpu__time_duration.sum",
              "--csv", "--page", "raw", "--print-units", "base", "-k", f"regex:{kernel}",
              "--launch-skip", str(warmup)]
    done = probe(bundle, cache, spec, size, key, 20, prefix)
    rows = [l for l in done.stdout.splitlines() if l.startswith('"')]
    table = list(csv.reader(io.StringIO("\n".join(rows))))
    if len(table) < 3:
        raise RuntimeError(f"ncu gave no rows for {key}: {done.stdout[-300:]} {done.stderr[-300:]}")
    column = table[0].index("gpu__time_duration.sum")
    unit = table[1][column]
    scale = {"nsecond": 1e-9, "ns": 1e-9, "usecond": 1e-6, "msecond": 1e-3, "second": 1.0}[unit]
    values = [float(r[column].replace(",", "")) * scale for r in table[2:]]
    line = [l for l in done.stdout.splitlines() if l.startswith("{")]
    under_ncu = json.loads(line[-1]) if line else {}
    return statistics.median(values), len(values), under_ncu.get("timer", "?")


def intercept(spins, column):
    """Fixed time of an instrument over the spin kernel's cycle count: a least-squares line
    through (cycles, time) of every spin; its slope is the SM clock period (so NVML's rounded
    clock does not enter), its intercept what the instrument adds to cycles / clock."""
    xs = [spin_cycles(r[2]) for r in spins]
    ys = [r[column] for r in spins]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    return my - slope * mx, 1 / slope


def write_third_reference(out, rows, spins):
    tb_fixed, tb_clock = intercept(spins, 5)
    ncu_fixed, ncu_clock = intercept(spins, 3)
    offset = ncu_fixed - tb_fixed
    out.write("\nThird reference: a kernel that spins CYCLES SM cycles (bench/cuda/specs/spin). "
              "Each instrument's times over the cycle count fit a line whose slope is the SM "
              f"clock (Tunebench {tb_clock / 1e6:.1f} MHz, ncu {ncu_clock / 1e6:.1f} MHz) and "
              f"whose intercept is what it adds to the spinning: Tunebench {fmt(tb_fixed)}, "
              f"ncu {fmt(ncu_fixed)}. ncu's gpu__time_duration carries {fmt(offset)} more, "
              "fixed, whatever the kernel; \"vs ncu - offset\" takes it out.\n\n"
              "| kernel | size | config | ncu median | ncu - offset | Tunebench | vs ncu "
              "| vs ncu - offset | run-to-run |\n" + "|" + " --- |" * 9 + "\n")
    for r in rows:
        corrected = r[3] - offset
        out.write(f"| {r[0]} | {r[1]} | {r[2]} | {fmt(r[3])} | {fmt(corrected)} | {fmt(r[5])} "
                  f"| {100 * r[7]:+.2f}% | {100 * (r[5] / corrected - 1):+.2f}% "
                  f"| {100 * r[10]:.2f}% |\n")
    for label, chosen, target in (("kernels >= 20 us", [r for r in rows if r[3] >= 20e-6], 0.5),
                                  ("kernels < 20 us", [r for r in rows if r[3] < 20e-6], 2)):
        if chosen:
            worst = max(abs(r[5] / (r[3] - offset) - 1) for r in chosen)
            out.write(f"\nAgainst ncu - offset, {label}: {len(chosen)}, max deviation "
                      f"{100 * worst:.2f}% (target {target}%)")
    out.write("\n\n")


def fmt(seconds):
    return f"{seconds * 1e6:.2f} us"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bundle", required=True)
    parser.add_argument("--cache", default="/tmp/tb-probe-cache")
    parser.add_argument("--out", required=True)
    parser.add_argument("--raw", help="also write every probe's JSON (with samples) here")
    parser.add_argument("--only", help="run only the cases whose kernel has this name")
    args = parser.parse_args()
    raw = open(args.raw, "w") if args.raw else None
    rows = []
    started = time.time()
    for spec, kernel, warmup, size, key in CASES:
        if args.only and kernel != args.only:
            continue
        first = tunebench(args.bundle, args.cache, spec, size, key)
        second = tunebench(args.bundle, args.cache, spec, size, key)
        reference, launches, timer_under_ncu = nsight(args.bundle, args.cache, spec, kernel,
                                                      warmup, size, key)
        if raw:
            for run in (first, second):
                raw.write(json.dumps({"kernel": kernel, "size": size, "key": key,
                                      "ncu_median_s": reference, **run}) + "\n")
        tb = first["median_s"]
        spread = abs(first["median_s"] - second["median_s"]) / tb
        rows.append((kernel, size, key, reference, launches, tb, first["timer"],
                     tb / reference - 1, first["event_median_s"],
                     first["event_median_s"] / reference - 1, spread, timer_under_ncu,
                     first["sm_clock_mhz"], first["throttled"]))
        print(f"{kernel} size {size} {key}: ncu {fmt(reference)} tunebench {fmt(tb)} "
              f"({100 * (tb / reference - 1):+.2f}%) events {fmt(first['event_median_s'])} "
              f"spread {100 * spread:.2f}%", flush=True)
    with open(args.out, "w") as out:
        out.write("| kernel | size | config | ncu median | ncu launches | Tunebench median | timer "
                  "| vs ncu | events median | events vs ncu | run-to-run | timer under ncu "
                  "| SM MHz | throttled |\n")
        out.write("|" + " --- |" * 14 + "\n")
        for r in rows:
            out.write(f"| {r[0]} | {r[1]} | {r[2]} | {fmt(r[3])} | {r[4]} | {fmt(r[5])} | {r[6]} "
                      f"| {100 * r[7]:+.2f}% | {fmt(r[8])} | {100 * r[9]:+.2f}% "
                      f"| {100 * r[10]:.2f}% | {r[11]} | {r[12]:g} | {r[13]:g} |\n")
        big = [r for r in rows if r[3] >= 20e-6]
        small = [r for r in rows if r[3] < 20e-6]
        out.write(f"\nKernels >= 20 us: {len(big)}, max |Tunebench vs ncu| "
                  f"{100 * max(abs(r[7]) for r in big):.2f}% (target 0.5%)\n" if big else "")
        out.write(f"Kernels < 20 us: {len(small)}, max |Tunebench vs ncu| "
                  f"{100 * max(abs(r[7]) for r in small):.2f}% (target 2%)\n" if small else "")
        out.write(f"Max run-to-run spread of a median: {100 * max(r[10] for r in rows):.2f}% "
                  f"(target 0.5%)\n")
        spins = [r for r in rows if spin_cycles(r[2])]
        if len(spins) >= 2:
            write_third_reference(out, rows, spins)
        out.write(f"Wall time of the benchmark: {time.time() - started:.0f} s\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
