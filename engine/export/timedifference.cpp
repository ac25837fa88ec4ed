#include "timedifference.h"

namespace tb {

double timeDifference(double reference, double other)
{
    return other >= reference ? other / reference - 1 : -(reference / other - 1);
}

} // namespace tb
