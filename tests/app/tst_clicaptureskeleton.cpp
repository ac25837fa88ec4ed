// `tunebench-cli capture-skeleton DIR` through the real binary (issue 37 item 4): a recorded
// capture folder's skeleton written as DIR/spec.json with what is left to fill in; an existing
// spec.json is kept unless --force; a hostile or launchless capture says why, with exit 3.
#include "capture/capturemanifestwriter.h"
#include "capture/npywriter.h"
#include "capturefolder.h"
#include "clirunner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <vector>

using namespace tb;

namespace {

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return QJsonDocument::fromJson(file.readAll()).object();
}

// scale(int n, float const* x, float* y) on 8 floats, as the injection library records it.
CaptureManifest scaleCapture()
{
    CaptureManifest manifest;
    manifest.command = {"./app"};
    manifest.exitCode = 0;
    manifest.complete = true;
    manifest.kernelsSeen = {{"scale(int, float const*, float*)", 1}};
    CapturedLaunch launch;
    launch.kernel = "scale(int, float const*, float*)";
    launch.mangled = "_Z5scaleiPKfPf";
    launch.block = {8, 1, 1};
    CapturedArgument n;
    n.type = ElementType::Int32;
    n.bytes = 4;
    n.value = 8;
    n.hex = "08000000";
    launch.arguments = {n, tbtest::capturedFloats(1, 32, false),
                        tbtest::capturedFloats(2, 32, true)};
    manifest.launches = {launch};
    return manifest;
}

bool writeCapture(const QTemporaryDir &dir, const CaptureManifest &manifest)
{
    return tbtest::writeCaptureFolder(dir.path().toStdString(), manifest);
}

} // namespace

class TestCliCaptureSkeleton : public QObject
{
    Q_OBJECT

private slots:
    void writesTheSkeletonAndWhatIsLeft()
    {
        QTemporaryDir dir;
        QVERIFY(writeCapture(dir, scaleCapture()));
        const auto made = runCli({"capture-skeleton", dir.path()});
        QVERIFY2(made.exitCode == 0, qPrintable(made.err));
        const QString spec = dir.filePath("spec.json");
        QVERIFY2(made.out.contains("wrote " + spec +
                                   ": the spec skeleton of scale(int, float "
                                   "const*, float*)"),
                 qPrintable(made.out));
        QVERIFY2(made.out.contains("  /kernel/source: "), qPrintable(made.out));
        QVERIFY2(made.out.contains("  /parameters: "), qPrintable(made.out));
        QVERIFY2(made.out.contains("  /arguments/2/name: Rename arg2"), qPrintable(made.out));
        QVERIFY2(made.out.contains("tunebench-cli validate " + spec), qPrintable(made.out));

        const QJsonObject json = readJson(spec);
        QCOMPARE(json["backend"].toString(), "cuda");
        QCOMPARE(json["kernel"].toObject()["entry"].toString(), "scale");
        QCOMPARE(json["problem_sizes"].toArray(), QJsonArray({QJsonObject({{"N", 8}})}));
        const QJsonArray arguments = json["arguments"].toArray();
        QCOMPARE(arguments.size(), 3);
        QCOMPARE(arguments[0].toObject()["value"].toString(), "N");
        QCOMPARE(arguments[1].toObject()["init"].toObject()["file"].toString(),
                 "launch-0/arg-1.before.npy");
        QVERIFY(arguments[2].toObject()["output"].toBool());
        QCOMPARE(json["verification"]
                     .toObject()["expected"]
                     .toObject()["arg2"]
                     .toObject()["file"]
                     .toString(),
                 "launch-0/arg-2.after.npy");
    }

    void anExistingSpecIsKeptUnlessForced()
    {
        QTemporaryDir dir;
        QVERIFY(writeCapture(dir, scaleCapture()));
        QFile mine(dir.filePath("spec.json"));
        QVERIFY(mine.open(QIODevice::WriteOnly));
        mine.write("{\"mine\": true}\n");
        mine.close();
        const auto refused = runCli({"capture-skeleton", dir.path()});
        QCOMPARE(refused.exitCode, 3);
        QVERIFY2(refused.err.contains("spec.json exists: --force"), qPrintable(refused.err));
        QVERIFY(readJson(dir.filePath("spec.json"))["mine"].toBool());
        const auto forced = runCli({"capture-skeleton", dir.path(), "--force", "--launch", "0"});
        QVERIFY2(forced.exitCode == 0, qPrintable(forced.err));
        QCOMPARE(readJson(dir.filePath("spec.json"))["name"].toString(), "scale");
    }

    void failuresSayWhy()
    {
        QTemporaryDir dir;
        QVERIFY(writeCapture(dir, scaleCapture()));
        const auto noLaunch = runCli({"capture-skeleton", dir.path(), "--launch", "3"});
        QCOMPARE(noLaunch.exitCode, 3);
        QVERIFY2(noLaunch.err.contains("no launch 3: the capture has 1"), qPrintable(noLaunch.err));
        QCOMPARE(runCli({"capture-skeleton", dir.path(), "--launch", "-1"}).exitCode, 2);

        CaptureManifest hostile = scaleCapture();
        hostile.launches[0].arguments[1].before = "../../etc/passwd";
        QTemporaryDir hostileDir;
        QVERIFY(writeCapture(hostileDir, hostile));
        const auto refused = runCli({"capture-skeleton", hostileDir.path()});
        QCOMPARE(refused.exitCode, 3);
        QVERIFY2(refused.err.contains("launches[0].arguments[1].before: a path that leaves"),
                 qPrintable(refused.err));
        QVERIFY(!QFile::exists(hostileDir.filePath("spec.json")));

        QTemporaryDir empty;
        const auto notACapture = runCli({"capture-skeleton", empty.path()});
        QCOMPARE(notACapture.exitCode, 3);
        QVERIFY2(notACapture.err.contains("capture.json"), qPrintable(notACapture.err));
    }

    void aCrashedCaptureWithoutLaunchesSaysWhatHappened()
    {
        QTemporaryDir dir;
        CaptureManifest crashed;
        crashed.command = {"./app"};
        crashed.signal = "SIGSEGV";
        crashed.messages = {"the application ended on SIGSEGV before a matching launch"};
        crashed.kernelsSeen = {{"other(int)", 1}};
        QVERIFY(writeCapture(dir, crashed));
        const auto refused = runCli({"capture-skeleton", dir.path()});
        QCOMPARE(refused.exitCode, 3);
        QVERIFY2(refused.err.contains("no launch"), qPrintable(refused.err));
        QVERIFY2(refused.err.contains("other(int) (1x)"), qPrintable(refused.err));
        QVERIFY2(refused.err.contains("ended on SIGSEGV"), qPrintable(refused.err));
    }

    void theHelpNamesTheCommand()
    {
        const auto help = runCli({"--help"});
        QVERIFY2(help.out.contains("capture-skeleton"), qPrintable(help.out));
    }
};

QTEST_GUILESS_MAIN(TestCliCaptureSkeleton)
#include "tst_clicaptureskeleton.moc"
