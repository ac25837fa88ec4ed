#pragma once

#include <optional>
#include <set>
#include <string>

namespace tb {

// What a kernel's source declares under names that a spec's parameters may also carry: the
// builders pass each parameter as a -D<name> macro, which rewrites every later use of that
// name in the source, declarations included.

// Names declared as template parameters anywhere in the source ("template <int BM, typename
// T = float>" -> BM, T). Comments are ignored.
std::set<std::string> templateParameterNames(const std::string &source);

// The 1-based line of the first declaration of `name` in the source ("constexpr int BM = 64;",
// "struct BM", "template <int BM>"), if any. A "#define BM 64" is no such declaration: under
// "#ifndef BM" it is the usual default, and a -DBM only makes it a redefinition warning.
std::optional<int> declarationLine(const std::string &source, const std::string &name);

} // namespace tb
