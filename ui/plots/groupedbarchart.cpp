#include "groupedbarchart.h"

#include "plotpalette.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QRegularExpression>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace tb {

namespace {

// Long captions ("run 3: BLOCK=128,VEC=1,ITEMS=2") side by side overlap: break them after
// separators into lines of about `width` characters.
QString wrapLabel(const QString &text, int width = 20)
{
    static const QRegularExpression breakAfter(QStringLiteral("(?<=[,; ])"));
    QStringList lines{QString()};
    for (const QString &piece : text.split(breakAfter, Qt::SkipEmptyParts)) {
        if (!lines.last().isEmpty() && lines.last().size() + piece.size() > width)
            lines << QString();
        lines.last() += piece;
    }
    for (QString &line : lines)
        line = line.trimmed();
    return lines.join(QLatin1Char('\n'));
}

// The top of a value axis: some headroom, and 1 when every bar is zero.
double axisTop(const QVector<QCPBars *> &bars, bool rightAxis)
{
    double top = 0;
    for (QCPBars *bar : bars) {
        if ((bar->valueAxis()->axisType() == QCPAxis::atRight) != rightAxis)
            continue;
        for (auto it = bar->data()->constBegin(); it != bar->data()->constEnd(); ++it)
            top = std::max(top, it->value);
    }
    return top > 0 ? top * 1.1 : 1;
}

} // namespace

GroupedBarChart::GroupedBarChart(QWidget *parent)
    : QWidget(parent), m_plot(new QCustomPlot(this)), m_group(new QCPBarsGroup(m_plot))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_group->setSpacingType(QCPBarsGroup::stAbsolute);
    m_group->setSpacing(2);
    m_plot->xAxis->grid()->setVisible(false);
    m_plot->legend->setFont(font());
    // The legend is a row under the axis rect, where it never covers a bar.
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    m_plot->plotLayout()->addElement(1, 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->legend->setMargins(QMargins(4, 0, 4, 2));
    applyPlotPalette(m_plot, palette());
    setMinimumSize(240, 160);
}

void GroupedBarChart::setAxisLabels(const QString &left, const QString &right)
{
    m_plot->yAxis->setLabel(left);
    m_plot->yAxis2->setLabel(right);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void GroupedBarChart::setData(const QStringList &categories, const QVector<Series> &series)
{
    m_group->clear();
    for (QCPBars *bars : m_bars)
        m_plot->removePlottable(bars);
    m_bars.clear();
    m_categories = categories;

    const double width = 0.8 / std::max<qsizetype>(1, series.size());
    bool anyRight = false;
    for (int s = 0; s < series.size(); ++s) {
        const Series &one = series.at(s);
        anyRight = anyRight || one.rightAxis;
        auto *bars = new QCPBars(m_plot->xAxis, one.rightAxis ? m_plot->yAxis2 : m_plot->yAxis);
        const QColor color = seriesColor(std::size_t(s));
        bars->setName(one.name);
        bars->setPen(QPen(color.darker(130)));
        bars->setBrush(color);
        bars->setWidth(width);
        for (int c = 0; c < std::min(one.values.size(), categories.size()); ++c)
            if (std::isfinite(one.values.at(c)))
                bars->addData(c + 1, one.values.at(c));
        bars->setBarsGroup(m_group);
        m_bars << bars;
    }

    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (int c = 0; c < categories.size(); ++c)
        ticker->addTick(c + 1, wrapLabel(categories.at(c)));
    m_plot->xAxis->setTicker(ticker);
    // Long captions of many configs overlap when level.
    m_plot->xAxis->setTickLabelRotation(categories.size() > 6 ? -30 : 0);
    m_plot->xAxis->setRange(0.4, categories.size() + 0.6);
    m_plot->yAxis->setRange(0, axisTop(m_bars, false));
    m_plot->yAxis2->setVisible(anyRight);
    m_plot->yAxis2->setRange(0, axisTop(m_bars, true));
    m_plot->legend->setVisible(!m_bars.isEmpty());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QString GroupedBarChart::seriesName(int series) const
{
    return m_bars.at(series)->name();
}

int GroupedBarChart::barCount(int series) const
{
    return m_bars.at(series)->dataCount();
}

void GroupedBarChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyPlotPalette(m_plot, palette());
    QWidget::changeEvent(event);
}

} // namespace tb
