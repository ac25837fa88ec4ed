#include "tritonkernelfile.h"

#include "backend/cuda/compile/tritoninstall.h"
#include "tritonstartingspec.h"

#include <algorithm>
#include <filesystem>

namespace tb {

namespace {

namespace fs = std::filesystem;

// Parsing a file takes milliseconds; starting Python (no Triton import) well under a second.
constexpr double kReadTimeoutSeconds = 60;

std::string listed(const std::vector<std::string> &names)
{
    std::string text;
    for (const std::string &name : names)
        text += (text.empty() ? "" : ", ") + name;
    return text;
}

} // namespace

Expected<TritonKernelFile> TritonKernelFile::open(const std::string &path)
{
    std::error_code error;
    if (!fs::is_regular_file(path, error))
        return makeError(EngineError::Code::IoError, "no such kernel file: " + path);
    auto install = findTritonInstall();
    if (!install)
        return install.error();
    return TritonKernelFile(fs::absolute(path).lexically_normal().string(), std::move(*install));
}

Expected<nlohmann::json> TritonKernelFile::ask(nlohmann::json request)
{
    request["source"] = m_path;
    auto answer = m_helper.request(request, kReadTimeoutSeconds);
    if (!answer)
        return answer.error();
    if (!answer->value("ok", false)) {
        std::string message = answer->value("error", std::string("the helper failed"));
        // The helper's message names the file and line where it has them.
        return makeError(answer->value("kind", std::string()) == "request"
                             ? EngineError::Code::BackendError
                             : EngineError::Code::CompileError,
                         std::move(message));
    }
    return answer;
}

Expected<std::vector<std::string>> TritonKernelFile::kernels()
{
    auto answer = ask({{"op", "kernels"}});
    if (!answer)
        return answer.error();
    std::vector<std::string> names;
    for (const auto &kernel : answer->at("kernels"))
        names.push_back(kernel.at("name").get<std::string>());
    return names;
}

Expected<std::string> TritonKernelFile::chooseEntry(const std::string &given)
{
    auto names = kernels();
    if (!names)
        return names.error();
    const std::string file = fs::path(m_path).filename().string();
    if (names->empty())
        return makeError(EngineError::Code::InvalidArgument,
                         file + " has no top-level @triton.jit function");
    if (given.empty() && names->size() == 1)
        return names->front();
    if (given.empty())
        return makeError(EngineError::Code::InvalidArgument,
                         file + " has several @triton.jit functions: choose one (" +
                             listed(*names) + ")");
    if (std::find(names->begin(), names->end(), given) == names->end())
        return makeError(EngineError::Code::InvalidArgument,
                         file + " has no @triton.jit function " + given + " (it has " +
                             listed(*names) + ")");
    return given;
}

Expected<StartingSpec> TritonKernelFile::startingSpec(const std::string &entry,
                                                      const std::string &specPath)
{
    auto answer = ask({{"op", "inspect"}, {"entry", entry}});
    if (!answer)
        return answer.error();
    const fs::path specDirectory = fs::absolute(specPath).parent_path();
    const std::string source = fs::path(m_path).lexically_relative(specDirectory).string();
    return tritonStartingSpec(*answer, entry, source.empty() ? m_path : source);
}

} // namespace tb
