#!/usr/bin/env python3
"""Run-to-run spread of tuned medians (issue 3's run-to-run target), the way users tune.

Tunes a spec ROUNDS times with `tunebench-cli tune`, each time in a fresh workspace (a separate
set of processes, the spec's own adaptive sampling), and compares each configuration's median
across the rounds: (max - min) / median. Also whether each round picks the same best
configuration per problem size, and how far the other rounds' winners are from it. Writes a
markdown report.

Run on the GPU node from the repository root, with the bundle unpacked:
  python3 bench/cuda/run_to_run.py --bundle /tmp/b/tunebench --rounds 3 --out r.md \
      resources/examples/copy_scale/copy_scale.json resources/examples/sgemm/sgemm.json

--measurement '{"process_rounds": 3, "finalists_per_size": 1000}' tunes a copy of each spec with
those measurement fields set. With process_rounds, a result measured in several processes
(a finalist) has the median of its rounds' medians; the report adds a table of those alone.
"""
import argparse
import itertools
import json
import math
import os
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

BUCKETS = ((0, 20e-6, "< 20 us"), (20e-6, 100e-6, "20-100 us"), (100e-6, 1e-3, "0.1-1 ms"),
           (1e-3, float("inf"), ">= 1 ms"))


def spec_with(spec, measurement, work):
    """A copy of spec with the given measurement fields, its kernel source made absolute."""
    with open(spec) as f:
        document = json.load(f)
    kernel = document["kernel"]
    if "source" in kernel:
        kernel["source"] = os.path.abspath(os.path.join(os.path.dirname(spec), kernel["source"]))
    document.setdefault("measurement", {}).update(measurement)
    path = os.path.join(work, os.path.basename(spec))
    with open(path, "w") as f:
        json.dump(document, f)
    return path


def tune(bundle, spec, workspace):
    started = time.monotonic()
    done = subprocess.run([f"{bundle}/bin/tunebench-cli", "--workspace", workspace, "tune", spec],
                          capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        raise RuntimeError(f"tune {spec} failed: {done.stdout[-1500:]} {done.stderr[-1500:]}")
    verdicts = [verdict(line) for line in done.stdout.splitlines()
                if line.startswith(("  best: ", "  tie: "))]
    db = sqlite3.connect(workspace)
    rounds = "(SELECT count(*) FROM result_rounds o WHERE o.result_id = r.id)"
    rows = db.execute("SELECT r.id, c.config_key, c.size_index, r.median, r.sample_count, "
                      f"r.resources_json, {rounds} FROM results r JOIN configurations c "
                      "ON c.id = r.configuration_id WHERE r.status = 'ok'").fetchall()
    round_medians = {}
    for result_id, median in db.execute("SELECT o.result_id, o.median FROM result_rounds o "
                                        "WHERE o.status = 'ok' ORDER BY o.result_id, o.round"):
        round_medians.setdefault(result_id, []).append(median)
    rows = [row + (round_medians.get(row[0], []),) for row in rows]
    results = {}
    for _, key, size, median, count, resources, process_rounds, medians in rows:
        extra = json.loads(resources or "{}")
        results[(key, size)] = {"median": median, "samples": count, "rounds": process_rounds,
                                "round_medians": medians,
                                "clock": extra.get("sm_clock_effective_mhz", 0),
                                "flagged": extra.get("clock_mismatch", 0) or extra.get("throttled", 0)}
    return results, time.monotonic() - started, verdicts


def verdict(line):
    """'best 4.21% > 0.35%' or 'tie 0.40% < 0.93%' from the CLI's line under a size's table."""
    numbers = re.findall(r"([\d.]+|inf)%", line)
    kind = "best" if line.startswith("  best: ") else "tie"
    return f"{kind} {numbers[0]}% {'>' if kind == 'best' else '<'} {numbers[1]}%" \
        if len(numbers) >= 2 else kind


def spread(values):
    return (max(values) - min(values)) / statistics.median(values)


def spread_table(out, rounds, pairs_of):
    out.write("| median time | pairs | spread: median | p90 | max | within 0.5% | samples "
              "(median) |\n| --- | --- | --- | --- | --- | --- | --- |\n")
    for low, high, label in BUCKETS:
        pairs = [p for p in pairs_of if low <= statistics.median(r[p]["median"] for r, *_ in rounds) < high]
        if not pairs:
            continue
        spreads = sorted(spread([r[p]["median"] for r, *_ in rounds]) for p in pairs)
        samples = statistics.median(r[p]["samples"] for r, *_ in rounds for p in pairs)
        within = sum(s <= 0.005 for s in spreads)
        out.write(f"| {label} | {len(pairs)} | {100 * statistics.median(spreads):.2f}% "
                  f"| {100 * spreads[math.ceil(0.9 * len(spreads)) - 1]:.2f}% "
                  f"| {100 * spreads[-1]:.2f}% | {within} of {len(pairs)} | {samples:g} |\n")


def clock_state_table(out, rounds, common):
    """Pairs of runs within 0.5%, split by whether both runs timed the configuration at the
    same SM clock step (1995 vs 1980 MHz by the GPU's timer: bench/results/cuda_clock_state.md)."""
    out.write("\nPairs of runs (each configuration, each pair of runs) by the SM clock step the "
              "two were timed at:\n\n| median time | same step: within 0.5% | different steps: "
              "within 0.5% |\n| --- | --- | --- |\n")
    for low, high, label in BUCKETS:
        counts = {True: [0, 0], False: [0, 0]}
        for p in common:
            values = [r[p] for r, *_ in rounds]
            if not low <= statistics.median(v["median"] for v in values) < high:
                continue
            for a, b in itertools.combinations(values, 2):
                same = abs(a["clock"] / b["clock"] - 1) <= 0.005 if a["clock"] and b["clock"] else True
                counts[same][0] += abs(a["median"] / b["median"] - 1) <= 0.005
                counts[same][1] += 1
        if counts[True][1] + counts[False][1]:
            out.write(f"| {label} | {counts[True][0]} of {counts[True][1]} "
                      f"| {counts[False][0]} of {counts[False][1]} |\n")


def report_spec(out, spec, rounds):
    common = set.intersection(*(set(r) for r, *_ in rounds))
    out.write(f"\n## {spec}\n\n{len(rounds)} rounds, wall "
              + ", ".join(f"{wall:.0f} s" for _, wall, _ in rounds)
              + f"; {len(common)} configuration x size pairs ok in every round.\n\n")
    clocks = [v["clock"] for r, *_ in rounds for v in r.values() if v["clock"]]
    flagged = sum(v["flagged"] for r, *_ in rounds for v in r.values())
    if clocks:
        out.write(f"SM clock by the GPU's timer over every result: {min(clocks):.1f}-"
                  f"{max(clocks):.1f} MHz; results flagged (throttled or clock mismatch): "
                  f"{flagged}.\n\n")
    spread_table(out, rounds, common)
    if clocks:
        clock_state_table(out, rounds, common)
    finalists = [p for p in common if all(r[p]["rounds"] > 1 for r, *_ in rounds)]
    if finalists and len(finalists) < len(common):
        out.write(f"\nFinalists of every run ({len(finalists)} pairs; each median the median of "
                  f"{rounds[0][0][finalists[0]]['rounds']} process rounds' medians):\n\n")
        spread_table(out, rounds, finalists)
    out.write("\n| size | best per round | the other rounds' winners vs the first's | "
              "the CLI's verdict per round (lead vs uncertainty) |\n| --- | --- | --- | --- |\n")
    for size in sorted({s for _, s in common}):
        bests = [min((p for p in common if p[1] == size), key=lambda p: r[p]["median"])
                 for r, *_ in rounds]
        first = rounds[0][0]
        gaps = [100 * (first[b]["median"] / first[bests[0]]["median"] - 1) for b in bests[1:]]
        verdicts = "; ".join(v[size] if size < len(v) else "-" for _, _, v in rounds)
        out.write(f"| {size} | {'; '.join(b[0] for b in bests)} | "
                  + ", ".join(f"{g:+.2f}%" for g in gaps) + f" | {verdicts} |\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bundle", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", required=True)
    parser.add_argument("--raw", help="also write every result of every round (JSON lines)")
    parser.add_argument("--measurement", default="{}",
                        help="JSON object of measurement fields to set in a copy of each spec")
    parser.add_argument("specs", nargs="+")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="tb-run-to-run-")
    measurement = json.loads(args.measurement)
    with open(args.out, "w") as out:
        out.write("# Run-to-run spread of tuned medians\n\nEach round: `tunebench-cli tune SPEC` "
                  "in a fresh workspace (the spec's own adaptive sampling). Spread: (max - min) / "
                  "median of a configuration's medians across the rounds.\n")
        if measurement:
            out.write(f"\nSpecs tuned with measurement fields set: `{json.dumps(measurement)}`.\n")
        for spec in args.specs:
            tuned = spec_with(spec, measurement, work) if measurement else spec
            rounds = [tune(args.bundle, tuned, os.path.join(work, f"{os.path.basename(spec)}-{i}.tbw"))
                      for i in range(args.rounds)]
            report_spec(out, spec, rounds)
            out.flush()
            if args.raw:
                with open(args.raw, "a") as raw:
                    for index, (results, *_) in enumerate(rounds):
                        for (key, size), value in results.items():
                            raw.write(json.dumps({"spec": spec, "round": index, "key": key,
                                                  "size": size, **value}) + "\n")
    print(open(args.out).read())
    return 0


if __name__ == "__main__":
    sys.exit(main())
