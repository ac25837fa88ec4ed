#pragma once

#include "replay/configurationhash.h"
#include "replay/recordedspace.h"
#include "replay/replayevaluation.h"
#include "replay/replaymode.h"

#include "model/expected.h"
#include "model/spec.h"

#include <cstddef>
#include <cstdint>
#include <random>
#include <unordered_map>

namespace tb {

// Evaluates configurations by looking them up in a recorded space instead of measuring them:
// a search runs without a GPU, and a whole benchmark of strategies in seconds. Lookup hashes
// the configuration's values (O(1)). In Sampled mode each evaluation measures as a run does:
// it draws recorded samples (with replacement) into an AdaptiveSampler under the run's
// measurement settings until the sampler is done, the drawn samples' sum standing for the time
// spent, and observes their median. Draws come from an mt19937_64 seeded at creation with our
// own bounded draw, so they depend on the seed only, with every standard library. Not
// thread-safe (Sampled draws change state).
class ReplayEvaluator
{
public:
    // Fails with InvalidArgument when a configuration is recorded twice or has not one value
    // per parameter (a space from the readers never does).
    static Expected<ReplayEvaluator> create(RecordedSpace space, ReplayMode mode,
                                            std::uint64_t seed = 0,
                                            MeasurementSettings sampling = {});
    // Settings under which a Sampled evaluation draws exactly one sample.
    static MeasurementSettings singleDraw();

    // `stopAboveSeconds`: a Sampled evaluation stops drawing as the run's early exit does, once
    // the median's interval lies wholly above it (0: never).
    ReplayEvaluation evaluate(const Configuration &config, double stopAboveSeconds = 0);

    // The recorded configuration, or nullptr when the recording does not hold it.
    const RecordedConfiguration *find(const Configuration &config) const;

    const RecordedSpace &space() const { return m_space; }
    ReplayMode mode() const { return m_mode; }

private:
    ReplayEvaluator(RecordedSpace space, ReplayMode mode, std::uint64_t seed,
                    MeasurementSettings sampling);
    std::size_t drawBelow(std::size_t bound);
    double measure(const std::vector<double> &samples, double stopAboveSeconds);

    RecordedSpace m_space;
    ReplayMode m_mode;
    MeasurementSettings m_sampling;
    std::mt19937_64 m_engine;
    std::unordered_map<Configuration, std::size_t, ConfigurationHash> m_index;
};

} // namespace tb
