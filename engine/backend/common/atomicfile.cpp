#include "atomicfile.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <unistd.h>

namespace tb {

std::optional<std::string> readTextFile(const std::string &path)
{
    std::ifstream file(path, std::ios::binary);
    if (!file)
        return std::nullopt;
    return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

std::string temporaryPathFor(const std::string &path)
{
    static std::atomic<unsigned> counter{0};
    return path + "." + std::to_string(::getpid()) + "." + std::to_string(++counter) + ".tmp";
}

Status writeFileAtomically(const std::string &path, const std::string &content)
{
    const std::string temporary = temporaryPathFor(path);
    {
        std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
        file << content;
        file.close();
        if (!file) {
            std::remove(temporary.c_str());
            return makeError(EngineError::Code::IoError, "cannot write " + temporary);
        }
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) {
        const int error = errno;
        std::remove(temporary.c_str());
        return makeError(EngineError::Code::IoError, "cannot rename " + temporary + " to " + path,
                         std::strerror(error));
    }
    return ok();
}

} // namespace tb
