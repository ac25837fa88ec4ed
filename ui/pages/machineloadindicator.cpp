#include "machineloadindicator.h"

#include "model/measurementcaveats.h"
#include "model/resultfigure.h"
#include "tasks/machinefacts.h"

#include <QTimer>

#include <algorithm>

namespace tb {

namespace {

constexpr int kSampleIntervalMs = 2000;
// The first figure after a fresh start comes sooner than the interval: a reading needs two.
constexpr int kFirstReadingMs = 500;

} // namespace

MachineLoadIndicator::MachineLoadIndicator(QWidget *parent)
    : QLabel(parent), m_timer(new QTimer(this))
{
    setObjectName(QStringLiteral("machineLoad"));
    setAccessibleName(tr("Machine load"));
    setToolTip(tr("How busy the rest of the machine is, in CPUs kept busy by other processes.\n"
                  "Between runs: read from the machine every two seconds.\n"
                  "During a run: the workers' own readings around each measurement, and the "
                  "latest results that carry a caveat (a GPU that slowed down, a clock "
                  "mismatch).\nFrom %1 CPUs on a kernel that shares memory bandwidth or caches "
                  "with them may run slower: its results read ok* with a note.")
                   .arg(kOtherCpuLoadCaveat));
    setText(tr("Machine: reading..."));
    m_timer->setInterval(kSampleIntervalMs);
    connect(m_timer, &QTimer::timeout, this, &MachineLoadIndicator::sample);
    sample(); // the first reading: the next one tells the load since it
    QTimer::singleShot(kFirstReadingMs, this, &MachineLoadIndicator::sample);
    m_timer->start();
}

MachineLoadIndicator::~MachineLoadIndicator() = default;

void MachineLoadIndicator::setRunning(bool running)
{
    m_running = running;
    if (running) {
        m_timer->stop();
        setText(tr("While measuring: waiting for the first result"));
        return;
    }
    m_previous.reset(); // a reading across the run would count its workers
    setText(tr("Machine: reading..."));
    setStyleSheet(QString());
    m_busy = false;
    sample();
    QTimer::singleShot(kFirstReadingMs, this, &MachineLoadIndicator::sample);
    m_timer->start();
}

void MachineLoadIndicator::sample()
{
    if (m_running)
        return;
    auto now = HostLoad::read();
    if (!now) {
        setText(tr("Machine: load unknown (/proc unreadable)"));
        return;
    }
    // A reading too close to the last resolves nothing: keep the older one to measure from.
    const auto busy = m_previous ? now->otherCpusBusySince(*m_previous) : std::nullopt;
    if (busy)
        showLoad(*busy, 0, 0);
    if (busy || !m_previous)
        m_previous = std::make_unique<HostLoad>(*now);
}

void MachineLoadIndicator::addResults(const QVector<ResultEvent> &batch)
{
    if (!m_running)
        return;
    // The batch's highest reading: one busy moment is what a comparison must know of.
    std::optional<double> highest;
    int caveated = 0;
    for (const ResultEvent &event : batch) {
        if (const auto load = event.result.resource(figures::kOtherCpuLoad))
            highest = std::max(highest.value_or(0), *load);
        if (event.result.status == ResultStatus::Ok && !measurementCaveats(event.result).empty())
            ++caveated;
    }
    if (highest || caveated > 0)
        showLoad(highest.value_or(m_otherCpus.value_or(0)), caveated, int(batch.size()));
}

void MachineLoadIndicator::showLoad(double cpus, int caveated, int measured)
{
    m_otherCpus = cpus;
    m_busy = cpus >= kOtherCpuLoadCaveat || caveated > 0;
    QString text = m_running ? tr("While measuring: %1 other CPUs busy").arg(cpus, 0, 'f', 1)
                             : tr("Machine: %1 other CPUs busy").arg(cpus, 0, 'f', 1);
    if (caveated > 0)
        text += tr(", %1 of the latest %2 results with caveats").arg(caveated).arg(measured);
    setText((m_busy ? QStringLiteral("\u26a0 ") : QString()) + text);
    setStyleSheet(m_busy ? QStringLiteral("color: #b9770e") : QString());
}

} // namespace tb
