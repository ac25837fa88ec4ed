#pragma once

#include <QWidget>

class QComboBox;
class QLabel;

namespace tb {

class DeviceModelList;

// Over the Results table while the results on show name more than one device model (a run over
// mixed nodes): says so, "Measured on 2 device models: ranked per model, never across models",
// and offers the models (DeviceModelList) in a selector; the table, its winner summary and
// "% of best" are the chosen model's. Hidden while the results name one model or none.
class DeviceModelBar : public QWidget
{
    Q_OBJECT
public:
    explicit DeviceModelBar(DeviceModelList *models, QWidget *parent = nullptr);

    QLabel *note() const { return m_note; }
    QComboBox *selector() const { return m_selector; }

private:
    void follow();

    DeviceModelList *m_models;
    QLabel *m_note;
    QComboBox *m_selector;
};

} // namespace tb
