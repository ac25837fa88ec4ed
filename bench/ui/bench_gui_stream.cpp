// Streams synthetic results into the workbench the way a live run does and measures how
// responsive the GUI stays: the longest event-loop stall (gaps of a 1 ms probe timer) and the
// timeline plot's replot time. Targets (issue 4): no stall over 50 ms, replot under 16 ms.
// It also says where the GUI thread's time goes: RunPage::flushPending (results model, table,
// plot append) and every widget's paint events, by class. On a shared machine a gap can be the
// scheduler's, not ours: each gap also records the GUI thread's own CPU time in it.
//
// Usage: bench_gui_stream [EVENTS] [RATE_PER_S] [PAGE]   (defaults 100000, 10000, run)
// PAGE is the page shown while results stream in: run (timeline, latest samples, resources) or
// results (the table, a config's details and the parameter-effect plot), or the Results page
// with its importance or roofline tab in front. Replot times are those of every plot that
// redraws.
// The results arrive as SessionController::resultArrived signals, in bursts every 50 ms, and
// reach the results table and the plot through RunPage's own buffering (flushPending every
// 100 ms, as its flush timer does during a run).

#include "mainwindow.h"
#include "models/resultsmodel.h"
#include "pages/runpage.h"
#include "plots/timelineplot.h"
#include "results/importanceview.h"
#include "results/resultspage.h"
#include "results/rooflineview.h"
#include "session/sessioncontroller.h"
#include "session/specoutline.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>

#include <time.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace {

constexpr int kBurstMs = 50;
constexpr int kFlushMs = 100;

std::vector<tb::ResultEvent> makeEvents(int count)
{
    std::mt19937 rng(42);
    std::lognormal_distribution<double> time(std::log(2e-4), 0.6);
    std::vector<tb::ResultEvent> events(std::size_t(count), tb::ResultEvent{});
    for (int i = 0; i < count; ++i) {
        tb::ResultEvent &event = events[std::size_t(i)];
        event.sizeIndex = std::size_t(i % 2);
        const int block = 32 << (i % 6);
        const int unroll = 1 + (i / 6) % 8;
        event.config.values = {double(block), double(unroll), double(i / 48)};
        event.configKey = "block=" + std::to_string(block) + ",unroll=" + std::to_string(unroll) +
                          ",tile=" + std::to_string(i / 48);
        if (i % 10 == 9) {
            event.result.status = tb::ResultStatus::CompileError;
            event.result.message = "error: too many resources requested for launch";
            continue;
        }
        double sum = 0;
        for (int s = 0; s < 10; ++s) {
            event.result.samples.push_back(time(rng));
            sum += event.result.samples.back();
        }
        std::vector<double> sorted = event.result.samples;
        std::sort(sorted.begin(), sorted.end());
        event.result.summary = {(sorted[4] + sorted[5]) / 2, sorted[0], sum / 10, 1e-5, 10, 0.01};
        // A FLOP rate and a byte rate, so the roofline has every point: intensity by block.
        event.result.metrics["GFLOP/s"] = 1.0 / event.result.summary.median;
        event.result.metrics["GB/s"] = 1.0 / event.result.summary.median / (block / 32.0);
    }
    return events;
}

// Times every paint event, per widget class: it delivers the event itself, inside a clock.
class PaintClock : public QObject
{
public:
    std::map<std::string, std::vector<double>> millis;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() != QEvent::Paint || m_inside.count(watched))
            return false;
        m_inside.insert(watched);
        QElapsedTimer clock;
        clock.start();
        QCoreApplication::sendEvent(watched, event);
        millis[watched->metaObject()->className()].push_back(double(clock.nsecsElapsed()) / 1e6);
        m_inside.erase(watched);
        return true;
    }

private:
    std::set<QObject *> m_inside;
};

double threadCpuMs()
{
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1e3 + double(now.tv_nsec) / 1e6;
}

double sum(const std::vector<double> &values)
{
    double result = 0;
    for (const double value : values)
        result += value;
    return result;
}

double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, std::size_t(p * double(values.size())))];
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true); // keep the user's QSettings untouched
    const int total = argc > 1 ? std::atoi(argv[1]) : 100000;
    const int rate = argc > 2 ? std::atoi(argv[2]) : 10000;
    const int perBurst = std::max(1, rate * kBurstMs / 1000);
    const std::vector<tb::ResultEvent> events = makeEvents(total);

    tb::MainWindow window;
    window.resize(1240, 780);
    window.show();
    tb::RunPage *page = window.runPage();
    const std::string shown = argc > 3 ? argv[3] : "run";
    const bool resultsShown = shown != "run";
    // Explicitly: the window would otherwise restore the page shown when it last closed.
    window.pages()->setCurrentWidget(resultsShown ? static_cast<QWidget *>(window.resultsPage())
                                                  : static_cast<QWidget *>(window.runPage()));
    // As a run starts: the spec's outline, then the plan per size.
    tb::SpecOutline outline;
    outline.name = QStringLiteral("stream");
    outline.metricNames = {QStringLiteral("GFLOP/s"), QStringLiteral("GB/s")};
    outline.metricRates = {{tb::RateKind::Flops, 1e9}, {tb::RateKind::Bytes, 1e9}};
    outline.flopMetric = 0;
    outline.byteMetric = 1;
    outline.peakMetric = 0;
    outline.peaks.flopsPerSecond = 66.9e12;
    outline.peaks.bytesPerSecond = 3.35e12;
    outline.peaks.flopsSource = outline.peaks.bytesSource = tb::kPeakFromSpec;
    outline.parameterNames = {QStringLiteral("block"), QStringLiteral("unroll"),
                              QStringLiteral("tile")};
    emit page->controller()->specLoaded(outline);
    for (std::size_t size = 0; size < 2; ++size) // a run announces its plan per size
        emit page->controller()->spaceSized(
            {size, size ? "n=65536" : "n=4096", 0, 0, 0, std::uint64_t(total / 2)});
    if (resultsShown) // a config selected: its details pane is shown too
        QTimer::singleShot(150, [&] { window.resultsPage()->view()->selectRow(0); });
    if (shown == "importance")
        window.resultsPage()->plotTabs()->setCurrentWidget(window.resultsPage()->importanceView());
    if (shown == "roofline")
        window.resultsPage()->plotTabs()->setCurrentWidget(window.resultsPage()->rooflineView());
    QCustomPlot *plot = page->timeline()->plot();

    std::map<std::string, std::vector<double>> replotsByPlot; // by the plot widget's class
    std::vector<double> replotMs;
    for (QCustomPlot *each : window.findChildren<QCustomPlot *>()) {
        const std::string owner =
            each->parentWidget() ? each->parentWidget()->metaObject()->className() : "QCustomPlot";
        QObject::connect(each, &QCustomPlot::afterReplot, [&, each, owner] {
            replotMs.push_back(each->replotTime());
            replotsByPlot[owner].push_back(each->replotTime());
        });
    }

    QElapsedTimer clock;
    std::vector<double> gapsMs;
    std::vector<double> gapCpuMs; // the GUI thread's CPU time within each gap
    qint64 lastProbe = 0;
    double lastCpu = 0;
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    probe.setInterval(1);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        gapsMs.push_back(double(now - lastProbe) / 1e6);
        lastProbe = now;
        const double cpu = threadCpuMs();
        gapCpuMs.push_back(cpu - lastCpu);
        lastCpu = cpu;
    });

    int sent = 0;
    QTimer feeder;
    feeder.setInterval(kBurstMs);
    QObject::connect(&feeder, &QTimer::timeout, [&] {
        const int end = std::min(total, sent + perBurst);
        for (; sent < end; ++sent)
            emit page->controller()->resultArrived(events[std::size_t(sent)]);
        if (sent == total)
            feeder.stop();
    });
    std::vector<double> flushMs;
    QTimer flusher;
    flusher.setInterval(kFlushMs);
    QObject::connect(&flusher, &QTimer::timeout, [&] {
        QElapsedTimer flush;
        flush.start();
        page->flushPending();
        flushMs.push_back(double(flush.nsecsElapsed()) / 1e6);
    });
    PaintClock paints;

    QTimer::singleShot(200, [&] { // let the window settle before measuring
        clock.start();
        lastProbe = 0;
        lastCpu = threadCpuMs();
        app.installEventFilter(&paints);
        probe.start();
        feeder.start();
        flusher.start();
    });
    QTimer finisher;
    finisher.setInterval(50);
    QObject::connect(&finisher, &QTimer::timeout, [&] {
        if (sent < total || page->resultsModel()->rowCount() < total)
            return;
        finisher.stop();
        QTimer::singleShot(300, &app, &QApplication::quit); // the last replot tick
    });
    finisher.start();
    app.exec();
    const double wallS = double(clock.nsecsElapsed()) / 1e9;
    app.removeEventFilter(&paints);

    // A full redraw of everything at the end, the cost a resize or a zoom pays.
    QElapsedTimer full;
    full.start();
    plot->replot(QCustomPlot::rpImmediateRefresh);
    const double fullMs = double(full.nsecsElapsed()) / 1e6;

    const double maxGap = gapsMs.empty() ? 0 : *std::max_element(gapsMs.begin(), gapsMs.end());
    const auto over = std::count_if(gapsMs.begin(), gapsMs.end(), [](double g) { return g > 50; });
    const double maxReplot =
        replotMs.empty() ? 0 : *std::max_element(replotMs.begin(), replotMs.end());
    std::printf("| measure | value | target |\n| --- | --- | --- |\n");
    std::printf("| results streamed | %d (%d/s, bursts of %d every %d ms), %s page shown | |\n",
                total, rate, perBurst, kBurstMs, shown.c_str());
    std::printf("| rows in table / points plotted | %d / %d | |\n",
                page->resultsModel()->rowCount(), page->timeline()->pointCount());
    std::printf("| wall time | %.2f s | |\n", wallS);
    std::printf("| longest event-loop stall (probe gap) | %.1f ms | <= 50 ms |\n", maxGap);
    std::printf("| probe gap p99 / p50 | %.1f / %.1f ms | |\n", percentile(gapsMs, 0.99),
                percentile(gapsMs, 0.5));
    std::printf("| longest gap in GUI-thread CPU time (busy, not descheduled) | %.1f ms | "
                "<= 50 ms |\n",
                gapCpuMs.empty() ? 0 : *std::max_element(gapCpuMs.begin(), gapCpuMs.end()));
    std::printf("| gaps over 50 ms | %lld | 0 |\n", static_cast<long long>(over));
    std::printf("| replots during stream | %zu | |\n", replotMs.size());
    std::printf("| replot time p50 / max | %.1f / %.1f ms | < 16 ms |\n", percentile(replotMs, 0.5),
                maxReplot);
    std::printf("| full replot at end (%d points) | %.1f ms | < 16 ms |\n",
                page->timeline()->pointCount(), fullMs);

    std::printf("\nWhere the GUI thread's time went during the stream:\n\n");
    std::printf("| work | calls | p50 | max | total |\n| --- | --- | --- | --- | --- |\n");
    const auto row = [](const std::string &name, const std::vector<double> &ms) {
        if (ms.empty())
            return;
        std::printf("| %s | %zu | %.2f ms | %.1f ms | %.0f ms |\n", name.c_str(), ms.size(),
                    percentile(ms, 0.5), *std::max_element(ms.begin(), ms.end()), sum(ms));
    };
    row("RunPage::flushPending (model, table, plot append)", flushMs);
    for (const auto &[owner, ms] : replotsByPlot) {
        const auto slowest = std::max_element(ms.begin(), ms.end()) - ms.begin();
        row("replot " + owner + " (slowest: replot #" + std::to_string(slowest + 1) + ")", ms);
    }
    std::vector<std::pair<double, std::string>> byTotal;
    for (const auto &[name, ms] : paints.millis)
        byTotal.emplace_back(sum(ms), name);
    std::sort(byTotal.rbegin(), byTotal.rend());
    for (std::size_t i = 0; i < std::min<std::size_t>(6, byTotal.size()); ++i)
        row("paint " + byTotal[i].second, paints.millis[byTotal[i].second]);
    return 0;
}
