// What the main window keeps between sessions (geometry, page, splitters) and the
// unsaved-changes prompt before closing, creating or opening a workspace.
#include "mainwindow.h"
#include "pages/runpage.h"
#include "pages/savable.h"
#include "pages/workspaceactions.h"
#include "session/workspacecontroller.h"

#include <QAbstractButton>
#include <QApplication>
#include <QMessageBox>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace tb;

namespace {

// A page's document as the unsaved-changes guard sees it.
class FakeDocument : public Savable
{
public:
    bool modified = true;
    bool saveWorks = true;
    int saves = 0;

    bool isModified() const override { return modified; }
    bool save() override
    {
        ++saves;
        if (saveWorks)
            modified = false;
        return saveWorks;
    }
    QString documentName() const override { return QStringLiteral("kernel.cu"); }
};

// A page with a splitter of its own, as the kernel and space pages will have.
QWidget *makePage(const QString &name)
{
    auto *page = new QWidget;
    page->setObjectName(name);
    auto *splitter = new QSplitter(page);
    splitter->setObjectName(name + QStringLiteral("Splitter"));
    splitter->addWidget(new QWidget);
    splitter->addWidget(new QWidget);
    return page;
}

} // namespace

class TestWindowState : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        QVERIFY(m_dir.isValid());
    }

    void geometryPageAndSplittersComeBack()
    {
        QList<int> runSizes;
        QList<int> pageSizes;
        QSize size;
        {
            MainWindow window;
            window.addPage(makePage(QStringLiteral("testPage")), QStringLiteral("&Test page"));
            window.resize(1000, 720);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            size = window.size();
            auto *runSplitter = window.findChild<QSplitter *>(QStringLiteral("runPageSplitter"));
            QVERIFY(runSplitter);
            runSplitter->setSizes({150, 250, 200});
            runSizes = runSplitter->sizes();
            window.pages()->setCurrentIndex(window.pages()->count() - 1);
            auto *pageSplitter = window.findChild<QSplitter *>(QStringLiteral("testPageSplitter"));
            pageSplitter->setSizes({300, 600});
            pageSizes = pageSplitter->sizes();
            QVERIFY(window.close());
        }
        MainWindow window;
        window.addPage(makePage(QStringLiteral("testPage")), QStringLiteral("&Test page"));
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QCOMPARE(window.size(), size);
        QCOMPARE(window.pages()->currentWidget()->objectName(), QStringLiteral("testPage"));
        QCOMPARE(window.findChild<QSplitter *>(QStringLiteral("testPageSplitter"))->sizes(),
                 pageSizes);
        QTest::keyClick(&window, Qt::Key_1, Qt::ControlModifier); // View > Run
        QCOMPARE(window.pages()->currentIndex(), 0);
        QCOMPARE(window.findChild<QSplitter *>(QStringLiteral("runPageSplitter"))->sizes(),
                 runSizes);
    }

    void promptGuardsCloseNewAndOpen()
    {
        MainWindow window;
        window.show();
        FakeDocument document;
        window.addSavable(&document);
        QMessageBox::StandardButton answer = QMessageBox::Cancel;
        QStringList asked;
        window.setSavePrompt([&](QWidget *, const QStringList &documents) {
            asked = documents;
            return answer;
        });
        QSignalSpy opened(window.workspace(), &WorkspaceController::opened);
        const QString path = m_dir.filePath(QStringLiteral("a.tbw"));

        // Cancel: nothing happens, the window stays.
        QVERIFY(!window.workspaceActions()->createWorkspace(path));
        QCOMPARE(asked, QStringList{QStringLiteral("kernel.cu")});
        QVERIFY(!window.workspaceActions()->openWorkspaceFile(path));
        QVERIFY(!window.close());
        QVERIFY(window.isVisible());
        QCOMPARE(document.saves, 0);
        QCOMPARE(window.workspace()->pendingOperations(), 0);
        QVERIFY(!QFile::exists(path));

        // Save, but the save fails: still nothing happens.
        answer = QMessageBox::Save;
        document.saveWorks = false;
        QVERIFY(!window.workspaceActions()->createWorkspace(path));
        QCOMPARE(document.saves, 1);

        // Save works: the document is saved, then the workspace is created.
        document.saveWorks = true;
        QVERIFY(window.workspaceActions()->createWorkspace(path));
        QCOMPARE(document.saves, 2);
        QVERIFY(!document.modified);
        QVERIFY(opened.wait(20000));

        // Nothing modified: no question at all.
        asked.clear();
        QVERIFY(window.workspaceActions()->openWorkspaceFile(path));
        QVERIFY(asked.isEmpty());
        QVERIFY(opened.wait(20000));

        // Discard: goes on without saving.
        document.modified = true;
        answer = QMessageBox::Discard;
        QVERIFY(window.workspaceActions()->openWorkspaceFile(path));
        QCOMPARE(document.saves, 2);
        QVERIFY(opened.wait(20000));
        window.removeSavable(&document);
    }

    void theRealMessageBoxAnswers()
    {
        MainWindow window;
        window.show();
        FakeDocument document;
        window.addSavable(&document);
        // The default prompt is a modal box: answer it the way a user would, by clicking.
        QString text;
        answerNextBox(QMessageBox::Cancel, &text);
        QVERIFY(!window.close());
        QVERIFY(text.contains(QStringLiteral("kernel.cu")));
        QVERIFY(window.isVisible());

        answerNextBox(QMessageBox::Discard, &text);
        QVERIFY(window.close());
        QCOMPARE(document.saves, 0);

        document.modified = true;
        window.show();
        answerNextBox(QMessageBox::Save, &text);
        QVERIFY(window.close());
        QCOMPARE(document.saves, 1);
        window.removeSavable(&document);
    }

private:
    // Clicks button on the next modal message box, once; its text goes to *text.
    void answerNextBox(QMessageBox::StandardButton button, QString *text)
    {
        auto *timer = new QTimer(this);
        timer->setInterval(20);
        connect(timer, &QTimer::timeout, this, [timer, button, text] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box)
                return;
            timer->stop();
            timer->deleteLater();
            *text = box->text();
            QTest::mouseClick(box->button(button), Qt::LeftButton);
        });
        timer->start();
    }
};

QTEST_MAIN(TestWindowState)
#include "tst_windowstate.moc"
