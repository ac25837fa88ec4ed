#pragma once

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QString>

#include <string>

// Builds a generated C++ header the way a user's project would, for the export tests: a
// main.cpp beside it, compiled with -std=c++17 -Wall -Wextra -Werror, then run.
namespace tbtest {

// `configured` (the compiler CMake found, TB_TEST_CXX), else c++ on PATH; empty when neither.
inline QString testCompiler(const QString &configured)
{
    if (!configured.isEmpty() && !configured.endsWith("NOTFOUND"))
        return configured;
    return QStandardPaths::findExecutable("c++");
}

inline bool writeTextFile(const QString &path, const std::string &text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) &&
           file.write(text.data(), static_cast<qint64>(text.size())) ==
               static_cast<qint64>(text.size());
}

struct BuiltProgram
{
    bool ok = false;
    QString log;    // the compiler's output, or the program's stderr
    QString output; // the program's stdout
};

// Compiles `directory`/main.cpp with `compiler` and runs the program.
inline BuiltProgram compileAndRun(const QString &compiler, const QString &directory)
{
    BuiltProgram built;
    if (compiler.isEmpty()) {
        built.log = "no C++ compiler found (TB_TEST_CXX, c++ on PATH)";
        return built;
    }
    QProcess compile;
    compile.setProcessChannelMode(QProcess::MergedChannels);
    compile.start(compiler, {"-std=c++17", "-Wall", "-Wextra", "-Werror", "-o",
                             directory + "/program", directory + "/main.cpp"});
    if (!compile.waitForFinished(120000) || compile.exitCode() != 0) {
        built.log = "compile failed: " + QString::fromUtf8(compile.readAll());
        return built;
    }
    QProcess program;
    program.start(directory + "/program", {});
    program.waitForFinished(30000);
    built.output = QString::fromUtf8(program.readAllStandardOutput());
    built.log = QString::fromUtf8(program.readAllStandardError());
    built.ok = program.exitStatus() == QProcess::NormalExit && program.exitCode() == 0;
    return built;
}

} // namespace tbtest
