#!/usr/bin/env python3
"""Summarise strategy-replay runs (.jsonl / .jsonl.xz / .jsonl.gz from Kernel Tuner and Tunebench)
into bench/results/strategies.md (the report) and bench/data/strategies/strategies.png (its plot).

Input lines (one per run):
  {"space": stem, "tool": "kernel_tuner"|"tunebench", "strategy": name, "seed": int,
   "mode": "mean"|"sampled", "trace": [[observed_s|null, true_mean_s|null], ...]}

Scoring (see README.md):
  * optimum = the best recorded mean time of the space's cache file (valid entries only);
  * best-so-far after n evaluations = the configuration with the lowest *observed* value among the
    first n counted evaluations (what the tool believes best), scored by its *true mean*;
    fraction of the optimum = optimum / true mean of that configuration (1.0 = found the optimum);
    before any valid evaluation the fraction is 0;
  * counting "all": every trace element counts as an evaluation, failed ones (null) included
    (Kernel Tuner's way); counting "valid": failed elements do not count;
  * a run whose trace is shorter than n (the tool stopped early) keeps its final best for every
    later n;
  * evaluations to reach a fraction f: the smallest n with fraction >= f; runs that never reach it
    count as > budget (the median is reported as ">400" when more than half never reach it).
"""

import argparse
import gzip
import json
import lzma
import math
import os
import statistics
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
CHECKPOINTS = (25, 50, 100, 200, 400)
TARGETS = (0.97, 0.99)
COUNTINGS = ("all", "valid")
DEFAULT_SPACE_DIRS = [Path("/work/shared/spaces/benchmark_hub"), REPO / "bench" / "spaces"]


# ---------------------------------------------------------------- core (unit-tested) functions

def best_so_far_true(trace, counting="all"):
    """Per counted evaluation, the true mean (s) of the configuration with the lowest observed value
    so far (None until the first valid one). counting: "all" (failed entries count as evaluations)
    or "valid" (failed entries are skipped)."""
    out = []
    best_obs = math.inf
    best_true = None
    for obs, true in trace:
        failed = obs is None or true is None
        if failed:
            if counting == "all":
                out.append(best_true)
            continue
        if obs < best_obs:
            best_obs, best_true = obs, true
        out.append(best_true)
    return out


def fraction_after(curve, n, optimum):
    """Fraction of the optimum after n evaluations of a best_so_far_true() curve; a curve shorter
    than n keeps its last value; 0.0 before the first valid evaluation."""
    if not curve or n <= 0:
        return 0.0
    v = curve[min(n, len(curve)) - 1]
    return 0.0 if v is None else optimum / v


def median_p10(curves, n, optimum):
    """(median, 10th percentile) over best_so_far_true() curves of the fraction after n."""
    fractions = [fraction_after(c, n, optimum) for c in curves]
    return statistics.median(fractions), percentile(fractions, 10)


def pick_fraction(run, optimum):
    """Fraction of the optimum of what the run would report. A noisy replay (`--noise`) picks after
    its finalist rounds and writes `pick`: [observed, true mean]; it is scored by the true mean.
    None for a run without a pick (mode mean, Kernel Tuner) or a pick without a valid result."""
    pick = run.get("pick")
    if not pick or pick[1] is None:
        return None
    return optimum / pick[1]


def evals_to_reach(curve, target, optimum):
    """Smallest number of evaluations whose fraction of the optimum is >= target, else None."""
    for i, v in enumerate(curve):
        if v is not None and optimum / v >= target - 1e-12:
            return i + 1
    return None


def percentile(values, q):
    """q-th percentile (0..100), linear interpolation between order statistics (numpy's default)."""
    xs = sorted(values)
    if not xs:
        return float("nan")
    pos = (len(xs) - 1) * q / 100.0
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def median_evals(values, budget):
    """Median of evaluations-to-target where None = not reached (ranked above every number)."""
    big = math.inf
    xs = sorted(big if v is None else v for v in values)
    if not xs:
        return None
    m = statistics.median_low(xs) if len(xs) % 2 else (xs[len(xs) // 2 - 1] + xs[len(xs) // 2]) / 2
    return None if m == math.inf else m


def summarise(runs, optimum, budget=400, checkpoints=CHECKPOINTS, targets=TARGETS):
    """Statistics of one (space, tool, strategy, mode) group of runs, for both countings:
    {counting: {"n": seeds, "median": {cp: f}, "p10": {cp: f}, "reach": {t: median evals|None},
    "reached": {t: fraction of seeds that reached it}, "curve_median": [median fraction at 1..budget]}}"""
    out = {}
    for counting in COUNTINGS:
        curves = [best_so_far_true(r["trace"], counting) for r in runs]
        s = {"n": len(curves), "median": {}, "p10": {}, "reach": {}, "reached": {}}
        for cp in checkpoints:
            s["median"][cp], s["p10"][cp] = median_p10(curves, cp, optimum)
        for t in targets:
            ev = [evals_to_reach(c, t, optimum) for c in curves]
            ev = [e if e is not None and e <= budget else None for e in ev]
            s["reach"][t] = median_evals(ev, budget)
            s["reached"][t] = sum(e is not None for e in ev) / len(ev)
        s["curve_median"] = [statistics.median(fraction_after(c, n, optimum) for c in curves)
                             for n in range(1, budget + 1)]
        out[counting] = s
    return out


# ---------------------------------------------------------------- files

def open_text(path):
    p = str(path)
    if p.endswith(".xz"):
        return lzma.open(p, "rt")
    if p.endswith(".gz"):
        return gzip.open(p, "rt")
    return open(p)


def run_key(r):
    """What identifies a run: a later line with the same key replaces an earlier one."""
    return (r["space"], r["tool"], r["strategy"], r["seed"], r["mode"])


def load_runs(paths):
    """All runs of the given .jsonl(.xz|.gz) files; a later duplicate of (space, tool, strategy,
    seed, mode) replaces an earlier one; cut lines (from a kill) are skipped."""
    runs = {}
    for p in paths:
        with open_text(p) as f:
            for line in f:
                line = line.strip()
                if not line:
                    continue
                try:
                    r = json.loads(line)
                except ValueError:
                    continue
                runs[run_key(r)] = r
    return list(runs.values())


def space_stem(path):
    name = Path(path).name
    for suf in (".json.gz", ".json.xz", ".json"):
        if name.endswith(suf):
            return name[: -len(suf)]
    return Path(path).stem


def space_info(path):
    """Optimum (s, best recorded mean over valid entries) and counts of a Kernel Tuner cache file."""
    with open_text(path) as f:
        d = json.load(f)
    times = []
    total = 0
    for v in d["cache"].values():
        total += 1
        t = v.get("time")
        if isinstance(t, (int, float)) and not isinstance(t, bool) and "__error__" not in v and math.isfinite(t):
            times.append(float(t))
    return {"optimum_s": min(times) / 1000.0, "total": total, "valid": len(times),
            "kernel": d.get("kernel_name", ""), "device": d.get("device_name", "")}


def find_space_files(dirs):
    """{stem: path} of the cache files in `dirs` and in their subfolders (bench/spaces keeps each
    space's Kernel Tuner export beside its workspace: gemm/gemm_h100.json.xz). Other JSON files
    found there (specs such as gemm/gemm.json) are harmless: only stems that runs name are read."""
    found = {}
    for d in dirs:
        d = Path(d)
        if d.is_file():
            found[space_stem(d)] = d
            continue
        if not d.is_dir():
            continue
        for level in ("", "*/"):
            for p in sorted(f for suf in ("*.json.gz", "*.json", "*.json.xz") for f in d.glob(level + suf)):
                stem = space_stem(p)
                if stem.endswith("_T4") or stem in found:
                    continue
                found[stem] = p
    return found


# ---------------------------------------------------------------- report

def fmt_f(x):
    return f"{x:.3f}"


def fmt_reach(v, budget):
    return f">{budget}" if v is None else f"{v:g}"


def group_runs(runs):
    groups = defaultdict(list)
    for r in runs:
        groups[(r["space"], r["tool"], r["strategy"], r["mode"])].append(r)
    return groups


def build(runs, spaces, budget=400):
    """{space: {(tool, strategy, mode): summary}} for spaces whose cache file is known."""
    res = defaultdict(dict)
    groups = group_runs(runs)
    for (space, tool, strat, mode), rs in groups.items():
        if space not in spaces and rs[0].get("optimum"):
            # A recording with no Kernel Tuner cache file (a Tunebench workspace): Tunebench's
            # trace lines carry the recording's optimum and its configurations. Registered before
            # any group is scored, so Kernel Tuner's runs on it count whatever the order.
            spaces[space] = {"optimum_s": rs[0]["optimum"], "total": "n/a",
                             "valid": "n/a", "kernel": space, "device": ""}
    for (space, tool, strat, mode), rs in groups.items():
        if space not in spaces:
            continue
        res[space][(tool, strat, mode)] = summarise(rs, spaces[space]["optimum_s"], budget)
    return res


def best_of(stats, tool, at, counting="all", mode="mean"):
    """(strategy, summary) of `tool` with the highest median fraction after `at` evaluations
    (ties: higher p10)."""
    cands = [(s[counting]["median"][at], s[counting]["p10"][at], strat, s)
             for (t, strat, m), s in stats.items() if t == tool and m == mode]
    if not cands:
        return None
    cands.sort(key=lambda c: (c[0], c[1]), reverse=True)
    return cands[0][2], cands[0][3]


def write_markdown(path, stats, spaces, budget, sources, png):
    L = []
    L.append("# Search strategies on recorded spaces")
    L.append("")
    L.append("Generated by `bench/strategies/report.py` from " + ", ".join(f"`{s}`" for s in sources) + ".")
    L.append("How to rerun, the trace format and the conventions: `bench/strategies/README.md`.")
    L.append("")
    L.append("- **fraction of the optimum** = optimum time / true mean time of the configuration the tool "
             "believes best so far (lowest observed value; for noisy `sampled` replay it is picked by "
             "its observed sample and scored by its recorded mean). 1.000 = the optimum. The optimum is "
             "the best recorded mean of the space.")
    L.append("- **all** = every evaluation counts, failed configurations included (Kernel Tuner's "
             "`max_fevals` counting); **valid** = only evaluations of configurations that ran.")
    L.append("- `med`/`p10` = median / 10th percentile over seeds; `to 0.97`/`to 0.99` = median "
             f"evaluations to reach that fraction (`>{budget}`: more than half the seeds never did); "
             "`hit` = share of seeds that reached 0.99 within the budget.")
    L.append("- A run that stopped before the budget (some strategies converge) keeps its final best.")
    L.append("")

    # summary
    L.append("## Summary: Kernel Tuner's best strategy per space (counting all evaluations, mode mean)")
    L.append("")
    L.append("| space | configs (valid/total) | best @200 | median @200 | p10 @200 | best @400 | median @400 | p10 @400 "
             "| highest p10 @200 | highest p10 @400 | random_sample med / p10 @400 |")
    L.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for space in sorted(stats):
        info = spaces[space]
        row = [space, f"{info['valid']}/{info['total']}"]
        for at in (200, 400):
            b = best_of(stats[space], "kernel_tuner", at)
            if b:
                strat, s = b
                row += [f"{strat} ({s['all']['n']} seeds)", fmt_f(s["all"]["median"][at]), fmt_f(s["all"]["p10"][at])]
            else:
                row += ["-", "-", "-"]
        for at in (200, 400):
            p10 = [(s["all"]["p10"][at], strat) for (t, strat, m), s in stats[space].items()
                   if t == "kernel_tuner" and m == "mean"]
            row.append(f"{fmt_f(max(p10)[0])} ({max(p10)[1]})" if p10 else "-")
        rnd = stats[space].get(("kernel_tuner", "random_sample", "mean"))
        row.append(f"{fmt_f(rnd['all']['median'][400])} / {fmt_f(rnd['all']['p10'][400])}" if rnd else "-")
        L.append("| " + " | ".join(row) + " |")
    L.append("")
    L.append("Best = highest median fraction (ties: higher 10th percentile); the seed count is in brackets "
             "(strategies that were only screened have 10 seeds, see README.md).")
    L.append("")
    tools = sorted({t for st in stats.values() for (t, _, _) in st})
    if len(tools) > 1:
        L.append("Best strategy of each tool and mode per space (median @200 / @400, counting all):")
        L.append("")
        L.append("| space | tool | mode | best @200 | median / p10 @200 | best @400 | median / p10 @400 |")
        L.append("| --- | --- | --- | --- | --- | --- | --- |")
        for space in sorted(stats):
            for tool in tools:
                for mode in ("mean", "sampled"):
                    r = [space, tool, mode]
                    for at in (200, 400):
                        b = best_of(stats[space], tool, at, mode=mode)
                        if not b:
                            break
                        r += [b[0], f"{fmt_f(b[1]['all']['median'][at])} / {fmt_f(b[1]['all']['p10'][at])}"]
                    if len(r) == 7:
                        L.append("| " + " | ".join(r) + " |")
        L.append("")

    for space in sorted(stats):
        info = spaces[space]
        L.append(f"## {space}")
        L.append("")
        L.append(f"{info['kernel']} on {info['device'] or '(device not recorded)'}: {info['total']} "
                 f"configurations, {info['valid']} valid; optimum {info['optimum_s'] * 1e3:.4f} ms.")
        L.append("")
        for counting in COUNTINGS:
            L.append(f"### {space}: counting {'all evaluations' if counting == 'all' else 'valid evaluations only'}")
            L.append("")
            hdr = ["tool", "strategy", "mode", "seeds"]
            hdr += [f"@{cp} med" for cp in CHECKPOINTS] + [f"@{cp} p10" for cp in CHECKPOINTS]
            hdr += ["to 0.97", "to 0.99", "hit 0.99"]
            L.append("| " + " | ".join(hdr) + " |")
            L.append("| " + " | ".join(["---"] * len(hdr)) + " |")
            keys = sorted(stats[space], key=lambda k: (k[0], k[2], -stats[space][k][counting]["median"][400],
                                                        -stats[space][k][counting]["median"][200], k[1]))
            for k in keys:
                s = stats[space][k][counting]
                row = [k[0], k[1], k[2], str(s["n"])]
                row += [fmt_f(s["median"][cp]) for cp in CHECKPOINTS]
                row += [fmt_f(s["p10"][cp]) for cp in CHECKPOINTS]
                row += [fmt_reach(s["reach"][t], budget) for t in TARGETS]
                row += [f"{s['reached'][0.99]:.2f}"]
                L.append("| " + " | ".join(row) + " |")
            L.append("")
    # The plot lives in the data folder beside the reports; link it relative to the report.
    link = Path(os.path.relpath(Path(png).resolve(), Path(path).resolve().parent)).as_posix()
    L.append(f"![best-so-far median fraction of the optimum per strategy]({link})")
    L.append("")
    Path(path).write_text("\n".join(L))


def write_png(path, stats, budget, counting="all"):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    spaces = sorted(stats)
    n = len(spaces)
    cols = min(3, n)
    rows = math.ceil(n / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(6.2 * cols, 4.6 * rows), squeeze=False)
    cmap = plt.get_cmap("tab20")
    labels = sorted({(t, s, m) for st in stats.values() for (t, s, m) in st})
    color = {lab: cmap(i % 20) for i, lab in enumerate(labels)}
    styles = {("kernel_tuner", "mean"): "-", ("kernel_tuner", "sampled"): ":",
              ("tunebench", "mean"): "--", ("tunebench", "sampled"): "-."}
    xs = list(range(1, budget + 1))
    for i, space in enumerate(spaces):
        ax = axes[i // cols][i % cols]
        for lab in labels:
            if lab not in stats[space]:
                continue
            tool, strat, mode = lab
            ls = styles.get((tool, mode), "-")
            lw = 2.2 if tool != "kernel_tuner" else 1.2
            name = strat if tool == "kernel_tuner" and mode == "mean" else f"{tool}:{strat} ({mode})"
            ax.plot(xs, stats[space][lab][counting]["curve_median"], ls, color=color[lab], lw=lw, label=name)
        ax.set_xscale("log")
        ax.set_ylim(0.5, 1.005)
        ax.set_xlim(1, budget)
        ax.axhline(0.99, color="grey", lw=0.6, ls=":")
        ax.axhline(0.97, color="grey", lw=0.6, ls=":")
        ax.set_title(space, fontsize=10)
        ax.set_xlabel(f"evaluations (counting {counting})")
        ax.set_ylabel("median fraction of optimum")
        ax.grid(True, which="both", lw=0.3)
    for j in range(n, rows * cols):
        axes[j // cols][j % cols].axis("off")
    handles, labs = [], []
    for ax in axes.flat:
        for h, lab in zip(*ax.get_legend_handles_labels()):
            if lab not in labs:
                handles.append(h)
                labs.append(lab)
    ncol = max(1, min(len(labs), 2 * cols + 1))
    legend_rows = math.ceil(len(labs) / ncol)
    fig.legend(handles, labs, loc="lower center", ncol=ncol, fontsize=8, frameon=False)
    fig.tight_layout(rect=(0, min(0.5, 0.03 + 0.17 * legend_rows / (rows * 4.6)), 1, 1))
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("runs", nargs="*", help=".jsonl / .jsonl.xz files (default: bench/strategies/results/*.jsonl*)")
    ap.add_argument("--spaces", nargs="*", help="space files or folders (default: %s)"
                    % ", ".join(map(str, DEFAULT_SPACE_DIRS)))
    ap.add_argument("--budget", type=int, default=400)
    ap.add_argument("--md", default=str(REPO / "bench" / "results" / "strategies.md"))
    ap.add_argument("--png", default=str(REPO / "bench" / "data" / "strategies" / "strategies.png"))
    args = ap.parse_args(argv)
    paths = args.runs or sorted(str(p) for p in (HERE / "results").glob("*.jsonl*")
                                if not p.name.endswith(".errors.jsonl") and ".timings" not in p.name)
    if not paths:
        raise SystemExit("no run files")
    runs = load_runs(paths)
    files = find_space_files(args.spaces or DEFAULT_SPACE_DIRS)
    wanted = {r["space"] for r in runs}
    missing = wanted - set(files)
    if missing:
        print("warning: no space file for " + ", ".join(sorted(missing)) + " (skipped)", file=sys.stderr)
    spaces = {stem: space_info(files[stem]) for stem in wanted & set(files)}
    stats = build(runs, spaces, args.budget)
    sources = [str(Path(p).resolve().relative_to(REPO)) if str(Path(p).resolve()).startswith(str(REPO)) else p
               for p in paths]
    write_markdown(args.md, stats, spaces, args.budget, sources, args.png)
    Path(args.png).parent.mkdir(parents=True, exist_ok=True)
    write_png(args.png, stats, args.budget)
    print(f"wrote {args.md} and {args.png} ({len(runs)} runs, {len(stats)} spaces)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
