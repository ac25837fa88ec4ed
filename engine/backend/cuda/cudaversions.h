#pragma once

#include <string>

namespace tb {

// The CUDA software this process would use, for Help > About and bug reports: the NVRTC the
// build links and the driver's CUDA version. Asks the driver only for its version (it is
// loaded with dlopen and initialised, as probeCudaEnvironment() does; no context is made), so
// the workbench may call it; it may take a moment where a driver is present (run it off the
// GUI thread).
struct CudaVersions
{
    bool backendBuilt = false; // the build has the CUDA backend (kCudaBackendBuilt)
    std::string nvrtc;         // "13.0"; empty without the backend
    std::string driver;        // "13.0" (cuDriverGetVersion); empty where none was loaded
    // Where driver is empty: the loader's reason ("no CUDA driver found", "this build ... has
    // no CUDA backend") and its detail (dlerror's text, the CUDA error).
    std::string whyNoDriver;
    std::string whyNoDriverDetail;
};

// driverLibrary: the driver to load (tests name one that does not exist).
CudaVersions cudaVersions(const std::string &driverLibrary = "libcuda.so.1");

// cuDriverGetVersion's and CUDA_VERSION's encoding, 1000 x major + 10 x minor: 12040 -> "12.4".
inline std::string cudaVersionText(int version)
{
    return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

} // namespace tb
