#include "../plots/axischecks.h"
#include "plots/overlaidhistogram.h"

#include <qcustomplot.h>

#include <QTest>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

using namespace tb;

namespace {

std::vector<double> normalSamples(double mean, double stddev, int count, unsigned seed)
{
    std::mt19937 engine(seed);
    std::normal_distribution<double> distribution(mean, stddev);
    std::vector<double> samples(count);
    for (double &sample : samples)
        sample = distribution(engine);
    return samples;
}

double sum(const QVector<double> &values)
{
    return std::accumulate(values.begin(), values.end(), 0.0);
}

} // namespace

class TestOverlaidHistogram : public QObject
{
    Q_OBJECT
private slots:
    void binsEachSeriesOverItsOwnSamples()
    {
        OverlaidHistogram histogram;
        histogram.setSeries({{"fast", normalSamples(1e-3, 2e-5, 200, 1)},
                             {"slow", normalSamples(1.2e-3, 5e-5, 20, 2)}});
        QCOMPARE(histogram.seriesCount(), 2);
        QVERIFY(!histogram.logarithmicAxis());
        for (int s = 0; s < 2; ++s) {
            const QVector<double> edges = histogram.binEdges(s);
            QCOMPARE(edges.size(), histogram.binCount(s) + 1);
            QVERIFY(histogram.binCount(s) >= 5);
            QVERIFY(std::is_sorted(edges.begin(), edges.end()));
            QCOMPARE(histogram.counts(s).size(), histogram.binCount(s));
        }
        // Every sample lands in one of its series' bins: the counts add up per series.
        QCOMPARE(sum(histogram.counts(0)), 200.0);
        QCOMPARE(sum(histogram.counts(1)), 20.0);
        // The slow config's bins sit above the fast one's.
        QVERIFY(histogram.binEdges(1).first() > histogram.binEdges(0).first());
    }

    // Configurations far apart with tight distributions each keep their shape: shared bins
    // gave each one bar at fraction 1 (issue 18, item 16).
    void farApartConfigurationsEachShowTheirShape()
    {
        OverlaidHistogram histogram;
        histogram.setSeries({{"a", normalSamples(100e-6, 0.2e-6, 60, 11)},
                             {"b", normalSamples(150e-6, 0.2e-6, 60, 12)},
                             {"c", normalSamples(400e-6, 0.5e-6, 60, 13)}});
        const auto filled = [](const QVector<double> &counts) {
            return std::count_if(counts.begin(), counts.end(), [](double c) { return c > 0; });
        };
        for (int s = 0; s < 3; ++s) {
            QVERIFY2(filled(histogram.counts(s)) >= 4, qPrintable(QString::number(s)));
            const QVector<double> counts = histogram.counts(s);
            QVERIFY(*std::max_element(counts.begin(), counts.end()) < 60 * 0.6);
        }
        // The time axis holds all three.
        QCPAxis *x = histogram.plot()->xAxis;
        QVERIFY(x->range().lower < 100e-6 && x->range().upper > 400e-6);
    }

    void drawsOneTranslucentNormalisedGraphPerSeriesWithALegend()
    {
        OverlaidHistogram histogram;
        histogram.setSeries({{"a", normalSamples(5e-6, 1e-7, 50, 3)},
                             {"b", normalSamples(5.2e-6, 1e-7, 10, 4)},
                             {"c", {}}});
        QCustomPlot *plot = histogram.plot();
        QCOMPARE(plot->graphCount(), 3);
        QVERIFY(plot->legend->visible());
        QCOMPARE(plot->legend->itemCount(), 3);
        QCOMPARE(histogram.seriesName(2), QString("c (no samples)"));
        QCOMPARE(plot->graph(2)->dataCount(), 0);
        QVERIFY(histogram.seriesColor(0) != histogram.seriesColor(1));
        QVERIFY(plot->graph(0)->brush().color().alpha() < 255);
        QVERIFY(plot->graph(0)->brush().style() != Qt::NoBrush);
        QCOMPARE(plot->graph(0)->lineStyle(), QCPGraph::lsStepCenter);
        // Heights are fractions of each series: 50 and 10 samples both sum to 1.
        for (int g = 0; g < 2; ++g) {
            double total = 0;
            for (auto it = plot->graph(g)->data()->constBegin();
                 it != plot->graph(g)->data()->constEnd(); ++it)
                total += it->value;
            QVERIFY2(qFuzzyCompare(total, 1.0), qPrintable(QString::number(total)));
        }
        QCOMPARE(plot->yAxis->label(), QString("fraction of samples"));
        histogram.setNormalized(false);
        QCOMPARE(plot->yAxis->label(), QString("samples"));
        double total = 0;
        for (auto it = plot->graph(1)->data()->constBegin();
             it != plot->graph(1)->data()->constEnd(); ++it)
            total += it->value;
        QCOMPARE(total, 10.0);
        histogram.setStyle(OverlaidHistogram::Style::Outline);
        QCOMPARE(plot->graph(0)->brush().style(), Qt::NoBrush);
    }

    void spreadOverADecadeUsesALogAxis()
    {
        OverlaidHistogram histogram;
        histogram.setSeries({{"tiny", normalSamples(1e-6, 1e-8, 30, 5)},
                             {"huge", normalSamples(1e-4, 1e-6, 30, 6)}});
        QVERIFY(histogram.logarithmicAxis());
        QCOMPARE(histogram.plot()->xAxis->scaleType(), QCPAxis::stLogarithmic);
        QCOMPARE(sum(histogram.counts(0)), 30.0);
        QCOMPARE(sum(histogram.counts(1)), 30.0);
        QVERIFY(histogram.binEdges(1).first() > histogram.binEdges(0).last());
        // One series spread evenly over two decades gets log bins of its own: every bin filled,
        // equal ratios between edges.
        std::vector<double> spread;
        for (int i = 0; i < 400; ++i)
            spread.push_back(1e-6 * std::pow(100.0, (i + 0.5) / 400));
        histogram.setSeries({{"spread", spread}});
        QVERIFY(histogram.logarithmicAxis());
        const QVector<double> edges = histogram.binEdges(0);
        QVERIFY(qFuzzyCompare(edges[1] / edges[0], edges.last() / edges[edges.size() - 2]));
        for (const double count : histogram.counts(0))
            QVERIFY(count > 0);
    }

    void constantSamplesStillShowABar()
    {
        OverlaidHistogram histogram;
        histogram.setSeries({{"steady", std::vector<double>(8, 2e-3)}});
        QVERIFY(histogram.binCount(0) >= 1);
        QVERIFY(histogram.binEdges(0).first() < 2e-3);
        QVERIFY(histogram.binEdges(0).last() > 2e-3);
        QCOMPARE(sum(histogram.counts(0)), 8.0);
    }

    void anOutlierDoesNotStretchTheBins()
    {
        // Three configs around 0.72-0.78 ms; one sample of the first took 5.5 ms.
        std::vector<double> first = normalSamples(0.75e-3, 0.01e-3, 40, 7);
        first.push_back(5.5e-3);
        OverlaidHistogram histogram;
        histogram.setSeries({{"a", first},
                             {"b", normalSamples(0.72e-3, 0.01e-3, 40, 8)},
                             {"c", normalSamples(0.78e-3, 0.01e-3, 40, 9)}});
        QVERIFY(!histogram.logarithmicAxis());
        QVERIFY(histogram.binEdges(0).last() < 1e-3); // a's bins span its bulk
        QCOMPARE(histogram.beyondRangeCount(), 1);
        QCOMPARE(sum(histogram.counts(0)), 41.0); // the outlier is in a's last bin
        QVERIFY(histogram.counts(0).last() >= 1);
        // Each config's samples fill bins of their own, b's lowest, c's highest.
        const auto filled = [](const QVector<double> &counts) {
            return std::count_if(counts.begin(), counts.end(), [](double c) { return c > 0; });
        };
        for (int s = 0; s < 3; ++s)
            QVERIFY2(filled(histogram.counts(s)) >= 3, qPrintable(QString::number(s)));
        const auto peak = [&histogram](int s) {
            const QVector<double> counts = histogram.counts(s);
            const QVector<double> edges = histogram.binEdges(s);
            const auto i = std::max_element(counts.begin(), counts.end()) - counts.begin();
            return (edges[i] + edges[i + 1]) / 2;
        };
        QVERIFY(peak(1) < peak(0));
        QVERIFY(peak(0) < peak(2));
        QVERIFY2(histogram.note().contains(QStringLiteral("1 sample above")),
                 qPrintable(histogram.note()));

        // A config that is slow throughout is no outlier: the bins reach it.
        histogram.setSeries({{"fast", normalSamples(0.75e-3, 0.01e-3, 40, 7)},
                             {"slow", normalSamples(5.5e-3, 0.05e-3, 40, 10)}});
        QCOMPARE(histogram.beyondRangeCount(), 0);
        QVERIFY(histogram.binEdges(1).last() > 5.4e-3);
        QVERIFY(histogram.plot()->xAxis->range().upper > 5.5e-3);
        QVERIFY(histogram.note().isEmpty());
    }

    void ticksAreDurationsThatFitTheWidth()
    {
        OverlaidHistogram histogram;
        histogram.resize(260, 220);
        histogram.show();
        QVERIFY(QTest::qWaitForWindowExposed(&histogram));
        histogram.setSeries({{"a", normalSamples(0.75e-3, 0.01e-3, 40, 7)},
                             {"b", normalSamples(0.8e-3, 0.01e-3, 40, 8)}});
        QCPAxis *x = histogram.plot()->xAxis;
        const QStringList labels = plottest::tickLabels(x);
        QVERIFY2(labels.size() >= 2, qPrintable(labels.join(", ")));
        QVERIFY2(labels.size() <= histogram.width() / 75, qPrintable(labels.join(", ")));
        QVERIFY(plottest::labelsApart(x));
        QVERIFY(plottest::allDistinct(labels));
        for (const QString &label : labels)
            QVERIFY2(plottest::isDuration(label), qPrintable(label));
    }

    void clearRemovesEverything()
    {
        OverlaidHistogram histogram;
        histogram.setSeries({{"a", {1.0, 2.0}}});
        histogram.clear();
        QCOMPARE(histogram.seriesCount(), 0);
        QCOMPARE(histogram.binCount(0), 0);
        QVERIFY(!histogram.plot()->legend->visible());
    }
};

QTEST_MAIN(TestOverlaidHistogram)
#include "tst_overlaidhistogram.moc"
