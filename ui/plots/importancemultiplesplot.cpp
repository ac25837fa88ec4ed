#include "importancemultiplesplot.h"

#include "durationticker.h"
#include "model/parameter.h"
#include "models/durationformat.h"
#include "plotpalette.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QVBoxLayout>

#include <cmath>

namespace tb {

ImportanceMultiplesPlot::ImportanceMultiplesPlot(QWidget *parent)
    : QWidget(parent), m_plot(new QCustomPlot(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setObjectName(QStringLiteral("importanceMultiples"));
    m_plot->setToolTip(tr("One plot per parameter, most important first: the best objective "
                          "reached with each of its values, every other parameter free"));
    m_plot->plotLayout()->clear(); // no panel until a ranking comes
    setMinimumSize(240, 160);
}

void ImportanceMultiplesPlot::setObjective(const QString &metric, bool minimize)
{
    m_objective = metric;
    m_minimize = minimize;
}

void ImportanceMultiplesPlot::setRanking(const QStringList &names,
                                         const std::vector<ParameterImportance> &ranked)
{
    // Rebuilt whole: a ranking comes at most twice a second and has a handful of panels.
    m_plot->clearPlottables();
    m_plot->plotLayout()->clear();
    m_titles.clear();
    const int count = int(ranked.size());
    const int columns = std::max(1, int(std::ceil(std::sqrt(double(count)))));
    for (int panel = 0; panel < count; ++panel) {
        const std::size_t parameter = ranked[std::size_t(panel)].parameter;
        addPanel(panel, columns,
                 names.value(qsizetype(parameter), tr("parameter %1").arg(parameter + 1)),
                 ranked[std::size_t(panel)]);
    }
    applyPalette();
    if (isVisible())
        m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void ImportanceMultiplesPlot::addPanel(int panel, int columns, const QString &name,
                                       const ParameterImportance &entry)
{
    // Each panel: its title over its axis rect, in a cell of the plot's grid.
    auto *cell = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(panel / columns, panel % columns, cell);
    auto *rect = new QCPAxisRect(m_plot);
    const QString cost = std::isnan(entry.importance) ? tr("n/a") : formatPercent(entry.importance);
    m_titles.append(tr("%1: worst value costs %2").arg(name, cost));
    auto *title = new QCPTextElement(m_plot, tr("%1  %2").arg(name, cost));
    title->setTextColor(palette().color(QPalette::WindowText));
    cell->addElement(0, 0, title);
    cell->addElement(1, 0, rect);
    cell->setRowStretchFactor(0, 0.01); // the title takes its text's height, the plot the rest
    QCPAxis *x = rect->axis(QCPAxis::atBottom);
    QCPAxis *y = rect->axis(QCPAxis::atLeft);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QVector<double> keys;
    QVector<double> bests;
    for (std::size_t i = 0; i < entry.values.size(); ++i) {
        ticker->addTick(double(i), QString::fromStdString(formatValue(entry.values[i].value)));
        keys.append(double(i));
        bests.append(entry.values[i].best);
    }
    x->setTicker(ticker);
    if (entry.values.size() > 3) // several values in a small panel: slanted labels fit
        x->setTickLabelRotation(-45);
    x->setRange(-0.5, std::max(0.5, double(entry.values.size()) - 0.5));
    if (m_objective == QLatin1String("time"))
        DurationTicker::install(y);
    if (panel % columns == 0) // one label per row of panels is enough to read the direction
        y->setLabel(m_minimize ? tr("best (lower is better)") : tr("best (higher is better)"));
    QCPGraph *graph = m_plot->addGraph(x, y);
    graph->setData(keys, bests, true);
    graph->setPen(QPen(seriesColor(std::size_t(panel)), 1.5));
    graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 6));
    bool found = false;
    QCPRange range = graph->getValueRange(found);
    if (found) {
        const double pad = std::max(range.size() * 0.1, std::fabs(range.center()) * 0.05);
        y->setRange(range.lower - pad, range.upper + pad);
    }
}

void ImportanceMultiplesPlot::applyPalette()
{
    // Not applyPlotPalette(): the panels replace the default axis rect, and its legend with it.
    m_plot->setBackground(palette().brush(QPalette::Base));
    for (QCPAxisRect *rect : m_plot->axisRects())
        for (QCPAxis *axis : rect->axes())
            applyAxisPalette(axis, palette());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

int ImportanceMultiplesPlot::panelCount() const
{
    return int(m_titles.size());
}

QString ImportanceMultiplesPlot::panelTitle(int panel) const
{
    return m_titles.value(panel);
}

QVector<double> ImportanceMultiplesPlot::panelBests(int panel) const
{
    QVector<double> bests;
    if (panel < 0 || panel >= m_plot->graphCount())
        return bests;
    for (const QCPGraphData &point : *m_plot->graph(panel)->data())
        bests.append(point.value);
    return bests;
}

void ImportanceMultiplesPlot::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
    QWidget::changeEvent(event);
}

} // namespace tb
