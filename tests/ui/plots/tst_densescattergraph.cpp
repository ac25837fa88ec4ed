#include "plots/densescattergraph.h"
#include "plots/fastlog.h"

#include <qcustomplot.h>

#include <QTest>

#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

using namespace tb;

namespace {

// A plot of `count` log-normal points as the timeline draws them, or (stock) as a plain
// QCPGraph draws them: the reference picture.
struct ScatterPlot
{
    QCustomPlot plot;
    DenseScatterGraph *graph = nullptr;

    explicit ScatterPlot(int count, bool stock = false)
    {
        plot.resize(640, 320);
        plot.yAxis->setScaleType(QCPAxis::stLogarithmic);
        QCPGraph *points = stock ? new QCPGraph(plot.xAxis, plot.yAxis)
                                 : (graph = new DenseScatterGraph(plot.xAxis, plot.yAxis));
        points->setAdaptiveSampling(false); // every point, as DenseScatterGraph draws them
        fill(points, count);
        plot.rescaleAxes();
    }

    static void fill(QCPGraph *points, int count)
    {
        points->setLineStyle(QCPGraph::lsNone);
        QColor color(0x1f, 0x77, 0xb4, 150);
        points->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, color, 4));
        std::mt19937 rng(3);
        std::lognormal_distribution<double> time(std::log(2e-4), 0.5);
        QVector<double> keys, values;
        for (int i = 0; i < count; ++i) {
            keys.append(i);
            values.append(time(rng));
        }
        points->setData(keys, values, true);
    }

    QImage render(int threshold = INT_MAX)
    {
        if (graph)
            graph->setRasterThreshold(threshold);
        return plot.toPixmap(640, 320).toImage().convertToFormat(QImage::Format_ARGB32);
    }
};

} // namespace

class TestDenseScatterGraph : public QObject
{
    Q_OBJECT
private slots:
    void stampedPointsLookLikePaintedOnes()
    {
        const QImage painted = ScatterPlot(4000, true).render();
        ScatterPlot scatter(4000);
        const QImage stamped = scatter.render(0);
        QVERIFY(scatter.graph->lastDrawRasterized());
        QCOMPARE(stamped.size(), painted.size());
        // TB_PLOT_IMAGES=DIR keeps both pictures, to look at them side by side.
        if (const QString dir = qEnvironmentVariable("TB_PLOT_IMAGES"); !dir.isEmpty()) {
            painted.save(dir + QStringLiteral("/painted.png"));
            stamped.save(dir + QStringLiteral("/stamped.png"));
        }
        // Same pixels up to rounding: QPainter blends in 8 bits per step, the stamps in float,
        // and points sit to a quarter pixel. (A one-pixel shift scores a mean of ~16.)
        qint64 total = 0;
        int far = 0;
        int inked = 0;
        for (int y = 0; y < painted.height(); ++y) {
            for (int x = 0; x < painted.width(); ++x) {
                const QRgb a = painted.pixel(x, y);
                const QRgb b = stamped.pixel(x, y);
                const int diff =
                    std::max({std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)),
                              std::abs(qBlue(a) - qBlue(b))});
                total += diff;
                far += diff > 48 ? 1 : 0;
                inked += a != qRgb(255, 255, 255) ? 1 : 0;
            }
        }
        const double pixels = double(painted.width()) * painted.height();
        qInfo("mean difference %.3f, %d of %d inked pixels differ by more than 48", total / pixels,
              far, inked);
        QVERIFY2(inked > pixels / 20, "the points cover a fair part of the plot");
        QVERIFY2(double(total) / pixels < 3.0, qPrintable(QString::number(total / pixels)));
        QVERIFY2(far < inked / 50, qPrintable(QStringLiteral("%1 of %2").arg(far).arg(inked)));
    }

    void fewPointsArePaintedAsBefore()
    {
        ScatterPlot scatter(50);
        const QImage painted = scatter.render(400);
        QVERIFY(!scatter.graph->lastDrawRasterized());
        // Its own pixel mapping (one logarithm per point) lands where QCPAxis puts them.
        QCOMPARE(painted, ScatterPlot(50, true).render());
    }

    void fastLnMatchesTheLibrary()
    {
        // Over forty decades and at the awkward places (powers of two, the series' seam at
        // sqrt(2)), a thousandth of a pixel on any plot.
        std::mt19937 rng(3);
        std::uniform_real_distribution<double> decade(-20, 20);
        std::vector<double> xs = {1.0,
                                  2.0,
                                  0.5,
                                  1.4142135623730951,
                                  1.4142135623730954,
                                  1e-300,
                                  1e300,
                                  std::nextafter(1.0, 2.0),
                                  0.9999999};
        for (int i = 0; i < 100000; ++i)
            xs.push_back(std::pow(10.0, decade(rng)));
        double worst = 0;
        for (const double x : xs)
            worst = std::max(worst, std::abs(fastLn(x) - std::log(x)) /
                                        std::max(1.0, std::abs(std::log(x))));
        QVERIFY2(worst < 1e-9, qPrintable(QString::number(worst)));
        QVERIFY(std::isnan(fastLn(std::nan(""))));
        QVERIFY(std::isnan(fastLn(-2.0)));
        QCOMPARE(fastLn(0.0), -std::numeric_limits<double>::infinity());
        QCOMPARE(fastLn(std::numeric_limits<double>::infinity()),
                 std::numeric_limits<double>::infinity());
        QCOMPARE(fastLn(std::numeric_limits<double>::denorm_min()),
                 std::log(std::numeric_limits<double>::denorm_min()));
    }

    void twoColouredStylesArePainted()
    {
        // Alpha composes exactly only for one colour: a red ring on blue is painted point by point.
        ScatterPlot scatter(3000);
        scatter.graph->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssDisc, Qt::red, Qt::blue, 5));
        scatter.render(0);
        QVERIFY(!scatter.graph->lastDrawRasterized());
    }

    void vectorExportKeepsDiscs()
    {
        ScatterPlot scatter(3000);
        scatter.graph->setRasterThreshold(0);
        QTemporaryDir dir;
        QVERIFY(scatter.plot.savePdf(dir.filePath(QStringLiteral("points.pdf")), 400, 200));
        QVERIFY(!scatter.graph->lastDrawRasterized());
    }
};

QTEST_MAIN(TestDenseScatterGraph)
#include "tst_densescattergraph.moc"
