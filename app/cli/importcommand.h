#pragma once

#include "clicontext.h"

#include <string>

namespace tb {

struct ImportOptions
{
    std::string path;       // a Kernel Tuner cache file or a T4 results file
    std::string specPath;   // --spec: file it under this spec; empty: a spec made from the file
    std::string deviceName; // --device: for a file that names no device
};

// `tunebench-cli import FILE`: the recording stored in the workspace as a finished run marked
// imported, beside the runs tuned here (runs, show, compare, export see it). Exit 3 for a file
// that cannot be read as either format, a spec that does not describe it, or a file already
// imported; nothing is stored then.
int runImport(const CliContext &context, const ImportOptions &options);

} // namespace tb
