#pragma once

#include <string>
#include <vector>

namespace tb {

// One tunable parameter: a name usable in expressions and as a -D define, and its candidate
// values in the order the spec lists them (a range is expanded when the spec is loaded).
// Values are numbers; whole numbers are printed without a fraction (see formatValue).
struct Parameter
{
    std::string name;
    std::vector<double> values;
};

// "64" for 64.0, "0.5" for 0.5: how a value appears in -D defines, keys and tables.
std::string formatValue(double value);

} // namespace tb
