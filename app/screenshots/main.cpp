// tunebench-screenshots: opens the workbench as tunebench does, then, when the run ends (without
// --run: once the workspace's stored run is shown), saves a picture of the window (--screenshot)
// and of every page, staged by ScreenshotTour (--screenshots), and quits.
#include "guioptions.h"
#include "mainwindow.h"
#include "screenshottour.h"
#include "workbenchstart.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QImage>
#include <QTimer>

#include <cstdio>

namespace {

struct ShotOptions
{
    QString windowPath;    // --screenshot: one PNG of the window
    QString tourDirectory; // --screenshots: every page, staged
};

ShotOptions parseShotOptions(const QApplication &app, tb::GuiOptions &window)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "main", "Tunebench's screenshots for the docs: the workbench after a run, then quit."));
    parser.addHelpOption();
    parser.addVersionOption();
    tb::addWindowOptions(parser);
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QCoreApplication::translate(
            "main",
            "Save a PNG of the window when the run ends (without --run: once the workspace's "
            "latest run is shown)."),
        QStringLiteral("file"));
    const QCommandLineOption screenshots(
        QStringLiteral("screenshots"),
        QCoreApplication::translate(
            "main", "When the run ends (without --run: once the workspace's latest run is shown), "
                    "save a PNG of every page in this folder."),
        QStringLiteral("folder"));
    parser.addOptions({screenshot, screenshots});
    parser.process(app);
    window = tb::windowOptions(parser);
    return {parser.value(screenshot), parser.value(screenshots)};
}

// The pictures, once there is something to show, then quit with 0 when every one was saved.
void captureThenQuit(tb::MainWindow &window, const ShotOptions &shots)
{
    // Let the last batch reach the plot (its replot timer runs every 100 ms).
    QTimer::singleShot(300, &window, [&window, shots] {
        bool allSaved = true;
        if (!shots.windowPath.isEmpty()) {
            allSaved = window.grab().toImage().save(shots.windowPath, "PNG");
            std::fprintf(stderr, "tunebench: %s %s\n", allSaved ? "saved" : "could not save",
                         qPrintable(shots.windowPath));
        }
        if (shots.tourDirectory.isEmpty()) {
            QCoreApplication::exit(allSaved ? 0 : 1);
            return;
        }
        auto *tour = new tb::ScreenshotTour(&window, shots.tourDirectory, &window);
        QObject::connect(tour, &tb::ScreenshotTour::finished, &window,
                         [tour, allSaved](bool tourSaved) {
                             for (const QString &path : tour->savedFiles())
                                 std::fprintf(stderr, "tunebench: saved %s\n", qPrintable(path));
                             for (const QString &failure : tour->failures())
                                 std::fprintf(stderr, "tunebench: %s\n", qPrintable(failure));
                             QCoreApplication::exit(allSaved && tourSaved ? 0 : 1);
                         });
        tour->start();
    });
}

} // namespace

int main(int argc, char *argv[])
{
    tb::setApplicationInfo();
    if (!tb::displayAvailable()) {
        // Without a display QApplication aborts; pictures need one (xvfb-run, or offscreen).
        std::fprintf(stderr, "tunebench-screenshots: no display found (DISPLAY, "
                             "WAYLAND_DISPLAY and QT_QPA_PLATFORM unset)\n");
        return 2;
    }
    QApplication app(argc, argv);
    tb::GuiOptions options;
    const ShotOptions shots = parseShotOptions(app, options);
    if (shots.windowPath.isEmpty() && shots.tourDirectory.isEmpty()) {
        std::fprintf(stderr, "tunebench-screenshots: nothing to take; give --screenshot FILE "
                             "or --screenshots FOLDER (see --help)\n");
        return 2;
    }
    tb::applyApplicationLook();

    tb::MainWindow window;
    tb::prepareWindow(window, options);
    tb::whenRunShown(window, options, [&window, shots] { captureThenQuit(window, shots); });
    tb::showWindow(window, options);
    return app.exec();
}
