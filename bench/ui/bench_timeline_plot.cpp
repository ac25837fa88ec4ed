// The timeline plot alone: how long one full redraw takes at N points, and a PNG of it to look
// at. Usage: bench_timeline_plot [POINTS] [PNG_PATH]   (defaults 100000, no PNG)

#include "plots/densescattergraph.h"
#include "plots/timelineplot.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int total = argc > 1 ? std::atoi(argv[1]) : 100000;

    // The same shape of data as bench_gui_stream: two sizes, 10 % failures, log-normal times.
    std::mt19937 rng(42);
    std::lognormal_distribution<double> time(std::log(2e-4), 0.6);
    QVector<tb::ResultEvent> batch;
    batch.reserve(total);
    for (int i = 0; i < total; ++i) {
        tb::ResultEvent event;
        event.sizeIndex = std::size_t(i % 2);
        event.result.summary.count = 10;
        event.result.summary.median = time(rng) * (event.sizeIndex == 0 ? 1.0 : 4.0);
        if (i % 10 == 9)
            event.result.status = tb::ResultStatus::CompileError;
        batch.append(event);
    }

    tb::TimelinePlot plot;
    plot.resize(1200, 330);
    plot.setSizeLabel(0, QStringLiteral("n=4096"));
    plot.setSizeLabel(1, QStringLiteral("n=65536"));
    plot.show();
    // Streaming: a batch of 1000 results, then a redraw, as the ~100 ms timer does in a run.
    double addMs = 0;
    std::vector<double> streaming;
    for (int start = 0; start < total; start += 1000) {
        const QVector<tb::ResultEvent> slice = batch.mid(start, 1000);
        QElapsedTimer clock;
        clock.start();
        plot.addResults(slice);
        addMs += double(clock.nsecsElapsed()) / 1e6;
        plot.replotIfDirty();
        plot.plot()->replot(QCustomPlot::rpImmediateRefresh);
        streaming.push_back(plot.plot()->replotTime());
        if (qEnvironmentVariableIsSet("TB_BENCH_VERBOSE"))
            std::fprintf(stderr, "%d points: replot %.1f ms\n", plot.pointCount(),
                         streaming.back());
    }
    std::sort(streaming.begin(), streaming.end());

    std::vector<double> replots;
    for (int round = 0; round < 10; ++round) {
        plot.plot()->replot(QCustomPlot::rpImmediateRefresh);
        replots.push_back(plot.plot()->replotTime());
    }
    std::sort(replots.begin(), replots.end());
    const auto *points = static_cast<const tb::DenseScatterGraph *>(plot.pointsGraph(0));
    std::printf("| points plotted | %d of %d results |\n", plot.pointCount(), total);
    std::printf("| addResults, all batches of 1000 | %.1f ms |\n", addMs);
    std::printf("| replot after each batch, p50 / max | %.1f / %.1f ms |\n",
                streaming[streaming.size() / 2], streaming.back());
    std::printf("| full replot p50 / max (10 rounds) | %.1f / %.1f ms |\n",
                replots[replots.size() / 2], replots.back());
    std::printf("| points stamped as an image | %s |\n",
                points && points->lastDrawRasterized() ? "yes" : "no");
    if (argc > 2)
        return plot.plot()->savePng(QString::fromLocal8Bit(argv[2])) ? 0 : 1;
    return 0;
}
