#!/usr/bin/env python3
"""What the worker protocol costs per configuration through srun, against a local worker
(issue 22; target < 5 ms).

The same CPU spec (the "slowable" scale kernel, tiny sizes, 5 samples: measuring is a fraction
of a millisecond) is tuned with --fresh, alternately with a local measuring worker and through
`salloc ... tune --launcher srun`, `--rounds` times each. Per configuration, the pipeline stores
`bench_seconds`: from handing the configuration to the measuring worker's supervisor to its
result coming back (job message, the worker's loading and verifying and sampling, the result
message). The difference of the medians is what srun adds to each configuration; srun's start
of the worker (once per run, and after each loss) is reported apart, from the runs' wall times.

Needs a Slurm node up (packaging/ci/start-slurm.sh; SLURM_CONF defaults to its config):

  bench/cluster/srun_overhead.py --cli build/h-search/bin/tunebench-cli --rounds 3 \
      --table bench/results/srun_overhead.md
"""
import argparse
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DATA = os.path.join(REPO, "tests", "app", "data")
COPIES = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]
SIZES = [4096, 8192]


def write_spec(folder):
    with open(os.path.join(DATA, "slowable.json")) as f:
        spec = json.load(f)
    spec["kernel"]["source"] = os.path.join(DATA, "slowable.c")
    spec["parameters"] = [{"name": "COPY", "values": COPIES}]
    spec["problem_sizes"] = [{"N": n} for n in SIZES]
    spec["measurement"].update({"warmup_runs": 1, "min_samples": 5, "max_samples": 5,
                                "max_seconds_per_config": 1, "timeout_seconds": 30})
    path = os.path.join(folder, "overhead.json")
    with open(path, "w") as f:
        json.dump(spec, f)
    return path


def bench_seconds(workspace):
    db = sqlite3.connect(f"file:{workspace}?mode=ro", uri=True)
    rows = db.execute("SELECT status, resources_json FROM results").fetchall()
    db.close()
    return [json.loads(r or "{}").get("bench_seconds") for s, r in rows if s == "ok"]


def tune(cli, spec, workspace, launcher, env):
    command = [cli, "--workspace", workspace, "tune", spec, "--fresh"]
    if launcher == "srun":
        command = ["salloc", "--nodes=1", "--ntasks=2", "--quiet"] + command + [
            "--launcher", "srun"]
    started = time.monotonic()
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    wall = time.monotonic() - started
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    return wall


def ms(seconds):
    return f"{seconds * 1000:.2f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cli", default=os.path.join(REPO, "build", "ci", "bin", "tunebench-cli"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--table", help="write the Markdown table here too")
    args = parser.parse_args()
    env = dict(os.environ)
    env.setdefault("SLURM_CONF", os.path.join(REPO, "packaging", "ci", "slurm", "slurm.conf"))

    figures = {"local": {"bench": [], "wall": []}, "srun": {"bench": [], "wall": []}}
    with tempfile.TemporaryDirectory() as folder:
        spec = write_spec(folder)
        for launcher in ("local", "srun"):  # a first run of each fills the build cache
            tune(args.cli, spec, os.path.join(folder, f"{launcher}.tbw"), launcher, env)
        for _ in range(args.rounds):
            for launcher in ("local", "srun"):
                workspace = os.path.join(folder, f"{launcher}.tbw")
                os.remove(workspace)
                figures[launcher]["wall"].append(tune(args.cli, spec, workspace, launcher, env))
                figures[launcher]["bench"] += bench_seconds(workspace)

    configs = len(COPIES) * len(SIZES)
    lines = ["| worker | configurations | median bench_seconds (ms) | p90 (ms) | "
             "median run wall time (s) |", "| --- | --- | --- | --- | --- |"]
    medians = {}
    for launcher, data in figures.items():
        bench = sorted(data["bench"])
        medians[launcher] = statistics.median(bench)
        p90 = bench[int(0.9 * (len(bench) - 1))]
        lines.append(f"| {launcher} | {len(bench)} | {ms(medians[launcher])} | {ms(p90)} | "
                     f"{statistics.median(data['wall']):.2f} |")
    added = medians["srun"] - medians["local"]
    wall_added = statistics.median(figures["srun"]["wall"]) - statistics.median(
        figures["local"]["wall"])
    lines.append("")
    lines.append(f"srun adds {ms(added)} ms per configuration (median bench_seconds, "
                 f"{args.rounds} runs of {configs} configurations each way; target < 5 ms). It "
                 f"adds {wall_added:.2f} s to a whole run (salloc, the step's start, its end).")
    table = "\n".join(lines)
    print(table)
    if args.table:
        with open(args.table, "w") as f:
            f.write("# The worker protocol through srun against a local worker\n\n")
            f.write("`bench/cluster/srun_overhead.py` on the single-node Slurm of "
                    "`packaging/ci/start-slurm.sh` (loopback), CPU backend, "
                    f"{time.strftime('%Y-%m-%d', time.gmtime())}.\n\n")
            f.write(table + "\n")
    return 0 if added < 0.005 else 1


if __name__ == "__main__":
    sys.exit(main())
