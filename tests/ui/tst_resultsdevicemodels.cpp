// The Results page over a run measured on two device models (issue 22): a real workspace whose
// runs are stored through the Store, opened by the window as the user does. A run over mixed
// nodes is ranked per model: the page says so, offers the models (the one with the most
// results first), and its table, winner summary and "% of best" are the chosen model's only,
// so a faster model's rows never outrank the other's. A run of one model shows no selector.
// Then the same on a live feed: the second model arriving mid-run; and the export dialog's
// options, which export one model's results.
#include "dialogs/exportoptionsform.h"
#include "dialogs/exportrender.h"
#include "finishedrun.h"
#include "kernel/measuredfiguresview.h"
#include "mainwindow.h"
#include "mixedstatusrun.h"
#include "models/devicemodellist.h"
#include "models/resultsfeed.h"
#include "models/resultsmodel.h"
#include "pages/runpage.h"
#include "pages/runselector.h"
#include "pages/workspaceactions.h"
#include "plots/parametereffectplot.h"
#include "results/devicemodelbar.h"
#include "results/failuresummarybar.h"
#include "results/resultsfilterproxy.h"
#include "results/resultspage.h"
#include "results/winnersummary.h"
#include "session/workspacecontroller.h"
#include "spec/specloader.h"
#include "tasks/storedrun.h"
#include "tasks/workspacefiles.h"

#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace tb;

namespace {

const std::string kModelA = "cpu: Model A";
const std::string kModelB = "cpu: Model B"; // the faster one, with fewer results

Result on(double median, const std::string &device)
{
    Result result = tbtest::timedResult(median, {median, median * 1.01, median * 0.99});
    result.device = device;
    result.host = device == kModelA ? "node-a" : "node-b";
    return result;
}

Result failedCompile()
{
    Result result = tbtest::failedResult(ResultStatus::CompileError);
    result.host = "node-a"; // compiled there, measured nowhere
    return result;
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

// The user picks the selector's row (a keyboard or mouse pick emits activated()).
void pick(QComboBox *selector, int row)
{
    selector->setCurrentIndex(row);
    emit selector->activated(row);
}

// The devices of the table's rows as shown, top to bottom.
std::vector<std::string> shownDevices(const ResultsPage &page)
{
    std::vector<std::string> devices;
    const ResultsFilterProxy *proxy = page.proxy();
    for (int row = 0; row < proxy->rowCount(); ++row)
        devices.push_back(proxy->resultsModel()
                              ->resultAt(proxy->mapToSource(proxy->index(row, 0)).row())
                              .result.device);
    return devices;
}

QString shownCell(const ResultsPage &page, int row, int column)
{
    return page.proxy()->index(row, column).data().toString();
}

// The table sorted by median, fastest first, as a click on its header does.
void sortByMedian(ResultsPage &page)
{
    page.view()->sortByColumn(page.proxy()->resultsModel()->column(ResultsModel::Median),
                              Qt::AscendingOrder);
}

} // namespace

class TestResultsDeviceModels : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_workspace;

private slots:
    // Run 1 over two models (A: 5 results, B: 3, a failed compile measured on none); run 2 on
    // model A alone.
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        m_workspace = m_dir.filePath("mixed.tbw");
        auto spec =
            SpecLoader().parse(tbtest::mixedStatusSpec("mixed-nodes"), m_dir.path().toStdString());
        QVERIFY2(spec.hasValue(), spec ? "" : spec.error().toString().c_str());
        const std::string workspace = m_workspace.toStdString();
        QCOMPARE(tbtest::storeFinishedRun(workspace, *spec,
                                          {{{32, 0.5}, 0, on(2e-3, kModelA)},
                                           {{32, 1}, 0, on(1e-3, kModelB)},
                                           {{64, 0.5}, 0, on(3e-3, kModelA)},
                                           {{64, 1}, 0, on(1.5e-3, kModelB)},
                                           {{128, 0.5}, 0, on(4e-3, kModelA)},
                                           {{256, 0.5}, 0, failedCompile()},
                                           {{32, 0.5}, 1, on(1e-3, kModelA)},
                                           {{64, 0.5}, 1, on(1.2e-3, kModelA)},
                                           {{32, 1}, 1, on(0.4e-3, kModelB)}}),
                 std::int64_t{1});
        QCOMPARE(tbtest::storeFinishedRun(
                     workspace, *spec,
                     {{{32, 0.5}, 0, on(2e-3, kModelA)}, {{64, 0.5}, 0, on(1e-3, kModelA)}}),
                 std::int64_t{2});
    }

    void aStoredRunOverTwoModelsIsRankedPerModel()
    {
        MainWindow window;
        window.show();
        QVERIFY(openWorkspace(window, m_workspace));
        ResultsPage &page = *window.resultsPage();
        DeviceModelBar *bar = page.deviceModelBar();
        QCOMPARE(window.runPage()->shownRunId(), std::int64_t{2}); // the newest: one model
        QVERIFY(bar->isHidden());
        QVERIFY(!window.deviceModels()->mixed());
        QCOMPARE(page.proxy()->rowCount(), 2);

        QVERIFY(showRun(window, 1));
        QCOMPARE(window.runPage()->shownRunId(), std::int64_t{1});
        QVERIFY(!bar->isHidden());
        QCOMPARE(bar->note()->text(),
                 QStringLiteral("Measured on 2 device models: ranked per model, never across "
                                "models"));
        QComboBox *selector = bar->selector();
        QCOMPARE(selector->count(), 3);
        QCOMPARE(selector->itemText(0), QStringLiteral("cpu: Model A (5 results)"));
        QCOMPARE(selector->itemText(1), QStringLiteral("cpu: Model B (3 results)"));
        QCOMPARE(selector->itemText(2), QStringLiteral("Not measured on any device (1 result)"));
        QCOMPARE(selector->currentIndex(), 0); // the most results

        // Model A only, its own best first although B's rows are faster, its best 100 %.
        sortByMedian(page);
        QCOMPARE(shownDevices(page), std::vector<std::string>(5, kModelA));
        QCOMPARE(page.countText(), QStringLiteral("5 of 9 results"));
        const ResultsModel &model = *page.proxy()->resultsModel();
        const int config = ResultsModel::ConfigColumn;
        const int share = model.column(ResultsModel::PercentOfBest);
        QCOMPARE(shownCell(page, 0, config), QStringLiteral("BLOCK=32,ALPHA=0.5"));
        QCOMPARE(shownCell(page, 0, ResultsModel::SizeColumn), QStringLiteral("N=1024"));
        QCOMPARE(shownCell(page, 0, share), QStringLiteral("100.0 %"));
        QVERIFY(page.proxy()->index(0, config).data(Qt::BackgroundRole).isValid());
        QString winners = page.winnerSummary()->text();
        QVERIFY2(winners.contains(QStringLiteral("N=4096: BLOCK=32,ALPHA=0.5 best by")) &&
                     winners.contains(QStringLiteral("N=1024: BLOCK=32,ALPHA=0.5 best by")) &&
                     !winners.contains(QStringLiteral("ALPHA=1")),
                 qPrintable(winners));

        // Model B: its rows, its winner; one ranked result at N=1024 decides nothing there.
        pick(selector, 1);
        QCOMPARE(window.deviceModels()->chosen(), kModelB);
        QCOMPARE(shownDevices(page), std::vector<std::string>(3, kModelB));
        QCOMPARE(shownCell(page, 0, config), QStringLiteral("BLOCK=32,ALPHA=1"));
        QCOMPARE(shownCell(page, 0, ResultsModel::SizeColumn), QStringLiteral("N=1024"));
        QCOMPARE(shownCell(page, 0, share), QStringLiteral("100.0 %"));
        winners = page.winnerSummary()->text();
        QVERIFY2(winners.contains(QStringLiteral("N=4096: BLOCK=32,ALPHA=1 best by")) &&
                     !winners.contains(QStringLiteral("N=1024")) &&
                     !winners.contains(QStringLiteral("ALPHA=0.5")),
                 qPrintable(winners));

        // The failed compile, measured on no device: its own group, nothing ranked.
        pick(selector, 2);
        QCOMPARE(shownDevices(page), std::vector<std::string>{std::string()});
        QVERIFY(page.winnerSummary()->isHidden());

        // A click on a point of model A (the effect plot's path) shows that model again.
        QVERIFY(page.selectResult(QStringLiteral("BLOCK=64,ALPHA=0.5"), 0));
        QCOMPARE(selector->currentIndex(), 0);
        QCOMPARE(shownDevices(page), std::vector<std::string>(5, kModelA));

        // Back to the run of one model: every row, no selector.
        QVERIFY(showRun(window, 0));
        QCOMPARE(window.runPage()->shownRunId(), std::int64_t{2});
        QVERIFY(bar->isHidden());
        QCOMPARE(page.proxy()->rowCount(), 2);
        QVERIFY2(
            page.winnerSummary()->text().startsWith(QStringLiteral("N=4096: BLOCK=64,ALPHA=0.5")),
            qPrintable(page.winnerSummary()->text()));
    }

    // Live: model A's results first, then a faster model B's. The page turns to ranking per
    // model; A's best stays 100 % of its own best, and the default follows the most results
    // until the user picks one.
    void aSecondModelArrivingMidRunSplitsTheRanking()
    {
        ResultsFeed feed;
        DeviceModelList models(feed.model());
        ResultsPage page(&feed, &models);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        SpecOutline outline;
        outline.parameterNames = {QStringLiteral("BLOCK")};
        feed.reset(outline);
        const auto event = [](int block, double median, const std::string &device) {
            ResultEvent made;
            made.config.values = {double(block)};
            made.configKey = "BLOCK=" + std::to_string(block);
            made.result = on(median, device);
            made.objective = median;
            return made;
        };
        feed.append({event(32, 2e-3, kModelA), event(64, 4e-3, kModelA)});
        QVERIFY(page.deviceModelBar()->isHidden());
        const int share = feed.model()->column(ResultsModel::PercentOfBest);
        QCOMPARE(feed.model()->index(1, share).data().toString(), QStringLiteral("50.0 %"));

        feed.append({event(128, 1e-3, kModelB)});
        QVERIFY(!page.deviceModelBar()->isHidden());
        QCOMPARE(models.chosen(), kModelA);
        QCOMPARE(shownDevices(page), std::vector<std::string>(2, kModelA));
        QCOMPARE(feed.model()->index(0, share).data().toString(), QStringLiteral("100.0 %"));
        QCOMPARE(feed.model()->index(2, share).data().toString(), QStringLiteral("100.0 %"));

        feed.append({event(256, 0.5e-3, kModelB), event(16, 0.6e-3, kModelB)});
        QCOMPARE(models.chosen(), kModelB); // more results now: the default follows
        pick(page.deviceModelBar()->selector(), 0);
        feed.append({event(8, 0.7e-3, kModelB)});
        QCOMPARE(models.chosen(), kModelA); // the user's pick stays
        QCOMPARE(page.deviceModelBar()->selector()->currentIndex(), 0);
        QCOMPARE(page.deviceModelBar()->selector()->itemText(1),
                 QStringLiteral("cpu: Model B (4 results)"));

        feed.reset(outline); // another run: one model again, nothing chosen
        QVERIFY(page.deviceModelBar()->isHidden());
        QVERIFY(models.chosen().empty());
    }

    // The parameter effect, the failure counts and the Kernel page's measured figures show the
    // chosen model's results only, as the table does (issue 34, item 15): model B's faster
    // times never sit among A's points, nor B's failures in A's counts.
    void theViewsShowTheChosenModelOnly()
    {
        ResultsFeed feed;
        DeviceModelList models(feed.model());
        ResultsPage page(&feed, &models);
        MeasuredFiguresView measured;
        measured.setResultsModel(feed.model());
        measured.setDeviceModels(&models);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        SpecOutline outline;
        outline.parameterNames = {QStringLiteral("BLOCK")};
        feed.reset(outline);
        feed.setSizeLabel(0, QStringLiteral("N=1024"));
        const auto event = [](int block, const Result &result) {
            ResultEvent made;
            made.config.values = {double(block)};
            made.configKey = "BLOCK=" + std::to_string(block);
            made.result = result;
            made.objective =
                result.status == ResultStatus::Ok ? result.summary.median : std::nan("");
            return made;
        };
        const auto failed = [](ResultStatus status, const std::string &device) {
            Result result = tbtest::failedResult(status);
            result.device = device;
            return result;
        };
        // B's results first: the first result of a configuration is B's.
        feed.append(
            {event(32, on(1e-3, kModelB)), event(64, failed(ResultStatus::RuntimeError, kModelB)),
             event(128, failed(ResultStatus::RuntimeError, kModelB)), event(32, on(2e-3, kModelA)),
             event(64, on(4e-3, kModelA)), event(256, on(3e-3, kModelA)),
             event(128, failed(ResultStatus::Timeout, kModelA))});
        QCOMPARE(models.chosen(), kModelA); // the most results
        measured.showConfiguration(QStringLiteral("BLOCK=32"), 0);

        const auto failureLines = [&page] { return page.failureSummary()->lines(); };
        QCOMPARE(page.effectPlot()->pointCount(), 3);
        QCOMPARE(failureLines().size(), 1);
        QVERIFY2(failureLines().at(0).startsWith(QStringLiteral("1 x timeout")),
                 qPrintable(failureLines().join('\n')));
        QCOMPARE(measured.figure(QStringLiteral("median")), QStringLiteral("2.00 ms"));
        QVERIFY2(measured.headline().contains(QStringLiteral("on cpu: Model A")),
                 qPrintable(measured.headline()));

        // Model B chosen: its one ok point, its two failures, its own time.
        QComboBox *selector = page.deviceModelBar()->selector();
        pick(selector,
             selector->findData(QString::fromStdString(kModelB), DeviceModelList::DeviceRole));
        QCOMPARE(models.chosen(), kModelB);
        QCOMPARE(page.effectPlot()->pointCount(), 1);
        QCOMPARE(failureLines().size(), 1);
        QVERIFY2(failureLines().at(0).startsWith(QStringLiteral("2 x runtime_error")),
                 qPrintable(failureLines().join('\n')));
        QCOMPARE(measured.figure(QStringLiteral("median")), QStringLiteral("1.00 ms"));

        // A later batch adds to the chosen model's views only.
        feed.append({event(512, on(0.5e-3, kModelB)), event(512, on(5e-3, kModelA))});
        QCOMPARE(page.effectPlot()->pointCount(), 2);
        // A click on B's point selects B's row, not A's result of the same configuration.
        QVERIFY(page.selectResult(QStringLiteral("BLOCK=32"), 0));
        QCOMPARE(models.chosen(), kModelB);
    }

    // The export of a run over two models holds one model's winners: the one with the most
    // results unless another is chosen; a run of one model offers no choice.
    void theExportOptionsExportOneModel()
    {
        auto mixed = readStoredRun(m_workspace.toStdString(), 1, false);
        QVERIFY2(mixed.hasValue(), mixed ? "" : mixed.error().toString().c_str());
        ExportOptionsForm form;
        form.setDeviceModels(mixed->results);
        QComboBox *box = form.deviceModelBox();
        QVERIFY(box->isVisibleTo(&form));
        QCOMPARE(box->count(), 2);
        QCOMPARE(box->currentText(), QStringLiteral("cpu: Model A (5 results)"));
        ExportOptions options = form.options();
        options.format = ExportFormat::Json;
        const auto winnerAt = [&](const ExportOptions &chosen, int size) {
            auto text = renderExport(*mixed, chosen, "test");
            if (!text)
                return QString::fromStdString(text.error().toString());
            const QJsonObject exported =
                QJsonDocument::fromJson(QByteArray::fromStdString(*text)).object();
            return exported["best"].toArray().at(size).toObject()["config_key"].toString();
        };
        QCOMPARE(winnerAt(options, 0), QStringLiteral("BLOCK=32,ALPHA=0.5"));
        box->setCurrentIndex(1);
        options.deviceModel = form.options().deviceModel;
        QCOMPARE(options.deviceModel, kModelB);
        QCOMPARE(winnerAt(options, 0), QStringLiteral("BLOCK=32,ALPHA=1"));
        options.deviceModel.clear(); // no model chosen: refused, naming both
        QVERIFY2(winnerAt(options, 0)
                     .contains(QStringLiteral(
                         "was measured on 2 device models, and an export holds one")),
                 qPrintable(winnerAt(options, 0)));

        auto single = readStoredRun(m_workspace.toStdString(), 2, false);
        QVERIFY(single.hasValue());
        form.setDeviceModels(single->results);
        QVERIFY(!box->isVisibleTo(&form));
        QVERIFY(form.options().deviceModel.empty());
    }
};

QTEST_MAIN(TestResultsDeviceModels)
#include "tst_resultsdevicemodels.moc"
