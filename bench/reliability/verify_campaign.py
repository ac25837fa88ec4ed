#!/usr/bin/env python3
"""verify on a loaded machine (issue 34, item 3): tune and export a spec of short CPU kernels
once, then verify the unchanged export again and again while busy-loop processes load the
cores; count the verdicts. Nothing changed, so every SLOWER is a false alarm. With
--slowdown 2 the export claims half the time its kernels take: a real slowdown, which every
trial must call SLOWER.

  bench/reliability/verify_campaign.py --cli build/ci/bin/tunebench-cli --trials 10 --busy 1
  bench/reliability/verify_campaign.py --spec tests/app/data/slowable.json --trials 10
  bench/reliability/verify_campaign.py --trials 10 --busy 3 --slowdown 2

Prints one markdown row per trial and a summary row. Exit status 1 when any trial said SLOWER
(with --slowdown: when any did not).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def run(cli, args):
    done = subprocess.run([cli] + args, capture_output=True, text=True)
    return done.returncode, done.stdout + done.stderr


def verdict_rows(output):
    """The verdict table's rows: (size, change, verdict)."""
    rows = []
    for line in output.splitlines():
        match = re.match(r"^(\S+)\s+\S+\s+.*?\s([+-][\d.]+%)\s+(held|SLOWER|inconclusive|FAILED|MISSING)",
                         line)
        if match:
            rows.append(match.groups())
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", default=os.path.join(REPO, "build", "ci", "bin", "tunebench-cli"))
    parser.add_argument("--spec", default=os.path.join(REPO, "tests", "app", "data",
                                                       "matmul_small.json"))
    parser.add_argument("--trials", type=int, default=10)
    parser.add_argument("--busy", type=int, default=1, help="busy-loop processes during verify")
    parser.add_argument("--threshold", default="5")
    parser.add_argument("--slowdown", type=float, default=1,
                        help="divide the exported medians by this: a kernel this much slower")
    options = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        workspace = os.path.join(scratch, "ws.tbw")
        exported = os.path.join(scratch, "export.json")
        for args in (["-w", workspace, "tune", options.spec],
                     ["-w", workspace, "export", "1", "--format", "json", "-o", exported]):
            code, output = run(options.cli, args)
            if code != 0:
                sys.exit(f"{' '.join(args)} failed ({code}):\n{output}")
        if options.slowdown != 1:
            with open(exported) as file:
                document = json.load(file)
            for entry in document["best"]:
                entry["median_s"] /= options.slowdown
            with open(exported, "w") as file:
                json.dump(document, file)
        busy = [subprocess.Popen(["sh", "-c", "while :; do :; done"]) for _ in range(options.busy)]
        counts = {0: 0, 6: 0, 7: 0}
        wrong = 0
        try:
            print("| trial | exit | verdicts (size: change verdict) | extra rounds |")
            print("| ---: | ---: | --- | ---: |")
            for trial in range(1, options.trials + 1):
                code, output = run(options.cli, ["verify", exported, "--threshold", options.threshold])
                counts[code] = counts.get(code, 0) + 1
                rows = verdict_rows(output)
                slower = any(verdict == "SLOWER" for _, _, verdict in rows)
                wrong += slower != (options.slowdown > 1)
                rounds = len(re.findall(r"measuring again to tell, round", output))
                cells = ", ".join(f"{size}: {change} {verdict}" for size, change, verdict in rows)
                print(f"| {trial} | {code} | {cells} | {rounds} |", flush=True)
        finally:
            for process in busy:
                process.kill()
                process.wait()
        print(f"\nheld (exit 0): {counts.get(0, 0)}, inconclusive (exit 7): {counts.get(7, 0)}, "
              f"SLOWER (exit 6): {counts.get(6, 0)}, other: "
              f"{options.trials - counts.get(0, 0) - counts.get(6, 0) - counts.get(7, 0)}")
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
