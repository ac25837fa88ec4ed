#include "filesizelimit.h"
#include "kernel/configpicker.h"
#include "kernel/findbar.h"
#include "kernel/kerneleditor.h"
#include "kernel/kernelpage.h"
#include "kernelpagefixture.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>

using namespace tb;
using namespace kerneltest;

// The Kernel page as an editor: the kernel the spec names, typing, saving (Ctrl+S; a failed
// save loses nothing), finding, and specs that come again or name a missing file.
class TestKernelPage : public QObject, protected KernelPageFixture
{
    Q_OBJECT
private slots:
    void loadsTheKernelTheSpecNames()
    {
        KernelPage page;
        const QString specPath = load(page, QStringLiteral("copy_scale"));
        const QString source = QFileInfo(specPath).dir().filePath(QStringLiteral("copy_scale.cu"));
        QCOMPARE(page.sourcePath(), source);
        QCOMPARE(page.editor()->text().toUtf8(), tbtest::readFile(source));
        QVERIFY(!page.isModified());
        QVERIFY(!page.editor()->isReadOnly());
        QVERIFY(page.editor()->highlighting() == KernelEditor::Highlighting::Cuda);
        QVERIFY(!page.targetCombo()->isHidden());
        QVERIFY(page.configPicker()->parameterCombo(QStringLiteral("BLOCK")));
        QCOMPARE(page.configPicker()->sizeCombo()->count(), 3);

        load(page, QStringLiteral("matmul"));
        QVERIFY(page.sourcePath().endsWith(QStringLiteral("/matmul.c")));
        QVERIFY(page.editor()->highlighting() == KernelEditor::Highlighting::C);
        QVERIFY(page.targetCombo()->isHidden());
        QVERIFY(page.configPicker()->parameterCombo(QStringLiteral("UNROLL")));
    }

    // A Triton kernel's spec opens its Python file, highlighted as Python, with the GPU target.
    void opensATritonKernelAsPython()
    {
        KernelPage page;
        // The examples' triton folder holds two specs, neither named after the folder.
        const QString copied =
            QFileInfo(tbtest::copyExample(QStringLiteral("triton"),
                                          m_dir.filePath(QStringLiteral("triton-copy"))))
                .dir()
                .filePath(QStringLiteral("softmax.json"));
        page.setSpec(loadSpec(copied), copied);
        QVERIFY(page.sourcePath().endsWith(QStringLiteral("/softmax.py")));
        QVERIFY(page.editor()->highlighting() == KernelEditor::Highlighting::Python);
        QVERIFY(!page.targetCombo()->isHidden());
    }

    // The editor shows the #if branches of the picked configuration: matmul.c's "#ifndef BM /
    // #define BM 32" default is greyed, since every build defines BM (issue 18, item 12).
    void greysWhatThePickedConfigurationDoesNotBuild()
    {
        KernelPage page;
        load(page, QStringLiteral("matmul"));
        QComboBox *bm = page.configPicker()->parameterCombo(QStringLiteral("BM"));
        QVERIFY(bm);
        QVERIFY(page.editor()->preprocessorDefinitions().contains(QStringLiteral("BM=") +
                                                                  bm->currentText()));
        QVERIFY(page.editor()->isLineInactive(9)); // #define BM 32
        bm->setCurrentIndex(bm->count() - 1);
        QVERIFY(page.editor()->preprocessorDefinitions().contains(QStringLiteral("BM=") +
                                                                  bm->currentText()));
        QVERIFY(page.editor()->isLineInactive(9));
        QVERIFY(!page.editor()->isLineInactive(6)); // #include <string.h>
    }

    void typesAndSavesWithCtrlS()
    {
        KernelPage page;
        load(page, QStringLiteral("copy_scale"));
        QVERIFY(show(page));
        const QByteArray bundled = tbtest::readFile(
            tbtest::examplePath(QStringLiteral("copy_scale"), QStringLiteral("copy_scale.cu")));
        QSignalSpy modified(&page, &KernelPage::modificationChanged);
        QSignalSpy saved(&page, &KernelPage::saved);

        page.editor()->setFocus();
        page.editor()->setCursorPosition(0, 0);
        QTest::keyClicks(page.editor(), QStringLiteral("// tuned"));
        QTest::keyClick(page.editor(), Qt::Key_Return);
        QVERIFY(page.isModified());
        QCOMPARE(modified.count(), 1);
        QCOMPARE(modified.at(0).at(0).toBool(), true);
        QVERIFY(tbtest::readFile(page.sourcePath()) != page.editor()->text().toUtf8());

        QTest::keyClick(page.editor(), Qt::Key_S, Qt::ControlModifier);
        QCOMPARE(saved.count(), 1);
        QCOMPARE(saved.at(0).at(0).toString(), page.sourcePath());
        QVERIFY(!page.isModified());
        QCOMPARE(modified.count(), 2);
        QCOMPARE(modified.at(1).at(0).toBool(), false);
        QCOMPARE(tbtest::readFile(page.sourcePath()), page.editor()->text().toUtf8());
        QVERIFY(tbtest::readFile(page.sourcePath()).startsWith("// tuned"));
        // The bundled example is never touched.
        QCOMPARE(tbtest::readFile(tbtest::examplePath(QStringLiteral("copy_scale"),
                                                      QStringLiteral("copy_scale.cu"))),
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
        const QByteArray before = tbtest::readFile(page.sourcePath());
        const QStringList filesBefore = QFileInfo(page.sourcePath()).dir().entryList(QDir::Files);
        page.editor()->setCursorPosition(0, 0);
        QTest::keyClicks(page.editor(), QStringLiteral("// lost? no"));
        QTest::keyClick(page.editor(), Qt::Key_Return);
        bool savedOk = true;
        {
            const tbtest::FileSizeLimit limit(64); // the kernel is far larger
            savedOk = page.save();
        }
        QVERIFY(!savedOk);
        QVERIFY2(page.lastError().contains(page.sourcePath()), qPrintable(page.lastError()));
        QVERIFY2(page.lastError().contains(QStringLiteral("unchanged")),
                 qPrintable(page.lastError()));
        QCOMPARE(tbtest::readFile(page.sourcePath()), before);
        QCOMPARE(QFileInfo(page.sourcePath()).dir().entryList(QDir::Files), filesBefore);
        QVERIFY(page.isModified()); // the edit is still in the editor
        QVERIFY(page.save());       // and saves once writing works again
        QVERIFY(page.lastError().isEmpty());
        QVERIFY(tbtest::readFile(page.sourcePath()).startsWith("// lost? no"));
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
        const QString specPath =
            tbtest::copyExample(QStringLiteral("matmul"), m_dir.filePath(QStringLiteral("gone")));
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
