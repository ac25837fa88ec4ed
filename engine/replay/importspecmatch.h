#pragma once

#include "replay/recordedproblemsize.h"
#include "replay/recordedspace.h"

#include "model/configuration.h"
#include "model/expected.h"
#include "model/spec.h"

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tb {

// Where a recording goes in a spec the user named (import --spec): the problem size it
// measured, and each spec parameter's place among the file's parameters.
class ImportSpecMatch
{
public:
    // InvalidArgument (naming `path`) when the parameter names differ (both lists named), when
    // the file's size is none of the spec's (the spec's sizes listed), or when the file names no
    // size and the spec has several. Values are checked per configuration (toSpecOrder).
    static Expected<ImportSpecMatch> create(const Spec &spec, const RecordedSpace &space,
                                            const std::optional<RecordedProblemSize> &size,
                                            const std::string &path);

    std::size_t sizeIndex() const { return m_sizeIndex; }

    // The configuration's values in the order of `spec` (the one create() was given);
    // InvalidArgument naming the configuration when a value is not one the spec lists.
    Expected<Configuration> toSpecOrder(const Spec &spec, const Configuration &recorded,
                                        const std::vector<Parameter> &fileParameters) const;

private:
    explicit ImportSpecMatch(std::string path) : m_path(std::move(path)) {}

    std::string m_path;
    std::size_t m_sizeIndex = 0;
    std::vector<std::size_t> m_fileIndexOf; // per spec parameter, its index in the file
};

} // namespace tb
