#include "cudaconfigurationbuild.h"

#include "disassembler.h"
#include "scratchdirectory.h"

#include "backend/cuda/cudaenvironment.h"
#include "backend/cuda/cudarunplan.h"
#include "model/resultfigure.h"
#include "model/tritonkernel.h"
#include "runner/supervisor.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <optional>

namespace tb {

namespace {

// The target architecture and why, by the rule a run follows: on a machine with a GPU the
// run measures there, so the page builds what the run would build.
void chooseTarget(const CompileRequest &request, CompileOutcome &outcome)
{
    const CudaEnvironment cuda = probeCudaEnvironment();
    CompileTargetInputs inputs = compileTargetInputs(cuda, request.spec, !cuda.gpus.empty(),
                                                     request.arch, "picked on the Kernel page");
    inputs.noGpuReason = cuda.whyNot; // the page shows the reason alone
    const CompileTarget target = chooseCompileTarget(inputs);
    outcome.target = target.arch;
    outcome.targetReason = target.reason;
}

// The spec document a worker receives (Spec::document, source inlined) with `code` instead of
// the file's text; source_path stays, so NVRTC names the user's file in its messages.
std::optional<std::string> documentWithCode(const CompileRequest &request, std::string &error)
{
    if (request.spec.document.empty()) {
        error = "the spec has no document to send to a worker (load it from a file first)";
        return std::nullopt;
    }
    auto document = nlohmann::json::parse(request.spec.document, nullptr, false);
    if (document.is_discarded() || !document.is_object() || !document.contains("kernel") ||
        !document["kernel"].is_object()) {
        error = "the spec's document is not a spec object with a kernel";
        return std::nullopt;
    }
    auto &kernel = document["kernel"];
    kernel.erase("source");
    kernel["code"] = request.code;
    if (!request.spec.kernel.sourcePath.empty())
        kernel["source_path"] = request.spec.kernel.sourcePath;
    return document.dump();
}

SupervisorOptions supervisorOptions(const CompileRequest &request, const CompileOutcome &outcome,
                                    std::string document, const std::string &codeDirectory)
{
    SupervisorOptions options;
    // --code-dir: the worker leaves the build's PTX and cubin there for the Code tab.
    options.launch.command = {request.workerPath,     "--role", "cuda-compile", "--cache-dir",
                              request.cacheDirectory, "--arch", outcome.target, "--code-dir",
                              codeDirectory};
    options.workerCount = 1;
    options.specDocument = std::move(document);
    options.baseDirectory = request.spec.baseDirectory;
    options.cacheDirectory = request.cacheDirectory;
    options.expectedRole = WorkerRole::CudaCompile;
    // One compile asked for by hand: a crash is reported at once instead of being retried.
    options.crashesBeforeQuarantine = 1;
    options.failedStartsBeforeGivingUp = 1;
    return options;
}

void takeLog(Supervisor &supervisor, CompileOutcome &outcome)
{
    for (auto &line : supervisor.takeLogLines())
        outcome.workerLog.push_back(std::move(line));
}

} // namespace

CompileOutcome buildCudaConfiguration(const CompileRequest &request,
                                      const std::atomic<bool> &cancelled)
{
    CompileOutcome outcome;
    if (!kCudaBackendBuilt) {
        outcome.failure = kNoCudaBackend;
        return outcome;
    }
    chooseTarget(request, outcome);
    std::string error;
    auto document = documentWithCode(request, error);
    if (!document) {
        outcome.failure = error;
        return outcome;
    }

    // The worker's code files live as long as this compile: the outcome carries their text.
    const ScratchDirectory codeDirectory("tunebench-code");
    if (codeDirectory.path().empty()) {
        outcome.failure = "cannot create a temporary directory: " + codeDirectory.error();
        return outcome;
    }
    Supervisor supervisor(
        supervisorOptions(request, outcome, std::move(*document), codeDirectory.path()));
    if (Status started = supervisor.start(); !started) {
        takeLog(supervisor, outcome);
        outcome.failure = "cannot start the cuda-compile worker: " + started.error().toString();
        return outcome;
    }
    if (!supervisor.submit(
            JobRequest{1, request.config, request.sizeIndex, request.timeoutSeconds})) {
        outcome.failure = "the cuda-compile worker did not take the job";
        return outcome;
    }
    for (;;) {
        auto finished = supervisor.poll(std::chrono::milliseconds(50));
        takeLog(supervisor, outcome);
        if (!finished.empty()) {
            outcome.result = std::move(finished.front().result);
            break;
        }
        if (cancelled.load()) {
            outcome.failure = "cancelled";
            break;
        }
        if (Status health = supervisor.health(); !health) {
            outcome.failure = "the cuda-compile worker failed: " + health.error().toString();
            break;
        }
    }
    supervisor.stop();
    takeLog(supervisor, outcome);
    // ptxas figures exist only when NVRTC produced a cubin.
    outcome.built =
        outcome.failure.empty() && outcome.result.resource(figures::kRegisters).has_value();
    if (outcome.built) {
        const Disassembler disassembler(
            toolSearch(request.toolDirectories, ToolSearch::cudaTools()),
            Disassembler::kDefaultTimeoutMs, cancelled);
        outcome.code = isTritonKernel(request.spec.kernel)
                           ? disassembler.tritonCode(codeDirectory.path())
                           : disassembler.cudaCode(codeDirectory.path());
    }
    return outcome;
}

} // namespace tb
