// File > Open capture folder... (issue 37 item 4): a recorded capture folder opens as its
// spec.json in the Space page, the skeleton written when absent, with what is left to fill in;
// the user's spec.json is kept and only what is still left is listed; an incomplete capture
// shows its messages; a hostile folder says why and writes nothing.
#include "capture/capturemanifestwriter.h"
#include "capture/npywriter.h"
#include "capturefolder.h"
#include "dialogs/opencapturefolder.h"
#include "document/specdocument.h"
#include "filemenutesting.h"
#include "mainwindow.h"
#include "pages/runform.h"
#include "pages/runpage.h"
#include "pages/specpages.h"
#include "space/spacepage.h"

#include <QAction>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

using namespace tb;

namespace {

// copy(int n, float const* x, float* y) on 4 floats.
CaptureManifest copyCapture()
{
    CaptureManifest manifest;
    manifest.command = {"./app"};
    manifest.exitCode = 0;
    manifest.complete = true;
    manifest.kernelsSeen = {{"copy(int, float const*, float*)", 1}};
    CapturedLaunch launch;
    launch.kernel = "copy(int, float const*, float*)";
    launch.mangled = "_Z4copyiPKfPf";
    launch.block = {4, 1, 1};
    CapturedArgument n;
    n.type = ElementType::Int32;
    n.bytes = 4;
    n.value = 4;
    n.hex = "04000000";
    launch.arguments = {n};
    launch.arguments.push_back(tbtest::capturedFloats(1, 16, false));
    launch.arguments.push_back(tbtest::capturedFloats(2, 16, true));
    manifest.launches = {launch};
    return manifest;
}

bool writeCapture(const QString &directory, const CaptureManifest &manifest)
{
    return tbtest::writeCaptureFolder(directory.toStdString(), manifest);
}

std::string fileText(const QString &path)
{
    std::ifstream in(path.toStdString());
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace

class TestOpenCaptureFolder : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void theActionIsInTheFileMenu()
    {
        MainWindow window;
        QVERIFY(fileMenuAction(window, QStringLiteral("Open &capture folder...")));
    }

    void aCaptureOpensAsItsSkeleton()
    {
        QTemporaryDir dir;
        QVERIFY(writeCapture(dir.path(), copyCapture()));
        MainWindow window;
        window.setSavePrompt([](QWidget *, const QStringList &) { return QMessageBox::Discard; });
        QSignalSpy opened(window.openCaptureFolder(), &OpenCaptureFolder::opened);
        QSignalSpy shown(&window, &MainWindow::messageShown);
        window.openCaptureFolder()->open(dir.path());
        QVERIFY(opened.wait(30000));

        const QString specPath = dir.filePath("spec.json");
        QCOMPARE(opened.at(0).at(0).toString(), specPath);
        QVERIFY(QFileInfo::exists(specPath)); // written: the folder had none
        const QString left = opened.at(0).at(1).toString();
        for (const char *pointer :
             {"/kernel/source", "/parameters", "/launch", "/arguments/2/name"})
            QVERIFY2(left.contains(pointer), qPrintable(left));
        SpacePage *space = window.specPages()->spacePage();
        QCOMPARE(window.pages()->currentWidget(), space);
        QCOMPARE(space->document()->filePath(), specPath);
        QVERIFY(!space->document()->isModified());
        QCOMPARE(window.runPage()->form()->specPath(), specPath);
        QVERIFY(space->document()->value("/name") == SpecJson("copy"));
        QVERIFY(!shown.isEmpty());
        QCOMPARE(shown.last().at(0).toString(), QStringLiteral("Fill in the capture's spec"));
    }

    void theUsersSpecIsKeptWithWhatIsStillLeft()
    {
        QTemporaryDir dir;
        QVERIFY(writeCapture(dir.path(), copyCapture()));
        {
            MainWindow window;
            QSignalSpy opened(window.openCaptureFolder(), &OpenCaptureFolder::opened);
            window.openCaptureFolder()->open(dir.path());
            QVERIFY(opened.wait(30000));
        }
        // The user fills in the source, the parameters and one name.
        const QString specPath = dir.filePath("spec.json");
        auto spec = nlohmann::ordered_json::parse(fileText(specPath));
        spec["kernel"]["source"] = "copy.cu";
        spec["parameters"] = nlohmann::ordered_json::parse(R"([{"name": "B", "values": [4]}])");
        spec["arguments"][1]["name"] = "x";
        const std::string edited = spec.dump(2);
        std::ofstream(specPath.toStdString()) << edited;

        MainWindow window;
        QSignalSpy opened(window.openCaptureFolder(), &OpenCaptureFolder::opened);
        window.openCaptureFolder()->open(dir.path());
        QVERIFY(opened.wait(30000));
        QCOMPARE(fileText(specPath), edited); // never replaced
        const QString left = opened.at(0).at(1).toString();
        QVERIFY2(!left.contains("/kernel/source"), qPrintable(left));
        QVERIFY2(!left.contains("/parameters"), qPrintable(left));
        QVERIFY2(!left.contains("/arguments/1/name"), qPrintable(left));
        QVERIFY2(left.contains("/arguments/2/name"), qPrintable(left));
        QVERIFY2(left.contains("/launch"), qPrintable(left));
    }

    void anIncompleteCaptureShowsItsMessages()
    {
        QTemporaryDir dir;
        CaptureManifest crashed = copyCapture();
        crashed.complete = false;
        crashed.exitCode.reset();
        crashed.signal = "SIGSEGV";
        crashed.messages = {"the application ended on SIGSEGV after 1 launch"};
        QVERIFY(writeCapture(dir.path(), crashed));
        MainWindow window;
        QSignalSpy opened(window.openCaptureFolder(), &OpenCaptureFolder::opened);
        QSignalSpy shown(&window, &MainWindow::messageShown);
        window.openCaptureFolder()->open(dir.path());
        QVERIFY(opened.wait(30000));
        const QString left = opened.at(0).at(1).toString();
        QVERIFY2(left.contains("The capture is incomplete"), qPrintable(left));
        QVERIFY2(left.contains("ended on SIGSEGV after 1 launch"), qPrintable(left));
        QVERIFY(shown.last().at(1).toString().contains("ended on SIGSEGV"));
    }

    void aHostileFolderSaysWhyAndWritesNothing()
    {
        QTemporaryDir dir;
        CaptureManifest hostile = copyCapture();
        hostile.launches[0].arguments[1].before = "/etc/passwd";
        QVERIFY(writeCapture(dir.path(), hostile));
        MainWindow window;
        QSignalSpy failed(window.openCaptureFolder(), &OpenCaptureFolder::failed);
        QSignalSpy shown(&window, &MainWindow::messageShown);
        window.openCaptureFolder()->open(dir.path());
        QVERIFY(failed.wait(30000));
        QVERIFY2(failed.at(0).at(1).toString().contains(
                     "launches[0].arguments[1].before: an absolute path"),
                 qPrintable(failed.at(0).at(1).toString()));
        QVERIFY(!QFileInfo::exists(dir.filePath("spec.json")));
        QCOMPARE(shown.size(), 1);
    }
};

QTEST_MAIN(TestOpenCaptureFolder)
#include "tst_opencapturefolder.moc"
