#include "deviceselector.h"

#include <QFutureWatcher>
#include <QLabel>
#include <QListWidget>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace tb {

DeviceSelector::DeviceSelector(CudaProbe probe, QWidget *parent)
    : QWidget(parent), m_status(new QLabel(tr("Looking for GPUs..."), this)),
      m_list(new QListWidget(this)), m_watcher(new QFutureWatcher<CudaEnvironment>(this))
{
    m_status->setWordWrap(true);
    m_status->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_list->setEnabled(false);
    m_list->setToolTip(tr("Bench workers run one per checked GPU"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addWidget(m_list, 1);

    connect(m_list, &QListWidget::itemChanged, this, &DeviceSelector::changed);
    connect(m_watcher, &QFutureWatcher<CudaEnvironment>::finished, this,
            [this] { showEnvironment(m_watcher->result()); });
    m_watcher->setFuture(QtConcurrent::run(std::move(probe)));
}

// The pool thread finishes the probe on its own; only its result is dropped.
DeviceSelector::~DeviceSelector() = default;

bool DeviceSelector::isProbing() const
{
    return m_probing;
}

bool DeviceSelector::hasGpus() const
{
    return m_list->count() > 0;
}

void DeviceSelector::showEnvironment(const CudaEnvironment &environment)
{
    m_probing = false;
    const QSignalBlocker blocker(m_list);
    m_list->clear();
    if (!environment.driverFound || environment.gpus.empty()) {
        const QString why = QString::fromStdString(environment.whyNot);
        m_status->setText(environment.driverFound
                              ? tr("The CUDA driver sees no GPU. CPU kernels run as usual.")
                              : tr("No CUDA driver found: CUDA kernels cannot be measured on "
                                   "this machine. CPU kernels run as usual."));
        m_status->setToolTip(why);
    } else {
        m_status->setText(tr("Bench workers measure on the checked GPUs (one worker each)."));
        for (std::size_t i = 0; i < environment.gpus.size(); ++i) {
            const QString id = QString::fromStdString(environment.gpus[i]);
            QString text = tr("GPU %1").arg(id);
            if (i == 0 && !environment.deviceName.empty())
                text += QStringLiteral(": ") + QString::fromStdString(environment.deviceName);
            auto *item = new QListWidgetItem(text, m_list);
            item->setData(Qt::UserRole, id);
            item->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled);
            item->setToolTip(tr("CUDA_VISIBLE_DEVICES=%1 for its bench worker").arg(id));
        }
        applySelection();
    }
    m_list->setEnabled(hasGpus());
    m_list->setVisible(hasGpus()); // an empty box reads as "still loading"
    emit probed();
    emit changed();
}

void DeviceSelector::setSelection(const std::optional<QStringList> &gpus)
{
    m_requested = gpus;
    if (!m_probing)
        applySelection();
    emit changed();
}

void DeviceSelector::selectAll()
{
    setSelection(std::nullopt);
}

void DeviceSelector::applySelection()
{
    const QSignalBlocker blocker(m_list);
    for (int row = 0; row < m_list->count(); ++row) {
        QListWidgetItem *item = m_list->item(row);
        const bool on = !m_requested || m_requested->contains(item->data(Qt::UserRole).toString());
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
    }
}

std::optional<QStringList> DeviceSelector::selection() const
{
    if (!hasGpus()) // nothing to choose from: keep what was stored (another machine's GPUs)
        return m_requested;
    QStringList checked;
    for (int row = 0; row < m_list->count(); ++row)
        if (m_list->item(row)->checkState() == Qt::Checked)
            checked << m_list->item(row)->data(Qt::UserRole).toString();
    if (checked.size() == m_list->count())
        return std::nullopt;
    return checked;
}

QString DeviceSelector::problem() const
{
    const auto chosen = selection();
    if (hasGpus() && chosen && chosen->isEmpty())
        return tr("Check at least one GPU: without one, CUDA kernels cannot be measured.");
    return QString();
}

} // namespace tb
