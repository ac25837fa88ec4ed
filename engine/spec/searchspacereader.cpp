#include "searchspacereader.h"

#include "model/parameter.h"
#include "spec/specname.h"
#include "spec/specnumbers.h"

#include <cmath>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace tb {

namespace {

using Need = JsonReader::Need;

// A parameter's values, from a range or an explicit list: beyond a million the search space of
// that one parameter is already past what a tuning run measures.
constexpr std::size_t kMaxParameterValues = 1'000'000;

} // namespace

void SearchSpaceReader::readParameters(const Json &list, const std::string &path)
{
    if (!m_reader.array(list, path, "parameter objects"))
        return;
    if (list.empty())
        m_reader.report(path, "at least one parameter is needed");
    std::unordered_map<std::string, std::size_t> firstWithName;
    for (std::size_t i = 0; i < list.size(); ++i) {
        Parameter parameter;
        readParameter(list[i], JsonReader::child(path, i), parameter);
        const std::string namePath = JsonReader::child(JsonReader::child(path, i), "name");
        if (!parameter.name.empty()) {
            const auto [first, isNew] = firstWithName.emplace(parameter.name, i);
            if (!isNew)
                m_reader.report(namePath, "duplicate parameter name '" + parameter.name +
                                              "' (also /parameters/" +
                                              std::to_string(first->second) + ")");
        }
        m_spec.parameters.push_back(std::move(parameter));
    }
}

void SearchSpaceReader::readParameter(const Json &item, const std::string &path,
                                      Parameter &parameter)
{
    if (!m_reader.object(item, path, {"name", "values", "range"}))
        return;
    if (auto name = m_reader.text(item, path, "name", Need::Required)) {
        if (checkSpecName(m_reader, *name, JsonReader::child(path, "name")))
            parameter.name = *name;
    }
    const bool hasValues = item.contains("values");
    const bool hasRange = item.contains("range");
    if (hasValues && hasRange)
        m_reader.report(path, "give either 'values' or 'range', not both");
    else if (hasValues)
        readValueList(item["values"], JsonReader::child(path, "values"), parameter);
    else if (hasRange)
        readRange(item["range"], JsonReader::child(path, "range"), parameter);
    else
        m_reader.report(JsonReader::child(path, "values"), "missing field 'values' (or 'range')");
}

void SearchSpaceReader::readValueList(const Json &list, const std::string &path,
                                      Parameter &parameter)
{
    if (!m_reader.array(list, path, "numbers"))
        return;
    if (list.empty()) {
        m_reader.report(path, "empty value list");
        return;
    }
    if (list.size() > kMaxParameterValues) {
        m_reader.report(path, "has " + std::to_string(list.size()) + " values, more than " +
                                  std::to_string(kMaxParameterValues));
        return;
    }
    // A set, not a search of the values so far: a list of 10^5 values took seconds that way.
    std::unordered_set<double> seen;
    seen.reserve(list.size());
    for (std::size_t i = 0; i < list.size(); ++i) {
        auto value = m_reader.number(list[i], JsonReader::child(path, i));
        if (!value)
            continue;
        if (!seen.insert(canonicalValue(*value)).second)
            m_reader.report(JsonReader::child(path, i), "duplicate value " + formatValue(*value));
        else
            parameter.values.push_back(*value);
    }
}

void SearchSpaceReader::readRange(const Json &range, const std::string &path, Parameter &parameter)
{
    std::optional<double> start, stop, step = 1.0;
    if (range.is_array()) {
        if (range.size() < 2 || range.size() > 3) {
            m_reader.report(path, "expected [start, stop] or [start, stop, step], got " +
                                      std::to_string(range.size()) + " entries");
            return;
        }
        start = m_reader.number(range[0], JsonReader::child(path, std::size_t{0}));
        stop = m_reader.number(range[1], JsonReader::child(path, 1));
        if (range.size() == 3)
            step = m_reader.number(range[2], JsonReader::child(path, 2));
    } else if (m_reader.object(range, path, {"start", "stop", "step"})) {
        start = m_reader.number(range, path, "start", Need::Required);
        stop = m_reader.number(range, path, "stop", Need::Required);
        if (range.contains("step"))
            step = m_reader.number(range, path, "step");
    }
    if (!start || !stop || !step)
        return;
    if (*step == 0) {
        m_reader.report(path, "step must not be zero");
        return;
    }
    // stop is inclusive; the tolerance keeps 0.1-steps from losing their last value to rounding.
    const double steps = std::floor((*stop - *start) / *step + 1e-9);
    if (steps < 0) {
        m_reader.report(path, "empty range: from " + formatValue(*start) + " a step of " +
                                  formatValue(*step) + " never reaches " + formatValue(*stop));
        return;
    }
    if (steps + 1 > static_cast<double>(kMaxParameterValues)) {
        m_reader.report(path,
                        "range has more than " + std::to_string(kMaxParameterValues) + " values");
        return;
    }
    for (std::size_t i = 0; i <= static_cast<std::size_t>(steps); ++i)
        parameter.values.push_back(*start + static_cast<double>(i) * *step);
}

void SearchSpaceReader::readConstraints(const Json &list, const std::string &path)
{
    if (!m_reader.array(list, path, "expressions"))
        return;
    for (std::size_t i = 0; i < list.size(); ++i)
        m_spec.constraints.push_back(
            m_reader.expression(list[i], JsonReader::child(path, i)).value_or(""));
}

} // namespace tb
