#pragma once

#include "model/spec.h"

#include <optional>
#include <string>

namespace tb {

// The .npy dtype ("descr") NumPy writes for `type`, e.g. "<f4", "|u1"; nullopt for bfloat16 and
// the float8 types, which no standard NumPy dtype holds.
std::optional<std::string> npyDescr(ElementType type);

// Why an .npy file of dtype `descr` cannot give elements of `type`; nullopt when it can. Only
// the same type, little-endian, is taken: converting would hide a wrong file.
std::optional<std::string> npyDescrMismatch(const std::string &descr, ElementType type);

} // namespace tb
