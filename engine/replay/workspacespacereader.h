#pragma once

#include "replay/recordedspace.h"

#include "model/expected.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace tb {

// Reads one run of a Tunebench workspace as a recorded space, so that a run brute-forced on a
// GPU can be replayed: `runId` (default: the newest run with results), problem size `sizeIndex`
// of its spec. The file may be plain or gzip- or xz-compressed (WorkspaceSource); it is opened
// read-only and never written.
//
// Parameters are the run's spec's; each stored result of that size is one configuration:
// `seconds` its median time (what Tunebench ranks by), `sampleSeconds` its samples, its costs
// the compile time, the CUDA backend's verification time, and its measuring time (or the sum of
// its samples); a failure's text is its status and the first line of its message
// ("compile_error: ..."). Fails naming the file: IoError when it cannot be read; InvalidArgument
// when it is not a workspace, has no such run (or no run with results), the size is out of
// range (the message lists the sizes) or has no results, or the run was compile-only (nothing
// timed); StoreError or InvalidSpec when the workspace or its spec cannot be read back.
Expected<RecordedSpace> readWorkspaceSpace(const std::string &path,
                                           std::optional<std::int64_t> runId = std::nullopt,
                                           std::size_t sizeIndex = 0);

} // namespace tb
