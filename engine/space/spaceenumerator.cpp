#include "spaceenumerator.h"

#include "space/searchspace.h"
#include "space/variables.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace tb {

SpaceEnumerator::SpaceEnumerator(const Spec &spec) : m_spec(&spec) {}

Expected<SpaceEnumerator> SpaceEnumerator::create(const Spec &spec, std::size_t sizeIndex)
{
    SpaceEnumerator enumerator(spec);
    auto prepared = enumerator.prepare(sizeIndex);
    if (!prepared)
        return prepared.error();
    return enumerator;
}

Status SpaceEnumerator::prepare(std::size_t sizeIndex)
{
    const auto &rows = m_spec->sizes.values;
    // A spec without problem sizes (hand-built in code) still has its one implicit size 0.
    if (sizeIndex >= rows.size() && !(rows.empty() && sizeIndex == 0))
        return makeError(EngineError::Code::InvalidArgument,
                         "no problem size " + std::to_string(sizeIndex),
                         "the spec has " + std::to_string(rows.size()) + " problem size(s)");
    m_total = SearchSpace::rawCount(m_spec->parameters);
    if (m_total > SearchSpace::kMaxRawCount)
        return makeError(
            EngineError::Code::InvalidSpec,
            "the parameter grid has " +
                (m_total == UINT64_MAX ? std::string("more than 2^64") : std::to_string(m_total)) +
                " configurations",
            "the limit is " + std::to_string(SearchSpace::kMaxRawCount) +
                "; use fewer parameter values");

    const auto names = configurationVariableNames(*m_spec);
    const std::size_t parameterCount = m_spec->parameters.size();
    m_values.assign(names.size(), 0.0);
    if (!rows.empty())
        std::copy(rows[sizeIndex].begin(), rows[sizeIndex].end(),
                  m_values.begin() + static_cast<std::ptrdiff_t>(parameterCount));

    m_byLevel.assign(parameterCount, {});
    std::vector<std::size_t> sizeOnly;
    for (const auto &text : m_spec->constraints) {
        auto compiled = Expression::compile(text, names);
        if (!compiled)
            return compiled.error();
        const auto &used = compiled->usedIndices();
        // usedIndices is ascending and parameters come first: the last used parameter index is
        // the deepest level at which everything the constraint needs is bound.
        auto lastParameter = std::find_if(
            used.rbegin(), used.rend(), [&](std::size_t index) { return index < parameterCount; });
        const std::size_t slot = m_constraints.size();
        m_constraints.push_back(std::move(compiled.value()));
        if (lastParameter == used.rend())
            sizeOnly.push_back(slot);
        else
            m_byLevel[*lastParameter].push_back(slot);
    }
    m_sizeConstraintsHold = holds(sizeOnly);
    return ok();
}

bool SpaceEnumerator::hasParameterConstraints() const
{
    return std::any_of(m_byLevel.begin(), m_byLevel.end(),
                       [](const auto &level) { return !level.empty(); });
}

bool SpaceEnumerator::holds(const std::vector<std::size_t> &constraints)
{
    for (std::size_t slot : constraints) {
        const double value = m_constraints[slot].evaluate(m_values);
        if (value == 0.0 || std::isnan(value))
            return false;
    }
    return true;
}

void SpaceEnumerator::run(const std::function<bool(std::uint64_t)> &visit,
                          const std::function<void(double)> &progress)
{
    if (!m_sizeConstraintsHold || m_total == 0)
        return;
    const auto &parameters = m_spec->parameters;
    const std::size_t n = parameters.size();
    if (n == 0) {
        visit(0); // the single empty configuration
        return;
    }
    std::vector<std::size_t> digit(n, 0);
    std::vector<std::uint64_t> prefix(n, 0); // grid index of the bound digits above each level
    std::vector<double> pointsBelow(n, 1);   // grid points under one value of each level
    for (std::size_t k = n - 1; k-- > 0;)
        pointsBelow[k] = pointsBelow[k + 1] * static_cast<double>(parameters[k + 1].values.size());
    std::size_t level = 0;
    for (;;) {
        const auto &values = parameters[level].values;
        m_values[level] = values[digit[level]];
        if (holds(m_byLevel[level])) {
            const std::uint64_t index = prefix[level] * values.size() + digit[level];
            if (level + 1 < n) {
                ++level;
                prefix[level] = index;
                digit[level] = 0;
                continue;
            }
            if (!visit(index))
                return;
        }
        // Advance the odometer, climbing out of every level that has run through its values.
        while (++digit[level] == parameters[level].values.size()) {
            if (level == 0)
                return;
            --level;
        }
        if (progress && level < 2)
            progress((static_cast<double>(prefix[level] * parameters[level].values.size()) +
                      static_cast<double>(digit[level])) *
                     pointsBelow[level] / static_cast<double>(m_total));
    }
}

} // namespace tb
