#!/bin/bash
# Builds and runs the placement experiments on the GPU node (nvcc and the driver there), from
# the repository root: bash bench/cuda/experiments/run.sh. Results: bench/results/cuda_placement.md.
set -eu
cd "$(dirname "$0")"
out=${TMPDIR:-/tmp}/tb_experiments
mkdir -p "$out"
nvcc -O2 -arch=sm_90 -o "$out/event_parity" event_parity.cu
nvcc -O2 -arch=sm_90 -o "$out/buffer_placement" buffer_placement.cu
nvcc -cubin -arch=sm_90 -O3 -o "$out/sgemm_instances.cubin" sgemm_instances.cu
nvcc -O2 -arch=sm_90 -o "$out/sgemm_placement" sgemm_placement.cu -lcuda
"$out/event_parity" 16
"$out/event_parity" 1
for round in 1 2 3; do "$out/buffer_placement" 16 5; done
symbols=$(cuobjdump -symbols "$out/sgemm_instances.cubin" | grep -o '_Z5sgemm[^ ]*' | sort -u)
tn8=$(echo "$symbols" | grep 'Li4ELi8E')
tn4=$(echo "$symbols" | grep 'Li4ELi4E')
for round in 1 2 3; do
    "$out/sgemm_placement" "$out/sgemm_instances.cubin" "$tn8" 64 64 128 code 8
    "$out/sgemm_placement" "$out/sgemm_instances.cubin" "$tn4" 64 64 256 code 8
done
for round in 1 2 3 4 5 6; do
    "$out/sgemm_placement" "$out/sgemm_instances.cubin" "$tn4" 64 64 256 data 6
done
nvcc -O2 -arch=sm_90 -o "$out/sgemm_contexts" sgemm_contexts.cu -lcuda
for round in 1 2 3 4; do
    "$out/sgemm_contexts" "$out/sgemm_instances.cubin" "$tn4" 64 64 256 4 3
    "$out/sgemm_contexts" "$out/sgemm_instances.cubin" "$tn8" 64 64 128 4 3
done
nvcc -O2 -arch=sm_90 -o "$out/sgemm_carveout" sgemm_carveout.cu -lcuda
for round in 1 2 3 4 5; do
    "$out/sgemm_carveout" "$out/sgemm_instances.cubin" "$tn4" 64 64 256
    "$out/sgemm_carveout" "$out/sgemm_instances.cubin" "$tn8" 64 64 128
done
