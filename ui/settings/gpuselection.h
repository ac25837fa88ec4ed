#pragma once

#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <vector>

namespace tb {

// The GPUs a run measures on: those found (CUDA_VISIBLE_DEVICES values, in the driver's
// order) that the Preferences enable. nullopt enables every GPU found; a GPU enabled but not
// found (another machine's choice) is ignored.
std::vector<std::string> selectGpus(const std::vector<std::string> &found,
                                    const std::optional<QStringList> &enabled);

// Why selectGpus() left none of the GPUs found, for the run's log.
QString noEnabledGpuReason(const std::optional<QStringList> &enabled);

} // namespace tb
