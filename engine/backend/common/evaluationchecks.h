#pragma once

#include "model/configuration.h"
#include "model/expected.h"
#include "model/result.h"
#include "model/spec.h"

#include <cstddef>
#include <optional>
#include <string>

namespace tb {

// What every backend's evaluate() checks before it builds anything.

// `result` with `status` and `message` set: how a backend reports a failed evaluation.
Result failedResult(Result result, ResultStatus status, std::string message);

// Empty when `config` at problem size `sizeIndex` can be evaluated under `spec` (nothing: the
// backend was not prepared); otherwise why not (a runtime_error message).
std::string evaluationProblem(const std::optional<Spec> &spec, const Configuration &config,
                              std::size_t sizeIndex);

// An invalid_spec error when the spec's reference configuration (for verification) does not
// have one value per parameter.
Status checkReferenceConfiguration(const Spec &spec);

} // namespace tb
