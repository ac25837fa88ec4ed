#include "backend/common/outputverifier.h"

#include <QTest>

#include <cmath>
#include <cstdint>
#include <limits>

using namespace tb;

namespace {

OutputView view(const std::vector<float> &data, std::string name = "y")
{
    return {std::move(name), ElementType::Float32, data.data(), data.size()};
}

OutputView view(const std::vector<std::int32_t> &data, std::string name)
{
    return {std::move(name), ElementType::Int32, data.data(), data.size()};
}

// A bitmap of 1000 zeros, and one that differs from it in five elements.
std::vector<std::int32_t> zeros()
{
    return std::vector<std::int32_t>(1000, 0);
}

std::vector<std::int32_t> fiveFlipped()
{
    std::vector<std::int32_t> bitmap = zeros();
    for (std::size_t i : {17, 90, 121, 500, 999})
        bitmap[i] = 1;
    return bitmap;
}

// verification with one expected entry, for output "bitmap".
Verification allowing(double maxMismatches)
{
    return Verification{{}, 0, 0, {{"bitmap", std::nullopt, std::nullopt, {maxMismatches}, ""}}};
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

    void toleratesACountOfMismatches()
    {
        const auto reference = zeros();
        const auto actual = fiveFlipped();
        const auto outputs = [&] { return std::vector{view(actual, "bitmap")}; };
        QCOMPARE(OutputVerifier(allowing(5)).compare({view(reference, "bitmap")}, outputs()),
                 std::string());
        QCOMPARE(OutputVerifier(allowing(4)).compare({view(reference, "bitmap")}, outputs()),
                 std::string("5 of 1000 elements of output 'bitmap' differ from the reference "
                             "(4 allowed); first at [17]: got 1, expected 0; [90]: got 1, "
                             "expected 0; [121]: got 1, expected 0"));
        // No allowance: the message has none either, as before max_mismatches.
        QCOMPARE(OutputVerifier(allowing(0)).compare({view(reference, "bitmap")}, outputs()),
                 std::string("5 of 1000 elements of output 'bitmap' differ from the reference; "
                             "first at [17]: got 1, expected 0; [90]: got 1, expected 0; "
                             "[121]: got 1, expected 0"));
    }

    // Below 1, max_mismatches is a fraction of the element count, rounded down.
    void toleratesAFractionOfMismatches()
    {
        const auto reference = zeros();
        const auto actual = fiveFlipped();
        QCOMPARE(OutputVerifier(allowing(0.005))
                     .compare({view(reference, "bitmap")}, {view(actual, "bitmap")}),
                 std::string());
        const std::string message =
            OutputVerifier(allowing(0.0049))
                .compare({view(reference, "bitmap")}, {view(actual, "bitmap")});
        QVERIFY2(message.starts_with("5 of 1000 elements of output 'bitmap' differ from the "
                                     "reference (4 allowed); first at [17]"),
                 message.c_str());
        QCOMPARE(MismatchAllowance{0.5}.of(3), std::uint64_t{1});
        QCOMPARE(MismatchAllowance{0.999}.of(1000), std::uint64_t{999});
        QCOMPARE(MismatchAllowance{3}.of(2), std::uint64_t{2}); // no more than there are
        QCOMPARE(MismatchAllowance{1e300}.of(10), std::uint64_t{10});
        QCOMPARE(MismatchAllowance{}.of(1000), std::uint64_t{0});
    }

    // Each output has its own tolerances; an output without an entry takes the section's.
    void appliesEachOutputsOwnTolerances()
    {
        Verification verification{{}, 0, 1e-3, {}};
        verification.expected.push_back({"loose", std::nullopt, 0.5, {}, ""});
        verification.expected.push_back({"relative", 0.1, std::nullopt, {}, ""});
        const std::vector<float> reference{10, 20};
        const std::vector<float> near{10.4f, 21.5f};
        const OutputVerifier verifier(verification);
        const std::string message = verifier.compare(
            {view(reference, "loose"), view(reference, "relative"), view(reference, "strict")},
            {view(near, "loose"), view(near, "relative"), view(near, "strict")});
        // loose: atol 0.5 takes 10.4 but not 21.5; relative: 10% takes both.
        QVERIFY2(message.starts_with("1 of 2 elements of output 'loose'"), message.c_str());
        QVERIFY(verifier.compare({view(reference, "relative")}, {view(near, "relative")}).empty());
        const std::string strict =
            verifier.compare({view(reference, "strict")}, {view(near, "strict")});
        QVERIFY2(strict.starts_with("2 of 2 elements of output 'strict'"), strict.c_str());
        QCOMPARE(verification.toleranceFor("loose").rtol, 0.0);
        QCOMPARE(verification.toleranceFor("relative").atol, 1e-3);
    }

    // An output with an expected file is compared with it, and the message names the file.
    void namesTheExpectedFileItComparedWith()
    {
        Verification verification;
        verification.expected.push_back({"y", std::nullopt, 0.5, {}, "y_{n}.npy"});
        QCOMPARE(verification.expectedFile("y"), std::string("y_{n}.npy"));
        QVERIFY(verification.compares());
        QVERIFY(verification.compares("y"));
        QVERIFY(!verification.compares("z")); // no reference configuration for the rest
        const std::vector<float> expected{1, 2, 3};
        const std::vector<float> got{1, 2.4f, 4};
        const OutputVerifier verifier(verification);
        QCOMPARE(verifier.compareOutput(view(expected, "y"), view(got, "y")),
                 std::string("1 of 3 elements of output 'y' differ from the expected file "
                             "'y_{n}.npy'; first at [2]: got 4, expected 3"));
        const std::vector<float> shorter{1, 2};
        QCOMPARE(verifier.compareOutput(view(shorter, "y"), view(got, "y")),
                 std::string("output 'y' has 3 elements, the expected file 'y_{n}.npy' has 2"));
    }

    // The message lists at most three elements, whatever it is given.
    void showsTheFirstThreeElements()
    {
        const std::vector<ElementMismatch> four{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}};
        QCOMPARE(outputMismatchMessage("z", "the reference", 9, 20, 2, four),
                 std::string("9 of 20 elements of output 'z' differ from the reference (2 "
                             "allowed); first at [1]: got 2, expected 3; [4]: got 5, expected 6; "
                             "[7]: got 8, expected 9"));
    }
};

QTEST_GUILESS_MAIN(TestOutputVerifier)
#include "tst_outputverifier.moc"
