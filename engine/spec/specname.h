#pragma once

#include "spec/jsonreader.h"

#include <string>

namespace tb {

// Whether `name` may name a parameter, a size variable or an argument: an identifier, and not
// `time`, `_pi` or `_e` (the metric variable and the expression constants it would shadow).
// Reports the issue at `path` when not.
bool checkSpecName(JsonReader &reader, const std::string &name, const std::string &path);

} // namespace tb
