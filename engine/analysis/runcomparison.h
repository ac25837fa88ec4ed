#pragma once

#include "model/spec.h"
#include "storage/storerecords.h"
#include "timedifference.h"
#include "winnermargin.h"

#include <cmath>
#include <optional>
#include <string>
#include <vector>

namespace tb {

// One configuration measured ok in both runs at the same problem size.
struct ComparedResult
{
    std::string configKey;
    double medianA = 0; // seconds
    double medianB = 0;
    // What the two medians are uncertain by, relative: both confidence half-widths plus
    // clockStep, as WinnerMargin counts them.
    double uncertainty = 0;
    // The relative difference of the SM clocks the two were timed at, beyond one clock step;
    // else 0.
    double clockStep = 0;

    // B's median against A's as relativeChange() says it: (B - A) / A, +0.02 where run B takes
    // 2% longer, -0.02 where it takes 2% less time.
    double change() const { return relativeChange(medianA, medianB); }
    // Whether the change is larger than the medians' uncertainty: another run would most
    // likely move the same way. Within it, the two may order the other way.
    bool beyondUncertainty() const { return std::fabs(change()) > uncertainty; }
};

// Two runs' results at one problem size.
struct SizeComparison
{
    std::string sizeLabel;             // "N=1024"
    bool inB = true;                   // run B has this size at all
    std::vector<ComparedResult> pairs; // ranked by run A's objective, best first
    std::string bestA;                 // each run's best configuration here ("" when none)
    std::string bestB;
    std::size_t onlyInA = 0; // ok in one run, missing or failed in the other
    std::size_t onlyInB = 0;
    // Where the bests differ and both were measured in both runs: by how much each run's best
    // beats the other run's best within that run (nullopt otherwise).
    std::optional<WinnerMargin> bestLeadInA;
    std::optional<WinnerMargin> bestLeadInB;
};

// Matches the ok results of run A (of specA) and run B (of specB) by problem size and
// configuration key, for `tunebench-cli compare`: the same spec tuned twice (how much do medians
// move from run to run?), or a changed kernel or another GPU against a baseline. Sizes are
// matched by their values ("N=1024"), not their position, in run A's order.
std::vector<SizeComparison> compareRuns(const Spec &specA, const std::vector<StoredResult> &a,
                                        const Spec &specB, const std::vector<StoredResult> &b);

} // namespace tb
