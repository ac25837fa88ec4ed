#include "searchtrail.h"

namespace tb {

SearchTrail searchTrail(const std::vector<StoredResult> &results, std::size_t sizeIndex,
                        std::int64_t bestResultId)
{
    SearchTrail trail;
    for (const StoredResult &stored : results) {
        if (stored.sizeIndex != sizeIndex)
            continue;
        ++trail.evaluations;
        const bool isOk = stored.result.status == ResultStatus::Ok;
        if (isOk)
            ++trail.okEvaluations;
        if (stored.id == bestResultId) {
            trail.toBest = trail.evaluations;
            trail.okToBest = isOk ? trail.okEvaluations : 0;
        }
    }
    return trail;
}

std::string describeSearchTrail(const std::string &strategy, const SearchTrail &trail)
{
    if (trail.toBest == 0)
        return {};
    return "found by " + (strategy.empty() ? std::string("the search") : strategy) + " after " +
           std::to_string(trail.toBest) + " of " + std::to_string(trail.evaluations) +
           " evaluations (" + std::to_string(trail.okToBest) + " of " +
           std::to_string(trail.okEvaluations) + " ok)";
}

} // namespace tb
