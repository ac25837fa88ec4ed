#include "pairheatmapplot.h"

#include "durationticker.h"
#include "model/parameter.h"
#include "plotcontrols.h"
#include "plotpalette.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <cmath>

namespace tb {

namespace {

// A failure's red, a mid-tone that reads on the viridis cells and either palette.
QColor failureColor()
{
    return QColor(0xd6, 0x45, 0x41);
}

// Cells sit on value indexes; the ticks name the values.
QSharedPointer<QCPAxisTickerText> valueTicker(const std::vector<double> &values)
{
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (std::size_t i = 0; i < values.size(); ++i)
        ticker->addTick(double(i), QString::fromStdString(formatValue(values[i])));
    return ticker;
}

} // namespace

PairHeatmapPlot::PairHeatmapPlot(QWidget *parent)
    : QWidget(parent), m_xCombo(new QComboBox(this)), m_yCombo(new QComboBox(this)),
      m_plot(new QCustomPlot(this)), m_map(new QCPColorMap(m_plot->xAxis, m_plot->yAxis)),
      m_scale(new QCPColorScale(m_plot)), m_failed(m_plot->addGraph())
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(buildControls());
    layout->addWidget(m_plot, 1);
    m_plot->setObjectName(QStringLiteral("importanceHeatmap"));
    m_plot->setToolTip(tr("The best objective of each pair of values; an empty cell: nothing "
                          "with that pair ran ok; a cross: every result of that pair failed"));
    m_failed->setLineStyle(QCPGraph::lsNone);
    m_failed->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCross, failureColor(), failureColor(), 10));
    m_plot->plotLayout()->addElement(0, 1, m_scale);
    m_map->setColorScale(m_scale);
    m_map->setInterpolate(false);
    // The colour scale's margin follows the plot's, so its ends line up with the map's.
    auto *group = new QCPMarginGroup(m_plot);
    m_plot->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    m_scale->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    styleScale();
    applyPlotPalette(m_plot, palette());
    applyAxisPalette(m_scale->axis(), palette());
    setMinimumSize(240, 200);
}

QWidget *PairHeatmapPlot::buildControls()
{
    auto *controls = new QWidget(this);
    auto *row = new QHBoxLayout(controls);
    row->setContentsMargins(4, 2, 4, 0);
    const auto add = [row](const QString &text, QComboBox *combo, const QString &tip) {
        addLabelledCombo(row, text, combo, tip);
    };
    m_xCombo->setObjectName(QStringLiteral("heatmapXCombo"));
    m_yCombo->setObjectName(QStringLiteral("heatmapYCombo"));
    add(tr("Heatmap &X:"), m_xCombo, tr("The parameter along the columns"));
    add(tr("&Y:"), m_yCombo, tr("The parameter along the rows"));
    row->addStretch(1);
    // Only a user's pick comes through here: the setters block the combos' signals.
    connect(m_xCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_userChose = true;
        choosePair(index, m_y);
    });
    connect(m_yCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_userChose = true;
        choosePair(m_x, index);
    });
    return controls;
}

void PairHeatmapPlot::setParameters(const QStringList &names)
{
    if (names == m_names)
        return;
    m_names = names;
    m_userChose = false;
    m_x = names.isEmpty() ? -1 : 0;
    m_y = names.size() > 1 ? 1 : m_x;
    const QSignalBlocker xBlocker(m_xCombo);
    const QSignalBlocker yBlocker(m_yCombo);
    m_xCombo->clear();
    m_xCombo->addItems(names);
    m_xCombo->setCurrentIndex(m_x);
    m_yCombo->clear();
    m_yCombo->addItems(names);
    m_yCombo->setCurrentIndex(m_y);
    setGrid({});
}

void PairHeatmapPlot::setObjective(const QString &metric, bool minimize)
{
    m_objective = metric;
    m_minimize = minimize;
    styleScale();
}

void PairHeatmapPlot::setDefaultPair(int x, int y)
{
    if (!m_userChose)
        choosePair(x, y);
}

void PairHeatmapPlot::choosePair(int x, int y)
{
    if (x < 0 || y < 0 || x >= m_names.size() || y >= m_names.size() || (x == m_x && y == m_y))
        return;
    m_x = x;
    m_y = y;
    const QSignalBlocker xBlocker(m_xCombo);
    const QSignalBlocker yBlocker(m_yCombo);
    m_xCombo->setCurrentIndex(x);
    m_yCombo->setCurrentIndex(y);
    emit pairChanged(x, y);
}

void PairHeatmapPlot::styleScale()
{
    // Bright is good, whichever way the objective ranks: dark violet to yellow (viridis' ends),
    // readable on light and dark backgrounds alike, unlike a gradient that ends in white.
    QCPColorGradient gradient;
    gradient.setColorStopAt(0, QColor(0x44, 0x01, 0x54));
    gradient.setColorStopAt(0.5, QColor(0x21, 0x91, 0x8c));
    gradient.setColorStopAt(1, QColor(0xfd, 0xe7, 0x25));
    if (m_minimize)
        gradient = gradient.inverted();
    gradient.setNanHandling(QCPColorGradient::nhTransparent);
    m_map->setGradient(gradient);
    // Times of one space span decades: a log scale keeps the good cells apart.
    const bool time = m_objective == QLatin1String("time");
    m_scale->setDataScaleType(time ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (time) {
        DurationTicker::install(m_scale->axis());
        m_scale->axis()->setLabel(tr("best median time"));
    } else {
        m_scale->axis()->setTicker(QSharedPointer<QCPAxisTicker>::create());
        m_scale->axis()->setNumberFormat(QStringLiteral("gb"));
        m_scale->axis()->setLabel(tr("best %1").arg(m_objective));
    }
}

void PairHeatmapPlot::setGrid(const PairGrid &grid)
{
    m_grid = grid;
    const int columns = int(grid.firstValues.size());
    const int rows = int(grid.secondValues.size());
    // Cells sit on the value indexes (categories): evenly spaced whatever the values are. A
    // colour map of one cell along an axis draws nothing, so a lone value takes two half-cells.
    const int keys = std::max(columns, 2);
    const int values = std::max(rows, 2);
    const auto span = [](int count) {
        return count == 1 ? QCPRange(-0.25, 0.25) : QCPRange(0, std::max(1, count - 1));
    };
    m_map->data()->setSize(keys, values);
    m_map->data()->setRange(span(columns), span(rows));
    m_map->data()->fill(NAN);
    for (int i = 0; i < keys && columns > 0; ++i)
        for (int j = 0; j < values && rows > 0; ++j)
            m_map->data()->setCell(i, j,
                                   grid.cell(std::size_t(std::min(i, columns - 1)),
                                             std::size_t(std::min(j, rows - 1))));
    // Computed here: QCustomPlot's own bounds start from the first cell, which may be empty.
    double low = NAN;
    double high = NAN;
    for (const double best : grid.best)
        if (std::isfinite(best)) {
            low = std::isnan(low) ? best : std::min(low, best);
            high = std::isnan(high) ? best : std::max(high, best);
        }
    if (!std::isnan(low))
        m_map->setDataRange(low < high ? QCPRange(low, high) : QCPRange(low * 0.99, low * 1.01));
    markFailedCells(grid);
    m_plot->xAxis->setTicker(valueTicker(grid.firstValues));
    m_plot->yAxis->setTicker(valueTicker(grid.secondValues));
    m_plot->xAxis->setRange(-0.5, std::max(0.5, columns - 0.5));
    m_plot->yAxis->setRange(-0.5, std::max(0.5, rows - 0.5));
    m_plot->xAxis->setLabel(m_names.value(m_x));
    m_plot->yAxis->setLabel(m_names.value(m_y));
    if (isVisible())
        m_plot->replot(QCustomPlot::rpQueuedReplot);
}

// A cross on each cell whose every result failed: an empty cell alone would not tell "failed"
// from "never measured".
void PairHeatmapPlot::markFailedCells(const PairGrid &grid)
{
    QVector<double> keys;
    QVector<double> values;
    for (std::size_t j = 0; j < grid.secondValues.size(); ++j)
        for (std::size_t i = 0; i < grid.firstValues.size(); ++i)
            if (grid.failedCell(i, j)) {
                keys.append(double(i));
                values.append(double(j));
            }
    m_failed->setData(keys, values);
}

int PairHeatmapPlot::failedCellCount() const
{
    return m_failed->dataCount();
}

void PairHeatmapPlot::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange) {
        applyPlotPalette(m_plot, palette());
        applyAxisPalette(m_scale->axis(), palette());
    }
    QWidget::changeEvent(event);
}

} // namespace tb
