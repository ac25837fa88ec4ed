#pragma once

#include "model/expected.h"
#include "model/spec.h"
#include "storage/storerecords.h"

#include <string>
#include <vector>

namespace tb {

// The data files a run's arguments read (init.file), for its record in the workspace: so a
// result says which data it was measured on, and a resumed run whose data changed says so.
class RunDataFiles
{
public:
    // Every file the spec reads, for every problem size, with the hash of its bytes now.
    // InvalidSpec or IoError naming the file when a name does not resolve or it cannot be read.
    static Expected<std::vector<RunDataFile>> hashed(const Spec &spec);

    // The files of `now` whose hash differs from the one `recorded` holds for them, or which
    // `recorded` lacks, each as "argument 'x': /path/x.npy". None when nothing was recorded
    // (a run from before schema 9 has no record to compare with).
    static std::vector<std::string> changed(const std::vector<RunDataFile> &recorded,
                                            const std::vector<RunDataFile> &now);
};

} // namespace tb
