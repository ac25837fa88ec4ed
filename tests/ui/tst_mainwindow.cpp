#include "mainwindow.h"
#include "models/resultsmodel.h"
#include "pages/runform.h"
#include "pages/runpage.h"
#include "plots/timelineplot.h"
#include "testpaths.h"

#include <QImage>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

class TestMainWindow : public QObject
{
    Q_OBJECT
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
