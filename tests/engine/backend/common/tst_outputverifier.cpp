#include "backend/common/outputverifier.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace tb;

namespace {

OutputView view(const std::vector<float> &data, std::string name = "y")
{
    return {std::move(name), ElementType::Float32, data.data(), data.size()};
}

} // namespace

class TestOutputVerifier : public QObject
{
    Q_OBJECT

private slots:
    void appliesAbsoluteAndRelativeTolerance()
    {
        const OutputVerifier verifier(1e-3, 1e-6);
        QVERIFY(verifier.matches(1000.5, 1000.0)); // within rtol * |ref| = 1
        QVERIFY(!verifier.matches(1002.0, 1000.0));
        QVERIFY(verifier.matches(5e-7, 0.0)); // within atol
        QVERIFY(!verifier.matches(5e-6, 0.0));
    }

    void treatsNanAsAMismatchAndInfinityAsEqual()
    {
        const OutputVerifier verifier(1e-3, 1e-3);
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const double inf = std::numeric_limits<double>::infinity();
        QVERIFY(!verifier.matches(nan, 1.0));
        QVERIFY(!verifier.matches(1.0, nan));
        QVERIFY(!verifier.matches(nan, nan));
        QVERIFY(verifier.matches(inf, inf));
        QVERIFY(!verifier.matches(-inf, inf));
    }

    void reportsCountFirstIndexAndValues()
    {
        const std::vector<float> reference{1, 2, 3, 4, 5};
        const std::vector<float> actual{1, 2, 3.5f, 4, 7};
        const OutputVerifier verifier(1e-5, 1e-8);
        const std::string message = verifier.compare({view(reference)}, {view(actual)});
        QVERIFY2(message.find("2 of 5 elements of output 'y'") != std::string::npos,
                 message.c_str());
        QVERIFY2(message.find("[2]: got 3.5, expected 3") != std::string::npos, message.c_str());
        QVERIFY(verifier.compare({view(reference)}, {view(reference)}).empty());
    }

    void comparesSnapshotsAndSizes()
    {
        const std::vector<float> reference{1, 2, 3};
        const OutputSnapshot snapshot = OutputSnapshot::copyOf(view(reference));
        const std::vector<float> same{1, 2, 3};
        const std::vector<float> shorter{1, 2};
        const OutputVerifier verifier(0, 0);
        QVERIFY(verifier.compare({snapshot.view()}, {view(same)}).empty());
        const std::string message = verifier.compare({snapshot.view()}, {view(shorter)});
        QVERIFY2(message.find("2 elements") != std::string::npos, message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestOutputVerifier)
#include "tst_outputverifier.moc"
