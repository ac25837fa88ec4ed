#!/usr/bin/env python3
"""Every ok result of a workspace in the order it was stored: workspace, problem size, config,
median (us), and the SM clock the GPU's own timer saw after it (sm_clock_effective_mhz).
Shows when a run went through a GPU-wide clock state (bench/results/cuda_clock_state.md).
  python3 bench/cuda/result_timeline.py W1.tbw [W2.tbw ...]
"""
import json
import os
import sqlite3
import sys

for path in sys.argv[1:]:
    db = sqlite3.connect(path)
    rows = db.execute("SELECT c.size_index, c.config_key, r.median, r.resources_json FROM results r "
                      "JOIN configurations c ON c.id = r.configuration_id WHERE r.status = 'ok' "
                      "ORDER BY r.id")
    for size, key, median, resources in rows:
        clock = json.loads(resources).get("sm_clock_effective_mhz", 0)
        print(f"{os.path.basename(path)} {size} {key} {median * 1e6:.2f} {clock:.1f}")
