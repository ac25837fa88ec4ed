#include "capture/captureending.h"

#include <QTest>

using namespace tb;

namespace {

bool saysSomething(const CaptureManifest &manifest, const std::string &part)
{
    for (const auto &message : manifest.messages)
        if (message.find(part) != std::string::npos)
            return true;
    return false;
}

CaptureManifest recordedOneLaunch()
{
    CaptureManifest manifest;
    manifest.deviceName = "NVIDIA H200";
    manifest.complete = true; // the injection saw the application leave
    manifest.kernelsSeen = {{"scale(float*, int)", 3}};
    manifest.launches.push_back({});
    return manifest;
}

} // namespace

class TestCaptureEnding : public QObject
{
    Q_OBJECT

private slots:
    void aCleanExitKeepsTheCaptureComplete()
    {
        CaptureManifest manifest = recordedOneLaunch();
        recordApplicationEnd(manifest, {"./app", "-n", "4"}, ".*", {0, {}, {}}, true);
        QVERIFY(manifest.complete);
        QCOMPARE(*manifest.exitCode, 0);
        QCOMPARE(manifest.command.size(), std::size_t(3));
        QVERIFY(manifest.messages.empty());
    }

    void aCrashIsPartial()
    {
        CaptureManifest manifest = recordedOneLaunch();
        manifest.complete = false; // the injection's exit handler never ran
        recordApplicationEnd(manifest, {"./app"}, ".*", {std::nullopt, "SIGSEGV", {}}, true);
        QVERIFY(!manifest.complete);
        QCOMPARE(manifest.signal, std::string("SIGSEGV"));
        QVERIFY(saysSomething(manifest, "./app ended on SIGSEGV"));
        QCOMPARE(manifest.launches.size(), std::size_t(1)); // kept
    }

    void aFailingExitIsPartial()
    {
        CaptureManifest manifest = recordedOneLaunch();
        recordApplicationEnd(manifest, {"./app"}, ".*", {3, {}, {}}, true);
        QVERIFY(!manifest.complete);
        QVERIFY(saysSomething(manifest, "exited with 3"));
    }

    void noMatchNamesTheKernelsThatRan()
    {
        CaptureManifest manifest;
        manifest.deviceName = "NVIDIA H200";
        manifest.complete = true;
        manifest.kernelsSeen = {{"scale(float*, int)", 2}, {"reduce(float const*)", 1}};
        recordApplicationEnd(manifest, {"./app"}, "gemm", {0, {}, {}}, true);
        QVERIFY(saysSomething(manifest, "no launched kernel matched --kernel 'gemm'"));
        QVERIFY(saysSomething(manifest, "scale(float*, int); reduce(float const*)"));
    }

    void noKernelAndNoGpu()
    {
        CaptureManifest manifest;
        manifest.complete = true;
        recordApplicationEnd(manifest, {"./app"}, ".*", {1, {}, {}}, true);
        QVERIFY(!manifest.complete);
        QVERIFY(saysSomething(manifest, "no GPU was seen"));
        QVERIFY(saysSomething(manifest, "launched no kernel"));
    }

    void anApplicationWithoutCudaOrThatCannotStart()
    {
        CaptureManifest never;
        recordApplicationEnd(never, {"./app"}, ".*", {0, {}, {}}, false);
        QVERIFY(!never.complete);
        QVERIFY(saysSomething(never, "never started CUDA"));

        CaptureManifest missing;
        recordApplicationEnd(missing, {"./nope"}, ".*",
                             {std::nullopt, {}, "No such file or directory"}, false);
        QVERIFY(saysSomething(missing, "cannot start ./nope: No such file or directory"));
    }
};

QTEST_GUILESS_MAIN(TestCaptureEnding)
#include "tst_captureending.moc"
