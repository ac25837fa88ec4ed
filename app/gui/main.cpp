#include "guioptions.h"
#include "mainwindow.h"
#include "workbenchstart.h"

#include <QApplication>
#include <QTimer>

namespace {

// --quit-after-finish, once there is something to show.
void quitWhenShown(tb::MainWindow &window, const tb::GuiOptions &options)
{
    if (!options.quitAfterFinish)
        return;
    // Let the last batch reach the plot (its replot timer runs every 100 ms).
    tb::whenRunShown(window, options,
                     [&window] { QTimer::singleShot(300, &window, &QCoreApplication::quit); });
}

} // namespace

int main(int argc, char *argv[])
{
    tb::setApplicationInfo();
    if (!tb::displayAvailable()) {
        // Without a display QApplication aborts: the headless path still tunes the spec.
        QCoreApplication app(argc, argv);
        return tb::execHeadlessCli(tb::parseGuiOptions(app));
    }
    QApplication app(argc, argv);
    const tb::GuiOptions options = tb::parseGuiOptions(app);
    tb::applyApplicationLook();

    tb::MainWindow window;
    tb::prepareWindow(window, options);
    quitWhenShown(window, options);
    tb::showWindow(window, options);
    return app.exec();
}
