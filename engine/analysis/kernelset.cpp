#include "kernelset.h"

#include "bestpersize.h"
#include "setcover.h"
#include "timedifference.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace tb {

namespace {

// A slowdown computed as 0.020000000000000018 must still count as within 2%.
constexpr double kRounding = 1e-12;

// One configuration with an ok result: its best ok result per size, and where it has any
// result at all (a failure is a measurement too: it does not cover, and it is not missing).
struct Candidate
{
    std::string configKey;
    Configuration config;
    std::vector<std::optional<StoredResult>> ok; // per size
    std::vector<double> value;                   // per size, NaN without an ok result
    std::vector<char> measured;                  // per size
};

bool betterValue(double value, double current, bool minimize)
{
    return std::isnan(current) || (minimize ? value < current : value > current);
}

std::vector<Candidate> candidatesOf(const Spec &spec, const std::vector<StoredResult> &results)
{
    const std::size_t sizes = problemSizeCount(spec);
    std::vector<Candidate> candidates;
    std::map<std::string, std::size_t> index;
    for (const StoredResult &stored : results) {
        if (stored.sizeIndex >= sizes)
            continue;
        const double value = objectiveValue(spec, stored.result);
        const bool usable = stored.result.status == ResultStatus::Ok && !std::isnan(value);
        auto found = index.find(stored.configKey);
        if (found == index.end()) {
            if (!usable)
                continue; // a configuration that never ran ok is no candidate
            found = index.emplace(stored.configKey, candidates.size()).first;
            candidates.push_back({stored.configKey, stored.config, decltype(Candidate::ok)(sizes),
                                  std::vector<double>(sizes, std::nan("")),
                                  std::vector<char>(sizes, 0)});
        }
        Candidate &candidate = candidates[found->second];
        double &current = candidate.value[stored.sizeIndex];
        if (usable && betterValue(value, current, spec.objective.minimize)) {
            current = value;
            candidate.ok[stored.sizeIndex] = stored;
        }
    }
    // Any result is a measurement, failures included, wherever they were stored.
    for (const StoredResult &stored : results)
        if (stored.sizeIndex < sizes)
            if (const auto found = index.find(stored.configKey); found != index.end())
                candidates[found->second].measured[stored.sizeIndex] = 1;
    return candidates;
}

// Who covers what. With `optimistic` null, measured results only; else an unmeasured pair of a
// tuned size covers it too, at the full tolerance (so that measured covers win ties), unless
// `optimistic` names it as unmeasurable.
CoverProblem coverProblem(const Spec &spec, const std::vector<Candidate> &candidates,
                          const std::vector<double> &bestValues, double maxSlowdown,
                          const ConfigSizeKeys *optimistic)
{
    CoverProblem problem{bestValues.size(), {}};
    for (const Candidate &candidate : candidates) {
        std::vector<double> costs(bestValues.size(), CoverProblem::kNotCovered);
        for (std::size_t s = 0; s < bestValues.size(); ++s) {
            if (std::isnan(bestValues[s]))
                continue;
            if (std::isnan(candidate.value[s])) {
                if (optimistic && !candidate.measured[s] &&
                    !optimistic->count({candidate.configKey, s}))
                    costs[s] = maxSlowdown;
                continue;
            }
            const double slowdown =
                objectiveSlowdown(bestValues[s], candidate.value[s], spec.objective.minimize);
            if (slowdown <= maxSlowdown + kRounding)
                costs[s] = std::max(slowdown, 0.0);
        }
        problem.costs.push_back(std::move(costs));
    }
    return problem;
}

// The kernels in the order of the first size each is assigned, and every size's assignment.
void assign(KernelSet &set, const CoverProblem &problem, const std::vector<std::size_t> &members,
            const std::vector<Candidate> &candidates,
            const std::vector<std::optional<StoredResult>> &winners,
            const std::vector<double> &bestValues)
{
    const auto cheapest = cheapestMembers(problem, members);
    std::map<std::size_t, std::size_t> kernelOf; // candidate -> index in set.kernels
    for (std::size_t s = 0; s < winners.size(); ++s) {
        KernelSetSize size;
        size.sizeIndex = s;
        if (winners[s] && cheapest[s] != kNoMember) {
            const Candidate &candidate = candidates[cheapest[s]];
            const auto [it, added] = kernelOf.emplace(cheapest[s], set.kernels.size());
            if (added)
                set.kernels.push_back({candidate.configKey, candidate.config, 0});
            ++set.kernels[it->second].sizesAssigned;
            size.tuned = true;
            size.kernel = it->second;
            size.assigned = *candidate.ok[s];
            size.best = *winners[s];
            size.assignedValue = candidate.value[s];
            size.bestValue = bestValues[s];
            size.slowdown = problem.costs[cheapest[s]][s];
        }
        set.sizes.push_back(std::move(size));
    }
}

// The pairs a smaller, optimistic cover relies on: at each size its members do not cover by
// measurement, every member not measured there.
void findUnmeasured(KernelSet &set, const CoverProblem &measured, const CoverProblem &optimistic,
                    const std::vector<Candidate> &candidates)
{
    const CoverSolution smaller = solveCover(optimistic);
    if (smaller.members.size() >= set.kernels.size())
        return;
    set.couldShrinkTo = smaller.members.size();
    for (std::size_t s = 0; s < measured.elements; ++s) {
        const bool coveredAlready =
            std::any_of(smaller.members.begin(), smaller.members.end(),
                        [&](std::size_t c) { return measured.covers(c, s); });
        if (coveredAlready)
            continue;
        for (std::size_t c : smaller.members)
            if (optimistic.covers(c, s))
                set.unmeasured.push_back({candidates[c].configKey, candidates[c].config, s});
    }
}

} // namespace

double objectiveSlowdown(double best, double value, bool minimize)
{
    if (value == best)
        return 0;
    const bool comparable = std::isfinite(best) && std::isfinite(value) && best > 0 && value > 0;
    if (!comparable)
        return CoverProblem::kNotCovered;
    // A maximised metric is proportional to 1 / time: its slowdown is the ratio turned over.
    return minimize ? timeDifference(best, value) : timeDifference(value, best);
}

double KernelSet::worstSlowdown() const
{
    double worst = 0;
    for (const KernelSetSize &size : sizes)
        worst = size.tuned ? std::max(worst, size.slowdown) : worst;
    return worst;
}

std::size_t KernelSet::tunedSizes() const
{
    return static_cast<std::size_t>(
        std::count_if(sizes.begin(), sizes.end(), [](const auto &size) { return size.tuned; }));
}

Expected<KernelSet> selectKernelSet(const Spec &spec, const RunRecord &run,
                                    const std::vector<StoredResult> &results, double maxSlowdown,
                                    const ConfigSizeKeys &unmeasurable)
{
    const std::string runName = "run " + std::to_string(run.id);
    if (!std::isfinite(maxSlowdown) || maxSlowdown < 0)
        return makeError(EngineError::Code::InvalidArgument,
                         runName + ": the slowdown a kernel set allows must be 0% or more, got " +
                             std::to_string(maxSlowdown * 100) + "%");
    const auto winners = bestPerSize(spec, results);
    std::vector<double> bestValues(winners.size(), std::nan(""));
    for (std::size_t s = 0; s < winners.size(); ++s)
        if (winners[s])
            bestValues[s] = objectiveValue(spec, winners[s]->result);
    if (std::all_of(winners.begin(), winners.end(), [](const auto &w) { return !w; }))
        return makeError(EngineError::Code::InvalidArgument,
                         runName + " has no successful configuration to choose a kernel set from",
                         "`show " + std::to_string(run.id) + " --all` lists its results");
    const std::vector<Candidate> candidates = candidatesOf(spec, results);
    const CoverProblem measured = coverProblem(spec, candidates, bestValues, maxSlowdown, nullptr);
    const CoverSolution solution = solveCover(measured);
    KernelSet set;
    set.maxSlowdown = maxSlowdown;
    set.exact = solution.exact;
    set.note = solution.note;
    set.candidates = candidates.size();
    assign(set, measured, solution.members, candidates, winners, bestValues);
    findUnmeasured(set, measured,
                   coverProblem(spec, candidates, bestValues, maxSlowdown, &unmeasurable),
                   candidates);
    return set;
}

} // namespace tb
