"""multigpu.py's markdown: the tables of one spec's runs (throughput, timeline, per GPU, best
configurations), the agreement of medians, the device attribution, and the report around them.
Standard library only."""
import shlex
import sys

TARGET_EFFICIENCY = 0.9


def fmt(value, digits=2, suffix=""):
    if value is None:
        return "–"
    return f"{value:.{digits}f}{suffix}"


def percent(value):
    return "–" if value is None else f"{100 * value:.2f}%"


def duration(seconds):
    if seconds is None:
        return "–"
    for scale, unit in ((1, "s"), (1e-3, "ms")):
        if seconds >= scale:
            return f"{seconds / scale:.4g} {unit}"
    return f"{seconds * 1e6:.4g} us"


def short_uuid(uuid):
    return uuid[:12] if uuid else "unknown"


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return lines + [""]


def efficiency_cell(value):
    if value is None:
        return "–"
    return f"{value:.3f}" + ("" if value >= TARGET_EFFICIENCY else " (below 0.9)")


def best_same_cell(run):
    if "best_same" not in run:
        return "–"
    if run["gpus"] == run["best_reference_gpus"]:
        return "reference"
    same = run["best_same"].values()
    return "yes" if all(same) else f"no ({sum(1 for s in same if not s)} size(s))"


def throughput_rows(label, runs):
    rows = []
    for run in runs:
        if not run["ok"]:
            rows.append([label, run["gpus"], f"failed (exit {run['exit_code']})",
                         fmt(run["wall_seconds"], 1)] + ["–"] * 7)
            continue
        statuses = ", ".join(f"{k} {v}" for k, v in run["statuses"].items())
        if not run["device_check"]["measured"]:
            statuses += "; **nothing measured**: no GPU found?"
        rows.append([label, run["gpus"], f"{run['configs']} ({statuses})",
                     fmt(run["wall_seconds"], 1), fmt(run["throughput_incl"]),
                     efficiency_cell(run.get("efficiency_incl")), fmt(run["throughput_excl"]),
                     efficiency_cell(run.get("efficiency_excl")),
                     f"{run.get('compile_workers', '?')} workers: {run['cold_compiles']} / "
                     f"{fmt(run['compile_seconds_per_worker'], 1)} s",
                     f"{run['rounds']} ({fmt(run['rounds_bench_seconds'], 1)} s)",
                     best_same_cell(run)])
    return rows


TIMELINE_KEYS = ("outside_session", "to_first_result", "search_span", "rounds_span",
                 "to_finish")


def timeline_rows(label, runs):
    rows = []
    for run in runs:
        if not run["ok"]:
            rows.append([label, run["gpus"], fmt(run["wall_seconds"], 2),
                         f"failed (exit {run['exit_code']})"] + ["–"] * 4)
            continue
        times = run["timeline"]
        rows.append([label, run["gpus"], fmt(run["wall_seconds"], 2)]
                    + [fmt(times[key], 2) for key in TIMELINE_KEYS])
    return rows


def per_gpu_rows(label, runs):
    rows = []
    for run in (r for r in runs if r["ok"]):
        for uuid, gpu in sorted(run["per_gpu"].items()):
            rows.append([label, run["gpus"], gpu["device"] or "unknown", short_uuid(uuid),
                         gpu["configs"], gpu["rounds"], fmt(gpu["busy_seconds"], 1),
                         percent(gpu["busy_fraction"]), fmt(gpu["first_result_seconds"], 2),
                         fmt(gpu["last_result_seconds"], 2)])
    return rows


def device_check_cell(check):
    if not check["device_columns"]["results"]:
        return "unknown (workspace has no device columns)"
    problems = []
    if check["without_uuid"]:
        problems.append(f"{check['without_uuid']} without a UUID")
    if check["unexpected_uuid"]:
        problems.append(f"{check['unexpected_uuid']} on a GPU not in the run")
    return "; ".join(problems) or "ok"


def device_check_rows(label, runs):
    rows = []
    for run in (r for r in runs if r["ok"]):
        check = run["device_check"]
        rows.append([label, run.get("role", "throughput"), run["gpus"], run["visible"],
                     f"{check['distinct_uuids']} (expected {run['gpus']})",
                     check["measured"], device_check_cell(check)])
    return rows


def best_rows(label, runs):
    rows = []
    for run in (r for r in runs if r["ok"]):
        for size, best in run["best"].items():
            same = run.get("best_same", {}).get(size)
            if run["gpus"] == run.get("best_reference_gpus"):
                same = "reference"
            else:
                same = "–" if same is None else ("yes" if same else "**no**")
            rows.append([label, run["gpus"], best["size"] or f"#{size}", f"`{best['key']}`",
                         duration(best["median"]), same])
    return rows


def spec_section(label, job, runs, max_configs, seed):
    how = (f"random strategy, --max-configs {max_configs}, seed "
           f"{'of the spec' if seed is None else seed}") if job["sampled"] else "spec's strategy"
    lines = [f"### `{job['spec']}` ({how})", ""]
    lines += table(["label", "GPUs", "configs (by status)", "wall s", "configs/s incl",
                    "efficiency incl", "configs/s excl", "efficiency excl",
                    "compile workers: cold compiles / compile s per worker",
                    "extra rounds (bench s)",
                    "best config same?"], throughput_rows(label, runs))
    lines += ["Timeline (seconds; see the definitions):", ""]
    lines += table(["label", "GPUs", "wall s", "outside session", "to first result",
                    "search span", "rounds span", "to finish"], timeline_rows(label, runs))
    lines += ["Per GPU: measured configurations and extra rounds. Busy = sum of bench_seconds. "
              "First / last result = when the first and the last result that GPU measured was "
              "stored, s after the run started:", ""]
    lines += table(["label", "GPUs in run", "device", "uuid", "configs", "rounds", "busy s",
                    "busy / wall", "first result s", "last result s"],
                   per_gpu_rows(label, runs))
    lines += ["Best configuration per problem size (lowest median of the ok results; compared "
              "with the run on the fewest GPUs):", ""]
    lines += table(["label", "GPUs", "size", "best", "median", "same as reference"],
                   best_rows(label, runs))
    return lines


def stats_row(name, stats):
    if not stats:
        return [name, "–", "–", "–", "–", "–"]
    return [name, stats["pairs"], percent(stats["median"]), percent(stats["p90"]),
            percent(stats["max"]), percent(stats["mean_signed"])]


def agreement_section(label, report):
    lines = [f"### Agreement of medians ({label})", ""]
    if "skipped" in report:
        return lines + [f"Skipped: {report['skipped']}.", ""]
    lines += [f"`{report['spec']}`: A and A2 tuned on GPU 0 alone, B on GPU 1 alone, each in a "
              "fresh workspace; ok results joined by (configuration, problem size).", ""]
    lines += table(["comparison", "pairs", "median", "p90", "max", "mean signed"],
                   [stats_row("run-to-run: abs(A/A2 - 1)", report.get("run_to_run")),
                    stats_row("cross-GPU: abs(A/B - 1)", report.get("cross_gpu"))])
    lines += ["\"mean signed\" is the mean of A/A2 - 1 or A/B - 1: a systematic offset between "
              "two cards (or two runs). The runs themselves:", ""]
    rows = []
    for name, run in report["runs"].items():
        rows.append([name, run["visible"], "failed" if not run["ok"] else run["configs"],
                     fmt(run["wall_seconds"], 1),
                     fmt(run.get("throughput_incl")), fmt(run.get("throughput_excl"))])
    lines += table(["run", "GPU", "configs", "wall s", "configs/s incl", "configs/s excl"], rows)
    return lines


def device_section(label, runs):
    lines = ["### Device attribution", "",
             "Every result a bench worker measured should carry the UUID of one of the run's "
             "GPUs (`results.device_uuid`, `result_rounds.device_uuid`). A run on N GPUs "
             "should show N distinct UUIDs.", ""]
    return lines + table(["label", "run", "GPUs", "CUDA_VISIBLE_DEVICES", "distinct uuids",
                          "measured", "check"], device_check_rows(label, runs))


def definitions():
    return [
        "Definitions: *configs* are the rows of `results` (every configuration x problem size "
        "evaluated, failures included). *configs/s incl* = configs / wall time of "
        "`tunebench-cli tune`. *configs/s excl* = configs / (wall - kernel time / N). The "
        "kernel time is the sum of every stored sample (results' own and the finalists' extra "
        "rounds). The measurement is spread over N GPUs in parallel, so that is what is left "
        "once it is taken out. *efficiency* = configs/s on N GPUs / (N x configs/s on 1 GPU), "
        f"target >= {TARGET_EFFICIENCY}. *cold compiles* = results whose binary was not in the "
        "build cache (`cached_build = 0`). Compile s per worker = their compile seconds / "
        "compile workers. *extra rounds* = finalists measured again in fresh bench workers "
        "(`result_rounds`, round > 1; round 1 is the result itself). Each run uses a fresh "
        "workspace, so every run compiles from a cold cache.", "",
        "Timeline, in seconds, from the times the workspace stores (`runs.started_at`, "
        "`runs.finished_at`, `results.created_at`, `result_rounds.created_at`). *outside "
        "session* = wall - (finished_at - started_at). It covers process start, spec load, GPU "
        "probe, printing the report and shutdown. It is 0 with --dry-workspace, whose wall is "
        "the session. *to first "
        "result* = first result - started_at. *search span* = last result - first result. "
        "*rounds span* = last extra round - last result (0 without extra rounds). *to finish* "
        "= finished_at - the last result or extra round. A result's time is when it was "
        "stored, not when it was measured.", ""]


def report(args, header, commands, sections):
    lines = [f"## Multi-GPU tuning throughput: {args.label}", ""] + header
    lines += ["", "Commands (each workspace a fresh temporary one, removed afterwards):", "",
              "```", "python3 " + shlex.join(sys.argv)] + commands + ["```", ""]
    lines += definitions() + sections
    return "\n".join(lines) + "\n"
