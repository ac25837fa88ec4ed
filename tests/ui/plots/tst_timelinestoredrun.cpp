// A stored run on the timeline against wall time: the reader turns each stored result's
// created_at into seconds since the run's started_at, as a live run stamps them.
#include "plotevents.h"
#include "plots/timelineplot.h"
#include "session/loadedrun.h"

#include <QTest>

#include <string>

using namespace tb;
using namespace plottest;

namespace {

StoredResult storedAt(const std::string &createdAt, double median,
                      ResultStatus status = ResultStatus::Ok)
{
    StoredResult stored;
    stored.configKey = "BLOCK=" + std::to_string(median);
    stored.result.status = status;
    if (status == ResultStatus::Ok) {
        stored.result.summary.median = median;
        stored.result.summary.count = 5;
    }
    stored.createdAt = createdAt;
    return stored;
}

QVector<double> elapsed(const LoadedRun &loaded)
{
    QVector<double> seconds;
    for (const ResultEvent &event : loaded.events)
        seconds.append(event.elapsedSeconds);
    return seconds;
}

} // namespace

class TestTimelineStoredRun : public QObject
{
    Q_OBJECT
private slots:
    void storedResultsGetSecondsSinceTheStart()
    {
        StoredRun run;
        run.record.startedAt = "2026-11-26T10:33:01.123Z";
        run.results = {
            storedAt("2026-11-26T10:33:01.623Z", 4e-3),
            storedAt("2026-11-26T10:35:03.373Z", 2e-3),
            storedAt("2026-11-26T10:36:01.123Z", 0, ResultStatus::CompileError),
            storedAt("2026-11-27T10:33:01.124Z", 3e-3), // a day on: the date counts too
            storedAt("", 5e-3),                         // missing
            storedAt("yesterday", 5e-3),                // unreadable
            storedAt("2026-11-26T10:33:00.000Z", 5e-3), // before the start: a stepped clock
        };
        const LoadedRun loaded = toLoadedRun(run);
        QCOMPARE(elapsed(loaded), QVector<double>({0.5, 122.25, 180.0, 86400.001, 0, 0, 0}));
    }

    void noStartTimeMeansNoSeconds()
    {
        for (const std::string started : {"", "not a time"}) {
            StoredRun run;
            run.record.startedAt = started;
            run.results = {storedAt("2026-11-26T10:33:01.623Z", 4e-3)};
            QCOMPARE(elapsed(toLoadedRun(run)), QVector<double>({0.0}));
        }
    }

    void storedRunPlotsAgainstItsSeconds()
    {
        StoredRun run;
        run.record.startedAt = "2026-11-26T10:33:01.000Z";
        run.results = {storedAt("2026-11-26T10:33:02.500Z", 4e-3),
                       storedAt("2026-11-26T10:33:04.000Z", 6e-3),
                       storedAt("2026-11-26T10:33:07.250Z", 1e-3)};
        TimelinePlot plot;
        plot.setXAxis(TimelinePlot::XAxis::Seconds);
        plot.addResults(toLoadedRun(run).events);
        QCOMPARE(keys(plot.pointsGraph(0)), QVector<double>({1.5, 3.0, 6.25}));
        QCOMPARE(keys(plot.bestGraph(0)), QVector<double>({1.5, 6.25}));
        QCOMPARE(values(plot.bestGraph(0)), QVector<double>({4e-3, 1e-3}));
    }
};

QTEST_MAIN(TestTimelineStoredRun)
#include "tst_timelinestoredrun.moc"
