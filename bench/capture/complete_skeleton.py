#!/usr/bin/env python3
"""Completes the spec skeleton tunebench-capture wrote for bench/capture/app's point_in_polygon
launch, as a user would by hand (issue 37): the kernel's tunable source, its parameters, a
launch geometry from them, names for the arguments, the constant arrays' types, and how many
bitmap elements may differ from the captured output (points on an edge, where USE_SLOPE=0
rounds differently).

    complete_skeleton.py CAPTURE_DIR KERNEL.cu OUT.json [--max-mismatches N]
"""
import argparse
import json
import os

NAMES = ["x", "y", "inside", "n", "vertices"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("capture")
    parser.add_argument("kernel")
    parser.add_argument("out")
    parser.add_argument("--max-mismatches", type=float, default=64)
    options = parser.parse_args()
    with open(os.path.join(options.capture, "spec.json")) as file:
        spec = json.load(file)
    spec["name"] = "point_in_polygon_captured"
    spec["kernel"]["source"] = os.path.abspath(options.kernel)
    spec["parameters"] = [
        {"name": "BLOCK", "values": [16, 32, 64, 128, 256, 512, 1024]},
        {"name": "ITEMS", "values": [1, 2, 4, 8]},
        {"name": "USE_SLOPE", "values": [0, 1]},
        {"name": "SHARED", "values": [0, 1]},
    ]
    size = next(iter(spec["problem_sizes"][0]))
    spec["launch"] = {"grid": [f"ceil_div({size}, BLOCK * ITEMS)"], "block": ["BLOCK"]}
    renamed = {}
    for argument in spec["arguments"]:
        if argument["kind"] == "constant":
            # The capture saved the module's variables as raw bytes (the module has no types):
            # the user says they are floats, and the raw file reads as floats.
            argument["type"] = "float32"
            argument["size"] = str(int(argument["size"]) // 4)
            continue
        index = int(argument["name"][3:])
        renamed[argument["name"]] = NAMES[index]
        argument["name"] = NAMES[index]
    # Outputs are compared with what the application's own launch left (the skeleton's "file"
    # entries, kept as written): no reference configuration is needed.
    expected = spec["verification"]["expected"]
    spec["verification"]["expected"] = {
        renamed.get(name, name): dict(entry, max_mismatches=options.max_mismatches)
        for name, entry in expected.items()
    }
    spec["metrics"] = [{"name": "Gpoints/s", "expression": f"{size} / time / 1e9"}]
    spec["objective"] = {"metric": "Gpoints/s", "direction": "maximize"}
    spec["measurement"] = {"min_samples": 10, "max_samples": 200, "max_seconds_per_config": 0.3}
    with open(options.out, "w") as file:
        json.dump(spec, file, indent=2)


if __name__ == "__main__":
    main()
