#include "objectivereader.h"

#include <algorithm>
#include <utility>

namespace tb {

namespace {

using Need = JsonReader::Need;

} // namespace

void ObjectiveReader::readMetrics(const Json &list, const std::string &path)
{
    if (!m_reader.array(list, path, "metric objects"))
        return;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string itemPath = JsonReader::child(path, i);
        DerivedMetric metric;
        if (m_reader.object(list[i], itemPath, {"name", "expression", "unit"})) {
            metric.name = m_reader.text(list[i], itemPath, "name", Need::Required).value_or("");
            metric.expression =
                m_reader.expression(list[i], itemPath, "expression", Need::Required).value_or("");
            metric.unit = m_reader.text(list[i], itemPath, "unit").value_or("");
        }
        const std::string namePath = JsonReader::child(itemPath, "name");
        if (isBuiltInObjective(metric.name))
            m_reader.report(namePath, "'" + metric.name +
                                          "' is a built-in objective (time, energy, edp); pick "
                                          "another metric name");
        for (const auto &other : m_spec.metrics) {
            if (!metric.name.empty() && other.name == metric.name)
                m_reader.report(namePath, "duplicate metric name '" + metric.name + "'");
        }
        m_spec.metrics.push_back(std::move(metric));
    }
}

void ObjectiveReader::readObjective(const Json &objective, const std::string &path)
{
    if (!m_reader.object(objective, path, {"metric", "direction"}))
        return;
    if (auto metric = m_reader.text(objective, path, "metric")) {
        auto named = [&](const DerivedMetric &m) { return m.name == *metric; };
        if (isBuiltInObjective(*metric) ||
            std::any_of(m_spec.metrics.begin(), m_spec.metrics.end(), named)) {
            m_spec.objective.metric = *metric;
        } else {
            std::string known = "time, energy, edp";
            for (const auto &m : m_spec.metrics)
                known += ", " + m.name;
            m_reader.report(JsonReader::child(path, "metric"),
                            "unknown metric '" + *metric + "' (known: " + known + ")");
        }
    }
    if (auto direction = m_reader.text(objective, path, "direction")) {
        if (*direction == "minimize" || *direction == "maximize")
            m_spec.objective.minimize = *direction == "minimize";
        else
            m_reader.report(JsonReader::child(path, "direction"),
                            "unknown direction '" + *direction + "' (known: minimize, maximize)");
    }
}

} // namespace tb
