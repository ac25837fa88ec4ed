"""Row-wise softmax: memory-bound, one row per program.

BLOCK_SIZE is the power of two at or above the row length; the row is read once and written
once, so the kernel's speed is the memory bandwidth. The maximum is subtracted before the
exponential so that large inputs do not overflow.
"""
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(
    out_ptr, in_ptr,
    in_row_stride, out_row_stride,
    n_cols,
    BLOCK_SIZE: tl.constexpr,
):
    row = tl.program_id(axis=0)
    cols = tl.arange(0, BLOCK_SIZE)
    inside = cols < n_cols
    x = tl.load(in_ptr + row * in_row_stride + cols, mask=inside, other=-float("inf"))
    x = x.to(tl.float32)
    x = x - tl.max(x, axis=0)
    numerator = tl.exp(x)
    y = numerator / tl.sum(numerator, axis=0)
    tl.store(out_ptr + row * out_row_stride + cols, y.to(out_ptr.dtype.element_ty), mask=inside)
