#include "tritonhelper.h"

namespace tb {

namespace {

// Importing Triton takes a second or two; a cold first import on a network disk, more.
constexpr double kVersionsTimeoutSeconds = 120;

} // namespace

Status TritonHelper::ensureRunning()
{
    if (m_process && m_process->running())
        return ok();
    std::vector<std::string> command{m_install.python, "-u", m_install.helper};
    if (!m_install.keyCache.empty())
        command.insert(command.end(), {"--key-cache", m_install.keyCache});
    auto started = HelperProcess::start(command);
    if (!started)
        return started.error();
    m_process.emplace(std::move(*started));
    return ok();
}

Expected<nlohmann::json> TritonHelper::request(const nlohmann::json &request, double timeoutSeconds)
{
    if (Status running = ensureRunning(); !running)
        return makeError(EngineError::Code::BackendError,
                         "cannot start Triton's compiler (" + m_install.python + ")",
                         running.error().toString());
    auto line = m_process->exchange(request.dump(), timeoutSeconds);
    if (!line)
        return makeError(EngineError::Code::BackendError,
                         "Triton's compiler gave no answer: " + line.error().message);
    auto answer = nlohmann::json::parse(*line, nullptr, /*allow_exceptions=*/false);
    if (!answer.is_object()) {
        m_process.reset(); // out of step with us: a fresh helper for the next request
        return makeError(EngineError::Code::BackendError,
                         "Triton's compiler answered something that is not a JSON object",
                         line->substr(0, 200));
    }
    return answer;
}

Expected<std::string> TritonHelper::tritonVersion()
{
    if (!m_version.empty())
        return m_version;
    auto answer = request({{"op", "versions"}}, kVersionsTimeoutSeconds);
    if (!answer)
        return answer.error();
    if (!answer->value("ok", false) || !answer->contains("triton") ||
        !(*answer)["triton"].is_string())
        return makeError(EngineError::Code::BackendError,
                         "the Python at " + m_install.python + " cannot import Triton",
                         answer->value("error", std::string()));
    m_version = (*answer)["triton"].get<std::string>();
    return m_version;
}

} // namespace tb
