#include "backend/common/float8.h"
#include "backend/common/hostbuffer.h"

#include <QTest>

#include <cmath>
#include <cstdint>
#include <cstring>

using namespace tb;

// The 8-bit reals of Triton kernels on the host (issue 36): exact decoding, round-to-nearest-
// even encoding, the special values of each format, and buffers of them.
class TestFloat8 : public QObject
{
    Q_OBJECT

    template <typename T> static void everyCodeSurvivesARoundTrip()
    {
        for (unsigned bits = 0; bits < 256; ++bits) {
            const auto value = T::fromBits(static_cast<std::uint8_t>(bits));
            const float wide = static_cast<float>(value);
            if (std::isnan(wide))
                continue;
            QCOMPARE(T(wide).bits(), static_cast<std::uint8_t>(bits));
        }
    }

    template <typename T> static void nearestCodeBySearch()
    {
        for (int step = -(1 << 15); step < (1 << 15); ++step) {
            const float value = std::ldexp(static_cast<float>(step), -12);
            int nearest = -1;
            double distance = INFINITY;
            for (int code = 0; code < 256; ++code) {
                const float candidate = static_cast<float>(T::fromBits(std::uint8_t(code)));
                if (!std::isfinite(candidate) || std::signbit(candidate) != std::signbit(value))
                    continue;
                const double gap = std::fabs(double(candidate) - double(value));
                if (gap < distance || (gap == distance && code % 2 == 0)) {
                    distance = gap;
                    nearest = code;
                }
            }
            QCOMPARE(int(T(value).bits()), nearest);
        }
    }

private slots:
    void decodesAndEncodesEveryCode()
    {
        everyCodeSurvivesARoundTrip<E4M3Float>();
        everyCodeSurvivesARoundTrip<E5M2Float>();
    }

    void e4m3fnHasNoInfinities()
    {
        QCOMPARE(E4M3Float(1.0f).bits(), std::uint8_t(0x38));
        QCOMPARE(static_cast<float>(E4M3Float::fromBits(0x7e)), 448.0f); // largest finite
        QCOMPARE(static_cast<float>(E4M3Float::fromBits(0x01)), std::ldexp(1.0f, -9));
        QVERIFY(std::isnan(static_cast<float>(E4M3Float::fromBits(0x7f))));
        QCOMPARE(E4M3Float(464.0f).bits(), std::uint8_t(0x7e)); // a tie: to even, 448
        QCOMPARE(E4M3Float(470.0f).bits(), std::uint8_t(0x7f)); // beyond: NaN, as PyTorch
        QCOMPARE(E4M3Float(-INFINITY).bits(), std::uint8_t(0xff));
    }

    void e4m3fnRoundsToNearestEven()
    {
        QCOMPARE(static_cast<float>(E4M3Float(1.0625f)), 1.0f);   // tie between 1 and 1.125
        QCOMPARE(static_cast<float>(E4M3Float(1.1875f)), 1.25f);  // tie between 1.125, 1.25
        QCOMPARE(static_cast<float>(E4M3Float(1.07f)), 1.125f);   // nearer 1.125
        QCOMPARE(static_cast<float>(E4M3Float(-0.3f)), -0.3125f); // sign kept
        // Rounding up past the binade's last mantissa carries into the exponent.
        QCOMPARE(static_cast<float>(E4M3Float(7.99f)), 8.0f);
        QCOMPARE(static_cast<float>(E5M2Float(-7.9f)), -8.0f);
        // The largest subnormal rounds up into the smallest normal.
        QCOMPARE(static_cast<float>(E4M3Float(std::ldexp(0.99f, -6))), std::ldexp(1.0f, -6));
    }

    void e5m2IsTheTopByteOfAFloat16()
    {
        QCOMPARE(E5M2Float(1.0f).bits(), std::uint8_t(0x3c));
        QCOMPARE(static_cast<float>(E5M2Float::fromBits(0x7b)), 57344.0f); // largest finite
        QCOMPARE(E5M2Float(65536.0f).bits(), std::uint8_t(0x7c));          // infinity
        QVERIFY(std::isinf(static_cast<float>(E5M2Float::fromBits(0xfc))));
        QVERIFY(std::isnan(static_cast<float>(E5M2Float::fromBits(0x7e))));
        QCOMPARE(static_cast<float>(E5M2Float(1.125f)), 1.0f); // tie between 1 and 1.25
        QCOMPARE(static_cast<float>(E5M2Float(std::ldexp(1.0f, -16))), std::ldexp(1.0f, -16));
    }

    // Against the definition itself: the nearest finite code of the value's sign, ties to the
    // even code, over every 2^-12 step of [-8, 8) (a carry into the exponent once went wrong).
    void encodesAsTheNearestCodeBySearch()
    {
        nearestCodeBySearch<E4M3Float>();
        nearestCodeBySearch<E5M2Float>();
    }

    void stepsDownAcrossZero()
    {
        QCOMPARE(nextFloat8Below(E4M3Float(1.0f)).bits(), std::uint8_t(0x37));
        QCOMPARE(nextFloat8Below(E4M3Float(0.0f)).bits(), std::uint8_t(0x81));
        QCOMPARE(nextFloat8Below(E5M2Float(-1.0f)).bits(), std::uint8_t(0xbd));
    }

    // Random fills stay below the maximum even where rounding to 8 bits would reach it.
    void fillsBuffersInsideTheRange()
    {
        for (ElementType type : {ElementType::Float8E4M3, ElementType::Float8E5M2}) {
            BufferInit init;
            init.kind = BufferInit::Kind::Random;
            init.min = -1;
            init.max = 1;
            HostBuffer buffer(type, 10000);
            QCOMPARE(buffer.bytes(), std::size_t(10000));
            buffer.fill(init);
            bool negative = false;
            bool positive = false;
            for (std::uint64_t i = 0; i < 10000; ++i) {
                const double value = buffer.at(i);
                QVERIFY2(value >= -1 && value < 1, qPrintable(QString::number(value)));
                negative = negative || value < -0.5;
                positive = positive || value > 0.5;
            }
            QVERIFY(negative && positive);
        }
        HostBuffer one(ElementType::Float8E4M3, 1);
        one.set(0, 2.0);
        std::uint8_t bits = 0;
        std::memcpy(&bits, one.data(), 1);
        QCOMPARE(bits, std::uint8_t(0x40));
    }
};

QTEST_GUILESS_MAIN(TestFloat8)
#include "tst_float8.moc"
