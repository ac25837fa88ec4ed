#include "remeasureplan.h"

#include "analysis/pairnarrowing.h"
#include "spec/specloader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tb {

namespace {

using json = nlohmann::json;

// The sample cap kept within what a spec may say (an int).
int grownCount(int count, double growth)
{
    return int(std::min(double(count) * growth, double(std::numeric_limits<int>::max())));
}

// The document's measurement object with the longer settings of `round`.
json longerMeasurement(json measurement, const MeasurementSettings &settings, int round,
                       double thresholdPercent)
{
    const double growth = std::pow(double(kRemeasureGrowth), round);
    const double maxSeconds =
        std::min(settings.maxSecondsPerConfig * growth,
                 std::max(settings.maxSecondsPerConfig, kRemeasureMaxSeconds));
    measurement["max_samples"] = grownCount(settings.maxSamples, growth);
    measurement["max_seconds_per_config"] = maxSeconds;
    // The timeout bounds a whole measurement: it keeps the slack the spec gave beyond its cap.
    measurement["timeout_seconds"] =
        settings.timeoutSeconds + (maxSeconds - settings.maxSecondsPerConfig);
    measurement["min_seconds_per_config"] =
        std::min(maxSeconds, settings.minSecondsPerConfig * growth);
    if (thresholdPercent > 0)
        measurement["target_rel_ci"] =
            std::min(settings.targetRelativeHalfWidth, thresholdPercent / 100.0 / 4.0);
    measurement["early_exit_factor"] = 0;
    return measurement;
}

} // namespace

Expected<ExportCheckPlan> remeasurePlan(const ExportCheckPlan &plan,
                                        const std::vector<ShippedConfig> &again, int round,
                                        double thresholdPercent)
{
    json document = json::parse(plan.spec.document, nullptr, false);
    if (document.is_discarded() || !document.is_object())
        return makeError(EngineError::Code::InvalidSpec,
                         "spec '" + plan.spec.name + "': its stored document is not a JSON object");
    document["measurement"] = longerMeasurement(document.value("measurement", json::object()),
                                                plan.spec.measurement, round, thresholdPercent);
    auto longer = SpecLoader().parse(document.dump(), plan.spec.baseDirectory);
    if (!longer)
        return longer.error();
    std::vector<ConfigAtSize> pairs;
    for (const ShippedConfig &shipped : again)
        pairs.push_back({shipped.config, shipped.sizeIndex});
    auto narrowed = narrowSpecToPairs(*longer, pairs);
    if (!narrowed)
        return narrowed.error();
    ExportCheckPlan next = plan;
    next.spec = std::move(narrowed.value());
    next.shipped = again;
    return next;
}

} // namespace tb
