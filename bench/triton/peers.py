#!/usr/bin/env python3
"""Issue 36's peers, side by side with Tunebench on one GPU: triton.autotune and Inductor's
max-autotune on the fp16 matmul 4096^3 of resources/examples/triton/matmul.py.

Each peer runs in a fresh process with empty Triton and Inductor caches (cold, as Tunebench's
run is), so the wall time includes every compile. Prints one JSON object per peer:
{"peer", "seconds", "choices", "ms_per_choice", "best_ms", "best"}.

    python3 bench/triton/peers.py [--peer autotune|inductor|inductor-subproc] [--size 4096]
"""
import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MATMUL = os.path.join(HERE, "..", "..", "resources", "examples", "triton", "matmul.py")


def run_autotune(size):
    import torch
    import triton
    import triton.testing

    spec = importlib.util.spec_from_file_location("tb_matmul", MATMUL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    kernel = module.matmul_kernel  # the Autotuner over the 24 configurations
    a = torch.rand((size, size), device="cuda", dtype=torch.float16) * 2 - 1
    b = torch.rand((size, size), device="cuda", dtype=torch.float16) * 2 - 1
    c = torch.empty((size, size), device="cuda", dtype=torch.float16)

    def grid(meta):
        return (triton.cdiv(size, meta["BLOCK_M"]) * triton.cdiv(size, meta["BLOCK_N"]),)

    def call():
        kernel[grid](a, b, c, size, size, size, a.stride(0), a.stride(1), b.stride(0),
                     b.stride(1), c.stride(0), c.stride(1))

    torch.cuda.synchronize()
    start = time.perf_counter()
    call()
    torch.cuda.synchronize()
    seconds = time.perf_counter() - start
    best_ms = triton.testing.do_bench(call, warmup=50, rep=500)
    best = dict(kernel.best_config.kwargs, num_warps=kernel.best_config.num_warps,
                num_stages=kernel.best_config.num_stages)
    return {"peer": "triton.autotune", "seconds": seconds, "choices": len(kernel.configs),
            "best_ms": best_ms, "best": best}


def run_inductor(size, subprocess_benchmark):
    import torch
    import torch._inductor.config as config
    import triton.testing

    config.max_autotune = True
    config.max_autotune_gemm_backends = "TRITON,ATEN"
    config.autotune_in_subproc = subprocess_benchmark
    a = torch.rand((size, size), device="cuda", dtype=torch.float16) * 2 - 1
    b = torch.rand((size, size), device="cuda", dtype=torch.float16) * 2 - 1
    compiled = torch.compile(torch.mm, mode="max-autotune-no-cudagraphs")
    torch.cuda.synchronize()
    start = time.perf_counter()
    compiled(a, b)
    torch.cuda.synchronize()
    seconds = time.perf_counter() - start
    best_ms = triton.testing.do_bench(lambda: compiled(a, b), warmup=50, rep=500)
    return {"peer": "inductor max-autotune" + (" (subprocess)" if subprocess_benchmark else ""),
            "seconds": seconds, "best_ms": best_ms}


def fresh_process(peer, size):
    """One peer in a process of its own with empty caches."""
    with tempfile.TemporaryDirectory() as caches:
        env = dict(os.environ, TRITON_CACHE_DIR=os.path.join(caches, "triton"),
                   TORCHINDUCTOR_CACHE_DIR=os.path.join(caches, "inductor"))
        out = subprocess.run([sys.executable, __file__, "--peer", peer, "--size", str(size),
                              "--in-process"], env=env, capture_output=True, text=True)
        if out.returncode != 0:
            return {"peer": peer, "error": out.stderr[-2000:]}
        return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer", choices=["autotune", "inductor", "inductor-subproc"])
    parser.add_argument("--size", type=int, default=4096)
    parser.add_argument("--in-process", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.in_process:
        if args.peer == "autotune":
            result = run_autotune(args.size)
        else:
            result = run_inductor(args.size, args.peer == "inductor-subproc")
        print(json.dumps(result))
        return
    for peer in [args.peer] if args.peer else ["autotune", "inductor", "inductor-subproc"]:
        result = fresh_process(peer, args.size)
        if "choices" in result:
            result["ms_per_choice"] = 1000 * result["seconds"] / result["choices"]
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
