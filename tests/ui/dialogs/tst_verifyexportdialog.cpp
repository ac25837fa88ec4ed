// Run > Verify export... (issue 20, item 6) on a real CPU-backend export: the slowable example
// tuned with real workers and exported as the CLI's `export --format json` writes it, then
// verified through the dialog as a user would. Unchanged, every configuration holds; with a
// slowdown injected through the compiler (TB_CC adds -DTB_INJECTED_SLOWDOWN, a fault injection
// named as such, as tst_cliverify does) every one is SLOWER; a changed device warns or fails as
// asked; Cancel stops cleanly; a file that is no usable export is said plainly.
#include "dialogs/exportrender.h"
#include "dialogs/verificationmodel.h"
#include "dialogs/verifyexportdialog.h"
#include "run/session.h"
#include "spec/specloader.h"
#include "tasks/storedrun.h"
#include "tasks/workspacefiles.h"

#include "testfiles.h"
#include "testpaths.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

constexpr int kVerifyTimeoutMs = 180000;

// Generous: a shared, maybe loaded CPU; the point is the verdict, not the noise. The injected
// slowdown is 50 times.
VerifyPolicy lenient(EnvChangePolicy onEnvChange = EnvChangePolicy::Warn)
{
    VerifyPolicy policy;
    policy.thresholdPercent = 400;
    policy.onEnvChange = onEnvChange;
    return policy;
}

std::vector<ExportCheckRow::Verdict> verdicts(const VerificationModel &model)
{
    std::vector<ExportCheckRow::Verdict> found;
    for (int row = 0; row < model.rowCount(); ++row)
        found.push_back(ExportCheckRow::Verdict(
            model.index(row, 0).data(VerificationModel::VerdictRole).toInt()));
    return found;
}

QString cell(const VerificationModel &model, int row, int column)
{
    return model.index(row, column).data().toString();
}

} // namespace

class TestVerifyExportDialog : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_export;

    // Tunes the slowable example (3 configurations, 2 sizes) with real workers and writes its
    // JSON export, rendered as the CLI's `export --format json` renders it.
    bool tuneAndExport()
    {
        SpecLoader loader;
        auto spec = loader.loadFile(
            (tbtest::sourceDir() + QStringLiteral("/tests/app/data/slowable.json")).toStdString());
        if (!spec)
            return false;
        const QString workspace = m_dir.filePath(QStringLiteral("tuned.tbw"));
        SessionOptions options;
        options.workspacePath = workspace.toStdString();
        options.workerCommand = {tbtest::workerPath().toStdString()};
        options.workers = 2;
        options.toolVersion = TUNEBENCH_VERSION; // the dialog's: no Tunebench change to report
        SessionListener quiet;
        auto summary = Session(*spec, options, quiet).run();
        if (!summary)
            return false;
        auto run = readStoredRun(workspace.toStdString(), summary->runId, false);
        if (!run)
            return false;
        auto text = renderExport(*run, ExportOptions{}, TUNEBENCH_VERSION); // JSON
        m_export = m_dir.filePath(QStringLiteral("export.json"));
        return text && tbtest::writeFile(m_export, QByteArray::fromStdString(*text));
    }

    QString exportWith(const QString &name, const std::function<void(QJsonObject &)> &change)
    {
        QJsonObject document = QJsonDocument::fromJson(tbtest::readFile(m_export)).object();
        change(document);
        const QString path = m_dir.filePath(name);
        if (!tbtest::writeFile(path, QJsonDocument(document).toJson()))
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

    // Verifies `path` through the dialog's Verify button; false if no verdict came.
    static bool verifyThrough(VerifyExportDialog &dialog, const QString &path,
                              const VerifyPolicy &policy)
    {
        dialog.setWorkerPath(tbtest::workerPath());
        dialog.setExportPath(path);
        dialog.setPolicy(policy);
        QSignalSpy verified(&dialog, &VerifyExportDialog::verified);
        QTest::mouseClick(dialog.verifyButton(), Qt::LeftButton);
        return verified.wait(kVerifyTimeoutMs) && !dialog.isRunning();
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        QVERIFY(tuneAndExport());
    }

    void anUnchangedExportHolds()
    {
        VerifyExportDialog dialog;
        dialog.show();
        QVERIFY(verifyThrough(dialog, m_export, lenient()));
        const VerificationModel &model = *dialog.model();
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(verdicts(model),
                 std::vector<ExportCheckRow::Verdict>(2, ExportCheckRow::Verdict::Held));
        QCOMPARE(cell(model, 0, VerificationModel::SizeColumn), QStringLiteral("N=20000"));
        QCOMPARE(cell(model, 1, VerificationModel::SizeColumn), QStringLiteral("N=40000"));
        for (int row = 0; row < 2; ++row) {
            QVERIFY(cell(model, row, VerificationModel::ConfigurationColumn)
                        .startsWith(QStringLiteral("COPY=")));
            QVERIFY(cell(model, row, VerificationModel::ExportedColumn).contains(u'\u00b1'));
            QVERIFY(cell(model, row, VerificationModel::NowColumn).contains(u'\u00b1'));
            QCOMPARE(cell(model, row, VerificationModel::VerdictColumn), QStringLiteral("held"));
        }
        QVERIFY(dialog.outcomeLabel()->isVisible());
        QVERIFY2(dialog.outcomeLabel()->text().contains(QStringLiteral("holds")),
                 qPrintable(dialog.outcomeLabel()->text()));
        QVERIFY(!dialog.environmentLabel()->isVisible());
        QVERIFY(!dialog.errorLabel()->isVisible());
        // Every configuration of the narrowed run was counted as measured.
        const QProgressBar *progress = dialog.progressBar();
        QVERIFY(progress->isVisible());
        QVERIFY(progress->maximum() >= 2);
        QCOMPARE(progress->value(), progress->maximum());
        QVERIFY(dialog.verifyButton()->isEnabled());
        QVERIFY(!dialog.cancelButton()->isEnabled());
    }

    void anInjectedSlowdownIsSlower()
    {
        VerifyExportDialog dialog;
        // Set here and inherited by the workers the check starts.
        qputenv("TB_CC", "cc -DTB_INJECTED_SLOWDOWN");
        const bool done = verifyThrough(dialog, m_export, lenient());
        qunsetenv("TB_CC");
        QVERIFY(done);
        const VerificationModel &model = *dialog.model();
        QCOMPARE(verdicts(model),
                 std::vector<ExportCheckRow::Verdict>(2, ExportCheckRow::Verdict::Slower));
        QCOMPARE(cell(model, 0, VerificationModel::VerdictColumn), QStringLiteral("SLOWER"));
        QVERIFY(cell(model, 0, VerificationModel::ChangeColumn).startsWith(u'+'));
        QVERIFY(model.index(0, VerificationModel::VerdictColumn)
                    .data(Qt::ForegroundRole)
                    .isValid()); // coloured
        QVERIFY2(dialog.outcomeLabel()->text().startsWith(QStringLiteral("FAILED")),
                 qPrintable(dialog.outcomeLabel()->text()));
    }

    // The export says it came from another device: a warning by default, a failure when asked.
    void anotherDeviceWarnsOrFails()
    {
        const QString moved = exportWith(QStringLiteral("moved.json"), [](QJsonObject &document) {
            QJsonObject run = document[QStringLiteral("run")].toObject();
            run[QStringLiteral("device")] = QStringLiteral("Some Other GPU");
            document[QStringLiteral("run")] = run;
        });
        VerifyExportDialog dialog;
        dialog.show();
        QSignalSpy verified(&dialog, &VerifyExportDialog::verified);
        QVERIFY(verifyThrough(dialog, moved, lenient(EnvChangePolicy::Warn)));
        QCOMPARE(verified.last().at(0).toBool(), true);
        QVERIFY(dialog.environmentLabel()->isVisible());
        QVERIFY2(dialog.environmentLabel()->text().contains(
                     QStringLiteral("device: Some Other GPU -> cpu")),
                 qPrintable(dialog.environmentLabel()->text()));

        QVERIFY(verifyThrough(dialog, moved, lenient(EnvChangePolicy::Fail)));
        QCOMPARE(verified.last().at(0).toBool(), false);
        QCOMPARE(verdicts(*dialog.model()),
                 std::vector<ExportCheckRow::Verdict>(2, ExportCheckRow::Verdict::Held));
        QVERIFY2(dialog.outcomeLabel()->text().contains(QStringLiteral("environment differs")),
                 qPrintable(dialog.outcomeLabel()->text()));
    }

    // Cancel at once: the run stops cleanly, before it measured anything, and says so.
    void cancelStopsCleanly()
    {
        VerifyExportDialog dialog;
        dialog.show();
        dialog.setWorkerPath(tbtest::workerPath());
        dialog.setExportPath(m_export);
        dialog.setPolicy(lenient());
        QSignalSpy verified(&dialog, &VerifyExportDialog::verified);
        dialog.verify();
        QVERIFY(dialog.isRunning());
        QVERIFY(dialog.cancelButton()->isEnabled());
        QVERIFY(!dialog.verifyButton()->isEnabled());
        QTest::mouseClick(dialog.cancelButton(), Qt::LeftButton);
        QVERIFY(verified.wait(kVerifyTimeoutMs));
        QCOMPARE(verified.last().at(0).toBool(), false);
        QVERIFY(!dialog.isRunning());
        QCOMPARE(verdicts(*dialog.model()),
                 std::vector<ExportCheckRow::Verdict>(2, ExportCheckRow::Verdict::Missing));
        QVERIFY2(dialog.outcomeLabel()->text().startsWith(QStringLiteral("Cancelled")),
                 qPrintable(dialog.outcomeLabel()->text()));
        QVERIFY(dialog.verifyButton()->isEnabled());
    }

    // Closing while it measures cancels, and the dialog closes once the workers are down.
    void closingWhileMeasuringCancels()
    {
        VerifyExportDialog dialog;
        dialog.setWorkerPath(tbtest::workerPath());
        dialog.setExportPath(m_export);
        dialog.open();
        QSignalSpy rejected(&dialog, &QDialog::rejected);
        dialog.verify();
        QVERIFY(dialog.isRunning());
        dialog.reject();
        QVERIFY(dialog.isVisible()); // not before the run is down
        QVERIFY(rejected.wait(kVerifyTimeoutMs));
        QVERIFY(!dialog.isRunning());
        QVERIFY(!dialog.isVisible());
    }

    // The table's model on made-up rows: the texts of each verdict, what is left out where
    // nothing was measured or recorded, the colour and reason of a verdict other than held.
    void theModelShowsEachVerdict()
    {
        VerificationModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        ExportCheckRow held;
        held.shipped = {0, "N=1", "A=1", 1e-3, 0.01, {}};
        held.newMedianSeconds = 1.1e-3;
        held.newRelativeHalfWidth = 0.02;
        held.changePercent = 10;
        held.verdict = ExportCheckRow::Verdict::Held;
        ExportCheckRow failed;
        failed.shipped = {1, "", "A=2", 2e-3, std::nullopt, {}}; // an export without intervals
        failed.verdict = ExportCheckRow::Verdict::Failed;
        failed.message = "compile_error: boom";
        ExportCheckRow missing;
        missing.shipped = {2, "N=3", "A=3", 3e-3, 0.01, {}};
        missing.verdict = ExportCheckRow::Verdict::Missing;
        ExportCheckRow inconclusive;
        inconclusive.shipped = {3, "N=4", "A=4", 4e-3, 0.1, {}};
        inconclusive.newMedianSeconds = 4.4e-3;
        inconclusive.newRelativeHalfWidth = 0.2;
        inconclusive.changePercent = 10;
        inconclusive.verdict = ExportCheckRow::Verdict::Inconclusive;
        inconclusive.message = "measure longer";
        model.setRows({held, failed, missing, inconclusive});
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.columnCount(), int(VerificationModel::ColumnCount));
        QCOMPARE(cell(model, 0, VerificationModel::ExportedColumn),
                 QString::fromUtf8("1.00 ms \xc2\xb1 1.00%"));
        QCOMPARE(cell(model, 0, VerificationModel::NowColumn),
                 QString::fromUtf8("1.10 ms \xc2\xb1 2.00%"));
        QCOMPARE(cell(model, 0, VerificationModel::ChangeColumn), QStringLiteral("+10.00%"));
        QCOMPARE(cell(model, 0, VerificationModel::VerdictColumn), QStringLiteral("held"));
        QVERIFY(
            !model.index(0, VerificationModel::VerdictColumn).data(Qt::ForegroundRole).isValid());
        QCOMPARE(cell(model, 1, VerificationModel::SizeColumn), QStringLiteral("-"));
        QCOMPARE(cell(model, 1, VerificationModel::ExportedColumn), QStringLiteral("2.00 ms"));
        QCOMPARE(cell(model, 1, VerificationModel::NowColumn), QStringLiteral("-"));
        QCOMPARE(cell(model, 1, VerificationModel::ChangeColumn), QStringLiteral("-"));
        QCOMPARE(cell(model, 1, VerificationModel::VerdictColumn), QStringLiteral("FAILED"));
        QCOMPARE(model.index(1, VerificationModel::VerdictColumn).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("compile_error: boom"));
        QCOMPARE(cell(model, 2, VerificationModel::VerdictColumn), QStringLiteral("MISSING"));
        QVERIFY(
            model.index(2, VerificationModel::VerdictColumn).data(Qt::ForegroundRole).isValid());
        // Issue 34: beyond the threshold within the uncertainty is no failure, and reads so.
        QCOMPARE(cell(model, 3, VerificationModel::VerdictColumn), QStringLiteral("inconclusive"));
        QCOMPARE(model.index(3, VerificationModel::VerdictColumn).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("measure longer"));
        QVERIFY(model.index(3, VerificationModel::VerdictColumn).data(Qt::ForegroundRole) !=
                model.index(2, VerificationModel::VerdictColumn).data(Qt::ForegroundRole));
        QCOMPARE(verdicts(model),
                 (std::vector<ExportCheckRow::Verdict>{
                     ExportCheckRow::Verdict::Held, ExportCheckRow::Verdict::Failed,
                     ExportCheckRow::Verdict::Missing, ExportCheckRow::Verdict::Inconclusive}));
        model.setRows({});
        QCOMPARE(model.rowCount(), 0);
    }

    // A run that would only compile (a CUDA export where no GPU is usable) times nothing, so the
    // shared check refuses it rather than hold every configuration at -100%, and says so.
    void aCompileOnlyRunIsRefused()
    {
        const auto plan =
            readExportCheckPlan(tbtest::readFile(m_export).toStdString(), m_export.toStdString());
        QVERIFY(plan.hasValue());
        struct Listener : SessionListener
        {
            int failures = 0;
            void onFailed(const EngineError &) override { ++failures; }
        } listener;
        SessionOptions options;
        options.workspacePath = m_dir.filePath(QStringLiteral("never.tbw")).toStdString();
        options.workerCommand = {tbtest::workerPath().toStdString()};
        options.compileOnly = true;
        const auto summary = measureShippedAgain(*plan, options, listener);
        QVERIFY(!summary.hasValue());
        QCOMPARE(summary.error().code, EngineError::Code::NoDevice);
        QCOMPARE(listener.failures, 1);
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("never.tbw"))));
    }

    void badFilesAreSaidPlainly_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("said");
        QTest::newRow("no spec") << QStringLiteral("old.json")
                                 << QStringList{QStringLiteral("spec.document"),
                                                QStringLiteral("export the run again")};
        QTest::newRow("not an export")
            << QStringLiteral("not.json")
            << QStringList{QStringLiteral("not a Tunebench JSON export")};
        QTest::newRow("missing") << QStringLiteral("missing.json")
                                 << QStringList{QStringLiteral("missing.json")};
    }

    void badFilesAreSaidPlainly()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, said);
        exportWith(QStringLiteral("old.json"), [](QJsonObject &document) {
            QJsonObject spec = document[QStringLiteral("spec")].toObject();
            spec.remove(QStringLiteral("document"));
            document[QStringLiteral("spec")] = spec;
        });
        QVERIFY(tbtest::writeFile(m_dir.filePath(QStringLiteral("not.json")),
                                  QByteArray("{\"format\": \"something\"}")));
        VerifyExportDialog dialog;
        dialog.show();
        dialog.setWorkerPath(tbtest::workerPath());
        dialog.setExportPath(m_dir.filePath(file));
        QSignalSpy failed(&dialog, &VerifyExportDialog::verificationFailed);
        dialog.verify();
        QVERIFY(failed.wait(20000));
        const QString message = failed.at(0).at(0).toString();
        for (const QString &part : said)
            QVERIFY2(message.contains(part), qPrintable(message));
        QVERIFY(dialog.errorLabel()->isVisible());
        QCOMPARE(dialog.errorLabel()->text(), message);
        QCOMPARE(dialog.model()->rowCount(), 0);
        QVERIFY(!dialog.isRunning());
        QVERIFY(dialog.verifyButton()->isEnabled());
    }
};

QTEST_MAIN(TestVerifyExportDialog)
#include "tst_verifyexportdialog.moc"
