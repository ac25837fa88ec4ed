// The default strategy ("auto"): brute force exactly where it can finish, the guided default
// under any limit it could not finish within; every other name passes through.
#include "search/searchstrategy.h"
#include "search/strategychoice.h"

#include <QTest>

using namespace tb;

class TestStrategyChoice : public QObject
{
    Q_OBJECT

private slots:
    void bruteForceWhereTheBudgetCoversTheSpace()
    {
        QCOMPARE(resolveStrategyName("auto", 5384, {}), std::string("brute_force"));
        QCOMPARE(resolveStrategyName("auto", 100, {100, 0, 0}), std::string("brute_force"));
        QCOMPARE(resolveStrategyName("auto", 100, {500, 0, 0}), std::string("brute_force"));
    }

    void guidedUnderAnyLimit()
    {
        const std::string guided = kDefaultGuidedStrategy;
        QCOMPARE(resolveStrategyName("auto", 101, {100, 0, 0}), guided);
        QCOMPARE(resolveStrategyName("auto", 10, {0, 60, 0}), guided);
        QCOMPARE(resolveStrategyName("auto", 10, {0, 0, 50}), guided);
        QVERIFY(checkStrategyName(guided).hasValue());
    }

    void namedStrategiesPassThrough()
    {
        QCOMPARE(resolveStrategyName("random", 10, {5, 0, 0}), std::string("random"));
        QCOMPARE(resolveStrategyName("brute_force", 10, {5, 0, 0}), std::string("brute_force"));
    }

    // "auto" is a name a spec may use, takes no options, and is never made unresolved.
    void autoIsANameButNoStrategy()
    {
        QVERIFY(checkStrategyName("auto").hasValue());
        QCOMPARE(strategyNames().front(), std::string("auto"));
        QVERIFY(checkStrategyOptions("auto", {}).hasValue());
        auto refused = checkStrategyOptions("auto", {{"population_size", 10}});
        QVERIFY(!refused.hasValue());
        QVERIFY(refused.error().message.find("takes no options") != std::string::npos);
        QVERIFY(strategyOptionDescriptions("auto").empty());
    }
};

QTEST_GUILESS_MAIN(TestStrategyChoice)
#include "tst_strategychoice.moc"
