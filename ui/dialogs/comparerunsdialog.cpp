#include "comparerunsdialog.h"

#include "session/runcaption.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace tb {

CompareRunsDialog::CompareRunsDialog(const QVector<RunRecord> &runs, QWidget *parent)
    : QDialog(parent), m_list(new QListWidget(this)), m_hint(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Compare Runs"));
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Compare"));
    for (const RunRecord &run : runs) {
        auto *item = new QListWidgetItem(runListText(run), m_list);
        item->setToolTip(runToolTip(run));
        item->setData(Qt::UserRole, qint64(run.id));
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
    }
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Runs of the open workspace: each run's best configuration per "
                                "problem size is compared. Two runs on different devices also "
                                "show what each one's winner costs on the other device."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_hint);
    layout->addWidget(m_buttons);
    connect(m_list, &QListWidget::itemChanged, this, &CompareRunsDialog::updateButtons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    resize(880, 360); // a line names the device and an imported run's file
    updateButtons();
}

QVector<qint64> CompareRunsDialog::checkedRunIds() const
{
    QVector<qint64> ids;
    for (int row = 0; row < m_list->count(); ++row)
        if (m_list->item(row)->checkState() == Qt::Checked)
            ids.append(m_list->item(row)->data(Qt::UserRole).toLongLong());
    return ids;
}

void CompareRunsDialog::updateButtons()
{
    const qsizetype checked = checkedRunIds().size();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(checked >= 2);
    m_hint->setText(m_list->count() < 2 ? tr("The workspace holds fewer than two runs.")
                    : checked < 2       ? tr("Check two or more runs.")
                                        : tr("%1 runs checked.").arg(checked));
}

} // namespace tb
