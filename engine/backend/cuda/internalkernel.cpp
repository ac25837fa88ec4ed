#include "internalkernel.h"

#include "binaryfile.h"
#include "compile/nvrtccompiler.h"

namespace tb {

CudaStatus loadInternalKernel(const CudaDriver &driver, const NvrtcCompiler &compiler,
                              const char *code, const std::string &entry, const char *purpose,
                              CudaModule &module)
{
    KernelSource source;
    source.code = code;
    source.entry = entry;
    source.language = "cuda";
    const CudaBuild build = compiler.build(source, {}, Configuration{});
    if (!build.succeeded())
        return CudaFailure{ResultStatus::RuntimeError,
                           std::string("cannot build ") + purpose + ": " + build.errorMessage,
                           false};
    std::string error;
    const auto image = readBinaryFile(build.cubinPath, &error);
    if (image.empty())
        return CudaFailure{ResultStatus::RuntimeError,
                           "cannot read " + build.cubinPath + ": " + error, false};
    return CudaModule::load(driver, image, build.loweredName, module);
}

} // namespace tb
