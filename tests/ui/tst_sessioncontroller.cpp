#include "examplevariant.h"
#include "models/resultsfeed.h"
#include "models/resultsmodel.h"
#include "session/sessioncontroller.h"
#include "testpaths.h"

#include <QFile>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

class TestSessionController : public QObject
{
    Q_OBJECT
private:
    RunRequest request(const QString &spec)
    {
        RunRequest r;
        r.specPath = spec;
        r.workspacePath = m_dir.filePath(QStringLiteral("ws.tbw"));
        r.workerPath = tbtest::workerPath();
        r.workers = 2;
        return r;
    }

    QTemporaryDir m_dir;

private slots:
    void runsARealSpecAndReportsEveryResult()
    {
        QVERIFY(m_dir.isValid());
        SessionController controller;
        QSignalSpy loaded(&controller, &SessionController::specLoaded);
        QSignalSpy started(&controller, &SessionController::runStarted);
        QSignalSpy sized(&controller, &SessionController::spaceSized);
        QSignalSpy results(&controller, &SessionController::resultArrived);
        QSignalSpy progress(&controller, &SessionController::progressChanged);
        QSignalSpy finished(&controller, &SessionController::finished);
        QSignalSpy failed(&controller, &SessionController::failed);

        QVERIFY(controller.start(request(tbtest::sourceDir() + "/tests/app/data/faulty.json")));
        QVERIFY(controller.isRunning());
        QVERIFY(!controller.start(request(QStringLiteral("other.json")))); // one at a time
        QVERIFY2(finished.wait(60000), qPrintable(failed.value(0).value(0).toString()));
        QVERIFY(!controller.isRunning());
        QCOMPARE(failed.count(), 0);
        QCOMPARE(loaded.count(), 1);
        const auto outline = loaded.at(0).at(0).value<SpecOutline>();
        QCOMPARE(outline.name, QString("faulty_scale"));
        QCOMPARE(outline.metricNames, QStringList({"GB/s"}));
        QCOMPARE(outline.parameterNames, QStringList({"MODE"}));
        QCOMPARE(outline.objectiveMetric, QString("time"));
        QVERIFY(outline.minimize);
        QVERIFY(!outline.cuda);
        QCOMPARE(started.count(), 1);
        QCOMPARE(sized.count(), 1);
        QCOMPARE(sized.at(0).at(0).value<SpaceSummary>().planned, 6u);
        QCOMPARE(results.count(), 6);
        QVERIFY(progress.count() > 0);
        const auto summary = finished.at(0).at(0).value<RunSummary>();
        QCOMPARE(summary.ok, 2u);
        QCOMPARE(summary.failed, 4u);
        QVERIFY(!summary.stopped);
        int ok = 0;
        for (const auto &args : results) {
            const auto event = args.at(0).value<ResultEvent>();
            QVERIFY(!event.configKey.empty());
            ok += event.result.status == ResultStatus::Ok ? 1 : 0;
        }
        QCOMPARE(ok, 2);
    }

    void reportsABadSpecPathThroughFailed()
    {
        SessionController controller;
        QSignalSpy failed(&controller, &SessionController::failed);
        QSignalSpy finished(&controller, &SessionController::finished);
        QVERIFY(controller.start(request(m_dir.filePath(QStringLiteral("missing.json")))));
        QVERIFY(failed.wait(10000));
        QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("missing.json")));
        QCOMPARE(finished.count(), 0);
        QVERIFY(!controller.isRunning());
    }

    void reportsSpecProblemsWithTheirJsonPath()
    {
        const QString path = m_dir.filePath(QStringLiteral("bad.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"tunebench_spec": 1, "name": "bad", "backend": "fpga"})");
        file.close();
        SessionController controller;
        QSignalSpy failed(&controller, &SessionController::failed);
        QVERIFY(controller.start(request(path)));
        QVERIFY(failed.wait(10000));
        const QString message = failed.at(0).at(0).toString();
        QVERIFY2(message.contains(QStringLiteral("/backend")), qPrintable(message));
    }

    // A CUDA run compiles for the architecture the CLI would pick (one rule, compiletarget.h):
    // asked to compile only, the spec's kernel.arch, and the log says so and why. A build
    // without a CUDA toolkit refuses the run and says how to get a CUDA backend.
    void aCudaRunCompilesForTheSpecsArchLikeTheCli()
    {
        const QString spec = tbtest::writeExampleVariant(
            QStringLiteral("copy_scale"),
            {{"kernel", QJsonObject{{"arch", "sm_80"}}},
             {"strategy", QJsonObject{{"name", "brute_force"}, {"max_configs", 1}}}},
            m_dir.path(), QStringLiteral("copy_scale_sm80.json"));
        QVERIFY(!spec.isEmpty());
        SessionController controller;
        QSignalSpy log(&controller, &SessionController::logLine);
        QSignalSpy compiling(&controller, &SessionController::compilingOnly);
        QSignalSpy finished(&controller, &SessionController::finished);
        QSignalSpy failed(&controller, &SessionController::failed);
        RunRequest r = request(spec);
        r.workspacePath = m_dir.filePath(QStringLiteral("cuda.tbw"));
        r.compileOnly = true;
        QVERIFY(controller.start(r));
#if !TUNEBENCH_HAVE_CUDA
        QVERIFY(failed.wait(10000));
        QVERIFY2(failed.at(0).at(0).toString().contains(
                     QStringLiteral("this build of Tunebench has no CUDA backend")),
                 qPrintable(failed.at(0).at(0).toString()));
        QCOMPARE(finished.count(), 0);
        QVERIFY(!controller.isRunning());
        return;
#endif
        QVERIFY2(finished.wait(60000), qPrintable(failed.value(0).value(0).toString()));
        QStringList lines;
        for (const auto &args : log)
            lines << args.at(0).toString();
        QVERIFY2(lines.join('\n').contains(
                     QStringLiteral("Compiling only (for sm_80: the spec's kernel.arch)")),
                 qPrintable(lines.join('\n')));
        QCOMPARE(compiling.count(), 1); // the Run page's banner
        QVERIFY(compiling.at(0).at(0).toString().startsWith(QStringLiteral("Compiling only")));
    }

    void stopEndsARunWithFinishedAndStopped()
    {
        SessionController controller;
        QSignalSpy results(&controller, &SessionController::resultArrived);
        QSignalSpy finished(&controller, &SessionController::finished);
        RunRequest r = request(tbtest::sourceDir() + "/resources/examples/matmul/matmul.json");
        r.workspacePath = m_dir.filePath(QStringLiteral("stop.tbw"));
        r.workers = 1;
        QVERIFY(controller.start(r));
        QVERIFY(results.wait(60000));
        controller.stop(); // returns at once; the run ends after the configs in flight
        QVERIFY(controller.isRunning() || finished.count() == 1);
        QVERIFY(finished.count() == 1 || finished.wait(60000));
        QVERIFY(!controller.isRunning());
        const auto summary = finished.at(0).at(0).value<RunSummary>();
        QVERIFY(summary.stopped);
        QVERIFY(summary.evaluated < 40);
    }

    // Extra rounds reach the GUI thread, and each replaces its finalist's row in the table
    // with the rounds combined.
    void roundsReplaceTheirFinalistsRows()
    {
        const QString spec = tbtest::writeExampleVariant(
            "stencil",
            {{"strategy", QJsonObject{{"name", "brute_force"}, {"max_configs", 3}}},
             {"measurement", QJsonObject{{"min_samples", 3},
                                         {"max_samples", 5},
                                         {"max_seconds_per_config", 0.05},
                                         {"process_rounds", 2},
                                         {"finalists_per_size", 2}}}},
            m_dir.path(), "rounds.json");
        QVERIFY(!spec.isEmpty());

        SessionController controller;
        ResultsFeed feed;
        connect(&controller, &SessionController::resultArrived, &feed, &ResultsFeed::queue);
        connect(&controller, &SessionController::roundResultArrived, &feed, &ResultsFeed::replace);
        QSignalSpy rounds(&controller, &SessionController::roundStarted);
        QSignalSpy roundResults(&controller, &SessionController::roundResultArrived);
        QSignalSpy finished(&controller, &SessionController::finished);
        QSignalSpy failed(&controller, &SessionController::failed);
        RunRequest r = request(spec);
        r.workspacePath = m_dir.filePath(QStringLiteral("rounds.tbw"));
        QVERIFY(controller.start(r));
        QVERIFY2(finished.wait(60000), qPrintable(failed.value(0).value(0).toString()));
        feed.flush();
        QCOMPARE(rounds.count(), 1);
        QCOMPARE(rounds.at(0).at(0).value<RoundStart>().round, 2);
        QCOMPARE(roundResults.count(), 2);
        const ResultsModel &model = *feed.model();
        QCOMPARE(model.rowCount(), 3); // replaced, not added
        for (const auto &args : roundResults) {
            const auto event = args.at(0).value<RoundEvent>();
            bool found = false;
            for (int row = 0; row < model.rowCount(); ++row) {
                if (model.resultAt(row).configKey != event.configKey)
                    continue;
                found = true;
                QCOMPARE(model.resultAt(row).result.summary.median, event.combined.summary.median);
                QCOMPARE(model.resultAt(row).roundMedians, event.medians);
                // Both rounds' samples, as many as the combined summary counts.
                const Result &shown = model.resultAt(row).result;
                QCOMPARE(int(shown.samples.size()), event.combined.summary.count);
                QVERIFY(int(shown.samples.size()) > event.measured.summary.count);
            }
            QVERIFY(found);
            QCOMPARE(event.medians.size(), std::size_t(2));
        }
    }
};

QTEST_GUILESS_MAIN(TestSessionController)
#include "tst_sessioncontroller.moc"
