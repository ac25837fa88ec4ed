#!/usr/bin/env python3
"""kill -9 campaign (issue 17): tune a spec whose kernel fails every way, SIGKILL the CLI or one
of its workers at a random moment, then tune again until the run completes; count what was lost,
duplicated or left behind.

Each trial, in a fresh workspace:
  1. start `tunebench-cli tune SPEC`, wait a random time, SIGKILL the CLI or a random worker;
  2. `PRAGMA integrity_check` must say ok;
  3. run `tune` again (it resumes) until it exits; repeat once more if it was the CLI that died;
  4. count: configurations with no result (lost), (configuration, size) pairs stored twice
     (duplicated), results whose status is not the one their fault calls for (wrong), worker
     processes still alive (orphans), a final run state other than finished.

  bench/reliability/kill_campaign.py --cli build/ci/bin/tunebench-cli --trials 100 --seed 17 \
      --table bench/results/reliability_kill.md

Exit status 1 when any trial lost, duplicated, mislabelled or orphaned anything.
"""
import argparse
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
FAULTS = os.path.join(REPO, "tests", "app", "data")

# The faults of tests/app/data/faults.c this campaign uses (no hang or flood: they only add
# time) and the status each must end in, whatever was killed meanwhile.
EXPECTED = {0: "ok", 1: "wrong_result", 2: "compile_error", 4: "worker_crashed",
            5: "worker_crashed", 6: "worker_crashed"}
COPIES = 10  # configurations per fault (a parameter the kernel ignores)


def write_spec(folder):
    with open(os.path.join(FAULTS, "faults.json")) as f:
        spec = json.load(f)
    spec["kernel"]["source"] = os.path.join(FAULTS, "faults.c")
    spec["parameters"] = [{"name": "FAULT", "values": sorted(EXPECTED)},
                          {"name": "COPY", "values": list(range(1, COPIES + 1))}]
    spec["verification"]["reference"] = {"FAULT": 0, "COPY": 1}
    path = os.path.join(folder, "kill.json")
    with open(path, "w") as f:
        json.dump(spec, f)
    return path


def children(pid):
    """Every thread's children: the supervisor starts workers from its own I/O threads."""
    found = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found += [int(p) for p in f.read().split()]
        except OSError:
            pass
    return found


def processes_mentioning(needle):
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                if needle.encode() in f.read():
                    found.append(int(entry))
        except OSError:
            pass
    return found


def tune(cli, workspace, spec, workers):
    return subprocess.Popen([cli, "-w", workspace, "tune", spec, "--workers", str(workers)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def check_workspace(workspace):
    db = sqlite3.connect(f"file:{workspace}?mode=ro", uri=True)
    try:
        integrity = db.execute("PRAGMA integrity_check").fetchone()[0]
        rows = db.execute("SELECT c.config_key, c.size_index, r.status FROM results r"
                          " JOIN configurations c ON c.id = r.configuration_id").fetchall()
        states = [s for (s,) in db.execute("SELECT state FROM runs")]
    finally:
        db.close()
    return integrity, rows, states


def trial(rng, cli, workers, folder):
    workspace = os.path.join(folder, "ws.tbw")
    spec = write_spec(folder)
    victim = rng.choice(["cli", "worker"])
    process = tune(cli, workspace, spec, workers)
    delay = rng.uniform(0.05, 2.0)
    deadline = time.monotonic() + delay
    while time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.01)
    killed = "none (ended first)"
    if process.poll() is None:
        workers_now = children(process.pid)
        if victim == "worker" and workers_now:
            os.kill(rng.choice(workers_now), signal.SIGKILL)
            killed = "worker"
        else:
            process.kill()
            killed = "cli"
    process.wait()
    integrity_after_kill = check_workspace(workspace)[0] if os.path.exists(workspace) else "ok"
    resumes = 0
    for _ in range(3):  # the run finishes within a resume or two
        _, rows, states = check_workspace(workspace) if os.path.exists(workspace) else ("", [], [])
        if states == ["finished"]:
            break
        resumes += 1
        rerun = tune(cli, workspace, spec, workers)
        rerun.wait(timeout=300)
    integrity, rows, states = check_workspace(workspace)
    keys = [(k, s) for k, s, _ in rows]
    expected_keys = {(f"FAULT={fault},COPY={copy}", 0) for fault in EXPECTED
                     for copy in range(1, COPIES + 1)}
    wrong = sum(1 for k, _, status in rows
                if status != EXPECTED[int(k.split(",")[0].split("=")[1])])
    time.sleep(0.2)
    return {"killed": killed, "delay": delay, "resumes": resumes,
            "integrity": "ok" if integrity == "ok" and integrity_after_kill == "ok" else "BAD",
            "lost": len(expected_keys - set(keys)), "duplicated": len(keys) - len(set(keys)),
            "wrong": wrong, "orphans": len(processes_mentioning(workspace + ".cache")),
            "state": ",".join(states)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cli", default=os.path.join(REPO, "build", "ci", "bin", "tunebench-cli"))
    parser.add_argument("--trials", type=int, default=100)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--table", help="write the results as a markdown table here")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    results = []
    started = time.monotonic()
    for index in range(args.trials):
        with tempfile.TemporaryDirectory(prefix="tb-kill-") as folder:
            result = trial(rng, args.cli, args.workers, folder)
        results.append(result)
        print(f"trial {index + 1}/{args.trials}: killed {result['killed']} after "
              f"{result['delay']:.2f} s, {result['resumes']} resume(s), lost {result['lost']}, "
              f"duplicated {result['duplicated']}, wrong {result['wrong']}, orphans "
              f"{result['orphans']}, integrity {result['integrity']}, state {result['state']}",
              flush=True)
    bad = [r for r in results if r["lost"] or r["duplicated"] or r["wrong"] or r["orphans"]
           or r["integrity"] != "ok" or r["state"] != "finished"]
    summary = {
        "trials": len(results),
        "cli killed": sum(r["killed"] == "cli" for r in results),
        "worker killed": sum(r["killed"] == "worker" for r in results),
        "ended before the kill": sum(r["killed"].startswith("none") for r in results),
        "lost": sum(r["lost"] for r in results),
        "duplicated": sum(r["duplicated"] for r in results),
        "wrong status": sum(r["wrong"] for r in results),
        "orphans": sum(r["orphans"] for r in results),
        "integrity not ok": sum(r["integrity"] != "ok" for r in results),
        "not finished": sum(r["state"] != "finished" for r in results),
        "seconds": round(time.monotonic() - started, 1),
    }
    print(json.dumps(summary))
    if args.table:
        with open(args.table, "w") as f:
            f.write("# kill -9 campaign\n\n")
            f.write(f"`bench/reliability/kill_campaign.py --trials {args.trials} --seed "
                    f"{args.seed} --workers {args.workers}`: {len(EXPECTED) * COPIES} "
                    "configurations of tests/app/data/faults.c (correct, wrong result, compile "
                    "error, segfault, abort, exit(0)). Each trial SIGKILLs the CLI or one worker "
                    "at a random moment. It then checks the workspace and resumes until "
                    "finished.\n\n")
            f.write("| " + " | ".join(summary) + " |\n")
            f.write("| " + " | ".join("---:" for _ in summary) + " |\n")
            f.write("| " + " | ".join(str(v) for v in summary.values()) + " |\n")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
