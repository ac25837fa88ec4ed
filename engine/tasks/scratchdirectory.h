#pragma once

#include <string>

namespace tb {

// A directory of its own under the system's temporary directory, removed with everything in it
// when this object goes. `verify` measures into a workspace there, so a check leaves nothing
// behind. path() is empty when the directory could not be made, and error() then says why.
class ScratchDirectory
{
public:
    explicit ScratchDirectory(const std::string &prefix = "tunebench-verify");
    ~ScratchDirectory();
    ScratchDirectory(const ScratchDirectory &) = delete;
    ScratchDirectory &operator=(const ScratchDirectory &) = delete;

    const std::string &path() const { return m_path; }
    const std::string &error() const { return m_error; }

private:
    std::string m_path;
    std::string m_error;
};

} // namespace tb
