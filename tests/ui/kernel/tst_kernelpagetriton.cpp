#include "kernel/codeview.h"
#include "kernel/compilerlogparser.h"
#include "kernel/compilermessagesmodel.h"
#include "kernel/kerneleditor.h"
#include "kernel/kernelpage.h"
#include "kernel/resourceusageview.h"
#include "kernelpagefixture.h"

#include <QComboBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QTreeView>

using namespace tb;
using namespace kerneltest;

// A Triton kernel on the Kernel page (issue 36, item 6): Compile config runs the real worker
// and Triton's compiler for sm_90 (no GPU needed) and shows every stage of the kernel, its
// resource usage, and Triton's error on its line.
class TestKernelPageTriton : public QObject, protected KernelPageFixture
{
    Q_OBJECT
private:
    // A fresh copy of resources/examples/triton with softmax.json loaded, compiling for sm_90.
    void loadSoftmax(KernelPage &page)
    {
        const QString folder = m_dir.filePath(QStringLiteral("triton-%1").arg(++m_copies));
        if (tbtest::copyExample(QStringLiteral("triton"), folder).isEmpty())
            qFatal("cannot copy the Triton examples to %s", qPrintable(folder));
        const QString specPath = folder + QStringLiteral("/softmax.json");
        page.setWorkerPath(tbtest::workerPath());
        page.setCacheDirectory(m_dir.filePath(QStringLiteral("cache")));
        page.setSpec(loadSpec(specPath), specPath);
        page.targetCombo()->setCurrentIndex(page.targetCombo()->findText(QStringLiteral("sm_90")));
    }

    static CompileOutcome lastOutcome(const QSignalSpy &finished)
    {
        return finished.last().at(0).value<CompileOutcome>();
    }

private slots:
    void showsEveryStageAndTheResourcesOfAConfiguration()
    {
        KernelPage page;
        loadSoftmax(page);
        QVERIFY(show(page));
        QSignalSpy finished(&page, &KernelPage::compileFinished);
        QVERIFY(compileWithKeys(page, finished));
        const CompileOutcome outcome = lastOutcome(finished);
        QVERIFY2(outcome.failure.empty(), outcome.failure.c_str());
        QCOMPARE(kerneltest::statusName(outcome.result.status), QStringLiteral("ok"));

        CodeView *code = page.codeView();
        QStringList titles;
        for (int i = 0; i < code->tabs()->count(); ++i)
            titles << code->tabs()->tabText(i);
        QCOMPARE(titles.mid(0, 4), QStringList({QStringLiteral("TTIR"), QStringLiteral("TTGIR"),
                                                QStringLiteral("LLIR"), QStringLiteral("PTX")}));
        QCOMPARE(titles.size(), 5); // SASS, or "SASS (none)" saying why on a machine without
        QVERIFY(titles.last().startsWith(QStringLiteral("SASS")));
        QVERIFY(code->listingText(QStringLiteral("TTIR")).contains(QStringLiteral("tt.func")));
        QVERIFY(code->listingText(QStringLiteral("TTGIR")).contains(QStringLiteral("ttg.")));
        QVERIFY(code->listingText(QStringLiteral("PTX"))
                    .contains(QStringLiteral(".entry softmax_kernel")));
        QVERIFY(code->headerLabel()->text().contains(QStringLiteral("softmax_kernel")));

        ResourceUsageView *figures = page.resourceView();
        QVERIFY2(figures->figure(QStringLiteral("registers")).toInt() > 0,
                 qPrintable(figures->headline()));
        QCOMPARE(figures->figure(QStringLiteral("spill_stores")), QStringLiteral("0 B"));
        QCOMPARE(figures->figure(QStringLiteral("threads_per_block")), QStringLiteral("128"));
        // Triton's own figure (its reductions' scratch), the launch's dynamic shared memory.
        QVERIFY(outcome.result.resource("dynamic_shared").value_or(0) > 0);
        QVERIFY(figures->figure(QStringLiteral("shared")).endsWith(QStringLiteral(" dynamic")));
        QVERIFY(
            !figures->figure(QStringLiteral("shared")).endsWith(QStringLiteral(" 0 B dynamic")));
        QCOMPARE(figures->headline(), QStringLiteral("Compiled for sm_90."));
        QCOMPARE(CompilerLogParser::count(page.messagesModel()->messages(),
                                          CompilerMessage::Severity::Error),
                 0);
    }

    void marksTritonsErrorOnItsLineAndJumpsToIt()
    {
        KernelPage page;
        loadSoftmax(page);
        QVERIFY(show(page));
        QSignalSpy finished(&page, &KernelPage::compileFinished);
        KernelEditor *editor = page.editor();
        editor->setFocus();
        const int errorLine =
            typeLineAfter(*editor, lineOf(*editor, QStringLiteral("row = tl.program_id")),
                          QStringLiteral("undefined_name + 1"));
        QVERIFY(compileWithKeys(page, finished)); // the unsaved text is what compiles
        QCOMPARE(kerneltest::statusName(lastOutcome(finished).result.status),
                 QStringLiteral("compile_error"));

        CompilerMessagesModel *messages = page.messagesModel();
        QCOMPARE(messages->rowCount(), 1);
        const CompilerMessage message = messages->messageAt(0);
        QVERIFY2(message.text.contains(QStringLiteral("undefined_name")), qPrintable(message.text));
        QCOMPARE(message.severity, CompilerMessage::Severity::Error);
        QCOMPARE(message.file, QStringLiteral("softmax.py"));
        QCOMPARE(message.line, errorLine);
        QCOMPARE(editor->markedLines(KernelEditor::ErrorMarker), QList<int>({errorLine}));
        // The status is one line; Triton's whole message, with the source it points into, is
        // in the log.
        const QString status = page.statusLabel()->text();
        QVERIFY2(status.contains(QStringLiteral("compile_error: softmax.py line")) &&
                     !status.contains(QLatin1Char('\n')),
                 qPrintable(status));
        QVERIFY(page.compileLog()->toPlainText().contains(QStringLiteral("^")));

        QTreeView *view = page.messagesView();
        const QModelIndex index = messages->index(0, CompilerMessagesModel::TextColumn);
        editor->setCursorPosition(0, 0);
        view->setFocus();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
        QCOMPARE(editor->cursorLine(), errorLine);
    }
};

QTEST_MAIN(TestKernelPageTriton)
#include "tst_kernelpagetriton.moc"
