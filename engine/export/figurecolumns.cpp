#include "figurecolumns.h"

#include "model/resultfigure.h"

#include <algorithm>

namespace tb {

namespace {

// The place of `key`'s column: a declared figure's index when it has a fixed column, else one
// rank for all others (sorted by key among themselves).
std::size_t rank(const std::string &key)
{
    const auto all = resultFigures();
    const auto found = std::find_if(all.begin(), all.end(), [&key](const ResultFigure &figure) {
        return figure.fixedColumn && figure.key == key;
    });
    return static_cast<std::size_t>(found - all.begin());
}

} // namespace

std::string figureColumnName(const std::string &key)
{
    const auto figure = findResultFigure(key);
    return figure ? std::string(figure->csvColumn) : key;
}

std::vector<std::string> orderFigureKeys(const std::vector<std::string> &keys)
{
    std::vector<std::string> ordered = keys;
    std::stable_sort(ordered.begin(), ordered.end(),
                     [](const std::string &a, const std::string &b) {
                         const std::size_t ra = rank(a);
                         const std::size_t rb = rank(b);
                         return ra != rb ? ra < rb : a < b;
                     });
    return ordered;
}

} // namespace tb
