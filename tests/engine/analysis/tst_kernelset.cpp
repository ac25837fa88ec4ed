// selectKernelSet and the cover search under it, on results built by hand: the fewest
// configurations such that every problem size runs within a tolerance of its own best. Greedy
// takes three where two suffice; a tolerance of 0 gives every size its own best; a pair never
// measured is reported, never assumed; a maximised metric is ranked the other way; ties go to
// the least worst, then mean slowdown; a size without an ok result is reported, not dropped.
#include "analysis/kernelset.h"
#include "analysis/setcover.h"
#include "export/kernelsetexport.h"
#include "spec/specloader.h"
#include "timedresult.h"

#include <nlohmann/json.hpp>

#include <QElapsedTimer>
#include <QTest>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <optional>
#include <tuple>

using namespace tb;

namespace {

// One parameter P; `sizes` problem sizes N = 1024, 2048, ...; time minimised, or the metric
// "gflops" maximised.
Spec makeSpec(std::size_t sizes, bool maximize = false)
{
    std::string sizeList;
    for (std::size_t i = 0; i < sizes; ++i)
        sizeList += (i ? ", " : "") + ("{\"N\": " + std::to_string(1024 << i) + "}");
    const std::string objective =
        maximize ? R"("metrics": [{"name": "gflops", "expression": "N / time / 1e9"}],
                      "objective": {"metric": "gflops", "direction": "maximize"},)"
                 : "";
    const std::string text = R"({
      "tunebench_spec": 1, "name": "kernelset", "backend": "cpu",
      "kernel": {"code": "void k(float *y, int n) {}", "entry": "k", "language": "c"},
      "parameters": [{"name": "P", "values": [1, 2, 3, 4, 5, 6, 7, 8, 9]}],
      "problem_sizes": [)" + sizeList +
                             "]," + objective + R"(
      "arguments": [
        {"name": "y", "kind": "buffer", "type": "float32", "size": "N", "output": true},
        {"name": "n", "kind": "scalar", "type": "int32", "value": "N"}
      ]
    })";
    auto spec = SpecLoader().parse(text, ".");
    if (!spec)
        qFatal("%s", spec.error().toString().c_str());
    return *spec;
}

// Results of configuration P=`p`: `values[s]` at size s (0: not measured; negative: failed).
// With a maximised objective the values are the metric, else median times.
void addResults(std::vector<StoredResult> &results, const Spec &spec, double p,
                const std::vector<double> &values)
{
    for (std::size_t s = 0; s < values.size(); ++s) {
        if (values[s] == 0)
            continue;
        StoredResult stored;
        stored.id = static_cast<std::int64_t>(results.size()) + 1;
        stored.config = Configuration{{p}};
        stored.configKey = stored.config.key(spec.parameters);
        stored.sizeIndex = s;
        stored.result = tbtest::timedResult(values[s] > 0 ? values[s] * 1e-3 : 1e-3);
        if (values[s] < 0)
            stored.result.status = ResultStatus::CompileError;
        if (!spec.objective.minimize)
            stored.result.metrics["gflops"] = values[s];
        results.push_back(stored);
    }
}

RunRecord runRecord()
{
    RunRecord run;
    run.id = 7;
    return run;
}

KernelSet select(const Spec &spec, const std::vector<StoredResult> &results, double tolerance)
{
    auto set = selectKernelSet(spec, runRecord(), results, tolerance);
    if (!set)
        qFatal("%s", set.error().toString().c_str());
    return *set;
}

std::vector<std::string> kernelKeys(const KernelSet &set)
{
    std::vector<std::string> keys;
    for (const auto &kernel : set.kernels)
        keys.push_back(kernel.configKey);
    return keys;
}

// P=1 covers sizes 0-2, P=2 sizes 3-5 (each the best there), P=3 sizes 0, 1, 3 and 4 at 1%:
// the greedy cover takes P=3 first, then needs both others.
std::vector<StoredResult> greedyTrap(const Spec &spec)
{
    std::vector<StoredResult> results;
    addResults(results, spec, 3, {1.01, 1.01, 1.5, 1.01, 1.01, 1.5});
    addResults(results, spec, 1, {1.0, 1.0, 1.0, 2.0, 2.0, 2.0});
    addResults(results, spec, 2, {2.0, 2.0, 2.0, 1.0, 1.0, 1.0});
    return results;
}

} // namespace

class TestKernelSet : public QObject
{
    Q_OBJECT

private slots:
    void greedyTakesThreeWhereTwoSuffice()
    {
        CoverProblem problem{6, {}};
        const double x = CoverProblem::kNotCovered;
        problem.costs = {{0, 0, 0, x, x, x}, {x, x, x, 0, 0, 0}, {0.01, 0.01, x, 0.01, 0.01, x}};
        QCOMPARE(greedyCover(problem).size(), std::size_t{3});
        const CoverSolution solution = solveCover(problem);
        QVERIFY(solution.exact);
        QCOMPARE(solution.members, (std::vector<std::size_t>{0, 1}));

        const Spec spec = makeSpec(6);
        const KernelSet set = select(spec, greedyTrap(spec), 0.02);
        QVERIFY(set.exact);
        QVERIFY(set.note.empty());
        QCOMPARE(kernelKeys(set), (std::vector<std::string>{"P=1", "P=2"}));
        QCOMPARE(set.worstSlowdown(), 0.0);
        QCOMPARE(set.kernels[0].sizesAssigned, std::size_t{3});
        QCOMPARE(set.sizes[4].kernel, std::size_t{1});
        QVERIFY(set.unmeasured.empty());
    }

    void aSearchOverItsBudgetFallsBackToGreedyAndSaysSo()
    {
        CoverProblem problem{6, {}};
        const double x = CoverProblem::kNotCovered;
        problem.costs = {{0, 0, 0, x, x, x}, {x, x, x, 0, 0, 0}, {0.01, 0.01, x, 0.01, 0.01, x}};
        const CoverSolution solution = solveCover(problem, 1);
        QVERIFY(!solution.exact);
        QCOMPARE(solution.members.size(), std::size_t{3});
        QVERIFY2(solution.note.find("greedy") != std::string::npos, solution.note.c_str());
    }

    // Kernels are good over a range of sizes: 40 sizes, 400 configurations, each best near a
    // pseudo-random size and 0.6% to 2.6% slower per size further away. The search proves its
    // cover (7 where greedy takes 9) in a few dozen nodes, and the cover covers every size.
    void aLargeProblemEndsWithACover()
    {
        CoverProblem problem{40, {}};
        std::uint32_t state = 12345;
        const auto next = [&state] { return state = state * 1664525u + 1013904223u; };
        for (int c = 0; c < 400; ++c) {
            const double centre = next() % 40, rate = 0.006 + (next() % 100) / 5000.0;
            std::vector<double> costs(40, CoverProblem::kNotCovered);
            for (std::size_t e = 0; e < costs.size(); ++e) {
                const double slowdown = std::fabs(static_cast<double>(e) - centre) * rate;
                costs[e] = slowdown <= 0.02 ? slowdown : CoverProblem::kNotCovered;
            }
            problem.costs.push_back(costs);
        }
        QElapsedTimer timer;
        timer.start();
        const CoverSolution solution = solveCover(problem);
        qInfo("%zu members (greedy %zu), %s, %zu nodes, %lld ms", solution.members.size(),
              greedyCover(problem).size(), solution.exact ? "exact" : "greedy", solution.nodes,
              static_cast<long long>(timer.elapsed()));
        QVERIFY(solution.exact);
        QCOMPARE(solution.members.size(), std::size_t{7});
        QCOMPARE(greedyCover(problem).size(), std::size_t{9});
        const auto cheapest = cheapestMembers(problem, solution.members);
        QVERIFY(std::find(cheapest.begin(), cheapest.end(), kNoMember) == cheapest.end());
    }

    // Against every subset of 16 candidates over 10 elements, for several seeds: the search's
    // cover is as small, then as good at its worst and on average, as the best subset.
    void theSearchMatchesBruteForce()
    {
        for (std::uint32_t seed = 1; seed <= 8; ++seed) {
            CoverProblem problem{10, {}};
            std::uint32_t state = seed;
            const auto next = [&state] { return state = state * 1664525u + 1013904223u; };
            for (int c = 0; c < 16; ++c) {
                std::vector<double> costs(10, CoverProblem::kNotCovered);
                for (double &cost : costs)
                    if (next() % 3 == 0)
                        cost = (next() % 5) / 100.0;
                problem.costs.push_back(costs);
            }
            const auto quality = [&problem](const std::vector<std::size_t> &members) {
                const auto cheapest = cheapestMembers(problem, members);
                double worst = 0, sum = 0;
                for (std::size_t e = 0; e < problem.elements; ++e)
                    if (cheapest[e] != kNoMember) {
                        worst = std::max(worst, problem.costs[cheapest[e]][e]);
                        sum += problem.costs[cheapest[e]][e];
                    }
                return std::make_tuple(members.size(), worst, sum);
            };
            std::vector<std::size_t> all(16);
            std::iota(all.begin(), all.end(), std::size_t{0});
            const auto coverable = cheapestMembers(problem, all);
            std::optional<std::tuple<std::size_t, double, double>> best;
            for (std::uint32_t mask = 0; mask < (1u << 16); ++mask) {
                std::vector<std::size_t> members;
                for (std::size_t c = 0; c < 16; ++c)
                    if (mask & (1u << c))
                        members.push_back(c);
                const auto mine = cheapestMembers(problem, members);
                bool covers = true;
                for (std::size_t e = 0; e < problem.elements; ++e)
                    covers = covers && (coverable[e] == kNoMember || mine[e] != kNoMember);
                if (!covers)
                    continue;
                const auto q = quality(members);
                if (!best || q < *best)
                    best = q;
            }
            const CoverSolution solution = solveCover(problem);
            QVERIFY(solution.exact);
            const auto found = quality(solution.members);
            QCOMPARE(std::get<0>(found), std::get<0>(*best));
            QCOMPARE(std::get<1>(found), std::get<1>(*best));
            QVERIFY(std::fabs(std::get<2>(found) - std::get<2>(*best)) < 1e-12);
        }
    }

    void toleranceZeroGivesEachSizeItsOwnBest()
    {
        const Spec spec = makeSpec(3);
        std::vector<StoredResult> results;
        addResults(results, spec, 1, {1.0, 1.01, 1.01});
        addResults(results, spec, 2, {1.01, 1.0, 1.01});
        addResults(results, spec, 3, {1.01, 1.01, 1.0});
        const KernelSet exact = select(spec, results, 0);
        QCOMPARE(kernelKeys(exact), (std::vector<std::string>{"P=1", "P=2", "P=3"}));
        for (const KernelSetSize &size : exact.sizes) {
            QCOMPARE(size.assigned.configKey, size.best.configKey);
            QCOMPARE(size.slowdown, 0.0);
        }
        // Within 2%, one does: all three cost 1% at two sizes, so the earliest is kept.
        const KernelSet loose = select(spec, results, 0.02);
        QCOMPARE(kernelKeys(loose), std::vector<std::string>{"P=1"});
        QCOMPARE(loose.sizes[1].best.configKey, std::string("P=2"));
        QVERIFY(std::fabs(loose.sizes[1].slowdown - 0.01) < 1e-12);
        QVERIFY(std::fabs(loose.worstSlowdown() - 0.01) < 1e-12);
    }

    void aToleranceIsInclusive()
    {
        const Spec spec = makeSpec(2);
        std::vector<StoredResult> results;
        addResults(results, spec, 1, {1.0, 1.02});
        addResults(results, spec, 2, {1.5, 1.0});
        QCOMPARE(kernelKeys(select(spec, results, 0.02)), std::vector<std::string>{"P=1"});
        QCOMPARE(select(spec, results, 0.019).kernels.size(), std::size_t{2});
    }

    void anUnmeasuredPairIsReportedNotAssumed()
    {
        const Spec spec = makeSpec(2);
        std::vector<StoredResult> results;
        addResults(results, spec, 1, {1.0, 1.5});
        addResults(results, spec, 2, {1.5, 1.0});
        addResults(results, spec, 3, {1.01, 0});   // never measured at size 1
        addResults(results, spec, 4, {1.005, -1}); // failed at size 1: measured, no cover
        const KernelSet set = select(spec, results, 0.02);
        QCOMPARE(kernelKeys(set), (std::vector<std::string>{"P=1", "P=2"}));
        QCOMPARE(set.candidates, std::size_t{4});
        QCOMPARE(set.couldShrinkTo, std::size_t{1});
        QCOMPARE(set.unmeasured.size(), std::size_t{1});
        QCOMPARE(set.unmeasured[0].configKey, std::string("P=3"));
        QCOMPARE(set.unmeasured[0].sizeIndex, std::size_t{1});
        const std::string text = describeKernelSet(spec, set);
        QVERIFY2(text.find("1 unmeasured (configuration, size) pairs could shrink the set to 1") !=
                     std::string::npos,
                 text.c_str());
    }

    // The pairs `export --measure-missing` measures: those of the best smaller set that counts
    // unmeasured pairs as covering. P=1 was measured at size 0 only, P=2 at sizes 1 and 2: P=2
    // alone needs one pair, P=1 alone two, and both are one configuration; P=2's set has the
    // lower mean slowdown, so its pair comes first.
    void theMissingPairsAreThoseOfTheBestSmallerSet()
    {
        const Spec spec = makeSpec(3);
        std::vector<StoredResult> results;
        addResults(results, spec, 1, {1.0, 0, 0});
        addResults(results, spec, 2, {0, 1.0, 1.0});
        const auto pairsOf = [](const KernelSet &set) {
            std::vector<std::pair<std::string, std::size_t>> pairs;
            for (const auto &pair : set.unmeasured)
                pairs.emplace_back(pair.configKey, pair.sizeIndex);
            return pairs;
        };
        using Pairs = std::vector<std::pair<std::string, std::size_t>>;
        const KernelSet set = select(spec, results, 0.02);
        QCOMPARE(set.kernels.size(), std::size_t{2});
        QCOMPARE(set.couldShrinkTo, std::size_t{1});
        QCOMPARE(pairsOf(set), (Pairs{{"P=2", 0}}));
        // Tried and rejected by the constraints (no result): the other set's pairs instead.
        auto other = selectKernelSet(spec, runRecord(), results, 0.02, {{"P=2", 0}});
        QVERIFY(other.hasValue());
        QCOMPARE(pairsOf(*other), (Pairs{{"P=1", 1}, {"P=1", 2}}));
        QCOMPARE(other->couldShrinkTo, std::size_t{1});
        // Nothing left that could run: no pairs, nothing to shrink to.
        auto none = selectKernelSet(spec, runRecord(), results, 0.02, {{"P=2", 0}, {"P=1", 2}});
        QVERIFY(none.hasValue());
        QVERIFY(none->unmeasured.empty());
        QCOMPARE(none->couldShrinkTo, std::size_t{0});
    }

    // What a measured pair does next: within the tolerance it shrinks the set; failed it covers
    // nothing, and the pairs of the other smaller set are asked for.
    void aMeasuredPairShrinksTheSetOrPassesTheTurn()
    {
        const Spec spec = makeSpec(3);
        std::vector<StoredResult> base;
        addResults(base, spec, 1, {1.0, 0, 0});
        addResults(base, spec, 2, {0, 1.0, 1.0});
        std::vector<StoredResult> within = base;
        addResults(within, spec, 2, {1.01, 0, 0});
        const KernelSet shrunk = select(spec, within, 0.02);
        QCOMPARE(kernelKeys(shrunk), std::vector<std::string>{"P=2"});
        QVERIFY(shrunk.unmeasured.empty());
        std::vector<StoredResult> failed = base;
        addResults(failed, spec, 2, {-1, 0, 0});
        const KernelSet stays = select(spec, failed, 0.02);
        QCOMPARE(stays.kernels.size(), std::size_t{2});
        QCOMPARE(stays.unmeasured.size(), std::size_t{2});
        QCOMPARE(stays.unmeasured[0].configKey, std::string("P=1"));
    }

    void aMaximisedMetricRanksTheOtherWay()
    {
        const Spec spec = makeSpec(2, true);
        std::vector<StoredResult> results;
        addResults(results, spec, 1, {100, 99});
        addResults(results, spec, 2, {90, 100});
        const KernelSet set = select(spec, results, 0.02);
        QCOMPARE(kernelKeys(set), std::vector<std::string>{"P=1"});
        QCOMPARE(set.sizes[1].bestValue, 100.0);
        QCOMPARE(set.sizes[1].assignedValue, 99.0);
        // As timeDifference() says it for a throughput: 100 / 99 - 1.
        QVERIFY(std::fabs(set.sizes[1].slowdown - (100.0 / 99 - 1)) < 1e-12);
        QCOMPARE(select(spec, results, 0.01).kernels.size(), std::size_t{2});
    }

    void tiesGoToTheLeastWorstThenMeanSlowdown()
    {
        const Spec spec = makeSpec(2);
        std::vector<StoredResult> results;
        addResults(results, spec, 1, {1.0, 1.5});
        addResults(results, spec, 2, {1.5, 1.0});
        addResults(results, spec, 3, {1.0, 1.018}); // worst 1.8%, mean 0.9%
        addResults(results, spec, 4, {1.01, 1.01}); // worst 1%, mean 1%
        QCOMPARE(kernelKeys(select(spec, results, 0.02)), std::vector<std::string>{"P=4"});
        addResults(results, spec, 5, {1.005, 1.01}); // worst 1%, mean 0.75%
        QCOMPARE(kernelKeys(select(spec, results, 0.02)), std::vector<std::string>{"P=5"});
    }

    void aSizeWithoutAnOkResultIsReported()
    {
        const Spec spec = makeSpec(3);
        std::vector<StoredResult> results;
        addResults(results, spec, 1, {1.0, 1.0, -1});
        const KernelSet set = select(spec, results, 0.02);
        QCOMPARE(set.sizes.size(), std::size_t{3});
        QVERIFY(set.sizes[0].tuned && set.sizes[1].tuned);
        QVERIFY(!set.sizes[2].tuned);
        QCOMPARE(set.tunedSizes(), std::size_t{2});
        const auto json = nlohmann::json::parse(exportKernelSetJson(spec, runRecord(), set, "1"));
        QVERIFY(json["sizes"][2]["kernel"].is_null());
        QCOMPARE(json["sizes"][2]["problem_size"]["N"].get<int>(), 4096);
        QVERIFY(json["sizes"][2].contains("reason"));
        const std::string text = describeKernelSet(spec, set);
        QVERIFY2(text.find("problem size 2 (N=4096) has no ok result") != std::string::npos,
                 text.c_str());
    }

    void badInputIsRefusedNamingTheRun()
    {
        const Spec spec = makeSpec(6);
        const auto negative = selectKernelSet(spec, runRecord(), greedyTrap(spec), -0.01);
        QVERIFY(!negative);
        QCOMPARE(negative.error().code, EngineError::Code::InvalidArgument);
        QVERIFY2(negative.error().message.find("run 7") != std::string::npos,
                 negative.error().message.c_str());
        std::vector<StoredResult> failed;
        addResults(failed, spec, 1, {-1, -1});
        const auto none = selectKernelSet(spec, runRecord(), failed, 0.02);
        QVERIFY(!none);
        QCOMPARE(none.error().code, EngineError::Code::InvalidArgument);
        QVERIFY2(none.error().message.find("run 7 has no successful configuration") !=
                     std::string::npos,
                 none.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestKernelSet)
#include "tst_kernelset.moc"
