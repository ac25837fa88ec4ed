#include "mainwindow.h"
#include "models/resultsmodel.h"
#include "pages/resultdetails.h"
#include "pages/runform.h"
#include "pages/runpage.h"
#include "plots/samplehistogram.h"
#include "plots/timelineplot.h"
#include "testpaths.h"

#include <QImage>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

class TestMainWindow : public QObject
{
    Q_OBJECT
private:
    // Selecting a row shows that result's details: a failure's error text, an ok result's
    // samples in the histogram.
    static void checkDetailsPane(RunPage *page)
    {
        QTableView *view = page->resultsView();
        auto *proxy = qobject_cast<QSortFilterProxyModel *>(view->model());
        QVERIFY(proxy);
        bool sawFailure = false;
        bool sawOk = false;
        for (int row = 0; row < proxy->rowCount(); ++row) {
            view->selectRow(row);
            const int source = proxy->mapToSource(proxy->index(row, 0)).row();
            const ResultEvent &event = page->resultsModel()->resultAt(source);
            ResultDetails *details = page->details();
            QVERIFY(details->statusText().contains(
                QString::fromUtf8(toString(event.result.status).data())));
            QVERIFY(details->summaryText().contains(
                QString::fromStdString(event.configKey.substr(0, event.configKey.find('=')))));
            if (event.result.status == ResultStatus::Ok) {
                QVERIFY(event.result.summary.count > 0);
                QCOMPARE(details->histogram()->sampleCount(), int(event.result.samples.size()));
                QCOMPARE(details->histogram()->sampleCount(), event.result.summary.count);
                QVERIFY(details->summaryText().contains(QStringLiteral("median")));
                sawOk = true;
            } else {
                QVERIFY(!event.result.message.empty());
                QCOMPARE(details->messageText(), QString::fromStdString(event.result.message));
                QCOMPARE(details->histogram()->sampleCount(), int(event.result.samples.size()));
                sawFailure = true;
            }
        }
        QVERIFY(sawFailure && sawOk);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // QSettings away from the user's
        qputenv("TUNEBENCH_WORKER", tbtest::workerPath().toLocal8Bit());
    }

    void runsASpecEndToEnd()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        RunPage *page = window.runPage();
        window.setSpecPath(tbtest::sourceDir() + "/tests/app/data/faulty.json");
        page->form()->setWorkspacePath(dir.filePath("ws.tbw"));
        page->form()->setWorkers(2);
        QSignalSpy finished(page, &RunPage::runFinished);
        QSignalSpy failed(page, &RunPage::runFailed);

        QTest::mouseClick(page->form()->startButton(), Qt::LeftButton);
        QVERIFY(page->isRunning());
        QVERIFY(!page->form()->startButton()->isEnabled());
        QVERIFY(page->form()->stopButton()->isEnabled());
        QVERIFY2(finished.wait(60000), qPrintable(failed.value(0).value(0).toString()));
        QCOMPARE(page->resultsView()->model()->rowCount(), 6);
        QCOMPARE(page->resultsModel()->rowCount(), 6);
        QCOMPARE(page->timeline()->pointCount(), 2);
        QCOMPARE(page->timeline()->evaluationCount(), 6);
        QVERIFY(page->form()->startButton()->isEnabled());

        // Sorting by median puts the two ok results first.
        page->resultsView()->sortByColumn(ResultsModel::MedianColumn, Qt::AscendingOrder);
        QCOMPARE(page->resultsView()->model()->index(0, 0).data().toString(), QString("ok"));
        QCOMPARE(page->resultsView()->model()->index(1, 0).data().toString(), QString("ok"));

        checkDetailsPane(page);

        QTest::qWait(150); // one replot tick
        const QImage image = window.grab().toImage();
        QVERIFY(!image.isNull());
        QVERIFY(image.width() > 400 && image.height() > 300);
    }

    void aBadSpecFailsWithoutBlocking()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        RunPage *page = window.runPage();
        window.setSpecPath(QStringLiteral("/nonexistent/spec.json"));
        QSignalSpy failed(page, &RunPage::runFailed);
        page->startRun();
        QVERIFY(failed.wait(10000));
        QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("spec.json")));
        QVERIFY(!page->isRunning());
        QVERIFY(page->form()->startButton()->isEnabled());
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
