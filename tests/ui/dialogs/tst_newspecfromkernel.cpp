// File > New spec from kernel... with the real Triton helper (issue 36 item 5): the bundled
// matmul opens in the Space page as an unsaved spec under a free name, valid, its guesses shown;
// Save spec writes it; a file of two kernels asks which; a missing file says so.
#include "dialogs/newspecfromkernel.h"
#include "document/specdocument.h"
#include "filemenutesting.h"
#include "mainwindow.h"
#include "pages/runform.h"
#include "pages/runpage.h"
#include "pages/specpages.h"
#include "space/spacepage.h"
#include "testpaths.h"

#include <QAction>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

class TestNewSpecFromKernel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QStandardPaths::setTestModeEnabled(true); // QSettings away from the user's
    }

    void theActionIsInTheFileMenu()
    {
        MainWindow window;
        QAction *action = fileMenuAction(window, QStringLiteral("&New spec from kernel..."));
        QVERIFY(action);
        const QKeySequence keys(Qt::CTRL | Qt::SHIFT | Qt::Key_N);
        QCOMPARE(action->shortcut(), keys);
        int taking = 0;
        for (const QAction *other : window.findChildren<QAction *>())
            taking += other->shortcuts().contains(keys) ? 1 : 0;
        QCOMPARE(taking, 1);
    }

    void matmulOpensUnsavedInTheSpacePage()
    {
        const QString kernel = m_dir.filePath("matmul.py");
        QVERIFY(QFile::copy(tbtest::sourceDir() + "/resources/examples/triton/matmul.py", kernel));
        QFile taken(m_dir.filePath("matmul.json")); // the user's spec: never overwritten
        QVERIFY(taken.open(QIODevice::WriteOnly));
        taken.write("{}\n");
        taken.close();

        MainWindow window;
        window.setSavePrompt([](QWidget *, const QStringList &) { return QMessageBox::Discard; });
        QSignalSpy opened(window.newSpecFromKernel(), &NewSpecFromKernel::opened);
        QSignalSpy shown(&window, &MainWindow::messageShown);
        window.newSpecFromKernel()->open(kernel);
        QVERIFY(opened.wait(30000));

        const QString specPath = m_dir.filePath("matmul-2.json");
        QCOMPARE(opened.at(0).at(0).toString(), specPath);
        QVERIFY(opened.at(0).at(1).toString().contains("/launch/grid"));
        SpacePage *space = window.specPages()->spacePage();
        QCOMPARE(window.pages()->currentWidget(), space);
        SpecDocument *document = space->document();
        QCOMPARE(document->filePath(), specPath);
        QVERIFY(document->isModified());
        QVERIFY(space->saveAction()->isEnabled());
        QVERIFY(window.isWindowModified());
        QCOMPARE(window.runPage()->form()->specPath(), specPath);
        QTRY_VERIFY_WITH_TIMEOUT(document->isValid(), 10000);
        QCOMPARE(document->spec()->constraints.size(), std::size_t{1});
        QVERIFY(!shown.isEmpty());
        QCOMPARE(shown.last().at(0).toString(), QStringLiteral("Check the starting spec"));

        QVERIFY(!QFileInfo::exists(specPath)); // unsaved until the user saves it
        space->saveAction()->trigger();
        QVERIFY(QFileInfo::exists(specPath));
        QVERIFY(!document->isModified());
        QVERIFY(taken.open(QIODevice::ReadOnly));
        QCOMPARE(taken.readAll(), QByteArray("{}\n"));
    }

    void severalKernelsAreAskedAbout()
    {
        const QString kernel = m_dir.filePath("two.py");
        QFile file(kernel);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("import triton\n@triton.jit\ndef first(x_ptr, n):\n    pass\n"
                   "@triton.jit\ndef second(y_ptr, n):\n    pass\n");
        file.close();
        MainWindow window;
        window.setSavePrompt([](QWidget *, const QStringList &) { return QMessageBox::Discard; });
        QStringList offered;
        window.newSpecFromKernel()->setEntryPrompt([&](QWidget *, const QStringList &kernels) {
            offered = kernels;
            return QStringLiteral("second");
        });
        QSignalSpy opened(window.newSpecFromKernel(), &NewSpecFromKernel::opened);
        window.newSpecFromKernel()->open(kernel);
        QVERIFY(opened.wait(30000));
        QCOMPARE(offered, QStringList({"first", "second"}));
        QVERIFY(window.specPages()->document()->value("/name") == SpecJson("second"));
    }

    void aMissingFileIsSaid()
    {
        MainWindow window;
        QSignalSpy failed(window.newSpecFromKernel(), &NewSpecFromKernel::failed);
        QSignalSpy shown(&window, &MainWindow::messageShown);
        window.newSpecFromKernel()->open(m_dir.filePath("nowhere.py"));
        QVERIFY(failed.wait(30000));
        QVERIFY(failed.at(0).at(1).toString().contains("no such kernel file"));
        QCOMPARE(shown.size(), 1);
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestNewSpecFromKernel)
#include "tst_newspecfromkernel.moc"
