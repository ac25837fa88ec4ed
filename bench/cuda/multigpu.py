#!/usr/bin/env python3
"""Tuning throughput against the number of GPUs, one bench worker per GPU (issue 23).

For each spec and each GPU count N, tunes the spec with `tunebench-cli tune` on GPUs 0..N-1
(CUDA_VISIBLE_DEVICES=0,...,N-1: the CLI starts one bench worker per entry), each time in a
fresh temporary workspace, so every run starts from a cold cubin cache (WS.tbw.cache). Then
reads the workspace and reports configurations per second with and without the measurement,
the scaling efficiency against one GPU, each GPU's busy time, the cold NVRTC compiles, the
finalist rounds, and whether the best configuration is the same for every N. A timeline shows
where the wall time went (before the session, to the first result, the search, the finalist
rounds, to the run's end) and when each GPU stored its first and last result, to find where
GPUs sit idle. With --agreement
it also compares the medians of two runs on GPU 0 (run-to-run) and of GPU 0 against GPU 1
(cross-GPU), and it checks that each result names the GPU that measured it (results.device_uuid).
Standard library only. Writes (appends) a markdown report and one JSON line per tune run.
This file runs the CLI; multigpu_workspace.py reads a workspace, multigpu_figures.py computes
the figures, multigpu_report.py writes the markdown.

Run on the GPU node from the repository root, with the bundle unpacked (at /tmp/b/tunebench):

  # SGEMM example, brute force, 1, 2 and 4 GPUs, with the agreement runs:
  python3 bench/cuda/multigpu.py --bundle /tmp/b/tunebench --gpus 1,2,4 --agreement \\
      --label after --out multigpu.md --raw multigpu.jsonl

  # A large space, 1200 configurations drawn at random (same draw for every N):
  python3 bench/cuda/multigpu.py --bundle /tmp/b/tunebench --gpus 1,2,4 \\
      --sampled-spec bench/spaces/gemm/gemm.json --max-configs 1200 --seed 1 \\
      --label after --out multigpu.md --raw multigpu.jsonl

Run it once per bundle with a different --label (e.g. "before" and "after") and the same --out
and --raw: both land in one file. --spec and --sampled-spec are repeatable; without either the
SGEMM example is tuned. --sampled-spec tunes with `--strategy random --max-configs N`; the CLI's
--seed is a replay option only, so --seed S tunes a copy of the spec (in the temporary
directory, kernel source made absolute) whose strategy.seed is S; without --seed the spec's
own seed is used.

GPUs are named in PCI bus order (CUDA_DEVICE_ORDER=PCI_BUS_ID unless already set), as
`nvidia-smi -L` numbers them, so the UUIDs it prints are those the results should carry. If
CUDA_VISIBLE_DEVICES is set, its entries are the GPUs, in that order.

Debugging without a GPU: --dry-workspace WS.tbw runs nothing and reports that workspace's
latest run as an N=1 run (wall time from the run's started_at/finished_at), e.g. a CPU one:
  build/ci/bin/tunebench-cli --workspace /tmp/x.tbw tune resources/examples/matmul/matmul.json
  python3 bench/cuda/multigpu.py --bundle build/ci --dry-workspace /tmp/x.tbw --out /tmp/x.md
"""
import argparse
import datetime
import json
import os
import re
import shlex
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from multigpu_figures import compare_runs, ratio_stats, summarize  # noqa: E402
from multigpu_report import (agreement_section, device_section, report,  # noqa: E402
                             spec_section)
from multigpu_workspace import read_workspace  # noqa: E402

DEFAULT_SPEC = "resources/examples/sgemm/sgemm.json"


# ---------------------------------------------------------------------------------------------
# The machine


def command_output(command):
    """stdout of a command, or None if it cannot run or fails."""
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def nvidia_smi_gpus():
    """[(index, name, uuid)] from `nvidia-smi -L` (MIG lines skipped); [] without nvidia-smi."""
    gpus = []
    for line in (command_output(["nvidia-smi", "-L"]) or "").splitlines():
        match = re.match(r"GPU (\d+): (.*?) \(UUID: ([^)]+)\)", line)
        if match:
            gpus.append((match.group(1), match.group(2), match.group(3)))
    return gpus


def host_gpus():
    """The GPUs to use, in order: [{"visible": CUDA_VISIBLE_DEVICES entry, "name", "uuid"}]."""
    smi = nvidia_smi_gpus()
    by_index = {index: (name, uuid) for index, name, uuid in smi}
    by_uuid = {uuid: (name, uuid) for _, name, uuid in smi}
    visible = os.environ.get("CUDA_VISIBLE_DEVICES")
    entries = [e.strip() for e in visible.split(",") if e.strip()] if visible is not None \
        else [index for index, _, _ in smi]
    gpus = []
    for entry in entries:
        name, uuid = by_index.get(entry) or by_uuid.get(entry) or ("", "")
        if not uuid and entry.startswith("GPU-"):
            uuid = entry
        gpus.append({"visible": entry, "name": name, "uuid": uuid})
    return gpus


def machine_header(bundle):
    """Markdown lines about the host: GPUs, driver, CPUs, date, the CLI's version."""
    smi = command_output(["nvidia-smi", "-L"])
    driver = command_output(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"])
    version = command_output([cli_path(bundle), "--version"])
    lines = ["```", (smi or "nvidia-smi -L: not available\n").rstrip(), "```", ""]
    lines.append(f"- driver: {driver.splitlines()[0].strip() if driver else 'unknown'}")
    lines.append(f"- CPUs: {os.cpu_count()}")
    lines.append(f"- date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M UTC}")
    lines.append(f"- bundle: `{bundle}` ({(version or 'version unknown').strip()})")
    order = os.environ.get("CUDA_DEVICE_ORDER", "PCI_BUS_ID")
    lines.append(f"- CUDA_DEVICE_ORDER={order}")
    return lines


# ---------------------------------------------------------------------------------------------
# Running the CLI


def cli_path(bundle):
    return os.path.join(bundle, "bin", "tunebench-cli")


def seeded_spec(spec, seed, work):
    """A copy of spec whose strategy.seed is seed, its kernel source made absolute."""
    with open(spec) as f:
        document = json.load(f)
    kernel = document.get("kernel", {})
    if "source" in kernel and not os.path.isabs(kernel["source"]):
        kernel["source"] = os.path.abspath(os.path.join(os.path.dirname(spec), kernel["source"]))
    document.setdefault("strategy", {})["seed"] = seed
    path = os.path.join(work, os.path.basename(spec))
    with open(path, "w") as f:
        json.dump(document, f, indent=1)
    return path


def tune_command(args, job, workspace, spec_file):
    """The CLI's argument list for one tune run."""
    command = [cli_path(args.bundle), "--workspace", workspace, "tune", spec_file]
    if args.workers:
        command += ["--workers", str(args.workers)]
    if job["sampled"]:
        command += ["--strategy", "random", "--max-configs", str(args.max_configs)]
    if args.worker_log:
        command.append("--verbose")
    return command


def workers_announced(stdout):
    """The compile workers the CLI started, from its "Tuning ... with N worker(s)" line."""
    match = re.search(r"with (\d+) worker\(s\)", stdout)
    return int(match.group(1)) if match else os.cpu_count()


def read_timestamped(stream, started, lines):
    """Appends (seconds since started, line) for each line of stream until it closes."""
    for line in stream:
        lines.append((time.monotonic() - started, line.rstrip("\n")))


def run_process(command, env, timeout):
    """(exit code, stdout lines as (seconds since start, text), stderr, wall seconds); a run
    past timeout gets SIGTERM (the CLI keeps its results and exits 130), then SIGKILL."""
    started = time.monotonic()
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True)
    out, err = [], []
    readers = [threading.Thread(target=read_timestamped, args=(stream, started, lines))
               for stream, lines in ((process.stdout, out), (process.stderr, err))]
    for reader in readers:
        reader.start()
    note = ""
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        note = f"\n[multigpu.py: stopped after the {timeout} s timeout]"
    for reader in readers:
        reader.join()
    stderr = "\n".join(text for _, text in err) + note
    return process.returncode, out, stderr, time.monotonic() - started


WORKER_READY = re.compile(r"tunebench cuda backend: ready in ([0-9.]+) s: (.*)")


def worker_starts(lines):
    """Each bench worker's start from its "ready in" log line (tune --verbose): when the line
    reached the CLI (s after the CLI started) and the steps it names, {step: seconds}."""
    starts = []
    for at, text in lines:
        match = WORKER_READY.search(text)
        if match:
            steps = dict((name, float(value)) for name, value in
                         re.findall(r"([A-Za-z0-9 ]+?) ([0-9.]+) s(?:, |$)", match.group(2)))
            starts.append({"logged_at": round(at, 3), "seconds": float(match.group(1)),
                           "steps": steps})
    return starts


def write_worker_log(path, shown, lines):
    """Appends the CLI's verbose output, each line stamped with its arrival time."""
    with open(path, "a") as f:
        f.write(f"### {shown}\n")
        f.writelines(f"{at:9.3f} {text}\n" for at, text in lines)


def failed(base, stdout, stderr):
    """The record of a run that failed, after printing the CLI's output tails."""
    print(f"[multigpu] FAILED (exit {base['exit_code']}) after {base['wall_seconds']:.1f} s; "
          f"stderr tail:\n{stderr[-3000:]}\nstdout tail:\n{stdout[-1500:]}", file=sys.stderr)
    return dict(base, ok=False, stderr_tail=stderr[-3000:], stdout_tail=stdout[-1500:])


def tune_once(args, job, gpus, commands):
    """Tunes job["spec"] on gpus in a fresh workspace; returns the run's figures (see summarize)
    with "ok": False and the CLI's tails if it failed. The temporary directory is removed."""
    work = tempfile.mkdtemp(prefix="tb-multigpu-")
    try:
        seeded = job["sampled"] and args.seed is not None
        spec_file = seeded_spec(job["spec"], args.seed, work) if seeded else job["spec"]
        workspace = os.path.join(work, "ws.tbw")
        command = tune_command(args, job, workspace, spec_file)
        visible = ",".join(gpu["visible"] for gpu in gpus)
        env = dict(os.environ, CUDA_VISIBLE_DEVICES=visible)
        env.setdefault("CUDA_DEVICE_ORDER", "PCI_BUS_ID")
        shown = f"CUDA_VISIBLE_DEVICES={visible} " + shlex.join(command)
        if seeded:
            shown += f"  # that spec: {job['spec']} with strategy.seed {args.seed}"
        commands.append(shown)
        print(f"[multigpu] {shown}", file=sys.stderr, flush=True)
        try:
            code, lines, stderr, wall = run_process(command, env, args.timeout)
        except OSError as error:
            code, lines, stderr, wall = None, [], f"cannot start the CLI: {error}", 0.0
        stdout = "\n".join(text for _, text in lines)
        base = {"spec": job["spec"], "sampled": job["sampled"], "gpus": len(gpus),
                "visible": visible, "command": shown, "exit_code": code, "wall_seconds": wall}
        if args.worker_log:
            write_worker_log(args.worker_log, shown, lines)
            base["worker_starts"] = worker_starts(lines)
        if code != 0:
            return failed(base, stdout, stderr)
        try:
            figures = summarize(read_workspace(workspace), wall, gpus,
                                args.workers or workers_announced(stdout))
        except (sqlite3.Error, RuntimeError, ValueError) as error:
            return failed(base, stdout, f"cannot read the workspace: {error}")
        return dict(base, ok=True, **figures)
    finally:
        shutil.rmtree(work, ignore_errors=True)


# ---------------------------------------------------------------------------------------------
# Agreement of medians


def agreement(args, job, gpus, main_runs, commands):
    """Runs A (GPU 0; the main loop's 1-GPU run if there is one), A2 (GPU 0 again) and B (GPU 1)
    and compares their medians."""
    if len(gpus) < 2:
        return {"skipped": "needs 2 GPUs"}
    a = next((r for r in main_runs if r["ok"] and r["gpus"] == 1
              and r["visible"] == gpus[0]["visible"]), None)
    if a is None:
        a = tune_once(args, job, gpus[:1], commands)
        a["role"] = "agreement A"
    a2 = dict(tune_once(args, job, gpus[:1], commands), role="agreement A2")
    b = dict(tune_once(args, job, gpus[1:2], commands), role="agreement B")
    report = {"spec": job["spec"], "runs": {"A": a, "A2": a2, "B": b}}
    if a["ok"] and a2["ok"]:
        report["run_to_run"] = ratio_stats(a["medians"], a2["medians"])
    if a["ok"] and b["ok"]:
        report["cross_gpu"] = ratio_stats(a["medians"], b["medians"])
    return report


# ---------------------------------------------------------------------------------------------
# Main


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n", 1)[1])
    parser.add_argument("--bundle", required=True, help="unpacked bundle (has bin/tunebench-cli)")
    parser.add_argument("--gpus", help="GPU counts to try, e.g. 1,2,4 (default: 1, 2 and 4, as "
                        "many as the host has)")
    parser.add_argument("--spec", action="append", default=[],
                        help=f"spec tuned with its own strategy (repeatable; default "
                        f"{DEFAULT_SPEC} if no --sampled-spec either)")
    parser.add_argument("--sampled-spec", action="append", default=[],
                        help="spec tuned with --strategy random --max-configs N (repeatable)")
    parser.add_argument("--max-configs", type=int, default=1000,
                        help="for --sampled-spec: configurations per problem size")
    parser.add_argument("--seed", type=int, help="for --sampled-spec: the strategy's seed "
                        "(default: the spec's)")
    parser.add_argument("--workers", type=int, default=0,
                        help="compile workers (default: the CLI's own choice, 8 per GPU, at "
                             "least 16, at most one per core)")
    parser.add_argument("--agreement", action="store_true",
                        help="also compare medians: GPU 0 twice, GPU 1 once (first spec)")
    parser.add_argument("--label", default="", help="names this bundle, e.g. before / after")
    parser.add_argument("--out", help="markdown report (appended to)")
    parser.add_argument("--raw", help="JSON lines, one per tune run (appended to)")
    parser.add_argument("--timeout", type=int, default=3600, help="seconds per tune run")
    parser.add_argument("--worker-log", help="tune --verbose, and append the CLI's output, "
                        "each line stamped with its arrival, to this file; the raw records get "
                        "each bench worker's start (its \"ready in\" line)")
    parser.add_argument("--dry-workspace", help="debug: run nothing, report this workspace's "
                        "latest run as a 1-GPU run")
    args = parser.parse_args(argv)
    args.label = args.label or os.path.basename(os.path.normpath(args.bundle))
    return args


def gpu_counts(args, available):
    if args.gpus:
        wanted = [int(n) for n in args.gpus.split(",") if n.strip()]
    else:
        wanted = [n for n in (1, 2, 4) if n <= available]
    for n in (n for n in wanted if n > available):
        print(f"[multigpu] skipping {n} GPUs: the host has {available}", file=sys.stderr)
    return [n for n in wanted if 1 <= n <= available]


def jobs_of(args):
    jobs = [{"spec": s, "sampled": False} for s in args.spec]
    jobs += [{"spec": s, "sampled": True} for s in args.sampled_spec]
    return jobs or [{"spec": DEFAULT_SPEC, "sampled": False}]


def write_raw(path, label, record):
    if path:
        with open(path, "a") as f:
            f.write(json.dumps(dict(record, label=label), sort_keys=True) + "\n")


def dry_run(args, job):
    """The --dry-workspace run: that workspace as a 1-GPU run."""
    ws = read_workspace(args.dry_workspace)
    wall = ws["stored_wall"] or 0.0
    gpus = host_gpus()[:1] or [{"visible": "-", "name": "", "uuid": ""}]
    figures = summarize(ws, wall, gpus, args.workers or os.cpu_count())
    return dict(figures, ok=True, spec=args.dry_workspace, sampled=job["sampled"], gpus=1,
                visible=gpus[0]["visible"], exit_code=0,
                command=f"(dry) read {args.dry_workspace}")


def main(argv=None):
    args = parse_args(argv)
    gpus = host_gpus()
    header = machine_header(args.bundle)
    commands, sections = [], []
    jobs = jobs_of(args)
    if args.dry_workspace:
        jobs = [{"spec": args.dry_workspace, "sampled": False}]
        all_runs = {0: [dry_run(args, jobs[0])]}
        commands.append(all_runs[0][0]["command"])
    else:
        counts = gpu_counts(args, len(gpus))
        if not counts:
            print("[multigpu] no GPU count to run (no GPU found?)", file=sys.stderr)
            return 1
        all_runs = {i: [tune_once(args, job, gpus[:n], commands) for n in counts]
                    for i, job in enumerate(jobs)}
    for i, job in enumerate(jobs):
        compare_runs(all_runs[i])
        for run in all_runs[i]:
            write_raw(args.raw, args.label, {k: v for k, v in run.items() if k != "medians"})
        sections += spec_section(args.label, job, all_runs[i], args.max_configs, args.seed)
    checked = [r for runs in all_runs.values() for r in runs]
    if args.agreement and not args.dry_workspace:
        result = agreement(args, jobs[0], gpus, all_runs[0], commands)
        extra = [r for name, r in result.get("runs", {}).items() if r.get("role")]
        checked += extra
        for run in extra:
            write_raw(args.raw, args.label, {k: v for k, v in run.items() if k != "medians"})
        summary = {k: v for k, v in result.items() if k != "runs"}
        write_raw(args.raw, args.label, dict(summary, role="agreement summary"))
        sections += agreement_section(args.label, result)
    sections += device_section(args.label, checked)
    text = report(args, header, commands, sections)
    print(text)
    if args.out:
        with open(args.out, "a") as f:
            f.write(text + "\n")
    return 0 if all(r["ok"] for r in checked) else 1


if __name__ == "__main__":
    sys.exit(main())
