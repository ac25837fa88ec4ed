#pragma once

#include <QObject>
#include <QPointer>

#include <functional>

class QAction;
class QWidget;

namespace tb {

class SettingsDialog;

// Edit > Preferences: the action (Ctrl+, and the platform's Preferences key) that opens the
// SettingsDialog, window-modal but without blocking (open(), never exec()), one at a time.
// After OK it says what changed, so the window can follow; the dialog itself applies the
// appearance.
class PreferencesController : public QObject
{
    Q_OBJECT
public:
    // Makes the dialog (tests give it a fake GPU probe); default: SettingsDialog(parent).
    using DialogFactory = std::function<SettingsDialog *(QWidget *parent)>;

    explicit PreferencesController(QWidget *window);

    QAction *action() const { return m_action; }
    // The open (shown) dialog, or null.
    SettingsDialog *dialog() const;
    void setDialogFactory(DialogFactory factory) { m_factory = std::move(factory); }

public slots:
    // Opens the dialog, or raises the one already open.
    void showDialog();

signals:
    // OK was pressed and the preferences are stored.
    void settingsSaved();
    // The compile workers preference changed (the Run form's worker count follows).
    void compileWorkersChanged(int workers);

private:
    void onSaved(int workersBefore);

    QWidget *m_window;
    QAction *m_action;
    QPointer<SettingsDialog> m_dialog;
    DialogFactory m_factory;
};

} // namespace tb
