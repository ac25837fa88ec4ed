// SampleHistogram: duration ticks that fit a narrow pane (the Results page's details), bins over
// the samples' bulk with far outliers counted in the end bins, and the palette followed.
#include "axischecks.h"
#include "plots/samplehistogram.h"

#include <qcustomplot.h>

#include <QTest>

#include <random>

using namespace tb;
using namespace plottest;

namespace {

// `count` samples around `median` seconds, spread by 2% (one config's timings).
std::vector<double> timings(double median, int count, unsigned seed)
{
    std::mt19937 engine(seed);
    std::normal_distribution<double> distribution(median, median * 0.02);
    auto samples = std::vector<double>(std::size_t(count));
    for (double &sample : samples)
        sample = distribution(engine);
    return samples;
}

} // namespace

class TestSampleHistogram : public QObject
{
    Q_OBJECT
private slots:
    void narrowPaneTicksDoNotOverlap()
    {
        SampleHistogram histogram;
        histogram.resize(230, 200);
        histogram.show();
        QVERIFY(QTest::qWaitForWindowExposed(&histogram));
        histogram.setSamples(timings(760e-6, 50, 1));
        QCPAxis *x = histogram.plot()->xAxis;
        const QStringList labels = tickLabels(x);
        QVERIFY2(labels.size() >= 2, qPrintable(labels.join(", ")));
        QVERIFY2(labels.size() <= histogram.width() / 75, qPrintable(labels.join(", ")));
        QVERIFY2(labelsApart(x), qPrintable(labels.join(", ")));
        for (const QString &label : labels)
            QVERIFY2(isDuration(label), qPrintable(label));
        QVERIFY(allDistinct(labels));
        // Wider, the axis holds more labels.
        histogram.resize(700, 200);
        QTRY_VERIFY(tickLabels(x).size() > labels.size());
        QVERIFY(labelsApart(x));
    }

    void anOutlierGoesToTheLastBin()
    {
        SampleHistogram histogram;
        std::vector<double> samples = timings(750e-6, 40, 2);
        samples.push_back(5.5e-3);
        histogram.setSamples(samples);
        QCOMPARE(histogram.sampleCount(), 41); // every sample counted
        QCOMPARE(histogram.beyondRangeCount(), 1);
        QVERIFY(histogram.range().high < 1e-3); // the bins span the bulk
        const QVector<double> counts = histogram.counts();
        // The bulk spreads over the bins instead of sharing the first one.
        int filled = 0;
        for (const double count : counts)
            filled += count > 0 ? 1 : 0;
        QVERIFY2(filled >= counts.size() / 2, qPrintable(QString::number(filled)));
        QVERIFY(counts.last() >= 1);
        QVERIFY2(histogram.note().contains(QStringLiteral("1 sample above")),
                 qPrintable(histogram.note()));
        QVERIFY(histogram.note().contains(QStringLiteral("last bin")));

        // Without the outlier there is nothing to say.
        samples.pop_back();
        histogram.setSamples(samples);
        QCOMPARE(histogram.beyondRangeCount(), 0);
        QVERIFY(histogram.note().isEmpty());
        histogram.setSamples({});
        QCOMPARE(histogram.binCount(), 0);
    }
};

QTEST_MAIN(TestSampleHistogram)
#include "tst_samplehistogram.moc"
