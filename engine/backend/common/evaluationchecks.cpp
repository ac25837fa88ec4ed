#include "evaluationchecks.h"

#include <algorithm>

namespace tb {

Result failedResult(Result result, ResultStatus status, std::string message)
{
    result.status = status;
    result.message = std::move(message);
    return result;
}

std::string evaluationProblem(const std::optional<Spec> &spec, const Configuration &config,
                              std::size_t sizeIndex)
{
    if (!spec)
        return "the backend was not prepared";
    if (config.values.size() != spec->parameters.size())
        return "the configuration does not have one value per parameter";
    // A spec without sizes still has its one (empty) problem size.
    if (sizeIndex >= std::max<std::size_t>(spec->sizes.values.size(), 1))
        return "no problem size #" + std::to_string(sizeIndex);
    return {};
}

Status checkReferenceConfiguration(const Spec &spec)
{
    if (spec.verification.reference &&
        spec.verification.reference->size() != spec.parameters.size())
        return makeError(EngineError::Code::InvalidSpec,
                         "the reference configuration needs one value per parameter");
    return ok();
}

} // namespace tb
