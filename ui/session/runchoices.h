#pragma once

#include "runrequest.h"
#include "tasks/runsetup.h"

#include <QStringList>

#include <optional>
#include <string>
#include <vector>

namespace tb {

// The Run page's request in the engine's words (tasks/runsetup.h's RunChoices): the same policy
// then prepares it as it prepares the CLI's `tune`. The stop and pause flags are the caller's.
RunChoices runChoices(const RunRequest &request);

// The Preferences' enabled GPUs (nullopt: every GPU found) as RunChoices takes them, with the
// words for a selection that leaves none.
void applyEnabledGpus(const std::optional<QStringList> &enabled, RunChoices &choices);

} // namespace tb
