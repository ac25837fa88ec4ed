#include "storedrun.h"

#include "export/bestpersize.h"
#include "model/measurementcaveats.h"
#include "space/variables.h"

#include <cmath>
#include <map>

namespace tb {

LoadedRun toLoadedRun(StoredRun run)
{
    LoadedRun loaded;
    loaded.outline = specOutline(run.spec);
    const std::size_t sizes = problemSizeCount(run.spec);
    for (std::size_t i = 0; i < sizes; ++i)
        loaded.sizeLabels << QString::fromStdString(problemSizeLabel(run.spec, i));

    // By result id: each ok round's median and SM clock, and every ok round's samples (round 1's
    // are the result's own), so a finalist's histogram shows what its combined summary counts.
    std::map<std::int64_t, std::vector<double>> roundMedians, roundClocks, roundSamples;
    for (const StoredRound &round : run.rounds) {
        if (round.result.status != ResultStatus::Ok || round.result.summary.count == 0)
            continue;
        roundMedians[round.resultId].push_back(round.result.summary.median);
        roundClocks[round.resultId].push_back(effectiveSmClockMhz(round.result));
        auto &samples = roundSamples[round.resultId];
        samples.insert(samples.end(), round.result.samples.begin(), round.result.samples.end());
    }
    std::map<std::size_t, double> best; // lower is better, per size
    loaded.events.reserve(qsizetype(run.results.size()));
    for (StoredResult &stored : run.results) {
        ResultEvent event;
        event.sizeIndex = stored.sizeIndex;
        event.configKey = std::move(stored.configKey);
        event.config = std::move(stored.config);
        const bool isOk = stored.result.status == ResultStatus::Ok;
        event.objective = isOk ? objectiveValue(run.spec, stored.result) : std::nan("");
        if (!std::isnan(event.objective)) {
            const double rank = run.spec.objective.minimize ? event.objective : -event.objective;
            auto it = best.find(event.sizeIndex);
            event.newBest = it == best.end() || rank < it->second;
            if (event.newBest)
                best[event.sizeIndex] = rank;
        }
        if (const auto found = roundMedians.find(stored.id); found != roundMedians.end()) {
            event.roundMedians = std::move(found->second);
            event.roundClocks = std::move(roundClocks[stored.id]);
        }
        event.result = std::move(stored.result);
        if (const auto found = roundSamples.find(stored.id);
            found != roundSamples.end() && !found->second.empty())
            event.result.samples = std::move(found->second);
        loaded.events.push_back(std::move(event));
    }
    loaded.record = std::move(run.record);
    return loaded;
}

} // namespace tb
