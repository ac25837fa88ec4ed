#include "axischecks.h"
#include "plotevents.h"
#include "plots/parametereffectplot.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QSignalSpy>
#include <QTest>

#include <cmath>

using namespace tb;
using namespace plottest;

namespace {

// A measured configuration (BLOCK, UNROLL) of one size; the objective is its median time.
ResultEvent result(double block, double unroll, double objective, std::size_t sizeIndex = 0)
{
    ResultEvent event = plottest::measured(objective, sizeIndex);
    event.config.values = {block, unroll};
    event.configKey =
        "BLOCK=" + std::to_string(int(block)) + ",UNROLL=" + std::to_string(int(unroll));
    event.objective = objective;
    return event;
}

// The scatter graphs, one per colour value (the best ring is the other graph).
QList<QCPGraph *> groups(const ParameterEffectPlot &plot)
{
    QList<QCPGraph *> result;
    for (int i = 0; i < plot.plot()->graphCount(); ++i)
        if (plot.plot()->graph(i)->scatterStyle().shape() == QCPScatterStyle::ssDisc)
            result.append(plot.plot()->graph(i));
    return result;
}

int totalPoints(const ParameterEffectPlot &plot)
{
    int total = 0;
    for (const QCPGraph *graph : groups(plot))
        total += graph->dataCount();
    return total;
}

QCPGraph *groupNamed(const ParameterEffectPlot &plot, const QString &name)
{
    for (QCPGraph *graph : groups(plot))
        if (graph->name() == name)
            return graph;
    return nullptr;
}

QVector<ResultEvent> grid(std::size_t sizeIndex, double scale)
{
    QVector<ResultEvent> events;
    for (const double block : {256.0, 32.0, 128.0, 64.0})
        for (const double unroll : {4.0, 1.0, 2.0})
            events.append(
                result(block, unroll, scale * (1 + std::abs(block - 64) / 64 + unroll), sizeIndex));
    return events;
}

} // namespace

class TestParameterEffectPlot : public QObject
{
    Q_OBJECT
private slots:
    void columnsInAscendingOrderWithJitter()
    {
        ParameterEffectPlot plot;
        plot.setParameters({QStringLiteral("BLOCK"), QStringLiteral("UNROLL")});
        plot.addResults(grid(0, 1e-4));
        plot.replotIfDirty();
        QCOMPARE(plot.xParameter(), QStringLiteral("BLOCK"));
        QCOMPARE(plot.xTickLabels(), QStringList({"32", "64", "128", "256"}));
        QCOMPARE(plot.plot()->xAxis->label(), QStringLiteral("BLOCK"));
        QCOMPARE(plot.pointCount(), 12);
        QCOMPARE(totalPoints(plot), 12);
        // Every BLOCK=128 point sits near column 2, and no two share an exact x.
        QSet<double> xs;
        for (const QCPGraph *graph : groups(plot)) {
            for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
                QVERIFY(std::abs(it->key - std::round(it->key)) <= 0.2);
                xs.insert(it->key);
            }
        }
        QCOMPARE(xs.size(), 12);
        QCOMPARE(plot.plot()->xAxis->range(), QCPRange(-0.5, 3.5));
    }

    void coloursEachValueWithALegendEntry()
    {
        ParameterEffectPlot plot;
        plot.setParameters({QStringLiteral("BLOCK"), QStringLiteral("UNROLL")});
        QCOMPARE(plot.colorParameter(), QStringLiteral("UNROLL")); // the second, by default
        plot.addResults(grid(0, 1e-4));
        plot.replotIfDirty();
        QCOMPARE(plot.colorValueLabels(), QStringList({"1", "2", "4"}));
        QVERIFY(!plot.usesColorScale());
        QSet<QRgb> colours;
        for (const QString &value : plot.colorValueLabels()) {
            QCPGraph *graph = groupNamed(plot, QStringLiteral("UNROLL = ") + value);
            QVERIFY(graph);
            QCOMPARE(graph->dataCount(), 4);
            QCOMPARE(graph->scatterStyle().brush().color().rgb(), plot.colorFor(value).rgb());
            colours.insert(plot.colorFor(value).rgb());
        }
        QCOMPARE(colours.size(), 3);
        QVERIFY(plot.plot()->legend->visible());
        QCOMPARE(plot.plot()->legend->itemCount(), 3);
        QVERIFY(!plot.colorScale()->visible());

        plot.setColorParameter(QString());
        QCOMPARE(groups(plot).size(), 1);
        QVERIFY(plot.colorValueLabels().isEmpty());
        QVERIFY(!plot.plot()->legend->visible());
        QCOMPARE(totalPoints(plot), 12);
    }

    void manyColourValuesUseAGradient()
    {
        ParameterEffectPlot plot;
        plot.setParameters({QStringLiteral("BLOCK"), QStringLiteral("UNROLL")});
        QVector<ResultEvent> events;
        for (int unroll = 1; unroll <= 16; ++unroll)
            events.append(result(64, unroll, 1e-4 * unroll));
        plot.addResults(events);
        plot.replotIfDirty();
        QVERIFY(plot.usesColorScale());
        QVERIFY(plot.colorScale()->visible());
        QVERIFY(!plot.plot()->legend->visible());
        QCOMPARE(plot.colorValueLabels().size(), 16);
        QCOMPARE(plot.colorScale()->axis()->label(), QStringLiteral("UNROLL"));
        QVERIFY(plot.colorFor(QStringLiteral("1")) != plot.colorFor(QStringLiteral("16")));
        QCOMPARE(plot.colorScale()->dataRange(), QCPRange(0, 15));
    }

    void comboBoxesDriveTheView()
    {
        ParameterEffectPlot plot;
        plot.setParameters({QStringLiteral("BLOCK"), QStringLiteral("UNROLL")});
        plot.setSizeLabel(0, QStringLiteral("N=1024"));
        plot.setSizeLabel(1, QStringLiteral("N=8192"));
        plot.addResults(grid(0, 1e-4));
        plot.addResults({result(32, 1, 5e-3, 1), result(64, 1, 4e-3, 1)});
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        for (QComboBox *combo : {plot.xCombo(), plot.colorCombo(), plot.sizeCombo()})
            QVERIFY(!combo->toolTip().isEmpty());
        QSignalSpy changed(&plot, &ParameterEffectPlot::viewChanged);

        plot.xCombo()->setFocus();
        QTest::keyClick(plot.xCombo(), Qt::Key_Down);
        QCOMPARE(plot.xParameter(), QStringLiteral("UNROLL"));
        QCOMPARE(plot.xTickLabels(), QStringList({"1", "2", "4"}));
        QCOMPARE(changed.count(), 1);

        QTest::keyClick(plot.colorCombo(), Qt::Key_Home); // "(none)"
        QVERIFY(plot.colorParameter().isEmpty());
        QCOMPARE(groups(plot).size(), 1);
        QTest::keyClick(plot.colorCombo(), Qt::Key_Down); // BLOCK
        QCOMPARE(plot.colorParameter(), QStringLiteral("BLOCK"));
        QCOMPARE(plot.colorValueLabels(), QStringList({"32", "64", "128", "256"}));

        QCOMPARE(plot.sizeCombo()->count(), 2);
        QCOMPARE(plot.sizeCombo()->currentText(), QStringLiteral("N=1024"));
        QTest::keyClick(plot.sizeCombo(), Qt::Key_Down);
        QCOMPARE(plot.sizeIndex(), std::size_t(1));
        QCOMPARE(plot.pointCount(), 2);
        QCOMPARE(totalPoints(plot), 2);
        QCOMPARE(changed.count(), 4);

        plot.setXParameter(QStringLiteral("BLOCK")); // from code: the combo follows
        QCOMPARE(plot.xCombo()->currentText(), QStringLiteral("BLOCK"));
        QCOMPARE(plot.xTickLabels(), QStringList({"32", "64", "128", "256"}));
    }

    void marksTheBestAndFitsTheObjective()
    {
        ParameterEffectPlot plot;
        plot.setParameters({QStringLiteral("BLOCK"), QStringLiteral("UNROLL")});
        plot.addResults({result(32, 1, 3e-4), result(64, 2, 1e-4), result(128, 4, 9e-4)});
        plot.replotIfDirty();
        QCOMPARE(plot.plot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
        QCOMPARE(plot.data().objective(plot.bestRow()), 1e-4);
        QCOMPARE(plot.plot()->yAxis->range().lower, 1e-4 / 1.3);
        QCOMPARE(plot.plot()->yAxis->range().upper, 9e-4 * 1.3);

        plot.setObjective(QStringLiteral("GB/s"), false); // higher is better
        QCOMPARE(plot.plot()->yAxis->scaleType(), QCPAxis::stLinear);
        QVERIFY(plot.plot()->yAxis->label().contains(QStringLiteral("higher is better")));
        QCOMPARE(plot.data().objective(plot.bestRow()), 9e-4);
    }

    void timeObjectiveReadsInDurations()
    {
        ParameterEffectPlot plot;
        plot.resize(500, 320);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.setParameters({QStringLiteral("BLOCK"), QStringLiteral("UNROLL")});
        plot.addResults({result(32, 1, 0.7e-3), result(64, 2, 1.1e-3), result(128, 4, 2.2e-3),
                         result(256, 1, 1.9e-3)});
        plot.replotIfDirty();
        const QString problem = timeAxisProblem(plot.plot()->yAxis);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        // A derived metric keeps plain numbers.
        plot.setObjective(QStringLiteral("GB/s"), false);
        for (const QString &label : tickLabels(plot.plot()->yAxis))
            QVERIFY2(!isDuration(label), qPrintable(label));
    }

    void clickingAPointNamesItsResult()
    {
        ParameterEffectPlot plot;
        plot.resize(600, 400);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.setParameters({QStringLiteral("BLOCK"), QStringLiteral("UNROLL")});
        plot.addResults(grid(0, 1e-4));
        plot.addResults(grid(1, 1e-3));
        plot.replotIfDirty();
        plot.plot()->replot();
        QSignalSpy clicked(&plot, &ParameterEffectPlot::resultClicked);
        // Each point of the shown size, clicked where it is drawn, names its own result.
        int tried = 0;
        for (int row = 0; row < plot.data().count(); ++row) {
            if (plot.data().sizeIndex(row) != 0)
                continue;
            const double x =
                plot.data().category(0, plot.data().value(row, 0)) + plot.data().jitter(row);
            const QPoint at(
                int(std::lround(plot.plot()->xAxis->coordToPixel(x))),
                int(std::lround(plot.plot()->yAxis->coordToPixel(plot.data().objective(row)))));
            QTest::mouseClick(plot.plot(), Qt::LeftButton, {}, at);
            QCOMPARE(clicked.count(), 1);
            QCOMPARE(clicked.first().at(0).toString(),
                     QString::fromStdString(std::string(plot.data().configKey(row))));
            QCOMPARE(clicked.first().at(1).value<std::size_t>(), std::size_t(0));
            clicked.clear();
            ++tried;
        }
        QCOMPARE(tried, 12);
        // Far from every point: nothing. A drag (a pan) is no click either.
        const QRect rect = plot.plot()->axisRect()->rect();
        QTest::mouseClick(plot.plot(), Qt::LeftButton, {}, rect.topLeft() + QPoint(3, 3));
        QCOMPARE(clicked.count(), 0);
        const int row = plot.bestRow();
        const QPoint best(
            int(plot.plot()->xAxis->coordToPixel(
                plot.data().category(0, plot.data().value(row, 0)) + plot.data().jitter(row))),
            int(plot.plot()->yAxis->coordToPixel(plot.data().objective(row))));
        QTest::mousePress(plot.plot(), Qt::LeftButton, {}, best + QPoint(0, 40));
        QTest::mouseMove(plot.plot(), best);
        QTest::mouseRelease(plot.plot(), Qt::LeftButton, {}, best);
        QCOMPARE(clicked.count(), 0);
    }

    void namesArriveAfterTheResults()
    {
        ParameterEffectPlot plot;
        plot.addResults(grid(0, 1e-4));
        plot.replotIfDirty();
        QCOMPARE(plot.xCombo()->count(), 2); // placeholders until the spec's names come
        QCOMPARE(plot.xTickLabels(), QStringList({"32", "64", "128", "256"}));
        plot.setColorParameter(QString());
        plot.setParameters({QStringLiteral("BLOCK"), QStringLiteral("UNROLL")});
        QCOMPARE(plot.xParameter(), QStringLiteral("BLOCK"));
        QVERIFY(plot.colorParameter().isEmpty()); // the choice made meanwhile stays
        QCOMPARE(plot.xCombo()->itemText(1), QStringLiteral("UNROLL"));
    }

    void skipsWhatHasNoObjectiveAndReordersNewValues()
    {
        ParameterEffectPlot plot;
        plot.setParameters({QStringLiteral("BLOCK"), QStringLiteral("UNROLL")});
        ResultEvent failed = result(16, 1, 1e-4);
        failed.result.status = ResultStatus::WrongResult;
        ResultEvent noMetric = result(16, 1, std::nan(""));
        plot.addResults({result(64, 1, 2e-4), failed, noMetric});
        plot.replotIfDirty();
        QCOMPARE(plot.pointCount(), 1);
        QCOMPARE(plot.xTickLabels(), QStringList({"64"}));
        // A smaller value arriving later takes the first column; the old point moves over.
        plot.addResults({result(32, 1, 3e-4)});
        plot.replotIfDirty();
        QCOMPARE(plot.xTickLabels(), QStringList({"32", "64"}));
        const QCPGraph *graph = groups(plot).first();
        QCOMPARE(graph->dataCount(), 2);
        QCOMPARE(std::round(graph->data()->at(0)->key), 0.0);
        QCOMPARE(graph->data()->at(0)->value, 3e-4);
        QCOMPARE(std::round(graph->data()->at(1)->key), 1.0);
        plot.clear();
        QCOMPARE(plot.pointCount(), 0);
        QCOMPARE(totalPoints(plot), 0);
        QCOMPARE(plot.sizeCombo()->count(), 0);
    }
};

QTEST_MAIN(TestParameterEffectPlot)
#include "tst_parametereffectplot.moc"
