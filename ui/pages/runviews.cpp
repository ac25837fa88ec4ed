#include "runviews.h"

#include "latestsamples.h"
#include "models/resultsfeed.h"
#include "plots/resourceplot.h"
#include "plots/timelineplot.h"

#include <QFontDatabase>
#include <QPlainTextEdit>

namespace tb {

namespace {
constexpr int kMaxLogLines = 5000;
} // namespace

RunViews::RunViews(QWidget *parent)
    : QSplitter(Qt::Vertical, parent), m_timeline(new TimelinePlot(this)),
      m_latest(new LatestSamples(this)), m_resources(new ResourcePlot(this)),
      m_log(new QPlainTextEdit(this))
{
    m_log->setObjectName(QStringLiteral("runLog"));
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(kMaxLogLines);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setPlaceholderText(tr("Worker and session log"));

    m_timeline->setMinimumHeight(180);
    setObjectName(QStringLiteral("runPageSplitter")); // its state is kept
    addWidget(m_timeline);
    addWidget(buildPlots());
    addWidget(m_log);
    // The plots' row as tall as the timeline: its registers and spills are two axes stacked.
    setStretchFactor(0, 4);
    setStretchFactor(1, 4);
    setStretchFactor(2, 1);
    setSizes({300, 330, 90});
}

QWidget *RunViews::buildPlots()
{
    auto *plots = new QSplitter(Qt::Horizontal, this);
    plots->setObjectName(QStringLiteral("runPagePlotsSplitter"));
    plots->addWidget(m_latest);
    plots->addWidget(m_resources);
    plots->setStretchFactor(0, 2);
    plots->setStretchFactor(1, 3);
    return plots;
}

void RunViews::follow(const ResultsFeed *feed)
{
    connect(feed, &ResultsFeed::cleared, this, [this] {
        m_timeline->clear();
        m_latest->clear();
        m_resources->clear();
    });
    connect(feed, &ResultsFeed::sizeLabelChanged, this,
            [this](std::size_t sizeIndex, const QString &label) {
                m_timeline->setSizeLabel(sizeIndex, label);
                m_latest->setSizeLabel(sizeIndex, label);
            });
    connect(feed, &ResultsFeed::resultsAdded, this, [this](const QVector<ResultEvent> &batch) {
        m_timeline->addResults(batch);
        m_latest->addResults(batch);
        m_resources->addResults(batch);
    });
}

void RunViews::appendLog(const QString &line)
{
    m_log->appendPlainText(line);
}

} // namespace tb
