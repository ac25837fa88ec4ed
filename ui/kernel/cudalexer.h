#pragma once

#include <Qsci/qscilexercpp.h>

namespace tb {

// C++ highlighting plus CUDA's own words: qualifiers and launch bounds (__global__,
// __shared__, __launch_bounds__, ...), the built-in index variables (threadIdx, blockIdx,
// blockDim, gridDim, warpSize), the intrinsics a kernel calls most (__syncthreads, __shfl_*,
// atomics) and the vector types. They form keyword set 2, which QsciLexerCPP styles as
// KeywordSet2; the constructor gives that style its own colour.
class CudaLexer : public QsciLexerCPP
{
    Q_OBJECT
public:
    explicit CudaLexer(QObject *parent = nullptr);

    const char *keywords(int set) const override;
    const char *language() const override { return "CUDA"; }

    // The CUDA words as one space-separated list (keyword set 2).
    static const char *cudaKeywords();
};

} // namespace tb
