#include "backend/common/argumentexpressions.h"
#include "space/variables.h"
#include "specbuilders.h"

#include <QTest>

#include <array>
#include <cstdint>
#include <cstring>

using namespace tb;
using tbtest::buffer;
using tbtest::scalar;

namespace {

template <typename T> T decoded(const std::array<unsigned char, 8> &storage)
{
    T value{};
    std::memcpy(&value, storage.data(), sizeof value);
    return value;
}

} // namespace

class TestArgumentExpressions : public QObject
{
    Q_OBJECT

private slots:
    void evaluatesSizesAndValuesPerConfiguration()
    {
        Spec spec;
        spec.parameters = {{"B", {1, 2}}};
        spec.sizes.names = {"N"};
        spec.sizes.values = {{10}};
        spec.arguments = {buffer("x", "N * B"), scalar("n", ElementType::Int32, "N + B")};
        auto expressions = ArgumentExpressions::create(spec);
        QVERIFY(expressions.hasValue());
        QCOMPARE(expressions->size(), std::size_t(2));
        QCOMPARE(expressions->argument(1).name, std::string("n"));
        const auto values = configurationValues(spec, Configuration{{2}}, 0);
        QCOMPARE(expressions->evaluate(0, values), 20.0);
        QCOMPARE(expressions->evaluate(1, values), 12.0);
    }

    void namesTheArgumentWhoseExpressionDoesNotCompile()
    {
        Spec spec;
        spec.arguments = {scalar("alpha", ElementType::Float32, "2 * K")};
        auto expressions = ArgumentExpressions::create(spec);
        QVERIFY(!expressions);
        QCOMPARE(expressions.error().code, EngineError::Code::InvalidSpec);
        QVERIFY(expressions.error().message.find("'alpha': value:") != std::string::npos);
    }

    void countsElementsOrSaysWhyNot()
    {
        const Argument x = buffer("x", "N");
        QCOMPARE(*bufferElementCount(x, 1024), std::uint64_t(1024));
        QCOMPARE(*bufferElementCount(x, 0), std::uint64_t(0));
        QCOMPARE(*bufferElementCount(x, kMaxBufferElements), std::uint64_t(1) << 34);
        for (double bad : {-1.0, 2.5, kMaxBufferElements * 2, std::nan("")}) {
            const auto count = bufferElementCount(x, bad);
            QVERIFY(!count);
            QCOMPARE(count.error().code, EngineError::Code::InvalidArgument);
            QVERIFY(count.error().message.rfind("argument 'x': size", 0) == 0);
        }
    }

    void encodesScalarsInTheirType()
    {
        std::array<unsigned char, 8> storage{};
        QVERIFY(encodeScalar(scalar("a", ElementType::Int32, ""), -7, storage).hasValue());
        QCOMPARE(decoded<std::int32_t>(storage), -7);
        QVERIFY(encodeScalar(scalar("b", ElementType::Float32, ""), 0.5, storage).hasValue());
        QCOMPARE(decoded<float>(storage), 0.5f);
        QVERIFY(encodeScalar(scalar("c", ElementType::UInt64, ""), 4294967296.0, storage));
        QCOMPARE(decoded<std::uint64_t>(storage), std::uint64_t(4294967296));
        QVERIFY(encodeScalar(scalar("d", ElementType::Float64, ""), 1e300, storage).hasValue());
        QCOMPARE(decoded<double>(storage), 1e300);
    }

    void refusesScalarsThatDoNotFit()
    {
        std::array<unsigned char, 8> storage{};
        QVERIFY(!encodeScalar(scalar("u", ElementType::UInt8, ""), 256, storage));
        QVERIFY(!encodeScalar(scalar("u", ElementType::UInt8, ""), -1, storage));
        QVERIFY(!encodeScalar(scalar("i", ElementType::Int16, ""), 1.5, storage));
        const Status infinite = encodeScalar(scalar("f", ElementType::Float32, "1/0"),
                                             std::numeric_limits<double>::infinity(), storage);
        QVERIFY(!infinite);
        QVERIFY(infinite.error().message.find("'f'") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestArgumentExpressions)
#include "tst_argumentexpressions.moc"
