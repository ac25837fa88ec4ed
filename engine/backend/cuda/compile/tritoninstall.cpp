#include "tritoninstall.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace tb {

namespace {

namespace fs = std::filesystem;

std::string environment(const char *name)
{
    const char *value = std::getenv(name);
    return value ? std::string(value) : std::string();
}

std::string userCache()
{
    std::string cache = environment("XDG_CACHE_HOME");
    return cache.empty() ? environment("HOME") + "/.cache" : cache;
}

std::string defaultVirtualEnvironment()
{
    if (std::string venv = environment("TUNEBENCH_TRITON_VENV"); !venv.empty())
        return venv;
    return userCache() + "/tunebench/triton-" + kPinnedTritonVersion;
}

std::string besideProgram(const std::string &relative)
{
    std::error_code error;
    const fs::path program = fs::read_symlink("/proc/self/exe", error);
    if (error)
        return {};
    return (program.parent_path().parent_path() / relative).lexically_normal().string();
}

bool isFile(const std::string &path)
{
    std::error_code error;
    return !path.empty() && fs::is_regular_file(path, error);
}

} // namespace

Expected<TritonInstall> findTritonInstall()
{
    TritonInstall install;
    install.python = environment("TUNEBENCH_TRITON_PYTHON");
    if (install.python.empty()) {
        install.python = defaultVirtualEnvironment() + "/bin/python";
        if (!isFile(install.python))
            return makeError(EngineError::Code::BackendError,
                             "Triton is not installed: run `bash packaging/install-triton.sh` "
                             "(or set TUNEBENCH_TRITON_PYTHON to a Python with Triton " +
                                 std::string(kPinnedTritonVersion) + ")",
                             "no " + install.python);
    }
    install.helper = environment("TUNEBENCH_TRITON_HELPER");
    if (install.helper.empty())
        install.helper = besideProgram("share/tunebench/triton/tunebench_triton.py");
    if (!isFile(install.helper))
        return makeError(EngineError::Code::BackendError,
                         "Tunebench's Triton helper is missing (a broken install or bundle?)",
                         "no " + install.helper);
    install.keyCache = userCache() + "/tunebench/triton-keys";
    return install;
}

} // namespace tb
