#!/usr/bin/env python3
"""Checks the kernels of bench/spaces against an independent reference on a GPU, without Tunebench.

For a spec (gemm/gemm.json or conv2d/conv2d.json) it enumerates the valid configurations (the
spec's constraints, evaluated in Python: the count must match `tunebench-cli validate`), compiles
a sample of them (or all) with nvcc -cubin in parallel, runs each once on an output poisoned with
NaN and compares it with a float64 reference computed by CuPy (cuBLAS DGEMM for the GEMM, a
shifted-sum convolution for conv2d), and with the spec's reference configuration bit for bit.
Then it times each configuration (CUDA events, median of a few launches) so that the brute
force's duration can be estimated.

    python3 bench/spaces/check_cupy.py bench/spaces/gemm/gemm.json --sample 300 --out gemm.jsonl
    python3 bench/spaces/check_cupy.py bench/spaces/conv2d/conv2d.json --sample 0   # all

Needs nvcc, CuPy and a GPU (the GPU node's image has them). Exit status 1 when any configuration
failed to compile, launch or verify.
"""
import argparse
import itertools
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor


def python_expression(text):
    text = re.sub(r"&&", " and ", text)
    text = re.sub(r"\|\|", " or ", text)
    return compile(text, text, "eval")


def valid_configurations(spec):
    names = [p["name"] for p in spec["parameters"]]
    values = [p["values"] for p in spec["parameters"]]
    size = {k: float(v) for k, v in spec["problem_sizes"][0].items()}
    constraints = [python_expression(c) for c in spec.get("constraints", [])]
    result = []
    for combo in itertools.product(*values):
        env = dict(size)
        env.update({n: float(v) for n, v in zip(names, combo)})
        if all(eval(c, {}, env) for c in constraints):
            result.append(dict(zip(names, combo)))
    return result


def evaluate(expression, config, size):
    env = {k: float(v) for k, v in size.items()}
    env.update({k: float(v) for k, v in config.items()})
    value = eval(python_expression(str(expression)), {}, env)
    assert abs(value - round(value)) < 1e-9, (expression, value)
    return int(round(value))


def compile_one(source, arch, config, directory, index):
    cubin = os.path.join(directory, f"k{index}.cubin")
    command = ["nvcc", f"-arch={arch}", "-std=c++17", "-cubin", "-Xptxas=-v", "-o", cubin, source]
    command += [f"-D{k}={v}" for k, v in config.items()]
    start = time.time()
    run = subprocess.run(command, capture_output=True, text=True)
    seconds = time.time() - start
    registers = re.search(r"Used (\d+) registers", run.stderr)
    spills = re.search(r"(\d+) bytes spill stores", run.stderr)
    return {
        "cubin": cubin if run.returncode == 0 else None,
        "compile_s": round(seconds, 3),
        "registers": int(registers.group(1)) if registers else None,
        "spill_stores": int(spills.group(1)) if spills else None,
        "error": run.stderr[-2000:] if run.returncode else None,
    }


class Gemm:
    def __init__(self, cp, size):
        self.cp = cp
        M, N, K = size["M"], size["N"], size["K"]
        rng = cp.random.default_rng(1)
        self.A = rng.uniform(-1, 1, (M, K), dtype=cp.float64).astype(cp.float32)
        self.B = rng.uniform(-1, 1, (K, N), dtype=cp.float64).astype(cp.float32)
        self.C = cp.empty((M, N), dtype=cp.float32)
        self.expected = self.A.astype(cp.float64) @ self.B.astype(cp.float64)
        self.M, self.N, self.K = M, N, K

    def prepare(self, module):
        pass

    def args(self):
        cp = self.cp
        return (cp.int32(self.M), cp.int32(self.N), cp.int32(self.K), self.A, self.B, self.C)

    def output(self):
        return self.C


class Conv2d:
    def __init__(self, cp, size):
        self.cp = cp
        W, H = size["W"], size["H"]
        rng = cp.random.default_rng(1)
        self.input = rng.uniform(-1, 1, (H + 6, W + 6), dtype=cp.float64).astype(cp.float32)
        self.filter = rng.uniform(-1, 1, (7, 7), dtype=cp.float64).astype(cp.float32)
        self.out = cp.empty((H, W), dtype=cp.float32)
        x = self.input.astype(cp.float64)
        f = self.filter.astype(cp.float64)
        expected = cp.zeros((H, W), dtype=cp.float64)
        for i in range(7):
            for j in range(7):
                expected += x[i:i + H, j:j + W] * f[i, j]
        self.expected = expected
        self.W, self.H = W, H

    def prepare(self, module):
        symbol = module.get_global("filter")
        symbol.copy_from_device(self.filter.data, self.filter.nbytes)

    def args(self):
        cp = self.cp
        return (self.out, self.input, cp.int32(self.W), cp.int32(self.H))

    def output(self):
        return self.out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("spec")
    parser.add_argument("--sample", type=int, default=200, help="configurations to check; 0: all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--arch", default="sm_90")
    parser.add_argument("--repeats", type=int, default=5, help="timed launches per configuration")
    parser.add_argument("--expect-count", type=int, default=0, help="fail unless this many are valid")
    parser.add_argument("--out", help="write one JSON line per configuration here")
    options = parser.parse_args()

    import cupy as cp

    spec = json.load(open(options.spec))
    source = os.path.join(os.path.dirname(os.path.abspath(options.spec)), spec["kernel"]["source"])
    size = spec["problem_sizes"][0]
    configs = valid_configurations(spec)
    print(f"{options.spec}: {len(configs)} valid configurations", flush=True)
    if options.expect_count and len(configs) != options.expect_count:
        print(f"expected {options.expect_count}", flush=True)
        return 1
    reference = spec["verification"]["reference"]
    rtol = spec["verification"].get("rtol", 1e-5)
    atol = spec["verification"].get("atol", 1e-8)
    chosen = list(configs)
    if options.sample:
        random.Random(options.seed).shuffle(chosen)
        chosen = chosen[:options.sample]
    chosen = [reference] + [c for c in chosen if c != reference]

    directory = tempfile.mkdtemp(prefix="tb-check-")
    start = time.time()
    with ThreadPoolExecutor(options.jobs) as pool:
        builds = list(pool.map(lambda ic: compile_one(source, options.arch, ic[1], directory, ic[0]),
                               enumerate(chosen)))
    print(f"compiled {len(chosen)} in {time.time() - start:.1f} s with {options.jobs} jobs "
          f"(median {statistics.median(b['compile_s'] for b in builds):.2f} s each)", flush=True)

    problem = (Gemm if "M" in size else Conv2d)(cp, size)
    launch = spec["launch"]
    failures = 0
    reference_output = None
    rows = []
    out = open(options.out, "w") if options.out else None
    for index, (config, build) in enumerate(zip(chosen, builds)):
        row = {"config": config, **{k: v for k, v in build.items() if k != "cubin"}}
        try:
            if build["error"]:
                raise RuntimeError("compile: " + build["error"])
            grid = tuple(evaluate(e, config, size) for e in launch["grid"])
            block = tuple(evaluate(e, config, size) for e in launch["block"])
            shared = evaluate(launch.get("shared_memory", "0"), config, size)
            module = cp.RawModule(path=build["cubin"])
            kernel = module.get_function(spec["kernel"]["entry"])
            if shared > 48 * 1024:
                kernel.max_dynamic_shared_size_bytes = shared
            problem.prepare(module)
            result = problem.output()
            result.fill(cp.nan)
            kernel(grid, block, problem.args(), shared_mem=shared)
            cp.cuda.Device().synchronize()
            got = result.astype(cp.float64)
            error = cp.abs(got - problem.expected)
            row["max_abs_error"] = float(cp.nan_to_num(error, nan=cp.inf).max())
            # A wrong index gives errors of the order of the values; FP32 rounding, ~1e-7 of
            # them times sqrt(terms).
            scale = float(cp.abs(problem.expected).max())
            row["ok_vs_float64"] = bool(cp.all(cp.isfinite(got))) and \
                row["max_abs_error"] <= 1e-4 * scale
            if index == 0:
                reference_output = result.copy()
                row["bitwise_vs_reference"] = True
            else:
                row["bitwise_vs_reference"] = bool(cp.array_equal(result, reference_output))
                row["within_spec_tolerance"] = bool(cp.all(
                    cp.abs(result - reference_output) <= atol + rtol * cp.abs(reference_output)))
            # Timing: one warm-up, then `repeats` launches, each timed with events.
            kernel(grid, block, problem.args(), shared_mem=shared)
            times = []
            for _ in range(options.repeats):
                begin, end = cp.cuda.Event(), cp.cuda.Event()
                begin.record()
                kernel(grid, block, problem.args(), shared_mem=shared)
                end.record()
                end.synchronize()
                times.append(cp.cuda.get_elapsed_time(begin, end) / 1e3)
            row["median_s"] = statistics.median(times)
            ok = row["ok_vs_float64"] and row.get("within_spec_tolerance", True)
            row["status"] = "ok" if ok else "wrong"
        except Exception as exc:  # compile, launch or CUDA error
            row["status"] = "error"
            row["error"] = str(exc)[-2000:]
        if row["status"] != "ok":
            failures += 1
            print("FAIL", json.dumps(row), flush=True)
        rows.append(row)
        if out:
            out.write(json.dumps(row) + "\n")
    if out:
        out.close()
    shutil.rmtree(directory, ignore_errors=True)
    good = [r for r in rows if r["status"] == "ok"]
    print(f"checked {len(rows)}: {len(good)} ok, {failures} failed; "
          f"bitwise equal to the reference: {sum(r.get('bitwise_vs_reference', False) for r in rows)}; "
          f"max abs error vs float64: {max((r['max_abs_error'] for r in good), default=0):.3g}")
    if good:
        times = sorted(r["median_s"] for r in good)
        print("kernel time s: min %.3g  median %.3g  p90 %.3g  max %.3g" % (
            times[0], times[len(times) // 2], times[int(len(times) * 0.9)], times[-1]))
        m = spec.get("measurement", {})
        floor, cap, samples = (m.get("min_seconds_per_config", 0.01),
                               m.get("max_seconds_per_config", 2.0), m.get("min_samples", 5))
        # Sampling time per configuration: at least min_samples and min_seconds, at most the cap
        # unless min_samples needs longer; plus the warm-up/verification launches.
        per = [max(min(max(floor, samples * t), cap), samples * t) + 2 * t for t in times]
        print("estimated sampling time per configuration: mean %.3f s; over the whole space "
              "(%d configurations): %.0f s of GPU time, before per-configuration overheads" % (
                  statistics.mean(per), len(configs), statistics.mean(per) * len(configs)))
        best = min(good, key=lambda r: r["median_s"])
        print("fastest:", best["config"], "%.3g s" % best["median_s"])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
