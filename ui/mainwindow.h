#pragma once

#include <QMainWindow>

namespace tb {

class RunPage;

// The workbench's window: menus, status bar and the Run page. Geometry and the last spec,
// workspace and worker count persist in QSettings.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    RunPage *runPage() const { return m_runPage; }
    // Overrides the remembered spec (the command line's SPEC).
    void setSpecPath(const QString &path);

public slots:
    void openSpec();
    void showAbout();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createActions();
    void restoreSettings();
    void saveSettings() const;
    void showError(const QString &message);

    RunPage *m_runPage;
};

} // namespace tb
