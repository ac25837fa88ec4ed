#include "loadedrun.h"

#include "analysis/bestpersize.h"
#include "model/measurementcaveats.h"
#include "space/variables.h"

#include <QDateTime>

#include <algorithm>
#include <cmath>
#include <map>

namespace tb {

namespace {

// The store's times: ISO 8601 UTC with milliseconds ("2026-11-26T10:33:01.123Z"). Invalid
// when missing or unreadable.
QDateTime storedTime(const std::string &text)
{
    return QDateTime::fromString(QString::fromStdString(text), Qt::ISODateWithMs);
}

// A stored result's seconds since its run started, as a live run's elapsedSeconds. The store
// keeps no pauses, so they count here. 0 where a time is missing or unreadable (msecsTo() of an
// invalid time is 0), and where the clock stepped back past the start (the x axis starts at 0).
double secondsSince(const QDateTime &start, const std::string &createdAt)
{
    return std::max(0.0, double(start.msecsTo(storedTime(createdAt))) / 1000);
}

} // namespace

LoadedRun toLoadedRun(StoredRun run)
{
    LoadedRun loaded;
    loaded.outline = specOutline(run.spec);
    loaded.outline.peaks = effectivePeaks(run.spec.peaks, run.record.devicePeaks);
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
    const QDateTime started = storedTime(run.record.startedAt);
    loaded.events.reserve(qsizetype(run.results.size()));
    for (StoredResult &stored : run.results) {
        ResultEvent event;
        event.sizeIndex = stored.sizeIndex;
        event.configKey = std::move(stored.configKey);
        event.config = std::move(stored.config);
        event.elapsedSeconds = secondsSince(started, stored.createdAt);
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
