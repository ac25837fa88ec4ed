// The winner line over the results table (WinnerSummary): per size, decided or a tie, the SM
// clock step named when the two were timed at different clocks; it follows rows that process
// rounds replace and disappears when the feed is cleared.
#include "models/devicemodellist.h"
#include "models/resultsfeed.h"
#include "results/winnersummary.h"
#include "session/specoutline.h"

#include <QTest>

#include <cmath>

using namespace tb;

namespace {

SpecOutline timeOutline()
{
    SpecOutline outline;
    outline.name = QStringLiteral("gemm");
    outline.parameterNames = {QStringLiteral("BM")};
    outline.cuda = true;
    return outline;
}

Result timed(double median, double halfWidth, double clockMhz)
{
    Result result;
    result.summary = {median, median, median, 0, 30, halfWidth};
    result.samples.assign(30, median);
    result.resources["sm_clock_effective_mhz"] = clockMhz;
    return result;
}

ResultEvent resultOf(std::size_t size, int bm, double median, double clockMhz = 1980.0)
{
    ResultEvent event;
    event.sizeIndex = size;
    event.config.values = {double(bm)};
    event.configKey = "BM=" + std::to_string(bm);
    event.result = timed(median, 0.001, clockMhz);
    event.objective = median;
    return event;
}

} // namespace

class TestWinnerSummary : public QObject
{
    Q_OBJECT

private slots:
    void saysPerSizeWhetherTheWinnerIsDecided()
    {
        ResultsFeed feed;
        feed.reset(timeOutline());
        feed.setSizeLabel(0, QStringLiteral("N=1024"));
        feed.setSizeLabel(1, QStringLiteral("N=4096"));
        QWidget page;
        DeviceModelList models(feed.model());
        WinnerSummary summary(&feed, &models, &page);
        QVERIFY(summary.isHidden()); // nothing to rank yet

        // Size 0: 25% ahead (the runner-up takes 1.25 times as long). Size 1: 0.4% ahead but timed
        // one clock step (1995 vs 1980) apart.
        feed.append({resultOf(0, 32, 1.25e-3), resultOf(0, 64, 1.0e-3),
                     resultOf(1, 32, 5.02e-3, 1980.1), resultOf(1, 64, 5.0e-3, 1994.6),
                     resultOf(1, 128, 6e-3)});
        QVERIFY(!summary.isHidden());
        QVERIFY2(summary.text().contains(
                     QStringLiteral("N=1024: BM=64 best by 25.00% (uncertain by 0.20%)")),
                 qPrintable(summary.text()));
        QVERIFY2(summary.text().contains(QStringLiteral(
                     "N=4096: tie: BM=64 and BM=32, 0.40% apart (uncertain by 0.93%, 0.73% of "
                     "it an SM clock step)")),
                 qPrintable(summary.text()));

        // A process round measures BM=32 of size 1 again: 10% slower, now decided.
        RoundEvent round;
        round.sizeIndex = 1;
        round.configKey = "BM=32";
        round.config.values = {32};
        round.combined = timed(5.5e-3, 0.002, 1994.0);
        round.objective = 5.5e-3;
        round.medians = {5.02e-3, 5.5e-3, 5.5e-3};
        feed.replace(round);
        QVERIFY2(summary.text().contains(QStringLiteral("N=4096: BM=64 best by 10.00%")),
                 qPrintable(summary.text()));

        feed.reset(timeOutline());
        QVERIFY(summary.isHidden());
    }

    // Batch by batch, as a live run appends them: the same line as one batch of them all.
    void batchesGiveTheLineOfAllTheirRows()
    {
        ResultsFeed feed;
        feed.reset(timeOutline());
        feed.setSizeLabel(0, QStringLiteral("N=1024"));
        QWidget page;
        DeviceModelList models(feed.model());
        WinnerSummary summary(&feed, &models, &page);
        feed.append({resultOf(0, 32, 2.0e-3)});
        QVERIFY(summary.isHidden()); // one result: nothing to rank against
        feed.append({resultOf(0, 64, 1.5e-3), resultOf(0, 128, 3.0e-3)});
        QVERIFY2(summary.text().contains(QStringLiteral("N=1024: BM=64 best by 33.33%")),
                 qPrintable(summary.text()));
        feed.append({resultOf(0, 16, 1.0e-3)}); // a new best: the old one is the runner-up
        const QString live = summary.text();
        QVERIFY2(live.contains(QStringLiteral("N=1024: BM=16 best by 50.00%")), qPrintable(live));
        summary.refresh(); // every row counted again
        QCOMPARE(summary.text(), live);
    }

    // A maximised metric (GB/s): the higher value wins and leads by its ratio, the same figure
    // as its times give (1.25 ms against 1 ms).
    void followsTheObjectivesDirection()
    {
        ResultsFeed feed;
        SpecOutline outline = timeOutline();
        outline.objectiveMetric = QStringLiteral("GB/s");
        outline.minimize = false;
        feed.reset(outline);
        QWidget page;
        DeviceModelList models(feed.model());
        WinnerSummary summary(&feed, &models, &page);
        ResultEvent slow = resultOf(0, 32, 1.25e-3);
        slow.objective = 800;
        ResultEvent fast = resultOf(0, 64, 1.0e-3);
        fast.objective = 1000;
        feed.append({slow, fast});
        QVERIFY2(summary.text().contains(QStringLiteral(": BM=64 best by 25.00%")),
                 qPrintable(summary.text()));
    }

    // The best's figures follow, the objective first and the time second, with its share of
    // the device's peak where the run has one; a time objective gives the time alone.
    void givesTheBestsObjectiveTimeAndShareOfPeak()
    {
        ResultsFeed feed;
        SpecOutline outline = timeOutline();
        outline.metricNames = {QStringLiteral("GB/s")};
        outline.metricRates = {rateOfUnit("GB/s")};
        outline.peakMetric = 0;
        outline.peaks.bytesPerSecond = 2e12;
        outline.objectiveMetric = QStringLiteral("GB/s");
        outline.minimize = false;
        feed.reset(outline);
        QWidget page;
        DeviceModelList models(feed.model());
        WinnerSummary summary(&feed, &models, &page);
        ResultEvent slow = resultOf(0, 32, 1.25e-3);
        slow.objective = 800;
        slow.result.metrics["GB/s"] = 800;
        ResultEvent fast = resultOf(0, 64, 1.0e-3);
        fast.objective = 1000;
        fast.result.metrics["GB/s"] = 1000;
        feed.append({slow, fast});
        QVERIFY2(summary.text().contains(QStringLiteral("; 1000 GB/s in 1.00 ms, 50.0 % of peak")),
                 qPrintable(summary.text()));

        feed.reset(timeOutline());
        feed.append({resultOf(0, 32, 1.25e-3), resultOf(0, 64, 1.0e-3)});
        QVERIFY2(summary.text().endsWith(QStringLiteral("; 1.00 ms")), qPrintable(summary.text()));
    }

    // The objective energy: a lead of 1.16% is decided against the medians' 0.2% but not
    // against the energies' 2% (1% each), which is what the objective is uncertain by.
    void judgesAnEnergyObjectiveByTheEnergiesUncertainty()
    {
        ResultsFeed feed;
        SpecOutline outline = timeOutline();
        outline.objectiveMetric = QStringLiteral("energy");
        feed.reset(outline);
        QWidget page;
        DeviceModelList models(feed.model());
        WinnerSummary summary(&feed, &models, &page);
        ResultEvent frugal = resultOf(0, 64, 7.73e-3);
        frugal.objective = 1.73;
        frugal.result.resources["energy_rel_uncertainty"] = 0.01;
        ResultEvent other = resultOf(0, 32, 7.83e-3);
        other.objective = 1.75;
        other.result.resources["energy_rel_uncertainty"] = 0.01;
        feed.append({other, frugal});
        QVERIFY2(summary.text().contains(
                     QStringLiteral(": tie: BM=64 and BM=32, 1.16% apart (uncertain by 2.00%)")),
                 qPrintable(summary.text()));
        QVERIFY2(summary.text().endsWith(QStringLiteral("; 1.73 J per launch in 7.73 ms")),
                 qPrintable(summary.text()));
    }
};

QTEST_MAIN(TestWinnerSummary)
#include "tst_winnersummary.moc"
