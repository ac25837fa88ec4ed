// What `export --measure-missing` says it did: the set shrank, stayed, or grew because the pairs
// measured found faster configurations (the tolerance then counts from a better time; seen on
// the H100 with a sparse SGEMM run, bench/results/kernelset_h100.md).
#include "tasks/missingpairs.h"

#include <QTest>

using namespace tb;

namespace {

MissingPairsOutcome outcome(std::size_t before, std::size_t after, std::size_t requested)
{
    MissingPairsOutcome result;
    result.kernelsBefore = before;
    result.set.kernels.resize(after);
    result.set.maxSlowdown = 0.01;
    result.requested = requested;
    result.batches = requested > 0 ? 2 : 0;
    result.stored = requested;
    return result;
}

QString summary(const MissingPairsOutcome &result)
{
    return QString::fromStdString(result.summary());
}

} // namespace

class TestMissingPairsOutcome : public QObject
{
    Q_OBJECT
private slots:
    void saysHowTheSetChanged()
    {
        QVERIFY(summary(outcome(3, 2, 4)).contains("the set shrank from 3 to 2 configurations"));
        QVERIFY(summary(outcome(2, 2, 0)).contains("no unmeasured pair could make it smaller"));
        const QString stayed = summary(outcome(2, 2, 4));
        QVERIFY2(stayed.contains("the set stays at 2: the pairs measured ran more than 1"),
                 qPrintable(stayed));
    }

    void saysWhyTheSetGrew()
    {
        MissingPairsOutcome grew = outcome(5, 6, 294);
        grew.fasterBests = 2;
        const QString text = summary(grew);
        QVERIFY2(text.contains("the set grew from 5 to 6 configurations: pairs measured here beat "
                               "the best of 2 problem sizes"),
                 qPrintable(text));
        QVERIFY(!text.contains("stays"));
    }
};

QTEST_MAIN(TestMissingPairsOutcome)
#include "tst_missingpairsoutcome.moc"
