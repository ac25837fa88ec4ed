#include "replayevaluator.h"

#include "measure/adaptivesampler.h"

#include <utility>

namespace tb {

ReplayEvaluator::ReplayEvaluator(RecordedSpace space, ReplayMode mode, std::uint64_t seed,
                                 MeasurementSettings sampling)
    : m_space(std::move(space)), m_mode(mode), m_sampling(sampling), m_engine(seed)
{}

MeasurementSettings ReplayEvaluator::singleDraw()
{
    MeasurementSettings settings;
    settings.minSamples = 1;
    settings.maxSamples = 1;
    return settings;
}

Expected<ReplayEvaluator> ReplayEvaluator::create(RecordedSpace space, ReplayMode mode,
                                                  std::uint64_t seed, MeasurementSettings sampling)
{
    ReplayEvaluator evaluator(std::move(space), mode, seed, sampling);
    const auto &parameters = evaluator.m_space.parameters;
    const auto &configurations = evaluator.m_space.configurations;
    evaluator.m_index.reserve(configurations.size());
    for (std::size_t i = 0; i < configurations.size(); ++i) {
        const Configuration &config = configurations[i].configuration;
        if (config.values.size() != parameters.size())
            return makeError(EngineError::Code::InvalidArgument,
                             "recorded configuration " + std::to_string(i) + " has " +
                                 std::to_string(config.values.size()) + " values for " +
                                 std::to_string(parameters.size()) + " parameters");
        if (!evaluator.m_index.emplace(config, i).second)
            return makeError(EngineError::Code::InvalidArgument,
                             "configuration " + config.key(parameters) + " is recorded twice");
    }
    return evaluator;
}

const RecordedConfiguration *ReplayEvaluator::find(const Configuration &config) const
{
    const auto it = m_index.find(config);
    return it == m_index.end() ? nullptr : &m_space.configurations[it->second];
}

ReplayEvaluation ReplayEvaluator::evaluate(const Configuration &config, double stopAboveSeconds)
{
    ReplayEvaluation evaluation;
    const RecordedConfiguration *recorded = find(config);
    if (!recorded)
        return evaluation;
    evaluation.known = true;
    evaluation.trueMeanSeconds = recorded->seconds;
    evaluation.costSeconds = recorded->costSeconds();
    evaluation.failure = recorded->failure;
    if (recorded->failed())
        return evaluation;
    const auto &samples = recorded->sampleSeconds;
    // A configuration recorded with a mean but no samples has only the mean to give.
    if (m_mode == ReplayMode::Sampled && !samples.empty())
        evaluation.objectiveSeconds = measure(samples, stopAboveSeconds);
    else
        evaluation.objectiveSeconds = recorded->seconds;
    return evaluation;
}

double ReplayEvaluator::measure(const std::vector<double> &samples, double stopAboveSeconds)
{
    AdaptiveSampler sampler(m_sampling, stopAboveSeconds);
    double elapsed = 0;
    do {
        const double drawn = samples[drawBelow(samples.size())];
        sampler.add(drawn);
        elapsed += drawn;
    } while (!sampler.done(elapsed));
    // One sample is its own median; more are summarised as a run summarises them.
    return sampler.samples().size() == 1 ? sampler.samples().front() : sampler.summary().median;
}

std::size_t ReplayEvaluator::drawBelow(std::size_t bound)
{
    // Rejection keeps the draw unbiased: the values at or above 2^64 mod bound are a whole
    // number of runs of `bound`. std::uniform_int_distribution differs between standard
    // libraries, which would break "same seed, same draws".
    const std::uint64_t range = bound;
    const std::uint64_t threshold = (0 - range) % range;
    for (;;) {
        const std::uint64_t value = m_engine();
        if (value >= threshold)
            return static_cast<std::size_t>(value % range);
    }
}

} // namespace tb
