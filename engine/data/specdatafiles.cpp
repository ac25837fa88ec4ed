#include "specdatafiles.h"

#include "datafilename.h"

#include <algorithm>

namespace tb {

Expected<std::vector<DataFileUse>> specDataFiles(const Spec &spec)
{
    std::vector<DataFileUse> uses;
    const std::size_t sizes = std::max<std::size_t>(1, spec.sizes.values.size());
    for (const auto &argument : spec.arguments) {
        if (!argument.hasElements() || argument.init.kind != BufferInit::Kind::File)
            continue;
        for (std::size_t i = 0; i < sizes; ++i) {
            auto path = DataFileName::resolve(argument.init.file, spec, i);
            if (!path)
                return path.error();
            DataFileUse use{argument.name, *path};
            if (std::find(uses.begin(), uses.end(), use) == uses.end())
                uses.push_back(std::move(use));
        }
    }
    return uses;
}

} // namespace tb
