#include "guioptions.h"
#include "mainwindow.h"
#include "pages/runform.h"
#include "pages/runpage.h"
#include "pages/screenshottour.h"
#include "settings/appearance.h"
#include "settings/appsettings.h"

#include <QApplication>
#include <QIcon>
#include <QImage>
#include <QTimer>

#include <cstdio>
#include <memory>
#include <utility>

namespace {

void setApplicationInfo()
{
    QCoreApplication::setOrganizationName(QStringLiteral("Tunebench"));
    QCoreApplication::setApplicationName(QStringLiteral("tunebench"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TUNEBENCH_VERSION));
}

// --screenshot, --screenshots and --quit-after-finish, once there is something to show.
void captureThenQuit(tb::MainWindow &window, const tb::GuiOptions &options)
{
    auto quitIfAsked = [options] {
        if (options.quitAfterFinish)
            QCoreApplication::quit();
    };
    // Let the last batch reach the plot (its replot timer runs every 100 ms).
    QTimer::singleShot(300, &window, [&window, options, quitIfAsked] {
        if (!options.screenshotPath.isEmpty()) {
            const bool saved = window.grab().toImage().save(options.screenshotPath, "PNG");
            std::fprintf(stderr, "tunebench: %s %s\n", saved ? "saved" : "could not save",
                         qPrintable(options.screenshotPath));
        }
        if (options.screenshotsDirectory.isEmpty()) {
            quitIfAsked();
            return;
        }
        auto *tour = new tb::ScreenshotTour(&window, options.screenshotsDirectory, &window);
        QObject::connect(tour, &tb::ScreenshotTour::finished, &window, [tour, quitIfAsked] {
            for (const QString &path : tour->savedFiles())
                std::fprintf(stderr, "tunebench: saved %s\n", qPrintable(path));
            for (const QString &failure : tour->failures())
                std::fprintf(stderr, "tunebench: %s\n", qPrintable(failure));
            quitIfAsked();
        });
        tour->start();
    });
}

// With --run the pictures are taken when the run ends, however it ends; without, once the
// workspace's stored run is shown (pictures of a run measured elsewhere, e.g. on a GPU node).
void captureWhenShown(tb::MainWindow &window, const tb::GuiOptions &options)
{
    if (options.screenshotPath.isEmpty() && options.screenshotsDirectory.isEmpty() &&
        !options.quitAfterFinish)
        return;
    auto act = [&window, options] { captureThenQuit(window, options); };
    if (options.run) {
        QObject::connect(window.runPage(), &tb::RunPage::runFinished, &window, act);
        QObject::connect(window.runPage(), &tb::RunPage::runFailed, &window, act);
        return;
    }
    auto taken = std::make_shared<bool>(false);
    QObject::connect(window.runPage(), &tb::RunPage::shownRunChanged, &window,
                     [taken, act](qint64 runId) {
                         // The first stored run shown, not one picked later.
                         if (runId > 0 && !std::exchange(*taken, true))
                             act();
                     });
}

} // namespace

int main(int argc, char *argv[])
{
    setApplicationInfo();
    if (!tb::displayAvailable()) {
        // Without a display QApplication aborts: the headless path still tunes the spec.
        QCoreApplication app(argc, argv);
        return tb::execHeadlessCli(tb::parseGuiOptions(app));
    }
    QApplication app(argc, argv);
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/tunebench/tunebench.svg")));
    const tb::GuiOptions options = tb::parseGuiOptions(app);
    // Before any window exists, so that none is first drawn in the wrong colours.
    tb::applyAppearance(tb::AppSettings().appearance());

    tb::MainWindow window;
    window.setSpecPath(options.specPath);
    if (!options.workspacePath.isEmpty())
        window.runPage()->form()->setWorkspacePath(options.workspacePath);
    if (options.workers > 0)
        window.runPage()->form()->setWorkers(options.workers);
    captureWhenShown(window, options);
    window.show();
    if (options.run)
        QTimer::singleShot(0, window.runPage(), &tb::RunPage::startRun);
    else
        window.openLastWorkspace(); // shows its stored results; runs nothing

    return app.exec();
}
