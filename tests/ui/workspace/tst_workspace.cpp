// File menu workspaces with real files: a workspace produced by running the CPU matmul example
// (real workers) is opened, shown and copied; nothing runs on open; foreign files are refused.
#include "exampleworkspace.h"
#include "mainwindow.h"
#include "models/resultsmodel.h"
#include "pages/recentworkspacesmenu.h"
#include "pages/resultdetails.h"
#include "pages/runpage.h"
#include "pages/runselector.h"
#include "pages/workspaceactions.h"
#include "plots/samplehistogram.h"
#include "plots/timelineplot.h"
#include "results/resultspage.h"
#include "session/recentworkspaces.h"
#include "session/sessioncontroller.h"
#include "session/workspacecontroller.h"
#include "storage/database.h"

#include <QAction>
#include <QComboBox>
#include <QCryptographicHash>
#include <QFile>
#include <QMessageBox>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace tb;

namespace {

QByteArray fileHash(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256);
}

std::set<std::pair<std::string, std::size_t>> keysOf(const std::vector<StoredResult> &results)
{
    std::set<std::pair<std::string, std::size_t>> keys;
    for (const auto &result : results)
        keys.insert({result.configKey, result.sizeIndex});
    return keys;
}

} // namespace

class TestWorkspace : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_workspace;
    std::int64_t m_olderRun = 0;
    std::int64_t m_newerRun = 0;
    QString m_workerMarker;

    // Opens path in the window and waits until the newest run is shown.
    static bool openAndShow(MainWindow &window, const QString &path)
    {
        QSignalSpy loaded(window.workspace(), &WorkspaceController::runLoaded);
        if (!window.workspaceActions()->openWorkspaceFile(path))
            return false;
        return loaded.wait(20000);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        m_workspace = m_dir.filePath("matmul.tbw");
        auto older = tbtest::runMatmulInto(m_workspace, 2); // 4 results
        QVERIFY2(older.hasValue(), older.hasValue() ? "" : older.error().toString().c_str());
        auto newer = tbtest::runMatmulInto(m_workspace, 3); // 6 results
        QVERIFY2(newer.hasValue(), newer.hasValue() ? "" : newer.error().toString().c_str());
        m_olderRun = older->runId;
        m_newerRun = newer->runId;
        QVERIFY(m_newerRun > m_olderRun);

        // From here on a worker that starts leaves a mark: opening must never start one.
        m_workerMarker = m_dir.filePath("worker-started");
        const QString spy = m_dir.filePath("spy-worker.sh");
        QFile script(spy);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(QStringLiteral("#!/bin/sh\ntouch '%1'\nexec '%2' \"$@\"\n")
                         .arg(m_workerMarker, tbtest::workerPath())
                         .toUtf8());
        script.close();
        QVERIFY(script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        qputenv("TUNEBENCH_WORKER", spy.toLocal8Bit());
    }

    void openShowsTheNewestRunAndRunsNothing()
    {
        const auto runsBefore = tbtest::storedRuns(m_workspace);
        const auto stored = tbtest::storedResults(m_workspace, m_newerRun, true);
        QCOMPARE(stored.size(), std::size_t(6));
        MainWindow window;
        window.show();
        RunPage *page = window.runPage();
        QSignalSpy started(page->controller(), &SessionController::runStarted);
        QSignalSpy loadedSpec(page->controller(), &SessionController::specLoaded);
        QVERIFY(!window.exportAction()->isEnabled());

        QVERIFY(openAndShow(window, m_workspace));
        QCOMPARE(page->shownRunId(), qint64(m_newerRun));
        QCOMPARE(page->runSelector()->runCount(), 2);
        QCOMPARE(page->runSelector()->currentRunId(), qint64(m_newerRun));
        QVERIFY(window.windowTitle().contains(QStringLiteral("matmul.tbw")));
        QVERIFY(window.exportAction()->isEnabled());

        // The table and the plot hold every stored result, and only those.
        QCOMPARE(page->resultsModel()->rowCount(), int(stored.size()));
        QCOMPARE(window.resultsPage()->view()->model()->rowCount(), int(stored.size()));
        std::set<std::pair<std::string, std::size_t>> shown;
        for (int row = 0; row < page->resultsModel()->rowCount(); ++row) {
            const ResultEvent &event = page->resultsModel()->resultAt(row);
            shown.insert({event.configKey, event.sizeIndex});
        }
        QCOMPARE(shown, keysOf(stored));
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

        // The details pane shows a stored result with its samples.
        window.resultsPage()->view()->selectRow(0);
        const ResultEvent &first = page->resultsModel()->resultAt(0);
        QVERIFY(window.resultsPage()->details()->statusText().contains(
            QString::fromUtf8(toString(first.result.status).data())));
        QCOMPARE(window.resultsPage()->details()->histogram()->sampleCount(),
                 int(stored.front().result.samples.size()));

        // Nothing ran: no session, no worker, the file's runs and results as they were.
        QCOMPARE(started.count(), 0);
        QCOMPARE(loadedSpec.count(), 0);
        QVERIFY(!page->isRunning());
        QVERIFY(!QFile::exists(m_workerMarker));
        const auto runsAfter = tbtest::storedRuns(m_workspace);
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
        QCOMPARE(page->shownRunId(), qint64(m_olderRun));
        QCOMPARE(page->resultsModel()->rowCount(), 4);
        QCOMPARE(page->timeline()->evaluationCount(), 4);
        QVERIFY(!QFile::exists(m_workerMarker));
    }

    void saveAsMakesAnOpenableCopyAndLeavesTheOriginal()
    {
        MainWindow window;
        QVERIFY(openAndShow(window, m_workspace));
        const QString copy = m_dir.filePath("copy.tbw");
        QSignalSpy saved(window.workspace(), &WorkspaceController::saved);
        QSignalSpy failed(window.workspace(), &WorkspaceController::failed);
        window.workspaceActions()->saveWorkspaceCopy(copy);
        QVERIFY2(saved.wait(20000), qPrintable(failed.value(0).value(1).toString()));
        QCOMPARE(window.workspace()->path(), copy);
        QCOMPARE(RecentWorkspaces::paths().value(0), copy);
        QVERIFY(!QFile::exists(copy + ".partial"));
        QCOMPARE(window.runPage()->resultsModel()->rowCount(), 6); // still shown

        // The copy holds the same runs and results; the original is still whole.
        for (const QString &path : {copy, m_workspace}) {
            const auto runs = tbtest::storedRuns(path);
            QCOMPARE(runs.size(), std::size_t(2));
            QCOMPARE(keysOf(tbtest::storedResults(path, m_newerRun)),
                     keysOf(tbtest::storedResults(m_workspace, m_newerRun)));
        }
        MainWindow other;
        QVERIFY(openAndShow(other, copy));
        QCOMPARE(other.runPage()->resultsModel()->rowCount(), 6);

        // A copy over itself, or into a directory that does not exist, is refused by name.
        window.workspaceActions()->saveWorkspaceCopy(copy);
        QVERIFY(failed.wait(20000));
        QVERIFY(failed.last().at(1).toString().contains(QStringLiteral("over itself")));
        const QString nowhere = m_dir.filePath("no-such-dir/copy.tbw");
        window.workspaceActions()->saveWorkspaceCopy(nowhere);
        QVERIFY(failed.wait(20000));
        QVERIFY2(failed.last().at(1).toString().contains(nowhere),
                 qPrintable(failed.last().at(1).toString()));
        QCOMPARE(window.workspace()->path(), copy);
        QVERIFY(!QFile::exists(nowhere) && !QFile::exists(nowhere + ".partial"));
    }

    void newWorkspaceIsEmptyAndRecentListKeepsEight()
    {
        RecentWorkspaces::clear();
        MainWindow window;
        QVERIFY(openAndShow(window, m_workspace));
        QSignalSpy opened(window.workspace(), &WorkspaceController::opened);
        QSignalSpy failed(window.workspace(), &WorkspaceController::failed);
        QStringList created;
        for (int i = 0; i < 9; ++i) {
            created << m_dir.filePath(QStringLiteral("new%1.tbw").arg(i));
            QVERIFY(window.workspaceActions()->createWorkspace(created.last()));
            QVERIFY(opened.wait(20000));
        }
        QVERIFY(tbtest::storedRuns(created.last()).empty());
        QCOMPARE(window.runPage()->resultsModel()->rowCount(), 0);
        QCOMPARE(window.runPage()->runSelector()->runCount(), 0);
        QCOMPARE(window.runPage()->shownRunId(), qint64(0));
        QVERIFY(!window.exportAction()->isEnabled());

        const QStringList recent = RecentWorkspaces::paths();
        QCOMPARE(recent.size(), RecentWorkspaces::kMaximum);
        QCOMPARE(recent.first(), created.last());
        QVERIFY(!recent.contains(created.first()) && !recent.contains(m_workspace));
        window.recentMenu()->rebuild();
        QCOMPARE(window.recentMenu()->listedPaths(), recent);

        // New never replaces a file.
        const QByteArray before = fileHash(m_workspace);
        QVERIFY(window.workspaceActions()->createWorkspace(m_workspace));
        QVERIFY(failed.wait(20000));
        QVERIFY(failed.last().at(1).toString().contains(QStringLiteral("already exists")));
        QCOMPARE(fileHash(m_workspace), before);
        QCOMPARE(window.workspace()->path(), created.last());

        // A recent workspace that is gone is dropped, with a message naming it.
        QSignalSpy messages(&window, &MainWindow::messageShown);
        const QString gone = recent.at(3);
        QVERIFY(QFile::remove(gone));
        QAction *entry = nullptr;
        for (QAction *action : window.recentMenu()->actions())
            if (action->data().toString() == gone)
                entry = action;
        QVERIFY(entry);
        entry->trigger();
        QCOMPARE(messages.count(), 1);
        QVERIFY(messages.at(0).at(1).toString().contains(gone));
        QVERIFY(messages.at(0).at(1).toString().contains(QStringLiteral("no longer exists")));
        QVERIFY(!RecentWorkspaces::paths().contains(gone));
        QVERIFY(!window.recentMenu()->listedPaths().contains(gone));
        QCOMPARE(window.workspace()->path(), created.last());
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
        const QString path = m_dir.filePath(name);
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
        const QByteArray before = fileHash(path);

        MainWindow window;
        QVERIFY(openAndShow(window, m_workspace));
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
        QCOMPARE(window.workspace()->path(), m_workspace);
        QCOMPARE(window.runPage()->shownRunId(), qint64(m_newerRun));
        QCOMPARE(window.runPage()->resultsModel()->rowCount(), 6);
        QCOMPARE(RecentWorkspaces::paths(), recentBefore);
        QCOMPARE(fileHash(path), before);
        QCOMPARE(QFile::exists(path), name != "missing.tbw");
    }
};

QTEST_MAIN(TestWorkspace)
#include "tst_workspace.moc"
