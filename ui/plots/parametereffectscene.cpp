#include "parametereffectscene.h"

#include "densescattergraph.h"
#include "model/parameter.h"
#include "plotpalette.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace tb {

namespace {

static_assert(kSeriesColorCount >= std::size_t(ParameterEffectScene::kMaxLegendValues));

// Viridis: ordered, readable on white and on dark, and in grey.
QCPColorGradient viridis()
{
    QCPColorGradient gradient;
    gradient.clearColorStops();
    gradient.setColorStopAt(0.0, QColor(68, 1, 84));
    gradient.setColorStopAt(0.25, QColor(59, 82, 139));
    gradient.setColorStopAt(0.5, QColor(33, 145, 140));
    gradient.setColorStopAt(0.75, QColor(94, 201, 98));
    gradient.setColorStopAt(1.0, QColor(253, 231, 37));
    return gradient;
}

QString valueLabel(double value)
{
    return QString::fromStdString(formatValue(value));
}

// Labelled ticks at category positions 0..n-1: every one, or every k-th past `most`.
QSharedPointer<QCPAxisTickerText> categoryTicker(const std::vector<double> &values, int most)
{
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    const int step = std::max(1, int(std::ceil(double(values.size()) / most)));
    for (int i = 0; i < int(values.size()); i += step)
        ticker->addTick(i, valueLabel(values[std::size_t(i)]));
    return ticker;
}

} // namespace

ParameterEffectScene::ParameterEffectScene(QCustomPlot *plot)
    : m_plot(plot), m_colorScale(new QCPColorScale(plot)), m_side(new QCPLayoutGrid)
{
    // The legend and the colour scale take turns at the top of a column right of the axis
    // rect; a spacer under the legend keeps its entries together.
    m_plot->plotLayout()->addElement(0, 1, m_side);
    m_plot->plotLayout()->setColumnStretchFactor(1, 0.001);
    m_side->addElement(1, 0, new QCPLayoutElement(m_plot));
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    m_plot->legend->setVisible(false);
    m_colorScale->setVisible(false);
    m_colorScale->setGradient(viridis());
}

void ParameterEffectScene::rebuild(const ParameterEffectData &data, const ParameterEffectView &view)
{
    m_view = view;
    m_plot->clearGraphs();
    m_groups.clear();
    m_placed = 0;
    m_bestRow = -1;
    styleXAxis(data);
    addGroups(data);
    m_best = m_plot->addGraph();
    m_best->setLineStyle(QCPGraph::lsNone);
    // A ring around the best point, which stays visible inside it.
    m_best->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssCircle, QPen(m_plot->xAxis->labelColor(), 1.5), Qt::NoBrush, 14));
    m_best->removeFromLegend();
    append(data);
}

void ParameterEffectScene::styleXAxis(const ParameterEffectData &data)
{
    const std::vector<double> &xs = data.distinctValues(m_view.xParameter);
    m_numericX = data.isResource(m_view.xParameter);
    m_categories = int(xs.size());
    m_plot->xAxis->setLabel(m_view.xName);
    m_plot->xAxis->grid()->setVisible(m_numericX); // columns need no grid; figures do
    if (m_numericX)
        m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    else
        m_plot->xAxis->setTicker(categoryTicker(xs, 20)); // every column, up to 20 of them
}

double ParameterEffectScene::xOf(const ParameterEffectData &data, int row) const
{
    const double value = data.value(row, m_view.xParameter);
    if (m_numericX)
        return value;
    const int column = data.category(m_view.xParameter, value);
    return column < 0 ? std::nan("") : column + data.jitter(row);
}

void ParameterEffectScene::addGroups(const ParameterEffectData &data)
{
    m_colorLabels.clear();
    m_colorOf.clear();
    const std::vector<double> none;
    const std::vector<double> &values =
        m_view.colorParameter >= 0 ? data.distinctValues(m_view.colorParameter) : none;
    m_gradient = int(values.size()) > kMaxLegendValues;
    const int groups = std::max(1, int(values.size()));
    QCPColorGradient gradient = viridis(); // color() is not const: it caches a lookup table
    for (int group = 0; group < groups; ++group) {
        QColor color = seriesColor(values.empty() ? 0 : std::size_t(group));
        if (m_gradient)
            color = QColor::fromRgb(gradient.color(group, QCPRange(0, groups - 1)));
        auto *graph = new DenseScatterGraph(m_plot->xAxis, m_plot->yAxis);
        graph->setLineStyle(QCPGraph::lsNone);
        QColor faded = color;
        faded.setAlpha(170);
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, faded, faded, 6));
        if (!values.empty()) {
            const QString label = valueLabel(values[std::size_t(group)]);
            graph->setName(QStringLiteral("%1 = %2").arg(m_view.colorName, label));
            m_colorLabels.append(label);
            m_colorOf.insert(label, color);
        }
        if (values.empty() || m_gradient)
            graph->removeFromLegend();
        m_groups.append(graph);
    }
    if (m_gradient) {
        m_colorScale->setDataRange(QCPRange(0, groups - 1));
        m_colorScale->axis()->setTicker(categoryTicker(values, 8));
        m_colorScale->axis()->setLabel(m_view.colorName);
    }
    placeSide(m_gradient ? static_cast<QCPLayoutElement *>(m_colorScale)
                         : (values.empty() ? nullptr : m_plot->legend));
}

void ParameterEffectScene::placeSide(QCPLayoutElement *element)
{
    for (QCPLayoutElement *side : {static_cast<QCPLayoutElement *>(m_plot->legend),
                                   static_cast<QCPLayoutElement *>(m_colorScale)}) {
        if (side->layout() == m_side)
            m_side->take(side);
        side->setVisible(side == element);
    }
    if (element)
        m_side->addElement(0, 0, element);
    // A legend as tall as its entries; a colour scale as tall as the axis rect.
    const bool legend = element == m_plot->legend;
    m_side->setRowStretchFactors({legend ? 0.001 : 1.0, legend ? 1.0 : 0.001});
}

void ParameterEffectScene::append(const ParameterEffectData &data)
{
    QVector<QVector<double>> keys(m_groups.size()), values(m_groups.size());
    const bool wasEmpty = m_bestRow < 0;
    for (int row = m_placed; row < data.count(); ++row) {
        if (data.sizeIndex(row) != m_view.sizeIndex)
            continue;
        const double x = xOf(data, row);
        const int group =
            m_view.colorParameter < 0
                ? 0
                : data.category(m_view.colorParameter, data.value(row, m_view.colorParameter));
        if (!std::isfinite(x) || group < 0)
            continue; // a value missing from this configuration
        const double objective = data.objective(row);
        keys[group].append(x);
        values[group].append(objective);
        const bool first = m_bestRow < 0;
        m_minObjective = first ? objective : std::min(m_minObjective, objective);
        m_maxObjective = first ? objective : std::max(m_maxObjective, objective);
        m_minX = first ? x : std::min(m_minX, x);
        m_maxX = first ? x : std::max(m_maxX, x);
        const double best = first ? 0 : data.objective(m_bestRow);
        if (first || (m_view.minimize ? objective < best : objective > best))
            m_bestRow = row;
    }
    m_placed = data.count();
    for (int group = 0; group < m_groups.size(); ++group)
        if (!keys[group].isEmpty())
            m_groups[group]->addData(keys[group], values[group]); // merged into the sorted data
    if (m_bestRow >= 0 && (wasEmpty || m_best->data()->isEmpty() ||
                           m_best->data()->constBegin()->value != data.objective(m_bestRow))) {
        m_best->setData({xOf(data, m_bestRow)}, {data.objective(m_bestRow)});
    }
}

void ParameterEffectScene::fitView()
{
    if (m_numericX)
        fitNumericX();
    else
        m_plot->xAxis->setRange(-0.5, std::max(1, m_categories) - 0.5);
    if (m_bestRow < 0)
        return;
    QCPAxis *axis = m_plot->yAxis;
    if (axis->scaleType() == QCPAxis::stLogarithmic && m_minObjective > 0) {
        axis->setRange(m_minObjective / 1.3, m_maxObjective * 1.3);
        return;
    }
    const double span = m_maxObjective - m_minObjective;
    const double pad = span > 0 ? span * 0.06 : std::max(std::abs(m_maxObjective) * 0.1, 1.0);
    axis->setRange(m_minObjective - pad, m_maxObjective + pad);
}

// The figures' span and a margin, so that the first and last points are not cut in half.
void ParameterEffectScene::fitNumericX()
{
    if (m_bestRow < 0) {
        m_plot->xAxis->setRange(0, 1);
        return;
    }
    const double low = m_minX;
    const double high = m_maxX;
    const double pad = high > low ? (high - low) * 0.05 : std::max(std::abs(high) * 0.1, 1.0);
    m_plot->xAxis->setRange(low - pad, high + pad);
}

int ParameterEffectScene::rowAt(const ParameterEffectData &data, const QPointF &pixel) const
{
    constexpr double kTolerance = 8; // pixels: a disc is 6 wide, and hands are not exact
    int nearest = -1;
    double nearestDistance = kTolerance * kTolerance;
    for (int row = 0; row < data.count(); ++row) {
        if (data.sizeIndex(row) != m_view.sizeIndex)
            continue;
        const double x = xOf(data, row);
        if (!std::isfinite(x) ||
            (m_view.colorParameter >= 0 &&
             data.category(m_view.colorParameter, data.value(row, m_view.colorParameter)) < 0))
            continue; // not drawn
        const QPointF point(m_plot->xAxis->coordToPixel(x),
                            m_plot->yAxis->coordToPixel(data.objective(row)));
        const QPointF delta = point - pixel;
        const double distance = QPointF::dotProduct(delta, delta);
        if (distance <= nearestDistance) {
            nearest = row;
            nearestDistance = distance;
        }
    }
    return nearest;
}

} // namespace tb
