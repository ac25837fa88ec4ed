#include "csvexport.h"

#include <charconv>
#include <cmath>
#include <set>

namespace tb {

namespace {

// Shortest text that reads back as the same double; "" for NaN and infinity.
std::string number(double value)
{
    if (!std::isfinite(value))
        return {};
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    return std::string(text, end);
}

std::vector<std::string> metricColumns(const Spec &spec, const std::vector<StoredResult> &results)
{
    std::vector<std::string> columns;
    std::set<std::string> seen;
    for (const DerivedMetric &metric : spec.metrics) {
        if (seen.insert(metric.name).second)
            columns.push_back(metric.name);
    }
    std::set<std::string> others; // sorted
    for (const StoredResult &stored : results) {
        for (const auto &[name, value] : stored.result.metrics) {
            if (!seen.count(name))
                others.insert(name);
        }
    }
    columns.insert(columns.end(), others.begin(), others.end());
    return columns;
}

void appendRow(std::string &csv, const std::vector<std::string> &fields)
{
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i > 0)
            csv += ',';
        csv += csvField(fields[i]);
    }
    csv += '\n';
}

std::vector<std::string> header(const Spec &spec, const std::vector<std::string> &metrics)
{
    std::vector<std::string> fields = {"status"};
    for (const Parameter &parameter : spec.parameters)
        fields.push_back(parameter.name);
    fields.insert(fields.end(), spec.sizes.names.begin(), spec.sizes.names.end());
    fields.insert(fields.end(), {"median", "min", "mean", "stddev", "samples"});
    fields.insert(fields.end(), metrics.begin(), metrics.end());
    fields.push_back("message");
    return fields;
}

std::vector<std::string> row(const Spec &spec, const std::vector<std::string> &metrics,
                             const StoredResult &stored)
{
    const Result &result = stored.result;
    std::vector<std::string> fields = {std::string(toString(result.status))};
    for (std::size_t i = 0; i < spec.parameters.size(); ++i)
        fields.push_back(i < stored.config.values.size() ? number(stored.config.values[i]) : "");
    const bool knownSize = stored.sizeIndex < spec.sizes.values.size();
    for (std::size_t i = 0; i < spec.sizes.names.size(); ++i) {
        const bool has = knownSize && i < spec.sizes.values[stored.sizeIndex].size();
        fields.push_back(has ? number(spec.sizes.values[stored.sizeIndex][i]) : "");
    }
    const SampleSummary &summary = result.summary;
    const bool measured = summary.count > 0;
    for (double value : {summary.median, summary.min, summary.mean, summary.stddev})
        fields.push_back(measured ? number(value) : "");
    fields.push_back(std::to_string(summary.count));
    for (const std::string &name : metrics) {
        const auto found = result.metrics.find(name);
        fields.push_back(found == result.metrics.end() ? "" : number(found->second));
    }
    fields.push_back(result.message);
    return fields;
}

} // namespace

std::string csvField(const std::string &text)
{
    if (text.find_first_of(",\"\r\n") == std::string::npos)
        return text;
    std::string quoted = "\"";
    for (char c : text) {
        if (c == '"')
            quoted += '"';
        quoted += c;
    }
    quoted += '"';
    return quoted;
}

Expected<std::string> exportCsv(const Spec &spec, const std::vector<StoredResult> &results)
{
    const auto metrics = metricColumns(spec, results);
    std::string csv;
    appendRow(csv, header(spec, metrics));
    for (const StoredResult &stored : results)
        appendRow(csv, row(spec, metrics, stored));
    return csv;
}

} // namespace tb
