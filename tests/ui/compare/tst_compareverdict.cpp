#include "compare/compareverdict.h"
#include "model/measurementcaveats.h"

#include <QTest>

using namespace tb;

namespace {

// A result of `median` seconds whose median is uncertain by `halfWidth` (relative).
CompareEntry timed(const QString &caption, double median, double halfWidth, double clockMhz = 0)
{
    CompareEntry entry;
    entry.caption = caption;
    entry.event.result.summary = {median, median, median, 0, 50, halfWidth};
    if (clockMhz > 0)
        entry.event.result.resources[figures::kSmClockEffectiveMhz] = clockMhz;
    return entry;
}

} // namespace

class TestCompareVerdict : public QObject
{
    Q_OBJECT
private slots:
    void aLeadBeyondBothIntervalsIsDecided()
    {
        // 100 vs 95 us: A takes 5.26% longer, so B is 5.26% faster, against 0.4% + 0.4% of
        // uncertainty.
        const QString text = compareVerdict(timed("A", 100e-6, 0.004), timed("B", 95e-6, 0.004));
        QVERIFY2(
            text.startsWith("B: 5.26% faster than the baseline (median -5.00%), beyond the 0.80%"),
            qPrintable(text));
        QVERIFY(!text.contains("another run"));
    }

    void aSlowerResultSaysSlowerAndMeasuresFromItself()
    {
        // The slower's time over the faster's, as the winner lines measure it: 125 / 100 - 1.
        const QString text = compareVerdict(timed("A", 100e-6, 0.001), timed("B", 125e-6, 0.001));
        QVERIFY2(text.startsWith("B: 25.00% slower than the baseline (median +25.00%), beyond"),
                 qPrintable(text));
    }

    // Issue 34, item 10: 755 -> 661 us is 14.22% faster (755 / 661 - 1), a change of -12.45%:
    // the verdict says both, so its figure never contradicts the table's.
    void theVerdictStatesTheTablesChangeBesideItsWords()
    {
        const QString text = compareVerdict(timed("A", 755e-6, 0.001), timed("B", 661e-6, 0.001));
        QVERIFY2(text.startsWith("B: 14.22% faster than the baseline (median -12.45%), beyond"),
                 qPrintable(text));
    }

    void aLeadWithinTheIntervalsIsATie()
    {
        const QString text = compareVerdict(timed("A", 100e-6, 0.004), timed("B", 99.5e-6, 0.004));
        QVERIFY2(text.contains("0.50% faster than the baseline (median -0.50%), within the 0.80%"),
                 qPrintable(text));
        QVERIFY(text.contains("another run may order them the other way"));
    }

    void differentClockStepsWidenTheUncertainty()
    {
        // 0.8% apart with 0.1% intervals: decided at one clock, a tie across the 1980/1995 step
        // (0.76% more).
        const auto base = timed("A", 100e-6, 0.001, 1980);
        QVERIFY(compareVerdict(base, timed("B", 99.2e-6, 0.001, 1980)).contains("beyond"));
        const QString text = compareVerdict(base, timed("B", 99.2e-6, 0.001, 1995));
        QVERIFY2(text.contains("within") && text.contains("timed at different SM clock steps"),
                 qPrintable(text));
    }

    void otherProblemSizesAreNotCompared()
    {
        auto other = timed("B", 50e-6, 0.001);
        other.sizeLabel = "N=512";
        const QString text = compareVerdict(timed("A", 100e-6, 0.001), other);
        QVERIFY2(text.contains("another problem size"), qPrintable(text));
        QVERIFY(!text.contains("% faster"));
    }

    void failuresAndEmptyResultsGetNoVerdict()
    {
        auto failed = timed("B", 90e-6, 0.001);
        failed.event.result.status = ResultStatus::CompileError;
        QVERIFY(compareVerdict(timed("A", 100e-6, 0.001), failed).isEmpty());
        auto empty = timed("B", 90e-6, 0.001);
        empty.event.result.summary.count = 0;
        QVERIFY(compareVerdict(timed("A", 100e-6, 0.001), empty).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCompareVerdict)
#include "tst_compareverdict.moc"
