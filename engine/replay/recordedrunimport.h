#pragma once

#include "replay/recordedformat.h"

#include "model/expected.h"
#include "model/spec.h"
#include "storage/store.h"

#include <cstddef>
#include <string>
#include <vector>

namespace tb {

// What to import: a Kernel Tuner cache file or a T4 results file (plain, gzip or xz).
struct RecordedRunImport
{
    std::string path;
    // The spec to file it under (import --spec): same parameter names as the file's, every
    // value one it lists, the file's problem size one of its sizes. Null: a spec is made from
    // the file (importedspec.h).
    const Spec *spec = nullptr;
    // The device where the file names none (the Benchmark Hub's MI250X cache, T4 files without
    // an environment); a file that names another one is refused.
    std::string deviceName;
};

// What was stored.
struct ImportedRun
{
    RunRecord run; // id, spec id, origin, source file and device filled
    std::string specName;
    bool specMadeFromFile = false;
    std::size_t sizeIndex = 0;
    std::string sizeLabel; // "size_x=4096,size_y=4096"; "" for a spec without size variables
    std::size_t configurations = 0;
    std::size_t failures = 0;
    // What the spec made from the file could not say (a restriction that did not translate).
    std::vector<std::string> notes;
};

// Reads the file and stores it as a finished run marked imported (RunRecord::origin), every
// recorded configuration one result (importedresult.h), all in one transaction
// (RunImporter::importRun): on any error nothing is stored. InvalidArgument naming the file (and
// the entry) for a file that is not a Kernel Tuner cache or T4 results, a spec that does not
// describe it, or a file already imported into this workspace (the same content under any
// name: refused, naming the earlier run); IoError where it cannot be read; StoreError.
Expected<ImportedRun> importRecordedRun(Store &store, const RecordedRunImport &request);

// "Kernel Tuner cache" or "T4 results": how messages name an imported run's origin
// (RunRecord::origin); "" for a native run's.
std::string originName(const std::string &origin);

} // namespace tb
