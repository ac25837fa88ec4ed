// The Run form and the Space / Kernel pages on one spec, and Start with unsaved edits of it:
// "Save and run" writes them and the run uses them; Cancel runs nothing.
#include "dialogs/specrunlink.h"
#include "document/specdocument.h"
#include "kernel/kerneleditor.h"
#include "kernel/kernelpage.h"
#include "mainwindow.h"
#include "pages/runform.h"
#include "pages/runpage.h"
#include "pages/specpages.h"
#include "probespec.h"
#include "session/sessioncontroller.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The values of the spec file's first parameter, as compact JSON ("[1,2,3]").
QString parameterValues(const QString &specPath)
{
    const QByteArray text = readFile(specPath);
    const SpecJson json = SpecJson::parse(text.begin(), text.end());
    return QString::fromStdString(json["parameters"][0]["values"].dump());
}

// What the injected prompt was asked, and its answer.
struct PromptLog
{
    QMessageBox::StandardButton answer = QMessageBox::Cancel;
    QList<QStringList> asked;

    SpecRunLink::Prompt prompt()
    {
        return [this](QWidget *, const QStringList &documents) {
            asked << documents;
            return answer;
        };
    }
};

} // namespace

class TestSpecRunLink : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_settingsDir;

    // A shown window running the probe spec of `dir` into a workspace there, once the Kernel
    // page holds the spec's kernel.
    static bool open(MainWindow &window, const QString &spec, const QString &dir)
    {
        window.show();
        if (!QTest::qWaitForWindowExposed(&window))
            return false;
        window.setSpecPath(spec);
        window.runPage()->form()->setWorkspacePath(QDir(dir).filePath(QStringLiteral("ws.tbw")));
        window.runPage()->form()->setWorkers(2);
        return QTest::qWaitFor([&] { return window.specPages()->kernelPage()->hasSpec(); }, 10000);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_settingsDir.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_settingsDir.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settingsDir.path());
        QCoreApplication::setOrganizationName(QStringLiteral("TunebenchTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_specrunlink"));
        qputenv("TUNEBENCH_WORKER", tbtest::workerPath().toLocal8Bit());
    }

    void init() { QSettings().clear(); }

    void saveAndRunWritesTheEditsAndRunsThem()
    {
        QTemporaryDir dir;
        const QString spec = tbtest::writeProbeSpec(dir.path());
        const QString kernel = dir.filePath(QStringLiteral("probe.c"));
        MainWindow window;
        QVERIFY(open(window, spec, dir.path()));
        PromptLog log;
        log.answer = QMessageBox::Save;
        window.specRunLink()->setPrompt(log.prompt());
        SpecDocument *document = window.specPages()->document();
        KernelPage *kernelPage = window.specPages()->kernelPage();

        // Two of the three values, and a comment in the kernel; neither saved.
        QVERIFY(document->setValue(QStringLiteral("/parameters/0/values"), SpecJson({1, 2})));
        kernelPage->editor()->setCursorPosition(0, 0);
        kernelPage->editor()->insert(QStringLiteral("/* edited */\n"));
        QVERIFY(kernelPage->isModified());
        QCOMPARE(parameterValues(spec), QStringLiteral("[1,2,3]"));

        RunPage *page = window.runPage();
        QSignalSpy results(page->controller(), &SessionController::resultArrived);
        QSignalSpy finished(page, &RunPage::runFinished);
        QSignalSpy failed(page, &RunPage::runFailed);
        QTest::mouseClick(page->form()->startButton(), Qt::LeftButton);
        QCOMPARE(log.asked, QList<QStringList>({{"probe.json", "probe.c"}}));
        QVERIFY(page->isRunning());
        QCOMPARE(parameterValues(spec), QStringLiteral("[1,2]"));
        QVERIFY(readFile(kernel).startsWith("/* edited */\n"));
        QVERIFY(!document->isModified());
        QVERIFY(!kernelPage->isModified());
        QVERIFY2(finished.wait(60000), qPrintable(failed.value(0).value(0).toString()));
        QCOMPARE(results.count(), 2); // the saved spec ran: P = 1, 2

        // Nothing edited: no question, the run starts.
        QVERIFY(window.specRunLink()->editedRunDocuments().isEmpty());
        QTest::mouseClick(page->form()->startButton(), Qt::LeftButton);
        QCOMPARE(log.asked.size(), 1);
        QVERIFY(page->isRunning());
        QVERIFY2(finished.wait(60000), qPrintable(failed.value(0).value(0).toString()));
    }

    void cancelRunsNothing()
    {
        QTemporaryDir dir;
        const QString spec = tbtest::writeProbeSpec(dir.path());
        MainWindow window;
        QVERIFY(open(window, spec, dir.path()));
        PromptLog log;
        log.answer = QMessageBox::Cancel;
        window.specRunLink()->setPrompt(log.prompt());
        SpecDocument *document = window.specPages()->document();
        const QByteArray before = readFile(spec);
        QVERIFY(document->setValue(QStringLiteral("/parameters/0/values"), SpecJson({1})));

        RunPage *page = window.runPage();
        QSignalSpy results(page->controller(), &SessionController::resultArrived);
        QTest::mouseClick(page->form()->startButton(), Qt::LeftButton);
        QCOMPARE(log.asked, QList<QStringList>({{"probe.json"}}));
        QVERIFY(!page->isRunning());
        QVERIFY(page->form()->startButton()->isEnabled());
        // Run > Start (Ctrl+R) asks too.
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(&window, Qt::Key_R, Qt::ControlModifier);
        QCOMPARE(log.asked.size(), 2);
        QVERIFY(!page->isRunning());
        QCOMPARE(readFile(spec), before);
        QVERIFY(document->isModified());
        QTest::qWait(100);
        QCOMPARE(results.count(), 0);
    }

    // A spec the Space page shows problems in is neither saved over the user's file nor run
    // (issue 18, item 11): Start and Ctrl+R say to fix it first, and ask nothing.
    void anInvalidSpecIsNeitherSavedNorRun()
    {
        QTemporaryDir dir;
        const QString spec = tbtest::writeProbeSpec(dir.path());
        MainWindow window;
        QVERIFY(open(window, spec, dir.path()));
        PromptLog log;
        log.answer = QMessageBox::Save;
        window.specRunLink()->setPrompt(log.prompt());
        SpecDocument *document = window.specPages()->document();
        const QByteArray before = readFile(spec);
        QVERIFY(document->setValue(QStringLiteral("/constraints"), SpecJson({"NOPE > 1"})));

        RunPage *page = window.runPage();
        QSignalSpy cancelled(window.specRunLink(), &SpecRunLink::runCancelled);
        QTest::mouseClick(page->form()->startButton(), Qt::LeftButton);
        QVERIFY(!page->isRunning());
        QVERIFY(log.asked.isEmpty());
        QCOMPARE(cancelled.count(), 1);
        const QString why = cancelled.at(0).at(0).toString();
        QVERIFY2(why.startsWith(QStringLiteral("Fix the spec first")) &&
                     why.contains(QStringLiteral("/constraints/0")) &&
                     why.contains(QStringLiteral("NOPE")),
                 qPrintable(why));
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(&window, Qt::Key_R, Qt::ControlModifier);
        QCOMPARE(cancelled.count(), 2);
        QVERIFY(!page->isRunning());
        QCOMPARE(readFile(spec), before); // the user's file is untouched
        QVERIFY(document->isModified());

        // Mended, it saves and runs as before.
        QVERIFY(document->removeValue(QStringLiteral("/constraints")));
        QSignalSpy finished(page, &RunPage::runFinished);
        QTest::mouseClick(page->form()->startButton(), Qt::LeftButton);
        QVERIFY(page->isRunning());
        QVERIFY(finished.wait(60000));
    }

    void theFormAndThePagesFollowEachOther()
    {
        QTemporaryDir dir;
        const QString first = tbtest::writeProbeSpec(dir.filePath(QStringLiteral("first")));
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("second"))));
        const QString second = tbtest::writeProbeSpec(dir.filePath(QStringLiteral("second")));
        QVERIFY(!first.isEmpty() && !second.isEmpty());
        MainWindow window;
        QVERIFY(open(window, first, dir.path()));
        RunForm *form = window.runPage()->form();
        SpecDocument *document = window.specPages()->document();
        QVERIFY(SpecRunLink::sameFile(document->filePath(), first));

        // The form's spec opens in the pages: set, and typed (on Enter).
        form->setSpecPath(second);
        QVERIFY(SpecRunLink::sameFile(document->filePath(), second));
        auto *field = form->findChild<QLineEdit *>(QStringLiteral("specPath"));
        QVERIFY(field);
        field->setFocus();
        field->selectAll();
        QTest::keyClicks(field, first);
        QVERIFY(SpecRunLink::sameFile(document->filePath(), second)); // not while typing
        QTest::keyClick(field, Qt::Key_Return);
        QVERIFY(SpecRunLink::sameFile(document->filePath(), first));

        // A spec saved under another name in the pages becomes the form's.
        const QString copy = dir.filePath(QStringLiteral("first/copy.json"));
        QVERIFY(document->saveAs(copy));
        QVERIFY(SpecRunLink::sameFile(form->specPath(), copy));

        // Unsaved edits: the unsaved-changes prompt first; Cancel keeps the spec and puts the
        // form's path back.
        QStringList asked;
        QMessageBox::StandardButton answer = QMessageBox::Cancel;
        window.setSavePrompt([&](QWidget *, const QStringList &documents) {
            asked << documents;
            return answer;
        });
        QVERIFY(document->setValue(QStringLiteral("/name"), SpecJson("edited")));
        form->setSpecPath(second);
        QCOMPARE(asked, QStringList({"copy.json"}));
        QVERIFY(SpecRunLink::sameFile(form->specPath(), copy));
        QVERIFY(SpecRunLink::sameFile(document->filePath(), copy));
        QVERIFY(document->isModified());
        answer = QMessageBox::Discard;
        form->setSpecPath(second);
        QVERIFY(SpecRunLink::sameFile(document->filePath(), second));
        QVERIFY(!document->isModified());
        QVERIFY(SpecRunLink::sameFile(form->specPath(), second));
    }
};

QTEST_MAIN(TestSpecRunLink)
#include "tst_specrunlink.moc"
