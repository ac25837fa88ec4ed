#pragma once

#include <string>
#include <vector>

namespace tb {

// The bytes of a file (a cubin from the cache); an empty vector with *error set when it cannot
// be read.
std::vector<char> readBinaryFile(const std::string &path, std::string *error);

} // namespace tb
