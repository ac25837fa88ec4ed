#include "benchlanes.h"

#include <QFontDatabase>
#include <QGridLayout>
#include <QLabel>

namespace tb {

namespace {

QString deviceName(const BenchLane &lane)
{
    if (!lane.location.empty())
        return QString::fromStdString(lane.location);
    const QString device = QString::fromStdString(lane.device);
    if (lane.visibleDevice.empty())
        return device;
    return QObject::tr("GPU %1: %2").arg(QString::fromStdString(lane.visibleDevice), device);
}

// The engine's reason starts "srun task 2 dropped: ": the lane already names the location.
QString dropReason(const BenchLane &lane)
{
    const QString reason = QString::fromStdString(lane.dropped);
    const QString named = QString::fromStdString(lane.location) + QStringLiteral(" dropped: ");
    return reason.startsWith(named) ? reason.mid(named.size()) : reason;
}

QString stateOf(const BenchLane &lane)
{
    if (!lane.dropped.empty())
        return QObject::tr("dropped: %1").arg(dropReason(lane));
    if (lane.restarting)
        return QObject::tr("restarting");
    if (!lane.busy)
        return QObject::tr("idle");
    QString text = QString::fromStdString(lane.configKey);
    if (!lane.sizeLabel.empty())
        text += QStringLiteral("  (%1)").arg(QString::fromStdString(lane.sizeLabel));
    if (lane.round > 1)
        text += QObject::tr("  round %1").arg(lane.round);
    return text;
}

} // namespace

BenchLanes::BenchLanes(QWidget *parent) : QWidget(parent), m_grid(new QGridLayout(this))
{
    setObjectName(QStringLiteral("benchLanes"));
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setHorizontalSpacing(12);
    m_grid->setVerticalSpacing(2);
    m_grid->setColumnStretch(1, 1);
    setToolTip(tr("What each bench worker (one per GPU, or per launched location) is measuring "
                  "now"));
    hide();
}

void BenchLanes::addRowsUpTo(int lanes)
{
    while (m_devices.size() < lanes) {
        const int row = m_devices.size();
        auto *device = new QLabel(this);
        auto *state = new QLabel(this);
        state->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        state->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_grid->addWidget(device, row, 0);
        m_grid->addWidget(state, row, 1);
        m_devices.push_back(device);
        m_states.push_back(state);
        m_droppedTold.push_back(false);
    }
}

void BenchLanes::setLane(const BenchLane &lane)
{
    addRowsUpTo(static_cast<int>(std::max(lane.lanes, lane.lane + 1)));
    const int row = static_cast<int>(lane.lane);
    m_devices[row]->setText(deviceName(lane));
    m_states[row]->setText(stateOf(lane));
    m_states[row]->setEnabled(lane.busy || !lane.dropped.empty()); // idle reads greyed out
    m_states[row]->setToolTip(QString::fromStdString(lane.dropped));
    show();
    if (!lane.dropped.empty() && !m_droppedTold[row]) {
        m_droppedTold[row] = true;
        emit locationDropped(deviceName(lane), dropReason(lane));
    }
}

void BenchLanes::clear()
{
    for (int i = 0; i < m_devices.size(); ++i) {
        delete m_devices[i];
        delete m_states[i];
    }
    m_devices.clear();
    m_states.clear();
    m_droppedTold.clear();
    hide();
}

QString BenchLanes::deviceText(int lane) const
{
    return lane < m_devices.size() ? m_devices[lane]->text() : QString();
}

QString BenchLanes::stateText(int lane) const
{
    return lane < m_states.size() ? m_states[lane]->text() : QString();
}

} // namespace tb
