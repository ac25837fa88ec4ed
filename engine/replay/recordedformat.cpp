#include "recordedformat.h"

namespace tb {

const char *toString(RecordedFormat format)
{
    switch (format) {
    case RecordedFormat::KernelTunerCache:
        return "kernel_tuner_cache";
    case RecordedFormat::T4:
        return "t4";
    case RecordedFormat::TunebenchWorkspace:
        return "tunebench_workspace";
    }
    return "unknown";
}

} // namespace tb
