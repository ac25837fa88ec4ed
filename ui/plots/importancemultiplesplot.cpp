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

namespace {

constexpr std::size_t kMaxLabels = 8; // tick labels per panel

} // namespace

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
    const auto nameOf = [&](std::size_t parameter) {
        return names.value(qsizetype(parameter), tr("parameter %1").arg(parameter + 1));
    };
    if (samePanels(ranked)) {
        for (int panel = 0; panel < int(ranked.size()); ++panel)
            updatePanel(panel, nameOf(ranked[std::size_t(panel)].parameter),
                        ranked[std::size_t(panel)]);
    } else {
        // Rebuilt whole: the parameters' order or values changed.
        m_plot->clearPlottables();
        m_plot->plotLayout()->clear();
        m_titles.clear();
        m_panels.clear();
        const int count = int(ranked.size());
        const int columns = std::max(1, int(std::ceil(std::sqrt(double(count)))));
        for (int panel = 0; panel < count; ++panel)
            addPanel(panel, columns, nameOf(ranked[std::size_t(panel)].parameter),
                     ranked[std::size_t(panel)]);
        applyPalette();
    }
    if (isVisible())
        m_plot->replot(QCustomPlot::rpQueuedReplot);
}

bool ImportanceMultiplesPlot::samePanels(const std::vector<ParameterImportance> &ranked) const
{
    if (ranked.size() != m_panels.size() || ranked.empty())
        return false;
    for (std::size_t panel = 0; panel < ranked.size(); ++panel) {
        const ParameterImportance &entry = ranked[panel];
        const Panel &shown = m_panels[panel];
        if (entry.parameter != shown.parameter || entry.values.size() != shown.values.size())
            return false;
        for (std::size_t i = 0; i < entry.values.size(); ++i)
            if (entry.values[i].value != shown.values[i])
                return false;
    }
    return true;
}

void ImportanceMultiplesPlot::addPanel(int panel, int columns, const QString &name,
                                       const ParameterImportance &entry)
{
    // Each panel: its title over its axis rect, in a cell of the plot's grid.
    auto *cell = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(panel / columns, panel % columns, cell);
    auto *rect = new QCPAxisRect(m_plot);
    Panel shown;
    shown.parameter = entry.parameter;
    for (const ValueBest &value : entry.values)
        shown.values.push_back(value.value);
    shown.title = new QCPTextElement(m_plot, QString());
    shown.title->setTextColor(palette().color(QPalette::WindowText));
    cell->addElement(0, 0, shown.title);
    cell->addElement(1, 0, rect);
    cell->setRowStretchFactor(0, 0.01); // the title takes its text's height, the plot the rest
    QCPAxis *x = rect->axis(QCPAxis::atBottom);
    shown.y = rect->axis(QCPAxis::atLeft);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    // A label for every value up to kMaxLabels, else for every step-th: a parameter of
    // thousands of values would draw thousands of overlapping labels (a replot of ~15 ms).
    const std::size_t step = (entry.values.size() + kMaxLabels - 1) / kMaxLabels;
    for (std::size_t i = 0; i < entry.values.size(); i += std::max<std::size_t>(1, step))
        ticker->addTick(double(i), QString::fromStdString(formatValue(entry.values[i].value)));
    x->setTicker(ticker);
    if (entry.values.size() > 3) // several values in a small panel: slanted labels fit
        x->setTickLabelRotation(-45);
    x->setRange(-0.5, std::max(0.5, double(entry.values.size()) - 0.5));
    if (m_objective == QLatin1String("time"))
        DurationTicker::install(shown.y);
    if (panel % columns == 0) // one label per row of panels is enough to read the direction
        shown.y->setLabel(m_minimize ? tr("best (lower is better)")
                                     : tr("best (higher is better)"));
    shown.graph = m_plot->addGraph(x, shown.y);
    shown.graph->setPen(QPen(seriesColor(std::size_t(panel)), 1.5));
    shown.graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 6));
    m_panels.push_back(shown);
    m_titles.append(QString());
    updatePanel(panel, name, entry);
}

// The panel's title, points and value range: what a new ranking of the same panels changes.
void ImportanceMultiplesPlot::updatePanel(int panel, const QString &name,
                                          const ParameterImportance &entry)
{
    Panel &shown = m_panels[std::size_t(panel)];
    const QString cost = std::isnan(entry.importance) ? tr("n/a") : formatPercent(entry.importance);
    m_titles[panel] = tr("%1: worst value costs %2").arg(name, cost);
    shown.title->setText(tr("%1  %2").arg(name, cost));
    QVector<double> keys;
    QVector<double> bests;
    for (std::size_t i = 0; i < entry.values.size(); ++i) {
        keys.append(double(i));
        bests.append(entry.values[i].best);
    }
    shown.graph->setData(keys, bests, true);
    bool found = false;
    const QCPRange range = shown.graph->getValueRange(found);
    if (found) {
        const double pad = std::max(range.size() * 0.1, std::fabs(range.center()) * 0.05);
        shown.y->setRange(range.lower - pad, range.upper + pad);
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
    if (panel < 0 || panel >= int(m_panels.size()))
        return bests;
    for (const QCPGraphData &point : *m_panels[std::size_t(panel)].graph->data())
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
