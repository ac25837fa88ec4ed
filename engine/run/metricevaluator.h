#pragma once

#include "model/configuration.h"
#include "model/expected.h"
#include "model/result.h"
#include "model/spec.h"
#include "space/expression.h"

#include <vector>

namespace tb {

// Computes a spec's derived metrics (GB/s, GFLOP/s, ...) from a result's median time. Lives on
// the supervisor side: workers only measure, so a metric can change without re-measuring.
class MetricEvaluator
{
public:
    static Expected<MetricEvaluator> create(const Spec &spec);

    // Fills result.metrics for an ok result with a median; leaves other results untouched.
    void apply(const Configuration &config, std::size_t sizeIndex, Result &result) const;

    // Whether a longer median always ranks worse, for every problem size: the objective is the
    // time (minimised), or a metric of the time and the sizes alone, no parameter, that gets
    // worse as the time grows (GFLOP/s = 2 * M * N * K / time / 1e9, maximised). Early exit
    // compares times with the best so far, so the session allows it only then.
    bool slowerIsWorse() const;

private:
    MetricEvaluator(const Spec &spec, std::vector<Expression> expressions);

    const Spec *m_spec;
    std::vector<Expression> m_expressions; // aligned with m_spec->metrics
};

} // namespace tb
