#include "plotevents.h"
#include "plots/resourceplot.h"

#include <qcustomplot.h>

#include <QLabel>
#include <QTest>

using namespace tb;
using namespace plottest;

namespace {

// A compiled GPU kernel's result with its ptxas figures; a failed launch keeps them.
ResultEvent gpuResult(double registers, double spillStores, double spillLoads,
                      ResultStatus status = ResultStatus::Ok)
{
    ResultEvent event = measured(1e-4);
    event.result.status = status;
    if (status != ResultStatus::Ok)
        event.result.summary.count = 0;
    event.result.resources = {{"registers", registers},
                              {"spill_stores", spillStores},
                              {"spill_loads", spillLoads},
                              {"stack_frame", 0}};
    return event;
}

// A CPU result: a time and no resource figures.
ResultEvent cpuResult()
{
    return measured(2e-3);
}

} // namespace

class TestResourcePlot : public QObject
{
    Q_OBJECT
private slots:
    // Two stacked axes in a Run page pane: tall and wide enough that the tick labels and
    // neighbouring register counts stay apart, with markers to see at a glance.
    void isLargeEnoughToRead()
    {
        ResourcePlot plot;
        QVERIFY(plot.minimumHeight() >= 320);
        QVERIFY(plot.minimumWidth() >= 320);
        QCOMPARE(plot.registersGraph()->scatterStyle().size(), double(ResourcePlot::kMarkerSize));
        QVERIFY(ResourcePlot::kMarkerSize >= 7);
        plot.resize(plot.minimumSize());
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.addResults({gpuResult(32, 0, 0), gpuResult(255, 400, 440)});
        plot.replotIfDirty();
        plot.plot()->replot();
        QVERIFY(plot.registersRect()->height() >= 100);
        QVERIFY(plot.spillsRect()->height() >= 100);
    }

    void plotsRegistersAndSpillsInEvaluationOrder()
    {
        ResourcePlot plot;
        plot.addResults({gpuResult(32, 0, 0), gpuResult(96, 16, 24)});
        // Nothing compiled: no figures.
        plot.addResults({failed(), gpuResult(255, 400, 440, ResultStatus::InvalidLaunch)});
        plot.replotIfDirty();
        QCOMPARE(plot.evaluationCount(), 4);
        QCOMPARE(plot.pointCount(), 3);
        QCOMPARE(keys(plot.registersGraph()), QVector<double>({1, 2}));
        QCOMPARE(values(plot.registersGraph()), QVector<double>({32, 96}));
        QCOMPARE(values(plot.spillsGraph()), QVector<double>({0, 40})); // stores + loads
        // A launch that failed keeps its compile figures, drawn apart (grey).
        QCOMPARE(keys(plot.registersGraph(true)), QVector<double>({4}));
        QCOMPARE(values(plot.registersGraph(true)), QVector<double>({255}));
        QCOMPARE(values(plot.spillsGraph(true)), QVector<double>({840}));
        QVERIFY(plot.registersGraph()->scatterStyle().brush().color() !=
                plot.registersGraph(true)->scatterStyle().brush().color());
        QCOMPARE(plot.maxRegisters(), 255.0);
        QCOMPARE(plot.maxSpillBytes(), 840.0);
        QVERIFY(plot.message().isEmpty());
        QVERIFY(plot.plot()->legend->visible()); // it explains the grey points
    }

    void axesShareTheEvaluationsAndFitTheFigures()
    {
        ResourcePlot plot;
        plot.addResults({gpuResult(40, 0, 0), gpuResult(64, 0, 0)});
        plot.replotIfDirty();
        QCPAxis *registers = plot.registersRect()->axis(QCPAxis::atLeft);
        QCPAxis *spills = plot.spillsRect()->axis(QCPAxis::atLeft);
        QCOMPARE(registers->range().upper, 64 * 1.15);
        QVERIFY(registers->range().lower < 0); // points at zero stay off the frame
        QCOMPARE(spills->range().upper, 16.0); // no spills: a small fixed scale, not [0, 0]
        QCOMPARE(plot.spillsRect()->axis(QCPAxis::atBottom)->range().upper, 10.0);
        QVERIFY(!plot.plot()->legend->visible()); // nothing failed: nothing to explain
        // Panning one evaluation axis moves the other.
        plot.spillsRect()->axis(QCPAxis::atBottom)->setRange(3, 7);
        QCOMPARE(plot.registersRect()->axis(QCPAxis::atBottom)->range(), QCPRange(3, 7));
    }

    void cpuBackendSaysItHasNoResourceUsage()
    {
        ResourcePlot plot;
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        QVERIFY(plot.message().isEmpty());
        plot.addResults({cpuResult(), cpuResult()});
        plot.replotIfDirty();
        QCOMPARE(plot.pointCount(), 0);
        QCOMPARE(plot.message(),
                 QStringLiteral("No resource usage recorded (a CPU backend, or an imported run)"));
        auto *label = plot.findChild<QLabel *>(QStringLiteral("resourceMessage"));
        QVERIFY(label && label->isVisible());
        QVERIFY(!plot.plot()->isVisible());
        plot.clear();
        plot.addResults({gpuResult(32, 0, 0)});
        plot.replotIfDirty();
        QVERIFY(plot.message().isEmpty());
        QVERIFY(plot.plot()->isVisible());
    }

    void onlyFailuresSoFarIsNotCalledACpuRun()
    {
        ResourcePlot plot;
        plot.addResults({failed()});
        plot.replotIfDirty();
        QVERIFY(!plot.message().isEmpty());
        QVERIFY(!plot.message().contains(QStringLiteral("CPU")));
    }

    void clearEmptiesEveryGraph()
    {
        ResourcePlot plot;
        plot.addResults({gpuResult(32, 8, 8), gpuResult(255, 0, 0, ResultStatus::RuntimeError)});
        plot.clear();
        QCOMPARE(plot.pointCount(), 0);
        QCOMPARE(plot.evaluationCount(), 0);
        for (const bool failed : {false, true}) {
            QCOMPARE(plot.registersGraph(failed)->dataCount(), 0);
            QCOMPARE(plot.spillsGraph(failed)->dataCount(), 0);
        }
        plot.addResults({gpuResult(48, 0, 0)});
        QCOMPARE(keys(plot.registersGraph()), QVector<double>({1})); // counting starts again
    }
};

QTEST_MAIN(TestResourcePlot)
#include "tst_resourceplot.moc"
