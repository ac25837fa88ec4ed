#include "binaryfile.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>

namespace tb {

std::vector<char> readBinaryFile(const std::string &path, std::string *error)
{
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        if (error)
            *error = "cannot open " + path + ": " + std::strerror(errno);
        return {};
    }
    std::vector<char> bytes((std::istreambuf_iterator<char>(file)),
                            std::istreambuf_iterator<char>());
    if (file.bad() && error)
        *error = "cannot read " + path;
    return bytes;
}

} // namespace tb
