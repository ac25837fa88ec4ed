// The Importance view's layout in the main window (issue 34, item 12): at 1280x800 its small
// plots were ~60 px wide. Each is now at least 200 px wide, in a scroll area where they do not
// all fit, and the view's splitters come back as they were left.
#include "mainwindow.h"
#include "plots/importancemultiplesplot.h"
#include "results/importanceview.h"
#include "results/resultspage.h"

#include <qcustomplot.h>

#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>

using namespace tb;

namespace {

// `count` parameters of eight values each, the first the most important.
std::vector<ParameterImportance> ranking(int count)
{
    std::vector<ParameterImportance> ranked;
    for (int parameter = 0; parameter < count; ++parameter) {
        ParameterImportance entry;
        entry.parameter = std::size_t(parameter);
        for (int i = 0; i < 8; ++i)
            entry.values.push_back({double(1 << i), 1e-3 * (1 + parameter + i), 1, 1, 0});
        entry.importance = 0.1 * (count - parameter);
        entry.bestValue = 0;
        entry.worstValue = 7;
        ranked.push_back(entry);
    }
    return ranked;
}

QStringList names(int count)
{
    QStringList names;
    for (int i = 0; i < count; ++i)
        names << QStringLiteral("P%1").arg(i);
    return names;
}

ImportanceView *showImportance(MainWindow &window)
{
    window.pages()->setCurrentWidget(window.resultsPage());
    ResultsPage *page = window.resultsPage();
    page->plotTabs()->setCurrentWidget(page->importanceView());
    return page->importanceView();
}

} // namespace

class TestImportanceLayout : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void cleanupTestCase() { QSettings().clear(); }

    void eachSmallPlotIsReadableAt1280x800()
    {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ImportanceMultiplesPlot *multiples = showImportance(window)->multiples();
        multiples->setRanking(names(9), ranking(9));
        QCoreApplication::processEvents();
        multiples->plot()->replot(QCustomPlot::rpImmediateRefresh);
        QCOMPARE(multiples->panelCount(), 9);
        for (int panel = 0; panel < 9; ++panel)
            QVERIFY2(multiples->panelRect(panel).width() >= 200 &&
                         multiples->panelRect(panel).height() >= 150,
                     qPrintable(QStringLiteral("panel %1: %2 x %3 px")
                                    .arg(panel)
                                    .arg(multiples->panelRect(panel).width())
                                    .arg(multiples->panelRect(panel).height())));
        QVERIFY(multiples->columnCount() >= 2); // the plots get most of the width
        // Nine panels do not fit the tab's height: the rest are a scroll away.
        QVERIFY(multiples->scrollArea()->verticalScrollBar()->maximum() > 0);
    }

    void theLayoutIsRemembered()
    {
        QList<int> panes;
        QList<int> left;
        {
            MainWindow window;
            window.resize(1280, 800);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            showImportance(window);
            auto *outer = window.findChild<QSplitter *>(QStringLiteral("importanceSplitter"));
            auto *inner = window.findChild<QSplitter *>(QStringLiteral("importanceTableSplitter"));
            QVERIFY(outer && inner);
            const int width = outer->sizes().at(0) + outer->sizes().at(1);
            outer->setSizes({width / 3, width - width / 3});
            panes = outer->sizes();
            const int height = inner->sizes().at(0) + inner->sizes().at(1);
            inner->setSizes({height / 4, height - height / 4});
            left = inner->sizes();
            QVERIFY(window.close());
        }
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        showImportance(window);
        QCOMPARE(window.findChild<QSplitter *>(QStringLiteral("importanceSplitter"))->sizes(),
                 panes);
        QCOMPARE(window.findChild<QSplitter *>(QStringLiteral("importanceTableSplitter"))->sizes(),
                 left);
    }
};

QTEST_MAIN(TestImportanceLayout)
#include "tst_importancelayout.moc"
