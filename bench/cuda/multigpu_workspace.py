"""multigpu.py's reading of a workspace (SQLite, read-only): the latest run's results, the
finalists' extra rounds, the kernel time in the samples, the problem sizes, and the times at
which the run started and finished and each result and round was stored. Standard library only.

Times are ISO 8601 UTC with milliseconds (2026-11-26T10:33:01.123Z); every "at" below is in
seconds since the run's started_at (None where a time is missing or cannot be read)."""
import datetime
import json
import sqlite3


def columns(db, table):
    return {row[1] for row in db.execute(f"PRAGMA table_info({table})")}


def device_select(db, table, alias):
    """SELECT text for (device, device_uuid), NULLs where the workspace predates them."""
    if {"device", "device_uuid"} <= columns(db, table):
        return f"{alias}.device, {alias}.device_uuid", True
    return "NULL, NULL", False


def created_select(db, table, alias):
    """SELECT text for created_at, NULL where the table has no such column."""
    return f"{alias}.created_at" if "created_at" in columns(db, table) else "NULL"


def parse_time(text):
    if not text:
        return None
    for layout in ("%Y-%m-%dT%H:%M:%S.%fZ", "%Y-%m-%dT%H:%M:%SZ", "%Y-%m-%d %H:%M:%S"):
        try:
            return datetime.datetime.strptime(text, layout)
        except ValueError:
            pass
    return None


def seconds_since(start, text):
    """Seconds from the datetime start to the time text; None if either is missing."""
    moment = parse_time(text)
    return (moment - start).total_seconds() if start and moment else None


def size_names(db, run_id):
    """{size_index: "M=1024,N=1024,K=1024"} from the run's spec document."""
    row = db.execute("SELECT s.document FROM runs r JOIN specs s ON s.id = r.spec_id "
                     "WHERE r.id = ?", (run_id,)).fetchone()
    try:
        sizes = json.loads(row[0]).get("problem_sizes", []) if row else []
    except (ValueError, AttributeError):
        sizes = []
    return {i: ",".join(f"{k}={v}" for k, v in size.items()) for i, size in enumerate(sizes)
            if isinstance(size, dict)}


def read_results(db, run_id, started):
    devices, known = device_select(db, "results", "r")
    created = created_select(db, "results", "r")
    rows = db.execute(
        "SELECT r.id, r.status, r.median, r.sample_count, r.compile_seconds, r.cached_build, "
        f"r.resources_json, c.config_key, c.size_index, {devices}, {created} FROM results r "
        "JOIN configurations c ON c.id = r.configuration_id WHERE r.run_id = ? ORDER BY r.id",
        (run_id,)).fetchall()
    results = []
    for (rid, status, median, count, compile_s, cached, resources, key, size, device,
         uuid, created_at) in rows:
        resources = json.loads(resources or "{}")
        results.append({"id": rid, "status": status, "median": median, "samples": count or 0,
                        "compile_seconds": compile_s, "cached_build": bool(cached),
                        "bench_seconds": resources.get("bench_seconds"), "key": key,
                        "stopped_early": "stopped_early_above_s" in resources,
                        "phases": {k: v for k, v in resources.items()
                                   if k.endswith("_seconds") and k != "bench_seconds"},
                        "size": size, "device": device or "", "uuid": uuid or "",
                        "at": seconds_since(started, created_at)})
    return results, known


def read_rounds(db, run_id, started):
    """The finalists' extra rounds (round > 1; round 1 is a copy of the result itself)."""
    devices, known = device_select(db, "result_rounds", "o")
    created = created_select(db, "result_rounds", "o")
    rows = db.execute(
        f"SELECT o.id, o.round, o.status, o.resources_json, {devices}, {created} "
        "FROM result_rounds o JOIN results r ON r.id = o.result_id "
        "WHERE r.run_id = ? AND o.round > 1",
        (run_id,)).fetchall()
    rounds = [{"id": oid, "round": number, "status": status,
               "bench_seconds": json.loads(resources or "{}").get("bench_seconds"),
               "device": device or "", "uuid": uuid or "",
               "at": seconds_since(started, created_at)}
              for oid, number, status, resources, device, uuid, created_at in rows]
    return rounds, known


def kernel_seconds(db, run_id):
    """Kernel time in the samples: the results' own (round 1) plus the extra rounds'."""
    own = db.execute("SELECT sum(s.seconds) FROM samples s JOIN results r ON r.id = s.result_id "
                     "WHERE r.run_id = ?", (run_id,)).fetchone()[0] or 0.0
    extra = db.execute("SELECT sum(s.seconds) FROM round_samples s "
                       "JOIN result_rounds o ON o.id = s.round_id "
                       "JOIN results r ON r.id = o.result_id "
                       "WHERE r.run_id = ? AND o.round > 1", (run_id,)).fetchone()[0] or 0.0
    return own + extra


def read_workspace(path):
    """The latest run of a workspace: results and extra rounds (each with "at", seconds since
    the run started), kernel time, stored wall time (finished_at - started_at)."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        run = db.execute("SELECT id, started_at, finished_at FROM runs "
                         "ORDER BY id DESC LIMIT 1").fetchone()
        if run is None:
            raise RuntimeError(f"{path} holds no run")
        run_id = run[0]
        started, finished = parse_time(run[1]), parse_time(run[2])
        results, results_known = read_results(db, run_id, started)
        rounds, rounds_known = read_rounds(db, run_id, started)
        stored_wall = (finished - started).total_seconds() if started and finished else None
        return {"run_id": run_id, "results": results, "rounds": rounds,
                "kernel_seconds": kernel_seconds(db, run_id), "stored_wall": stored_wall,
                "sizes": size_names(db, run_id),
                "device_columns": {"results": results_known, "result_rounds": rounds_known}}
    finally:
        db.close()
