#include "runprogress.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>

#include <algorithm>

namespace tb {

namespace {

QString formatEta(double seconds)
{
    const qint64 s = qint64(seconds + 0.5);
    if (s >= 3600)
        return QStringLiteral("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60);
    if (s >= 60)
        return QStringLiteral("%1 min %2 s").arg(s / 60).arg(s % 60);
    return QStringLiteral("%1 s").arg(s);
}

} // namespace

RunProgress::RunProgress(QWidget *parent)
    : QWidget(parent), m_bar(new QProgressBar(this)), m_text(new QLabel(this))
{
    m_bar->setRange(0, 1);
    m_bar->setValue(0);
    m_bar->setTextVisible(false);
    m_text->setObjectName(QStringLiteral("progressText"));
    m_text->setText(tr("idle"));
    m_text->setMinimumWidth(220);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_bar, 1);
    layout->addWidget(m_text);
}

QString RunProgress::text() const
{
    return m_text->text();
}

void RunProgress::setBusy(const QString &text)
{
    m_paused = false;
    m_last = Progress{};
    m_bar->setRange(0, 0);
    m_text->setText(text);
}

void RunProgress::setIdle(const QString &text)
{
    m_paused = false;
    m_bar->setRange(0, 1);
    m_bar->setValue(0);
    m_text->setText(text);
}

void RunProgress::setProgress(const Progress &progress)
{
    m_last = progress;
    m_bar->setRange(0, int(std::max<std::uint64_t>(1, progress.total)));
    m_bar->setValue(int(progress.done));
    updateText();
}

void RunProgress::setPaused(bool paused)
{
    m_paused = paused;
    updateText();
}

void RunProgress::updateText()
{
    QString text = tr("%1/%2").arg(m_last.done).arg(m_last.total);
    if (m_paused && m_last.paused && m_last.inFlight > 0)
        text = tr("Paused (%n in flight finishing), %1", nullptr, int(m_last.inFlight)).arg(text);
    else if (m_paused)
        text = tr("Paused, %1").arg(text);
    else if (m_last.etaSeconds)
        text += tr(", ETA %1").arg(formatEta(*m_last.etaSeconds));
    if (m_last.gpus > 0 && !m_paused)
        text += tr(", GPUs %1/%2 busy").arg(m_last.gpusBusy).arg(m_last.gpus);
    m_text->setText(text);
}

void RunProgress::setFinished(bool stopped)
{
    m_paused = false;
    if (m_bar->maximum() == 0)
        m_bar->setRange(0, 1);
    m_text->setText(tr("%1/%2, %3")
                        .arg(m_bar->value())
                        .arg(m_bar->maximum())
                        .arg(stopped ? tr("stopped") : tr("done")));
}

void RunProgress::setFailed()
{
    setIdle(tr("failed"));
}

void RunProgress::setStored(std::uint64_t results, const QString &state)
{
    m_paused = false;
    m_bar->setRange(0, 1);
    m_bar->setValue(results > 0 ? 1 : 0);
    m_text->setText(tr("stored: %n result(s), %1", nullptr, int(results)).arg(state));
}

} // namespace tb
