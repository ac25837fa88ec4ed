#include "workbenchstart.h"

#include "mainwindow.h"
#include "pages/runform.h"
#include "pages/runpage.h"
#include "settings/appearance.h"
#include "settings/appsettings.h"

#include <QApplication>
#include <QIcon>
#include <QTimer>

#include <memory>
#include <utility>

namespace tb {

void setApplicationInfo()
{
    QCoreApplication::setOrganizationName(QStringLiteral("Tunebench"));
    QCoreApplication::setApplicationName(QStringLiteral("tunebench"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TUNEBENCH_VERSION));
}

void applyApplicationLook()
{
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/tunebench/tunebench.svg")));
    applyAppearance(AppSettings().appearance());
}

void prepareWindow(MainWindow &window, const GuiOptions &options)
{
    window.setSpecPath(options.specPath);
    if (!options.workspacePath.isEmpty())
        window.runPage()->form()->setWorkspacePath(options.workspacePath);
    if (options.workers > 0)
        window.runPage()->form()->setWorkers(options.workers);
}

void whenRunShown(MainWindow &window, const GuiOptions &options, const std::function<void()> &act)
{
    if (options.run) {
        QObject::connect(window.runPage(), &RunPage::runFinished, &window, act);
        QObject::connect(window.runPage(), &RunPage::runFailed, &window, act);
        return;
    }
    auto taken = std::make_shared<bool>(false);
    QObject::connect(window.runPage(), &RunPage::shownRunChanged, &window,
                     [taken, act](qint64 runId) {
                         // The first stored run shown, not one picked later.
                         if (runId > 0 && !std::exchange(*taken, true))
                             act();
                     });
}

void showWindow(MainWindow &window, const GuiOptions &options)
{
    window.show();
    if (options.run)
        QTimer::singleShot(0, window.runPage(), &RunPage::startRun);
    else
        window.openLastWorkspace();
}

} // namespace tb
