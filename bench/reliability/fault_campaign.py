#!/usr/bin/env python3
"""Fault campaign (issue 17): every way a kernel can fail, one tune per fault kind and worker
count, through the real CLI. Each run tunes the faulty configuration beside a correct one;
the table gives the status expected and observed, the worker processes started (restarts
included), and the wall time the fault cost the run beyond a run of two correct ones.

  bench/reliability/fault_campaign.py --backend cpu --workers 1,2,4 \
      --table bench/results/reliability_faults_cpu.md
  bench/reliability/fault_campaign.py --backend cuda --cli $B/bin/tunebench-cli --workers 1,4 \
      --table bench/results/reliability_faults_cuda.md      # on the GPU machine

Exit status 1 when a fault ends in another status than expected or a run does not complete.
"""
import argparse
import json
import os
import re
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# Faults run under a memory limit (RLIMIT_AS, inherited by the workers): they allocate more.
LIMITED = {("cpu", 9): 4 << 30}
REPO = os.path.dirname(os.path.dirname(HERE))
DATA = os.path.join(REPO, "tests", "app", "data")

CAMPAIGNS = {
    "cpu": ("faults.json", "faults.c", [
        (1, "wrong result", "wrong_result"), (2, "compile error", "compile_error"),
        (3, "link error (undefined symbol)", "compile_error"), (4, "segfault", "worker_crashed"),
        (5, "abort()", "worker_crashed"), (6, "exit(0) mid-run", "worker_crashed"),
        (7, "hang", "timeout"), (8, "16 MiB of output, no newline", "ok"),
        (9, "out of memory (8 GiB under a 4 GiB limit)", "worker_crashed")]),
    "cuda": ("faults_cuda.json", "faults_cuda.cu", [
        (1, "wrong result", "wrong_result"), (2, "compile error", "compile_error"),
        (3, "invalid launch (2048 threads)", "invalid_launch"),
        (4, "illegal address", "runtime_error"), (5, "trap", "runtime_error"),
        (6, "hang", "timeout"), (7, "out of device memory (2 x 128 GiB)", "invalid_launch")]),
}


def write_spec(folder, spec_name, source, faults, copies):
    with open(os.path.join(DATA, spec_name)) as f:
        spec = json.load(f)
    spec["kernel"]["source"] = os.path.join(DATA, source)
    spec["parameters"] = [{"name": "FAULT", "values": faults},
                          {"name": "COPY", "values": copies}]  # the kernel ignores COPY
    spec["verification"]["reference"] = {"FAULT": 0, "COPY": copies[0]}
    spec.setdefault("measurement", {})["process_rounds"] = 1
    path = os.path.join(folder, "spec.json")
    with open(path, "w") as f:
        json.dump(spec, f)
    return path


def limit_memory(limit):
    return (lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit))) if limit else None


def tune(cli, spec_name, source, faults, copies, workers, memory_limit=None):
    """One run in a fresh workspace: its wall time, log, stored results and state."""
    with tempfile.TemporaryDirectory(prefix="tb-fault-") as folder:
        spec = write_spec(folder, spec_name, source, faults, copies)
        workspace = os.path.join(folder, "ws.tbw")
        started = time.monotonic()
        done = subprocess.run([cli, "-w", workspace, "tune", spec, "--workers", str(workers),
                               "--verbose"], capture_output=True, text=True, timeout=900,
                              preexec_fn=limit_memory(memory_limit))
        wall = time.monotonic() - started
        db = sqlite3.connect(workspace)
        rows = db.execute("SELECT c.config_key, r.status, r.message FROM results r"
                          " JOIN configurations c ON c.id = r.configuration_id").fetchall()
        state = db.execute("SELECT state FROM runs").fetchone()[0]
        db.close()
    return wall, done.stdout + done.stderr, rows, state


def run_one(cli, spec_name, source, fault, workers, baseline, memory_limit):
    """Tunes the fault beside a correct configuration; what the fault cost is the wall time
    beyond `baseline`, a run of two correct configurations with the same workers."""
    wall, log, rows, state = tune(cli, spec_name, source, [fault, 0], [1], workers, memory_limit)
    by_value = {int(key.split(",")[0].split("=")[1]): (status, message)
                for key, status, message in rows}
    fault_row = by_value.get(fault)
    good_row = by_value.get(0)
    message = fault_row[1].splitlines()[0][:90] if fault_row and fault_row[1] else ""
    return {"observed": fault_row[0] if fault_row else "missing", "message": message,
            "restarts": len(re.findall(r"started \(pid", log)), "cost": wall - baseline,
            "complete": state == "finished" and good_row is not None and good_row[0] == "ok"}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--backend", choices=sorted(CAMPAIGNS), default="cpu")
    parser.add_argument("--cli", default=os.path.join(REPO, "build", "ci", "bin", "tunebench-cli"))
    parser.add_argument("--workers", default="1,2,4")
    parser.add_argument("--table", help="write the results as a markdown table here")
    args = parser.parse_args()
    spec_name, source, faults = CAMPAIGNS[args.backend]
    lines = ["| fault | workers | expected | observed | worker starts | the fault cost the run (s) "
             "| run complete | message |", "| --- | ---: | --- | --- | ---: | ---: | --- | --- |"]
    failures = 0
    worker_counts = [int(w) for w in args.workers.split(",")]
    baselines = {w: tune(args.cli, spec_name, source, [0], [1, 2], w)[0] for w in worker_counts}
    for fault, name, expected in faults:
        for workers in worker_counts:
            r = run_one(args.cli, spec_name, source, fault, workers, baselines[workers],
                        LIMITED.get((args.backend, fault)))
            ok = r["observed"] == expected and r["complete"]
            failures += 0 if ok else 1
            line = (f"| {name} | {workers} | {expected} | {r['observed']}{'' if ok else ' **!**'} "
                    f"| {r['restarts']} | {r['cost']:.2f} | {'yes' if r['complete'] else 'NO'} "
                    f"| {r['message'].replace('|', '/')} |")
            print(line, flush=True)
            lines.append(line)
    if args.table:
        with open(args.table, "w") as f:
            f.write(f"# Fault campaign, {args.backend} backend\n\n")
            f.write(f"`bench/reliability/fault_campaign.py --backend {args.backend} --workers "
                    f"{args.workers}`: one tune per fault and worker count of "
                    f"tests/app/data/{source}. Each tune has the faulty configuration beside a "
                    "correct one. Worker starts: every worker process started in the run, the "
                    "first ones included. There is one measuring worker besides the build "
                    "workers. What the fault cost the run: its wall time beyond a run of two "
                    "correct configurations with the same workers. Baseline seconds: "
                    + ", ".join(f"{w} workers {b:.2f}" for w, b in baselines.items()) + ".\n\n")
            f.write("\n".join(lines) + "\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
