#include "kernel/compilerlogparser.h"
#include "kernel/compilermessagesmodel.h"
#include "kernel/configpicker.h"
#include "kernel/findbar.h"
#include "kernel/kerneleditor.h"
#include "kernel/kernelpage.h"
#include "kernel/resourceusageview.h"
#include "kerneltestsupport.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <csignal>
#include <sys/resource.h>

using namespace tb;

namespace {

// The 0-based line of the first line containing `text`, or -1.
int lineOf(const KernelEditor &editor, const QString &text)
{
    for (int line = 0; line < editor.lines(); ++line) {
        if (editor.text(line).contains(text))
            return line;
    }
    return -1;
}

// Puts the cursor at the end of 0-based `line`, presses Return and types `text` (QScintilla
// indents the new line): the text's 1-based line.
int typeLineAfter(KernelEditor &editor, int line, const QString &text)
{
    editor.setCursorPosition(line, 0);
    QTest::keyClick(&editor, Qt::Key_End);
    QTest::keyClick(&editor, Qt::Key_Return);
    QTest::keyClicks(&editor, text);
    return editor.cursorLine();
}

// Lowers the file-size limit so that writes fail with EFBIG, even for root; restores it after.
class FileSizeLimit
{
public:
    explicit FileSizeLimit(rlim_t bytes)
    {
        ::getrlimit(RLIMIT_FSIZE, &m_saved);
        m_handler = std::signal(SIGXFSZ, SIG_IGN); // EFBIG instead of a signal
        rlimit limit = m_saved;
        limit.rlim_cur = bytes;
        ::setrlimit(RLIMIT_FSIZE, &limit);
    }
    ~FileSizeLimit()
    {
        ::setrlimit(RLIMIT_FSIZE, &m_saved);
        std::signal(SIGXFSZ, m_handler);
    }

private:
    rlimit m_saved{};
    void (*m_handler)(int) = nullptr;
};

} // namespace

class TestKernelPage : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    int m_copies = 0;

    // A fresh copy of an example (never resources/ itself) loaded into `page`.
    QString load(KernelPage &page, const QString &example)
    {
        const QString specPath = kerneltest::copyExample(
            example, m_dir.filePath(QStringLiteral("%1-%2").arg(example).arg(++m_copies)));
        page.setWorkerPath(tbtest::workerPath());
        page.setCacheDirectory(m_dir.filePath(QStringLiteral("cache")));
        page.setSpec(kerneltest::loadSpec(specPath), specPath);
        return specPath;
    }

    static bool show(KernelPage &page)
    {
        page.resize(1100, 800);
        page.show();
        return QTest::qWaitForWindowActive(&page);
    }

    static bool compileWithKeys(KernelPage &page, QSignalSpy &finished)
    {
        const auto before = finished.count();
        QTest::keyClick(page.editor(), Qt::Key_B, Qt::ControlModifier);
        return finished.wait(60000) && finished.count() == before + 1;
    }

private slots:
    void loadsTheKernelTheSpecNames()
    {
        KernelPage page;
        const QString specPath = load(page, QStringLiteral("copy_scale"));
        const QString source = QFileInfo(specPath).dir().filePath(QStringLiteral("copy_scale.cu"));
        QCOMPARE(page.sourcePath(), source);
        QCOMPARE(page.editor()->text().toUtf8(), kerneltest::readFile(source));
        QVERIFY(!page.isModified());
        QVERIFY(!page.editor()->isReadOnly());
        QVERIFY(page.editor()->cudaHighlighting());
        QVERIFY(!page.targetCombo()->isHidden());
        QVERIFY(page.configPicker()->parameterCombo(QStringLiteral("BLOCK")));
        QCOMPARE(page.configPicker()->sizeCombo()->count(), 3);

        load(page, QStringLiteral("matmul"));
        QVERIFY(page.sourcePath().endsWith(QStringLiteral("/matmul.c")));
        QVERIFY(!page.editor()->cudaHighlighting());
        QVERIFY(page.targetCombo()->isHidden());
        QVERIFY(page.configPicker()->parameterCombo(QStringLiteral("UNROLL")));
    }

    void typesAndSavesWithCtrlS()
    {
        KernelPage page;
        load(page, QStringLiteral("copy_scale"));
        QVERIFY(show(page));
        const QByteArray bundled = kerneltest::readFile(
            tbtest::sourceDir() + QStringLiteral("/resources/examples/copy_scale/copy_scale.cu"));
        QSignalSpy modified(&page, &KernelPage::modificationChanged);
        QSignalSpy saved(&page, &KernelPage::saved);

        page.editor()->setFocus();
        page.editor()->setCursorPosition(0, 0);
        QTest::keyClicks(page.editor(), QStringLiteral("// tuned"));
        QTest::keyClick(page.editor(), Qt::Key_Return);
        QVERIFY(page.isModified());
        QCOMPARE(modified.count(), 1);
        QCOMPARE(modified.at(0).at(0).toBool(), true);
        QVERIFY(kerneltest::readFile(page.sourcePath()) != page.editor()->text().toUtf8());

        QTest::keyClick(page.editor(), Qt::Key_S, Qt::ControlModifier);
        QCOMPARE(saved.count(), 1);
        QCOMPARE(saved.at(0).at(0).toString(), page.sourcePath());
        QVERIFY(!page.isModified());
        QCOMPARE(modified.count(), 2);
        QCOMPARE(modified.at(1).at(0).toBool(), false);
        QCOMPARE(kerneltest::readFile(page.sourcePath()), page.editor()->text().toUtf8());
        QVERIFY(kerneltest::readFile(page.sourcePath()).startsWith("// tuned"));
        // The bundled example is never touched.
        QCOMPARE(
            kerneltest::readFile(tbtest::sourceDir() +
                                 QStringLiteral("/resources/examples/copy_scale/copy_scale.cu")),
            bundled);

        // Undo is QScintilla's: back to the saved text counts as a modification again.
        QTest::keyClick(page.editor(), Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(page.isModified());
        QVERIFY(!page.editor()->text().startsWith(QStringLiteral("// tuned")));
    }

    void aFailedSaveLeavesTheFileAsItWas()
    {
        KernelPage page;
        load(page, QStringLiteral("copy_scale"));
        const QByteArray before = kerneltest::readFile(page.sourcePath());
        const QStringList filesBefore = QFileInfo(page.sourcePath()).dir().entryList(QDir::Files);
        page.editor()->setCursorPosition(0, 0);
        QTest::keyClicks(page.editor(), QStringLiteral("// lost? no"));
        QTest::keyClick(page.editor(), Qt::Key_Return);
        bool savedOk = true;
        {
            const FileSizeLimit limit(64); // the kernel is far larger
            savedOk = page.save();
        }
        QVERIFY(!savedOk);
        QVERIFY2(page.lastError().contains(page.sourcePath()), qPrintable(page.lastError()));
        QVERIFY2(page.lastError().contains(QStringLiteral("unchanged")),
                 qPrintable(page.lastError()));
        QCOMPARE(kerneltest::readFile(page.sourcePath()), before);
        QCOMPARE(QFileInfo(page.sourcePath()).dir().entryList(QDir::Files), filesBefore);
        QVERIFY(page.isModified()); // the edit is still in the editor
        QVERIFY(page.save());       // and saves once writing works again
        QVERIFY(page.lastError().isEmpty());
        QVERIFY(kerneltest::readFile(page.sourcePath()).startsWith("// lost? no"));
    }

    void findsWithTheKeyboard()
    {
        KernelPage page;
        load(page, QStringLiteral("copy_scale"));
        QVERIFY(show(page));
        KernelEditor *editor = page.editor();
        editor->setFocus();
        editor->setCursorPosition(0, 0);
        QTest::keyClick(editor, Qt::Key_F, Qt::ControlModifier);
        QVERIFY(page.findBar()->isVisible());
        QTRY_VERIFY(page.findBar()->field()->hasFocus());

        QTest::keyClicks(page.findBar()->field(), QStringLiteral("__launch_bounds__"));
        QTest::keyClick(page.findBar()->field(), Qt::Key_Return);
        QCOMPARE(editor->selectedText(), QStringLiteral("__launch_bounds__"));
        QCOMPARE(editor->cursorLine(), lineOf(*editor, QStringLiteral("__launch_bounds__")) + 1);
        QVERIFY(!page.findBar()->notFoundShown());

        // F3 and Shift+F3 step through "BLOCK" and back.
        page.findBar()->field()->selectAll();
        QTest::keyClicks(page.findBar()->field(), QStringLiteral("BLOCK"));
        QTest::keyClick(page.findBar()->field(), Qt::Key_F3);
        const int first = editor->cursorLine();
        QTest::keyClick(page.findBar()->field(), Qt::Key_F3);
        const int second = editor->cursorLine();
        QVERIFY(second > first);
        QTest::keyClick(page.findBar()->field(), Qt::Key_F3, Qt::ShiftModifier);
        QCOMPARE(editor->cursorLine(), first);
        QCOMPARE(editor->selectedText(), QStringLiteral("BLOCK"));

        page.findBar()->field()->selectAll();
        QTest::keyClicks(page.findBar()->field(), QStringLiteral("no_such_word"));
        QTest::keyClick(page.findBar()->field(), Qt::Key_Return);
        QVERIFY(page.findBar()->notFoundShown());
        QCOMPARE(page.findBar()->statusLabel()->text(), QStringLiteral("not found"));

        QTest::keyClick(page.findBar()->field(), Qt::Key_Escape);
        QVERIFY(!page.findBar()->isVisible());
        QTRY_VERIFY(editor->hasFocus());
    }

    void compilesACudaConfigAndShowsItsResources()
    {
        KernelPage page;
        load(page, QStringLiteral("copy_scale"));
        QVERIFY(show(page));
        QSignalSpy started(&page, &KernelPage::compileStarted);
        QSignalSpy finished(&page, &KernelPage::compileFinished);
        page.configPicker()->parameterCombo(QStringLiteral("VEC"))->setCurrentIndex(2); // 4
        page.targetCombo()->setCurrentIndex(page.targetCombo()->findText(QStringLiteral("sm_90")));

        QTest::mouseClick(page.compileButton(), Qt::LeftButton);
        QCOMPARE(started.count(), 1);
        QVERIFY(page.isCompiling());
        QVERIFY(!page.compileButton()->isEnabled());
        QVERIFY(!page.busyIndicator()->isHidden());
        QVERIFY(!page.compileConfig()); // one at a time, and it says so
        QVERIFY(page.statusLabel()->text().contains(QStringLiteral("already running")));
        QCOMPARE(started.count(), 1);

        QVERIFY(finished.wait(60000));
        const auto outcome = finished.at(0).at(0).value<CompileOutcome>();
        QVERIFY2(outcome.failure.empty(), outcome.failure.c_str());
        QCOMPARE(kerneltest::statusName(outcome.result.status), QStringLiteral("ok"));
        QVERIFY(!page.isCompiling());
        QVERIFY(page.compileButton()->isEnabled());
        QVERIFY(page.busyIndicator()->isHidden());
        ResourceUsageView *figures = page.resourceView();
        QVERIFY2(figures->figure(QStringLiteral("registers")).toInt() > 0,
                 qPrintable(figures->headline()));
        QCOMPARE(figures->figure(QStringLiteral("spill_stores")), QStringLiteral("0 B"));
        QVERIFY(
            figures->figure(QStringLiteral("occupancy")).contains(QStringLiteral("warps per SM")));
        QCOMPARE(figures->figure(QStringLiteral("threads_per_block")), QStringLiteral("256"));
        QCOMPARE(figures->headline(), QStringLiteral("Compiled for sm_90."));
        const QString log = page.compileLog()->toPlainText();
        QVERIFY(log.contains(QStringLiteral("VEC=4")));
        QVERIFY(log.contains(QStringLiteral("ptxas")));
        QVERIFY(page.statusLabel()->text().contains(QStringLiteral("registers")));
        QCOMPARE(CompilerLogParser::count(page.messagesModel()->messages(),
                                          CompilerMessage::Severity::Error),
                 0);
    }

    void marksASyntaxErrorAndJumpsToIt()
    {
        KernelPage page;
        load(page, QStringLiteral("copy_scale"));
        QVERIFY(show(page));
        QSignalSpy finished(&page, &KernelPage::compileFinished);
        KernelEditor *editor = page.editor();
        editor->setFocus();
        const int errorLine = typeLineAfter(*editor, lineOf(*editor, QStringLiteral("using V =")),
                                            QStringLiteral("undeclared_thing = 1;"));
        QVERIFY(compileWithKeys(page, finished)); // unsaved text is what compiles
        QVERIFY(page.isModified());

        CompilerMessagesModel *messages = page.messagesModel();
        int row = -1;
        for (int i = 0; i < messages->rowCount(); ++i) {
            if (messages->messageAt(i).text.contains(QStringLiteral("undeclared_thing")))
                row = i;
        }
        QVERIFY2(row >= 0, qPrintable(page.compileLog()->toPlainText()));
        QCOMPARE(messages->messageAt(row).line, errorLine);
        QCOMPARE(messages->messageAt(row).severity, CompilerMessage::Severity::Error);
        QVERIFY(editor->hasMarker(errorLine, KernelEditor::ErrorMarker));
        QCOMPARE(editor->markedLines(KernelEditor::ErrorMarker), QList<int>({errorLine}));
        QVERIFY(page.statusLabel()->text().contains(QStringLiteral("compile_error")));
        QVERIFY(page.resourceView()->figure(QStringLiteral("registers")).isEmpty());

        // A click on the message puts the cursor on its line and the focus in the editor.
        QTreeView *view = page.messagesView();
        const QModelIndex index = messages->index(row, CompilerMessagesModel::TextColumn);
        editor->setCursorPosition(0, 0);
        view->setFocus();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
        QCOMPARE(editor->cursorLine(), errorLine);
        QTRY_VERIFY(editor->hasFocus());
        // So does Enter on it.
        editor->setCursorPosition(0, 0);
        view->setFocus();
        view->setCurrentIndex(index);
        QTest::keyClick(view, Qt::Key_Return);
        QCOMPARE(editor->cursorLine(), errorLine);

        // Fixed (the line removed by undo), the next compile clears the markers and messages.
        while (editor->isUndoAvailable())
            editor->undo();
        QVERIFY(!page.isModified());
        QVERIFY(compileWithKeys(page, finished));
        QVERIFY(editor->markedLines(KernelEditor::ErrorMarker).isEmpty());
        QCOMPARE(CompilerLogParser::count(messages->messages(), CompilerMessage::Severity::Error),
                 0);
        QVERIFY(page.resourceView()->figure(QStringLiteral("registers")).toInt() > 0);
    }

    void buildsACpuConfigAndMarksItsErrors()
    {
        KernelPage page;
        load(page, QStringLiteral("matmul"));
        QVERIFY(show(page));
        QSignalSpy finished(&page, &KernelPage::compileFinished);
        QVERIFY(compileWithKeys(page, finished));
        QCOMPARE(page.resourceView()->figure(QStringLiteral("built")), QStringLiteral("yes"));
        QVERIFY(page.resourceView()->figure(QStringLiteral("registers")).isEmpty());
        QVERIFY(page.compileLog()->toPlainText().contains(QStringLiteral("Command: ")));
        QVERIFY(page.compileLog()->toPlainText().contains(QStringLiteral("-DBM=16")));

        KernelEditor *editor = page.editor();
        editor->setFocus();
        const int errorLine = typeLineAfter(*editor, lineOf(*editor, QStringLiteral("memset(")),
                                            QStringLiteral("int x = missing_name;"));
        QVERIFY(compileWithKeys(page, finished));
        QCOMPARE(page.resourceView()->figure(QStringLiteral("built")), QStringLiteral("no"));
        const auto &messages = page.messagesModel()->messages();
        const auto found = std::find_if(messages.begin(), messages.end(), [](const auto &m) {
            return m.severity == CompilerMessage::Severity::Error;
        });
        QVERIFY2(found != messages.end(), qPrintable(page.compileLog()->toPlainText()));
        QCOMPARE(found->line, errorLine);
        QCOMPARE(found->file, page.sourcePath());
        QVERIFY(editor->hasMarker(errorLine, KernelEditor::ErrorMarker));
        page.jumpToMessage(page.messagesModel()->index(int(found - messages.begin()), 0));
        QCOMPARE(editor->cursorLine(), errorLine);
    }

    void keepsUnsavedEditsWhenTheSameSpecComesAgain()
    {
        KernelPage page;
        const QString specPath = load(page, QStringLiteral("copy_scale"));
        page.editor()->setCursorPosition(0, 0);
        QTest::keyClicks(page.editor(), QStringLiteral("// edit"));
        QTest::keyClick(page.editor(), Qt::Key_Return);
        page.configPicker()->parameterCombo(QStringLiteral("BLOCK"))->setCurrentIndex(3);
        page.setSpec(kerneltest::loadSpec(specPath), specPath); // e.g. edited on the Space page
        QVERIFY(page.isModified());
        QVERIFY(page.editor()->text().startsWith(QStringLiteral("// edit")));
        QCOMPARE(page.configPicker()->configuration().values.front(), 1024.0);

        // Another kernel replaces the edits (the main window asks first): one "unmodified".
        QSignalSpy modified(&page, &KernelPage::modificationChanged);
        load(page, QStringLiteral("matmul"));
        QVERIFY(!page.isModified());
        QCOMPARE(modified.count(), 1);
        QCOMPARE(modified.at(0).at(0).toBool(), false);
    }

    void saysWhenTheKernelFileIsMissing()
    {
        KernelPage page;
        const QString specPath = kerneltest::copyExample(QStringLiteral("matmul"),
                                                         m_dir.filePath(QStringLiteral("gone")));
        const Spec spec = kerneltest::loadSpec(specPath);
        const QString source = QString::fromStdString(spec.kernel.sourcePath);
        QVERIFY(QFile::remove(source));
        page.setSpec(spec, specPath);
        QVERIFY2(page.lastError().contains(source), qPrintable(page.lastError()));
        QVERIFY(page.editor()->isReadOnly());
        QVERIFY(!page.save());
        QVERIFY(!QFile::exists(source)); // nothing written in its place
    }
};

QTEST_MAIN(TestKernelPage)
#include "tst_kernelpage.moc"
