#include "guioptions.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <cstdio>
#include <unistd.h>
#include <vector>

namespace tb {

namespace {

QString executableDirectory()
{
    // Works before a QCoreApplication exists, and without argv[0] being a path.
    return QFileInfo(QStringLiteral("/proc/self/exe")).canonicalPath();
}

} // namespace

void addWindowOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("spec"),
                                 QCoreApplication::translate("main", "Tuning spec (JSON)"),
                                 QStringLiteral("[SPEC]"));
    const QCommandLineOption run(QStringLiteral("run"),
                                 QCoreApplication::translate("main", "Start tuning at once."));
    const QCommandLineOption workspace({QStringLiteral("w"), QStringLiteral("workspace")},
                                       QCoreApplication::translate("main", "Workspace file."),
                                       QStringLiteral("path"));
    const QCommandLineOption workers(QStringLiteral("workers"),
                                     QCoreApplication::translate("main", "Worker processes."),
                                     QStringLiteral("n"));
    parser.addOptions({run, workspace, workers});
}

GuiOptions windowOptions(const QCommandLineParser &parser)
{
    GuiOptions options;
    const QStringList positional = parser.positionalArguments();
    options.specPath = positional.isEmpty() ? defaultExampleSpec()
                                            : QFileInfo(positional.first()).absoluteFilePath();
    if (parser.isSet(QStringLiteral("workspace")))
        options.workspacePath =
            QFileInfo(parser.value(QStringLiteral("workspace"))).absoluteFilePath();
    options.workers = parser.value(QStringLiteral("workers")).toInt();
    options.run = parser.isSet(QStringLiteral("run"));
    return options;
}

GuiOptions parseGuiOptions(const QCoreApplication &app)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Tunebench: autotuning workbench for GPU kernels."));
    parser.addHelpOption();
    parser.addVersionOption();
    addWindowOptions(parser);
    const QCommandLineOption quitAfter(
        QStringLiteral("quit-after-finish"),
        QCoreApplication::translate(
            "main", "Quit when the run ends (without --run: once the workspace's latest run is "
                    "shown)."));
    parser.addOption(quitAfter);
    parser.process(app);

    GuiOptions options = windowOptions(parser);
    options.quitAfterFinish = parser.isSet(quitAfter);
    return options;
}

QString defaultExampleSpec()
{
    const QString relative = QStringLiteral("matmul/matmul.json");
    const QDir bin(executableDirectory());
    for (const QString &examples : {QStringLiteral("../../../resources/examples"),
                                    QStringLiteral("../share/tunebench/examples")}) {
        const QString candidate = QDir::cleanPath(bin.filePath(examples + u'/' + relative));
        if (QFileInfo::exists(candidate))
            return candidate;
    }
    return QStringLiteral(TB_SOURCE_DIR "/resources/examples/") + relative;
}

bool displayAvailable()
{
    return qEnvironmentVariableIsSet("QT_QPA_PLATFORM") ||
           !qEnvironmentVariableIsEmpty("DISPLAY") ||
           !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
}

int execHeadlessCli(const GuiOptions &options)
{
    const QByteArray cli =
        QDir(executableDirectory()).filePath(QStringLiteral("tunebench-cli")).toLocal8Bit();
    std::fprintf(stderr, "tunebench: no display found (DISPLAY, WAYLAND_DISPLAY and "
                         "QT_QPA_PLATFORM unset); running tunebench-cli tune instead.\n");
    std::vector<QByteArray> args = {cli};
    if (!options.workspacePath.isEmpty())
        args.insert(args.end(), {"--workspace", options.workspacePath.toLocal8Bit()});
    args.insert(args.end(), {"tune", options.specPath.toLocal8Bit()});
    if (options.workers > 0)
        args.insert(args.end(), {"--workers", QByteArray::number(options.workers)});
    std::vector<char *> argv;
    for (QByteArray &arg : args)
        argv.push_back(arg.data());
    argv.push_back(nullptr);
    std::fflush(stderr);
    execv(argv[0], argv.data());
    std::perror(cli.constData());
    return 127;
}

} // namespace tb
