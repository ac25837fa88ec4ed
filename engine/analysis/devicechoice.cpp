#include "devicechoice.h"

#include "devicemodeltally.h"

#include <algorithm>

namespace tb {

namespace {

// "cpu: Model A (5 results), cpu: Model B (3 results)".
std::string modelList(const DeviceModelTally &tally)
{
    std::string text;
    for (const DeviceModelTally::Model &model : tally.models())
        text += (text.empty() ? "" : ", ") + model.device + " (" + std::to_string(model.results) +
                (model.results == 1 ? " result)" : " results)");
    return text;
}

} // namespace

Expected<DeviceExport> exportedDevicePart(const RunRecord &run, std::vector<StoredResult> results,
                                          const std::string &device, const std::string &howToChoose)
{
    DeviceModelTally tally;
    for (const StoredResult &stored : results)
        tally.add(stored.result.device);
    const std::string runName = "run " + std::to_string(run.id);
    if (device.empty()) {
        if (tally.mixed())
            return makeError(EngineError::Code::InvalidArgument,
                             runName + " was measured on " + std::to_string(tally.models().size()) +
                                 " device models, and an export holds one: " + modelList(tally),
                             howToChoose);
        return DeviceExport{run, std::move(results)};
    }
    const auto &models = tally.models();
    const bool known = std::any_of(models.begin(), models.end(),
                                   [&](const auto &model) { return model.device == device; });
    if (!known)
        return makeError(EngineError::Code::InvalidArgument,
                         runName + " has no result measured on '" + device + "'",
                         models.empty() ? "its results name no device"
                                        : "its device models: " + modelList(tally));
    DeviceExport part{run, {}};
    for (StoredResult &stored : results)
        if (stored.result.device == device || stored.result.device.empty())
            part.results.push_back(std::move(stored));
    const bool runNamedAModel = std::any_of(models.begin(), models.end(), [&](const auto &model) {
        return model.device == run.device;
    });
    if (runNamedAModel)
        part.run.device = device;
    return part;
}

} // namespace tb
