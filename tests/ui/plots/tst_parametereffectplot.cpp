// The parameter-effect plot's content: columns, colours, the best point, the objective's axis,
// what it skips. Its controls and clicks: tst_parametereffectinput.cpp.
#include "axischecks.h"
#include "parametereffectevents.h"

#include <QComboBox>
#include <QTest>

#include <cmath>

using namespace tb;
using namespace plottest;

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
