// File > Open with real files: a workspace produced by running the CPU matmul example (real
// workers) is shown with nothing run; foreign files are refused and nothing changes.
#include "compare/compareview.h"
#include "compare/comparisonmodel.h"
#include "mainwindow.h"
#include "models/resultsmodel.h"
#include "pages/resultdetails.h"
#include "pages/runpage.h"
#include "pages/runselector.h"
#include "pages/workspaceactions.h"
#include "plots/samplehistogram.h"
#include "plots/timelineplot.h"
#include "results/resultspage.h"
#include "runstatetesting.h"
#include "session/recentworkspaces.h"
#include "session/sessioncontroller.h"
#include "session/workspacecontroller.h"
#include "storage/database.h"
#include "workspacefixture.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

class TestWorkspaceOpen : public tbtest::TwoRunWorkspaceSuite
{
    Q_OBJECT
private slots:
    void openShowsTheNewestRunAndRunsNothing()
    {
        const auto runsBefore = tbtest::storedRuns(m_workspace.path());
        const auto stored = tbtest::storedResults(m_workspace.path(), m_workspace.newerRun(), true);
        QCOMPARE(stored.size(), std::size_t(6));
        MainWindow window;
        window.show();
        RunPage *page = window.runPage();
        QSignalSpy started(page->controller(), &SessionController::runStarted);
        QSignalSpy loadedSpec(page->controller(), &SessionController::specLoaded);
        QVERIFY(!window.exportAction()->isEnabled());

        QVERIFY(tbtest::openAndShow(window, m_workspace.path()));
        QCOMPARE(page->shownRunId(), qint64(m_workspace.newerRun()));
        QCOMPARE(page->runSelector()->runCount(), 2);
        QCOMPARE(page->runSelector()->currentRunId(), qint64(m_workspace.newerRun()));
        QVERIFY(window.windowTitle().contains(QStringLiteral("matmul.tbw")));
        QVERIFY(window.exportAction()->isEnabled());

        // The table and the plot hold every stored result, and only those.
        QCOMPARE(page->resultsModel()->rowCount(), int(stored.size()));
        QCOMPARE(window.resultsPage()->view()->model()->rowCount(), int(stored.size()));
        tbtest::ResultKeys shown;
        for (int row = 0; row < page->resultsModel()->rowCount(); ++row) {
            const ResultEvent &event = page->resultsModel()->resultAt(row);
            shown.insert({event.configKey, event.sizeIndex});
        }
        QCOMPARE(shown, tbtest::keysOf(stored));
        int ok = 0;
        for (const auto &result : stored)
            ok += result.result.status == ResultStatus::Ok ? 1 : 0;
        QVERIFY(ok > 0);
        QCOMPARE(page->timeline()->evaluationCount(), int(stored.size()));
        QCOMPARE(page->timeline()->pointCount(), ok);
        QCOMPARE(
            page->resultsModel()
                ->headerData(page->resultsModel()->column(ResultsModel::Metric), Qt::Horizontal)
                .toString(),
            QStringLiteral("GFLOP/s"));

        // The details pane shows a stored result with its samples: a finalist's from every
        // process round, as many as its combined summary counts.
        window.resultsPage()->view()->selectRow(0);
        const ResultEvent &first = page->resultsModel()->resultAt(0);
        QVERIFY(window.resultsPage()->details()->statusText().contains(
            QString::fromUtf8(toString(first.result.status).data())));
        const Result &firstStored = stored.front().result;
        QCOMPARE(window.resultsPage()->details()->histogram()->sampleCount(),
                 firstStored.status == ResultStatus::Ok ? firstStored.summary.count
                                                        : int(firstStored.samples.size()));

        // Nothing ran: no session, no worker, the file's runs and results as they were.
        QCOMPARE(started.count(), 0);
        QCOMPARE(loadedSpec.count(), 0);
        QVERIFY(!page->isRunning());
        QVERIFY(!m_workspace.workerStarted());
        const auto runsAfter = tbtest::storedRuns(m_workspace.path());
        QCOMPARE(runsAfter.size(), runsBefore.size());
        for (std::size_t i = 0; i < runsAfter.size(); ++i) {
            QCOMPARE(runsAfter[i].id, runsBefore[i].id);
            QCOMPARE(runsAfter[i].resultCount, runsBefore[i].resultCount);
            QCOMPARE(runsAfter[i].state, runsBefore[i].state);
        }

        // Picking the older run in the selector shows its results instead.
        QSignalSpy loaded(window.workspace(), &WorkspaceController::runLoaded);
        QComboBox *combo = page->runSelector()->comboBox();
        combo->setFocus();
        QTest::keyClick(combo, Qt::Key_Down);
        QVERIFY(loaded.wait(20000));
        QCOMPARE(page->shownRunId(), qint64(m_workspace.olderRun()));
        QCOMPARE(page->resultsModel()->rowCount(), 4);
        QCOMPARE(page->timeline()->evaluationCount(), 4);
        QVERIFY(!m_workspace.workerStarted());
    }

    // Opening another workspace clears the Compare page: its configurations were the last
    // workspace's (issue 18, item 14).
    void openingAnotherWorkspaceClearsTheComparePage()
    {
        MainWindow window;
        window.show();
        QVERIFY(tbtest::openAndShow(window, m_workspace.path()));
        window.resultsPage()->view()->selectAll();
        window.compareSelected();
        QVERIFY(window.compareView()->model()->columnCount() >= 2);
        QTemporaryDir dir;
        const QString copy = dir.filePath(QStringLiteral("copy.tbw"));
        QVERIFY(QFile::copy(m_workspace.path(), copy));
        QVERIFY(tbtest::openAndShow(window, copy));
        QCOMPARE(window.compareView()->model()->columnCount(), 0);
    }

    void foreignFilesAreRefusedAndNothingChanges_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("expected");
        QTest::newRow("text") << "notes.tbw"
                              << "not a Tunebench workspace";
        QTest::newRow("other sqlite") << "other.db"
                                      << "not a Tunebench workspace";
        QTest::newRow("newer schema") << "future.tbw"
                                      << "newer Tunebench";
        QTest::newRow("missing") << "missing.tbw"
                                 << "does not exist";
    }

    void foreignFilesAreRefusedAndNothingChanges()
    {
        QFETCH(QString, name);
        QFETCH(QString, expected);
        const QString path = m_workspace.filePath(name);
        if (name == "notes.tbw") {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("these are notes, not a workspace\n");
        } else if (name != "missing.tbw") {
            auto db = Database::open(path.toStdString());
            QVERIFY(db.hasValue());
            const char *sql = name == "future.tbw"
                                  ? "CREATE TABLE t(x); PRAGMA user_version = 99;"
                                  : "CREATE TABLE accounts(id INTEGER PRIMARY KEY, name TEXT);";
            QVERIFY(db->exec(sql, "prepare the test file").hasValue());
        }
        const QByteArray before = tbtest::fileHash(path);

        MainWindow window;
        QVERIFY(tbtest::openAndShow(window, m_workspace.path()));
        const QStringList recentBefore = RecentWorkspaces::paths();
        QSignalSpy failed(window.workspace(), &WorkspaceController::failed);
        QSignalSpy messages(&window, &MainWindow::messageShown);
        QVERIFY(window.workspaceActions()->openWorkspaceFile(path));
        QVERIFY(failed.wait(20000));
        QCOMPARE(messages.count(), 1);
        QCOMPARE(messages.at(0).at(0).toString(), QStringLiteral("Open workspace"));
        QVERIFY2(messages.at(0).at(1).toString().contains(expected),
                 qPrintable(messages.at(0).at(1).toString()));
        QVERIFY(!window.findChildren<QMessageBox *>().isEmpty()); // the user sees it

        // Nothing changed: the open workspace, the views, the recent list, the file.
        QCOMPARE(window.workspace()->path(), m_workspace.path());
        QCOMPARE(window.runPage()->shownRunId(), qint64(m_workspace.newerRun()));
        QCOMPARE(window.runPage()->resultsModel()->rowCount(), 6);
        QCOMPARE(RecentWorkspaces::paths(), recentBefore);
        QCOMPARE(tbtest::fileHash(path), before);
        QCOMPARE(QFile::exists(path), name != "missing.tbw");
    }
};

QTEST_MAIN(TestWorkspaceOpen)
#include "tst_workspaceopen.moc"
