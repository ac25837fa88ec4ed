#pragma once

namespace tb {

// How Tunebench states the difference between two times, everywhere it compares them (the
// winner lines of Results, show and export, Compare's verdict and table, the CLI's compare):
// the slower one's time over the faster one's, minus one. "A is 3.49% faster than B" and "B is
// 3.49% slower than A" then say the same thing, whichever of the two is the reference, and a
// maximised throughput metric (GB/s, proportional to 1 / time) gives the same figure as its
// times. Positive when `other` takes longer than `reference`, negative when it is faster, 0 when
// equal; both must be positive.
double timeDifference(double reference, double other);

} // namespace tb
