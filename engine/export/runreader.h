#pragma once

#include "model/expected.h"
#include "model/spec.h"
#include "storage/store.h"

#include <cstdint>
#include <string>

namespace tb {

// Opens a workspace that must exist already, to read (Store::openToRead: nothing is written, so
// read-only media can be read). IoError naming the path when it is missing or not a regular
// file.
Expected<Store> openExistingWorkspace(const std::string &path);

// A stored run and the spec it ran, parsed back from the document the workspace kept.
struct RunAndSpec
{
    RunRecord run;
    Spec spec;
};

// InvalidArgument when the workspace has no such run; InvalidSpec when its spec does not parse.
Expected<RunAndSpec> readRunAndSpec(Store &store, std::int64_t runId);

} // namespace tb
