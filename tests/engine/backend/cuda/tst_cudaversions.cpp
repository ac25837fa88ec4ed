// cudaVersions(): what Help > About says of NVRTC and the driver, on machines with a driver
// and without one (CI has none: TOOLCHAIN.md).
#include "backend/cuda/compile/nvrtccompiler.h"
#include "backend/cuda/cudaversions.h"

#include <QRegularExpression>
#include <QTest>

using namespace tb;

namespace {

bool isVersion(const std::string &text)
{
    return QRegularExpression("^[0-9]+\\.[0-9]+$").match(QString::fromStdString(text)).hasMatch();
}

} // namespace

class TestCudaVersions : public QObject
{
    Q_OBJECT

private slots:
    void aMissingDriverIsSaidPlainly()
    {
        const CudaVersions versions = cudaVersions("libtunebench-no-such-driver.so.1");
        QVERIFY(versions.backendBuilt);
        QVERIFY2(isVersion(versions.nvrtc), versions.nvrtc.c_str());
        QCOMPARE(versions.nvrtc, NvrtcCompiler::nvrtcVersionText());
        QVERIFY(versions.driver.empty());
        QCOMPARE(versions.whyNoDriver, std::string("no CUDA driver found"));
        QVERIFY2(versions.whyNoDriverDetail.find("libtunebench-no-such-driver.so.1") !=
                     std::string::npos,
                 versions.whyNoDriverDetail.c_str());
    }

    // This machine's driver, whichever it has: a version, or the reason there is none.
    void theInstalledDriverHasAVersionOrAReason()
    {
        const CudaVersions versions = cudaVersions();
        if (versions.driver.empty()) {
            QVERIFY(!versions.whyNoDriver.empty());
        } else {
            QVERIFY2(isVersion(versions.driver), versions.driver.c_str());
            QVERIFY(versions.whyNoDriver.empty());
        }
    }

    void versionNumbersReadAsMajorMinor()
    {
        QCOMPARE(cudaVersionText(12040), std::string("12.4"));
        QCOMPARE(cudaVersionText(13000), std::string("13.0"));
        QCOMPARE(cudaVersionText(11080), std::string("11.8"));
    }
};

QTEST_GUILESS_MAIN(TestCudaVersions)
#include "tst_cudaversions.moc"
