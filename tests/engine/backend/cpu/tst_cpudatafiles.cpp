#include "backend/cpu/cpubackend.h"
#include "npyfiles.h"
#include "resultdescription.h"
#include "specbuilders.h"

#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

using namespace tb;
using tbtest::buffer;
using tbtest::resultText;
using tbtest::scalar;
using tbtest::statusName;

namespace {

// y = x * w, with x read from x_{N}.npy (x[i] = i / 2) and w an init expression (1 + i % 3).
// P == 2 computes the same from the formulas that wrote the data: it agrees with the reference
// only if the buffers hold that data. P == 3 ignores w.
const char *const kScale = R"(
void scale(const float *x, const double *w, float *y, int n)
{
    for (int i = 0; i < n; ++i) {
#if P == 1
        y[i] = x[i] * (float)w[i];
#elif P == 2
        y[i] = (float)(i / 2.0) * (float)(1 + i % 3);
#else
        y[i] = x[i];
#endif
    }
}
)";

// The scale kernel over sizes `sizes`, x read from x_{N}.npy in `base`; no verification.
Spec scaleSpec(const std::string &base, const std::vector<double> &sizes)
{
    Spec spec;
    spec.name = "scale";
    spec.backend = BackendKind::Cpu;
    spec.kernel.code = kScale;
    spec.kernel.entry = "scale";
    spec.kernel.language = "c";
    spec.baseDirectory = base;
    spec.parameters = {{"P", {1, 2, 3}}};
    spec.sizes.names = {"N"};
    for (double n : sizes)
        spec.sizes.values.push_back({n});
    BufferInit fromFile;
    fromFile.kind = BufferInit::Kind::File;
    fromFile.file = "x_{N}.npy";
    BufferInit fromExpression;
    fromExpression.kind = BufferInit::Kind::Expression;
    fromExpression.expression = "1 + i % 3";
    spec.arguments = {buffer("x", "N", fromFile),
                      buffer("w", ElementType::Float64, "N", fromExpression),
                      buffer("y", "N", {}, true), scalar("n", ElementType::Int32, "N")};
    spec.measurement = tbtest::quickMeasurement();
    return spec;
}

// x_{n}.npy and what the scale kernel must leave in y, y_{n}.npy, for each size.
bool writeScaleFiles(const std::string &base, const std::vector<std::size_t> &sizes)
{
    for (std::size_t n : sizes) {
        std::vector<float> x(n), y(n);
        for (std::size_t i = 0; i < n; ++i) {
            x[i] = static_cast<float>(i) / 2;
            y[i] = x[i] * static_cast<float>(1 + i % 3);
        }
        const std::string suffix = "_" + std::to_string(n) + ".npy";
        if (!tbtest::writeNpy(base + "/x" + suffix, "<f4", x) ||
            !tbtest::writeNpy(base + "/y" + suffix, "<f4", y))
            return false;
    }
    return true;
}

} // namespace

// The CPU backend on data from files: inputs read from .npy files, outputs compared with the
// files that hold what they must be (verification.expected.NAME.file).
class TestCpuDataFiles : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_directory;
    std::string cache() const { return m_directory.filePath("cache").toStdString(); }

private slots:
    void initTestCase() { QVERIFY(m_directory.isValid()); }

    void readsArgumentsFromAFileAndAnExpression()
    {
        QTemporaryDir data;
        const std::string base = data.path().toStdString();
        std::vector<float> x(300);
        for (std::size_t i = 0; i < x.size(); ++i)
            x[i] = static_cast<float>(i) / 2;
        QVERIFY(tbtest::writeNpy(base + "/x_300.npy", "<f4", x));
        Spec spec = scaleSpec(base, {300});
        spec.verification.reference = std::vector<double>{1};

        CpuBackend backend(cache());
        QVERIFY(backend.prepare(spec).hasValue());
        const Result fromFormulas = backend.evaluate(Configuration{{2}}, 0, kNoStopAbove);
        QVERIFY2(fromFormulas.status == ResultStatus::Ok, resultText(fromFormulas));
        const Result ignoringW = backend.evaluate(Configuration{{3}}, 0, kNoStopAbove);
        QCOMPARE(statusName(ignoringW), QString("wrong_result"));
    }

    // With no reference configuration, each size's file is what y must hold.
    void comparesWithAnExpectedFileAlone()
    {
        QTemporaryDir data;
        const std::string base = data.path().toStdString();
        QVERIFY(writeScaleFiles(base, {300, 30}));
        Spec spec = scaleSpec(base, {300, 30});
        spec.verification.expected = {{"y", std::nullopt, std::nullopt, {}, "y_{N}.npy"}};
        CpuBackend backend(cache());
        QVERIFY(backend.prepare(spec).hasValue());
        for (std::size_t size : {0, 1}) {
            const Result right = backend.evaluate(Configuration{{1}}, size, kNoStopAbove);
            QVERIFY2(right.status == ResultStatus::Ok, resultText(right));
        }
        const Result wrong = backend.evaluate(Configuration{{3}}, 1, kNoStopAbove);
        QCOMPARE(statusName(wrong), QString("wrong_result"));
        QCOMPARE(QString::fromStdString(wrong.message),
                 QString("20 of 30 elements of output 'y' differ from the expected file "
                         "'y_{N}.npy'; first at [1]: got 0.5, expected 1; [2]: got 1, expected "
                         "3; [4]: got 2, expected 4"));
    }

    // A file replaces the reference configuration's output: against a wrong reference (P 3) the
    // right configurations pass while the file is there, and fail without it.
    void anExpectedFileReplacesTheReferenceOutput()
    {
        QTemporaryDir data;
        const std::string base = data.path().toStdString();
        QVERIFY(writeScaleFiles(base, {300}));
        Spec spec = scaleSpec(base, {300});
        spec.verification.reference = std::vector<double>{3};
        spec.verification.expected = {{"y", std::nullopt, std::nullopt, {}, "y_{N}.npy"}};
        CpuBackend withFile(cache());
        QVERIFY(withFile.prepare(spec).hasValue());
        const Result right = withFile.evaluate(Configuration{{2}}, 0, kNoStopAbove);
        QVERIFY2(right.status == ResultStatus::Ok, resultText(right));

        spec.verification.expected.clear();
        CpuBackend againstReference(cache());
        QVERIFY(againstReference.prepare(spec).hasValue());
        const Result differs = againstReference.evaluate(Configuration{{2}}, 0, kNoStopAbove);
        QCOMPARE(statusName(differs), QString("wrong_result"));
        QVERIFY2(differs.message.find("differ from the reference") != std::string::npos,
                 differs.message.c_str());
    }

    // A file gone since the spec was checked leaves nothing to compare with: reference_failed
    // naming it, and no measurement passed off as verified.
    void aVanishedExpectedFileIsReferenceFailed()
    {
        QTemporaryDir data;
        const std::string base = data.path().toStdString();
        QVERIFY(writeScaleFiles(base, {300}));
        Spec spec = scaleSpec(base, {300});
        spec.verification.expected = {{"y", std::nullopt, std::nullopt, {}, "y_{N}.npy"}};
        CpuBackend backend(cache());
        QVERIFY(backend.prepare(spec).hasValue());
        QCOMPARE(std::remove((base + "/y_300.npy").c_str()), 0);
        const Result result = backend.evaluate(Configuration{{1}}, 0, kNoStopAbove);
        QCOMPARE(statusName(result), QString("reference_failed"));
        QVERIFY2(result.message.find("verification.expected.y.file") != std::string::npos &&
                     result.message.find("y_300.npy") != std::string::npos,
                 result.message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestCpuDataFiles)
#include "tst_cpudatafiles.moc"
