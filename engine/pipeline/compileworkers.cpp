#include "compileworkers.h"

#include <algorithm>
#include <thread>

namespace tb {

namespace {
constexpr std::size_t kWorkersPerBenchWorker = 8;
constexpr std::size_t kMinimumWorkers = 16;
} // namespace

int defaultCompileWorkers(std::size_t benchWorkers, unsigned hardwareThreads)
{
    const std::size_t wanted =
        std::max(kMinimumWorkers, kWorkersPerBenchWorker * std::max<std::size_t>(1, benchWorkers));
    const std::size_t threads = std::max(1u, hardwareThreads);
    return static_cast<int>(std::min(wanted, threads));
}

int resolveCompileWorkers(int asked, std::size_t benchWorkers)
{
    if (asked > 0)
        return asked;
    return defaultCompileWorkers(benchWorkers, std::thread::hardware_concurrency());
}

} // namespace tb
