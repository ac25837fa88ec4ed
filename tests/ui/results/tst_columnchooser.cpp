// The Results page's column chooser: the Columns menu and the header's context menu hide and
// show columns by id; hidden columns persist in QSettings across model resets, specs and
// sessions; the last visible column stays.
#include "models/resultsmodel.h"
#include "results/columnchooser.h"
#include "resultsfixture.h"

#include <QAction>
#include <QHeaderView>
#include <QMenu>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>
#include <QToolButton>

using namespace tb;
using namespace tbtest;

namespace {

// The menu's entry now (entries of earlier layouts are deleted later, not at once).
QAction *menuAction(ColumnChooser *chooser, const QString &name)
{
    for (QAction *action : chooser->menu()->actions())
        if (action->objectName() == name)
            return action;
    return nullptr;
}

QAction *columnAction(ColumnChooser *chooser, const QString &id)
{
    return menuAction(chooser, QStringLiteral("column:") + id);
}

} // namespace

class TestColumnChooser : public ResultsPageFixture
{
    Q_OBJECT
private slots:
    void columnChooserHidesShowsAndPersists()
    {
        ColumnChooser *chooser = m_page->columnChooser();
        QTableView *view = m_page->view();
        QCOMPARE(m_page->columnsButton()->menu(), chooser->menu());
        const int stddev = model()->column(ResultsModel::Stddev);
        const int bm = model()->column(ResultsModel::Parameter, 0);
        QAction *stddevAction = columnAction(chooser, QStringLiteral("stddev"));
        QVERIFY(stddevAction && stddevAction->isChecked());
        QCOMPARE(stddevAction->text(), QStringLiteral("Stddev"));

        // Unchecking hides the column and remembers it.
        stddevAction->trigger();
        QVERIFY(view->isColumnHidden(stddev));
        columnAction(chooser, QStringLiteral("param:BM"))->trigger();
        QVERIFY(view->isColumnHidden(bm));
        QCOMPARE(QSettings().value("results/hiddenColumns").toStringList(),
                 QStringList({"param:BM", "stddev"}));

        // A new run (model reset) keeps them hidden; so does a spec without BM and then one
        // with it again.
        m_feed->reset(outline());
        QVERIFY(view->isColumnHidden(stddev));
        QVERIFY(view->isColumnHidden(bm));
        SpecOutline other = outline();
        other.parameterNames = {QStringLiteral("TILE")};
        m_feed->reset(other);
        QVERIFY(!view->isColumnHidden(model()->column(ResultsModel::Parameter, 0)));
        QVERIFY(!columnAction(chooser, QStringLiteral("param:BM")));
        m_feed->reset(outline());
        QVERIFY(view->isColumnHidden(bm));

        // The header's context menu is the same menu: click Stddev there to show it again.
        QHeaderView *header = view->horizontalHeader();
        QCOMPARE(header->contextMenuPolicy(), Qt::CustomContextMenu);
        emit header->customContextMenuRequested(QPoint(10, 5));
        QMenu *menu = chooser->menu();
        QVERIFY(QTest::qWaitForWindowExposed(menu));
        QAction *again = columnAction(chooser, QStringLiteral("stddev"));
        QVERIFY(!again->isChecked());
        QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(again).center());
        QVERIFY(!view->isColumnHidden(stddev));
        QCOMPARE(QSettings().value("results/hiddenColumns").toStringList(),
                 QStringList({"param:BM"}));

        // The next session's page starts with BM hidden.
        ResultsFeed feed;
        DeviceModelList deviceModels(feed.model());
        ResultsPage next(&feed, &deviceModels);
        feed.reset(outline());
        QVERIFY(next.view()->isColumnHidden(bm));
        QVERIFY(!next.view()->isColumnHidden(stddev));
        QVERIFY(next.columnChooser()->isColumnHidden(QStringLiteral("param:BM")));

        // Show All brings every column back.
        menuAction(chooser, QStringLiteral("showAllColumns"))->trigger();
        for (int column = 0; column < model()->columnCount(); ++column)
            QVERIFY(!view->isColumnHidden(column));
        QVERIFY(QSettings().value("results/hiddenColumns").toStringList().isEmpty());
    }

    void theLastVisibleColumnStays()
    {
        ColumnChooser *chooser = m_page->columnChooser();
        const QStringList ids = chooser->columnIds();
        for (const QString &id : ids)
            chooser->setColumnHidden(id, true);
        int visible = 0;
        for (int column = 0; column < model()->columnCount(); ++column)
            visible += m_page->view()->isColumnHidden(column) ? 0 : 1;
        QCOMPARE(visible, 1);
        QAction *last = columnAction(chooser, ids.last());
        QVERIFY(last->isChecked());
        QVERIFY(!last->isEnabled());
    }
};

QTEST_MAIN(TestColumnChooser)
#include "tst_columnchooser.moc"
