#include "kernel/compilerlogparser.h"
#include "kernel/compilermessagesmodel.h"
#include "kernel/configpicker.h"
#include "kernel/kerneleditor.h"
#include "kernel/kernelpage.h"
#include "kernel/resourceusageview.h"
#include "kernelpagefixture.h"

#include <QComboBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QTreeView>

using namespace tb;
using namespace kerneltest;

// Compiling one configuration from the Kernel page in a real worker (CUDA through NVRTC, no GPU
// needed; CPU with the system compiler): resources, log, error markers and jumps.
class TestKernelPageCompile : public QObject, protected KernelPageFixture
{
    Q_OBJECT
private slots:
#if TUNEBENCH_HAVE_CUDA
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

#else
    // A build without a CUDA toolkit has no CUDA backend: Compile config says so.
    void saysThatThisBuildHasNoCudaBackend()
    {
        KernelPage page;
        load(page, QStringLiteral("copy_scale"));
        QVERIFY(show(page));
        QSignalSpy finished(&page, &KernelPage::compileFinished);
        QTest::mouseClick(page.compileButton(), Qt::LeftButton);
        QVERIFY(finished.wait(10000));
        const auto outcome = finished.at(0).at(0).value<CompileOutcome>();
        QVERIFY2(outcome.failure.find("has no CUDA backend") != std::string::npos,
                 outcome.failure.c_str());
        QVERIFY2(page.statusLabel()->text().contains(QStringLiteral("no CUDA backend")),
                 qPrintable(page.statusLabel()->text()));
    }
#endif

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
};

QTEST_MAIN(TestKernelPageCompile)
#include "tst_kernelpagecompile.moc"
