#pragma once

#include "exportrender.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLineEdit;

namespace tb {

struct Spec;
struct StoredResult;

// The Export dialog's options: the format and, each shown only for the formats that read it,
// the scope (CSV), the problem size and device name (Kernel Tuner cache, T4) and the kernel set's
// max slowdown; for a run measured on several device models, the model exported (any format).
// The format, scope and max slowdown last used are remembered in the settings and offered again.
class ExportOptionsForm : public QWidget
{
    Q_OBJECT
public:
    explicit ExportOptionsForm(QWidget *parent = nullptr);

    ExportOptions options() const;
    void setOptions(const ExportOptions &options);
    // The run's problem sizes for the one-size formats' choice; changed() does not follow.
    void setProblemSizes(const Spec &spec);
    // The run's device models, the one with the most results first; the row shows only for a
    // run measured on several. changed() does not follow.
    void setDeviceModels(const std::vector<StoredResult> &results);
    // A row above the options (the dialog's "Run:").
    void insertInfoRow(const QString &label, QWidget *field);

    QComboBox *formatBox() const { return m_format; }
    QComboBox *scopeBox() const { return m_scope; }
    QComboBox *sizeBox() const { return m_size; }
    QComboBox *deviceModelBox() const { return m_deviceModel; }
    QLineEdit *deviceNameEdit() const { return m_deviceName; }
    QDoubleSpinBox *maxSlowdownBox() const { return m_maxSlowdown; }

signals:
    // The options changed (a typed device name or slowdown once it is finished).
    void changed();

private:
    void buildForm();
    void restoreOptions();
    void connectOptions();
    void onOptionsChanged();
    void showOptionRows();

    QComboBox *m_format;
    QComboBox *m_scope;
    QComboBox *m_size;
    QComboBox *m_deviceModel;
    QLineEdit *m_deviceName;
    QDoubleSpinBox *m_maxSlowdown;
    QFormLayout *m_form;
};

} // namespace tb
