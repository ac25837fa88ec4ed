// The pure parts of DeviceVerifier: which types it takes, its kernel (built with NVRTC for
// real, no GPU needed), its search for the first differing elements, and its message, which
// must read exactly as OutputVerifier's. The
// comparison on a GPU is tested in tst_cudabackend_gpu.
#include "backend/common/outputverifier.h"
#include "backend/cuda/compile/nvrtccompiler.h"
#include "backend/cuda/deviceverifier.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

using namespace tb;

namespace {

// What one pass of tb_verify from `begin` on finds, done on the host with OutputVerifier's
// rule: how many elements differ there, and the lowest such index.
template <typename T>
DeviceVerifier::MismatchScan hostScan(const std::vector<T> &got, const std::vector<T> &expected,
                                      const OutputTolerance &tolerance, std::uint64_t begin)
{
    DeviceVerifier::MismatchScan scan;
    for (std::uint64_t i = begin; i < got.size(); ++i) {
        if (OutputVerifier::matches(static_cast<double>(got[i]), static_cast<double>(expected[i]),
                                    tolerance))
            continue;
        if (scan.count++ == 0)
            scan.firstIndex = i;
    }
    return scan;
}

// OutputVerifier's message for `got` against `expected`, and DeviceVerifier's for the same
// data: its count and first indices found by passes as the kernel makes them.
template <typename T>
void compareMessages(ElementType type, const std::vector<T> &got, const std::vector<T> &expected,
                     const OutputTolerance &tolerance)
{
    const OutputVerifier verifier(Verification{
        {}, 0, 0, {{"y", tolerance.rtol, tolerance.atol, tolerance.maxMismatches, ""}}});
    const std::uint64_t count = got.size();
    const std::string host = verifier.compare({OutputView{"y", type, expected.data(), count}},
                                              {OutputView{"y", type, got.data(), count}});
    const DeviceVerifier::MismatchScan whole = hostScan(got, expected, tolerance, 0);
    const std::uint64_t allowed = tolerance.maxMismatches.of(count);
    if (whole.count <= allowed) {
        QCOMPARE(host, std::string());
        return;
    }
    int passes = 0;
    const auto scanFrom = [&](std::uint64_t begin, DeviceVerifier::MismatchScan &rest) {
        ++passes;
        rest = hostScan(got, expected, tolerance, begin);
        return CudaStatus{};
    };
    std::vector<std::uint64_t> indices;
    QVERIFY(DeviceVerifier::firstMismatchIndices(whole, scanFrom, indices).ok());
    QCOMPARE(indices.size(), std::min<std::size_t>(whole.count, kShownMismatches));
    QCOMPARE(passes, static_cast<int>(indices.size()) - 1); // one per index past the first
    std::vector<ElementMismatch> first;
    for (std::uint64_t i : indices)
        first.push_back({i, static_cast<double>(got[i]), static_cast<double>(expected[i])});
    QVERIFY(!host.empty());
    QCOMPARE(outputMismatchMessage("y", tolerance.comparedWith, whole.count, count, allowed, first),
             host);
}

template <typename T>
void compareMessages(ElementType type, const std::vector<T> &got, const std::vector<T> &expected,
                     double rtol, double atol)
{
    compareMessages(type, got, expected, OutputTolerance{rtol, atol, {}});
}

} // namespace

class TestDeviceVerifier : public QObject
{
    Q_OBJECT

private slots:
    void takesTheCommonTypesAndTheNarrowReals()
    {
        QVERIFY(DeviceVerifier::supports(ElementType::Float32));
        QVERIFY(DeviceVerifier::supports(ElementType::Float64));
        QVERIFY(DeviceVerifier::supports(ElementType::Int32));
        QVERIFY(DeviceVerifier::supports(ElementType::Int64));
        QVERIFY(DeviceVerifier::supports(ElementType::UInt32));
        QVERIFY(DeviceVerifier::supports(ElementType::Float16));
        QVERIFY(DeviceVerifier::supports(ElementType::BFloat16));
        QVERIFY(DeviceVerifier::supports(ElementType::Float8E4M3));
        QVERIFY(DeviceVerifier::supports(ElementType::Float8E5M2));
        for (ElementType other : {ElementType::Int8, ElementType::Int16, ElementType::UInt8,
                                  ElementType::UInt16, ElementType::UInt64}) {
            QVERIFY(!DeviceVerifier::supports(other));
            QCOMPARE(DeviceVerifier::entryFor(other), std::string());
        }
        QCOMPARE(DeviceVerifier::entryFor(ElementType::Float32), std::string("tb_verify<float>"));
        QCOMPARE(DeviceVerifier::entryFor(ElementType::Int64), std::string("tb_verify<long long>"));
        QCOMPARE(DeviceVerifier::entryFor(ElementType::UInt32),
                 std::string("tb_verify<unsigned int>"));
        QCOMPARE(DeviceVerifier::entryFor(ElementType::Float16),
                 std::string("tb_verify<tb_float16>"));
    }

    void buildsTheKernelForEveryType()
    {
        QTemporaryDir cache;
        QVERIFY(cache.isValid());
        const NvrtcCompiler compiler(cache.path().toStdString());
        for (ElementType type :
             {ElementType::Float32, ElementType::Float64, ElementType::Int32, ElementType::Int64,
              ElementType::UInt32, ElementType::Float16, ElementType::BFloat16,
              ElementType::Float8E4M3, ElementType::Float8E5M2}) {
            KernelSource source;
            source.code = DeviceVerifier::kernelSource();
            source.entry = DeviceVerifier::entryFor(type);
            source.language = "cuda";
            const CudaBuild build = compiler.build(source, {}, Configuration{});
            QVERIFY2(build.succeeded(), (source.entry + ": " + build.errorMessage).c_str());
            QVERIFY(!build.loweredName.empty());
        }
    }

    void readsAsOutputVerifierForFloats()
    {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const double inf = std::numeric_limits<double>::infinity();
        compareMessages<float>(ElementType::Float32, {1.0f, 2.5f, 3.0f, 4.0f},
                               {1.0f, 2.0f, 3.0f, 5.0f}, 1e-5, 1e-8);
        compareMessages<float>(ElementType::Float32, {1.0f, static_cast<float>(nan), 0.1f},
                               {1.0f, 2.0f, 0.1f}, 1e-5, 1e-8);
        compareMessages<double>(ElementType::Float64, {inf, -inf, 123456789.123456},
                                {inf, inf, 123456789.0}, 1e-12, 0);
        compareMessages<double>(ElementType::Float64, {1e-300, 3.14159265358979, 1e300},
                                {0, 3.14159265358979, -1e300}, 0, 0);
    }

    void readsAsOutputVerifierForIntegers()
    {
        compareMessages<std::int32_t>(ElementType::Int32, {1, -7, 3}, {1, 7, 4}, 0, 0);
        compareMessages<std::int64_t>(ElementType::Int64, {0, 9007199254740993LL},
                                      {0, 9007199254740000LL}, 0, 0.5);
        compareMessages<std::uint32_t>(ElementType::UInt32, {4000000000U, 2U}, {4000000001U, 2U}, 0,
                                       0);
    }

    // A bitmap differing in five elements: the passes find the first three, and the
    // allowance decides, as a count and as a fraction.
    void readsAsOutputVerifierWithAnAllowance()
    {
        std::vector<std::int32_t> expected(1000, 0);
        std::vector<std::int32_t> got = expected;
        for (std::size_t i : {17, 90, 121, 500, 999})
            got[i] = 1;
        for (double allowance : {0.0, 3.0, 4.0, 5.0, 6.0, 0.004, 0.005, 0.5})
            compareMessages<std::int32_t>(ElementType::Int32, got, expected,
                                          OutputTolerance{0, 0, {allowance}});
        std::vector<std::int32_t> two = expected;
        two[3] = two[4] = 7;
        compareMessages<std::int32_t>(ElementType::Int32, two, expected,
                                      OutputTolerance{0, 0, {1}});
    }

    // A pass that fails ends the search with its failure.
    void aFailedPassStopsTheSearch()
    {
        const auto failing = [](std::uint64_t, DeviceVerifier::MismatchScan &) {
            return CudaStatus{CudaFailure{ResultStatus::RuntimeError, "no", true}};
        };
        std::vector<std::uint64_t> indices;
        const CudaStatus status = DeviceVerifier::firstMismatchIndices({5, 17}, failing, indices);
        QVERIFY(!status.ok());
        QCOMPARE(indices, std::vector<std::uint64_t>{17});
    }
};

QTEST_GUILESS_MAIN(TestDeviceVerifier)
#include "tst_deviceverifier.moc"
