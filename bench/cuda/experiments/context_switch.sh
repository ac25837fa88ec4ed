#!/bin/bash
# Runs context_switch on the GPU node: PROCESSES pairs of processes, one measuring with the
# flush in its own context ("single", as Tunebench), one with the flush in a second context
# ("switch"). From the repository root: bash bench/cuda/experiments/context_switch.sh
set -eu
cd "$(dirname "$0")"
out=${TMPDIR:-/tmp}/tb_experiments
mkdir -p "$out"
nvcc -cubin -arch=sm_90 -O3 -o "$out/sgemm_instances.cubin" sgemm_instances.cu
nvcc -O2 -arch=sm_90 -std=c++17 -o "$out/context_switch" context_switch.cu -lcuda -lcupti
symbols=$(cuobjdump -symbols "$out/sgemm_instances.cubin" | grep -o '_Z5sgemm[^ ]*' | sort -u)
tn8=$(echo "$symbols" | grep 'Li4ELi8E')
tn4=$(echo "$symbols" | grep 'Li4ELi4E')
for process in $(seq 1 ${PROCESSES:-12}); do
    for mode in ${MODES:-single switch}; do
        "$out/context_switch" "$out/sgemm_instances.cubin" "$tn8" "$tn4" $mode
    done
done
