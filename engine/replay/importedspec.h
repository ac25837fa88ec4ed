#pragma once

#include "replay/recordedproblemsize.h"
#include "replay/recordedspace.h"

#include "model/expected.h"
#include "model/spec.h"

#include <optional>
#include <string>
#include <vector>

namespace tb {

// The spec an imported recording is filed under when the user names none, and what of the
// recording it could not say.
struct ImportedSpec
{
    Spec spec;
    // A Kernel Tuner restriction that did not become a constraint, and why, one a line.
    std::vector<std::string> notes;
};

// The spec an imported recording is filed under when the user names none: the kernel's name
// (else the file's stem), the file's parameters and values in its order, its restrictions as
// constraints where they translate (translatePythonRestriction), and
// one problem size, the file's (variables named as the file names them, else size_x, size_y,
// size_z, size_3, ...; none where the file gives no size). The recording holds neither the
// kernel's source nor its arguments: the spec says so in its kernel code and cannot be tuned.
// Its document depends on nothing but these, so recordings of one space on several devices
// share one spec, and `compare` matches their sizes and configurations.
Expected<ImportedSpec> synthesizeImportedSpec(const RecordedSpace &space,
                                              const std::optional<RecordedProblemSize> &size,
                                              const std::string &path);

} // namespace tb
