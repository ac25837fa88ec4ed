#include "settingsdialog.h"

#include "appsettings.h"
#include "launcherform.h"
#include "measurementform.h"
#include "tasks/machinefacts.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTabWidget>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>

namespace tb {

SettingsDialog::SettingsDialog(QWidget *parent, DeviceSelector::CudaProbe probe)
    : QDialog(parent), m_tabs(new QTabWidget(this)),
      m_compileWorkers(new WorkersSpinBox(tr("Automatic"), AppSettings::kMaxWorkers, this)),
      m_launcher(new LauncherForm(this)), m_devices(new DeviceSelector(std::move(probe), this)),
      m_measurement(new MeasurementForm(this)), m_appearance(new QComboBox(this)),
      m_problem(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel |
                                         QDialogButtonBox::RestoreDefaults,
                                     this)),
      m_initialAppearance(currentAppearance())
{
    setWindowTitle(tr("Tunebench Preferences"));
    setMinimumSize(520, 380);
    m_tabs->addTab(createWorkersPage(), tr("&Workers"));
    m_tabs->addTab(m_devices, tr("&Devices"));
    m_tabs->addTab(m_measurement, tr("&Measurement"));
    m_tabs->addTab(createAppearancePage(), tr("&Appearance"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #d64541"));
    m_problem->hide();
    restoreDefaultsButton()->setToolTip(
        tr("Put every page back to its default (saved when you press OK)"));

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &SettingsDialog::reject);
    connect(restoreDefaultsButton(), &QPushButton::clicked, this, &SettingsDialog::restoreDefaults);
    // The line edit's signal: the spin box's own fires only for acceptable values.
    connect(m_compileWorkers->findChild<QLineEdit *>(), &QLineEdit::textChanged, this,
            &SettingsDialog::validate);
    // The box rewrites its text with the line edit's signals blocked (a beginning of
    // "Automatic" completed on Enter or leaving it), and says so only by editingFinished.
    connect(m_compileWorkers, &QSpinBox::editingFinished, this, &SettingsDialog::validate);
    connect(m_launcher, &LauncherForm::changed, this, &SettingsDialog::validate);
    connect(m_devices, &DeviceSelector::changed, this, &SettingsDialog::validate);
    connect(m_measurement, &MeasurementForm::changed, this, &SettingsDialog::validate);
    // Preview: the whole application changes as the user picks; Cancel reverts.
    connect(m_appearance, &QComboBox::currentIndexChanged, this,
            [this] { applyAppearance(chosenAppearance()); });
    load();
    validate();
}

SettingsDialog::~SettingsDialog() = default;

QWidget *SettingsDialog::createWorkersPage()
{
    auto *page = new QWidget(this);
    auto *form = new QFormLayout(page);
    // The engine's rule with this machine's number: the user weighs a fixed count against it.
    const auto cores = unsigned(std::max(1, QThread::idealThreadCount()));
    m_compileWorkers->setToolTip(
        tr("Processes compiling configurations ahead of the bench workers.\n"
           "Automatic (the default): 8 per GPU, at least 16, at most one per core: %1 here "
           "for one GPU.\n"
           "More compilers slow the start of a run and compete with the GPUs' bench workers "
           "for the CPU; fewer leave the GPUs waiting for work.")
            .arg(defaultCompileWorkers(1, cores)));
    form->addRow(tr("&Compile workers:"), m_compileWorkers);
    auto *note = new QLabel(tr("CUDA runs add one bench worker per GPU checked on the "
                               "Devices page."),
                            page);
    note->setWordWrap(true);
    form->addRow(note);
    form->addRow(m_launcher);
    return page;
}

QWidget *SettingsDialog::createAppearancePage()
{
    auto *page = new QWidget(this);
    auto *form = new QFormLayout(page);
    m_appearance->addItem(tr("System"), int(Appearance::System));
    m_appearance->addItem(tr("Light"), int(Appearance::Light));
    m_appearance->addItem(tr("Dark"), int(Appearance::Dark));
    m_appearance->setToolTip(tr("System follows the desktop's colours; Light and Dark use the "
                                "Fusion style"));
    form->addRow(tr("Colour &scheme:"), m_appearance);
    return page;
}

QPushButton *SettingsDialog::okButton() const
{
    return m_buttons->button(QDialogButtonBox::Ok);
}

QPushButton *SettingsDialog::restoreDefaultsButton() const
{
    return m_buttons->button(QDialogButtonBox::RestoreDefaults);
}

Appearance SettingsDialog::chosenAppearance() const
{
    return Appearance(m_appearance->currentData().toInt());
}

void SettingsDialog::load()
{
    const AppSettings settings;
    m_compileWorkers->setValue(settings.compileWorkers());
    m_launcher->setValue(settings.launcherPreference());
    m_devices->setSelection(settings.enabledGpus());
    m_measurement->setValue(settings.measurement());
    const QSignalBlocker blocker(m_appearance); // loading is no choice to preview
    m_appearance->setCurrentIndex(m_appearance->findData(int(settings.appearance())));
}

void SettingsDialog::save()
{
    AppSettings settings;
    settings.setCompileWorkers(m_compileWorkers->value());
    settings.setLauncherPreference(m_launcher->value());
    settings.setEnabledGpus(m_devices->selection());
    settings.setMeasurement(m_measurement->value());
    settings.setAppearance(chosenAppearance());
    settings.sync();
}

void SettingsDialog::restoreDefaults()
{
    m_compileWorkers->setValue(AppSettings::kAutomaticWorkers);
    m_launcher->setValue(LauncherPreference());
    m_devices->selectAll();
    m_measurement->setValue(MeasurementSettings());
    m_appearance->setCurrentIndex(m_appearance->findData(int(Appearance::System)));
    validate();
}

QString SettingsDialog::problem() const
{
    if (!m_compileWorkers->hasAcceptableInput())
        return tr("Compile workers: enter a whole number from 0 (automatic) to %1.")
            .arg(AppSettings::kMaxWorkers);
    if (const QString launcher = m_launcher->problem(); !launcher.isEmpty())
        return launcher;
    const QString devices = m_devices->problem();
    return devices.isEmpty() ? m_measurement->problem() : devices;
}

void SettingsDialog::validate()
{
    const QString text = problem();
    m_problem->setText(text);
    m_problem->setVisible(!text.isEmpty());
    okButton()->setEnabled(text.isEmpty());
}

void SettingsDialog::accept()
{
    validate();
    if (!problem().isEmpty()) // Enter in a field bypasses the disabled button
        return;
    save();
    applyAppearance(chosenAppearance());
    emit settingsSaved();
    QDialog::accept();
}

void SettingsDialog::reject()
{
    if (currentAppearance() != m_initialAppearance)
        applyAppearance(m_initialAppearance);
    QDialog::reject();
}

} // namespace tb
