#include "independentgroups.h"

#include <cstdint>
#include <numeric>
#include <set>

namespace tb {

namespace {

using Rows = std::set<std::vector<double>>;
using Columns = std::vector<std::size_t>;

Rows projection(const Rows &rows, const Columns &columns)
{
    Rows projected;
    for (const auto &row : rows) {
        std::vector<double> tuple;
        tuple.reserve(columns.size());
        for (std::size_t column : columns)
            tuple.push_back(row[column]);
        projected.insert(std::move(tuple));
    }
    return projected;
}

// Whether the rows are the product of their projections on `mask`'s columns and the rest.
// The rows always lie inside that product, so equal counts mean equal sets.
bool splits(const Rows &rows, std::size_t columns, std::uint64_t mask)
{
    Columns inside;
    Columns outside;
    for (std::size_t column = 0; column < columns; ++column)
        ((mask >> column) & 1U ? inside : outside).push_back(column);
    return projection(rows, inside).size() * projection(rows, outside).size() == rows.size();
}

bool isProduct(const Rows &rows, const std::vector<Columns> &groups)
{
    double product = 1; // a double: the product of many projections may pass 2^64
    for (const Columns &group : groups)
        product *= static_cast<double>(projection(rows, group).size());
    return product == static_cast<double>(rows.size());
}

std::vector<Columns> oneGroup(std::size_t columns)
{
    Columns all(columns);
    std::iota(all.begin(), all.end(), std::size_t{0});
    return {all};
}

} // namespace

std::vector<std::vector<std::size_t>>
independentParameterGroups(const std::vector<std::vector<double>> &configurations,
                           std::size_t columns)
{
    if (columns == 0)
        return {};
    const Rows rows(configurations.begin(), configurations.end());
    if (columns > kMaxSplitColumns)
        return oneGroup(columns);
    // Column 0 is inside every mask tried, so each two-way split is tried once. A column's
    // signature is the side it falls on in each split the rows allow; columns that no split
    // separates share a signature and a group.
    std::vector<std::vector<bool>> signature(columns);
    const std::uint64_t last = std::uint64_t{1} << columns;
    for (std::uint64_t mask = 1; mask + 1 < last; mask += 2) {
        if (!splits(rows, columns, mask))
            continue;
        for (std::size_t column = 0; column < columns; ++column)
            signature[column].push_back(((mask >> column) & 1U) != 0);
    }
    std::vector<Columns> groups;
    std::vector<std::vector<bool>> groupSignatures;
    for (std::size_t column = 0; column < columns; ++column) {
        std::size_t group = 0;
        while (group < groups.size() && groupSignatures[group] != signature[column])
            ++group;
        if (group == groups.size()) {
            groups.emplace_back();
            groupSignatures.push_back(signature[column]);
        }
        groups[group].push_back(column);
    }
    return isProduct(rows, groups) ? groups : oneGroup(columns);
}

} // namespace tb
