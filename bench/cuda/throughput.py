#!/usr/bin/env python3
"""Tuning throughput of the CUDA pipeline (issue 3's benchmark).

Tunes the SGEMM example's whole grid from a cold cubin cache and compares the wall time with
the bound max(total compile time / compile workers, total measurement time): compile workers
stay ahead of the GPU, so a perfect pipeline takes as long as the slower of the two stages.
Writes a markdown table.

Run on the GPU node from the repository root, with the bundle unpacked:
  python3 bench/cuda/throughput.py --bundle /tmp/b/tunebench --out results.md
"""
import argparse
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bundle", required=True)
    parser.add_argument("--spec", default="resources/examples/sgemm/sgemm.json")
    parser.add_argument("--workers", type=int, default=os.cpu_count())
    parser.add_argument("--out", required=True)
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="tb-throughput-")
    workspace = os.path.join(work, "ws.tbw")
    started = time.monotonic()
    done = subprocess.run([f"{args.bundle}/bin/tunebench-cli", "--workspace", workspace, "tune",
                           args.spec, "--workers", str(args.workers)],
                          capture_output=True, text=True, timeout=1200)
    wall = time.monotonic() - started
    if done.returncode != 0:
        print(done.stdout[-2000:], done.stderr[-2000:])
        return 1

    db = sqlite3.connect(workspace)
    rows = db.execute("SELECT r.status, r.compile_seconds, r.cached_build, r.resources_json, "
                      "r.sample_count, r.median, c.size_index FROM results r "
                      "JOIN configurations c ON c.id = r.configuration_id "
                      "ORDER BY r.id").fetchall()
    compile_total = sum(r[1] or 0 for r in rows if not r[2])
    resources = [json.loads(r[3] or "{}") for r in rows]
    bench_total = sum(r.get("bench_seconds", 0) for r in resources)
    phases = {name: sum(r.get(name, 0) for r in resources)
              for name in ("load_seconds", "reference_seconds", "bind_seconds",
                          "verify_seconds", "measure_seconds")}
    # A bench worker rebuilds its argument buffers when the problem size changes.
    size_switches = sum(1 for a, b in zip(rows, rows[1:]) if a[6] != b[6])
    kernel_total = sum((r[4] or 0) * (r[5] or 0) for r in rows)
    statuses = {}
    for r in rows:
        statuses[r[0]] = statuses.get(r[0], 0) + 1
    distinct_compiles = sum(1 for r in rows if not r[2])
    # Extra rounds (measurement.process_rounds): finalists measured again by new bench workers;
    # their GPU time belongs to the measurement stage.
    extra = [json.loads(r[0] or "{}") for r in
             db.execute("SELECT resources_json FROM result_rounds WHERE round > 1")]
    rounds_total = sum(r.get("bench_seconds", 0) for r in extra)
    bench_total += rounds_total
    bound = max(compile_total / args.workers, bench_total)

    with open(args.out, "w") as out:
        out.write("| what | value |\n| --- | --- |\n")
        out.write(f"| spec | {args.spec} |\n")
        out.write(f"| configurations x sizes evaluated | {len(rows)} ({statuses}) |\n")
        out.write(f"| compile workers | {args.workers} |\n")
        out.write(f"| NVRTC compiles (cold cache) | {distinct_compiles}, {compile_total:.2f} s in total |\n")
        out.write(f"| measurement time on the GPU (bench stage wall) | {bench_total:.2f} s |\n")
        out.write(f"| of which extra rounds of finalists | {len(extra)} measurements, "
                  f"{rounds_total:.2f} s |\n")
        out.write(f"| of which kernel time in samples | {kernel_total:.2f} s |\n")
        for name, total in phases.items():
            out.write(f"| worker phase {name.replace('_seconds', '')} (all configs) | {total:.2f} s |\n")
        out.write(f"| problem-size switches in arrival order | {size_switches} |\n")
        out.write(f"| bound max(compile / workers, measure) | {bound:.2f} s |\n")
        out.write(f"| wall time of `tunebench-cli tune` | {wall:.2f} s |\n")
        out.write(f"| wall / bound | {wall / bound:.3f} (target <= 1.25) |\n")
        out.write(f"| wall per configuration (search and rounds), amortised | "
                  f"{1000 * wall / len(rows):.1f} ms "
                  f"(target <= 100 ms) |\n")
    print(open(args.out).read())
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
