#pragma once

#include "model/expected.h"
#include "model/spec.h"
#include "storage/storerecords.h"

#include <string>
#include <vector>

namespace tb {

// The winners of a run of a Triton kernel (bestPerSize(), as the C++ header picks them) as
// Python defining `<entry>_configs`, a list of triton.Config to paste into the kernel's
// @triton.autotune(configs=...): the launch options (num_warps, num_stages, num_ctas, maxnreg)
// become keyword arguments, every other parameter goes in the kwargs dict; whole values are
// Python ints. One triton.Config per distinct winning configuration, in the order of the first
// size it wins; comment lines above it name each size it wins with its median time (and the
// objective's value when that is a derived metric). A header comment names the run, the spec,
// the device (the winners' GPU, else the run's), the Tunebench versions and the run's dates.
// Free text from the spec goes through pythonStringLiteral()/pythonCommentText(), so no spec can
// put code in the file. InvalidArgument when the spec is not a Triton kernel or when no problem
// size has a winner.
Expected<std::string> exportTritonConfigs(const Spec &spec, const RunRecord &run,
                                          const std::vector<StoredResult> &results,
                                          const std::string &toolVersion);

} // namespace tb
