// cudaVersions() of a build without the CUDA backend: no NVRTC is linked and there is no
// cuda.h to load the driver with, so neither version can be known.
#include "cudarunplan.h"
#include "cudaversions.h"

namespace tb {

CudaVersions cudaVersions(const std::string & /*driverLibrary*/)
{
    CudaVersions versions;
    versions.whyNoDriver = "this build of Tunebench has no CUDA backend";
    versions.whyNoDriverDetail = kNoCudaBackend;
    return versions;
}

} // namespace tb
