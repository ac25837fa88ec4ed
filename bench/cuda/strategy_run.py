#!/usr/bin/env python3
"""Real tuning runs on a GPU: brute force with and without early exit, then search strategies
against brute force's best (issue 19, items 2 and 6).

1. Brute force of SPEC as written (early exit at its default) and, per --variant, with
   measurement fields overridden (e.g. early_exit_factor=0: off): wall time, the GPU's
   measuring time (sum of the results' bench_seconds), results that stopped early, the best
   configuration and its median.
2. Each --strategy x --seed: `tune --strategy S --max-configs N` with the spec's seed set; the
   evaluations (in storage order, failures included) and the seconds since the run started at
   which the best so far first came within --within of brute force's best median, the best
   found, and the wall time.

Each run in a fresh temporary workspace (cold build cache). GPU 0 only. Standard library only.
Run on the GPU node from the repository root, with the bundle unpacked at /tmp/b/tunebench:

  python3 bench/cuda/strategy_run.py --bundle /tmp/b/tunebench \\
      --spec bench/spaces/gemm/gemm.json --variant early_exit_factor=0 \\
      --strategy random --strategy elitist_evolution --seeds 1,2 --out strategy_run.md
"""
import argparse
import json
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from multigpu import run_process  # noqa: E402
from multigpu_workspace import read_workspace  # noqa: E402


def spec_copy(spec, work, strategy=None, measurement=None):
    """The spec rewritten into `work` (kernel source made absolute) with overrides."""
    with open(spec) as f:
        document = json.load(f)
    kernel = document.get("kernel", {})
    if "source" in kernel and not os.path.isabs(kernel["source"]):
        kernel["source"] = os.path.join(os.path.dirname(os.path.abspath(spec)), kernel["source"])
    document.setdefault("strategy", {}).update(strategy or {})
    document.setdefault("measurement", {}).update(measurement or {})
    path = os.path.join(work, os.path.basename(spec))
    with open(path, "w") as f:
        json.dump(document, f, indent=1)
    return path


def tune(args, spec_file, extra):
    """Tunes in a fresh workspace; returns (read workspace, wall seconds, CLI output)."""
    work = os.path.dirname(spec_file)
    workspace = os.path.join(work, "ws.tbw")
    command = [os.path.join(args.bundle, "bin", "tunebench-cli"), "--workspace", workspace,
               "tune", spec_file] + extra
    env = dict(os.environ, CUDA_VISIBLE_DEVICES=os.environ.get("CUDA_VISIBLE_DEVICES", "0"))
    code, lines, stderr, wall = run_process(command, env, args.timeout)
    output = "\n".join(text for _, text in lines)
    if code != 0:
        raise RuntimeError(f"{' '.join(command)} exited {code}:\n{stderr[-2000:]}\n{output[-2000:]}")
    return read_workspace(workspace), wall, output


def ok_results(ws):
    return [r for r in ws["results"] if r["status"] == "ok" and r["median"]]


def brute_row(label, ws, wall):
    ok = ok_results(ws)
    best = min(ok, key=lambda r: r["median"])
    return {"variant": label, "wall_s": wall, "results": len(ws["results"]),
            "bench_s": sum(r["bench_seconds"] or 0 for r in ws["results"]),
            "stopped_early": sum(1 for r in ws["results"] if r.get("stopped_early")),
            "best": best["key"], "best_median_s": best["median"]}


def strategy_row(strategy, seed, ws, wall, optimum, within):
    best_so_far, reached = None, None
    for index, result in enumerate(ws["results"], start=1):
        if result["status"] != "ok" or not result["median"]:
            continue
        if best_so_far is None or result["median"] < best_so_far["median"]:
            best_so_far = result
        if reached is None and result["median"] <= optimum * (1 + within):
            reached = (index, result["at"])
    return {"strategy": strategy, "seed": seed, "evaluations": len(ws["results"]),
            "wall_s": wall, "best": best_so_far["key"] if best_so_far else "-",
            "fraction": optimum / best_so_far["median"] if best_so_far else 0,
            "evals_to_within": reached[0] if reached else None,
            "seconds_to_within": reached[1] if reached else None}


def report(args, brutes, strategies):
    optimum = brutes[0]["best_median_s"]
    lines = [f"Spec `{args.spec}`, GPU 0 (CUDA_VISIBLE_DEVICES="
             f"{os.environ.get('CUDA_VISIBLE_DEVICES', '0')}).", "",
             "| brute force | wall s | results | GPU measuring s | stopped early | best | median |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for b in brutes:
        lines.append(f"| {b['variant']} | {b['wall_s']:.1f} | {b['results']} | {b['bench_s']:.1f} | "
                     f"{b['stopped_early']} | `{b['best']}` | {b['best_median_s'] * 1e3:.4f} ms |")
    lines += ["", f"Strategies, {args.max_configs} evaluations each; *to within* = the first "
              f"evaluation (and seconds since the run started) at which the best so far was "
              f"within {args.within:.0%} of brute force's best ({optimum * 1e3:.4f} ms):", "",
              "| strategy | seed | evaluations | wall s | fraction of brute force's best | "
              "evaluations to within | seconds to within | best |",
              "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for s in strategies:
        to_e = s["evals_to_within"] if s["evals_to_within"] is not None else "never"
        to_s = f"{s['seconds_to_within']:.1f}" if s["seconds_to_within"] is not None else "-"
        lines.append(f"| {s['strategy']} | {s['seed']} | {s['evaluations']} | {s['wall_s']:.1f} | "
                     f"{s['fraction']:.4f} | {to_e} | {to_s} | `{s['best']}` |")
    return "\n".join(lines)


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n", 1)[1])
    parser.add_argument("--bundle", required=True)
    parser.add_argument("--spec", required=True)
    parser.add_argument("--variant", action="append", default=[],
                        help="brute force again with measurement.NAME=VALUE (repeatable)")
    parser.add_argument("--strategy", action="append", default=[])
    parser.add_argument("--seeds", default="1")
    parser.add_argument("--max-configs", type=int, default=400)
    parser.add_argument("--within", type=float, default=0.01)
    parser.add_argument("--timeout", type=int, default=1800)
    parser.add_argument("--out", help="markdown (appended to)")
    parser.add_argument("--raw", help="JSON lines (appended to)")
    return parser.parse_args(argv)


def in_fresh_directory(function):
    work = tempfile.mkdtemp(prefix="tb-strategy-")
    try:
        return function(work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main(argv=None):
    args = parse_args(argv)
    brutes, strategies = [], []
    variants = [("as written", {})]
    for text in args.variant:
        name, value = text.split("=", 1)
        variants.append((text, {name: json.loads(value)}))
    for label, measurement in variants:
        def run(work, label=label, measurement=measurement):
            spec = spec_copy(args.spec, work, {"name": "brute_force"}, measurement)
            ws, wall, _ = tune(args, spec, [])
            return brute_row(label, ws, wall)
        brutes.append(in_fresh_directory(run))
        print(json.dumps(brutes[-1]), file=sys.stderr, flush=True)
    for strategy in args.strategy:
        for seed in [int(s) for s in args.seeds.split(",")]:
            def run(work, strategy=strategy, seed=seed):
                spec = spec_copy(args.spec, work, {"name": strategy, "seed": seed})
                ws, wall, _ = tune(args, spec, ["--max-configs", str(args.max_configs)])
                return strategy_row(strategy, seed, ws, wall, brutes[0]["best_median_s"],
                                    args.within)
            strategies.append(in_fresh_directory(run))
            print(json.dumps(strategies[-1]), file=sys.stderr, flush=True)
    text = report(args, brutes, strategies)
    print(text)
    if args.out:
        with open(args.out, "a") as f:
            f.write(text + "\n")
    if args.raw:
        with open(args.raw, "a") as f:
            f.writelines(json.dumps(r) + "\n" for r in brutes + strategies)
    return 0


if __name__ == "__main__":
    sys.exit(main())
