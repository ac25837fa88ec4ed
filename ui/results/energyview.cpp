#include "energyview.h"

#include "sizechoice.h"
#include "sizedviewfeed.h"
#include "sizedviewframe.h"
#include "throttledrecompute.h"

#include "model/resultfigure.h"
#include "models/devicemodellist.h"
#include "models/resultsfeed.h"
#include "plots/energyplot.h"
#include "session/specoutline.h"

#include <QComboBox>
#include <QLabel>

namespace tb {

EnergyView::EnergyView(ResultsFeed *feed, const DeviceModelList *deviceModels, QWidget *parent)
    : QWidget(parent), m_deviceModels(deviceModels), m_sizeCombo(new QComboBox(this)),
      m_note(new QLabel(this)), m_plot(new EnergyPlot(this))
{
    setObjectName(QStringLiteral("energyView"));
    m_sizes = new SizeChoice(m_sizeCombo, this);
    layOutSizedView(this, QStringLiteral("energy"), m_sizeCombo,
                    tr("The problem size shown: each size has its own front"), m_note, m_plot,
                    [this] { recompute(); });

    m_recompute = connectSizedView(
        this, feed, m_sizes, m_deviceModels, kRecomputeMs,
        {[this](const SpecOutline &outline) { reset(outline); },
         [this](const QVector<ResultEvent> &batch) { addResults(batch); }, [this] { recompute(); },
         [this](std::size_t size) { emit sizeChanged(size); }});
    reset(feed->outline());
}

void EnergyView::reset(const SpecOutline &outline)
{
    m_energyRun = outline.energy;
    m_results.clear();
    m_sizes->reset();
    recompute();
}

void EnergyView::addResults(const QVector<ResultEvent> &batch)
{
    const std::size_t sizesBefore = m_results.size();
    for (const ResultEvent &event : batch) {
        if (event.result.status != ResultStatus::Ok ||
            !event.result.resource(figures::kEnergyJoules))
            continue;
        StoredResult stored;
        stored.configKey = event.configKey;
        stored.config = event.config;
        stored.sizeIndex = event.sizeIndex;
        stored.result = event.result;
        stored.result.samples.clear(); // the front needs the median alone
        m_results[event.sizeIndex].push_back(std::move(stored));
    }
    if (m_results.size() != sizesBefore) {
        std::vector<std::size_t> sizes;
        for (const auto &entry : m_results)
            sizes.push_back(entry.first);
        m_sizes->setSizes(std::move(sizes));
    }
    if (!batch.isEmpty())
        m_recompute->schedule();
}

void EnergyView::recompute()
{
    m_recompute->done();
    m_shown.clear();
    const std::size_t size = m_sizes->current();
    if (const auto found = m_results.find(size); found != m_results.end())
        for (const StoredResult &stored : found->second)
            if (!m_deviceModels || m_deviceModels->accepts(stored.result.device))
                m_shown.push_back(stored);
    m_trade = energyTrade(m_shown, size);
    m_plot->setData(m_trade);
    m_note->setText(noteText());
}

QString EnergyView::noteText() const
{
    if (m_trade.points.empty())
        return m_energyRun
                   ? tr("No result has an energy figure yet. Energy needs NVML's energy "
                        "counter on the measuring GPU; the run's log says why it is missing.")
                   : tr("This run measured no energy. Tune with the objective energy or edp, or "
                        "set measurement.energy_seconds, on a GPU (cuda specs).");
    const EnergyPoint &fastest = m_trade.points[m_trade.front.front()];
    const EnergyPoint &frugal = m_trade.points[m_trade.front.back()];
    const QString front =
        tr("%n of %1 results on the time-energy front.", nullptr, int(m_trade.front.size()))
            .arg(m_trade.points.size());
    const auto key = [this](const EnergyPoint &point) {
        return QString::fromStdString(m_shown[point.result].configKey);
    };
    if (m_trade.front.size() == 1)
        return front + QLatin1Char(' ') +
               tr("%1 is both the fastest and the most frugal.").arg(key(fastest));
    return front + QLatin1Char(' ') +
           tr("Most frugal: %1, %2 % less energy for %3 % more time than the fastest, %4.")
               .arg(key(frugal))
               .arg((1 - frugal.joules / fastest.joules) * 100, 0, 'f', 1)
               .arg((frugal.seconds / fastest.seconds - 1) * 100, 0, 'f', 1)
               .arg(key(fastest));
}

void EnergyView::setSizeIndex(std::size_t sizeIndex)
{
    m_sizes->choose(sizeIndex);
}

std::size_t EnergyView::sizeIndex() const
{
    return m_sizes->current();
}

} // namespace tb
