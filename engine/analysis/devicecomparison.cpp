#include "devicecomparison.h"

#include "bestpersize.h"
#include "space/variables.h"

namespace tb {

namespace {

std::optional<std::size_t> sizeIndexOf(const Spec &spec, const std::string &label)
{
    for (std::size_t size = 0; size < problemSizeCount(spec); ++size)
        if (problemSizeLabel(spec, size) == label)
            return size;
    return std::nullopt;
}

// The result of `configKey` at the size, whatever its status; null where there is none.
const StoredResult *resultOf(const std::vector<StoredResult> &results, std::size_t sizeIndex,
                             const std::string &configKey)
{
    for (const StoredResult &stored : results)
        if (stored.sizeIndex == sizeIndex && stored.configKey == configKey)
            return &stored;
    return nullptr;
}

bool timedOk(const Result &result)
{
    return result.status == ResultStatus::Ok && result.summary.count > 0;
}

// The winner of one device, looked up among the other device's results at its size.
CrossDeviceCost costThere(const std::optional<StoredResult> &winner,
                          const std::optional<StoredResult> &bestThere,
                          const std::vector<StoredResult> &there, std::size_t sizeThere)
{
    CrossDeviceCost cost;
    if (!winner)
        return cost;
    cost.configKey = winner->configKey;
    cost.state = CrossDeviceCost::State::NotMeasured;
    const StoredResult *found = resultOf(there, sizeThere, winner->configKey);
    if (!found || !bestThere || compiledOnly(found->result))
        return cost;
    if (!timedOk(found->result)) {
        cost.state = CrossDeviceCost::State::Failed;
        cost.failure = found->result.status;
        return cost;
    }
    cost.state = CrossDeviceCost::State::Measured;
    cost.medianThere = found->result.summary.median;
    cost.bestThere = bestThere->result.summary.median;
    return cost;
}

} // namespace

std::vector<CrossDeviceSize> compareAcrossDevices(const Spec &specA,
                                                  const std::vector<StoredResult> &a,
                                                  const Spec &specB,
                                                  const std::vector<StoredResult> &b)
{
    const auto bestA = bestPerSize(specA, a);
    const auto bestB = bestPerSize(specB, b);
    std::vector<CrossDeviceSize> sizes;
    for (std::size_t sizeA = 0; sizeA < problemSizeCount(specA); ++sizeA) {
        CrossDeviceSize size;
        size.sizeLabel = problemSizeLabel(specA, sizeA);
        const auto sizeB = sizeIndexOf(specB, size.sizeLabel);
        size.inB = sizeB.has_value();
        const std::optional<StoredResult> none;
        const auto &winnerA = sizeA < bestA.size() ? bestA[sizeA] : none;
        const auto &winnerB = sizeB && *sizeB < bestB.size() ? bestB[*sizeB] : none;
        if (winnerA) {
            size.winnerA = winnerA->configKey;
            size.bestA = winnerA->result.summary.median;
        }
        if (winnerB) {
            size.winnerB = winnerB->configKey;
            size.bestB = winnerB->result.summary.median;
        }
        if (sizeB) {
            size.aWinnerOnB = costThere(winnerA, winnerB, b, *sizeB);
            size.bWinnerOnA = costThere(winnerB, winnerA, a, sizeA);
        }
        sizes.push_back(std::move(size));
    }
    return sizes;
}

bool differentDevices(const RunRecord &a, const RunRecord &b)
{
    return a.device != b.device;
}

} // namespace tb
