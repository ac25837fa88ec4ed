#!/usr/bin/env bash
# Screenshots of the workbench for the docs, taken from a real run of the matmul example.
# Builds nothing: usage  packaging/screenshots.sh BUILD_DIR [OUTPUT_DIR]
# Needs xvfb-run (Debian: xvfb xauth). The window grabs itself after the run and quits.
set -euo pipefail

build_dir=${1:?usage: $0 BUILD_DIR [OUTPUT_DIR]}
source_dir=$(cd "$(dirname "$0")/.." && pwd)
out_dir=${2:-$source_dir/resources/screenshots}
gui=$build_dir/bin/tunebench
[[ -x $gui ]] || { echo "no $gui: build the tunebench target first" >&2; exit 1; }
command -v xvfb-run >/dev/null || { echo "xvfb-run not found (apt-get install xvfb xauth)" >&2; exit 1; }

mkdir -p "$out_dir"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A fresh workspace and settings, so the run measures everything and nothing personal shows.
export XDG_CONFIG_HOME=$work/config
unset QT_QPA_PLATFORM
timeout 600 xvfb-run -a -s "-screen 0 1280x800x24" \
    "$gui" "$source_dir/resources/examples/matmul/matmul.json" \
    --workspace "$work/matmul.tbw" --run \
    --screenshot "$out_dir/workbench.png" --quit-after-finish
echo "wrote $out_dir/workbench.png"
