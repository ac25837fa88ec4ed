#pragma once

#include "data/datafile.h"
#include "model/expected.h"
#include "model/spec.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace tb {

// The file output `output` is compared with at problem size `sizeIndex`
// (verification.expected.NAME.file, its {name}s resolved for that size), mapped and checked as
// `count` elements of the output's type; nullopt when the output has no file and is compared
// with the reference configuration's. InvalidSpec naming the output and the file when the file
// cannot serve: missing, another dtype, more or fewer elements.
Expected<std::optional<DataFile>> openExpectedOutputFile(const Spec &spec,
                                                         const std::string &output,
                                                         std::uint64_t count,
                                                         std::size_t sizeIndex);

} // namespace tb
