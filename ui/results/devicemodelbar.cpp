#include "devicemodelbar.h"

#include "models/devicemodellist.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>

namespace tb {

DeviceModelBar::DeviceModelBar(DeviceModelList *models, QWidget *parent)
    : QWidget(parent), m_models(models), m_note(new QLabel(this)), m_selector(new QComboBox(this))
{
    setObjectName(QStringLiteral("deviceModelBar"));
    m_note->setObjectName(QStringLiteral("deviceModelNote"));
    m_note->setWordWrap(true);
    m_note->setToolTip(tr("Configurations measured on different device models are never "
                          "ranked together: a time on one GPU model says nothing of another. "
                          "Pick the model whose results the table, its best per size and "
                          "\"% of best\" show."));
    m_selector->setObjectName(QStringLiteral("deviceModelSelector"));
    m_selector->setModel(models);
    m_selector->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_selector->setToolTip(tr("The device model whose results are ranked"));
    // Only the user's pick is a choice: the selector's own moves (rows added) are not.
    connect(m_selector, &QComboBox::activated, this, [this](int row) {
        m_models->choose(
            m_models->index(row).data(DeviceModelList::DeviceRole).toString().toStdString());
    });
    connect(models, &DeviceModelList::choiceChanged, this, &DeviceModelBar::follow);
    connect(models, &QAbstractItemModel::modelReset, this, &DeviceModelBar::follow);
    // Another model arrived: the note counts it.
    connect(models, &QAbstractItemModel::rowsInserted, this, &DeviceModelBar::follow);

    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_note, 1);
    row->addWidget(m_selector);
    follow();
}

void DeviceModelBar::follow()
{
    const int models = m_models->modelCount();
    m_note->setText(
        tr("Measured on %1 device models: ranked per model, never across models").arg(models));
    m_selector->setCurrentIndex(m_models->chosenRow());
    setVisible(m_models->mixed());
}

} // namespace tb
