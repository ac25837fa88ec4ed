#pragma once

#include "appearance.h"
#include "deviceselector.h"
#include "workersspinbox.h"

#include <QDialog>
#include <QSpinBox>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QPushButton;
class QTabWidget;

namespace tb {

class AppSettings;
class LauncherForm;
class MeasurementForm;

// Edit > Preferences: compile workers and where the measuring workers run, the GPUs to measure on,
// measurement defaults and the appearance. Reads and writes AppSettings (the application's
// QSettings). The appearance previews at once and Cancel puts the previous one back; OK is disabled
// while any value is invalid, with the reason shown above the buttons.
class SettingsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit SettingsDialog(QWidget *parent = nullptr,
                            DeviceSelector::CudaProbe probe = probeCudaEnvironment);
    ~SettingsDialog() override;

    QString problem() const; // why OK is disabled, or empty

    QTabWidget *tabs() const { return m_tabs; }
    QSpinBox *compileWorkersBox() const { return m_compileWorkers; }
    LauncherForm *launcher() const { return m_launcher; }
    DeviceSelector *devices() const { return m_devices; }
    MeasurementForm *measurement() const { return m_measurement; }
    QComboBox *appearanceBox() const { return m_appearance; }
    QPushButton *okButton() const;
    QPushButton *restoreDefaultsButton() const;

public slots:
    void accept() override;
    void reject() override;
    void restoreDefaults(); // in the dialog only: nothing is saved before OK

signals:
    void settingsSaved();

private:
    QWidget *createWorkersPage();
    QWidget *createAppearancePage();
    void load();
    void save();
    void validate();
    Appearance chosenAppearance() const;

    QTabWidget *m_tabs;
    QSpinBox *m_compileWorkers;
    LauncherForm *m_launcher;
    DeviceSelector *m_devices;
    MeasurementForm *m_measurement;
    QComboBox *m_appearance;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
    Appearance m_initialAppearance;
};

} // namespace tb
