#pragma once

#include "model/result.h"
#include "model/spec.h"
#include "storage/storerecords.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace tb {

// How clearly a problem size's best configuration beats the runner-up. Two medians a few
// tenths of a percent apart swap places from run to run when each is uncertain by as much, and
// on a GPU two results timed at different SM clock steps (an H100 moves between 1980 and 1995
// MHz on its own, bench/results/cuda_clock_state.md) differ by up to the step for
// compute-bound kernels. A winner is decided when its lead is larger than all of that.
struct WinnerMargin
{
    // How much better the best's objective is than the runner-up's, as timeDifference() says
    // it: the runner-up's time over the best's, minus one (for a maximised metric: the best's
    // value over the runner-up's, minus one).
    double lead = 0;
    // Both medians' relative confidence half-widths (a finalist's includes its rounds' spread,
    // combineRounds), plus clockStep; infinite where either median has too few samples to bound
    // it (kUnboundedRelativeHalfWidth), so that readers can say so.
    double uncertainty = 0;
    // The relative difference between the SM clocks the two were timed at, where both carry
    // one ("sm_clock_effective_mhz") and it is over kClockStepResolution; else 0.
    double clockStep = 0;

    bool decided() const { return lead > uncertainty; }
};

// nullopt when either result has no positive, finite objective value. The objective's
// uncertainty is objectiveUncertainty()'s: the time's for the time and metrics that scale with
// it, the energy's for the energy objectives.
std::optional<WinnerMargin> winnerMargin(const Spec &spec, const Result &best,
                                         const Result &runnerUp);
// The same from objective values already known (the GUI's rows carry them), of the objective
// `objectiveMetric` names ("time" for two medians), uncertain as objectiveUncertainty() says.
std::optional<WinnerMargin> winnerMargin(double bestObjective, double runnerUpObjective,
                                         bool minimize, const std::string &objectiveMetric,
                                         const Result &best, const Result &runnerUp);

// The best ok result of `sizeIndex` other than the one whose id is `bestId` (ties keep the
// earlier result, as bestPerSize does); nullopt when there is none.
std::optional<StoredResult> runnerUp(const Spec &spec, const std::vector<StoredResult> &results,
                                     std::size_t sizeIndex, std::int64_t bestId);

} // namespace tb
