#include "resultsreport.h"

#include "export/exporter.h"
#include "textformat.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace tb {

namespace {

std::string sizeLabel(const Spec &spec, std::size_t sizeIndex)
{
    std::string label;
    for (std::size_t n = 0; n < spec.sizes.names.size(); ++n)
        label += (n ? "," : "") + spec.sizes.names[n] + "=" +
                 formatValue(spec.sizes.values.at(sizeIndex).at(n));
    return label;
}

std::vector<std::string> header(const Spec &spec)
{
    std::vector<std::string> columns{"#", "status", "config", "median", "min", "stddev", "n"};
    for (const auto &metric : spec.metrics)
        columns.push_back(metric.name);
    return columns;
}

std::vector<std::string> row(const Spec &spec, const std::string &rank, const StoredResult &stored)
{
    const auto &result = stored.result;
    const bool isOk = result.status == ResultStatus::Ok;
    std::vector<std::string> cells{rank, std::string(toString(result.status)), stored.configKey};
    cells.push_back(isOk ? formatSeconds(result.summary.median) : "-");
    cells.push_back(isOk ? formatSeconds(result.summary.min) : "-");
    cells.push_back(isOk ? formatSeconds(result.summary.stddev) : "-");
    cells.push_back(std::to_string(result.summary.count));
    for (const auto &metric : spec.metrics) {
        auto value = result.metrics.find(metric.name);
        cells.push_back(value == result.metrics.end() ? "-" : formatNumber(value->second));
    }
    if (!isOk)
        cells.push_back(result.message.substr(0, result.message.find('\n')));
    return cells;
}

} // namespace

std::string renderTopResults(const Spec &spec, const std::vector<StoredResult> &results,
                             std::size_t count)
{
    std::string text;
    for (std::size_t size = 0; size < spec.sizes.values.size(); ++size) {
        std::vector<const StoredResult *> good;
        std::map<std::string, int> failures;
        for (const auto &stored : results) {
            if (stored.sizeIndex != size)
                continue;
            if (stored.result.status == ResultStatus::Ok &&
                !std::isnan(objectiveValue(spec, stored.result)))
                good.push_back(&stored);
            else
                ++failures[std::string(toString(stored.result.status))];
        }
        const double sign = spec.objective.minimize ? 1.0 : -1.0;
        std::sort(good.begin(), good.end(), [&](const StoredResult *a, const StoredResult *b) {
            return sign * objectiveValue(spec, a->result) < sign * objectiveValue(spec, b->result);
        });
        text += "\nProblem size " + sizeLabel(spec, size) +
                " (objective: " + (spec.objective.minimize ? "minimize " : "maximize ") +
                spec.objective.metric + ")\n";
        TextTable table(header(spec));
        for (std::size_t i = 0; i < good.size() && i < count; ++i)
            table.addRow(row(spec, std::to_string(i + 1), *good[i]));
        text += good.empty() ? "  no configuration succeeded\n" : table.render();
        for (const auto &[status, n] : failures)
            text += "  " + std::to_string(n) + " x " + status + "\n";
    }
    return text;
}

std::string renderAllResults(const Spec &spec, const std::vector<StoredResult> &results)
{
    auto columns = header(spec);
    columns.insert(columns.begin() + 1, "size");
    columns.push_back("message");
    TextTable table(columns);
    for (const auto &stored : results) {
        auto cells = row(spec, std::to_string(stored.id), stored);
        cells.insert(cells.begin() + 1, sizeLabel(spec, stored.sizeIndex));
        table.addRow(std::move(cells));
    }
    return table.render();
}

} // namespace tb
