#!/usr/bin/env python3
"""Replay Kernel Tuner's search strategies on recorded spaces (Kernel Tuner cache files).

Runs every (space, strategy, seed) with Kernel Tuner's simulation mode and appends one JSON line
per run to --out, in the format shared with Tunebench's `replay-bench`:

  {"space": "<file stem>", "tool": "kernel_tuner", "strategy": "<name>", "seed": <int>,
   "mode": "mean", "trace": [[observed_s_or_null, true_mean_s_or_null], ...]}

The trace lists, in evaluation order, every configuration Kernel Tuner evaluated and charged to
its budget (see "How Kernel Tuner counts fevals" below); null marks a configuration that failed
(its cache entry holds "RuntimeFailedConfig", "CompilationFailedConfig", ...). Seconds (the cache
holds milliseconds). Kernel Tuner's simulation replays the recorded mean (`time`), so observed ==
true mean and mode is always "mean".

Resumable: runs whose (space, tool, strategy, seed, mode) already has a line in --out are skipped.
A run that raises or exceeds --run-timeout is logged to <out>.errors.jsonl (not to --out) and is
retried on the next invocation.

What simulation mode needs (Kernel Tuner 1.5.0; see README.md):
  * `cache=` a path to an *uncompressed* JSON cache file; Kernel Tuner appends ".json" to the
    name if missing and cannot read gzip, so each space is decompressed once into a temporary
    directory. With simulation_mode=True the file is opened read-only (read_cache(open_cache=False)).
  * kernel_name, problem_size and the tune_params (same keys, same order) must match the cache's
    `kernel_name`, `problem_size`, `tune_params_keys`/`tune_params`; kernel_source may be "" and
    arguments [] (nothing is compiled). This is what kernel_tuner.interface.tune_cache() infers.
  * every configuration of the search space must be in the cache, otherwise the simulation runner
    raises ValueError. The cache files do not carry the original restrictions, so we pass one
    restriction: "the configuration is a key of the cache". Unlike tune_cache(), which drops the
    failed configurations from the space, we keep them: the search space is what a real tuning run
    would have had (restrictions known up front), and configurations that failed to compile or run
    are discovered by evaluating them, and charged, as on the GPU.

How Kernel Tuner counts fevals (kernel_tuner/runners/simulation.py, util.TuningBudget):
  * one feval = the first evaluation of a configuration that reaches the runner, *including*
    configurations whose recorded result is a failure (RuntimeFailedConfig etc.): they cost a
    feval, as on real hardware ("every evaluation including invalid ones" = Kernel Tuner's way);
  * a configuration asked for again is served from the cache and is NOT counted again (and is
    not in our trace);
  * a configuration rejected by the restrictions before reaching the runner (strategies that move
    in a continuous space and snap to a point outside the restricted space) is NOT counted and
    not in our trace;
  * max_fevals is capped at the search-space size. brute_force does not accept max_fevals; it is
    run unbounded and its trace cut at --budget (it enumerates the sorted space: deterministic).
  * Some strategies stop before the budget (e.g. minimize, basinhopping converge); their trace is
    then shorter than --budget; report.py scores such a run by its best configuration for every
    later count.

Seeds: before each run Python's `random` and numpy's global RNG are seeded with the run's seed and
tune_kernel(seed=seed) is passed (only the pymoo strategies, nsga2/nsga3, read it). Kernel Tuner's
strategies draw from those global RNGs; which ones are reproducible was checked by running each
twice with the same seed (`--check-determinism`; result in README.md).
"""

import argparse
import contextlib
import io
import json
import lzma
import os
import random
import signal
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path

# One reader of the run and space files for both scripts (this folder is on sys.path when run).
from report import load_runs, open_text, run_key, space_stem

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
DEFAULT_SPACE_DIRS = [Path("/work/shared/spaces/benchmark_hub"), REPO / "bench" / "spaces"]

# Every strategy of kernel_tuner.interface._STRATEGY_IMPORTS (1.5.0), plus a few variants named
# "strategy:option=value" (extra strategy_options).
ALL_STRATEGIES = [
    "brute_force", "random_sample", "minimize", "basinhopping", "diff_evo", "genetic_algorithm",
    "greedy_mls", "ordered_greedy_mls", "greedy_ils", "dual_annealing", "mls", "pso",
    "simulated_annealing", "skopt", "firefly_algorithm", "bayes_opt", "pyatf_strategies",
    "hybrid_vndx", "adaptive_tabu_greywolf", "nsga2", "nsga3",
]
# Not run by default (README.md says why): skopt takes ~8 minutes a run on a 4,362-configuration
# space and its default acquisition (gp_hedge) fails with "pvals < 0, pvals > 1 or pvals contains
# NaNs"; `skopt:acq_func=EI` works. pyatf_strategies fails with the PyPI pyATF (0.0.13): Kernel
# Tuner 1.5.0 calls pyatf.TP with 4 arguments and passes our restriction object to
# inspect.getsource.
NOT_BY_DEFAULT = ["skopt", "pyatf_strategies"]
DEFAULT_STRATEGIES = [s for s in ALL_STRATEGIES if s not in NOT_BY_DEFAULT]


def log(*a):
    print(time.strftime("%H:%M:%S"), *a, file=sys.stderr, flush=True)




def is_kt_cache(path):
    """True if the file is a Kernel Tuner cache file (not e.g. the T4 format)."""
    try:
        with open_text(path) as f:
            head = f.read(4096)
    except OSError:
        return False
    return '"tune_params_keys"' in head or '"cache"' in head and '"kernel_name"' in head


def find_spaces(args_spaces):
    out = []
    items = args_spaces or [str(d) for d in DEFAULT_SPACE_DIRS]
    for item in items:
        p = Path(item)
        if p.is_dir():
            cands = sorted(list(p.glob("*.json.gz")) + list(p.glob("*.json")) + list(p.glob("*.json.xz")))
            out += [c for c in cands if not space_stem(c).endswith("_T4") and is_kt_cache(c)]
        elif p.exists():
            out.append(p)
        elif args_spaces:
            raise SystemExit(f"no such space file: {item}")
    return out


def parse_seeds(s):
    """'50' -> 0..49; '0-9' -> 0..9; '1,5,7' -> [1,5,7]."""
    if "," in s:
        return [int(x) for x in s.split(",") if x]
    if "-" in s:
        a, b = s.split("-")
        return list(range(int(a), int(b) + 1))
    return list(range(int(s)))


def parse_strategy(name):
    """'pyatf_strategies:searchtechnique=auc_bandit' -> ('pyatf_strategies', {...})."""
    base, _, rest = name.partition(":")
    opts = {}
    for kv in filter(None, rest.split(",")):
        k, _, v = kv.partition("=")
        try:
            v = json.loads(v)
        except ValueError:
            pass
        opts[k] = v
    return base, opts


def done_keys(out):
    """The runs already in out; a line cut by a kill is skipped, so its run is redone."""
    if not Path(out).exists():
        return set()
    return {run_key(r) for r in load_runs([out])}


class Space:
    """One recorded space: the parsed cache and an uncompressed copy for Kernel Tuner."""

    def __init__(self, path, tmpdir):
        self.path = Path(path)
        self.stem = space_stem(path)
        with open_text(path) as f:
            text = f.read()
        self.data = json.loads(text)
        self.json_path = Path(tmpdir) / (self.stem + ".json")
        if not self.json_path.exists():
            self.json_path.write_text(text)
        self.keys = self.data["tune_params_keys"]
        self.cache = self.data["cache"]
        self.key_set = set(self.cache.keys())


class Timeout(Exception):
    pass


class Stalled(Exception):
    pass


@contextlib.contextmanager
def watchdog(run_timeout, stall_s, last_progress):
    """Raise Timeout after run_timeout seconds, or Stalled when no new configuration has been
    evaluated for stall_s seconds (last_progress[0] holds the time of the last one). Seconds of
    this process's CPU time (time.process_time, SIGPROF), so a loaded or paused machine does not
    cut runs short. Some
    strategies (nsga2 on convolution_milo_A4000, seed 0) keep proposing only configurations they
    have already evaluated, which Kernel Tuner serves from its cache without charging a feval: the
    budget is never reached and the run never ends."""
    start = time.process_time()

    def handler(signum, frame):
        now = time.process_time()
        if now - start > run_timeout:
            raise Timeout(f"run exceeded {run_timeout} s")
        if now - last_progress[0] > stall_s:
            raise Stalled(f"no new configuration for {stall_s} s")

    old = signal.signal(signal.SIGPROF, handler)
    signal.setitimer(signal.ITIMER_PROF, 1.0, 1.0)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        signal.signal(signal.SIGPROF, old)


def run_one(space, strategy, seed, budget, run_timeout, stall_s=60.0, info=None):
    """One Kernel Tuner simulation run; returns the trace [[obs_s|None, true_s|None], ...].
    A run that stalls (see watchdog) ends there: its trace is what it evaluated until then and
    info["stalled"] is set."""
    import numpy as np
    import kernel_tuner
    from kernel_tuner import util
    from kernel_tuner.runners import simulation as sim

    base, extra = parse_strategy(strategy)
    trace = []
    seen = set()
    last_progress = [time.process_time()]
    orig_run = sim.SimulationRunner.run

    def recording_run(self, parameter_space, tuning_options):
        parameter_space = list(parameter_space)
        results = orig_run(self, parameter_space, tuning_options)
        for element, res in zip(parameter_space, results):
            if res is None:
                continue  # budget exhausted: not evaluated
            key = ",".join(str(i) for i in element)
            if key in seen or key not in tuning_options.cache:
                continue  # cache repeat (not charged) or restriction-rejected
            seen.add(key)
            t = tuning_options.cache[key].get("time")
            ok = "__error__" not in tuning_options.cache[key] and isinstance(t, (int, float))
            v = float(t) / 1000.0 if ok else None
            trace.append([v, v])
            last_progress[0] = time.process_time()
        return results

    key_set = space.key_set
    keys = space.keys

    def in_cache(*values):
        return ",".join(str(v) for v in values) in key_set

    restriction = util.FunctionConstraint(in_cache)
    opts = dict(extra)
    if base != "brute_force":
        opts["max_fevals"] = budget

    random.seed(seed)
    np.random.seed(seed)
    sim.SimulationRunner.run = recording_run
    try:
        with watchdog(run_timeout, stall_s, last_progress), warnings.catch_warnings(), \
                contextlib.redirect_stdout(io.StringIO()):
            warnings.simplefilter("ignore")
            kernel_tuner.tune_kernel(
                space.data["kernel_name"], "", tuple(space.data["problem_size"]), [],
                {k: space.data["tune_params"][k] for k in keys},
                restrictions=[restriction], cache=str(space.json_path), simulation_mode=True,
                strategy=base, strategy_options=opts or None, quiet=True, verbose=False,
                seed=seed)
    except Stalled:
        if info is not None:
            info["stalled"] = True
    finally:
        sim.SimulationRunner.run = orig_run
    return trace[:budget]


def run_all(spaces, strategies, seeds, args, done):
    """Run every missing (space, strategy, seed); returns {strategy: [seconds per run]}."""
    timings = {}
    for space in spaces:
        for strat in strategies:
            for seed in seeds:
                k = (space.stem, "kernel_tuner", strat, seed, "mean")
                if k in done:
                    continue
                t0 = time.perf_counter()
                info = {}
                try:
                    trace = run_one(space, strat, seed, args.budget, args.run_timeout, args.stall_s, info)
                except (Exception, Timeout) as e:  # noqa: BLE001 - a failed run is recorded
                    dt = time.perf_counter() - t0
                    log(f"FAILED {space.stem} {strat} seed {seed} after {dt:.1f}s: {type(e).__name__}: {e}")
                    with open(str(args.out) + ".errors.jsonl", "a") as f:
                        f.write(json.dumps({"space": space.stem, "strategy": strat, "seed": seed,
                                            "error": f"{type(e).__name__}: {e}"[:500],
                                            "seconds": round(dt, 2)}) + "\n")
                    continue
                dt = time.perf_counter() - t0
                if info.get("stalled"):
                    log(f"STALLED {space.stem} {strat} seed {seed}: no new configuration for {args.stall_s} s "
                        f"after {len(trace)} evaluations; recorded as a run that stopped there")
                    with open(str(args.out) + ".errors.jsonl", "a") as f:
                        f.write(json.dumps({"space": space.stem, "strategy": strat, "seed": seed,
                                            "stalled_after_evals": len(trace), "seconds": round(dt, 2),
                                            "note": "recorded (trace ends where it stalled)"}) + "\n")
                timings.setdefault(strat, []).append(dt)
                rec = {"space": space.stem, "tool": "kernel_tuner", "strategy": strat, "seed": seed,
                       "mode": "mean", "trace": trace}
                with open(args.out, "a") as f:
                    f.write(json.dumps(rec, separators=(",", ":")) + "\n")
                done.add(k)
                if args.timings:
                    with open(args.timings, "a") as f:
                        f.write(json.dumps({"space": space.stem, "strategy": strat, "seed": seed,
                                            "seconds": round(dt, 3), "evals": len(trace)}) + "\n")
                log(f"{space.stem} {strat} seed {seed}: {len(trace)} evals, {dt:.1f}s")
    return timings


def top_strategies(out, space_stems, candidates, k, at, opt_by_space):
    """Per space, the k candidates with the highest median fraction of the optimum after `at`
    evaluations (counting all evaluations; ties broken by the median after --budget, then the
    10th percentile after `at`), from the runs already in `out`."""
    sys.path.insert(0, str(HERE))
    import report
    runs = report.load_runs([out])
    picked = {}
    for stem in space_stems:
        scores = []
        for strat in candidates:
            curves = [report.best_so_far_true(r["trace"], "all") for r in runs
                      if r["space"] == stem and r["tool"] == "kernel_tuner" and r["strategy"] == strat]
            if not curves:
                continue
            opt = opt_by_space[stem]
            f_at = [report.fraction_after(c, at, opt) for c in curves]
            f_end = [report.fraction_after(c, 10 ** 9, opt) for c in curves]
            scores.append((statistics.median(f_at), statistics.median(f_end), report.percentile(f_at, 10), strat))
        picked[stem] = [s[-1] for s in sorted(scores, reverse=True)[:k]]
    return picked


def cheap_strategies(timings_path, candidates, limit_s):
    """Strategies whose median recorded run time (all spaces) is below limit_s seconds."""
    per = {}
    if timings_path and Path(timings_path).exists():
        with open(timings_path) as f:
            for line in f:
                try:
                    r = json.loads(line)
                except ValueError:
                    continue
                per.setdefault(r["strategy"], []).append(r["seconds"])
    return [s for s in candidates if s in per and statistics.median(per[s]) < limit_s]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--spaces", nargs="*", help="space files or folders (default: %s; _T4 files and "
                    "non-Kernel-Tuner files are skipped in folders)" % ", ".join(map(str, DEFAULT_SPACE_DIRS)))
    ap.add_argument("--strategies", default=",".join(DEFAULT_STRATEGIES),
                    help="comma-separated Kernel Tuner strategies; 'name:opt=value' adds strategy_options")
    ap.add_argument("--seeds", default="10", help="N (seeds 0..N-1), A-B, or a comma list (default 10)")
    ap.add_argument("--budget", type=int, default=400, help="max_fevals per run (default 400)")
    ap.add_argument("--out", default=str(HERE / "results" / "kerneltuner.jsonl"))
    ap.add_argument("--run-timeout", type=float, default=600, help="CPU seconds before a run is abandoned (not recorded)")
    ap.add_argument("--stall-s", type=float, default=30,
                    help="a run with no new configuration for this many CPU seconds ends there and is "
                    "recorded with the trace it has (default 30)")
    ap.add_argument("--top", type=int, default=5, help="screening: per space, rerun the best K strategies...")
    ap.add_argument("--top-seeds", default="50", help="...with these seeds (default 50; '0' disables)")
    ap.add_argument("--top-at", type=int, default=200,
                    help="...ranked by median fraction of the optimum after this many evaluations")
    ap.add_argument("--full-seeds-max-configs", type=int, default=0,
                    help="spaces with at most this many configurations get --top-seeds for every strategy")
    ap.add_argument("--always", default="random_sample",
                    help="comma list of strategies that always get --top-seeds (the baseline)")
    ap.add_argument("--cheap-s", type=float, default=1.0,
                    help="strategies whose median run takes less than this (s) get --top-seeds everywhere")
    ap.add_argument("--timings", help="append per-run seconds to this .jsonl (default: <out minus .jsonl>"
                    ".timings.jsonl)")
    ap.add_argument("--check-determinism", action="store_true",
                    help="run each strategy twice with seed 0 on the first space and say which repeat")
    args = ap.parse_args(argv)

    strategies = [s for s in args.strategies.split(",") if s]
    seeds = parse_seeds(args.seeds)
    top_seeds = parse_seeds(args.top_seeds) if args.top_seeds not in ("", "0") else []
    space_files = find_spaces(args.spaces)
    if not space_files:
        raise SystemExit("no spaces found")
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    args.out = str(Path(args.out).resolve())
    if not args.timings:
        args.timings = args.out[: -len(".jsonl")] + ".timings.jsonl" if args.out.endswith(".jsonl") \
            else args.out + ".timings.jsonl"
    args.timings = str(Path(args.timings).resolve())

    tmp = tempfile.TemporaryDirectory(prefix="kt_replay_")
    # Some strategies (pyatf_strategies) write folders into the working directory: work in tmp.
    os.chdir(tmp.name)
    spaces = [Space(p, tmp.name) for p in space_files]
    log("spaces:", ", ".join(f"{s.stem} ({len(s.cache)} configs)" for s in spaces))

    if args.check_determinism:
        for strat in strategies:
            a = run_one(spaces[0], strat, 0, args.budget, args.run_timeout)
            b = run_one(spaces[0], strat, 0, args.budget, args.run_timeout)
            c = run_one(spaces[0], strat, 1, args.budget, args.run_timeout)
            print(json.dumps({"strategy": strat, "same_seed_same_trace": a == b,
                              "other_seed_differs": a != c, "evals": len(a)}), flush=True)
        return 0

    if Path(args.out).exists() and Path(args.out + ".xz").exists():
        raise SystemExit(f"both {args.out} and {args.out}.xz exist: merge them first")
    if not Path(args.out).exists() and Path(args.out + ".xz").exists():
        # resume from a compressed file: decompress it back (and recompress when finished)
        with lzma.open(args.out + ".xz", "rt") as src, open(args.out, "w") as dst:
            dst.write(src.read())
        os.remove(args.out + ".xz")
    done = done_keys(args.out)

    # phase 1: every strategy, `seeds` (or `top_seeds` on small spaces)
    for space in spaces:
        small = len(space.cache) <= args.full_seeds_max_configs
        run_all([space], strategies, top_seeds if small and top_seeds else seeds, args, done)
    # phase 2: per space the best `--top` strategies, the `--always` ones and the cheap ones get
    # `top_seeds`
    if top_seeds:
        sys.path.insert(0, str(HERE))
        import report
        opt = {s.stem: report.space_info(s.path)["optimum_s"] for s in spaces}
        picked = top_strategies(args.out, [s.stem for s in spaces], strategies, args.top, args.top_at, opt) \
            if args.top > 0 else {s.stem: [] for s in spaces}
        always = [s for s in args.always.split(",") if s in strategies]
        cheap = cheap_strategies(args.timings, strategies, args.cheap_s)
        log(f"cheap (< {args.cheap_s} s a run): {', '.join(cheap)}")
        for space in spaces:
            log(f"{space.stem}: top {args.top} at {args.top_at}: {', '.join(picked[space.stem])}")
            chosen = [s for s in strategies if s in picked[space.stem] or s in always or s in cheap]
            # the expensive top strategies last, so the cheap ones are complete first
            run_all([space], [s for s in chosen if s in cheap or s in always], top_seeds, args, done)
        for space in spaces:
            run_all([space], [s for s in strategies if s in picked[space.stem] and s not in cheap
                              and s not in always], top_seeds, args, done)
    return 0


if __name__ == "__main__":
    sys.exit(main())
