#include "runselector.h"

#include "session/runcaption.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

namespace tb {

RunSelector::RunSelector(QWidget *parent) : QWidget(parent), m_combo(new QComboBox(this))
{
    m_combo->setObjectName(QStringLiteral("runCombo"));
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_combo->setMinimumContentsLength(30);
    m_combo->setToolTip(tr("The stored run whose results are shown. Picking one only reads the "
                           "workspace; nothing runs."));
    m_combo->setPlaceholderText(tr("no runs in this workspace"));
    auto *label = new QLabel(tr("&Run shown:"), this);
    label->setBuddy(m_combo);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(label);
    layout->addWidget(m_combo);
    layout->addStretch(1);
    connect(m_combo, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0)
            emit runChosen(m_combo->itemData(index).toLongLong());
    });
}

qint64 RunSelector::setRuns(const QVector<RunRecord> &runs, qint64 selectId)
{
    const QSignalBlocker blocker(m_combo);
    m_combo->clear();
    for (const RunRecord &run : runs) {
        m_combo->addItem(runListText(run), qint64(run.id));
        m_combo->setItemData(m_combo->count() - 1, runToolTip(run), Qt::ToolTipRole);
    }
    if (runs.isEmpty())
        return 0;
    const int index = m_combo->findData(selectId);
    m_combo->setCurrentIndex(index >= 0 ? index : 0);
    return currentRunId();
}

bool RunSelector::selectRun(qint64 runId)
{
    const int index = m_combo->findData(runId);
    if (index < 0)
        return false;
    const QSignalBlocker blocker(m_combo);
    m_combo->setCurrentIndex(index);
    return true;
}

void RunSelector::showLiveRun(qint64 runId, const QString &specName)
{
    if (selectRun(runId))
        return;
    const QSignalBlocker blocker(m_combo);
    const QString text = specName.isEmpty()
                             ? tr("Run %1 · running").arg(runId)
                             : tr("Run %1 · '%2' · running").arg(runId).arg(specName);
    m_combo->insertItem(0, text, runId);
    m_combo->setItemData(0, tr("The run going now: its results are shown as they come"),
                         Qt::ToolTipRole);
    m_combo->setCurrentIndex(0);
}

qint64 RunSelector::currentRunId() const
{
    return m_combo->currentIndex() >= 0 ? m_combo->currentData().toLongLong() : 0;
}

int RunSelector::runCount() const
{
    return m_combo->count();
}

} // namespace tb
