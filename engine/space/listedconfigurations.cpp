#include "listedconfigurations.h"

#include "independentgroups.h"
#include "model/parameter.h"

#include <set>

namespace tb {

namespace {

using Columns = std::vector<std::size_t>;

// The group's distinct tuples, in the order the list first gives them.
std::vector<std::vector<double>> tuplesOf(const std::vector<std::vector<double>> &configurations,
                                          const Columns &group)
{
    std::vector<std::vector<double>> tuples;
    std::set<std::vector<double>> seen;
    for (const auto &row : configurations) {
        std::vector<double> tuple;
        for (std::size_t column : group)
            tuple.push_back(row[column]);
        if (seen.insert(tuple).second)
            tuples.push_back(std::move(tuple));
    }
    return tuples;
}

double gridSize(const std::vector<std::vector<double>> &tuples, std::size_t width)
{
    double size = 1;
    for (std::size_t position = 0; position < width; ++position) {
        std::set<double> values;
        for (const auto &tuple : tuples)
            values.insert(tuple[position]);
        size *= static_cast<double>(values.size());
    }
    return size;
}

std::string anyOf(const std::vector<std::string> &names, const Columns &group,
                  const std::vector<std::vector<double>> &tuples)
{
    std::string text;
    for (const auto &tuple : tuples) {
        std::string term;
        for (std::size_t position = 0; position < group.size(); ++position)
            term += (position ? " && " : "") + names[group[position]] +
                    " == " + formatValue(tuple[position]);
        text += (text.empty() ? "(" : " || (") + term + ")";
    }
    return text;
}

} // namespace

std::vector<std::string>
constraintsKeepingOnly(const std::vector<std::string> &names,
                       const std::vector<std::vector<double>> &configurations)
{
    std::vector<std::string> constraints;
    for (const Columns &group : independentParameterGroups(configurations, names.size())) {
        if (group.size() < 2)
            continue; // one parameter's values are all listed: its grid is its list
        const auto tuples = tuplesOf(configurations, group);
        if (static_cast<double>(tuples.size()) < gridSize(tuples, group.size()))
            constraints.push_back(anyOf(names, group, tuples));
    }
    return constraints;
}

} // namespace tb
