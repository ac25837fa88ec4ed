#include "latestsamples.h"

#include "models/durationformat.h"
#include "plots/samplehistogram.h"

#include <QLabel>
#include <QVBoxLayout>

namespace tb {

LatestSamples::LatestSamples(QWidget *parent)
    : QWidget(parent), m_caption(new QLabel(this)), m_histogram(new SampleHistogram(this))
{
    m_caption->setObjectName(QStringLiteral("latestSamplesCaption"));
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_caption->setWordWrap(true);
    m_histogram->setToolTip(tr("Sample times of the configuration measured most recently"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_caption);
    layout->addWidget(m_histogram, 1);
    clear();
}

void LatestSamples::clear()
{
    m_sizeLabels.clear();
    m_shownConfig.clear();
    m_caption->setText(tr("Samples of the latest configuration: none measured yet"));
    m_histogram->setSamples({});
}

void LatestSamples::setSizeLabel(std::size_t sizeIndex, const QString &label)
{
    m_sizeLabels.insert(sizeIndex, label);
}

void LatestSamples::addResults(const QVector<ResultEvent> &batch)
{
    for (auto it = batch.crbegin(); it != batch.crend(); ++it) {
        if (it->result.samples.empty())
            continue;
        display(it->configKey, sizeLabel(it->sizeIndex), it->result);
        return;
    }
}

void LatestSamples::addRound(const RoundEvent &event)
{
    if (event.measured.samples.empty())
        return;
    display(event.configKey, tr("%1, round %2").arg(sizeLabel(event.sizeIndex)).arg(event.round),
            event.measured);
}

QString LatestSamples::sizeLabel(std::size_t sizeIndex) const
{
    return m_sizeLabels.value(sizeIndex, tr("size %1").arg(sizeIndex + 1));
}

void LatestSamples::display(const std::string &configKey, const QString &what, const Result &result)
{
    m_shownConfig = QString::fromStdString(configKey);
    m_caption->setText(
        tr("Latest: %1 (%2): %n sample(s), median %3", nullptr, int(result.samples.size()))
            .arg(m_shownConfig, what, formatDuration(result.summary.median)));
    m_histogram->setSamples(result.samples);
}

QString LatestSamples::caption() const
{
    return m_caption->text();
}

} // namespace tb
