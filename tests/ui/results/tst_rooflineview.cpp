// The Results page's Roofline view (issue 21, item 1): the points of a size and those above the
// DRAM roof, the roofs from the run's peaks, the note saying what is missing and how to add it,
// the size shared with the other plots, and drawing only while shown.
#include "model/spec.h"
#include "plots/parametereffectplot.h"
#include "plots/rooflineplot.h"
#include "results/columnchooser.h"
#include "results/devicemodelbar.h"
#include "results/rooflineview.h"
#include "resultsfixture.h"

#include <qcustomplot.h>

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QMenu>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

using namespace tb;
using namespace tbtest;

namespace {

// A device of 1,000 GFLOP/s and 100 GB/s: the ridge at 10 FLOP/byte.
Spec rooflineSpec(bool withPeaks)
{
    Spec spec;
    spec.name = "stencil";
    spec.parameters.resize(1);
    spec.parameters[0].name = "BM";
    spec.metrics = {{"GFLOP/s", "1", ""}, {"bandwidth (GB/s)", "1", ""}};
    spec.objective = {"GFLOP/s", false};
    if (withPeaks) {
        spec.peaks.flopsPerSecond = 1000e9;
        spec.peaks.flopsSource = kPeakFromSpec;
        spec.peaks.bytesPerSecond = 100e9;
        spec.peaks.bytesSource = kPeakFromSpec;
    }
    return spec;
}

ResultEvent rated(std::size_t size, int bm, double gflops, double gbps)
{
    ResultEvent event;
    event.sizeIndex = size;
    event.config.values = {double(bm)};
    event.configKey = "BM=" + std::to_string(bm);
    event.result.summary = {1e-3, 1e-3, 1e-3, 0, 3, 0.01};
    event.result.metrics = {{"GFLOP/s", gflops}, {"bandwidth (GB/s)", gbps}};
    event.objective = gflops;
    return event;
}

// Size 0: two under the roofs, two above the DRAM roof (150 and 120 GB/s on a 100 GB/s
// device); size 1: one; a failed result and one without metrics are no points.
QVector<ResultEvent> ratedEvents()
{
    ResultEvent failed = rated(0, 64, 10, 10);
    failed.result.status = ResultStatus::WrongResult;
    ResultEvent bare = rated(0, 128, 10, 10);
    bare.result.metrics.clear();
    return {rated(0, 8, 400, 40),
            rated(0, 16, 50, 100),
            rated(0, 32, 300, 150),
            rated(0, 4, 60, 120),
            rated(1, 8, 500, 10),
            failed,
            bare};
}

} // namespace

class TestRooflineView : public ResultsPageFixture
{
    Q_OBJECT

    RooflineView *view() const { return m_page->rooflineView(); }

    void showRoofline(const Spec &spec)
    {
        m_page->plotTabs()->setCurrentWidget(view());
        m_feed->reset(specOutline(spec));
        m_feed->setSizeLabel(0, QStringLiteral("N=256"));
        m_feed->setSizeLabel(1, QStringLiteral("N=2048"));
        m_feed->append(ratedEvents());
        view()->recompute();
    }

private slots:
    void isATabBesideImportance()
    {
        QCOMPARE(m_page->plotTabs()->tabText(2), QString("Roofline"));
        QCOMPARE(m_page->plotTabs()->widget(2), static_cast<QWidget *>(view()));
    }

    // The fixture's spec has a GB/s metric of its own making but no FLOP metric and no peaks.
    void saysWhatIsMissingAndHowToAddIt()
    {
        m_page->plotTabs()->setCurrentWidget(view());
        Spec spec = rooflineSpec(false);
        spec.metrics = {{"GB/s", "1", ""}};
        spec.objective = {};
        m_feed->reset(specOutline(spec));
        m_feed->append(ratedEvents());
        view()->recompute();
        const QString note = view()->note()->text();
        QVERIFY2(note.contains("no FLOP-rate metric: add one with unit GFLOP/s"), qPrintable(note));
        QVERIFY2(note.contains("\"peaks\": {\"gflops\": ...}"), qPrintable(note));
        QVERIFY2(note.contains("\"peaks\": {\"gbps\": ...}"), qPrintable(note));
        QVERIFY(!note.contains("byte-rate"));
        QCOMPARE(view()->plot()->pointCount(), 0);
        QCOMPARE(view()->plot()->roofVertexCount(), 0);
    }

    // Issue 34, item 13: a FLOP metric only (SGEMM) or a byte metric only (transpose) showed
    // no point; each result is now placed against the roof it has, and the note says which.
    void placesResultsAgainstTheOneRoofTheyHave()
    {
        Spec sgemm = rooflineSpec(true);
        sgemm.metrics = {{"GFLOP/s", "1", ""}};
        showRoofline(sgemm);
        QCOMPARE(view()->plot()->placement(), RoofPlacement::ComputeRoof);
        QCOMPARE(view()->plot()->pointCount(), 4); // every ok result of size 0
        QCOMPARE(view()->plot()->aboveRoofCount(), 0);
        QCOMPARE(view()->plot()->roofVertexCount(), 2); // the flat FP32 roof
        QString note = view()->note()->text();
        QVERIFY2(note.contains("No byte metric: each result is placed against the compute roof"),
                 qPrintable(note));
        QVERIFY(view()->plot()->plot()->yAxis->label().contains("GFLOP/s"));

        Spec transpose = rooflineSpec(true);
        transpose.metrics = {{"bandwidth (GB/s)", "1", ""}};
        transpose.objective = {"bandwidth (GB/s)", false};
        showRoofline(transpose);
        QCOMPARE(view()->plot()->placement(), RoofPlacement::BandwidthRoof);
        QCOMPARE(view()->plot()->pointCount(), 4);
        QCOMPARE(view()->plot()->aboveRoofCount(), 2); // 150 and 120 GB/s over 100
        note = view()->note()->text();
        QVERIFY2(note.contains("No FLOP metric: each result is placed against the bandwidth "
                               "roof"),
                 qPrintable(note));
        QVERIFY(view()->plot()->plot()->yAxis->label().contains("GB/s"));

        showRoofline(rooflineSpec(true)); // both again: intensity on a log x axis
        QCOMPARE(view()->plot()->placement(), RoofPlacement::Intensity);
        QCOMPARE(view()->plot()->plot()->xAxis->scaleType(), QCPAxis::stLogarithmic);
        QCOMPARE(view()->plot()->roofVertexCount(), 3);
    }

    // Issue 34, item 15: a run measured on two GPU models drew both models' points. Only the
    // model chosen over the table is drawn.
    void drawsOnlyTheChosenDeviceModel()
    {
        m_page->plotTabs()->setCurrentWidget(view());
        m_feed->reset(specOutline(rooflineSpec(true)));
        QVector<ResultEvent> events;
        for (const auto &[bm, device] : {std::pair{8, "GPU A"}, std::pair{16, "GPU A"},
                                         std::pair{32, "GPU A"}, std::pair{8, "GPU B"}}) {
            ResultEvent event = rated(0, bm, 100, 20);
            event.result.device = device;
            events.append(event);
        }
        m_feed->append(events);
        view()->recompute();
        QCOMPARE(view()->plot()->pointCount(), 3); // GPU A, the most measured
        emit m_page->deviceModelBar()->selector()->activated(1);
        view()->recompute();
        QCOMPARE(view()->plot()->pointCount(), 1);
    }

    void plotsTheSizesPointsUnderTheRoofs()
    {
        showRoofline(rooflineSpec(true));
        QCOMPARE(view()->sizeIndex(), std::size_t(0));
        QCOMPARE(view()->plot()->pointCount(), 4);
        QCOMPARE(view()->plot()->aboveRoofCount(), 2);
        QCOMPARE(view()->plot()->roofVertexCount(), 3);     // the slope, the ridge, the flat roof
        QCOMPARE(view()->points().front().intensity, 10.0); // 400 GFLOP/s over 40 GB/s
        const QString note = view()->note()->text();
        QVERIFY2(note.contains("2 results above the DRAM roof: likely L2-resident"),
                 qPrintable(note));
        QVERIFY2(note.contains("Roofs: 1 TFLOP/s FP32 (spec), 100 GB/s DRAM (spec)"),
                 qPrintable(note));
        QVERIFY(!note.contains("metric"));

        // Another size from the combo: its own points, and the other plots follow.
        QCOMPARE(view()->sizeCombo()->count(), 2);
        view()->sizeCombo()->setCurrentIndex(1);
        QCOMPARE(view()->sizeIndex(), std::size_t(1));
        QCOMPARE(view()->plot()->pointCount(), 1);
        QCOMPARE(view()->plot()->aboveRoofCount(), 0);
        QVERIFY(!view()->note()->text().contains("above the DRAM roof"));
        QCOMPARE(m_page->effectPlot()->sizeIndex(), std::size_t(1));
    }

    void pointsWithoutPeaksHaveNoRoofs()
    {
        showRoofline(rooflineSpec(false));
        QCOMPARE(view()->plot()->pointCount(), 4);
        QCOMPARE(view()->plot()->aboveRoofCount(), 0); // no roof to be above
        QCOMPARE(view()->plot()->roofVertexCount(), 0);
        QVERIFY(view()->note()->text().contains("No DRAM bandwidth for this run"));
    }

    // The table's "% of peak" column is the column chooser's like any other.
    void thePeakColumnIsInTheColumnChooser()
    {
        showRoofline(rooflineSpec(true));
        const int peak = model()->column(ResultsModel::PercentOfPeak);
        QVERIFY(peak > 0);
        QAction *action = nullptr;
        for (QAction *entry : m_page->columnChooser()->menu()->actions())
            if (entry->objectName() == QStringLiteral("column:pct_of_peak"))
                action = entry;
        QVERIFY(action && action->isChecked());
        QCOMPARE(action->text(), QStringLiteral("% of peak"));
        action->trigger();
        QVERIFY(m_page->view()->isColumnHidden(peak));
        action->trigger();
        QVERIFY(!m_page->view()->isColumnHidden(peak));
    }

    // Hidden, it draws nothing while results arrive; shown, it catches up.
    void drawsOnlyWhileShown()
    {
        showRoofline(rooflineSpec(true));
        m_page->plotTabs()->setCurrentIndex(0);
        QVERIFY(!view()->isVisible());
        m_feed->append({rated(0, 2, 100, 20)});
        QTest::qWait(RooflineView::kRecomputeMs + 100);
        QCOMPARE(view()->plot()->pointCount(), 4);
        m_page->plotTabs()->setCurrentWidget(view());
        QTRY_COMPARE(view()->plot()->pointCount(), 5);
    }
};

QTEST_MAIN(TestRooflineView)
#include "tst_rooflineview.moc"
