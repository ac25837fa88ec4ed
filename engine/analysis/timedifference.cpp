#include "timedifference.h"

#include <cmath>

namespace tb {

double timeDifference(double reference, double other)
{
    return other >= reference ? other / reference - 1 : -(reference / other - 1);
}

double relativeChange(double base, double value)
{
    return (value - base) / std::fabs(base);
}

} // namespace tb
