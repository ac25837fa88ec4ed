#include "specdatafiles.h"

#include "datafilename.h"

#include <algorithm>

namespace tb {

namespace {

// Adds `pattern`'s file for every problem size, each path once.
Status addUses(const Spec &spec, const std::string &pattern, const std::string &label,
               std::vector<DataFileUse> &uses)
{
    const std::size_t sizes = std::max<std::size_t>(1, spec.sizes.values.size());
    for (std::size_t i = 0; i < sizes; ++i) {
        auto path = DataFileName::resolve(pattern, spec, i);
        if (!path)
            return path.error();
        DataFileUse use{label, *path};
        if (std::find(uses.begin(), uses.end(), use) == uses.end())
            uses.push_back(std::move(use));
    }
    return ok();
}

} // namespace

Expected<std::vector<DataFileUse>> specDataFiles(const Spec &spec)
{
    std::vector<DataFileUse> uses;
    for (const auto &argument : spec.arguments)
        if (argument.hasElements() && argument.init.kind == BufferInit::Kind::File)
            if (Status added = addUses(spec, argument.init.file, argument.name, uses); !added)
                return added.error();
    for (const auto &expected : spec.verification.expected)
        if (!expected.file.empty())
            if (Status added =
                    addUses(spec, expected.file, expectedFileLabel(expected.output), uses);
                !added)
                return added.error();
    return uses;
}

std::string expectedFileLabel(const std::string &output)
{
    return output + " (expected)";
}

} // namespace tb
