#include "runcomparison.h"

#include "bestpersize.h"
#include "space/variables.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace tb {

namespace {

bool timedOk(const StoredResult &stored)
{
    return stored.result.status == ResultStatus::Ok && stored.result.summary.count > 0;
}

// The timed ok results of one problem size, by configuration key.
std::map<std::string, const StoredResult *> okAtSize(const std::vector<StoredResult> &results,
                                                     std::size_t size)
{
    std::map<std::string, const StoredResult *> found;
    for (const StoredResult &stored : results)
        if (stored.sizeIndex == size && timedOk(stored))
            found.emplace(stored.configKey, &stored);
    return found;
}

std::optional<std::size_t> sizeIndexOf(const Spec &spec, const std::string &label)
{
    for (std::size_t size = 0; size < problemSizeCount(spec); ++size)
        if (problemSizeLabel(spec, size) == label)
            return size;
    return std::nullopt;
}

std::string bestKey(const std::vector<std::optional<StoredResult>> &best, std::size_t size)
{
    return size < best.size() && best[size] ? best[size]->configKey : std::string();
}

// Pairs in run A's ranking: its objective, best first (a NaN objective last).
void rankByRunA(const Spec &specA, const std::map<std::string, const StoredResult *> &inA,
                std::vector<ComparedResult> &pairs)
{
    const double sign = specA.objective.minimize ? 1.0 : -1.0;
    const auto rank = [&](const ComparedResult &pair) {
        const double value = objectiveValue(specA, inA.at(pair.configKey)->result);
        return std::isnan(value) ? std::numeric_limits<double>::infinity() : sign * value;
    };
    std::stable_sort(pairs.begin(), pairs.end(),
                     [&](const auto &x, const auto &y) { return rank(x) < rank(y); });
}

ComparedResult pairOf(const std::string &key, const Result &a, const Result &b)
{
    ComparedResult pair{key, a.summary.median, b.summary.median};
    // Which is faster does not matter here: the uncertainty is both half-widths and the step.
    if (const auto margin = winnerMargin(pair.medianA, pair.medianB, true, kObjectiveTime, a, b)) {
        pair.uncertainty = margin->uncertainty;
        pair.clockStep = margin->clockStep;
    }
    return pair;
}

// How much the run's own best beats the other run's best, both as this run measured them.
std::optional<WinnerMargin> leadOfBest(const Spec &spec,
                                       const std::map<std::string, const StoredResult *> &ok,
                                       const std::string &best, const std::string &otherBest)
{
    if (best.empty() || otherBest.empty() || best == otherBest)
        return std::nullopt;
    const auto bestHere = ok.find(best);
    const auto otherHere = ok.find(otherBest);
    if (bestHere == ok.end() || otherHere == ok.end())
        return std::nullopt;
    return winnerMargin(spec, bestHere->second->result, otherHere->second->result);
}

} // namespace

std::vector<SizeComparison> compareRuns(const Spec &specA, const std::vector<StoredResult> &a,
                                        const Spec &specB, const std::vector<StoredResult> &b)
{
    const auto bestA = bestPerSize(specA, a);
    const auto bestB = bestPerSize(specB, b);
    std::vector<SizeComparison> sizes;
    for (std::size_t sizeA = 0; sizeA < problemSizeCount(specA); ++sizeA) {
        SizeComparison compared;
        compared.sizeLabel = problemSizeLabel(specA, sizeA);
        compared.bestA = bestKey(bestA, sizeA);
        const auto inA = okAtSize(a, sizeA);
        const auto sizeB = sizeIndexOf(specB, compared.sizeLabel);
        compared.inB = sizeB.has_value();
        const auto inB = sizeB ? okAtSize(b, *sizeB) : decltype(inA){};
        if (sizeB)
            compared.bestB = bestKey(bestB, *sizeB);
        for (const auto &[key, stored] : inA) {
            const auto other = inB.find(key);
            if (other == inB.end()) {
                ++compared.onlyInA;
                continue;
            }
            compared.pairs.push_back(pairOf(key, stored->result, other->second->result));
        }
        compared.onlyInB = inB.size() - compared.pairs.size();
        rankByRunA(specA, inA, compared.pairs);
        compared.bestLeadInA = leadOfBest(specA, inA, compared.bestA, compared.bestB);
        compared.bestLeadInB = leadOfBest(specB, inB, compared.bestB, compared.bestA);
        sizes.push_back(std::move(compared));
    }
    return sizes;
}

} // namespace tb
