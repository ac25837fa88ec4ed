#include "rooflineview.h"

#include "sizechoice.h"
#include "sizedviewfeed.h"
#include "sizedviewframe.h"
#include "throttledrecompute.h"

#include "models/devicemodellist.h"
#include "models/resultsfeed.h"
#include "plots/rooflineplot.h"
#include "session/specoutline.h"

#include <QComboBox>
#include <QLabel>

#include <cmath>
#include <limits>

namespace tb {

RooflineView::RooflineView(ResultsFeed *feed, const DeviceModelList *deviceModels, QWidget *parent)
    : QWidget(parent), m_deviceModels(deviceModels), m_sizeCombo(new QComboBox(this)),
      m_note(new QLabel(this)), m_plot(new RooflinePlot(this))
{
    setObjectName(QStringLiteral("rooflineView"));
    m_sizes = new SizeChoice(m_sizeCombo, this);
    layOutSizedView(this, QStringLiteral("roofline"), m_sizeCombo,
                    tr("The problem size shown: a size's intensity and roofs are its own"), m_note,
                    m_plot, [this] { recompute(); });

    m_recompute = connectSizedView(
        this, feed, m_sizes, m_deviceModels, kRecomputeMs,
        {[this](const SpecOutline &outline) { reset(outline); },
         [this](const QVector<ResultEvent> &batch) { addResults(batch); }, [this] { recompute(); },
         [this](std::size_t size) { emit sizeChanged(size); }});
    connect(feed, &ResultsFeed::peaksChanged, this, [this](const DevicePeaks &peaks) {
        m_inputs.peaks = peaks;
        m_recompute->schedule();
    });
    reset(feed->outline());
}

void RooflineView::reset(const SpecOutline &outline)
{
    m_samples.clear();
    m_sizes->reset();
    m_inputs = RooflineInputs();
    m_inputs.peaks = outline.peaks;
    const auto pick = [&](int index, std::optional<std::size_t> &metric, MetricRate &rate,
                          std::string &name) {
        name.clear();
        if (index < 0 || index >= outline.metricNames.size())
            return;
        metric = std::size_t(index);
        rate = outline.metricRates.value(index);
        name = outline.metricNames.at(index).toStdString();
    };
    pick(outline.flopMetric, m_inputs.flopMetric, m_inputs.flopRate, m_flopName);
    pick(outline.byteMetric, m_inputs.byteMetric, m_inputs.byteRate, m_byteName);
    recompute();
}

void RooflineView::addResults(const QVector<ResultEvent> &batch)
{
    if (roofPlacement(m_inputs) == RoofPlacement::None)
        return; // nothing to plot; the note says why
    const std::size_t sizesBefore = m_samples.size();
    for (const ResultEvent &event : batch) {
        if (event.result.status != ResultStatus::Ok || event.result.summary.count == 0)
            continue;
        // A metric the spec lacks reads NaN: rooflinePoint() places the result by the other.
        const auto valueOf = [&](const std::string &name) {
            const auto found = event.result.metrics.find(name);
            return name.empty() || found == event.result.metrics.end()
                       ? std::numeric_limits<double>::quiet_NaN()
                       : found->second;
        };
        const Sample sample{valueOf(m_flopName), valueOf(m_byteName), event.result.device};
        if ((m_inputs.flopMetric && std::isnan(sample.flopValue)) ||
            (m_inputs.byteMetric && std::isnan(sample.byteValue)))
            continue;
        m_samples[event.sizeIndex].push_back(sample);
    }
    if (m_samples.size() != sizesBefore)
        updateSizes();
    if (!batch.isEmpty())
        m_recompute->schedule();
}

void RooflineView::recompute()
{
    m_recompute->done();
    m_points.clear();
    const auto found = m_samples.find(m_sizes->current());
    if (found != m_samples.end())
        for (const Sample &sample : found->second) {
            // One model's results under its roofs: never another model's points.
            if (m_deviceModels && !m_deviceModels->accepts(sample.device))
                continue;
            if (auto point = rooflinePoint(sample.flopValue, sample.byteValue, m_inputs))
                m_points.push_back(*point);
        }
    m_plot->setData(m_points, m_inputs.peaks, roofPlacement(m_inputs));
    m_note->setText(noteText());
}

QString RooflineView::noteText() const
{
    QStringList lines;
    if (const std::string placed = roofPlacementNote(roofPlacement(m_inputs)); !placed.empty())
        lines << QString::fromStdString(placed);
    for (const std::string &missing : rooflineMissing(m_inputs))
        lines << QString::fromStdString(missing);
    if (!m_inputs.peaks.empty())
        lines << tr("Roofs: %1.").arg(QString::fromStdString(describePeaks(m_inputs.peaks)));
    if (const std::string above = aboveDramRoofNote(countAboveDramRoof(m_points)); !above.empty())
        lines << QString::fromStdString(above);
    return lines.join(QLatin1Char('\n'));
}

void RooflineView::setSizeIndex(std::size_t sizeIndex)
{
    m_sizes->choose(sizeIndex);
}

std::size_t RooflineView::sizeIndex() const
{
    return m_sizes->current();
}

void RooflineView::updateSizes()
{
    std::vector<std::size_t> sizes;
    for (const auto &entry : m_samples)
        sizes.push_back(entry.first);
    m_sizes->setSizes(std::move(sizes));
}

} // namespace tb
