#include "space/searchspace.h"

#include "space/expression.h"
#include "space/variables.h"

#include <QTest>

#include <cmath>
#include <set>

using namespace tb;

namespace {

Spec gridSpec(std::vector<Parameter> parameters, std::vector<std::string> constraints = {},
              ProblemSizes sizes = {{"N"}, {{256}}})
{
    Spec spec;
    spec.parameters = std::move(parameters);
    spec.constraints = std::move(constraints);
    spec.sizes = std::move(sizes);
    return spec;
}

Configuration config(std::vector<double> values)
{
    return Configuration{std::move(values)};
}

// Every grid point in odometer order, each checked against every constraint: the slow
// definition that the pruning enumeration must agree with.
std::vector<Configuration> naiveValid(const Spec &spec, std::size_t sizeIndex)
{
    const auto names = configurationVariableNames(spec);
    std::vector<Expression> constraints;
    for (const auto &text : spec.constraints)
        constraints.push_back(std::move(Expression::compile(text, names).value()));
    std::vector<Configuration> valid;
    std::vector<std::size_t> digit(spec.parameters.size(), 0);
    for (;;) {
        Configuration point;
        for (std::size_t k = 0; k < digit.size(); ++k)
            point.values.push_back(spec.parameters[k].values[digit[k]]);
        const auto values = configurationValues(spec, point, sizeIndex);
        bool keep = true;
        for (const auto &constraint : constraints) {
            const double result = constraint.evaluate(values);
            keep = keep && result != 0.0 && !std::isnan(result);
        }
        if (keep)
            valid.push_back(point);
        std::size_t k = digit.size();
        while (k > 0 && ++digit[k - 1] == spec.parameters[k - 1].values.size())
            digit[--k] = 0;
        if (k == 0)
            return valid;
    }
}

} // namespace

class TestSearchSpace : public QObject
{
    Q_OBJECT

private slots:
    void enumeratesAnUnconstrainedGridLastParameterFastest()
    {
        const Spec spec = gridSpec({{"A", {1, 2}}, {"B", {10, 20, 30}}});
        auto space = SearchSpace::build(spec, 0);
        QVERIFY(space.hasValue());
        QCOMPARE(space->totalCount(), std::uint64_t(6));
        QCOMPARE(space->validCount(), std::uint64_t(6));
        QCOMPARE(space->rejectedCount(), std::uint64_t(0));
        QCOMPARE(space->at(0), config({1, 10}));
        QCOMPARE(space->at(1), config({1, 20}));
        QCOMPARE(space->at(2), config({1, 30}));
        QCOMPARE(space->at(3), config({2, 10}));
        QCOMPARE(space->at(5), config({2, 30}));
    }

    void countsAndMembershipWithConstraints()
    {
        // Pairs (A, B) with A*B <= 40 and A != B, by hand:
        // A=2: 2x4 2x8 2x16 (2x2 equal) -> 3; A=4: 4x2 4x8 -> 2; A=8: 8x2 8x4 -> 2; A=16: 16x2 -> 1
        const Spec spec =
            gridSpec({{"A", {2, 4, 8, 16}}, {"B", {2, 4, 8, 16}}}, {"A * B <= 40", "A != B"});
        auto space = SearchSpace::build(spec, 0);
        QVERIFY(space.hasValue());
        QCOMPARE(space->totalCount(), std::uint64_t(16));
        QCOMPARE(space->validCount(), std::uint64_t(8));
        QCOMPARE(space->rejectedCount(), std::uint64_t(8));
        QCOMPARE(space->at(0), config({2, 4}));
        QCOMPARE(space->at(3), config({4, 2}));
        QCOMPARE(space->at(7), config({16, 2}));
        QVERIFY(space->contains(config({8, 4})));
        QVERIFY(!space->contains(config({8, 8})));  // A == B
        QVERIFY(!space->contains(config({16, 4}))); // 64 > 40
        QVERIFY(!space->contains(config({3, 4})));  // 3 is not a value of A
        QVERIFY(!space->contains(config({2})));     // wrong arity
        QVERIFY(!space->indexOf(config({2, 4, 8})).has_value());
    }

    void constraintsSeeTheProblemSize()
    {
        const Spec spec = gridSpec({{"BM", {16, 32, 48, 64}}, {"U", {1, 2}}},
                                   {"N % BM == 0", "BM * U <= N"}, {{"N"}, {{64}, {96}, {32}}});
        auto n64 = SearchSpace::build(spec, 0);
        auto n96 = SearchSpace::build(spec, 1);
        auto n32 = SearchSpace::build(spec, 2);
        QVERIFY(n64.hasValue() && n96.hasValue() && n32.hasValue());
        // (BM, U) by hand: N=64: 16x{1,2} 32x{1,2} 64x1; N=96: 16, 32, 48 x{1,2} (96 % 64 != 0);
        // N=32: 16x{1,2} 32x1.
        QCOMPARE(n64->validCount(), std::uint64_t(5));
        QCOMPARE(n96->validCount(), std::uint64_t(6));
        QCOMPARE(n32->validCount(), std::uint64_t(3));
        QVERIFY(n64->contains(config({64, 1})));
        QVERIFY(!n96->contains(config({64, 1})));
        QVERIFY(n96->contains(config({48, 2})));
        QCOMPARE(n32->sizeIndex(), std::size_t(2));
    }

    void sizeOnlyConstraintsKeepAllOrNothing()
    {
        const Spec spec = gridSpec({{"A", {1, 2, 3}}}, {"N >= 100"}, {{"N"}, {{256}, {50}}});
        auto big = SearchSpace::build(spec, 0);
        auto small = SearchSpace::build(spec, 1);
        QVERIFY(big.hasValue() && small.hasValue());
        QCOMPARE(big->validCount(), std::uint64_t(3));
        QCOMPARE(small->validCount(), std::uint64_t(0));
        QCOMPARE(small->rejectedCount(), std::uint64_t(3));
        QVERIFY(!small->contains(config({1})));
    }

    void atAndIndexOfRoundTrip()
    {
        const Spec spec = gridSpec({{"A", {1, 2, 3, 4, 5}}, {"B", {0.5, 1.5}}, {"C", {7, 9, 11}}},
                                   {"(A + C) % 2 == 0 || B > 1"});
        auto space = SearchSpace::build(spec, 0);
        QVERIFY(space.hasValue());
        QVERIFY(space->validCount() > 0 && space->validCount() < space->totalCount());
        std::set<std::vector<double>> seen;
        for (std::uint64_t i = 0; i < space->validCount(); ++i) {
            const Configuration point = space->at(i);
            QCOMPARE(space->indexOf(point), std::optional<std::uint64_t>(i));
            QVERIFY(seen.insert(point.values).second);
        }
    }

    void pruningAgreesWithEvaluatingEveryPoint()
    {
        const Spec spec = gridSpec(
            {{"A", {1, 2, 3, 4, 5, 6}}, {"B", {2, 4, 8}}, {"C", {0, 1}}, {"D", {3, 5, 7, 9}}},
            {"A * B <= 3 * N", "C == 0 || D > A", "(A + B + C + D) % 3 != 1"},
            {{"N"}, {{4}, {16}}});
        for (std::size_t size = 0; size < 2; ++size) {
            auto space = SearchSpace::build(spec, size);
            QVERIFY(space.hasValue());
            const auto expected = naiveValid(spec, size);
            QCOMPARE(space->validCount(), std::uint64_t(expected.size()));
            for (std::uint64_t i = 0; i < expected.size(); ++i)
                QCOMPARE(space->at(i), expected[i]);
        }
    }

    void detectsAnEmptySpace()
    {
        const Spec spec = gridSpec({{"A", {1, 2}}, {"B", {1, 2}}}, {"A + B > 10"});
        auto space = SearchSpace::build(spec, 0);
        QVERIFY(space.hasValue());
        QCOMPARE(space->validCount(), std::uint64_t(0));
        QCOMPARE(space->rejectedCount(), std::uint64_t(4));
        auto first = SearchSpace::findFirst(spec, 0);
        QVERIFY(first.hasValue());
        QVERIFY(!first->has_value());
    }

    void findFirstStopsAtTheFirstValidPoint()
    {
        const Spec spec = gridSpec({{"A", {1, 2, 3}}, {"B", {1, 2, 3}}}, {"A * B >= 4"});
        auto first = SearchSpace::findFirst(spec, 0);
        QVERIFY(first.hasValue() && first->has_value());
        QCOMPARE(**first, config({2, 2}));
    }

    void refusesHugeGridsNamingTheCount()
    {
        std::vector<Parameter> parameters;
        for (const char *name : {"A", "B", "C", "D", "E", "F", "G", "H", "I", "J"})
            parameters.push_back({name, {1, 2, 3, 4, 5, 6, 7, 8}}); // 8^10 = 1073741824
        auto space = SearchSpace::build(gridSpec(parameters), 0);
        QVERIFY(!space.hasValue());
        QCOMPARE(space.error().code, EngineError::Code::InvalidSpec);
        QVERIFY(space.error().message.find("1073741824") != std::string::npos);
    }

    void reportsBadConstraintsAndSizeIndices()
    {
        auto bad = SearchSpace::build(gridSpec({{"A", {1}}}, {"A * X"}), 0);
        QVERIFY(!bad.hasValue());
        QCOMPARE(bad.error().code, EngineError::Code::InvalidSpec);
        QVERIFY(bad.error().message.find("'X'") != std::string::npos);
        auto outOfRange = SearchSpace::build(gridSpec({{"A", {1}}}), 1);
        QVERIFY(!outOfRange.hasValue());
        QCOMPARE(outOfRange.error().code, EngineError::Code::InvalidArgument);
    }

    void enumeratesAMillionPointsCompactly()
    {
        std::vector<Parameter> parameters;
        for (const char *name : {"A", "B", "C", "D", "E", "F"})
            parameters.push_back({name, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}});
        auto space = SearchSpace::build(gridSpec(parameters, {"A + B <= 9", "F % 2 == 0"}), 0);
        QVERIFY(space.hasValue());
        QCOMPARE(space->totalCount(), std::uint64_t(1'000'000));
        QCOMPARE(space->validCount(), std::uint64_t(55 * 10'000 / 2)); // 55 (A,B) pairs, F even
        const Configuration last = space->at(space->validCount() - 1);
        QCOMPARE(last, config({9, 0, 9, 9, 9, 8}));
        QCOMPARE(space->indexOf(last), std::optional<std::uint64_t>(space->validCount() - 1));
    }
};

QTEST_GUILESS_MAIN(TestSearchSpace)
#include "tst_searchspace.moc"
