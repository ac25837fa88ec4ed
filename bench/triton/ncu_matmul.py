#!/usr/bin/env python3
"""Launches the matmul example's best H200 configuration (BLOCK 128 x 128 x 64, 4 warps,
3 stages) on 4096^3 fp16, 20 times, for ncu to time: issue 36's timing check against Tunebench's
median of the same configuration.

    ncu --clock-control none --metrics gpu__time_duration.sum -k matmul_kernel \
        python3 bench/triton/ncu_matmul.py
"""
import importlib.util
import os

import torch
import triton

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "tb_matmul", os.path.join(HERE, "..", "..", "resources", "examples", "triton", "matmul.py"))
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
kernel = module.matmul_kernel.fn  # the @triton.jit function under the autotuner

size = 4096
a = torch.rand((size, size), device="cuda", dtype=torch.float16) * 2 - 1
b = torch.rand((size, size), device="cuda", dtype=torch.float16) * 2 - 1
c = torch.empty((size, size), device="cuda", dtype=torch.float16)
grid = (triton.cdiv(size, 128) * triton.cdiv(size, 128),)
for _ in range(20):
    kernel[grid](a, b, c, size, size, size, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                 c.stride(0), c.stride(1), BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, num_warps=4,
                 num_stages=3)
torch.cuda.synchronize()
