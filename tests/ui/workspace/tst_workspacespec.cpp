// The spec of the workspace opened (issue 34, item 11): File > Open shows a workspace's newest
// run and opens the spec file that run ran in the Run, Space and Kernel pages; where that file
// is gone, or the command line named another spec, the spec open stays, and Start asks before it
// runs that spec into the workspace. Real workspaces made by tuning a small CPU spec with real
// workers; real runs started from the window.
#include "document/specdocument.h"
#include "kernel/kernelpage.h"
#include "mainwindow.h"
#include "pages/runform.h"
#include "pages/runpage.h"
#include "pages/specpages.h"
#include "pages/workspaceactions.h"
#include "probespec.h"
#include "run/session.h"
#include "session/sessioncontroller.h"
#include "session/specfilefinder.h"
#include "session/workspacecontroller.h"
#include "session/workspacespecs.h"
#include "spec/specloader.h"
#include "storage/store.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

// Tunes the spec file into the workspace with real workers, as `tunebench-cli tune` would.
QString runSpecInto(const QString &specPath, const QString &workspace)
{
    SpecLoader loader;
    auto spec = loader.loadFile(specPath.toStdString());
    if (!spec)
        return QString::fromStdString(spec.error().toString());
    SessionOptions options;
    options.workspacePath = workspace.toStdString();
    options.workerCommand = {tbtest::workerPath().toStdString()};
    options.workers = 2;
    options.fresh = true;
    options.toolVersion = "test";
    SessionListener quiet;
    auto summary = Session(*spec, options, quiet).run();
    return summary ? QString() : QString::fromStdString(summary.error().toString());
}

std::size_t runCount(const QString &workspace)
{
    auto store = Store::open(workspace.toStdString());
    if (!store)
        return 0;
    auto runs = store->runs().all();
    return runs ? runs->size() : 0;
}

// What Start asked, and the answer it got.
struct PromptLog
{
    QMessageBox::StandardButton answer = QMessageBox::Cancel;
    QStringList asked;

    MainWindow::WorkspaceSpecPrompt prompt()
    {
        return [this](QWidget *, const QString &question, const QString &detail) {
            asked << question + QLatin1Char('\n') + detail;
            return answer;
        };
    }
};

bool sameFile(const QString &a, const QString &b)
{
    return !a.isEmpty() && filePathKey(a) == filePathKey(b);
}

} // namespace

class TestWorkspaceSpec : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    // A shown window on `spec`, its Kernel page following it, runs going to `workspace`.
    static bool openOn(MainWindow &window, const QString &spec, const QString &workspace)
    {
        window.show();
        if (!QTest::qWaitForWindowExposed(&window))
            return false;
        window.setSpecPath(spec);
        window.runPage()->form()->setWorkspacePath(workspace);
        window.runPage()->form()->setWorkers(2);
        return QTest::qWaitFor(
            [&] { return sameFile(window.specPages()->kernelPage()->specPath(), spec); }, 10000);
    }

    static bool openWorkspace(MainWindow &window, const QString &path)
    {
        QSignalSpy loaded(window.workspace(), &WorkspaceController::runLoaded);
        return window.workspaceActions()->openWorkspaceFile(path) && loaded.wait(20000);
    }

    // Every page on `spec`: the Run form, the Space page's document and the Kernel page.
    static bool pagesOn(MainWindow &window, const QString &spec)
    {
        return QTest::qWaitFor(
            [&] {
                return sameFile(window.runPage()->form()->specPath(), spec) &&
                       sameFile(window.specPages()->document()->filePath(), spec) &&
                       sameFile(window.specPages()->kernelPage()->specPath(), spec);
            },
            10000);
    }

    // Starts a run from the form (the Start button's path) and waits for it to end.
    static bool startAndFinish(MainWindow &window)
    {
        RunPage *page = window.runPage();
        QSignalSpy finished(page, &RunPage::runFinished);
        page->form()->requestStart();
        return page->isRunning() && finished.wait(60000);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QStandardPaths::setTestModeEnabled(true); // QSettings away from the user's
        qputenv("TUNEBENCH_WORKER", tbtest::workerPath().toLocal8Bit());
    }

    void init() { QSettings().clear(); }

    // The file a stored spec was read from is found again in its folder among other JSON
    // files: unchanged, or edited since (then still its file); gone, nothing.
    void findsTheSpecFileOfAStoredSpec()
    {
        const QString path = tbtest::writeProbeSpec(m_dir.filePath(QStringLiteral("find")));
        QVERIFY(tbtest::writeText(m_dir.filePath(QStringLiteral("find/aaa-export.json")),
                                  "{\"name\": \"probe\", \"results\": []}\n"));
        QVERIFY(tbtest::writeText(m_dir.filePath(QStringLiteral("find/broken.json")), "{"));
        SpecLoader loader;
        auto stored = loader.loadFile(path.toStdString());
        QVERIFY(stored.hasValue());
        SpecFileMatch found = findSpecFile(*stored);
        QVERIFY(sameFile(found.path, path));
        QVERIFY(!found.edited);

        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray text = file.readAll();
        file.close();
        text.replace("[1, 2, 3]", "[1, 2]");
        QVERIFY(tbtest::writeText(path, text));
        found = findSpecFile(*stored);
        QVERIFY(sameFile(found.path, path));
        QVERIFY(found.edited);

        QVERIFY(QFile::remove(path));
        found = findSpecFile(*stored);
        QVERIFY(found.path.isEmpty());
        QCOMPARE(found.directory, QDir(m_dir.filePath(QStringLiteral("find"))).absolutePath());
    }

    // The spec open was another: opening the workspace opens the spec of its run shown in every
    // page, and Start then runs it there without a question.
    void openingAWorkspaceOpensTheSpecOfItsRun()
    {
        const QString ran = tbtest::writeProbeSpec(m_dir.filePath(QStringLiteral("ran")));
        const QString other = tbtest::writeProbeSpec(m_dir.filePath(QStringLiteral("other")));
        const QString workspace = m_dir.filePath(QStringLiteral("ran/ran.tbw"));
        QVERIFY(!ran.isEmpty() && !other.isEmpty());
        const QString problem = runSpecInto(ran, workspace);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));

        MainWindow window;
        QVERIFY(openOn(window, other, m_dir.filePath(QStringLiteral("other/other.tbw"))));
        PromptLog log;
        window.setWorkspaceSpecPrompt(log.prompt());
        QSignalSpy started(window.runPage()->controller(), &SessionController::runStarted);
        QVERIFY(openWorkspace(window, workspace));
        QVERIFY2(pagesOn(window, ran), qPrintable(window.runPage()->form()->specPath()));
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("probe.json")),
                 qPrintable(window.statusBar()->currentMessage()));
        QCOMPARE(started.count(), 0); // opening runs nothing

        // The spec of the run: Start resumes that run, unasked.
        QVERIFY(startAndFinish(window));
        QVERIFY2(log.asked.isEmpty(), qPrintable(log.asked.join('\n')));
        QCOMPARE(started.count(), 1);
        QCOMPARE(started.at(0).at(1).toBool(), true); // resumed
        QCOMPARE(runCount(workspace), std::size_t(1));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("other/other.tbw"))));
    }

    // The run's spec file is gone: the spec open stays, and Start asks before it runs it into
    // the workspace; Cancel runs nothing, "Run Here" runs it, once asked for good.
    void startAsksBeforeRunningAnotherSpecIntoTheWorkspace()
    {
        const QString gone = tbtest::writeProbeSpec(m_dir.filePath(QStringLiteral("gone")));
        const QString other = tbtest::writeProbeSpec(m_dir.filePath(QStringLiteral("other2")));
        const QString workspace = m_dir.filePath(QStringLiteral("gone/gone.tbw"));
        const QString problem = runSpecInto(gone, workspace);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QVERIFY(QFile::remove(gone));

        MainWindow window;
        QVERIFY(openOn(window, other, m_dir.filePath(QStringLiteral("other2/other.tbw"))));
        PromptLog log;
        window.setWorkspaceSpecPrompt(log.prompt());
        QVERIFY(openWorkspace(window, workspace));
        QVERIFY(pagesOn(window, other));
        QCOMPARE(window.runPage()->form()->workspacePath(), workspace);
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("Start asks")),
                 qPrintable(window.statusBar()->currentMessage()));

        RunPage *page = window.runPage();
        QSignalSpy started(page->controller(), &SessionController::runStarted);
        page->form()->requestStart();
        QCOMPARE(log.asked.size(), 1);
        QVERIFY2(log.asked.at(0).contains(QStringLiteral("gone.tbw")) &&
                     log.asked.at(0).contains(QStringLiteral("probe")),
                 qPrintable(log.asked.at(0)));
        QVERIFY(!page->isRunning());
        QTest::qWait(200);
        QCOMPARE(started.count(), 0);
        QCOMPARE(runCount(workspace), std::size_t(1));

        log.answer = QMessageBox::Yes;
        QVERIFY(startAndFinish(window));
        QCOMPARE(log.asked.size(), 2);
        QCOMPARE(runCount(workspace), std::size_t(2));
        // Asked once: it has a run there now, which the next Start resumes.
        QVERIFY(startAndFinish(window));
        QCOMPARE(log.asked.size(), 2);
        QCOMPARE(runCount(workspace), std::size_t(2));
        QCOMPARE(started.count(), 2);
        QCOMPARE(started.at(1).at(1).toBool(), true); // resumed
    }

    // tunebench SPEC: the workspace opened at start-up shows its run, the pages keep SPEC, and
    // Start asks before running SPEC into that workspace.
    void theSpecGivenOnTheCommandLineIsKept()
    {
        const QString ran = tbtest::writeProbeSpec(m_dir.filePath(QStringLiteral("last")));
        const QString given = tbtest::writeProbeSpec(m_dir.filePath(QStringLiteral("given")));
        const QString workspace = m_dir.filePath(QStringLiteral("last/last.tbw"));
        const QString problem = runSpecInto(ran, workspace);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));

        MainWindow window;
        QVERIFY(openOn(window, given, workspace));
        PromptLog log;
        window.setWorkspaceSpecPrompt(log.prompt());
        QSignalSpy loaded(window.workspace(), &WorkspaceController::runLoaded);
        window.openLastWorkspace();
        QVERIFY(loaded.wait(20000));
        QVERIFY(pagesOn(window, given));
        window.runPage()->form()->requestStart();
        QCOMPARE(log.asked.size(), 1);
        QVERIFY(!window.runPage()->isRunning());
        QCOMPARE(runCount(workspace), std::size_t(1));
    }
};

QTEST_MAIN(TestWorkspaceSpec)
#include "tst_workspacespec.moc"
