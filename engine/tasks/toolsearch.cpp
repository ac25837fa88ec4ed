#include "toolsearch.h"

#include <cstdlib>
#include <filesystem>
#include <unistd.h>

namespace tb {

namespace {

std::string environmentValue(const char *name)
{
    const char *value = std::getenv(name);
    return value ? std::string(value) : std::string();
}

// $PATH's directories in order, empty entries left out.
std::vector<std::string> pathDirectories()
{
    std::vector<std::string> directories;
    const std::string path = environmentValue("PATH");
    std::size_t begin = 0;
    while (begin <= path.size()) {
        std::size_t end = path.find(':', begin);
        if (end == std::string::npos)
            end = path.size();
        if (end > begin)
            directories.push_back(path.substr(begin, end - begin));
        begin = end + 1;
    }
    return directories;
}

std::string joined(const std::vector<std::string> &words, const std::string &separator)
{
    std::string text;
    for (const auto &word : words)
        text += (text.empty() ? "" : separator) + word;
    return text;
}

} // namespace

ToolSearch ToolSearch::cudaTools()
{
    ToolSearch search{pathDirectories(), "PATH"};
    std::vector<std::string> places{"PATH"};
    for (const char *variable : {"CUDA_HOME", "CUDA_PATH"}) {
        const std::string root = environmentValue(variable);
        if (root.empty())
            continue;
        search.directories.push_back((std::filesystem::path(root) / "bin").string());
        places.push_back("$" + std::string(variable) + "/bin");
    }
    search.directories.push_back("/usr/local/cuda/bin");
    search.where = joined(places, ", ") + " or /usr/local/cuda/bin";
    return search;
}

ToolSearch ToolSearch::hostTools()
{
    return {pathDirectories(), "PATH"};
}

ToolSearch ToolSearch::in(const std::vector<std::string> &directories)
{
    return {directories, directories.empty() ? "no directory" : joined(directories, ", ")};
}

std::string findTool(const std::string &name, const ToolSearch &search)
{
    for (const auto &directory : search.directories) {
        const std::filesystem::path candidate = std::filesystem::path(directory) / name;
        std::error_code error;
        if (std::filesystem::is_regular_file(candidate, error) &&
            ::access(candidate.c_str(), X_OK) == 0)
            return std::filesystem::absolute(candidate, error).lexically_normal().string();
    }
    return {};
}

} // namespace tb
