"""Triton kernels that go wrong on purpose, one way each (issue 36's faults)."""
import triton
import triton.language as tl


@triton.jit
def broken_kernel(out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offsets, undefined_name, mask=offsets < n)


@triton.jit
def greedy_kernel(a_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # Two BLOCK x BLOCK fp16 tiles in shared memory for the product: at BLOCK 256, 256 KB, more
    # than any GPU gives a block (the H100's and H200's 227 KB).
    rows = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + rows[:, None] * BLOCK + rows[None, :])
    b = tl.load(a_ptr + BLOCK * BLOCK + rows[:, None] * BLOCK + rows[None, :])
    acc = tl.zeros((BLOCK, BLOCK), dtype=tl.float32)
    for _ in range(0, n):
        acc = tl.dot(a, b, acc)
    tl.store(out_ptr + rows[:, None] * BLOCK + rows[None, :], acc)


@triton.jit
def wild_store_kernel(out_ptr, n, BLOCK: tl.constexpr):
    # Every program writes a terabyte past the buffer: an illegal address on any GPU.
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offsets + (1 << 40), offsets.to(tl.float32), mask=offsets < n)
