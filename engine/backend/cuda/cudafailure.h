#pragma once

#include "model/resultstatus.h"

#include <cuda.h>

#include <optional>
#include <string>

namespace tb {

// What a CUresult means for the configuration that caused it, and for the worker.
struct CudaErrorClass
{
    ResultStatus status = ResultStatus::Ok;
    // The context is left unusable (sticky error): every later call fails the same way, so the
    // worker must answer and exit for the supervisor to restart it.
    bool breaksContext = false;
};

// Pure: the status of a configuration whose launch, synchronisation or module load failed with
// `code`. Launch geometry and resource errors are invalid_launch, module image errors
// compile_error, kernel faults (illegal address, trap, timeout, ...) runtime_error and sticky.
// Codes not listed are runtime_error and sticky too: a restarted worker costs a second, a
// context in an unknown state could spoil every result after it.
CudaErrorClass classifyCudaError(CUresult code);

// A failed step of evaluating one configuration: the status it ends in and why.
struct CudaFailure
{
    ResultStatus status = ResultStatus::RuntimeError;
    std::string message;
    bool breaksContext = false;
};

// Success, or the CudaFailure that stopped the step.
class [[nodiscard]] CudaStatus
{
public:
    CudaStatus() = default;
    CudaStatus(CudaFailure failure) : m_failure(std::move(failure)) {}

    bool ok() const { return !m_failure; }
    explicit operator bool() const { return ok(); }
    const CudaFailure &failure() const { return *m_failure; }

private:
    std::optional<CudaFailure> m_failure;
};

} // namespace tb
