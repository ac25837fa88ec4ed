#!/usr/bin/env python3
"""Timing fidelity of Tunebench's CUDA measurement (issue 3's benchmark).

For each configuration, ROUNDS rounds, each a separate Tunebench process (tb_timing_probe:
CUPTI timing, the CUDA-events median of the same launches; sampling as the spec asks unless
--samples N) and a separate Nsight Compute process
measuring gpu__time_duration.sum of the same kernel (ncu --clock-control none, so both see the
same clocks; ncu flushes caches before each kernel as Tunebench flushes L2 before each sample),
alternating which goes first. A config's figure is the median of its processes' medians: one
process of either instrument is not enough, separate processes of one config differ by up to
~1.7% (buffer placement moves the whole distribution). Writes one JSON row per config (--rows)
as it goes, and a markdown report.

Run on the GPU node from the repository root, with the bundle unpacked:
  python3 bench/cuda/timing_fidelity.py --bundle /tmp/b/tunebench --rows rows.jsonl --out r.md
Report from row files written by earlier (possibly split) runs, measuring nothing (plain
.jsonl or xz-compressed .jsonl.xz, as committed in bench/data/):
  python3 bench/cuda/timing_fidelity.py --from a.jsonl b.jsonl.xz --out r.md
"""
import argparse
import csv
import io
import json
import lzma
import statistics
import subprocess
import sys
import time

from fidelity_report import write_report

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
# Issue 17: a tiled shared-memory transpose of 8192^2 floats, 32 x 32 tiles, 4 to 32 rows of
# threads per block (1024-thread blocks at 32).
# Issue 34: the same at 4096^2 and 2048^2 (kernels of ~10-40 us, where a fixed offset of either
# instrument weighs 1-5%).
for size in (0, 1, 2):
    for key in ("TILE=32,ROWS=32", "TILE=32,ROWS=16", "TILE=32,ROWS=8", "TILE=32,ROWS=4"):
        CASES.append(("bench/cuda/specs/transpose/transpose.json", "transpose", 3, size, key))
# A kernel of known duration (CYCLES of the SM clock): the third reference.
SPIN = "bench/cuda/specs/spin/spin.json"
for cycles in (4000, 20000, 100000, 1000000):
    for blocks in (1, 132):
        CASES.append((SPIN, "spin", 3, 0, f"CYCLES={cycles},BLOCKS={blocks}"))


def probe(bundle, cache, spec, size, key, samples, prefix=()):
    """samples 0: the spec's own adaptive sampling, as a user's tune measures."""
    command = list(prefix) + [f"{bundle}/bin/tb_timing_probe", spec, key, str(size), cache,
                              "--no-verify"] + (["--samples", str(samples)] if samples else [])
    return subprocess.run(command, capture_output=True, text=True, timeout=600)


def tunebench(bundle, cache, spec, size, key, samples):
    done = probe(bundle, cache, spec, size, key, samples)
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


def measure_case(args, case, raw):
    """Interleaves ROUNDS Tunebench and ncu processes of one config (order alternating)."""
    spec, kernel, warmup, size, key = case
    row = {"kernel": kernel, "size": size, "key": key, "tb": [], "events": [], "ncu": [],
           "sm_clock_mhz": [], "sm_clock_effective_mhz": [], "throttled": 0, "timer": "", "timer_under_ncu": ""}
    for round_index in range(args.rounds):
        steps = ["tb", "ncu"] if round_index % 2 == 0 else ["ncu", "tb"]
        for step in steps:
            if step == "tb":
                run = tunebench(args.bundle, args.cache, spec, size, key, args.samples)
                row["tb"].append(run["median_s"])
                row.setdefault("tb_samples", []).append(run["samples"])
                row["events"].append(run["event_median_s"])
                row["sm_clock_mhz"].append(run["sm_clock_mhz"])
                row["sm_clock_effective_mhz"].append(run.get("sm_clock_effective_mhz", -1))
                row["throttled"] = max(row["throttled"], run["throttled"])
                row["timer"] = run["timer"]
                if raw:
                    raw.write(json.dumps({"kernel": kernel, "size": size, "key": key, **run}) + "\n")
            else:
                median, launches, timer = nsight(args.bundle, args.cache, spec, kernel, warmup,
                                                 size, key)
                row["ncu"].append(median)
                row["ncu_launches"] = launches
                row["timer_under_ncu"] = timer
    return row


def measure(args):
    only = set(args.only.split(",")) if args.only else None
    raw = open(args.raw, "w") if args.raw else None
    rows_file = open(args.rows, "w") if args.rows else None
    rows = []
    started = time.time()
    for case in CASES:
        if only and case[1] not in only:
            continue
        row = measure_case(args, case, raw)
        rows.append(row)
        if rows_file:
            rows_file.write(json.dumps(row) + "\n")
            rows_file.flush()
        tb, ncu = statistics.median(row["tb"]), statistics.median(row["ncu"])
        print(f"{row['kernel']} size {row['size']} {row['key']}: ncu {ncu * 1e6:.2f} us "
              f"tunebench {tb * 1e6:.2f} us ({100 * (tb / ncu - 1):+.2f}%)", flush=True)
    return rows, time.time() - started


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bundle", help="the unpacked headless bundle (to measure)")
    parser.add_argument("--cache", default="/tmp/tb-probe-cache")
    parser.add_argument("--out", required=True, help="the markdown report")
    parser.add_argument("--rounds", type=int, default=3,
                        help="processes of each instrument per config (default 3)")
    parser.add_argument("--rows", help="write each config's row (JSON lines) here as it goes")
    parser.add_argument("--raw", help="also write every Tunebench probe's JSON (with samples)")
    parser.add_argument("--samples", type=int, default=0,
                        help="samples per Tunebench process (default 0: the spec's own adaptive "
                             "sampling, what a tune reports; runs 1-7 used 50)")
    parser.add_argument("--only", help="comma-separated kernel names to run (copy_scale,sgemm,spin)")
    parser.add_argument("--from", dest="sources", nargs="+",
                        help="report from these row files (.jsonl or .jsonl.xz); measure nothing")
    args = parser.parse_args()
    if args.sources:
        rows = [json.loads(l) for name in args.sources
                for l in (lzma.open if name.endswith(".xz") else open)(name, "rt") if l.strip()]
        wall = None
    elif args.bundle:
        rows, wall = measure(args)
    else:
        parser.error("give --bundle to measure or --from to report")
    with open(args.out, "w") as out:
        write_report(out, rows, wall)
    return 0


if __name__ == "__main__":
    sys.exit(main())
