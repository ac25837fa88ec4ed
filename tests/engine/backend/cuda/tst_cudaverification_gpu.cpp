// Runs on a GPU only (label gpu): every test fails, none skips, when there is no GPU. The
// reference comparison on the device: wrong values, NaN, the tolerance, an output's own
// settings (verification.expected) and its expected file.
#include "backend/cuda/cudabackend.h"
#include "gputestspecs.h"
#include "npyfiles.h"

#include <QTemporaryDir>
#include <QTest>

using namespace tb;
using namespace tbtest;

class TestCudaVerificationGpu : public QObject
{
    Q_OBJECT

private slots:
    void init() { QVERIFY(m_cache.isValid()); }

    void flagsAWrongResult()
    {
        CudaBackend backend(cacheDirectory());
        PREPARE(backend, copyScaleSpec(1 << 20));
        const Result result = backend.evaluate(Configuration{{256, 1}}, 0, kNoStopAbove);
        QVERIFY2(result.status == ResultStatus::WrongResult, qPrintable(describe(result)));
        QVERIFY2(result.message.find("differ from the reference") != std::string::npos,
                 result.message.c_str());
        QVERIFY(backend.usable());
        // The backend goes on: the right config is fine.
        const Result right = backend.evaluate(Configuration{{128, 0}}, 0, kNoStopAbove);
        QVERIFY2(right.status == ResultStatus::Ok, qPrintable(describe(right)));
    }

    // Verification runs on the GPU: NaN never matches, whatever the tolerance.
    void aNanOutputIsAWrongResult()
    {
        CudaBackend backend(cacheDirectory());
        PREPARE(backend, perturbSpec());
        const Result result = backend.evaluate(Configuration{{1}}, 0, kNoStopAbove);
        QVERIFY2(result.status == ResultStatus::WrongResult, qPrintable(describe(result)));
        const std::string expected = "1 of 1048576 elements of output 'out' differ from the "
                                     "reference; first at [3]: got nan, expected ";
        QVERIFY2(result.message.rfind(expected, 0) == 0, result.message.c_str());
        QVERIFY(backend.usable());
    }

    void anOutputWithinRtolPassesAndOneBeyondItDoesNot()
    {
        CudaBackend backend(cacheDirectory());
        PREPARE(backend, perturbSpec());
        const Result close = backend.evaluate(Configuration{{2}}, 0, kNoStopAbove);
        QVERIFY2(close.status == ResultStatus::Ok, qPrintable(describe(close)));
        const Result far = backend.evaluate(Configuration{{3}}, 0, kNoStopAbove);
        QVERIFY2(far.status == ResultStatus::WrongResult, qPrintable(describe(far)));
        QVERIFY2(far.message.find("of 1048576 elements of output 'out' differ") !=
                     std::string::npos,
                 far.message.c_str());
        // The outputs are reset between runs: the exact configuration is still fine after.
        const Result exact = backend.evaluate(Configuration{{0}}, 0, kNoStopAbove);
        QVERIFY2(exact.status == ResultStatus::Ok, qPrintable(describe(exact)));
    }

    // max_mismatches, on the GPU (int32) and on the host (uint8) alike: five flipped elements
    // pass with five allowed and fail with four, the message naming the first three.
    void toleratesAnOutputsAllowedMismatches()
    {
        for (ElementType type : {ElementType::Int32, ElementType::UInt8}) {
            const double wide = type == ElementType::Int32 ? 1 : 0;
            for (double passing : {5.0, 5e-6}) { // 5e-6 of 1 Mi elements: 5
                CudaBackend backend(cacheDirectory());
                PREPARE(backend, bitmapSpec(type, passing));
                const Result result = backend.evaluate(Configuration{{5, wide}}, 0, kNoStopAbove);
                QVERIFY2(result.status == ResultStatus::Ok, qPrintable(describe(result)));
            }
            CudaBackend backend(cacheDirectory());
            PREPARE(backend, bitmapSpec(type, 4));
            const Result result = backend.evaluate(Configuration{{5, wide}}, 0, kNoStopAbove);
            QVERIFY2(result.status == ResultStatus::WrongResult, qPrintable(describe(result)));
            QCOMPARE(QString::fromStdString(result.message),
                     QString("5 of 1048576 elements of output 'bitmap' differ from the reference "
                             "(4 allowed); first at [17]: got 1, expected 0; [91]: got 1, "
                             "expected 0; [121]: got 1, expected 0"));
            QVERIFY(backend.usable());
        }
    }

    // An output's own rtol takes MODE 3's 1% that the section's 1e-4 does not.
    void appliesAnOutputsOwnTolerance()
    {
        Spec spec = perturbSpec();
        spec.verification.expected = {{"out", 0.02, std::nullopt, {}, ""}};
        CudaBackend backend(cacheDirectory());
        PREPARE(backend, spec);
        const Result loose = backend.evaluate(Configuration{{3}}, 0, kNoStopAbove);
        QVERIFY2(loose.status == ResultStatus::Ok, qPrintable(describe(loose)));
        const Result nan = backend.evaluate(Configuration{{1}}, 0, kNoStopAbove);
        QVERIFY2(nan.status == ResultStatus::WrongResult, qPrintable(describe(nan)));
    }

    // An expected file stands in for the reference configuration (here there is none): BUG 1's
    // +1 fails against it, on the device, and the message names the file.
    void comparesWithAnExpectedFile()
    {
        const std::size_t n = 1 << 16;
        std::vector<float> in(n), out(n);
        for (std::size_t i = 0; i < n; ++i) {
            in[i] = static_cast<float>(i % 1000) / 8;
            out[i] = in[i] * 1.5f;
        }
        QVERIFY(writeNpy(m_cache.filePath("in.npy").toStdString(), "<f4", in));
        QVERIFY(writeNpy(m_cache.filePath("out_65536.npy").toStdString(), "<f4", out));
        Spec spec = copyScaleSpec(static_cast<double>(n));
        spec.baseDirectory = cacheDirectory();
        spec.arguments[0].init = BufferInit{};
        spec.arguments[0].init.kind = BufferInit::Kind::File;
        spec.arguments[0].init.file = "in.npy";
        spec.verification.reference.reset();
        spec.verification.rtol = 0;
        spec.verification.atol = 0;
        spec.verification.expected = {{"out", std::nullopt, std::nullopt, {}, "out_{N}.npy"}};
        CudaBackend backend(cacheDirectory());
        PREPARE(backend, spec);
        const Result right = backend.evaluate(Configuration{{256, 0}}, 0, kNoStopAbove);
        QVERIFY2(right.status == ResultStatus::Ok, qPrintable(describe(right)));
        const Result wrong = backend.evaluate(Configuration{{128, 1}}, 0, kNoStopAbove);
        QVERIFY2(wrong.status == ResultStatus::WrongResult, qPrintable(describe(wrong)));
        QVERIFY2(wrong.message.starts_with("65536 of 65536 elements of output 'out' differ from "
                                           "the expected file 'out_{N}.npy'; first at [0]: got "
                                           "1, expected 0"),
                 wrong.message.c_str());
    }

private:
    std::string cacheDirectory() const { return m_cache.path().toStdString(); }

    QTemporaryDir m_cache;
};

QTEST_GUILESS_MAIN(TestCudaVerificationGpu)
#include "tst_cudaverification_gpu.moc"
