// The Importance view's small multiples: a ranking of the same panels updates them in place,
// another order rebuilds them, and a parameter of many values gets a few tick labels.
#include "plots/importancemultiplesplot.h"

#include <qcustomplot.h>

#include <QTest>

#include <algorithm>
#include <climits>

using namespace tb;

namespace {

ParameterImportance parameterOf(std::size_t parameter, int valueCount, double scale)
{
    ParameterImportance entry;
    entry.parameter = parameter;
    for (int v = 0; v < valueCount; ++v)
        entry.values.push_back({double(v + 1), scale * (v + 1), 1, 1, 0});
    entry.importance = 0.25 * double(parameter + 1);
    return entry;
}

const QStringList kNames = {QStringLiteral("BM"), QStringLiteral("BN")};

} // namespace

class TestImportanceMultiples : public QObject
{
    Q_OBJECT
private slots:
    void theSamePanelsAreUpdatedInPlace()
    {
        ImportanceMultiplesPlot plot;
        plot.setRanking(kNames, {parameterOf(1, 3, 1.0), parameterOf(0, 2, 1.0)});
        QCOMPARE(plot.panelCount(), 2);
        QCOMPARE(plot.panelTitle(0), QStringLiteral("BN: worst value costs 50.00%"));
        QCPLayoutElement *first = plot.plot()->plotLayout()->elementAt(0);
        QVERIFY(first);

        plot.setRanking(kNames, {parameterOf(1, 3, 2.0), parameterOf(0, 2, 2.0)});
        QCOMPARE(plot.plot()->plotLayout()->elementAt(0), first); // not rebuilt
        QCOMPARE(plot.panelBests(0), (QVector<double>{2.0, 4.0, 6.0}));
        QCOMPARE(plot.panelBests(1), (QVector<double>{2.0, 4.0}));
    }

    void anotherOrderIsRebuilt()
    {
        ImportanceMultiplesPlot plot;
        plot.setRanking(kNames, {parameterOf(1, 3, 1.0), parameterOf(0, 2, 1.0)});
        plot.setRanking(kNames, {parameterOf(0, 2, 1.0), parameterOf(1, 3, 1.0)});
        QCOMPARE(plot.panelCount(), 2);
        QVERIFY(plot.panelTitle(0).startsWith(QStringLiteral("BM: ")));
        QCOMPARE(plot.panelBests(0), (QVector<double>{1.0, 2.0}));
        QCOMPARE(plot.panelBests(1), (QVector<double>{1.0, 2.0, 3.0}));
        // A value more is another panel too.
        plot.setRanking(kNames, {parameterOf(0, 3, 1.0), parameterOf(1, 3, 1.0)});
        QCOMPARE(plot.panelBests(0).size(), 3);
        plot.setRanking(kNames, {});
        QCOMPARE(plot.panelCount(), 0);
    }

    void manyValuesGetAFewLabels()
    {
        ImportanceMultiplesPlot plot;
        plot.setRanking(kNames, {parameterOf(0, 2000, 1.0)});
        QCOMPARE(plot.panelBests(0).size(), 2000); // every value is drawn
        const auto ticker = plot.plot()->axisRects().first()->axis(QCPAxis::atBottom)->ticker();
        const auto text = ticker.dynamicCast<QCPAxisTickerText>();
        QVERIFY(text);
        QVERIFY2(text->ticks().size() <= 8, qPrintable(QString::number(text->ticks().size())));
        QCOMPARE(text->ticks().value(0), QStringLiteral("1")); // the first value is labelled
        // A handful of values: each its label.
        plot.setRanking(kNames, {parameterOf(1, 5, 1.0)});
        const auto few = plot.plot()->axisRects().first()->axis(QCPAxis::atBottom)->ticker();
        QCOMPARE(few.dynamicCast<QCPAxisTickerText>()->ticks().size(), 5);
    }
    // Issue 34, item 12: the panels were squeezed into a square grid (~60 px each). They wrap
    // into as many columns as fit kMinPanelWidth, the rest a scroll away.
    void panelsWrapToKeepTheirWidth()
    {
        ImportanceMultiplesPlot plot;
        plot.resize(3 * ImportanceMultiplesPlot::kMinPanelWidth + 40, 400);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        std::vector<ParameterImportance> ranked;
        for (std::size_t parameter = 0; parameter < 5; ++parameter)
            ranked.push_back(parameterOf(parameter, 3, 1.0));
        plot.setRanking({"A", "B", "C", "D", "E"}, ranked);
        const auto widths = [&plot] {
            plot.plot()->replot(QCustomPlot::rpImmediateRefresh);
            int narrowest = INT_MAX;
            for (int panel = 0; panel < plot.panelCount(); ++panel)
                narrowest = std::min(narrowest, plot.panelRect(panel).width());
            return narrowest;
        };
        QCOMPARE(plot.columnCount(), 3);
        QVERIFY(widths() >= ImportanceMultiplesPlot::kMinPanelWidth - 20);
        plot.resize(ImportanceMultiplesPlot::kMinPanelWidth + 60, 400);
        QTRY_COMPARE(plot.columnCount(), 1);
        QVERIFY(widths() >= 200);
        QCOMPARE(plot.plot()->minimumHeight(), 5 * ImportanceMultiplesPlot::kMinPanelHeight);
    }
};

QTEST_MAIN(TestImportanceMultiples)
#include "tst_importancemultiples.moc"
