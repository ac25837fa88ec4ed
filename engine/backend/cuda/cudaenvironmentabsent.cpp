// probeCudaEnvironment() of a build without the CUDA backend (no CUDA toolkit was found, so
// there is no cuda.h to load the driver with): there is no GPU to use, and the reason says why.
#include "cudaenvironment.h"
#include "cudarunplan.h"

namespace tb {

CudaEnvironment probeCudaEnvironment()
{
    CudaEnvironment environment;
    environment.whyNot = kNoCudaBackend;
    return environment;
}

} // namespace tb
