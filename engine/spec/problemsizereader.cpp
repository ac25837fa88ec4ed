#include "problemsizereader.h"

#include "model/parameter.h"
#include "spec/specname.h"
#include "spec/specnumbers.h"

#include <algorithm>
#include <utility>

namespace tb {

void ProblemSizeReader::read(const Json &list, const std::string &path)
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
        checkSpecName(m_reader, name, JsonReader::child(firstPath, name));
        m_spec.sizes.names.push_back(name);
    }
    for (std::size_t i = 0; i < list.size(); ++i)
        readRow(list[i], JsonReader::child(path, i));
}

void ProblemSizeReader::readRow(const Json &row, const std::string &path)
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
