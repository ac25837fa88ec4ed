// The Run page's machine-load indicator (issue 21, item 6): between runs it reads the machine
// (a real busy child process counts as other load), during a run the workers' own readings and
// the caveats of the latest results.
#include "model/measurementcaveats.h"
#include "pages/machineloadindicator.h"

#include <QProcess>
#include <QTest>

using namespace tb;

namespace {

ResultEvent measured(std::optional<double> otherCpus)
{
    ResultEvent event;
    event.result.status = ResultStatus::Ok;
    event.result.summary.count = 5;
    event.result.summary.median = 1e-3;
    if (otherCpus)
        event.result.resources[figures::kOtherCpuLoad] = *otherCpus;
    return event;
}

} // namespace

class TestMachineLoad : public QObject
{
    Q_OBJECT
private slots:
    void readsAnotherProcessBusyBetweenRuns()
    {
        MachineLoadIndicator indicator;
        QVERIFY(!indicator.isRunning());
        // A spinning child is another process: it keeps one CPU busy for the whole reading.
        QProcess spinner;
        spinner.start(QStringLiteral("sh"),
                      {QStringLiteral("-c"), QStringLiteral("while :; do :; done")});
        QVERIFY(spinner.waitForStarted());
        indicator.sample(); // start the reading with the spinner running
        QTest::qWait(1000);
        indicator.sample();
        spinner.kill();
        spinner.waitForFinished();
        QVERIFY(indicator.otherCpus().has_value());
        QVERIFY2(*indicator.otherCpus() >= kOtherCpuLoadCaveat,
                 qPrintable(QString::number(*indicator.otherCpus())));
        QVERIFY(indicator.busy());
        QVERIFY2(indicator.text().contains(QStringLiteral("other CPUs busy")),
                 qPrintable(indicator.text()));
    }

    void showsTheWorkersReadingsDuringARun()
    {
        MachineLoadIndicator indicator;
        indicator.setRunning(true);
        QVERIFY(indicator.text().contains(QStringLiteral("waiting")));
        indicator.sample(); // the GUI's own reading would count the workers: ignored
        QVERIFY(indicator.text().contains(QStringLiteral("waiting")));

        indicator.addResults({measured(0.1), measured(0.2)});
        QCOMPARE(*indicator.otherCpus(), 0.2);
        QVERIFY(!indicator.busy());
        QVERIFY2(indicator.text().startsWith(QStringLiteral("While measuring: 0.2")),
                 qPrintable(indicator.text()));

        // One busy moment in a batch is what a comparison must know of.
        indicator.addResults({measured(0.1), measured(1.6), measured(0.3)});
        QCOMPARE(*indicator.otherCpus(), 1.6);
        QVERIFY(indicator.busy());
        QVERIFY2(
            indicator.text().contains(QStringLiteral("1 of the latest 3 results with caveats")),
            qPrintable(indicator.text()));
    }

    void countsAGpuThatSlowedDown()
    {
        MachineLoadIndicator indicator;
        indicator.setRunning(true);
        ResultEvent throttled = measured(std::nullopt);
        throttled.result.resources["throttled"] = 1;
        throttled.result.resources["throttle_reasons"] = 4;
        QVERIFY(!measurementCaveats(throttled.result).empty());
        indicator.addResults({measured(std::nullopt), throttled});
        QVERIFY(indicator.busy());
        QVERIFY2(
            indicator.text().contains(QStringLiteral("1 of the latest 2 results with caveats")),
            qPrintable(indicator.text()));
        // A batch without readings or caveats leaves the figure as it was.
        const QString before = indicator.text();
        indicator.addResults({measured(std::nullopt)});
        QCOMPARE(indicator.text(), before);
    }

    void readsTheMachineAgainAfterTheRun()
    {
        MachineLoadIndicator indicator;
        indicator.setRunning(true);
        indicator.addResults({measured(2.0)});
        QVERIFY(indicator.busy());
        indicator.setRunning(false);
        QVERIFY(!indicator.isRunning());
        // The machine is read afresh, from after the run (its workers are not counted).
        QCOMPARE(indicator.text(), QStringLiteral("Machine: reading..."));
        QTRY_VERIFY_WITH_TIMEOUT(indicator.text().contains(QStringLiteral("Machine: ")) &&
                                     indicator.text().contains(QStringLiteral("other CPUs busy")),
                                 5000);
    }
};

QTEST_MAIN(TestMachineLoad)
#include "tst_machineload.moc"
