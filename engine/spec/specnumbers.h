#pragma once

#include "model/parameter.h"

#include <string>

// Number rules that more than one section reader applies.

namespace tb {

// Durations become deadlines in the clock's int64 nanoseconds (about 292 years from its start):
// 1e10 s overflowed, and every configuration then timed out at once. A spec asks for at most
// this many seconds (about 3 years), far inside what a deadline can hold.
inline constexpr double kMaxSpecSeconds = 1e8;

inline std::string tooManySeconds(double value)
{
    return "must be at most " + formatValue(kMaxSpecSeconds) + " seconds, got " +
           formatValue(value);
}

// -0 and 0 are one value (== says so), and must hash alike.
inline double canonicalValue(double value)
{
    return value == 0 ? 0.0 : value;
}

} // namespace tb
