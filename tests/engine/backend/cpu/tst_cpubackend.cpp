#include "backend/cpu/cpubackend.h"
#include "resultdescription.h"
#include "specbuilders.h"

#include <QTemporaryDir>
#include <QTest>

using namespace tb;
using tbtest::buffer;
using tbtest::quickMeasurement;
using tbtest::resultText;
using tbtest::scalar;
using tbtest::statusName;

namespace {

// y = a*x + y, unrolled UNROLL times; UNROLL == 3 is off by one at the end and UNROLL == 5
// does not compile.
const char *const kSaxpy = R"(
void saxpy(const float *x, float *y, float a, int n)
{
    int i = 0;
    for (; i + UNROLL <= n; i += UNROLL)
        for (int u = 0; u < UNROLL; ++u)
            y[i + u] = a * x[i + u] + y[i + u];
    for (; i < n; ++i)
        y[i] = a * x[i] + y[i];
#if UNROLL == 3
    y[n - 1] += 1.0f;
#endif
}
#if UNROLL == 5
#error UNROLL 5 is not supported
#endif
)";

Spec saxpySpec()
{
    Spec spec;
    spec.name = "saxpy";
    spec.backend = BackendKind::Cpu;
    spec.kernel.code = kSaxpy;
    spec.kernel.entry = "saxpy";
    spec.kernel.language = "c";
    spec.parameters = {{"UNROLL", {1, 2, 3, 4, 5}}};
    spec.sizes.names = {"N"};
    spec.sizes.values = {{1000}, {37}};
    BufferInit random{BufferInit::Kind::Random, 0, 7, -1, 1, 0, 1, {}, {}};
    BufferInit sequence{BufferInit::Kind::Sequence, 0, 1, 0, 1, 0, 0.5, {}, {}};
    spec.arguments = {buffer("x", "N", random, false), buffer("y", "N", sequence, true),
                      scalar("a", ElementType::Float32, "2.5"),
                      scalar("n", ElementType::Int32, "N")};
    spec.verification.reference = std::vector<double>{1};
    spec.verification.rtol = 1e-6;
    spec.verification.atol = 1e-6;
    spec.measurement = quickMeasurement();
    return spec;
}

// bitmap[i] = (i % 3 == 0): FLIPS 2 sets two more elements, as floating-point contraction may
// flip the points that lie on an edge.
const char *const kBitmap = R"(
#include <stdint.h>
void mark(int32_t *bitmap, int32_t *counts, int n)
{
    for (int i = 0; i < n; ++i)
        bitmap[i] = i % 3 == 0;
#if FLIPS == 2
    bitmap[5] = 1;
    bitmap[40] = 1;
#endif
    counts[0] = n;
#if FLIPS == 2 && defined(ALSO_COUNTS)
    counts[0] = n + 1;
#endif
}
)";

Spec bitmapSpec()
{
    Spec spec;
    spec.name = "bitmap";
    spec.backend = BackendKind::Cpu;
    spec.kernel.code = kBitmap;
    spec.kernel.entry = "mark";
    spec.kernel.language = "c";
    spec.parameters = {{"FLIPS", {0, 2}}};
    spec.sizes.names = {"N"};
    spec.sizes.values = {{64}};
    spec.arguments = {buffer("bitmap", ElementType::Int32, "N", {}, true),
                      buffer("counts", ElementType::Int32, "4"),
                      scalar("n", ElementType::Int32, "N")};
    spec.verification.reference = std::vector<double>{0};
    spec.verification.rtol = 0;
    spec.verification.atol = 0;
    spec.measurement = quickMeasurement();
    return spec;
}

} // namespace

class TestCpuBackend : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    std::string cache() const { return m_directory.filePath("cache").toStdString(); }

private slots:
    void initTestCase() { QVERIFY(m_directory.isValid()); }

    void measuresAVerifiedConfiguration()
    {
        CpuBackend backend(cache());
        QVERIFY(backend.prepare(saxpySpec()).hasValue());
        const Result result = backend.evaluate(Configuration{{2}}, 0, kNoStopAbove);
        QVERIFY2(result.status == ResultStatus::Ok, resultText(result));
        QVERIFY(result.message.empty());
        QCOMPARE(result.timer, std::string("steady_clock"));
        QVERIFY(result.samples.size() >= 3);
        QCOMPARE(result.summary.count, static_cast<int>(result.samples.size()));
        QVERIFY(result.summary.median > 0);
        QVERIFY(result.summary.min <= result.summary.median);
        QVERIFY(result.compileSeconds > 0);

        // Same build again: from the cache; y is re-initialised before verifying, so the
        // accumulated timing runs of the first evaluation do not make it wrong.
        const Result again = backend.evaluate(Configuration{{2}}, 0, kNoStopAbove);
        QVERIFY2(again.status == ResultStatus::Ok, resultText(again));
        QVERIFY(again.cachedBuild);
    }

    void measuresEachProblemSize()
    {
        CpuBackend backend(cache());
        QVERIFY(backend.prepare(saxpySpec()).hasValue());
        const Result small =
            backend.evaluate(Configuration{{4}}, 1, kNoStopAbove); // 37: exercises the tail
        QVERIFY2(small.status == ResultStatus::Ok, resultText(small));
        const Result large = backend.evaluate(Configuration{{4}}, 0, kNoStopAbove);
        QVERIFY2(large.status == ResultStatus::Ok, resultText(large));
        QVERIFY(backend.evaluate(Configuration{{4}}, 2, kNoStopAbove).status != ResultStatus::Ok);
    }

    void reportsAWrongResult()
    {
        CpuBackend backend(cache());
        QVERIFY(backend.prepare(saxpySpec()).hasValue());
        const Result result = backend.evaluate(Configuration{{3}}, 0, kNoStopAbove);
        QCOMPARE(statusName(result), QString("wrong_result"));
        QVERIFY(result.samples.empty());
        QVERIFY2(result.message.find("1 of 1000 elements of output 'y'") != std::string::npos,
                 result.message.c_str());
        QVERIFY2(result.message.find("[999]") != std::string::npos, result.message.c_str());
        QVERIFY(result.message.find("got") != std::string::npos);
        QVERIFY(result.message.find("expected") != std::string::npos);
    }

    // verification.expected: an int bitmap two of whose elements flip passes while two may
    // differ, and fails with one; the allowance is a count or a fraction of the elements.
    void toleratesAnOutputsAllowedMismatches()
    {
        const auto allowing = [](double maxMismatches) {
            Spec spec = bitmapSpec();
            spec.verification.expected = {
                {"bitmap", std::nullopt, std::nullopt, {maxMismatches}, ""}};
            return spec;
        };
        for (double passing : {2.0, 3.0, 0.04}) {
            CpuBackend backend(cache());
            QVERIFY(backend.prepare(allowing(passing)).hasValue());
            const Result result = backend.evaluate(Configuration{{2}}, 0, kNoStopAbove);
            QVERIFY2(result.status == ResultStatus::Ok, resultText(result));
        }
        for (double failing : {1.0, 0.03}) {
            CpuBackend backend(cache());
            QVERIFY(backend.prepare(allowing(failing)).hasValue());
            const Result result = backend.evaluate(Configuration{{2}}, 0, kNoStopAbove);
            QCOMPARE(statusName(result), QString("wrong_result"));
            QCOMPARE(QString::fromStdString(result.message),
                     QString("2 of 64 elements of output 'bitmap' differ from the reference (1 "
                             "allowed); first at [5]: got 1, expected 0; [40]: got 1, expected "
                             "0"));
        }
        // The other outputs keep the section's tolerances and no allowance.
        Spec spec = allowing(2);
        spec.kernel.code = "#define ALSO_COUNTS 1\n" + std::string(kBitmap);
        spec.arguments[1].output = true;
        CpuBackend backend(cache());
        QVERIFY(backend.prepare(spec).hasValue());
        const Result result = backend.evaluate(Configuration{{2}}, 0, kNoStopAbove);
        QCOMPARE(statusName(result), QString("wrong_result"));
        QVERIFY2(result.message.starts_with("1 of 4 elements of output 'counts'"),
                 result.message.c_str());
    }

    // An output's own atol takes the one element UNROLL 3 puts off by 1.
    void appliesAnOutputsOwnTolerance()
    {
        Spec spec = saxpySpec();
        spec.verification.expected = {{"y", std::nullopt, 1.5, {}, ""}};
        CpuBackend backend(cache());
        QVERIFY(backend.prepare(spec).hasValue());
        const Result result = backend.evaluate(Configuration{{3}}, 0, kNoStopAbove);
        QVERIFY2(result.status == ResultStatus::Ok, resultText(result));
    }

    void reportsACompileError()
    {
        CpuBackend backend(cache());
        QVERIFY(backend.prepare(saxpySpec()).hasValue());
        const Result result = backend.evaluate(Configuration{{5}}, 0, kNoStopAbove);
        QCOMPARE(statusName(result), QString("compile_error"));
        QVERIFY2(result.message.find("UNROLL 5 is not supported") != std::string::npos,
                 result.message.c_str());
        QVERIFY(result.compilerLog.find("UNROLL 5 is not supported") != std::string::npos);
        QVERIFY(result.compileSeconds > 0);
    }

    void reportsAMissingEntry()
    {
        Spec spec = saxpySpec();
        spec.kernel.entry = "matmul";
        spec.verification.reference.reset();
        CpuBackend backend(cache());
        QVERIFY(backend.prepare(spec).hasValue());
        const Result result = backend.evaluate(Configuration{{1}}, 0, kNoStopAbove);
        QCOMPARE(statusName(result), QString("compile_error"));
        QVERIFY2(result.message.find("entry 'matmul' not found in the built library") !=
                     std::string::npos,
                 result.message.c_str());
    }

    // The verdict is on the reference, not on the configuration (the session then gives up
    // the size); the worker asks first, so that a crash of the reference is known as such.
    void answersReferenceFailedWhenTheReferenceFails()
    {
        Spec spec = saxpySpec();
        spec.verification.reference = std::vector<double>{5};
        CpuBackend backend(cache());
        QVERIFY(backend.prepare(spec).hasValue());
        QVERIFY(backend.needsReference(0));
        QVERIFY(backend.prepareReference(0).find("reference configuration UNROLL=5 failed to "
                                                 "build") != std::string::npos);
        QVERIFY(!backend.needsReference(0)); // known now, failure and all
        for (double unroll : {1.0, 2.0}) {
            const Result result = backend.evaluate(Configuration{{unroll}}, 0, kNoStopAbove);
            QCOMPARE(statusName(result), QString("reference_failed"));
            QVERIFY2(result.message.find("reference configuration UNROLL=5 failed to build") !=
                         std::string::npos,
                     result.message.c_str());
        }
    }

    void passesScalarsOfEveryKind()
    {
        // MODE 0 (the reference) writes the expected values as literals; MODE 1 writes the
        // scalars it received. Exact comparison: any type or order mix-up in the call shows.
        Spec spec;
        spec.backend = BackendKind::Cpu;
        spec.kernel.language = "c";
        spec.kernel.entry = "store";
        spec.kernel.code = R"(
#include <stdint.h>
void store(int32_t k, double d, double *out, float f, int64_t big, uint8_t small)
{
#if MODE == 0
    out[0] = -7; out[1] = 0.1; out[2] = 0.75; out[3] = 1099511627779.0; out[4] = 200;
#else
    out[0] = k; out[1] = d; out[2] = f; out[3] = (double)big; out[4] = small;
#endif
})";
        spec.parameters = {{"MODE", {0, 1}}};
        spec.sizes.names = {"N"};
        spec.sizes.values = {{3}};
        Argument out = buffer("out", "5", {}, true);
        out.type = ElementType::Float64;
        spec.arguments = {scalar("k", ElementType::Int32, "N - 10"),
                          scalar("d", ElementType::Float64, "N / 30"),
                          out,
                          scalar("f", ElementType::Float32, "0.75"),
                          scalar("big", ElementType::Int64, "2^40 + N"),
                          scalar("small", ElementType::UInt8, "200")};
        spec.verification.reference = std::vector<double>{0};
        spec.verification.rtol = 0;
        spec.verification.atol = 0;
        spec.measurement = quickMeasurement();
        CpuBackend backend(cache());
        QVERIFY(backend.prepare(spec).hasValue());
        const Result result = backend.evaluate(Configuration{{1}}, 0, kNoStopAbove);
        QVERIFY2(result.status == ResultStatus::Ok, resultText(result));
    }

    void reportsAnInvalidBufferSize()
    {
        Spec spec = saxpySpec();
        spec.verification.reference.reset();
        spec.arguments[0].size = "N - 2000";
        CpuBackend backend(cache());
        QVERIFY(backend.prepare(spec).hasValue());
        const Result result = backend.evaluate(Configuration{{1}}, 0, kNoStopAbove);
        QCOMPARE(statusName(result), QString("invalid_launch"));
        QVERIFY2(result.message.find("'x'") != std::string::npos, result.message.c_str());
        QVERIFY(result.message.find("negative") != std::string::npos);
    }

    void refusesSpecsItCannotRun()
    {
        CpuBackend backend(cache());
        Spec cuda = saxpySpec();
        cuda.backend = BackendKind::Cuda;
        QCOMPARE(backend.prepare(cuda).error().code, EngineError::Code::InvalidSpec);

        Spec badExpression = saxpySpec();
        badExpression.arguments[1].size = "N * BOGUS";
        const Status status = backend.prepare(badExpression);
        QVERIFY(!status);
        QVERIFY2(status.error().message.find("'y'") != std::string::npos,
                 status.error().message.c_str());

        const Result unprepared = CpuBackend(cache()).evaluate(Configuration{{1}}, 0, kNoStopAbove);
        QCOMPARE(statusName(unprepared), QString("runtime_error"));
    }
};

QTEST_GUILESS_MAIN(TestCpuBackend)
#include "tst_cpubackend.moc"
