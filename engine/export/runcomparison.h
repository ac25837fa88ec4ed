#pragma once

#include "model/spec.h"
#include "storage/storerecords.h"

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

    // B against A: +0.02 is 2% slower in run B.
    double change() const { return medianB / medianA - 1; }
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
};

// Matches the ok results of run A (of specA) and run B (of specB) by problem size and
// configuration key, for `tunebench-cli compare`: the same spec tuned twice (how much do medians
// move from run to run?), or a changed kernel or another GPU against a baseline. Sizes are
// matched by their values ("N=1024"), not their position, in run A's order.
std::vector<SizeComparison> compareRuns(const Spec &specA, const std::vector<StoredResult> &a,
                                        const Spec &specB, const std::vector<StoredResult> &b);

} // namespace tb
