#!/usr/bin/env python3
"""How long a run's workers take to start, alone and side by side (issue 23).

A multi-GPU run gave its first result later on 4 GPUs than on 1 (5.4 s against 2.6 s). This
script starts the workers of a run by hand, speaking the worker protocol as a supervisor does,
and times each one from its start to its hello, to its ready, and (compile workers) to the
answer of its first job, in several arrangements:

  bench-only        N CUDA bench workers (one per GPU) alone
  compile-only      C NVRTC compile workers alone, each compiling one configuration
  together          both at once (what a run does today)
  bench-then-compile  the bench workers first, the compile workers once every bench worker is
                    ready

Each arrangement gets a fresh, empty build cache (a run's cold start). A bench worker's own
"ready in" log line names its slow step (driver, CUPTI, context, ...). Standard library only.

Run on the GPU node from the repository root, with the bundle unpacked at /tmp/b/tunebench:
  python3 bench/cuda/workerstart.py --bundle /tmp/b/tunebench --gpus 1,4 --compile 16,32 \\
      --out start.md
"""
import argparse
import itertools
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time

DEFAULT_SPEC = "resources/examples/sgemm/sgemm.json"
READY_LINE = re.compile(r"ready in ([0-9.]+) s: (.*)")


class Worker:
    """One tunebench-worker process and the times (s since the arrangement began) it reached
    each step."""

    def __init__(self, bundle, role, cache, began, gpu=None):
        env = dict(os.environ)
        if gpu is not None:
            env["CUDA_VISIBLE_DEVICES"] = gpu
        self.role, self.gpu, self.began = role, gpu, began
        self.times, self.log, self.buffer = {}, [], b""
        self.process = subprocess.Popen(
            [os.path.join(bundle, "bin", "tunebench-worker"), "--role", role, "--cache-dir",
             cache], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=env)
        self.times["started"] = time.monotonic() - began

    def send(self, message):
        self.process.stdin.write((json.dumps(message) + "\n").encode())
        self.process.stdin.flush()

    def read_frames(self):
        """The frames that arrived, as dicts (never blocks: called after select)."""
        chunk = os.read(self.process.stdout.fileno(), 1 << 20)
        if not chunk:
            raise RuntimeError(f"{self.role} worker exited: {self.process.wait()}; "
                               f"log: {self.log[-5:]}")
        self.buffer += chunk
        *lines, self.buffer = self.buffer.split(b"\n")
        return [json.loads(line) for line in lines if line.strip()]

    def read_log(self):
        chunk = os.read(self.process.stderr.fileno(), 1 << 20)
        self.log += chunk.decode(errors="replace").splitlines()

    def stamp(self, step):
        self.times[step] = time.monotonic() - self.began

    def ready_steps(self):
        for line in self.log:
            match = READY_LINE.search(line)
            if match:
                return match.group(0)
        return ""

    def close(self):
        try:
            self.send({"type": "shutdown"})
            self.process.wait(timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()


def valid_configurations(spec):
    """The spec's configurations that pass its constraints for its first size (Python's
    evaluation of the C-like constraints; enough for the SGEMM example's)."""
    names = [p["name"] for p in spec["parameters"]]
    size = spec["problem_sizes"][0]
    checks = [c.replace("&&", " and ").replace("||", " or ") for c in spec["constraints"]]
    found = []
    for values in itertools.product(*(p["values"] for p in spec["parameters"])):
        scope = dict(size, **dict(zip(names, values)))
        if all(eval(check, {}, scope) for check in checks):  # noqa: S307 (our own spec)
            found.append(list(values))
    return found


def pump(workers, until, timeout=120):
    """Reads every worker's frames and log until until() is true."""
    deadline = time.monotonic() + timeout
    while not until():
        if time.monotonic() > deadline:
            raise RuntimeError("timed out")
        streams = {}
        for worker in workers:
            streams[worker.process.stdout.fileno()] = (worker, "out")
            streams[worker.process.stderr.fileno()] = (worker, "err")
        readable, _, _ = select.select(list(streams), [], [], 0.5)
        for fd in readable:
            worker, kind = streams[fd]
            if kind == "err":
                worker.read_log()
                continue
            for frame in worker.read_frames():
                on_frame(worker, frame)


def on_frame(worker, frame):
    kind = frame.get("type")
    if kind == "hello":
        worker.stamp("hello")
        worker.send(worker.setup)
    elif kind == "ready":
        worker.stamp("ready")
        if worker.job:
            worker.send(worker.job)
    elif kind == "setup_failed":
        raise RuntimeError(f"setup failed: {frame}")
    elif kind == "job_result":
        worker.stamp("first_result")
        status = frame.get("result", {}).get("status")
        if status != "ok":
            raise RuntimeError(f"{worker.role} job answered {status}: {frame}")


def start(bundle, role, count, cache, began, setup, jobs, gpus=None):
    workers = []
    for i in range(count):
        worker = Worker(bundle, role, cache, began, gpus[i] if gpus else None)
        worker.setup = setup
        worker.job = jobs[i] if jobs else None
        workers.append(worker)
    return workers


def arrangement(args, name, bench_count, compile_count, spec_text, configs):
    cache = tempfile.mkdtemp(prefix="tb-start-")
    setup = {"type": "setup", "specDocument": spec_text,
             "baseDirectory": os.path.dirname(os.path.abspath(args.spec)),
             "cacheDirectory": cache}
    jobs = [{"type": "job", "id": 1, "values": configs[i % len(configs)], "sizeIndex": 0}
            for i in range(compile_count)]
    gpus = [str(i) for i in range(bench_count)]
    began = time.monotonic()
    bench, compilers = [], []
    try:
        if bench_count:
            bench = start(args.bundle, "cuda", bench_count, cache, began, setup, None, gpus)
        if name == "bench-then-compile":
            pump(bench, lambda: all("ready" in w.times for w in bench))
        if compile_count:
            compilers = start(args.bundle, "cuda-compile", compile_count, cache, began, setup,
                              jobs)
        everyone = bench + compilers
        pump(everyone, lambda: all("ready" in w.times for w in bench)
             and all("first_result" in w.times for w in compilers))
    finally:
        for worker in bench + compilers:
            worker.close()
        shutil.rmtree(cache, ignore_errors=True)
    return {"arrangement": name, "bench": bench_count, "compile": compile_count,
            "bench_ready": [round(w.times["ready"], 3) for w in bench],
            "bench_hello": [round(w.times["hello"], 3) for w in bench],
            "bench_steps": [w.ready_steps() for w in bench],
            "compile_first_result": sorted(round(w.times["first_result"], 3)
                                           for w in compilers)}


def summary_row(record):
    ready = record["bench_ready"]
    compiled = record["compile_first_result"]
    first = lambda values: f"{min(values):.2f}" if values else "-"  # noqa: E731
    last = lambda values: f"{max(values):.2f}" if values else "-"  # noqa: E731
    return (f"| {record['arrangement']} | {record['bench']} | {record['compile']} | "
            f"{first(ready)} | {last(ready)} | {first(compiled)} | {last(compiled)} |")


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n", 1)[1])
    parser.add_argument("--bundle", required=True, help="unpacked bundle (bin/tunebench-worker)")
    parser.add_argument("--spec", default=DEFAULT_SPEC, help="a CUDA spec (default: %(default)s)")
    parser.add_argument("--gpus", default="1,4", help="bench worker counts, e.g. 1,4")
    parser.add_argument("--compile", default="16,32",
                        help="compile worker counts, one per --gpus entry, e.g. 16,32")
    parser.add_argument("--repeat", type=int, default=2, help="times each arrangement runs")
    parser.add_argument("--out", help="markdown table (appended to)")
    parser.add_argument("--raw", help="JSON lines (appended to)")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    with open(args.spec) as f:
        spec_text = f.read()
    configs = valid_configurations(json.loads(spec_text))
    gpu_counts = [int(n) for n in args.gpus.split(",")]
    compile_counts = [int(n) for n in args.compile.split(",")]
    records = []
    for bench_count, compile_count in zip(gpu_counts, compile_counts):
        for _ in range(args.repeat):
            for name, b, c in (("bench-only", bench_count, 0),
                               ("compile-only", 0, compile_count),
                               ("together", bench_count, compile_count),
                               ("bench-then-compile", bench_count, compile_count)):
                record = arrangement(args, name, b, c, spec_text, configs)
                records.append(record)
                print(json.dumps(record), file=sys.stderr, flush=True)
    lines = ["| arrangement | bench workers | compile workers | first bench ready s | "
             "last bench ready s | first compile done s | last compile done s |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    lines += [summary_row(r) for r in records]
    text = "\n".join(lines)
    print(text)
    if args.out:
        with open(args.out, "a") as f:
            f.write(text + "\n")
    if args.raw:
        with open(args.raw, "a") as f:
            f.writelines(json.dumps(r) + "\n" for r in records)
    return 0


if __name__ == "__main__":
    sys.exit(main())
