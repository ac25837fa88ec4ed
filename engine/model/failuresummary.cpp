#include "failuresummary.h"

#include "failurehint.h"

namespace tb {

void FailureSummary::add(const Result &result)
{
    add(result.status, result.message);
}

void FailureSummary::add(ResultStatus status, std::string_view message)
{
    if (status == ResultStatus::Ok)
        return;
    ++m_failures;
    ++m_counts[status];
    MessageShape shape(message);
    const auto key = std::make_pair(status, shape.skeleton());
    auto found = m_causes.find(key);
    if (found == m_causes.end()) {
        m_causes.emplace(key, Cause{std::move(shape), 1, m_failures});
        return;
    }
    found->second.shape.mergeNumbers(shape);
    ++found->second.count;
}

void FailureSummary::clear()
{
    m_causes.clear();
    m_counts.clear();
    m_failures = 0;
}

std::vector<StatusFailures> FailureSummary::byStatus() const
{
    std::vector<StatusFailures> summary;
    for (const auto &[status, count] : m_counts) {
        const Cause *common = nullptr;
        // The map orders the causes by (status, skeleton): this status's are one range.
        for (auto it = m_causes.lower_bound({status, std::string()});
             it != m_causes.end() && it->first.first == status; ++it) {
            const Cause &cause = it->second;
            if (!common || cause.count > common->count ||
                (cause.count == common->count && cause.firstSeen < common->firstSeen))
                common = &cause;
        }
        StatusFailures entry;
        entry.status = status;
        entry.count = count;
        if (common) {
            entry.cause = common->shape.text();
            entry.causeCount = common->count;
            entry.hint = std::string(failureHint(entry.cause));
        }
        summary.push_back(std::move(entry));
    }
    return summary;
}

std::string describeFailures(const StatusFailures &failures)
{
    std::string text =
        std::to_string(failures.count) + " x " + std::string(toString(failures.status));
    if (failures.cause.empty())
        return text;
    if (failures.causeCount < failures.count)
        text += ", " + std::to_string(failures.causeCount) + " of them";
    text += ": " + failures.cause;
    if (!failures.hint.empty())
        text += " (" + failures.hint + ")";
    return text;
}

} // namespace tb
