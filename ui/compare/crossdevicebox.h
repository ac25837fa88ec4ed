#pragma once

#include <QWidget>

class QLabel;
class QTableView;

namespace tb {

class CrossDeviceModel;
struct CrossDevicePair;

// Over the Compare view's table, for two runs on different devices: a heading naming the runs
// and devices, and each size's winner on each device with what it costs on the other
// (CrossDeviceModel). As tall as its rows; hidden while it has none.
class CrossDeviceBox : public QWidget
{
    Q_OBJECT
public:
    explicit CrossDeviceBox(QWidget *parent = nullptr);

    // Shows the pair's table, or hides the box when it has no rows.
    void setPair(const CrossDevicePair &pair);

    CrossDeviceModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QLabel *heading() const { return m_heading; }

private:
    CrossDeviceModel *m_model;
    QLabel *m_heading;
    QTableView *m_table;
};

} // namespace tb
