#!/bin/bash
# Runs sgemm_states on the GPU node: 40 short processes alternating the primary context and a
# created one, then one long process, so the SGEMM's levels can be told apart by process,
# context kind and time. From the repository root: bash bench/cuda/experiments/sgemm_states.sh
set -eu
cd "$(dirname "$0")"
out=${TMPDIR:-/tmp}/tb_experiments
mkdir -p "$out"
nvcc -cubin -arch=sm_90 -O3 -o "$out/sgemm_instances.cubin" sgemm_instances.cu
nvcc -O2 -arch=sm_90 -o "$out/sgemm_states" sgemm_states.cu -lcuda
symbols=$(cuobjdump -symbols "$out/sgemm_instances.cubin" | grep -o '_Z5sgemm[^ ]*' | sort -u)
tn8=$(echo "$symbols" | grep 'Li4ELi8E')
tn4=$(echo "$symbols" | grep 'Li4ELi4E')
for process in $(seq 1 ${PROCESSES:-20}); do # PROCESSES=0 skips
    for kind in primary created; do
        "$out/sgemm_states" "$out/sgemm_instances.cubin" "$tn8" "$tn4" $kind 0.5
    done
done
[ "${LONG_SECONDS:-30}" = 0 ] || "$out/sgemm_states" "$out/sgemm_instances.cubin" "$tn8" "$tn4" primary ${LONG_SECONDS:-30}
for process in $(seq 1 ${SEQUENTIAL_PROCESSES:-0}); do
    "$out/sgemm_states" "$out/sgemm_instances.cubin" "$tn8" "$tn4" sequential8 0.3
done
