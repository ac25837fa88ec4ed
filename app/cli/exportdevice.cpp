#include "exportdevice.h"

#include "analysis/devicegroups.h"

namespace tb {

Expected<DeviceExport> exportedPart(OpenRun &loaded, const ExportOptions &options, bool withSamples)
{
    auto results = loaded.store.results().ofRun(options.runId, withSamples);
    if (!results)
        return results.error();
    const std::string run = std::to_string(options.runId);
    if (options.measureMissing && groupByDeviceModel(*results).size() > 1)
        return makeError(EngineError::Code::InvalidArgument,
                         "--measure-missing cannot complete run " + run +
                             ": it was measured on several device models",
                         "export a kernel set of one model with --device-model MODEL, without "
                         "--measure-missing");
    return exportedDevicePart(loaded.run, std::move(*results), options.deviceModel,
                              "--device-model MODEL exports one of them (once per model); `show " +
                                  run + "` ranks each");
}

} // namespace tb
