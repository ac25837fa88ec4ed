#include "crossdevicebox.h"

#include "crossdevicemodel.h"
#include "crossdevicepair.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace tb {

CrossDeviceBox::CrossDeviceBox(QWidget *parent)
    : QWidget(parent), m_model(new CrossDeviceModel(this)), m_heading(new QLabel(this)),
      m_table(new QTableView(this))
{
    setObjectName(QStringLiteral("crossDeviceBox"));
    m_heading->setObjectName(QStringLiteral("crossDeviceHeading"));
    m_heading->setWordWrap(true);
    m_heading->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table->setObjectName(QStringLiteral("crossDeviceTable"));
    m_table->setModel(m_model);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    // As tall as its rows and no taller: two rows per size leave the comparison the room.
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_table->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Maximum);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_heading);
    layout->addWidget(m_table, 1);
    hide();
}

void CrossDeviceBox::setPair(const CrossDevicePair &pair)
{
    m_model->setPair(pair);
    m_heading->setText(m_model->heading());
    setVisible(m_model->rowCount() > 0);
}

} // namespace tb
