#include "backend/cuda/cudabackend.h"
#include "backend/cuda/cudadriver.h"

#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

Spec copySpec()
{
    Spec spec;
    spec.name = "copy";
    spec.backend = BackendKind::Cuda;
    spec.kernel.code =
        "__global__ void copy(const float *x, float *y, int n)\n"
        "{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = x[i]; }\n";
    spec.kernel.entry = "copy";
    spec.kernel.language = "cuda";
    spec.parameters = {{"BLOCK", {128, 256}}};
    spec.sizes.names = {"N"};
    spec.sizes.values = {{1000}};
    spec.launch = LaunchGeometry{{"ceil_div(N, BLOCK)"}, {"BLOCK"}, "0"};
    Argument x;
    x.name = "x";
    x.size = "N";
    Argument y = x;
    y.name = "y";
    y.output = true;
    Argument n;
    n.name = "n";
    n.kind = Argument::Kind::Scalar;
    n.type = ElementType::Int32;
    n.value = "N";
    spec.arguments = {x, y, n};
    return spec;
}

} // namespace

// The machine CI runs on has no driver (TOOLCHAIN.md): what a user without one sees.
class TestCudaDriver : public QObject
{
    Q_OBJECT

private slots:
    void aMissingLibraryIsNoDevice()
    {
        auto driver = CudaDriver::load("libtunebench-no-such-driver.so.1");
        QVERIFY(!driver);
        QCOMPARE(driver.error().code, EngineError::Code::NoDevice);
        QCOMPARE(driver.error().message, std::string("no CUDA driver found"));
        QVERIFY2(driver.error().detail.find("libtunebench-no-such-driver.so.1") !=
                     std::string::npos,
                 driver.error().detail.c_str());
    }

    void withoutADriverLibcudaIsNamed()
    {
        if (cudaDriverPresent())
            QSKIP("this machine has a CUDA driver: the no-driver path cannot be seen here");
        auto driver = CudaDriver::load();
        QVERIFY(!driver);
        QCOMPARE(driver.error().code, EngineError::Code::NoDevice);
        QCOMPARE(driver.error().message, std::string("no CUDA driver found"));
        QVERIFY2(driver.error().detail.find("libcuda.so.1") != std::string::npos,
                 driver.error().detail.c_str());
        std::string why;
        QVERIFY(!cudaDriverPresent(&why));
        QVERIFY2(why.find("no CUDA driver found") != std::string::npos, why.c_str());
        QVERIFY2(why.find("libcuda.so.1") != std::string::npos, why.c_str());
    }

    void prepareFailsWithTheDriverMessage()
    {
        if (cudaDriverPresent())
            QSKIP("this machine has a CUDA driver: the no-driver path cannot be seen here");
        QTemporaryDir cache;
        CudaBackend backend(cache.path().toStdString());
        const Status prepared = backend.prepare(copySpec());
        QVERIFY(!prepared);
        QCOMPARE(prepared.error().code, EngineError::Code::NoDevice);
        QCOMPARE(prepared.error().message, std::string("no CUDA driver found"));
        QVERIFY(prepared.error().toString().find("libcuda.so.1") != std::string::npos);
        QVERIFY(backend.device() == nullptr);
        // Not prepared: a result, not a crash.
        const Result result = backend.evaluate(Configuration{{128}}, 0, kNoStopAbove);
        QVERIFY(result.status == ResultStatus::RuntimeError);
        QVERIFY(backend.usable());
    }

    void refusesSpecsOfOtherBackendsBeforeLookingForADriver()
    {
        QTemporaryDir cache;
        CudaBackend backend(cache.path().toStdString());
        Spec spec = copySpec();
        spec.backend = BackendKind::Cpu;
        const Status prepared = backend.prepare(spec);
        QVERIFY(!prepared);
        QCOMPARE(prepared.error().code, EngineError::Code::InvalidSpec);

        spec = copySpec();
        spec.launch->block = {"BLOCK *"};
        const Status badLaunch = backend.prepare(spec);
        QVERIFY(!badLaunch);
        QCOMPARE(badLaunch.error().code, EngineError::Code::InvalidSpec);
    }
};

QTEST_GUILESS_MAIN(TestCudaDriver)
#include "tst_cudadriver.moc"
