#include "kernel/codeview.h"
#include "kernel/findbar.h"
#include "kernelpagefixture.h"

#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTabWidget>

using namespace tb;
using namespace kerneltest;

// The Kernel page's Code tab (issue 21, item 5): the listings of the last compile, the entry
// demangled, a missing tool said plainly, and a find bar of its own.
class TestCodeView : public QObject, protected KernelPageFixture
{
    Q_OBJECT
private:
    static CodeListings sample()
    {
        CodeListings code;
        code.symbol = "_Z1kILi4EEvPf";
        code.entry = "void k<4>(float*)";
        code.listings.push_back({"PTX", ".entry _Z1kILi4EEvPf(\nld.global.f32\nLD.GLOBAL\n", {}});
        code.listings.push_back({"SASS", {}, "SASS needs nvdisasm from the CUDA toolkit."});
        return code;
    }

    static QString selected(const CodeView &view)
    {
        return view.currentListing()->textCursor().selectedText();
    }

private slots:
    void showsOneTabPerListingAndWhyOneIsMissing()
    {
        CodeView view;
        QCOMPARE(view.tabs()->count(), 0);
        QVERIFY(view.headerLabel()->text().contains(QStringLiteral("Ctrl+B")));
        view.showListings(sample(), QStringLiteral("sm_90"));
        QCOMPARE(view.tabs()->count(), 2);
        QCOMPARE(view.tabs()->tabText(0), QStringLiteral("PTX"));
        QCOMPARE(view.tabs()->tabText(1), QStringLiteral("SASS (none)"));
        QCOMPARE(view.listingText(QStringLiteral("SASS")),
                 QStringLiteral("SASS needs nvdisasm from the CUDA toolkit."));
        QVERIFY(view.listingText(QStringLiteral("PTX")).startsWith(QStringLiteral(".entry")));
        QVERIFY(view.currentListing()->isReadOnly());
        const QString header = view.headerLabel()->text();
        QVERIFY(header.contains(QStringLiteral("Entry: void k<4>(float*)")));
        QVERIFY(header.contains(QStringLiteral("symbol: _Z1kILi4EEvPf")));
        QVERIFY(header.contains(QStringLiteral("target: sm_90")));

        view.tabs()->setCurrentIndex(1);
        view.showListings(sample(), QStringLiteral("sm_90")); // the next compile keeps the tab
        QCOMPARE(view.tabs()->currentIndex(), 1);
        view.showNote(QStringLiteral("Compiling..."));
        QCOMPARE(view.tabs()->count(), 0);
        QCOMPARE(view.headerLabel()->text(), QStringLiteral("Compiling..."));
    }

    // The listing turned to stays on show by its title, across the "Compiling..." note and
    // from a CUDA C++ kernel's two listings to a Triton kernel's five.
    void keepsTheChosenListingFromOneKernelToAnother()
    {
        CodeView view;
        view.showListings(sample(), QStringLiteral("sm_90"));
        view.tabs()->setCurrentIndex(1); // SASS
        view.showNote(QStringLiteral("Compiling..."));
        CodeListings triton;
        triton.symbol = triton.entry = "softmax_kernel";
        for (const char *title : {"TTIR", "TTGIR", "LLIR", "PTX", "SASS"})
            triton.listings.push_back({title, std::string(title) + " of softmax_kernel", {}});
        view.showListings(triton, QStringLiteral("sm_90"));
        QCOMPARE(view.tabs()->count(), 5);
        QCOMPARE(view.tabs()->currentIndex(), 4);
        QCOMPARE(view.currentListing()->toPlainText(), QStringLiteral("SASS of softmax_kernel"));

        view.tabs()->setCurrentIndex(1); // TTGIR: a CUDA C++ kernel has none, so its first
        view.showListings(sample(), QStringLiteral("sm_90"));
        QCOMPARE(view.tabs()->currentIndex(), 0);
        view.showListings(triton, QStringLiteral("sm_90")); // and back: still the choice
        QCOMPARE(view.tabs()->currentIndex(), 1);
    }

    void findsInTheListingAndWrapsAround()
    {
        CodeView view;
        view.showListings(sample(), {});
        view.openFind();
        QVERIFY(!view.findBar()->isHidden());
        view.findBar()->field()->setText(QStringLiteral("ld.global"));
        view.find(true);
        QCOMPARE(selected(view), QStringLiteral("ld.global"));
        view.find(true); // case-insensitive: the upper-case line matches too
        QCOMPARE(selected(view), QStringLiteral("LD.GLOBAL"));
        view.find(true); // wraps to the first
        QCOMPARE(selected(view), QStringLiteral("ld.global"));
        QVERIFY(!view.findBar()->notFoundShown());
        view.findBar()->field()->setText(QStringLiteral("no such text"));
        view.find(false);
        QVERIFY(view.findBar()->notFoundShown());
    }

    // A real cpu compile from the page: the Code tab lists the entry; Ctrl+F there searches it.
    void thePageShowsTheDisassemblyAndFindsInIt()
    {
        KernelPage page;
        load(page, QStringLiteral("matmul"));
        QVERIFY(show(page));
        QSignalSpy finished(&page, &KernelPage::compileFinished);
        QVERIFY(compileWithKeys(page, finished));
        CodeView *code = page.codeView();
        QCOMPARE(code->tabs()->count(), 1);
        QCOMPARE(code->tabs()->tabText(0), QStringLiteral("Disassembly"));
        QVERIFY2(code->listingText(QStringLiteral("Disassembly")).contains("<matmul>:"),
                 qPrintable(code->listingText(QStringLiteral("Disassembly")).left(1000)));
        QVERIFY(code->headerLabel()->text().contains(QStringLiteral("Entry: matmul")));

        page.resultTabs()->setCurrentWidget(code);
        code->currentListing()->setFocus();
        QTRY_VERIFY(code->currentListing()->hasFocus());
        QTest::keyClick(code->currentListing(), Qt::Key_F, Qt::ControlModifier);
        QVERIFY(!code->findBar()->isHidden());
        QVERIFY(page.findBar()->isHidden()); // the kernel's own bar stays closed
        QTest::keyClicks(code->findBar()->field(), QStringLiteral("ret"));
        QTest::keyClick(code->findBar()->field(), Qt::Key_Return);
        QCOMPARE(selected(*code), QStringLiteral("ret"));

        page.editor()->setFocus();
        QTRY_VERIFY(page.editor()->hasFocus());
        QTest::keyClick(page.editor(), Qt::Key_F, Qt::ControlModifier);
        QVERIFY(!page.findBar()->isHidden()); // in the editor, Ctrl+F finds in the kernel
    }

#if TUNEBENCH_HAVE_CUDA
    void thePageShowsPtxAndSassOfACudaConfig()
    {
        KernelPage page;
        load(page, QStringLiteral("copy_scale"));
        QVERIFY(show(page));
        QSignalSpy finished(&page, &KernelPage::compileFinished);
        QVERIFY(compileWithKeys(page, finished));
        CodeView *code = page.codeView();
        QCOMPARE(code->tabs()->count(), 2);
        QCOMPARE(code->tabs()->tabText(0), QStringLiteral("PTX"));
        QVERIFY(code->listingText(QStringLiteral("PTX")).contains(QStringLiteral(".entry ")));
        // Needs nvdisasm from the toolkit (packaging/install-deps.sh installs it).
        QCOMPARE(code->tabs()->tabText(1), QStringLiteral("SASS"));
        QVERIFY2(code->listingText(QStringLiteral("SASS")).contains(QStringLiteral(" EXIT")),
                 qPrintable(code->listingText(QStringLiteral("SASS")).left(1000)));
    }
#endif

    void aFailedCompileSaysThereIsNoCode()
    {
        KernelPage page;
        load(page, QStringLiteral("matmul"));
        page.editor()->setText(page.editor()->text() + QStringLiteral("\nnot C at all\n"));
        QSignalSpy finished(&page, &KernelPage::compileFinished);
        QVERIFY(page.compileConfig());
        QVERIFY(finished.wait(60000));
        QCOMPARE(page.codeView()->tabs()->count(), 0);
        QVERIFY(page.codeView()->headerLabel()->text().startsWith(QStringLiteral("No code")));
    }
};

QTEST_MAIN(TestCodeView)
#include "tst_codeview.moc"
