// SpecReader, continued: the parameter grid, constraints and problem sizes.
#include "specreader.h"

#include "model/parameter.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <unordered_set>

namespace tb {

namespace {

using Need = JsonReader::Need;

// A parameter's values, from a range or an explicit list: beyond a million the search space of
// that one parameter is already past what a tuning run measures.
constexpr std::size_t kMaxParameterValues = 1'000'000;

// -0 and 0 are one value (== says so), and must hash alike.
double canonicalValue(double value)
{
    return value == 0 ? 0.0 : value;
}

} // namespace

void SpecReader::readParameters(const Json &list, const std::string &path)
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

void SpecReader::readParameter(const Json &item, const std::string &path, Parameter &parameter)
{
    if (!m_reader.object(item, path, {"name", "values", "range"}))
        return;
    if (auto name = m_reader.text(item, path, "name", Need::Required)) {
        if (checkName(*name, JsonReader::child(path, "name")))
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

void SpecReader::readValueList(const Json &list, const std::string &path, Parameter &parameter)
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

void SpecReader::readRange(const Json &range, const std::string &path, Parameter &parameter)
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

void SpecReader::readConstraints(const Json &list, const std::string &path)
{
    if (!m_reader.array(list, path, "expressions"))
        return;
    for (std::size_t i = 0; i < list.size(); ++i)
        m_spec.constraints.push_back(
            m_reader.expression(list[i], JsonReader::child(path, i)).value_or(""));
}

void SpecReader::readProblemSizes(const Json &list, const std::string &path)
{
    if (!m_reader.array(list, path, "objects"))
        return;
    if (list.empty()) {
        m_reader.report(path, "at least one problem size is needed");
        return;
    }
    const std::string firstPath = JsonReader::child(path, std::size_t{0});
    if (!list[0].is_object()) {
        m_reader.object(list[0], firstPath, {});
        return;
    }
    for (const auto &[name, value] : list[0].items()) {
        checkName(name, JsonReader::child(firstPath, name));
        m_spec.sizes.names.push_back(name);
    }
    for (std::size_t i = 0; i < list.size(); ++i)
        readSizeRow(list[i], JsonReader::child(path, i));
}

void SpecReader::readSizeRow(const Json &row, const std::string &path)
{
    const auto &names = m_spec.sizes.names;
    if (!row.is_object()) {
        m_reader.object(row, path, {});
        return;
    }
    std::vector<double> values(names.size(), 0.0);
    for (std::size_t k = 0; k < names.size(); ++k) {
        if (!row.contains(names[k])) {
            m_reader.report(JsonReader::child(path, names[k]),
                            "missing size variable '" + names[k] + "'");
            continue;
        }
        if (auto value = m_reader.number(row[names[k]], JsonReader::child(path, names[k])))
            values[k] = *value;
    }
    for (const auto &[name, value] : row.items()) {
        if (std::find(names.begin(), names.end(), name) == names.end())
            m_reader.report(JsonReader::child(path, name),
                            "unknown key '" + name +
                                "': every problem size must have the keys of the first one");
    }
    auto &rows = m_spec.sizes.values;
    std::vector<double> key(values.size());
    std::transform(values.begin(), values.end(), key.begin(), canonicalValue);
    const auto [same, isNew] = m_firstSizeRow.emplace(std::move(key), rows.size());
    if (!isNew)
        m_reader.report(path, "duplicate of problem size " + std::to_string(same->second));
    rows.push_back(std::move(values));
}

} // namespace tb
