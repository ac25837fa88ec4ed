#pragma once

#include "helperprocess.h"
#include "model/expected.h"
#include "tritoninstall.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace tb {

// Triton's compiler, reached through our helper (engine/backend/triton/python/
// tunebench_triton.py) in a Python with Triton: one JSON request per line, one JSON answer per
// line. The helper starts on the first request and again after it died; a request it could not
// answer (it crashed, hung past the time limit) is an error, the next one gets a fresh helper.
// The requests ("versions", "inspect", "compile") and their answers are documented in the
// helper's own file.
class TritonHelper
{
public:
    explicit TritonHelper(TritonInstall install) : m_install(std::move(install)) {}

    // The helper's answer object, whatever its "ok" says; BackendError when there is none.
    Expected<nlohmann::json> request(const nlohmann::json &request, double timeoutSeconds);

    // "3.6.0": the Triton the helper imports, asked once.
    Expected<std::string> tritonVersion();

    const TritonInstall &install() const { return m_install; }

private:
    Status ensureRunning();

    TritonInstall m_install;
    std::optional<HelperProcess> m_process;
    std::string m_version;
};

} // namespace tb
