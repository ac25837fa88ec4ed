#include "preferencescontroller.h"

#include "appsettings.h"
#include "settingsdialog.h"

#include <QAction>
#include <QKeySequence>

namespace tb {

PreferencesController::PreferencesController(QWidget *window)
    : QObject(window), m_window(window), m_action(new QAction(tr("&Preferences..."), this))
{
    // The platform's key (none on most Linux desktops) and Ctrl+, everywhere.
    QList<QKeySequence> keys = QKeySequence::keyBindings(QKeySequence::Preferences);
    const QKeySequence comma(Qt::CTRL | Qt::Key_Comma);
    if (!keys.contains(comma))
        keys << comma;
    m_action->setShortcuts(keys);
    m_action->setMenuRole(QAction::PreferencesRole);
    m_action->setStatusTip(tr("Workers, GPUs, measurement defaults and appearance"));
    connect(m_action, &QAction::triggered, this, &PreferencesController::showDialog);
}

SettingsDialog *PreferencesController::dialog() const
{
    return m_dialog && m_dialog->isVisible() ? m_dialog.data() : nullptr;
}

void PreferencesController::showDialog()
{
    // A dialog just closed is only waiting for its deletion: a new one replaces it.
    if (m_dialog && m_dialog->isVisible()) {
        m_dialog->raise();
        m_dialog->activateWindow();
        return;
    }
    m_dialog = m_factory ? m_factory(m_window) : new SettingsDialog(m_window);
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    const int workersBefore = AppSettings().compileWorkers();
    connect(m_dialog, &SettingsDialog::settingsSaved, this,
            [this, workersBefore] { onSaved(workersBefore); });
    m_dialog->open();
}

void PreferencesController::onSaved(int workersBefore)
{
    const int workers = AppSettings().compileWorkers();
    if (workers != workersBefore)
        emit compileWorkersChanged(workers);
    emit settingsSaved();
}

} // namespace tb
