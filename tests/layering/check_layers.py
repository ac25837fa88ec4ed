#!/usr/bin/env python3
"""Fail when a layer includes or links what tests/layering/layers.json does not allow.

Issue 35: the engine is a DAG of layer targets, and the workbench reaches the engine through
the application API (tb_tasks) and value types only. The rules live in layers.json; this script
reads every source file's #include "..." lines and the link libraries CMake recorded for each
target (links.txt, written at configure time), and names each breach with its file and line.

  check_layers.py RULES SOURCE_DIR [LINKS]      check (exit 1 on a breach)
  check_layers.py RULES SOURCE_DIR --graph      print which layer includes which
"""
import json
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
SOURCE_SUFFIXES = (".h", ".hpp", ".cpp", ".cc", ".c")


def layer_of_path(path, layers):
    """The layer (a folder of layers.json) that holds a repository path: the longest match."""
    best = None
    for folder in layers:
        if path == folder or path.startswith(folder + "/"):
            if best is None or len(folder) > len(best):
                best = folder
    return best


def resolve(include, including_file, layer_folder, source_dir):
    """The repository path an include names: beside the file, in its layer, engine/, ui/ or app/."""
    candidates = [
        os.path.join(os.path.dirname(including_file), include),
        os.path.join(layer_folder, include),
        os.path.join("engine", include),
        os.path.join("ui", include),
        os.path.join("app", include),
    ]
    for candidate in candidates:
        candidate = os.path.normpath(candidate)
        if os.path.isfile(os.path.join(source_dir, candidate)):
            return candidate
    return None  # a system or generated header


def includes(source_dir, layers):
    """Yield (file, line number, including layer, included layer) for every layer include."""
    for folder in layers:
        root = os.path.join(source_dir, folder)
        for directory, subdirectories, files in os.walk(root):
            # A nested layer's files belong to it, not to this one.
            relative = os.path.relpath(directory, source_dir)
            if layer_of_path(relative, layers) != folder:
                continue
            for name in sorted(files):
                if not name.endswith(SOURCE_SUFFIXES):
                    continue
                path = os.path.join(relative, name)
                with open(os.path.join(source_dir, path), encoding="utf-8") as handle:
                    for number, line in enumerate(handle, 1):
                        match = INCLUDE.match(line)
                        if not match:
                            continue
                        target = resolve(match.group(1), path, folder, source_dir)
                        included = target and layer_of_path(target, layers)
                        if included and included != folder:
                            yield path, number, folder, included


def read_links(path):
    """Target name -> the libraries it links directly, from links.txt ("target: a;b;c")."""
    links = {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if ":" in line:
                target, libraries = line.split(":", 1)
                links[target.strip()] = [l for l in libraries.strip().split(";") if l]
    return links


def check(rules, source_dir, links_path):
    layers = rules["layers"]
    breaches = []
    for path, number, folder, included in includes(source_dir, layers):
        if included not in layers[folder].get("may_include", []):
            breaches.append(f"{path}:{number}: {folder} must not include {included} "
                            f"(tests/layering/layers.json)")
    if links_path:
        links = read_links(links_path)
        known_targets = {rule["target"] for rule in layers.values()}
        for folder, rule in layers.items():
            target = rule["target"]
            if target not in links:
                continue  # not built in this configuration (no GUI, no CUDA toolkit)
            allowed = set(rule.get("may_link", []))
            for library in links[target]:
                # CMake marks links made from another directory ("::@(id)" ... "::@").
                library = re.sub(r"^\$<LINK_ONLY:(.*)>$", r"\1", library)
                if library.startswith("::@"):
                    continue
                if library in known_targets and library not in allowed:
                    breaches.append(f"{target} ({folder}) must not link {library}")
                if library in rule.get("must_not_link", []):
                    breaches.append(f"{target} ({folder}) must not link {library}")
    return breaches


def graph(rules, source_dir):
    edges = {}
    for _, _, folder, included in includes(source_dir, rules["layers"]):
        edges.setdefault(folder, set()).add(included)
    for folder in sorted(edges):
        print(f"{folder}: {', '.join(sorted(edges[folder]))}")


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as handle:
        rules = json.load(handle)
    if len(argv) > 3 and argv[3] == "--graph":
        graph(rules, argv[2])
        return 0
    breaches = check(rules, argv[2], argv[3] if len(argv) > 3 else None)
    for breach in breaches:
        print(breach)
    if breaches:
        print(f"{len(breaches)} layering breach(es)", file=sys.stderr)
        return 1
    print("layering: every include and link is allowed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
