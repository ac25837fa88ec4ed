// The Results table's row actions, from a result to its code (issue 21, item 5): on the
// table's context menu (the menu key and Shift+F10 too) and on their keys; enabled for what
// the row allows; each asks for its row's result.
#include "resultsfixture.h"

#include "results/resultrowactions.h"
#include "results/resultsfilterproxy.h"

#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QSignalSpy>
#include <QTableView>
#include <QTimer>

using namespace tb;

class TestResultRowActions : public tbtest::ResultsPageFixture
{
    Q_OBJECT
private:
    // The table's row of the result with this key and size.
    int rowOf(const std::string &key, std::size_t size) const
    {
        for (int row = 0; row < m_page->proxy()->rowCount(); ++row) {
            const ResultEvent &event = model()->resultAt(
                m_page->proxy()->mapToSource(m_page->proxy()->index(row, 0)).row());
            if (event.configKey == key && event.sizeIndex == size)
                return row;
        }
        return -1;
    }

    void makeCurrent(const std::string &key, std::size_t size)
    {
        m_page->view()->selectRow(rowOf(key, size));
    }

    ResultRowActions *actions() const { return m_page->rowActions(); }

    // The texts of the context menu the table opens for `keys`, read while it is open.
    QStringList menuTextsAfter(const QKeySequence &keys)
    {
        // The menu closed before leaves the offscreen window inactive: shortcuts need it.
        QApplication::setActiveWindow(m_page);
        if (!QTest::qWaitForWindowActive(m_page))
            return {};
        m_page->view()->setFocus();
        QStringList texts;
        QTimer::singleShot(0, this, [&texts] {
            auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
            if (!menu)
                return;
            for (const QAction *action : menu->actions())
                if (!action->isSeparator())
                    texts << action->text();
            menu->close();
        });
        QTest::keySequence(m_page->view(), keys);
        return texts;
    }

private slots:
    void theActionsAreOnTheTablesContextMenu()
    {
        const QList<QAction *> onTable = m_page->view()->actions();
        QCOMPARE(m_page->view()->contextMenuPolicy(), Qt::ActionsContextMenu);
        for (QAction *action : {actions()->compileAction(), actions()->copyDefinesAction(),
                                actions()->copyLaunchAction(), actions()->baselineAction()}) {
            QVERIFY(onTable.contains(action));
            QVERIFY(!action->shortcut().isEmpty());
            QCOMPARE(action->shortcutContext(), Qt::WidgetShortcut);
        }
        QCOMPARE(actions()->compileAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_B));
        QCOMPARE(actions()->copyDefinesAction()->text(), QStringLiteral("Copy -&D flags"));
    }

    void nothingIsEnabledWithoutACurrentRow()
    {
        m_page->view()->setCurrentIndex({});
        QVERIFY(!actions()->currentResult());
        QVERIFY(!actions()->compileAction()->isEnabled());
        QVERIFY(!actions()->copyDefinesAction()->isEnabled());
        QVERIFY(!actions()->copyLaunchAction()->isEnabled());
        QVERIFY(!actions()->baselineAction()->isEnabled());
    }

    // A failure can be compiled and its flags copied (to see why it fails), but it has no
    // time for Compare to read differences against; a cpu spec has no launch geometry.
    void aFailedRowCanBeCompiledNotBeABaseline()
    {
        makeCurrent("BM=64,UNROLL=4", 1);
        QVERIFY(actions()->currentResult()->result.status == ResultStatus::WrongResult);
        QVERIFY(actions()->compileAction()->isEnabled());
        QVERIFY(actions()->copyDefinesAction()->isEnabled());
        QVERIFY(!actions()->baselineAction()->isEnabled());
        QVERIFY(!actions()->copyLaunchAction()->isEnabled());

        makeCurrent("BM=32,UNROLL=1", 0);
        QVERIFY(actions()->compileAction()->isEnabled());
        QVERIFY(actions()->copyDefinesAction()->isEnabled());
        QVERIFY(actions()->baselineAction()->isEnabled());
        QVERIFY(!actions()->copyLaunchAction()->isEnabled());
    }

    void aCudaSpecHasALaunchGeometry()
    {
        tb::SpecOutline cuda = tbtest::outline();
        cuda.cuda = true;
        m_feed->reset(cuda);
        m_feed->append(tbtest::events());
        makeCurrent("BM=16,UNROLL=4", 1);
        QVERIFY(actions()->copyLaunchAction()->isEnabled());
    }

    // Each action hands on its row's result; the keys work while the table has the focus.
    void eachActionAsksForItsRowsResult()
    {
        QApplication::setActiveWindow(m_page);
        QVERIFY(QTest::qWaitForWindowActive(m_page));
        m_page->view()->setFocus();
        makeCurrent("BM=32,UNROLL=4", 1);
        QSignalSpy compile(actions(), &ResultRowActions::compileRequested);
        QSignalSpy defines(actions(), &ResultRowActions::copyDefinesRequested);
        QSignalSpy baseline(actions(), &ResultRowActions::baselineRequested);
        QTest::keyClick(m_page->view(), Qt::Key_B, Qt::ControlModifier);
        QTest::keyClick(m_page->view(), Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
        actions()->baselineAction()->trigger();
        QCOMPARE(compile.count(), 1);
        QCOMPARE(defines.count(), 1);
        QCOMPARE(baseline.count(), 1);
        for (const QSignalSpy *spy : {&compile, &defines, &baseline}) {
            const auto event = spy->at(0).at(0).value<ResultEvent>();
            QCOMPARE(event.configKey, std::string("BM=32,UNROLL=4"));
            QCOMPARE(event.sizeIndex, std::size_t(1));
        }
    }

    // Shift+F10 and the menu key open the table's context menu at the current row.
    void theKeyboardOpensTheMenu()
    {
        QApplication::setActiveWindow(m_page);
        QVERIFY(QTest::qWaitForWindowActive(m_page));
        m_page->view()->setFocus();
        makeCurrent("BM=16,UNROLL=1", 0);
        const QStringList expected{
            actions()->compileAction()->text(), actions()->copyDefinesAction()->text(),
            actions()->copyLaunchAction()->text(), actions()->baselineAction()->text()};
        QCOMPARE(menuTextsAfter(QKeySequence(Qt::Key_Menu)), expected);
        QCOMPARE(menuTextsAfter(QKeySequence(Qt::SHIFT | Qt::Key_F10)), expected);
    }
};

QTEST_MAIN(TestResultRowActions)
#include "tst_resultrowactions.moc"
