// Workspaces the File menu makes, with real files: Save As copies a workspace of real runs
// (the CPU matmul example) and leaves the original; New never replaces a file; the recent list.
#include "mainwindow.h"
#include "models/resultsmodel.h"
#include "pages/recentworkspacesmenu.h"
#include "pages/runpage.h"
#include "pages/runselector.h"
#include "pages/workspaceactions.h"
#include "session/recentworkspaces.h"
#include "session/workspacecontroller.h"
#include "workspacefixture.h"

#include <QAction>
#include <QFile>
#include <QSignalSpy>
#include <QTest>

using namespace tb;

class TestWorkspaceCreate : public tbtest::TwoRunWorkspaceSuite
{
    Q_OBJECT
private slots:
    void saveAsMakesAnOpenableCopyAndLeavesTheOriginal()
    {
        MainWindow window;
        QVERIFY(tbtest::openAndShow(window, m_workspace.path()));
        const QString copy = m_workspace.filePath("copy.tbw");
        QSignalSpy saved(window.workspace(), &WorkspaceController::saved);
        QSignalSpy failed(window.workspace(), &WorkspaceController::failed);
        window.workspaceActions()->saveWorkspaceCopy(copy);
        QVERIFY2(saved.wait(20000), qPrintable(failed.value(0).value(1).toString()));
        QCOMPARE(window.workspace()->path(), copy);
        QCOMPARE(RecentWorkspaces::paths().value(0), copy);
        QVERIFY(!QFile::exists(copy + ".partial"));
        QCOMPARE(window.runPage()->resultsModel()->rowCount(), 6); // still shown

        // The copy holds the same runs and results; the original is still whole.
        for (const QString &path : {copy, m_workspace.path()}) {
            const auto runs = tbtest::storedRuns(path);
            QCOMPARE(runs.size(), std::size_t(2));
            QCOMPARE(
                tbtest::keysOf(tbtest::storedResults(path, m_workspace.newerRun())),
                tbtest::keysOf(tbtest::storedResults(m_workspace.path(), m_workspace.newerRun())));
        }
        MainWindow other;
        QVERIFY(tbtest::openAndShow(other, copy));
        QCOMPARE(other.runPage()->resultsModel()->rowCount(), 6);

        // A copy over itself, or into a directory that does not exist, is refused by name.
        window.workspaceActions()->saveWorkspaceCopy(copy);
        QVERIFY(failed.wait(20000));
        QVERIFY(failed.last().at(1).toString().contains(QStringLiteral("over itself")));
        const QString nowhere = m_workspace.filePath("no-such-dir/copy.tbw");
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
        QVERIFY(tbtest::openAndShow(window, m_workspace.path()));
        QSignalSpy opened(window.workspace(), &WorkspaceController::opened);
        QSignalSpy failed(window.workspace(), &WorkspaceController::failed);
        QStringList created;
        for (int i = 0; i < 9; ++i) {
            created << m_workspace.filePath(QStringLiteral("new%1.tbw").arg(i));
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
        QVERIFY(!recent.contains(created.first()) && !recent.contains(m_workspace.path()));
        window.recentMenu()->rebuild();
        QCOMPARE(window.recentMenu()->listedPaths(), recent);

        // New never replaces a file.
        const QByteArray before = tbtest::fileHash(m_workspace.path());
        QVERIFY(window.workspaceActions()->createWorkspace(m_workspace.path()));
        QVERIFY(failed.wait(20000));
        QVERIFY(failed.last().at(1).toString().contains(QStringLiteral("already exists")));
        QCOMPARE(tbtest::fileHash(m_workspace.path()), before);
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
};

QTEST_MAIN(TestWorkspaceCreate)
#include "tst_workspacecreate.moc"
