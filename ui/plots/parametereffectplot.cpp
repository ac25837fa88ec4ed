#include "parametereffectplot.h"

#include "durationticker.h"
#include "plotcontrols.h"
#include "plotpalette.h"
#include "viewfollower.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace tb {

ParameterEffectPlot::ParameterEffectPlot(QWidget *parent)
    : QWidget(parent), m_xCombo(new QComboBox(this)), m_colorCombo(new QComboBox(this)),
      m_sizeCombo(new QComboBox(this)), m_plot(new QCustomPlot(this)), m_scene(m_plot),
      m_follower(new ViewFollower(m_plot)), m_replotTimer(new QTimer(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(buildControls());
    layout->addWidget(m_plot, 1);

    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->setToolTip(tr("Objective of each configuration against the chosen parameter; the "
                          "ring marks the best.\nClick a point to select its result in the "
                          "table. Drag to pan, wheel to zoom; double-click to fit the view "
                          "again."));
    connectClicks();
    styleObjectiveAxis();
    applyPlotPalette(m_plot, palette());
    applyAxisPalette(m_scene.colorScale()->axis(), palette());
    connect(m_follower, &ViewFollower::followRequested, this, [this] {
        m_dirty = true;
        replotIfDirty();
    });
    m_replotTimer->setInterval(100);
    connect(m_replotTimer, &QTimer::timeout, this, &ParameterEffectPlot::replotIfDirty);
    m_replotTimer->start();
    setMinimumSize(280, 220);
    replotIfDirty();
}

QWidget *ParameterEffectPlot::buildControls()
{
    auto *controls = new QWidget(this);
    auto *row = new QHBoxLayout(controls);
    row->setContentsMargins(4, 2, 4, 0);
    const auto add = [row](const QString &text, QComboBox *combo, const QString &tip) {
        addLabelledCombo(row, text, combo, tip);
    };
    m_xCombo->setObjectName(QStringLiteral("xParameterCombo"));
    m_colorCombo->setObjectName(QStringLiteral("colorParameterCombo"));
    m_sizeCombo->setObjectName(QStringLiteral("sizeCombo"));
    add(tr("&X:"), m_xCombo,
        tr("The parameter on the horizontal axis: one column per value; a resource figure "
           "(registers, spills, ...) on a numeric axis"));
    add(tr("&Colour:"), m_colorCombo,
        tr("Colour the points by this parameter's value (a gradient when it has more than "
           "%1 values)")
            .arg(kMaxLegendValues));
    add(tr("Si&ze:"), m_sizeCombo, tr("The problem size shown: each size is tuned separately"));
    row->addStretch(1);
    connect(m_xCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        setXParameter(m_choices.name(m_xCombo->itemData(index).toInt()));
    });
    connect(m_colorCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        setColorParameter(m_choices.name(m_colorCombo->itemData(index).toInt()));
    });
    connect(m_sizeCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0)
            setSizeIndex(std::size_t(m_sizeCombo->itemData(index).toULongLong()));
    });
    return controls;
}

void ParameterEffectPlot::connectClicks()
{
    // A press and release in (nearly) one place is a click; anything longer is a drag (pan).
    connect(m_plot, &QCustomPlot::mousePress, this,
            [this](QMouseEvent *event) { m_pressedAt = event->pos(); });
    connect(m_plot, &QCustomPlot::mouseRelease, this, [this](QMouseEvent *event) {
        if (event->button() != Qt::LeftButton ||
            (event->pos() - m_pressedAt).manhattanLength() > QApplication::startDragDistance())
            return;
        const int row = rowAt(event->position());
        if (row >= 0)
            emit resultClicked(QString::fromStdString(std::string(m_data.configKey(row))),
                               m_data.sizeIndex(row));
    });
}

int ParameterEffectPlot::rowAt(const QPointF &pixel) const
{
    return m_scene.rowAt(m_data, pixel);
}

void ParameterEffectPlot::setParameters(const QStringList &names)
{
    // Keep the chosen parameters by name; placeholder names ("parameter 2") by position; a
    // chosen resource stays as it is.
    const int count = int(names.size());
    if (m_choices.names().isEmpty()) {
        m_xParameter = isResourceChoice(m_xParameter) ? m_xParameter : 0;
        if (!isResourceChoice(m_colorParameter))
            m_colorParameter = count > 1 ? 1 : -1;
    } else if (m_placeholderNames) {
        if (!isResourceChoice(m_xParameter))
            m_xParameter = m_xParameter < count ? m_xParameter : 0;
        if (!isResourceChoice(m_colorParameter))
            m_colorParameter = m_colorParameter < count ? m_colorParameter : -1;
    } else {
        if (!isResourceChoice(m_xParameter))
            m_xParameter = std::max(0, int(names.indexOf(xParameter())));
        if (!isResourceChoice(m_colorParameter))
            m_colorParameter = int(names.indexOf(colorParameter()));
    }
    m_choices.setNames(names);
    m_placeholderNames = false;
    fillChoiceCombos();
    m_layoutDirty = true;
    replotIfDirty();
}

void ParameterEffectPlot::setObjective(const QString &metric, bool minimize)
{
    m_objective = metric;
    m_minimize = minimize;
    styleObjectiveAxis();
    m_layoutDirty = true;
    replotIfDirty();
}

void ParameterEffectPlot::styleObjectiveAxis()
{
    QCPAxis *axis = m_plot->yAxis;
    if (m_objective == QLatin1String("time")) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        DurationTicker::install(axis); // "800 µs", "1 ms", "2 ms"
        axis->setLabel(tr("median time"));
    } else {
        axis->setScaleType(QCPAxis::stLinear);
        axis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        axis->setNumberFormat(QStringLiteral("gb"));
        axis->setNumberPrecision(4);
        axis->setLabel(m_minimize ? tr("%1 (lower is better)").arg(m_objective)
                                  : tr("%1 (higher is better)").arg(m_objective));
    }
}

void ParameterEffectPlot::addResults(const QVector<ResultEvent> &batch)
{
    const std::size_t sizesBefore = m_data.countPerSize().size();
    const int xChannel = dataChannel(m_xParameter);
    const int colorChannel = dataChannel(m_colorParameter);
    // New categories move every point: place them all again. A resource on x is numeric, so
    // its new values move nothing (and a live run finds new register counts often).
    const auto moves = [&](int channel) {
        return xChannel < 0 || channel == colorChannel ||
               (channel == xChannel && !m_data.isResource(xChannel));
    };
    for (const ResultEvent &event : batch)
        for (const int channel : m_data.add(event))
            m_layoutDirty = m_layoutDirty || moves(channel);
    if (m_choices.names().isEmpty() && m_data.parameterCount() > 0) {
        QStringList names; // no spec told us the names
        for (int i = 0; i < m_data.parameterCount(); ++i)
            names.append(tr("parameter %1").arg(i + 1));
        setParameters(names);
        m_placeholderNames = true;
    }
    if (m_choices.offerResourcesOf(m_data))
        fillChoiceCombos(); // the first CUDA result: its figures become choices
    if (m_data.countPerSize().size() != sizesBefore) {
        if (!m_sizeChosen && !m_data.countPerSize().count(m_sizeIndex)) {
            m_sizeIndex = m_data.countPerSize().begin()->first;
            m_layoutDirty = true;
        }
        updateSizeCombo();
    }
    m_dirty = m_dirty || !batch.isEmpty();
}

void ParameterEffectPlot::clear()
{
    m_data.clear();
    m_sizeLabels.clear();
    m_sizeChosen = false;
    m_sizeIndex = 0;
    m_follower->setFollows(true);
    dropResourceChoices();
    fillChoiceCombos();
    updateSizeCombo();
    m_layoutDirty = true;
    replotIfDirty();
}

void ParameterEffectPlot::clearResults()
{
    m_data.clear();
    m_layoutDirty = true;
    replotIfDirty();
}

QString ParameterEffectPlot::xParameter() const
{
    return m_choices.name(m_xParameter);
}

QString ParameterEffectPlot::colorParameter() const
{
    return m_choices.name(m_colorParameter);
}

int ParameterEffectPlot::pointCount() const
{
    const auto found = m_data.countPerSize().find(m_sizeIndex);
    return found == m_data.countPerSize().end() ? 0 : found->second;
}

QStringList ParameterEffectPlot::xTickLabels() const
{
    const auto ticker = m_plot->xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    return ticker ? QStringList(ticker->ticks().values()) : QStringList();
}

QStringList ParameterEffectPlot::colorValueLabels() const
{
    return m_scene.colorLabels();
}

ParameterEffectView ParameterEffectPlot::view() const
{
    return {dataChannel(m_xParameter),
            dataChannel(m_colorParameter),
            m_sizeIndex,
            xParameter(),
            colorParameter(),
            m_minimize};
}

void ParameterEffectPlot::replotIfDirty()
{
    if (!m_dirty && !m_layoutDirty)
        return;
    if (m_layoutDirty)
        m_scene.rebuild(m_data, view());
    else if (m_scene.placedRows() < m_data.count())
        m_scene.append(m_data);
    m_layoutDirty = m_dirty = false;
    if (m_follower->follows())
        m_scene.fitView();
    // A hidden plot (another page or tab in front) keeps its data and draws when shown.
    if (isVisible())
        m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void ParameterEffectPlot::showEvent(QShowEvent *event)
{
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    QWidget::showEvent(event);
}

void ParameterEffectPlot::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange) {
        applyPlotPalette(m_plot, palette());
        applyAxisPalette(m_scene.colorScale()->axis(), palette()); // not in an axis rect
        m_layoutDirty = true;                                      // the ring takes the text colour
    }
    QWidget::changeEvent(event);
}

void ParameterEffectPlot::setSizeLabel(std::size_t sizeIndex, const QString &label)
{
    m_sizeLabels.insert(sizeIndex, label);
    updateSizeCombo();
}

void ParameterEffectPlot::setXParameter(const QString &name)
{
    const int choice = m_choices.find(name);
    if (choice < 0 || choice == m_xParameter)
        return;
    m_xParameter = choice;
    {
        const QSignalBlocker blocker(m_xCombo);
        m_xCombo->setCurrentIndex(m_xCombo->findData(choice));
    }
    m_layoutDirty = true;
    replotIfDirty();
    emit viewChanged();
}

void ParameterEffectPlot::setColorParameter(const QString &name)
{
    const int choice = name.isEmpty() ? -1 : m_choices.find(name);
    if ((choice < 0 && !name.isEmpty()) || choice == m_colorParameter)
        return;
    m_colorParameter = choice;
    {
        const QSignalBlocker blocker(m_colorCombo);
        m_colorCombo->setCurrentIndex(m_colorCombo->findData(choice));
    }
    m_layoutDirty = true;
    replotIfDirty();
    emit viewChanged();
}

// The choices' combo boxes list the resources the results carry (the first CUDA result adds
// its figures).
void ParameterEffectPlot::fillChoiceCombos()
{
    m_choices.offerResourcesOf(m_data);
    m_choices.fill(m_xCombo, m_colorCombo, m_xParameter, m_colorParameter);
}

// A new run may carry no resources (CPU): a resource chosen for the last one goes back to the
// first parameter on x and to one colour.
void ParameterEffectPlot::dropResourceChoices()
{
    if (isResourceChoice(m_xParameter))
        m_xParameter = 0;
    if (isResourceChoice(m_colorParameter))
        m_colorParameter = -1;
}

void ParameterEffectPlot::setSizeIndex(std::size_t sizeIndex)
{
    m_sizeChosen = true;
    if (sizeIndex == m_sizeIndex)
        return;
    m_sizeIndex = sizeIndex;
    updateSizeCombo();
    m_layoutDirty = true;
    replotIfDirty();
    emit viewChanged();
}

void ParameterEffectPlot::updateSizeCombo()
{
    std::vector<std::size_t> sizes;
    for (const auto &entry : m_data.countPerSize())
        sizes.push_back(entry.first);
    fillSizeCombo(m_sizeCombo, std::move(sizes), m_sizeLabels, m_sizeIndex);
}

} // namespace tb
