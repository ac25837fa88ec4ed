#pragma once

#include "analysis/kernelset.h"
#include "model/expected.h"
#include "model/spec.h"
#include "storage/storerecords.h"

#include <string>
#include <vector>

namespace tb {

// The winners of a run (bestPerSize(), as the JSON export picks them) as a C++17 header for
// production code, everything in namespace tunebench::<spec name>:
// - the environment they were measured in, as comments and constants: kSpecName, kDevice (the
//   GPU the winners' results name, else the run's device), kTunebenchVersion (of the run),
//   kKernelSourceHash and kSpecHash (Store::contentHash(): "fnv1a64:<16 hex digits>" of the
//   kernel source and of the spec document; kSpecHash is the workspace's own spec key),
//   kRunId, kRunStartedAt, kRunFinishedAt; compute capability and driver only as a comment
//   saying they are not recorded (no workspace keeps them);
// - struct TunedSize (one member per size variable), TunedConfig (one per parameter),
//   TunedEntry {size, config, median_s}; a column whose values are all whole is long long,
//   else double;
// - constexpr TunedEntry kTuned[]: one row per problem size that has a winner, in spec order;
// - selectTuned(size): the row of that size if tuned, else of the nearest tuned size: the
//   least sum over size variables of |log(a) - log(b)| (a value of 0 or less counts as the
//   smallest positive double); distances within 1e-9 tie, and a tie goes to the larger size
//   (the larger sum of log values), then to the earlier row.
// Names become identifiers through cppIdentifier() and text becomes string literals through
// cppStringLiteral(), in comments too, so no spec can put code in the header.
// InvalidArgument, naming the run, when no problem size has a winner.
Expected<std::string> exportCppHeader(const Spec &spec, const RunRecord &run,
                                      const std::vector<StoredResult> &results,
                                      const std::string &toolVersion);

// The same header over a kernel set (`export RUN --format cpp --max-slowdown PCT`): each tuned
// size's kTuned row holds its assigned configuration (one of the set) and that configuration's
// median there, plus `kernel` (an index into kKernels) and `slowdown_pct` (per cent slower than
// the size's own best), each row followed by a comment saying so; kKernels[] lists the set's
// configurations (one kernel instantiation each), kKernelCount their number and
// kMaxSlowdownPct the tolerance. The set comes from selectKernelSet() on the run's results.
std::string exportKernelSetHeader(const Spec &spec, const RunRecord &run, const KernelSet &set,
                                  const std::string &toolVersion);

} // namespace tb
