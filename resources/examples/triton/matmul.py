"""An fp16 matrix product C = A x B with fp32 accumulation, in the style of Triton's tutorial 03.

Each program computes one BLOCK_M x BLOCK_N tile of C. Programs are ordered in groups of
GROUP_M tile rows so that neighbouring programs share tiles of A and B in the L2 cache.
The autotune decorator lists the 24 configurations Tunebench opens as its starting grid.
"""
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32}, num_warps=4, num_stages=3),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32}, num_warps=8, num_stages=3),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32}, num_warps=8, num_stages=4),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 64}, num_warps=4, num_stages=3),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 64}, num_warps=8, num_stages=3),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 64}, num_warps=8, num_stages=4),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 128, "BLOCK_K": 32}, num_warps=4, num_stages=3),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 128, "BLOCK_K": 32}, num_warps=8, num_stages=3),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 128, "BLOCK_K": 32}, num_warps=8, num_stages=4),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 128, "BLOCK_K": 64}, num_warps=4, num_stages=3),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 128, "BLOCK_K": 64}, num_warps=8, num_stages=3),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 128, "BLOCK_K": 64}, num_warps=8, num_stages=4),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 64, "BLOCK_K": 32}, num_warps=4, num_stages=3),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 64, "BLOCK_K": 32}, num_warps=8, num_stages=3),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 64, "BLOCK_K": 32}, num_warps=8, num_stages=4),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 64, "BLOCK_K": 64}, num_warps=4, num_stages=3),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 64, "BLOCK_K": 64}, num_warps=8, num_stages=3),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 64, "BLOCK_K": 64}, num_warps=8, num_stages=4),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 32}, num_warps=4, num_stages=3),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 32}, num_warps=8, num_stages=3),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 32}, num_warps=8, num_stages=4),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64}, num_warps=4, num_stages=3),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64}, num_warps=8, num_stages=3),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64}, num_warps=8, num_stages=4),
    ],
    key=["M", "N", "K"],
)
@triton.jit
def matmul_kernel(
    a_ptr, b_ptr, c_ptr,
    M, N, K,
    stride_am, stride_ak,
    stride_bk, stride_bn,
    stride_cm, stride_cn,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
    GROUP_M: tl.constexpr = 8,
):
    pid = tl.program_id(axis=0)
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    # Grouped order: GROUP_M tile rows are walked column by column.
    programs_per_group = GROUP_M * tiles_n
    group = pid // programs_per_group
    first_tile_m = group * GROUP_M
    group_rows = min(tiles_m - first_tile_m, GROUP_M)
    tile_m = first_tile_m + (pid % programs_per_group) % group_rows
    tile_n = (pid % programs_per_group) // group_rows

    rows = (tile_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    cols = (tile_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    depth = tl.arange(0, BLOCK_K)
    a_tile = a_ptr + rows[:, None] * stride_am + depth[None, :] * stride_ak
    b_tile = b_ptr + depth[:, None] * stride_bk + cols[None, :] * stride_bn

    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        remaining = K - k * BLOCK_K
        a = tl.load(a_tile, mask=depth[None, :] < remaining, other=0.0)
        b = tl.load(b_tile, mask=depth[:, None] < remaining, other=0.0)
        acc = tl.dot(a, b, acc)
        a_tile += BLOCK_K * stride_ak
        b_tile += BLOCK_K * stride_bk

    c = acc.to(tl.float16)
    out_rows = tile_m * BLOCK_M + tl.arange(0, BLOCK_M)
    out_cols = tile_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_tile = c_ptr + out_rows[:, None] * stride_cm + out_cols[None, :] * stride_cn
    tl.store(c_tile, c, mask=(out_rows[:, None] < M) & (out_cols[None, :] < N))
