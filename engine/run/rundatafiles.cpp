#include "rundatafiles.h"

#include "data/datafile.h"
#include "data/specdatafiles.h"

#include <algorithm>

namespace tb {

Expected<std::vector<RunDataFile>> RunDataFiles::hashed(const Spec &spec)
{
    auto uses = specDataFiles(spec);
    if (!uses)
        return uses.error();
    std::vector<RunDataFile> files;
    for (const DataFileUse &use : *uses) {
        auto hash = dataFileHash(use.path);
        if (!hash)
            return makeError(hash.error().code,
                             "argument '" + use.argument + "': " + hash.error().message);
        files.push_back({use.argument, use.path, *hash});
    }
    return files;
}

std::vector<std::string> RunDataFiles::changed(const std::vector<RunDataFile> &recorded,
                                               const std::vector<RunDataFile> &now)
{
    std::vector<std::string> names;
    if (recorded.empty())
        return names;
    for (const RunDataFile &file : now) {
        const bool same = std::any_of(recorded.begin(), recorded.end(), [&](const auto &old) {
            return old.argument == file.argument && old.path == file.path && old.hash == file.hash;
        });
        if (!same)
            names.push_back("argument '" + file.argument + "': " + file.path);
    }
    return names;
}

} // namespace tb
