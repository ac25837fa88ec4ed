"""multigpu.py's figures: those of one run (from multigpu_workspace.read_workspace), the
comparison of one spec's runs on different GPU counts, and the agreement statistics of two
runs' medians. Standard library only; every figure is JSON-able."""


def count_by(items, key):
    counts = {}
    for item in items:
        counts[item[key]] = counts.get(item[key], 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: -kv[1]))


def best_per_size(results):
    """{size_index: (config_key, median)}: the lowest median among ok results."""
    best = {}
    for r in results:
        if r["status"] == "ok" and r["median"]:  # a compile-only result has no median
            if r["size"] not in best or r["median"] < best[r["size"]][1]:
                best[r["size"]] = (r["key"], r["median"])
    return best


def per_gpu(results, rounds, wall):
    """{uuid or "": figures} over what the bench workers measured (results with bench_seconds,
    and the extra rounds). first/last_result_seconds: when the first and the last result that
    GPU measured was stored, in seconds since the run started (rounds not counted);
    first_result_phases: where that GPU's first result spent its time on the bench worker
    (load, reference, bind, verify, measure seconds)."""
    gpus = {}
    for item, kind in [(r, "configs") for r in results] + [(o, "rounds") for o in rounds]:
        if item["bench_seconds"] is None:
            continue  # never reached a bench worker (a failed compile)
        gpu = gpus.setdefault(item["uuid"], {"device": item["device"], "configs": 0,
                                             "rounds": 0, "busy_seconds": 0.0,
                                             "first_result_seconds": None,
                                             "last_result_seconds": None})
        gpu[kind] += 1
        gpu["busy_seconds"] += item["bench_seconds"]
        if kind == "configs" and item["at"] is not None:
            first, last = gpu["first_result_seconds"], gpu["last_result_seconds"]
            if first is None or item["at"] < first:
                gpu["first_result_seconds"] = item["at"]
                gpu["first_result_phases"] = item.get("phases", {})
            gpu["last_result_seconds"] = item["at"] if last is None else max(last, item["at"])
    for gpu in gpus.values():
        gpu["busy_fraction"] = gpu["busy_seconds"] / wall if wall else None
    return gpus


def device_check(results, rounds, gpus, known):
    """Does every measured result carry the UUID of one of the run's GPUs?"""
    expected = {gpu["uuid"] for gpu in gpus if gpu["uuid"]}
    measured = [i for i in results + rounds if i["bench_seconds"] is not None]
    seen = {i["uuid"] for i in measured if i["uuid"]}
    return {"device_columns": known, "expected_uuids": sorted(expected),
            "distinct_uuids": len(seen), "measured": len(measured),
            "without_uuid": sum(1 for i in measured if not i["uuid"]),
            "unexpected_uuid": sum(1 for i in measured if i["uuid"] and expected
                                   and i["uuid"] not in expected)}


def timeline(ws, wall):
    """Where the run's wall time went, in seconds (None where a time is missing):
    session = finished_at - started_at; outside_session = CLI wall - session;
    to_first_result = first result - started_at; search_span = last result - first result;
    rounds_span = last extra round - last result (0 without extra rounds);
    to_finish = finished_at - the last result or extra round."""
    session = ws["stored_wall"]
    results = [r["at"] for r in ws["results"] if r["at"] is not None]
    rounds = [o["at"] for o in ws["rounds"] if o["at"] is not None]
    first, last = (min(results), max(results)) if results else (None, None)
    last_round = max(rounds) if rounds else None
    if last is None:
        rounds_span = None
    else:
        rounds_span = last_round - last if last_round is not None else 0.0
    ends = [t for t in (last, last_round) if t is not None]
    times = {"session_seconds": session,
             "outside_session": wall - session if session is not None else None,
             "to_first_result": first,
             "search_span": last - first if results else None,
             "rounds_span": rounds_span,
             "to_finish": session - max(ends) if session is not None and ends else None}
    # The stored times have milliseconds: round off the float noise of the differences.
    return {key: None if value is None else round(value, 3) for key, value in times.items()}


def summarize(ws, wall, gpus, workers):
    """Every figure of one run, JSON-able; ws from read_workspace, gpus the run's GPUs."""
    results, rounds, n = ws["results"], ws["rounds"], max(1, len(gpus))
    configs = len(results)
    cold = [r for r in results if not r["cached_build"] and r["compile_seconds"] is not None]
    compile_s = sum(r["compile_seconds"] for r in cold)
    excl_wall = wall - ws["kernel_seconds"] / n
    best = best_per_size(results)
    return {
        "run_id": ws["run_id"], "configs": configs, "statuses": count_by(results, "status"),
        "wall_seconds": wall, "stored_wall_seconds": ws["stored_wall"],
        "kernel_seconds": ws["kernel_seconds"],
        "throughput_incl": configs / wall if wall > 0 else None,
        "throughput_excl": configs / excl_wall if excl_wall > 0 else None,
        "cold_compiles": len(cold), "compile_seconds": compile_s, "workers": workers,
        "compile_seconds_per_worker": compile_s / workers,
        "compile_workers": workers,
        "rounds": len(rounds), "rounds_bench_seconds":
            sum(o["bench_seconds"] or 0 for o in rounds),
        "best": {str(size): {"key": key, "median": median, "size": ws["sizes"].get(size, "")}
                 for size, (key, median) in sorted(best.items())},
        "timeline": timeline(ws, wall),
        "per_gpu": per_gpu(results, rounds, wall),
        "device_check": device_check(results, rounds, gpus, ws["device_columns"]),
        "medians": {f"{r['size']}|{r['key']}": r["median"] for r in results
                    if r["status"] == "ok" and r["median"]},
    }


def compare_runs(runs):
    """Adds efficiency (against the run with 1 GPU) and best-configuration agreement (against
    the run with the fewest GPUs) to the successful runs of one spec."""
    done = sorted((r for r in runs if r["ok"]), key=lambda r: r["gpus"])
    if not done:
        return
    one = next((r for r in done if r["gpus"] == 1), None)
    reference = done[0]
    for run in done:
        for kind in ("incl", "excl"):
            base = one and one[f"throughput_{kind}"]
            mine = run[f"throughput_{kind}"]
            run[f"efficiency_{kind}"] = mine / (run["gpus"] * base) if base and mine else None
        run["best_reference_gpus"] = reference["gpus"]
        run["best_same"] = {size: best["key"] == reference["best"].get(size, {}).get("key")
                            for size, best in run["best"].items()}


# ---------------------------------------------------------------------------------------------
# Agreement of medians


def quantile(values, q):
    """Linear interpolation between the closest ranks (numpy's default)."""
    ordered = sorted(values)
    if not ordered:
        return None
    position = q * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def ratio_stats(a, b):
    """|a/b - 1| over the configurations both have: median, p90, max; mean signed a/b - 1."""
    common = sorted(set(a) & set(b))
    signed = [a[k] / b[k] - 1 for k in common if b[k]]
    absolute = [abs(s) for s in signed]
    return {"pairs": len(signed), "median": quantile(absolute, 0.5),
            "p90": quantile(absolute, 0.9), "max": max(absolute) if absolute else None,
            "mean_signed": sum(signed) / len(signed) if signed else None}
