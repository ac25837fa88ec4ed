// Included by scale.cu from its own directory: proves that NVRTC gets -I<directory of the
// kernel file>.
#pragma once

__device__ inline float scaleFactor()
{
    return 2.0f;
}
