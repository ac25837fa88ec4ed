#include "space/expression.h"

#include <QTest>

#include <cmath>

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
