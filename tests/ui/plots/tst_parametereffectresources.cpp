// The parameter-effect plot's resource axes: registers, spills, shared memory and occupancy
// offered as x and colour where results carry them (CUDA), a numeric x for them, none for a
// CPU run.
#include "axischecks.h"
#include "resourceevents.h"

#include <QComboBox>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>

using namespace tb;
using namespace plottest;

namespace {

QStringList comboTexts(const QComboBox *combo)
{
    QStringList texts;
    for (int i = 0; i < combo->count(); ++i)
        texts.append(combo->itemText(i));
    return texts;
}

QString name(ParameterEffectData::Resource resource)
{
    return ParameterEffectPlot::resourceName(resource);
}

// Every drawn point's x, ascending.
QVector<double> allKeys(const ParameterEffectPlot &plot)
{
    QVector<double> xs;
    for (const QCPGraph *graph : groups(plot))
        xs += keys(graph);
    std::sort(xs.begin(), xs.end());
    return xs;
}

} // namespace

class TestParameterEffectResources : public QObject
{
    Q_OBJECT
private slots:
    void cpuResultsOfferNoResources()
    {
        ParameterEffectPlot plot;
        plot.setParameters({QStringLiteral("BLOCK"), QStringLiteral("UNROLL")});
        plot.addResults(cpuEffectResults());
        plot.replotIfDirty();
        QVERIFY(plot.offeredResources().isEmpty());
        QCOMPARE(comboTexts(plot.xCombo()), QStringList({"BLOCK", "UNROLL"}));
        QCOMPARE(comboTexts(plot.colorCombo()), QStringList({"(none)", "BLOCK", "UNROLL"}));
        plot.setXParameter(name(ParameterEffectData::Registers)); // not offered: ignored
        QCOMPARE(plot.xParameter(), QStringLiteral("BLOCK"));
    }

    void cudaResultsOfferEveryResourceAsXAndColour()
    {
        ParameterEffectPlot plot;
        plot.setParameters({QStringLiteral("BLOCK"), QStringLiteral("UNROLL")});
        QVERIFY(plot.offeredResources().isEmpty()); // nothing measured yet
        plot.addResults(gpuEffectResults());
        const QStringList resources = {"registers", "spills (bytes)", "shared memory (bytes)",
                                       "occupancy (%)"};
        QCOMPARE(plot.offeredResources(), resources);
        QCOMPARE(comboTexts(plot.xCombo()), QStringList({"BLOCK", "UNROLL"}) + resources);
        QCOMPARE(comboTexts(plot.colorCombo()),
                 QStringList({"(none)", "BLOCK", "UNROLL"}) + resources);
        // The lists grew under the selection: it stays.
        QCOMPARE(plot.xCombo()->currentText(), QStringLiteral("BLOCK"));
        QCOMPARE(plot.colorCombo()->currentText(), QStringLiteral("UNROLL"));
    }

    void registersOnXPlacePointsAtTheirCounts()
    {
        ParameterEffectPlot plot;
        plot.resize(600, 400);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.setParameters({QStringLiteral("BLOCK"), QStringLiteral("UNROLL")});
        plot.addResults(gpuEffectResults());
        QSignalSpy changed(&plot, &ParameterEffectPlot::viewChanged);
        // Picked in the combo box, as a user would.
        plot.xCombo()->setCurrentIndex(plot.xCombo()->findText(QStringLiteral("registers")));
        plot.replotIfDirty();
        QCOMPARE(changed.count(), 1);
        QCOMPARE(plot.xParameter(), QStringLiteral("registers"));
        QCOMPARE(plot.plot()->xAxis->label(), QStringLiteral("registers"));
        QCOMPARE(allKeys(plot), QVector<double>({40, 96, 168, 255})); // unjittered
        QVERIFY(plot.xTickLabels().isEmpty()); // a numeric axis, not one column per value
        const QCPRange range = plot.plot()->xAxis->range();
        QVERIFY(range.lower < 40 && range.upper > 255);
        // The ring sits on the best (BLOCK=128, 168 registers).
        QCOMPARE(plot.data().objective(plot.bestRow()), 1e-4);
        const QCPGraph *ring = plot.plot()->graph(plot.plot()->graphCount() - 1);
        QCOMPARE(keys(ring), QVector<double>({168}));
        // A click on a point still names its result.
        plot.plot()->replot();
        const double x = plot.plot()->xAxis->coordToPixel(96);
        const double y = plot.plot()->yAxis->coordToPixel(2e-4);
        QCOMPARE(plot.data().configKey(plot.rowAt(QPointF(x, y))),
                 std::string_view("BLOCK=64,UNROLL=1"));
    }

    void resourcesReadAsTheTableReadsThem()
    {
        ParameterEffectPlot plot;
        plot.setParameters({QStringLiteral("BLOCK"), QStringLiteral("UNROLL")});
        plot.addResults(gpuEffectResults());
        plot.setXParameter(name(ParameterEffectData::Spills)); // stores + loads
        plot.replotIfDirty();
        QCOMPARE(allKeys(plot), QVector<double>({0, 0, 0, 40}));
        plot.setXParameter(name(ParameterEffectData::SharedMemory)); // static + dynamic
        plot.replotIfDirty();
        QCOMPARE(allKeys(plot), QVector<double>({2048, 4096, 8192, 16384}));
        plot.setXParameter(name(ParameterEffectData::Occupancy)); // in per cent
        plot.replotIfDirty();
        QCOMPARE(allKeys(plot), QVector<double>({12.5, 37.5, 62.5, 100}));
    }

    // New register counts arriving on a numeric x are appended where they belong.
    void newFiguresJoinANumericAxis()
    {
        ParameterEffectPlot plot;
        plot.setParameters({QStringLiteral("BLOCK"), QStringLiteral("UNROLL")});
        plot.setColorParameter(QString());
        const QVector<ResultEvent> all = gpuEffectResults();
        plot.addResults(all.mid(0, 2));
        plot.setXParameter(name(ParameterEffectData::Registers));
        plot.replotIfDirty();
        QCOMPARE(allKeys(plot), QVector<double>({40, 96}));
        plot.addResults(all.mid(2));
        plot.replotIfDirty();
        QCOMPARE(allKeys(plot), QVector<double>({40, 96, 168, 255}));
        QCOMPARE(keys(plot.plot()->graph(plot.plot()->graphCount() - 1)), QVector<double>({168}));
        QVERIFY(plot.plot()->xAxis->range().upper > 255);
    }

    void colourByAResource()
    {
        ParameterEffectPlot plot;
        plot.setParameters({QStringLiteral("BLOCK"), QStringLiteral("UNROLL")});
        plot.addResults(gpuEffectResults());
        plot.setColorParameter(name(ParameterEffectData::Spills));
        plot.replotIfDirty();
        QCOMPARE(plot.colorParameter(), QStringLiteral("spills (bytes)"));
        QCOMPARE(plot.colorValueLabels(), QStringList({"0", "40"}));
        QCOMPARE(groupNamed(plot, QStringLiteral("spills (bytes) = 40"))->dataCount(), 1);
        QCOMPARE(plot.xTickLabels(), QStringList({"32", "64", "128", "256"})); // x: BLOCK
        QCOMPARE(totalPoints(plot), 4);
    }

    void aNewRunWithoutResourcesDropsTheChoice()
    {
        ParameterEffectPlot plot;
        plot.setParameters({QStringLiteral("BLOCK"), QStringLiteral("UNROLL")});
        plot.addResults(gpuEffectResults());
        plot.setXParameter(name(ParameterEffectData::Registers));
        plot.setColorParameter(name(ParameterEffectData::Occupancy));
        plot.clear();
        QCOMPARE(plot.xParameter(), QStringLiteral("BLOCK"));
        QVERIFY(plot.colorParameter().isEmpty());
        plot.addResults(cpuEffectResults());
        plot.replotIfDirty();
        QVERIFY(plot.offeredResources().isEmpty());
        QCOMPARE(plot.xTickLabels(), QStringList({"32", "64", "128", "256"}));
        QCOMPARE(plot.pointCount(), 4);
    }
};

QTEST_MAIN(TestParameterEffectResources)
#include "tst_parametereffectresources.moc"
