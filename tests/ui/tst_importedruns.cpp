// Imported runs in the workbench (issue 20, items 3 and 5): a real workspace holding a native
// run and two Kernel Tuner caches of one space imported on two devices (tests/data/replay's
// kt_small.json, and a copy on another GPU with other times). The run lists name each run's
// device and where an imported one came from, the Results page shows an imported run with
// that note, and Compare Runs of the two devices shows each winner's cost on the other, its
// figures worked out here from the fixtures' own times.
#include "compare/compareview.h"
#include "compare/comparisonmodel.h"
#include "compare/crossdevicemodel.h"
#include "dialogs/comparerunsdialog.h"
#include "dialogs/exportdialog.h"
#include "mainwindow.h"
#include "mixedstatusrun.h"
#include "models/resultsmodel.h"
#include "pages/runpage.h"
#include "pages/runselector.h"
#include "pages/workspaceactions.h"
#include "replay/recordedrunimport.h"
#include "results/resultspage.h"
#include "results/winnersummary.h"
#include "session/workspacecontroller.h"
#include "storage/store.h"
#include "testpaths.h"

#include <QAbstractItemModelTester>
#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QGuiApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

const char *const kOtherGpu = "Other GPU";

QString replayData(const char *name)
{
    return tbtest::sourceDir() + QStringLiteral("/tests/data/replay/") + QLatin1String(name);
}

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

// kt_small.json recorded again on its own GPU, a little slower: another file of one device.
QJsonObject rerunRecording()
{
    QJsonObject file = readJson(replayData("kt_small.json"));
    QJsonObject cache = file.value("cache").toObject();
    QJsonObject entry = cache.value("16,2,1").toObject();
    entry["time"] = 1.6;
    cache["16,2,1"] = entry;
    file["cache"] = cache;
    return file;
}

bool writeJson(const QString &path, const QJsonObject &content)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(QJsonDocument(content).toJson()) > 0;
}

// A recorded mean in seconds (Kernel Tuner records milliseconds).
double seconds(const QJsonObject &file, const char *key)
{
    return file.value("cache").toObject().value(key).toObject().value("time").toDouble() / 1000;
}

// kt_small.json as recorded on another GPU: another device name and other times, so that the
// winners differ (16,1,0 here, 64,2,1 in kt_small.json).
QJsonObject otherGpuRecording()
{
    QJsonObject file = readJson(replayData("kt_small.json"));
    file["device_name"] = QString::fromLatin1(kOtherGpu);
    QJsonObject cache = file.value("cache").toObject();
    const auto setTime = [&](const char *key, double ms) {
        QJsonObject entry = cache.value(key).toObject();
        entry["time"] = ms;
        entry.remove("times"); // no samples: the mean stands alone
        cache[key] = entry;
    };
    setTime("16,1,0", 1.0);
    setTime("16,2,1", 3.0);
    setTime("64,2,1", 1.25);
    file["cache"] = cache;
    return file;
}

QString importInto(const QString &workspace, const QString &path)
{
    auto store = Store::open(workspace.toStdString());
    if (!store)
        return QString::fromStdString(store.error().toString());
    RecordedRunImport request;
    request.path = path.toStdString();
    auto imported = importRecordedRun(*store, request);
    return imported ? QString() : QString::fromStdString(imported.error().toString());
}

// "1.25 ms, 1.250x its best (+25.00%)": the cost cell for a winner whose median on the other
// device is `there`, where that device's best is `best`.
QString costText(const QString &duration, double there, double best)
{
    const double ratio = there / best;
    return duration + QString::asprintf(", %.3fx its best (+%.2f%%)", ratio, (ratio - 1) * 100);
}

QString cell(const QAbstractItemModel &model, int row, int column)
{
    return model.index(row, column).data().toString();
}

bool openWorkspace(MainWindow &window, const QString &path)
{
    QSignalSpy loaded(window.workspace(), &WorkspaceController::runLoaded);
    return window.workspaceActions()->openWorkspaceFile(path) && loaded.wait(20000);
}

// Picks the run selector's entry (newest first), as the user does, and waits for its results.
bool showRun(MainWindow &window, int entry)
{
    QSignalSpy loaded(window.workspace(), &WorkspaceController::runLoaded);
    window.runPage()->runSelector()->comboBox()->setCurrentIndex(entry);
    return loaded.wait(20000);
}

// One size whose winners are missing, not measured or failed on the other side.
CrossDevicePair madePair()
{
    CrossDevicePair pair;
    pair.a.id = 4;
    pair.a.device = "GPU A";
    pair.b.id = 9; // names no device
    CrossDeviceSize failed;
    failed.sizeLabel = "N=1";
    failed.winnerA = "BM=64";
    failed.bestA = 2e-3;
    failed.aWinnerOnB.state = CrossDeviceCost::State::Failed;
    failed.aWinnerOnB.configKey = "BM=64";
    failed.aWinnerOnB.failure = ResultStatus::RuntimeError;
    failed.winnerB = "BM=32";
    failed.bestB = 1e-3;
    failed.bWinnerOnA.state = CrossDeviceCost::State::NotMeasured;
    failed.bWinnerOnA.configKey = "BM=32";
    CrossDeviceSize same;
    same.sizeLabel = "N=2";
    same.winnerA = same.winnerB = "BM=16";
    same.bestA = same.bestB = 5e-4;
    for (CrossDeviceCost *cost : {&same.aWinnerOnB, &same.bWinnerOnA}) {
        cost->state = CrossDeviceCost::State::Measured;
        cost->configKey = "BM=16";
        cost->medianThere = cost->bestThere = 5e-4;
    }
    CrossDeviceSize missing;
    missing.sizeLabel = "N=3";
    missing.inB = false;
    missing.winnerA = "BM=8";
    missing.bestA = 1e-4;
    CrossDeviceSize noWinner;
    noWinner.sizeLabel = "N=4";
    pair.sizes = {failed, same, missing, noWinner};
    return pair;
}

} // namespace

class TestImportedRuns : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_workspace;
    qint64 m_native = 0, m_testGpu = 0, m_otherGpu = 0, m_rerun = 0;

private slots:
    // Run 1 native (a CPU run stored through the Store), runs 2 to 4 imported: kt_small.json,
    // its copy on another GPU, and its copy on the same GPU.
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        m_workspace = m_dir.filePath("imported.tbw");
        m_native = tbtest::storeMixedStatusRun(m_workspace.toStdString(), "scale",
                                               m_dir.path().toStdString())
                       .run.id;
        QCOMPARE(importInto(m_workspace, replayData("kt_small.json")), QString());
        const QString other = m_dir.filePath("kt_small_other_gpu.json");
        QVERIFY(writeJson(other, otherGpuRecording()));
        QCOMPARE(importInto(m_workspace, other), QString());
        const QString rerun = m_dir.filePath("kt_small_rerun.json");
        QVERIFY(writeJson(rerun, rerunRecording()));
        QCOMPARE(importInto(m_workspace, rerun), QString());
        m_testGpu = m_native + 1;
        m_otherGpu = m_native + 2;
        m_rerun = m_native + 3;
    }

    void theRunListsNameDeviceAndOrigin()
    {
        MainWindow window;
        window.show();
        QVERIFY(openWorkspace(window, m_workspace));
        QComboBox *combo = window.runPage()->runSelector()->comboBox();
        QCOMPARE(combo->count(), 4); // newest first
        const QString other = combo->itemText(1);
        QVERIFY2(
            other.startsWith(
                QStringLiteral("Run %1 · small_kernel · finished · 6 result(s)").arg(m_otherGpu)),
            qPrintable(other));
        QVERIFY2(other.endsWith(QStringLiteral(
                     " · Other GPU · imported from Kernel Tuner cache kt_small_other_gpu.json")),
                 qPrintable(other));
        QVERIFY2(combo->itemText(2).endsWith(QStringLiteral(
                     " · Test GPU · imported from Kernel Tuner cache kt_small.json")),
                 qPrintable(combo->itemText(2)));
        const QString native = combo->itemText(3);
        QVERIFY2(native.endsWith(QStringLiteral(" · cpu")), qPrintable(native));
        QVERIFY(!native.contains(QStringLiteral("imported")));
        // An imported run's tooltip names the file's content, not a strategy or host.
        const QString tip = combo->itemData(1, Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("Measured on Other GPU by that tool")) &&
                     tip.contains(QStringLiteral("fnv1a64:")),
                 qPrintable(tip));
        QVERIFY(combo->itemData(3, Qt::ToolTipRole)
                    .toString()
                    .startsWith(QStringLiteral("Strategy brute_force on testhost (cpu)")));

        window.compareRuns();
        auto *dialog = window.findChild<CompareRunsDialog *>();
        QVERIFY(dialog);
        QCOMPARE(dialog->list()->count(), 4);
        for (int row = 0; row < 4; ++row)
            QCOMPARE(dialog->list()->item(row)->text(), combo->itemText(row));
        dialog->reject();
    }

    // An imported run fills the Results page as any stored run; the note over the table says
    // where it came from, and goes with a native run.
    void theResultsPageShowsAnImportedRun()
    {
        MainWindow window;
        window.show();
        QVERIFY(openWorkspace(window, m_workspace));
        QCOMPARE(window.runPage()->shownRunId(), m_rerun); // the newest
        QVERIFY(showRun(window, 1));
        QCOMPARE(window.runPage()->shownRunId(), m_otherGpu);
        QCOMPARE(window.runPage()->resultsModel()->rowCount(), 6); // 3 ran, 3 failed
        QLabel *note = window.resultsPage()->runNote();
        QVERIFY(!note->isHidden());
        QVERIFY2(note->text().startsWith(
                     QStringLiteral(
                         "Run %1 on Other GPU, imported from Kernel Tuner cache "
                         "kt_small_other_gpu.json: its times are the means that tool recorded")
                         .arg(m_otherGpu)),
                 qPrintable(note->text()));
        // Its winner is the configuration with the least recorded mean.
        const QString winners = window.resultsPage()->winnerSummary()->text();
        QVERIFY2(winners.contains(QStringLiteral("block_size_x=16,tile_size=1,use_shmem=0")),
                 qPrintable(winners));

        QVERIFY(showRun(window, 3));
        QCOMPARE(window.runPage()->shownRunId(), m_native);
        QCOMPARE(window.runPage()->resultsModel()->rowCount(), 10);
        QVERIFY(note->isHidden());
    }

    // The export dialog says which file an imported run came from.
    void theExportDialogNamesTheOrigin()
    {
        ExportDialog dialog(m_workspace, m_otherGpu);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isReady(), 20000);
        auto *label = dialog.findChild<QLabel *>(QStringLiteral("exportRunLabel"));
        QVERIFY(label);
        QCOMPARE(label->text(), QStringLiteral("run %1 of 'small_kernel', 6 result(s), on Other "
                                               "GPU, imported from Kernel Tuner cache "
                                               "kt_small_other_gpu.json")
                                    .arg(m_otherGpu));
    }

    // Compare Runs of the two devices: per size, each run's winner and its cost on the other.
    void compareRunsShowsEachWinnerOnTheOtherDevice()
    {
        MainWindow window;
        window.show();
        QVERIFY(openWorkspace(window, m_workspace));
        window.compareRunIds({m_testGpu, m_otherGpu});
        CompareView *view = window.compareView();
        QTRY_COMPARE_WITH_TIMEOUT(window.pages()->currentWidget(), static_cast<QWidget *>(view),
                                  20000);
        const CrossDeviceModel &model = *view->crossDeviceModel();
        QAbstractItemModelTester tester(view->crossDeviceModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(view->crossDeviceTable()->isVisible());
        QCOMPARE(view->crossDeviceHeading()->text(),
                 QStringLiteral("Across devices: run %1 on Test GPU, run %2 on Other GPU. Each "
                                "size's winner on each device, and what it costs on the other: "
                                "its median there over that device's best.")
                     .arg(m_testGpu)
                     .arg(m_otherGpu));
        QCOMPARE(model.rowCount(), 2); // one size, one row per run

        const QJsonObject a = readJson(replayData("kt_small.json"));
        const QJsonObject b = otherGpuRecording();
        const QString winnerA = QStringLiteral("block_size_x=64,tile_size=2,use_shmem=1");
        const QString winnerB = QStringLiteral("block_size_x=16,tile_size=1,use_shmem=0");
        QCOMPARE(cell(model, 0, CrossDeviceModel::SizeColumn),
                 QStringLiteral("size_x=1024,size_y=512"));
        QCOMPARE(cell(model, 0, CrossDeviceModel::RunColumn),
                 QStringLiteral("run %1").arg(m_testGpu));
        QCOMPARE(cell(model, 0, CrossDeviceModel::DeviceColumn), QStringLiteral("Test GPU"));
        QCOMPARE(cell(model, 0, CrossDeviceModel::WinnerColumn), winnerA);
        QCOMPARE(cell(model, 0, CrossDeviceModel::MedianColumn), QStringLiteral("750 µs"));
        QCOMPARE(cell(model, 1, CrossDeviceModel::DeviceColumn), QStringLiteral("Other GPU"));
        QCOMPARE(cell(model, 1, CrossDeviceModel::WinnerColumn), winnerB);
        QCOMPARE(cell(model, 1, CrossDeviceModel::MedianColumn), QStringLiteral("1.00 ms"));
        // A's winner runs 1.25 ms on the other GPU, whose best is 1 ms: 25% over.
        QCOMPARE(cell(model, 0, CrossDeviceModel::CostColumn),
                 costText(QStringLiteral("1.25 ms"), seconds(b, "64,2,1"), seconds(b, "16,1,0")));
        QCOMPARE(cell(model, 0, CrossDeviceModel::CostColumn),
                 QStringLiteral("1.25 ms, 1.250x its best (+25.00%)"));
        QCOMPARE(cell(model, 1, CrossDeviceModel::CostColumn),
                 costText(QStringLiteral("2.00 ms"), seconds(a, "16,1,0"), seconds(a, "64,2,1")));
        QCOMPARE(model.index(1, CrossDeviceModel::CostColumn)
                     .data(CrossDeviceModel::RatioRole)
                     .toDouble(),
                 seconds(a, "16,1,0") / seconds(a, "64,2,1"));
        // The comparison above it names each run's device in its captions.
        QCOMPARE(view->baselineCombo()->itemText(0),
                 QStringLiteral("run %1 on Test GPU: %2").arg(m_testGpu).arg(winnerA));

        // Copy as Table: the comparison, a blank line, then the cross-device table.
        view->copyAsTable();
        const QString copied = QGuiApplication::clipboard()->text();
        const QString across = model.toTabSeparated();
        QVERIFY(copied.endsWith(QLatin1Char('\n') + across));
        QVERIFY(copied.startsWith(view->model()->toTabSeparated()));
        const QStringList acrossLines = across.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(acrossLines.size(), 3);
        QCOMPARE(acrossLines.at(0).split(QLatin1Char('\t')).last(), QStringLiteral("Winner"));
        QCOMPARE(acrossLines.at(1).split(QLatin1Char('\t')).at(CrossDeviceModel::CostColumn),
                 QStringLiteral("1.25 ms, 1.250x its best (+25.00%)"));

        // Results selected from one run are no comparison across devices: the table goes.
        window.resultsPage()->view()->selectAll();
        window.compareSelected();
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!view->crossDeviceTable()->isVisible());
    }

    // Runs that name one device get no cross-device table, as the CLI's compare, and their
    // captions no device.
    void runsOfOneDeviceHaveNoCrossDeviceTable()
    {
        MainWindow window;
        window.show();
        QVERIFY(openWorkspace(window, m_workspace));
        window.compareRunIds({m_testGpu, m_rerun});
        QTRY_COMPARE_WITH_TIMEOUT(window.pages()->currentWidget(),
                                  static_cast<QWidget *>(window.compareView()), 20000);
        QCOMPARE(window.compareView()->crossDeviceModel()->rowCount(), 0);
        QVERIFY(!window.compareView()->crossDeviceTable()->isVisible());
        QVERIFY2(window.compareView()->baselineCombo()->itemText(0).startsWith(
                     QStringLiteral("run %1: ").arg(m_testGpu)),
                 qPrintable(window.compareView()->baselineCombo()->itemText(0)));
    }

    // What the cost column says where the winner did not run, failed, or there is none.
    void theModelWordsEveryCase()
    {
        CrossDeviceModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.heading(), QString());
        model.setPair(madePair());
        QCOMPARE(model.rowCount(), 8);
        QCOMPARE(model.columnCount(), int(CrossDeviceModel::ColumnCount));
        QVERIFY(model.heading().startsWith(
            QStringLiteral("Across devices: run 4 on GPU A, run 9 on device not recorded.")));
        QCOMPARE(cell(model, 0, CrossDeviceModel::CostColumn),
                 QStringLiteral("failed (runtime_error)"));
        QCOMPARE(cell(model, 1, CrossDeviceModel::CostColumn), QStringLiteral("not measured"));
        QVERIFY(!model.index(1, CrossDeviceModel::CostColumn)
                     .data(CrossDeviceModel::RatioRole)
                     .isValid());
        QCOMPARE(cell(model, 1, CrossDeviceModel::DeviceColumn),
                 QStringLiteral("device not recorded"));
        // The same winner on both: the best there too, and the size's second row says so.
        QCOMPARE(cell(model, 2, CrossDeviceModel::CostColumn),
                 QStringLiteral("500 µs, 1.000x its best (+0.00%)"));
        QCOMPARE(cell(model, 3, CrossDeviceModel::SizeColumn),
                 QStringLiteral("the same winner on both"));
        QCOMPARE(cell(model, 1, CrossDeviceModel::SizeColumn), QString());
        // A size run b lacks.
        QCOMPARE(cell(model, 4, CrossDeviceModel::CostColumn), QString());
        QCOMPARE(cell(model, 5, CrossDeviceModel::WinnerColumn),
                 QStringLiteral("no such problem size in run 9"));
        QCOMPARE(cell(model, 5, CrossDeviceModel::MedianColumn), QString());
        // No ok result on either side.
        QCOMPARE(cell(model, 6, CrossDeviceModel::WinnerColumn), QStringLiteral("no ok result"));
        QCOMPARE(cell(model, 7, CrossDeviceModel::CostColumn), QString());
        model.setPair({});
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(TestImportedRuns)
#include "tst_importedruns.moc"
