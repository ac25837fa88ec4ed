#include "parameter.h"

#include <cmath>
#include <cstdio>

namespace tb {

std::string formatValue(double value)
{
    char buffer[64];
    if (std::nearbyint(value) == value && std::fabs(value) < 9.0e15)
        std::snprintf(buffer, sizeof buffer, "%lld", static_cast<long long>(value));
    else
        std::snprintf(buffer, sizeof buffer, "%.17g", value);
    return buffer;
}

} // namespace tb
