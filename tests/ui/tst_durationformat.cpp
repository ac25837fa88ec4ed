// Durations and numbers as the tables show them: three significant digits in the unit that
// fits, decided after rounding (999.7 µs is "1.00 ms", never "1000 µs").
#include "models/durationformat.h"

#include <QTest>

#include <limits>

using namespace tb;

class TestDurationFormat : public QObject
{
    Q_OBJECT
private slots:
    void formatsInTheUnitThatFits_data()
    {
        QTest::addColumn<double>("seconds");
        QTest::addColumn<QString>("text");
        QTest::newRow("ns") << 812e-9 << QStringLiteral("812 ns");
        QTest::newRow("us") << 3.414e-6 << QStringLiteral("3.41 \u00b5s");
        QTest::newRow("ms") << 12.71e-3 << QStringLiteral("12.7 ms");
        QTest::newRow("s") << 1.25 << QStringLiteral("1.25 s");
        QTest::newRow("just under a ms") << 999.7e-6 << QStringLiteral("1.00 ms");
        QTest::newRow("just under a us") << 999.6e-9 << QStringLiteral("1.00 \u00b5s");
        QTest::newRow("999 us stays") << 999.0e-6 << QStringLiteral("999 \u00b5s");
        QTest::newRow("just under 10") << 9.996e-3 << QStringLiteral("10.0 ms");
        QTest::newRow("just under 100") << 99.96e-3 << QStringLiteral("100 ms");
        QTest::newRow("negative") << -2.5e-3 << QStringLiteral("-2.50 ms");
        QTest::newRow("not a number") << std::numeric_limits<double>::quiet_NaN() << QString();
    }

    void formatsInTheUnitThatFits()
    {
        QFETCH(double, seconds);
        QFETCH(QString, text);
        QCOMPARE(formatDuration(seconds), text);
    }

    void numbersKeepThreeSignificantDigits()
    {
        QCOMPARE(formatNumber(1.234), QStringLiteral("1.23"));
        QCOMPARE(formatNumber(12.34), QStringLiteral("12.3"));
        QCOMPARE(formatNumber(123.4), QStringLiteral("123"));
        QCOMPARE(formatNumber(9.999), QStringLiteral("10.0"));
        QCOMPARE(formatNumber(std::numeric_limits<double>::infinity()), QString());
    }

    void percentsOfFractionsWithTwoDecimals()
    {
        QCOMPARE(formatPercent(0.005), QStringLiteral("0.50%"));
        QCOMPARE(formatPercent(0.04753), QStringLiteral("4.75%"));
        QCOMPARE(formatPercent(0), QStringLiteral("0.00%"));
    }
};

QTEST_MAIN(TestDurationFormat)
#include "tst_durationformat.moc"
