#pragma once

#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <vector>

namespace tb {

// Why the Preferences' GPUs left none of the GPUs found (selectGpus(), tasks/runsetup.h),
// for the run's log.
QString noEnabledGpuReason(const std::optional<QStringList> &enabled);

} // namespace tb
