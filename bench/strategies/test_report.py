"""Self-check of report.py's scoring on handmade traces.
Run: python3 -m pytest bench/strategies/test_report.py   or   python3 bench/strategies/test_report.py"""

import json
import lzma
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import report  # noqa: E402

OPT = 1.0  # optimum: 1.0 s
# noisy trace: (observed, true mean); None = failed configuration
TRACE = [
    [None, None],   # 1: failed
    [2.0, 2.0],     # 2: first valid -> fraction 0.5
    [1.5, 1.9],     # 3: looks better (1.5) but truly 1.9 -> best-so-far true 1.9
    [None, None],   # 4: failed
    [1.6, 1.01],    # 5: truly better but observed worse than 1.5 -> not picked
    [1.2, 1.0],     # 6: the optimum, observed best -> fraction 1.0
]


def test_best_so_far_all_counts_failed():
    c = report.best_so_far_true(TRACE, "all")
    assert c == [None, 2.0, 1.9, 1.9, 1.9, 1.0]


def test_best_so_far_valid_skips_failed():
    c = report.best_so_far_true(TRACE, "valid")
    assert c == [2.0, 1.9, 1.9, 1.0]


def test_fraction_after():
    c = report.best_so_far_true(TRACE, "all")
    assert report.fraction_after(c, 1, OPT) == 0.0          # nothing valid yet
    assert report.fraction_after(c, 2, OPT) == 0.5
    assert abs(report.fraction_after(c, 5, OPT) - 1 / 1.9) < 1e-12  # judged by the true mean
    assert report.fraction_after(c, 6, OPT) == 1.0
    assert report.fraction_after(c, 400, OPT) == 1.0        # stopped early: keeps its final best
    cv = report.best_so_far_true(TRACE, "valid")
    assert report.fraction_after(cv, 4, OPT) == 1.0


def test_evals_to_reach():
    c = report.best_so_far_true(TRACE, "all")
    assert report.evals_to_reach(c, 0.5, OPT) == 2
    assert report.evals_to_reach(c, 0.99, OPT) == 6
    assert report.evals_to_reach(c[:5], 0.99, OPT) is None
    cv = report.best_so_far_true(TRACE, "valid")
    assert report.evals_to_reach(cv, 0.99, OPT) == 4


def test_pick_fraction_scores_the_true_mean_of_the_pick():
    run = {"trace": TRACE, "pick": [1.05, 1.25]}  # picked after rounds; truly 1.25
    assert report.pick_fraction(run, OPT) == 0.8
    assert report.pick_fraction({"trace": TRACE}, OPT) is None
    assert report.pick_fraction({"trace": TRACE, "pick": [None, None]}, OPT) is None


def test_percentile_and_median_evals():
    assert report.percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 10) == 2
    assert abs(report.percentile([0.0, 1.0], 10) - 0.1) < 1e-12
    assert report.median_evals([10, 20, None], 400) == 20
    assert report.median_evals([10, None, None], 400) is None     # > budget
    assert report.median_evals([10, 20, None, None], 400) is None


def test_summarise_and_files():
    runs = [{"space": "s", "tool": "kernel_tuner", "strategy": "x", "seed": i, "mode": "sampled",
             "trace": TRACE} for i in range(3)]
    s = report.summarise(runs, OPT, budget=10, checkpoints=(1, 2, 5, 10), targets=(0.99,))
    assert s["all"]["median"][2] == 0.5 and s["all"]["median"][10] == 1.0
    assert s["all"]["reach"][0.99] == 6 and s["valid"]["reach"][0.99] == 4
    assert len(s["all"]["curve_median"]) == 10
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "r.jsonl.xz"
        with lzma.open(p, "wt") as f:
            for r in runs:
                f.write(json.dumps(r) + "\n")
            f.write('{"cut by a kill')
        assert len(report.load_runs([p])) == 3
        cache = {"tune_params_keys": ["a"], "cache": {
            "1": {"a": 1, "time": 2.0}, "2": {"a": 2, "time": 0.5}, "3": {"a": 3, "time": "RuntimeFailedConfig"}}}
        cp = Path(d) / "sp.json"
        cp.write_text(json.dumps(cache))
        info = report.space_info(cp)
        assert info["optimum_s"] == 0.0005 and info["total"] == 3 and info["valid"] == 2


if __name__ == "__main__":
    for name, fn in list(globals().items()):
        if name.startswith("test_"):
            fn()
    print("ok")
