#include "cudaversions.h"

#include "compile/nvrtccompiler.h"
#include "cudadriver.h"

namespace tb {

CudaVersions cudaVersions(const std::string &driverLibrary)
{
    CudaVersions versions;
    versions.backendBuilt = true;
    versions.nvrtc = NvrtcCompiler::nvrtcVersionText();
    // The driver's own loader, so that the reason it gives is the one a run would give.
    auto driver = CudaDriver::load(driverLibrary);
    if (driver) {
        versions.driver = cudaVersionText(driver->version());
    } else {
        versions.whyNoDriver = driver.error().message;
        versions.whyNoDriverDetail = driver.error().detail;
    }
    return versions;
}

} // namespace tb
