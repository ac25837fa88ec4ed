#include "backend/cpu/argumentset.h"
#include "npyfiles.h"
#include "space/variables.h"
#include "specbuilders.h"

#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <numbers>

#include <cmath>
#include <cstdint>
#include <cstring>

using namespace tb;
using tbtest::buffer;
using tbtest::scalar;

namespace {

Spec specWith(std::vector<Argument> arguments)
{
    Spec spec;
    spec.parameters = {{"B", {1, 2}}};
    spec.sizes.names = {"N"};
    spec.sizes.values = {{10}, {4}};
    spec.arguments = std::move(arguments);
    return spec;
}

std::vector<double> values(const Spec &spec, double b, std::size_t sizeIndex)
{
    return configurationValues(spec, Configuration{{b}}, sizeIndex);
}

BufferInit fileInit(const std::string &file)
{
    BufferInit init;
    init.kind = BufferInit::Kind::File;
    init.file = file;
    return init;
}

BufferInit expressionInit(const std::string &expression)
{
    BufferInit init;
    init.kind = BufferInit::Kind::Expression;
    init.expression = expression;
    return init;
}

std::vector<float> sequence(std::size_t count, float first)
{
    std::vector<float> values(count);
    for (std::size_t i = 0; i < count; ++i)
        values[i] = first + static_cast<float>(i);
    return values;
}

BufferInit randomInit(double min, double max, std::uint64_t seed = 3)
{
    BufferInit init;
    init.kind = BufferInit::Kind::Random;
    init.min = min;
    init.max = max;
    init.seed = seed;
    return init;
}

} // namespace

class TestArgumentSet : public QObject
{
    Q_OBJECT

private slots:
    void fillsBuffersAsTheSpecSays()
    {
        BufferInit constant{BufferInit::Kind::Constant, 1.5, 1, 0, 1, 0, 1, {}, {}};
        BufferInit sequence{BufferInit::Kind::Sequence, 0, 1, 0, 1, 10, -2, {}, {}};
        const Spec spec = specWith({buffer("z", ElementType::Float64, "N", {}),
                                    buffer("c", ElementType::Float32, "N", constant),
                                    buffer("s", ElementType::Int32, "N * B", sequence),
                                    buffer("r", ElementType::Int16, "N", randomInit(-3, 3)),
                                    buffer("u", ElementType::Float32, "N", randomInit(2, 4))});
        auto set = ArgumentSet::create(spec);
        QVERIFY(set.hasValue());
        QVERIFY(set->bind(values(spec, 2, 0)).hasValue());
        QCOMPARE(set->buffer(2)->count(), std::uint64_t(20));
        for (std::uint64_t i = 0; i < 10; ++i) {
            QCOMPARE(set->buffer(0)->at(i), 0.0);
            QCOMPARE(set->buffer(1)->at(i), 1.5);
            QCOMPARE(set->buffer(2)->at(i), 10.0 - 2.0 * static_cast<double>(i));
            const double integer = set->buffer(3)->at(i);
            QVERIFY(integer >= -3 && integer < 3);
            const double real = set->buffer(4)->at(i);
            QVERIFY(real >= 2 && real < 4);
        }
        for (std::size_t b = 0; b < set->size(); ++b)
            QCOMPARE(reinterpret_cast<std::uintptr_t>(set->buffer(b)->data()) % 64, 0u);
    }

    void randomDataIsTheSameEveryTime()
    {
        const Spec spec = specWith({buffer("r", ElementType::Float32, "N", randomInit(0, 1))});
        auto first = ArgumentSet::create(spec);
        auto second = ArgumentSet::create(spec);
        QVERIFY(first->bind(values(spec, 1, 0)).hasValue());
        QVERIFY(second->bind(values(spec, 1, 0)).hasValue());
        QCOMPARE(std::memcmp(first->buffer(0)->data(), second->buffer(0)->data(), 40), 0);
        QVERIFY(first->buffer(0)->at(0) != first->buffer(0)->at(1));
    }

    void keepsABufferWhoseSizeDidNotChange()
    {
        const Spec spec = specWith({buffer("in", ElementType::Float32, "N", randomInit(0, 1)),
                                    buffer("scaled", ElementType::Float32, "N * B", {})});
        auto set = ArgumentSet::create(spec);
        QVERIFY(set->bind(values(spec, 1, 0)).hasValue());
        const void *input = set->buffer(0)->data();
        static_cast<float *>(set->buffer(0)->data())[0] = 42.0f; // marks the kept contents
        QVERIFY(set->bind(values(spec, 2, 0)).hasValue());
        QCOMPARE(set->buffer(0)->data(), input);
        QCOMPARE(set->buffer(0)->at(0), 42.0);
        QCOMPARE(set->buffer(1)->count(), std::uint64_t(20));
        QVERIFY(set->bind(values(spec, 2, 1)).hasValue()); // N = 4: a new, freshly filled one
        QCOMPARE(set->buffer(0)->count(), std::uint64_t(4));
        QVERIFY(set->buffer(0)->at(0) != 42.0);
    }

    void resetsOnlyOutputs()
    {
        BufferInit ones{BufferInit::Kind::Constant, 1, 1, 0, 1, 0, 1, {}, {}};
        const Spec spec = specWith({buffer("in", ElementType::Float32, "N", ones),
                                    buffer("out", ElementType::Float32, "N", ones, true)});
        auto set = ArgumentSet::create(spec);
        QVERIFY(set->bind(values(spec, 1, 0)).hasValue());
        static_cast<float *>(set->buffer(0)->data())[3] = 9.0f;
        static_cast<float *>(set->buffer(1)->data())[3] = 9.0f;
        QVERIFY(set->resetOutputs());
        QCOMPARE(set->buffer(0)->at(3), 9.0);
        QCOMPARE(set->buffer(1)->at(3), 1.0);
        QCOMPARE(set->outputs().size(), std::size_t(1));
        QCOMPARE(set->outputs()[0].name, std::string("out"));
    }

    // Per-size files: N = 10 reads x_10.npy, N = 4 x_4.npy; a file of a count that does not
    // change with N (y_{N}.bin, 3 elements) is read again when the size changes.
    void readsEachSizesFile()
    {
        QTemporaryDir dir;
        const std::string base = dir.path().toStdString();
        QVERIFY(tbtest::writeNpy(base + "/x_10.npy", "<f4", sequence(10, 100)));
        QVERIFY(tbtest::writeNpy(base + "/x_4.npy", "<f4", sequence(4, 200)));
        QVERIFY(tbtest::writeBytes(base + "/y_10.bin", tbtest::elementBytes(sequence(3, 1))));
        QVERIFY(tbtest::writeBytes(base + "/y_4.bin", tbtest::elementBytes(sequence(3, 7))));
        Spec spec = specWith({buffer("x", ElementType::Float32, "N", fileInit("x_{N}.npy")),
                              buffer("y", ElementType::Float32, "3", fileInit("y_{N}.bin"))});
        spec.baseDirectory = base;
        auto set = ArgumentSet::create(spec);
        QVERIFY(set.hasValue());
        QVERIFY(set->bind(values(spec, 1, 0)).hasValue());
        QCOMPARE(set->buffer(0)->at(9), 109.0);
        QCOMPARE(set->buffer(1)->at(2), 3.0);
        QVERIFY(set->bind(values(spec, 1, 1)).hasValue());
        QCOMPARE(set->buffer(0)->at(3), 203.0);
        QCOMPARE(set->buffer(1)->at(0), 7.0);

        QVERIFY(std::remove((base + "/x_10.npy").c_str()) == 0);
        const Status missing = set->bind(values(spec, 1, 0));
        QVERIFY(!missing);
        QVERIFY2(missing.error().message.find("argument 'x'") != std::string::npos,
                 missing.error().message.c_str());
    }

    void resetsAnOutputFromItsFile()
    {
        QTemporaryDir dir;
        const std::string base = dir.path().toStdString();
        QVERIFY(tbtest::writeNpy(base + "/out.npy", "<f4", sequence(10, 5)));
        Spec spec = specWith({buffer("out", ElementType::Float32, "N", fileInit("out.npy"), true)});
        spec.baseDirectory = base;
        auto set = ArgumentSet::create(spec);
        QVERIFY(set->bind(values(spec, 1, 0)).hasValue());
        static_cast<float *>(set->buffer(0)->data())[3] = -1.0f;
        QVERIFY(set->resetOutputs());
        QCOMPARE(set->buffer(0)->at(3), 8.0);
    }

    // Two million elements: the fill runs on several threads, each with its own compiled copy.
    void fillsByExpressionOfIndexAndSizes()
    {
        Spec spec = specWith({buffer("c", ElementType::Float64, "N * 200000",
                                     expressionInit("cos(2 * _pi * i / N)"))});
        auto set = ArgumentSet::create(spec);
        QVERIFY(set->bind(values(spec, 1, 0)).hasValue());
        const HostBuffer &c = *set->buffer(0);
        QCOMPARE(c.count(), std::uint64_t(2000000));
        for (std::uint64_t i : {0ull, 1ull, 5ull, 1999999ull})
            QCOMPARE(c.at(i), std::cos(2 * std::numbers::pi * static_cast<double>(i) / 10));
        // N = 4 gives other contents although it is the expression's own size that changed.
        QVERIFY(set->bind(values(spec, 1, 1)).hasValue());
        QCOMPARE(set->buffer(0)->at(1), std::cos(2 * std::numbers::pi / 4));
    }

    void passesScalarsAndBufferPointers()
    {
        const Spec spec = specWith({scalar("n", ElementType::Int32, "N * B"),
                                    buffer("p", ElementType::Float32, "N", {}),
                                    scalar("h", ElementType::Float64, "N / 4")});
        auto set = ArgumentSet::create(spec);
        QVERIFY(set->bind(values(spec, 2, 0)).hasValue());
        void **arguments = set->callArguments();
        std::int32_t n = 0;
        std::memcpy(&n, arguments[0], sizeof n);
        QCOMPARE(n, 20);
        QCOMPARE(*static_cast<void **>(arguments[1]), set->buffer(1)->data());
        double h = 0;
        std::memcpy(&h, arguments[2], sizeof h);
        QCOMPARE(h, 2.5);
        QVERIFY(set->buffer(0) == nullptr);
    }

    void rejectsBadSizesByArgumentName_data()
    {
        QTest::addColumn<QString>("size");
        QTest::addColumn<QString>("problem");
        QTest::newRow("negative") << "N - 11"
                                  << "negative";
        QTest::newRow("fractional") << "N / 4"
                                    << "whole number";
        QTest::newRow("not a number") << "sqrt(-N)"
                                      << "not a number";
        QTest::newRow("huge") << "N * 2^40"
                              << "2^34";
    }

    void rejectsBadSizesByArgumentName()
    {
        QFETCH(QString, size);
        QFETCH(QString, problem);
        const Spec spec =
            specWith({buffer("weights", ElementType::Float32, size.toStdString(), {})});
        auto set = ArgumentSet::create(spec);
        QVERIFY(set.hasValue());
        const Status status = set->bind(values(spec, 1, 0));
        QVERIFY(!status);
        QCOMPARE(status.error().code, EngineError::Code::InvalidArgument);
        const std::string &message = status.error().message;
        QVERIFY2(message.find("'weights'") != std::string::npos, message.c_str());
        QVERIFY2(message.find(problem.toStdString()) != std::string::npos, message.c_str());
    }

    void rejectsScalarsThatDoNotFit()
    {
        const Spec spec = specWith(
            {scalar("b", ElementType::UInt8, "N * 30"), scalar("i", ElementType::Int32, "N / 4")});
        auto set = ArgumentSet::create(spec);
        const Status tooBig = set->bind(values(spec, 1, 0)); // 300 in a uint8
        QVERIFY(!tooBig);
        QVERIFY(tooBig.error().message.find("'b'") != std::string::npos);
        const Status fractional = set->bind(values(spec, 1, 1)); // 120 fits, then 4 / 4 = 1
        QVERIFY(fractional.hasValue());
    }

    void rejectsExpressionsThatDoNotCompile()
    {
        auto set = ArgumentSet::create(specWith({buffer("a", ElementType::Float32, "N * K", {})}));
        QVERIFY(!set);
        QCOMPARE(set.error().code, EngineError::Code::InvalidSpec);
        QVERIFY(set.error().message.find("'a'") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestArgumentSet)
#include "tst_argumentset.moc"
