#include "resourceplot.h"

#include "densescattergraph.h"
#include "model/resultfigure.h"
#include "plotpalette.h"
#include "viewfollower.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QLabel>
#include <QStackedLayout>
#include <QTimer>

#include <algorithm>
#include <optional>

namespace tb {

namespace {

const QColor kOkColor = seriesColor(0);
const QColor kFailedColor(0x8c, 0x8c, 0x8c);

std::optional<double> spillBytes(const Result &result)
{
    const auto stores = result.resource(figures::kSpillStores);
    const auto loads = result.resource(figures::kSpillLoads);
    if (!stores && !loads)
        return std::nullopt;
    return stores.value_or(0) + loads.value_or(0);
}

void setIntegerTicks(QCPAxis *axis)
{
    QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
    ticker->setTickStep(1);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    axis->setTicker(ticker);
}

} // namespace

ResourcePlot::ResourcePlot(QWidget *parent)
    : QWidget(parent), m_stack(new QStackedLayout(this)), m_plot(new QCustomPlot(this)),
      m_message(new QLabel(this)), m_follower(new ViewFollower(m_plot)),
      m_replotTimer(new QTimer(this))
{
    m_stack->setContentsMargins(0, 0, 0, 0);
    m_stack->addWidget(m_plot);
    m_stack->addWidget(m_message);
    m_message->setObjectName(QStringLiteral("resourceMessage"));
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    m_message->setToolTip(tr("Registers and spills are figures of compiled GPU kernels (ptxas); "
                             "a kernel built for the CPU has none."));
    buildAxes();
    applyPlotPalette(m_plot, palette());
    m_plot->setToolTip(tr("Registers per thread and spill bytes (stores + loads) of each "
                          "configuration, in evaluation order; failed configurations in grey.\n"
                          "Drag or wheel to look along the evaluations; double-click to follow "
                          "the run again."));
    connect(m_follower, &ViewFollower::followRequested, this, [this] {
        m_dirty = true;
        replotIfDirty();
    });
    m_replotTimer->setInterval(100);
    connect(m_replotTimer, &QTimer::timeout, this, &ResourcePlot::replotIfDirty);
    m_replotTimer->start();
    setMinimumSize(kMinimumWidth, kMinimumHeight);
}

void ResourcePlot::buildAxes()
{
    // The default axis rect holds registers (and the legend); a second one below, spills.
    m_registersRect = m_plot->axisRect();
    m_spillsRect = new QCPAxisRect(m_plot);
    m_plot->plotLayout()->addElement(1, 0, m_spillsRect);
    auto *margins = new QCPMarginGroup(m_plot);
    for (QCPAxisRect *rect : {m_registersRect, m_spillsRect}) {
        rect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
        rect->setRangeDrag(Qt::Horizontal);
        rect->setRangeZoom(Qt::Horizontal);
        setIntegerTicks(rect->axis(QCPAxis::atLeft));
    }
    QCPAxis *topX = m_registersRect->axis(QCPAxis::atBottom);
    QCPAxis *bottomX = m_spillsRect->axis(QCPAxis::atBottom);
    topX->setTickLabels(false); // the evaluation axis is labelled once, at the bottom
    bottomX->setLabel(tr("evaluation #"));
    m_registersRect->axis(QCPAxis::atLeft)->setLabel(tr("registers"));
    m_spillsRect->axis(QCPAxis::atLeft)->setLabel(tr("spill bytes"));
    connect(topX, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), bottomX,
            qOverload<const QCPRange &>(&QCPAxis::setRange));
    connect(bottomX, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), topX,
            qOverload<const QCPRange &>(&QCPAxis::setRange));
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);

    m_registers[0] = addPoints(m_registersRect, kOkColor, tr("ok"));
    m_registers[1] = addPoints(m_registersRect, kFailedColor, tr("failed"));
    m_spills[0] = addPoints(m_spillsRect, kOkColor, QString());
    m_spills[1] = addPoints(m_spillsRect, kFailedColor, QString());
    m_plot->legend->removeItem(m_plot->legend->itemWithPlottable(m_spills[0]));
    m_plot->legend->removeItem(m_plot->legend->itemWithPlottable(m_spills[1]));
    m_plot->legend->setVisible(true);
    m_registersRect->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    fitView();
}

DenseScatterGraph *ResourcePlot::addPoints(QCPAxisRect *rect, const QColor &color,
                                           const QString &name)
{
    auto *graph = new DenseScatterGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    graph->setName(name);
    graph->setLineStyle(QCPGraph::lsNone);
    QColor faded = color;
    faded.setAlpha(160);
    graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, faded, faded, kMarkerSize));
    return graph;
}

bool ResourcePlot::followsData() const
{
    return m_follower->follows();
}

QCPGraph *ResourcePlot::registersGraph(bool failed) const
{
    return m_registers[failed ? 1 : 0];
}

QCPGraph *ResourcePlot::spillsGraph(bool failed) const
{
    return m_spills[failed ? 1 : 0];
}

void ResourcePlot::clear()
{
    for (int i = 0; i < 2; ++i) {
        m_registers[i]->data()->clear();
        m_spills[i]->data()->clear();
    }
    m_pointCount = m_evaluationCount = m_measuredWithout = 0;
    m_maxRegisters = m_maxSpillBytes = 0;
    m_follower->setFollows(true);
    m_dirty = true;
}

void ResourcePlot::addResults(const QVector<ResultEvent> &batch)
{
    // Appended per graph in one go: evaluation numbers only grow.
    QVector<double> keys[4], values[4]; // registers ok/failed, spills ok/failed
    for (const ResultEvent &event : batch) {
        const double x = ++m_evaluationCount;
        const Result &result = event.result;
        const int failed = result.status == ResultStatus::Ok ? 0 : 1;
        const auto registers = result.resource(figures::kRegisters);
        const auto spills = spillBytes(result);
        if (!registers && !spills) {
            m_measuredWithout += failed ? 0 : 1;
            continue;
        }
        ++m_pointCount;
        if (registers) {
            keys[failed].append(x);
            values[failed].append(*registers);
            m_maxRegisters = std::max(m_maxRegisters, *registers);
        }
        if (spills) {
            keys[2 + failed].append(x);
            values[2 + failed].append(*spills);
            m_maxSpillBytes = std::max(m_maxSpillBytes, *spills);
        }
    }
    DenseScatterGraph *graphs[4] = {m_registers[0], m_registers[1], m_spills[0], m_spills[1]};
    for (int i = 0; i < 4; ++i)
        if (!keys[i].isEmpty())
            graphs[i]->addData(keys[i], values[i], true);
    m_dirty = m_dirty || !batch.isEmpty();
}

QString ResourcePlot::message() const
{
    return m_stack->currentWidget() == m_message ? m_message->text() : QString();
}

void ResourcePlot::updateMessage()
{
    QString text;
    // Ok results without any: a CPU kernel, or a file of another tool that records none.
    if (m_pointCount == 0 && m_measuredWithout > 0)
        text = tr("No resource usage recorded (a CPU backend, or an imported run)");
    else if (m_pointCount == 0 && m_evaluationCount > 0)
        text = tr("No resource usage yet: no configuration has compiled");
    m_message->setText(text);
    m_stack->setCurrentWidget(text.isEmpty() ? static_cast<QWidget *>(m_plot) : m_message);
}

void ResourcePlot::fitView()
{
    // Some room around the data so points never sit on the frame; zero spills stay visible.
    m_registersRect->axis(QCPAxis::atBottom)->setRange(0, std::max(10.0, m_evaluationCount * 1.02));
    const double registersTop = std::max(32.0, m_maxRegisters * 1.15);
    m_registersRect->axis(QCPAxis::atLeft)->setRange(-registersTop * 0.04, registersTop);
    const double spillsTop = std::max(16.0, m_maxSpillBytes * 1.15);
    m_spillsRect->axis(QCPAxis::atLeft)->setRange(-spillsTop * 0.04, spillsTop);
}

void ResourcePlot::replotIfDirty()
{
    if (!m_dirty)
        return;
    m_dirty = false;
    updateMessage();
    if (m_follower->follows())
        fitView();
    m_plot->legend->setVisible(!m_registers[1]->data()->isEmpty());
    // A hidden plot (another page or tab in front) keeps its data and draws when shown.
    if (isVisible())
        m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void ResourcePlot::showEvent(QShowEvent *event)
{
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    QWidget::showEvent(event);
}

void ResourcePlot::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyPlotPalette(m_plot, palette());
    QWidget::changeEvent(event);
}

} // namespace tb
