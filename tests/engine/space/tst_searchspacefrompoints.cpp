#include "space/searchspace.h"

#include <QTest>

using namespace tb;

namespace {

// 3 x 2 x 2 = 12 grid points.
std::vector<Parameter> parameters()
{
    return {{"X", {16, 32, 64}}, {"Y", {2, 1}}, {"Z", {0, 1}}};
}

QString messageOf(const Expected<SearchSpace> &space)
{
    return QString::fromStdString(space.error().message);
}

} // namespace

class TestSearchSpaceFromPoints : public QObject
{
    Q_OBJECT

private slots:
    void holdsExactlyThePointsInGridOrder()
    {
        // Given out of order; enumerated in the grid's order, Y's values as listed (2 before 1).
        const std::vector<Configuration> points = {
            {{64, 1, 1}}, {{16, 2, 0}}, {{32, 1, 0}}, {{16, 1, 1}}};
        auto space = SearchSpace::fromPoints(parameters(), points);
        QVERIFY2(space.hasValue(), space ? "" : space.error().toString().c_str());
        QCOMPARE(space->totalCount(), std::uint64_t(12));
        QCOMPARE(space->validCount(), std::uint64_t(4));
        QCOMPARE(space->rejectedCount(), std::uint64_t(8));
        QCOMPARE(space->sizeIndex(), std::size_t(0));
        QCOMPARE(space->at(0), (Configuration{{16, 2, 0}}));
        QCOMPARE(space->at(1), (Configuration{{16, 1, 1}}));
        QCOMPARE(space->at(2), (Configuration{{32, 1, 0}}));
        QCOMPARE(space->at(3), (Configuration{{64, 1, 1}}));
        for (std::uint64_t i = 0; i < space->validCount(); ++i)
            QCOMPARE(space->indexOf(space->at(i)), std::optional<std::uint64_t>(i));
        QVERIFY(!space->contains(Configuration{{16, 2, 1}})); // on the grid, not recorded
        QCOMPARE(space->parameters().size(), std::size_t(3));
        QCOMPARE(space->parameters()[1].values, (std::vector<double>{2, 1}));
    }

    void anEmptyListIsAnEmptySpace()
    {
        auto space = SearchSpace::fromPoints(parameters(), {});
        QVERIFY(space.hasValue());
        QCOMPARE(space->validCount(), std::uint64_t(0));
        QCOMPARE(space->totalCount(), std::uint64_t(12));
    }

    void refusesAValueItsParameterDoesNotList()
    {
        auto space = SearchSpace::fromPoints(parameters(), {{{16, 2, 0}}, {{48, 2, 0}}});
        QVERIFY(!space.hasValue());
        QCOMPARE(space.error().code, EngineError::Code::InvalidArgument);
        QVERIFY2(messageOf(space).contains(
                     "point 1 (X=48,Y=2,Z=0): 48 is not one of the values of parameter 'X'"),
                 qPrintable(messageOf(space)));
    }

    void refusesAPointGivenTwice()
    {
        auto space =
            SearchSpace::fromPoints(parameters(), {{{32, 1, 0}}, {{16, 2, 0}}, {{32, 1, 0}}});
        QVERIFY(!space.hasValue());
        QCOMPARE(space.error().code, EngineError::Code::InvalidArgument);
        QVERIFY2(messageOf(space).contains("point X=32,Y=1,Z=0 is given twice"),
                 qPrintable(messageOf(space)));
    }

    void refusesAPointOfTheWrongArity()
    {
        auto space = SearchSpace::fromPoints(parameters(), {{{32, 1}}});
        QVERIFY(!space.hasValue());
        QVERIFY2(messageOf(space).contains("point 0 has 2 values for 3 parameters"),
                 qPrintable(messageOf(space)));
    }

    void refusesAParameterListingAValueTwice()
    {
        auto space = SearchSpace::fromPoints({{"X", {1, 2, 1}}}, {{{1}}});
        QVERIFY(!space.hasValue());
        QVERIFY2(messageOf(space).contains("parameter 'X' lists the value 1 twice"),
                 qPrintable(messageOf(space)));
    }

    void refusesAGridTooLargeToIndex()
    {
        std::vector<Parameter> huge;
        for (const char *name : {"P0", "P1", "P2", "P3"}) {
            Parameter parameter{name, {}};
            for (int v = 0; v < 1000; ++v)
                parameter.values.push_back(v);
            huge.push_back(std::move(parameter));
        }
        auto space = SearchSpace::fromPoints(huge, {{{0, 0, 0, 0}}});
        QVERIFY(!space.hasValue());
        QVERIFY2(messageOf(space).contains("more than 1000000000 points"),
                 qPrintable(messageOf(space)));
    }
};

QTEST_GUILESS_MAIN(TestSearchSpaceFromPoints)
#include "tst_searchspacefrompoints.moc"
