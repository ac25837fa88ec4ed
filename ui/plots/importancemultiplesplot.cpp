#include "importancemultiplesplot.h"

#include "durationticker.h"
#include "model/parameter.h"
#include "models/durationformat.h"
#include "plotpalette.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QScrollArea>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace tb {

namespace {

constexpr std::size_t kMaxLabels = 8; // tick labels per panel

QColor failureColor()
{
    return QColor(0xd6, 0x45, 0x41);
}

// "64", "64 (1 failed)", "256 fails": a value's failures beside it, short enough for a
// slanted label.
QString tickLabel(const ValueBest &value)
{
    const QString text = QString::fromStdString(formatValue(value.value));
    if (value.alwaysFails())
        return ImportanceMultiplesPlot::tr("%1 fails").arg(text);
    if (value.failedCount > 0)
        return ImportanceMultiplesPlot::tr("%1 (%2 failed)").arg(text).arg(value.failedCount);
    return text;
}

QString costText(const ParameterImportance &entry)
{
    if (entry.firstFailingValue >= 0)
        return ImportanceMultiplesPlot::tr("fails at %1")
            .arg(QString::fromStdString(
                formatValue(entry.values[std::size_t(entry.firstFailingValue)].value)));
    return std::isnan(entry.importance) ? ImportanceMultiplesPlot::tr("n/a")
                                        : formatPercent(entry.importance);
}

} // namespace

ImportanceMultiplesPlot::ImportanceMultiplesPlot(QWidget *parent)
    : QWidget(parent), m_scroll(new QScrollArea(this)), m_plot(new QCustomPlot)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_scroll);
    // The panels keep a readable size; the scroll area shows what does not fit.
    m_scroll->setObjectName(QStringLiteral("importanceMultiplesScroll"));
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setWidget(m_plot);
    m_scroll->viewport()->installEventFilter(this);
    m_plot->setObjectName(QStringLiteral("importanceMultiples"));
    m_plot->setToolTip(tr("One plot per parameter, most important first: the best objective "
                          "reached with each of its values, every other parameter free; a "
                          "cross: a value whose every result failed"));
    m_plot->plotLayout()->clear(); // no panel until a ranking comes
    m_plot->setMinimumSize(kMinPanelWidth, kMinPanelHeight);
    setMinimumSize(kMinPanelWidth, kMinPanelHeight);
}

bool ImportanceMultiplesPlot::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_scroll->viewport() && event->type() == QEvent::Resize)
        arrange();
    return QWidget::eventFilter(watched, event);
}

void ImportanceMultiplesPlot::arrange(bool force)
{
    const int count = int(m_panels.size());
    const int fit = std::max(1, m_scroll->viewport()->width() / kMinPanelWidth);
    const int columns = std::max(1, std::min(count, fit));
    if (columns == m_columns && !force)
        return;
    m_columns = columns;
    QCPLayoutGrid *grid = m_plot->plotLayout();
    for (const Panel &panel : m_panels)
        if (panel.cell->layout() == grid)
            grid->take(panel.cell);
    grid->simplify();
    for (int panel = 0; panel < count; ++panel) {
        const Panel &shown = m_panels[std::size_t(panel)];
        grid->addElement(panel / columns, panel % columns, shown.cell);
        // One label per row of panels is enough to read the direction.
        shown.y->setLabel(panel % columns != 0 ? QString()
                          : m_minimize         ? tr("best (lower is better)")
                                               : tr("best (higher is better)"));
    }
    const int rows = (count + columns - 1) / columns;
    m_plot->setMinimumHeight(std::max(1, rows) * kMinPanelHeight);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
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
        for (int panel = 0; panel < count; ++panel)
            addPanel(panel, nameOf(ranked[std::size_t(panel)].parameter),
                     ranked[std::size_t(panel)]);
        arrange(true);
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

void ImportanceMultiplesPlot::addPanel(int panel, const QString &name,
                                       const ParameterImportance &entry)
{
    // Each panel: its title over its axis rect, in a cell that arrange() places in the grid.
    Panel shown;
    shown.cell = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(panel, 0, shown.cell); // in the plot first: its parent
    auto *rect = new QCPAxisRect(m_plot);
    shown.parameter = entry.parameter;
    for (const ValueBest &value : entry.values)
        shown.values.push_back(value.value);
    shown.title = new QCPTextElement(m_plot, QString());
    shown.title->setTextColor(palette().color(QPalette::WindowText));
    shown.cell->addElement(0, 0, shown.title);
    shown.cell->addElement(1, 0, rect);
    shown.cell->setRowStretchFactor(0,
                                    0.01); // the title takes its text's height, the plot the rest
    shown.x = rect->axis(QCPAxis::atBottom);
    shown.y = rect->axis(QCPAxis::atLeft);
    if (entry.values.size() > 3) // several values in a small panel: slanted labels fit
        shown.x->setTickLabelRotation(-45);
    shown.x->setRange(-0.5, std::max(0.5, double(entry.values.size()) - 0.5));
    if (m_objective == QLatin1String("time"))
        DurationTicker::install(shown.y);
    shown.graph = m_plot->addGraph(shown.x, shown.y);
    shown.graph->setPen(QPen(seriesColor(std::size_t(panel)), 1.5));
    shown.graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 6));
    shown.failing = m_plot->addGraph(shown.x, shown.y);
    shown.failing->setLineStyle(QCPGraph::lsNone);
    shown.failing->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCross, failureColor(), failureColor(), 10));
    m_panels.push_back(shown);
    m_titles.append(QString());
    updatePanel(panel, name, entry);
}

// The panel's title, ticks, points and value range: what a new ranking of the same panels
// changes.
void ImportanceMultiplesPlot::updatePanel(int panel, const QString &name,
                                          const ParameterImportance &entry)
{
    Panel &shown = m_panels[std::size_t(panel)];
    const QString cost = costText(entry);
    m_titles[panel] = entry.firstFailingValue >= 0 ? tr("%1: %2").arg(name, cost)
                                                   : tr("%1: worst value costs %2").arg(name, cost);
    shown.title->setText(tr("%1  %2").arg(name, cost));
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    // A label for every value up to kMaxLabels, else for every step-th: a parameter of
    // thousands of values would draw thousands of overlapping labels (a replot of ~15 ms).
    // A value that failed always gets its label: that is what the reader must see.
    const std::size_t step =
        std::max<std::size_t>(1, (entry.values.size() + kMaxLabels - 1) / kMaxLabels);
    for (std::size_t i = 0; i < entry.values.size(); ++i)
        if (i % step == 0 || entry.values[i].failedCount > 0)
            ticker->addTick(double(i), tickLabel(entry.values[i]));
    shown.x->setTicker(ticker);
    QVector<double> keys;
    QVector<double> bests;
    QVector<double> failingKeys;
    for (std::size_t i = 0; i < entry.values.size(); ++i) {
        keys.append(double(i));
        bests.append(entry.values[i].best);
        if (entry.values[i].alwaysFails())
            failingKeys.append(double(i));
    }
    shown.graph->setData(keys, bests, true);
    bool found = false;
    const QCPRange range = shown.graph->getValueRange(found);
    double low = 0;
    if (found) {
        const double pad = std::max(range.size() * 0.1, std::fabs(range.center()) * 0.05);
        shown.y->setRange(range.lower - pad, range.upper + pad);
        low = range.lower - pad / 2;
    } else {
        low = shown.y->range().lower + shown.y->range().size() * 0.05;
    }
    // The crosses sit at the panel's foot: a failure has no objective to place it by.
    shown.failing->setData(failingKeys, QVector<double>(failingKeys.size(), low), true);
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

QVector<double> ImportanceMultiplesPlot::panelFailingValues(int panel) const
{
    QVector<double> keys;
    if (panel < 0 || panel >= int(m_panels.size()))
        return keys;
    for (const QCPGraphData &point : *m_panels[std::size_t(panel)].failing->data())
        keys.append(point.key);
    return keys;
}

QRect ImportanceMultiplesPlot::panelRect(int panel) const
{
    if (panel < 0 || panel >= int(m_panels.size()))
        return {};
    return m_panels[std::size_t(panel)].cell->outerRect();
}

void ImportanceMultiplesPlot::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
    QWidget::changeEvent(event);
}

} // namespace tb
