#!/usr/bin/env bash
# Screenshots of every page of the workbench for the docs, taken from a real run of the matmul
# example, by tunebench-screenshots (app/screenshots: ScreenshotTour stages each page: best
# results selected, compared, compiled).
# Builds nothing: usage  packaging/screenshots.sh BUILD_DIR [OUTPUT_DIR]
# Needs xvfb-run (Debian: xvfb xauth). The window grabs its pages after the run and quits.
set -euo pipefail

build_dir=${1:?usage: $0 BUILD_DIR [OUTPUT_DIR]}
source_dir=$(cd "$(dirname "$0")/.." && pwd)
out_dir=${2:-$source_dir/resources/screenshots}
gui=$build_dir/bin/tunebench-screenshots
[[ -x $gui ]] || { echo "no $gui: build the tunebench-screenshots target first" >&2; exit 1; }
command -v xvfb-run >/dev/null || { echo "xvfb-run not found (apt-get install xvfb xauth)" >&2; exit 1; }

mkdir -p "$out_dir"
# A fresh workspace and settings, so the run measures everything and nothing personal shows;
# under one fixed folder, so that the paths the pictures show are the same on every machine
# (not this clone's or a random temporary one).
work=/tmp/tunebench-demo
rm -rf "$work"
mkdir -p "$work/examples"
trap 'rm -rf "$work"' EXIT
cp -r "$source_dir/resources/examples/matmul" "$work/examples/"
export XDG_CONFIG_HOME=$work/config
unset QT_QPA_PLATFORM
timeout 600 xvfb-run -a -s "-screen 0 1280x800x24" \
    "$gui" "$work/examples/matmul/matmul.json" \
    --workspace "$work/matmul.tbw" --run \
    --screenshots "$out_dir"
for name in workbench results compare space kernel preferences; do
    [[ -s $out_dir/$name.png ]] || { echo "missing $out_dir/$name.png" >&2; exit 1; }
done
echo "wrote $(ls "$out_dir"/*.png | tr '\n' ' ')"
