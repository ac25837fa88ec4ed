"""Halves float8_e4m3fn values into float8_e4m3fn and float8_e5m2 outputs.

Issue 36's check of the 8-bit reals on a GPU: the bench worker fills the input on the host,
Triton's kernel converts on the device, and the device verifier compares each configuration's
outputs with the reference configuration's, element by element.
"""
import triton
import triton.language as tl


@triton.jit
def scale_fp8_kernel(x_ptr, y_ptr, z_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    half = tl.load(x_ptr + offsets, mask=mask).to(tl.float32) * 0.5
    tl.store(y_ptr + offsets, half.to(tl.float8e4nv), mask=mask)
    tl.store(z_ptr + offsets, half.to(tl.float8e5), mask=mask)


@triton.jit(debug=True)
def check_fp8_kernel(x_ptr, e4m3_ptr, e5m2_ptr, same_ptr, n, BLOCK: tl.constexpr):
    """Asserts the host's 8-bit reals are the device's: Tunebench fills x (float32) and the two
    8-bit buffers with the same sequence, and Triton converts x on the GPU (round to nearest
    even). A difference traps the kernel, so the configuration fails with a runtime error."""
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    host_e4m3 = tl.load(e4m3_ptr + offsets, mask=mask).to(tl.uint8, bitcast=True)
    host_e5m2 = tl.load(e5m2_ptr + offsets, mask=mask).to(tl.uint8, bitcast=True)
    same_e4m3 = x.to(tl.float8e4nv).to(tl.uint8, bitcast=True) == host_e4m3
    same_e5m2 = x.to(tl.float8e5).to(tl.uint8, bitcast=True) == host_e5m2
    tl.device_assert(same_e4m3 | ~mask, "the host's float8_e4m3fn differs from the GPU's")
    tl.device_assert(same_e5m2 | ~mask, "the host's float8_e5m2 differs from the GPU's")
    tl.store(same_ptr + offsets, (same_e4m3 & same_e5m2).to(tl.int32), mask=mask)
