#pragma once

#include <QSplitter>

class QPlainTextEdit;

namespace tb {

class LatestSamples;
class ResourcePlot;
class ResultsFeed;
class TimelinePlot;

// The Run page's views of a run, stacked (its state kept as "runPageSplitter"): the time per
// configuration with the best so far, then the latest configuration's samples beside the
// registers and spills per configuration (both matter while a run goes, so neither hides
// behind a tab), then the worker and session log. The plots follow a results feed.
class RunViews : public QSplitter
{
    Q_OBJECT
public:
    explicit RunViews(QWidget *parent = nullptr);

    TimelinePlot *timeline() const { return m_timeline; }
    LatestSamples *latestSamples() const { return m_latest; }
    ResourcePlot *resourcePlot() const { return m_resources; }
    QPlainTextEdit *log() const { return m_log; }

    // Every plot follows the feed: cleared with it, fed its batches.
    void follow(const ResultsFeed *feed);
    void appendLog(const QString &line);

private:
    QWidget *buildPlots();

    TimelinePlot *m_timeline;
    LatestSamples *m_latest;
    ResourcePlot *m_resources;
    QPlainTextEdit *m_log;
};

} // namespace tb
