#include "space/expression.h"

#include <QTest>

#include <cmath>
#include <numbers>

using namespace tb;

class TestExpression : public QObject
{
    Q_OBJECT

private slots:
    void evaluatesArithmeticAndComparisons()
    {
        auto expression = Expression::compile("BM*BN/4 <= 1024 && N % BM == 0", {"BM", "BN", "N"});
        QVERIFY(expression.hasValue());
        const double fits[] = {64, 64, 512};
        const double tooBig[] = {128, 64, 512};
        const double notDividing[] = {64, 32, 100};
        QCOMPARE(expression->evaluate(fits), 1.0);
        QCOMPARE(expression->evaluate(tooBig), 0.0);
        QCOMPARE(expression->evaluate(notDividing), 0.0);
    }

    void providesTheDialectFunctions()
    {
        auto expression = Expression::compile("ceil_div(N, B) + div(N, B) + max(1, 2)", {"N", "B"});
        QVERIFY(expression.hasValue());
        const double values[] = {10, 4};
        QCOMPARE(expression->evaluate(values), 3.0 + 2.0 + 2.0);
    }

    // muparser's own _pi has 12 digits under GCC (3.141592653589): element i of
    // cos(2 * _pi * i / n) drifted by 2e-7 at i = 2 million.
    void knowsPiAndEToDoublePrecision()
    {
        auto pi = Expression::compile("_pi", {});
        auto e = Expression::compile("_e", {});
        QVERIFY(pi && e);
        QCOMPARE(pi->evaluate({}), std::numbers::pi);
        QCOMPARE(e->evaluate({}), std::numbers::e);
        auto wave = Expression::compile("sin(2 * _pi * i / 10)", {"i"});
        QVERIFY(wave);
        const double i[] = {1999999};
        QVERIFY(std::abs(wave->evaluate(i) - std::sin(2 * std::numbers::pi * 1999999 / 10)) <
                1e-12);
    }

    void reportsUsedVariablesInDeclarationOrder()
    {
        auto expression = Expression::compile("N * BN", {"BM", "BN", "N"});
        QVERIFY(expression.hasValue());
        QCOMPARE(expression->usedVariables(), (std::vector<std::string>{"BN", "N"}));
        QCOMPARE(expression->usedIndices(), (std::vector<std::size_t>{1, 2}));
    }

    void rejectsUnknownNamesByName()
    {
        auto expression = Expression::compile("BM * BX", {"BM", "BN"});
        QVERIFY(!expression.hasValue());
        QCOMPARE(expression.error().code, EngineError::Code::InvalidSpec);
        QVERIFY(expression.error().message.find("'BX'") != std::string::npos);
        QVERIFY(expression.error().detail.find("BM, BN") != std::string::npos);
    }

    void rejectsUnparsableAndEmptyText()
    {
        QVERIFY(!Expression::compile("BM * (BN", {"BM", "BN"}).hasValue());
        QVERIFY(!Expression::compile("  ", {"BM"}).hasValue());
    }

    void survivesMoves()
    {
        auto compiled = Expression::compile("A + 1", {"A"});
        QVERIFY(compiled.hasValue());
        Expression moved = std::move(compiled.value());
        const double values[] = {41};
        QCOMPARE(moved.evaluate(values), 42.0);
    }
};

QTEST_GUILESS_MAIN(TestExpression)
#include "tst_expression.moc"
