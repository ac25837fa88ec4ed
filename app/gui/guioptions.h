#pragma once

#include <QString>
#include <QStringList>

class QCommandLineParser;
class QCoreApplication;

namespace tb {

// The workbench's command line.
struct GuiOptions
{
    QString specPath;      // SPEC or the bundled matmul example
    QString workspacePath; // empty: the remembered one
    int workers = 0;       // 0: the remembered one
    bool run = false;
    bool quitAfterFinish = false;
};

// SPEC, --workspace, --workers and --run: what opens the window, shared with
// tunebench-screenshots so that both open a workspace the same way.
void addWindowOptions(QCommandLineParser &parser);
GuiOptions windowOptions(const QCommandLineParser &parser);

// Parses the arguments of app; --help and --version print and exit here.
GuiOptions parseGuiOptions(const QCoreApplication &app);

// The bundled matmul example: beside the build tree's bin/, in an installed share/, else the
// source tree this binary was built from.
QString defaultExampleSpec();

// True when Qt can open a window: a display, or a platform chosen explicitly (offscreen).
bool displayAvailable();

// Replaces this process with tunebench-cli (beside this executable) running `tune SPEC`;
// returns an exit code only if that fails.
int execHeadlessCli(const GuiOptions &options);

} // namespace tb
