#include "runorigin.h"

#include "replay/recordedrunimport.h"

namespace tb {

std::string runOriginText(const RunRecord &run)
{
    if (!run.imported())
        return {};
    return "imported from " + originName(run.origin) + " " + run.sourceFile;
}

std::string runDeviceText(const RunRecord &run)
{
    return run.device.empty() ? "device not recorded" : run.device;
}

} // namespace tb
