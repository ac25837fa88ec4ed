#pragma once

#include "messageshape.h"
#include "result.h"

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace tb {

// One failure status of a run: how many results ended in it, and its most common cause.
struct StatusFailures
{
    ResultStatus status = ResultStatus::RuntimeError;
    std::size_t count = 0;
    std::string cause;          // the commonest message's first line, varying numbers as "N"
    std::size_t causeCount = 0; // how many of `count` have that cause
    std::string hint;           // failureHint() of the cause; empty when none
};

// Counts a run's failures per status and finds each status's most common cause, for a line a
// user reads before the table ("8 x invalid_launch: ..."): messages that differ only in their
// numbers are one cause (MessageShape). Results are added one by one (a live run's batches), so
// a summary over 100,000 results costs one map look-up each. `show` and the Results page use it.
class FailureSummary
{
public:
    // Counts a failed result; ok ones are ignored.
    void add(const Result &result);
    void add(ResultStatus status, std::string_view message);
    void clear();

    std::size_t failureCount() const { return m_failures; }
    // One entry per status that occurred, in ResultStatus's order.
    std::vector<StatusFailures> byStatus() const;

private:
    struct Cause
    {
        MessageShape shape;
        std::size_t count = 0;
        std::size_t firstSeen = 0; // ties go to the cause seen first
    };

    std::map<std::pair<ResultStatus, std::string>, Cause> m_causes;
    std::map<ResultStatus, std::size_t> m_counts;
    std::size_t m_failures = 0;
};

// "8 x invalid_launch: <cause> (<hint>)", or "8 x invalid_launch, 5 of them: ..." when the
// cause is not every one's; "8 x timeout" when the results carry no message.
std::string describeFailures(const StatusFailures &failures);

} // namespace tb
