#pragma once

namespace tb {

// How Tunebench states the difference between two times where one of them WINS (the winner
// lines of Results, show and export, Compare's verdict, a parameter's cost): the slower one's
// time over the faster one's, minus one, "3.49% faster" / "3.49% slower". Such a lead then says
// the same thing whichever of the two is the reference, and a maximised throughput metric (GB/s,
// proportional to 1 / time) gives the same figure as its times. Positive when `other` takes
// longer than `reference`, negative when it is faster, 0 when equal; both must be positive.
double timeDifference(double reference, double other);

// How every CHANGE of a figure against a baseline is stated (Compare's table, the CLI's
// `compare`): (value - base) / |base|. A median falling from 755 to 661 us is -12.45%, a mean
// from 1.81 ms to 987 us -45.47%: the figure a reader computes from the two numbers shown, the
// same for a time, a rate or a count. Words such as "14.22% faster" belong to a verdict
// (timeDifference()), never to a change. Not finite where base is 0.
double relativeChange(double base, double value);

} // namespace tb
