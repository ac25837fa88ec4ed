#pragma once

#include "model/resultstatus.h"
#include "model/spec.h"
#include "storage/storerecords.h"

#include <optional>
#include <string>
#include <vector>

namespace tb {

// What it costs to run one device's winner on the other device.
struct CrossDeviceCost
{
    enum class State
    {
        NoWinner,    // the first device has no ok result at this size
        NotMeasured, // the other device has no result of that configuration (or no best)
        Failed,      // the other device measured it and it failed there
        Measured,
    };
    State state = State::NoWinner;
    std::string configKey;  // the winner
    double medianThere = 0; // its median on the other device, seconds
    double bestThere = 0;   // the other device's best median, seconds
    ResultStatus failure = ResultStatus::Ok;

    // medianThere / bestThere: 1 where the winner is also the best there, 1.25 where it runs
    // 25% longer than the best there. Measured only.
    double ratio() const { return medianThere / bestThere; }
};

// Two runs of one spec on different devices (or drivers), at one problem size: each one's
// winner under its spec's objective (bestPerSize) and what each winner costs on the other.
struct CrossDeviceSize
{
    std::string sizeLabel; // "N=1024"
    bool inB = true;       // run B has the size at all
    std::string winnerA;   // "" where the run has no ok result here
    std::string winnerB;
    double bestA = 0; // each winner's median on its own device, seconds
    double bestB = 0;
    CrossDeviceCost aWinnerOnB;
    CrossDeviceCost bWinnerOnA;
};

// Per problem size of run A (matched to run B's by their values, "N=1024", as compareRuns()
// does), for `tunebench-cli compare` when the two runs name different devices: the same spec
// tuned, or imported, on two GPUs. Ratios compare medians (the time a winner takes), whatever
// metric the objective ranks by.
std::vector<CrossDeviceSize> compareAcrossDevices(const Spec &specA,
                                                  const std::vector<StoredResult> &a,
                                                  const Spec &specB,
                                                  const std::vector<StoredResult> &b);

// Whether the two runs name different devices: then compare adds the cross-device section.
// A run that names none (a file without a device) differs from one that names one.
bool differentDevices(const RunRecord &a, const RunRecord &b);

} // namespace tb
