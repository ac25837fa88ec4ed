#include "csvexport.h"

#include "figurecolumns.h"
#include "model/measurementcaveats.h"

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

// Every backend figure some result carries, in column order.
std::vector<std::string> figureKeys(const std::vector<StoredResult> &results)
{
    std::set<std::string> keys;
    for (const StoredResult &stored : results)
        for (const auto &[key, value] : stored.result.resources)
            keys.insert(key);
    return orderFigureKeys({keys.begin(), keys.end()});
}

struct Columns
{
    std::vector<std::string> metrics;
    std::vector<std::string> figures;
};

std::vector<std::string> header(const Spec &spec, const Columns &columns)
{
    std::vector<std::string> fields = {"status"};
    for (const Parameter &parameter : spec.parameters)
        fields.push_back(parameter.name);
    fields.insert(fields.end(), spec.sizes.names.begin(), spec.sizes.names.end());
    fields.insert(fields.end(), {"median_s", "min_s", "mean_s", "stddev_s", "samples", "timer"});
    fields.insert(fields.end(), columns.metrics.begin(), columns.metrics.end());
    for (const std::string &key : columns.figures)
        fields.push_back(figureColumnName(key));
    fields.insert(fields.end(), {"compile_s", "cached_build", "caveats", "message"});
    return fields;
}

std::string joined(const std::vector<std::string> &lines)
{
    std::string text;
    for (const std::string &line : lines)
        text += (text.empty() ? "" : " ") + line;
    return text;
}

std::vector<std::string> row(const Spec &spec, const Columns &columns, const StoredResult &stored)
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
    fields.push_back(result.timer);
    for (const std::string &name : columns.metrics) {
        const auto found = result.metrics.find(name);
        fields.push_back(found == result.metrics.end() ? "" : number(found->second));
    }
    for (const std::string &key : columns.figures) {
        const auto value = result.resource(key);
        fields.push_back(value ? number(*value) : "");
    }
    fields.push_back(result.compileSeconds > 0 ? number(result.compileSeconds) : "");
    fields.push_back(result.cachedBuild ? "1" : "0");
    fields.push_back(joined(measurementCaveats(result)));
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
    const Columns columns{metricColumns(spec, results), figureKeys(results)};
    std::string csv;
    appendRow(csv, header(spec, columns));
    for (const StoredResult &stored : results)
        appendRow(csv, row(spec, columns, stored));
    return csv;
}

} // namespace tb
