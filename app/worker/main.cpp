// tunebench-worker: one process that builds and measures configurations for a supervisor,
// speaking the protocol of engine/protocol on stdin/stdout (stderr is its log). Wiring only.
#include "backend/common/compiletarget.h"
#include "backend/cpu/cpubackend.h"
#include "backend/cpu/cpucompilebackend.h"
#include "backend/cuda/cudarunplan.h"
#if TUNEBENCH_HAVE_CUDA
#include "backend/cuda/compile/cudacompilebackend.h"
#include "backend/cuda/cudabackend.h"
#include "backend/cuda/gpusettings.h"
#endif
#include "model/workerrole.h"
#include "runner/cpuaffinity.h"
#include "spec/specloader.h"
#include "worker/workerloop.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <unistd.h>

#ifndef TUNEBENCH_VERSION
#define TUNEBENCH_VERSION "0.0.0"
#endif

namespace {

std::string cpuModel()
{
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line;
    while (std::getline(cpuinfo, line)) {
        if (line.rfind("model name", 0) == 0)
            return "cpu: " + line.substr(line.find(':') + 2);
    }
    return "cpu";
}

// Who this worker is, for its hello. A CUDA measuring worker names the one GPU it sees (its
// CUDA_VISIBLE_DEVICES, set by its supervisor or by Slurm's --gpus-per-task), found by the
// driver here: a worker started through srun or ssh measures on a GPU its supervisor's machine
// may not have, and the run learns its model, UUID, architecture and peaks from this.
tb::WorkerIdentity identify(tb::WorkerRole role)
{
    tb::WorkerIdentity identity{role, TUNEBENCH_VERSION, cpuModel(), {}};
    if (role != tb::WorkerRole::Cuda)
        return identity;
    const tb::CudaEnvironment cuda = tb::probeCudaEnvironment();
    if (cuda.devices.empty())
        return identity;                 // the backend's setup says what is wrong
    identity.gpu = cuda.devices.front(); // visibleDevice: its CUDA_VISIBLE_DEVICES entry
    identity.device = identity.gpu.name;
    return identity;
}

std::string defaultCacheDirectory()
{
    const char *xdg = std::getenv("XDG_CACHE_HOME");
    const char *home = std::getenv("HOME");
    const std::filesystem::path base =
        xdg && *xdg ? xdg : std::string(home ? home : "/tmp") + "/.cache";
    return (base / "tunebench" / "builds").string();
}

// cpu: measure C/C++ kernels (built by cpu-compile workers, or here on a cache miss);
// cpu-compile: build them only; cuda-compile: NVRTC only (CPU, no GPU needed); cuda: load
// cubins and measure on the one GPU this process sees.
// codeDirectory: cuda-compile only, where each build's PTX and cubin go (the Kernel page).
std::unique_ptr<tb::KernelBackend> makeBackend(tb::WorkerRole role,
                                               const std::string &cacheDirectory,
                                               const std::string &arch,
                                               const std::string &codeDirectory)
{
    switch (role) {
#if TUNEBENCH_HAVE_CUDA
    case tb::WorkerRole::CudaCompile:
        return std::make_unique<tb::CudaCompileBackend>(
            cacheDirectory, tb::CudaCompileOptions{arch, {}, codeDirectory});
    case tb::WorkerRole::Cuda:
        return std::make_unique<tb::CudaBackend>(cacheDirectory);
#else
    case tb::WorkerRole::CudaCompile:
    case tb::WorkerRole::Cuda:
        (void)arch;
        (void)codeDirectory;
        return nullptr; // this build has no CUDA backend (kNoCudaBackend)
#endif
    case tb::WorkerRole::CpuCompile:
        return std::make_unique<tb::CpuCompileBackend>(cacheDirectory);
    case tb::WorkerRole::Cpu:
        break;
    }
    return std::make_unique<tb::CpuBackend>(cacheDirectory);
}

// --restore-gpu-settings: what a worker's scope keeper runs once the worker has ended, however
// it ended. A worker that ended normally put its settings back itself and left no record.
int restoreGpuSettings([[maybe_unused]] const std::string &cacheDirectory)
{
#if TUNEBENCH_HAVE_CUDA
    const std::string directory = tb::GpuSettingsRecord::directoryFor(cacheDirectory);
    for (const std::string &line : tb::GpuSettings::restoreLeftovers(directory))
        std::fprintf(stderr, "tunebench-worker: %s\n", line.c_str());
#endif
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    CLI::App app{
        "Tunebench worker: builds and measures kernels for tunebench-cli or the "
        "workbench, over the worker protocol on stdin/stdout. Not meant to be run by hand."};
    std::string roleName(tb::toString(tb::WorkerRole::Cpu));
    std::string cacheDirectory = defaultCacheDirectory();
    std::string arch = tb::kDefaultCompileArch;
    std::string codeDirectory;
    int pinCpu = -1;
    int avoidCpu = -1;
    bool restoreSettings = false;
    app.add_option("--role", roleName, "Worker role: cpu, cpu-compile, cuda-compile or cuda")
        ->check(CLI::IsMember({"cpu", "cpu-compile", "cuda-compile", "cuda"}))
        ->capture_default_str();
    app.add_option("--pin-cpu", pinCpu, "Run on this CPU alone (the measuring worker)");
    app.add_option("--avoid-cpu", avoidCpu, "Run on every allowed CPU but this one");
    app.add_option("--arch", arch, "cuda-compile: target architecture")->capture_default_str();
    app.add_option("--cache-dir", cacheDirectory, "Build cache directory")->capture_default_str();
    app.add_option("--code-dir", codeDirectory,
                   "cuda-compile: also write each build's PTX, cubin and entry symbol here "
                   "(the workbench's Kernel page)");
    app.add_flag("--restore-gpu-settings", restoreSettings,
                 "Put back the GPU clocks and power limits that killed workers changed, from "
                 "their records in the cache directory, then exit");
    app.set_version_flag("--version", std::string("tunebench-worker ") + TUNEBENCH_VERSION);
    CLI11_PARSE(app, argc, argv);
    if (restoreSettings)
        return restoreGpuSettings(cacheDirectory);

    // A placement that cannot be had is said in the log; the worker still works.
    if (const tb::Status placed = pinCpu >= 0     ? tb::pinToCpu(pinCpu)
                                  : avoidCpu >= 0 ? tb::avoidCpu(avoidCpu)
                                                  : tb::ok();
        !placed)
        std::fprintf(stderr, "tunebench-worker: %s\n", placed.error().toString().c_str());

    // From here on fd 1 belongs to the protocol; anything a kernel prints goes to the log.
    const int protocolFd = tb::claimProtocolOutput();
    const tb::WorkerRole role = tb::workerRoleFromString(roleName).value(); // --role checked it
    const auto backend = makeBackend(role, cacheDirectory, arch, codeDirectory);
    if (!backend) {
        std::fprintf(stderr, "tunebench-worker: %s\n", tb::kNoCudaBackend);
        return 2;
    }
    const tb::SpecParser parseSpec = [](const std::string &document, const std::string &baseDir) {
        tb::SpecLoader loader;
        return loader.parse(document, baseDir);
    };
    const tb::WorkerIdentity identity = identify(role);
    return tb::runWorkerLoop(*backend, parseSpec, identity, STDIN_FILENO, protocolFd);
}
