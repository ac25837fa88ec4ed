#include "backend/common/hostbuffer.h"

#include <QTest>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <set>

using namespace tb;

class TestHostBuffer : public QObject
{
    Q_OBJECT

private slots:
    void isAlignedAndSizedByType()
    {
        HostBuffer buffer(ElementType::Float64, 5);
        QCOMPARE(reinterpret_cast<std::uintptr_t>(buffer.data()) % HostBuffer::kAlignment, 0u);
        QCOMPARE(buffer.bytes(), std::size_t(40));
        HostBuffer empty(ElementType::Int8, 0);
        QVERIFY(empty.data() != nullptr);
        QCOMPARE(empty.bytes(), std::size_t(0));
    }

    void drawsRandomRealsInsideTheRange()
    {
        BufferInit init;
        init.kind = BufferInit::Kind::Random;
        init.min = -1;
        init.max = 1;
        HostBuffer buffer(ElementType::Float32, 100000);
        buffer.fill(init);
        double sum = 0;
        bool negative = false;
        bool positive = false;
        for (std::size_t i = 0; i < 100000; ++i) {
            const double value = buffer.at(i);
            QVERIFY2(value >= -1 && value < 1, qPrintable(QString::number(value)));
            negative = negative || value < -0.99;
            positive = positive || value > 0.99;
            sum += value;
        }
        QVERIFY(negative && positive);
        QVERIFY(std::abs(sum / 100000) < 0.01); // uniform: the mean is near 0
    }

    void drawsEveryIntegerOfTheRange()
    {
        BufferInit init;
        init.kind = BufferInit::Kind::Random;
        init.min = 0;
        init.max = 5; // 0..4
        HostBuffer buffer(ElementType::Int32, 10000);
        buffer.fill(init);
        std::set<double> seen;
        for (std::size_t i = 0; i < 10000; ++i)
            seen.insert(buffer.at(i));
        QCOMPARE(seen, (std::set<double>{0, 1, 2, 3, 4}));
    }

    void fillsTheSameBytesForTheSameInit()
    {
        BufferInit init;
        init.kind = BufferInit::Kind::Random;
        init.seed = 11;
        init.min = -1;
        init.max = 1;
        HostBuffer first(ElementType::Float32, 100);
        HostBuffer second(ElementType::Float32, 100);
        first.fill(init);
        second.fill(init);
        QCOMPARE(std::memcmp(first.data(), second.data(), first.bytes()), 0);
        init.seed = 12;
        second.fill(init);
        QVERIFY(std::memcmp(first.data(), second.data(), first.bytes()) != 0);
    }

    // Millions of elements fill on several threads (a million each at least); fewer than two
    // million on one. Element i depends on i alone, so a long buffer begins as a short one.
    void fillsLongBuffersAsShortOnes()
    {
        constexpr std::uint64_t kMillion = std::uint64_t(1) << 20;
        BufferInit init;
        init.kind = BufferInit::Kind::Random;
        init.seed = 5;
        init.min = -2;
        init.max = 2;
        HostBuffer serial(ElementType::Float16, 2 * kMillion - 1);
        HostBuffer parallel(ElementType::Float16, 4 * kMillion + 3);
        serial.fill(init);
        parallel.fill(init);
        QCOMPARE(std::memcmp(serial.data(), parallel.data(), serial.bytes()), 0);

        init.kind = BufferInit::Kind::Sequence;
        init.start = 1;
        init.step = 1;
        HostBuffer sequence(ElementType::Float64, 4 * kMillion + 3);
        sequence.fill(init);
        for (std::uint64_t i :
             {std::uint64_t(0), kMillion - 1, kMillion, 3 * kMillion + 1, 4 * kMillion + 2})
            QCOMPARE(sequence.at(i), static_cast<double>(i + 1));
    }

    void wrapsSequencesInNarrowIntegers()
    {
        BufferInit init;
        init.kind = BufferInit::Kind::Sequence;
        init.start = 126;
        init.step = 1;
        HostBuffer buffer(ElementType::Int8, 3);
        buffer.fill(init);
        QCOMPARE(buffer.at(0), 126.0);
        QCOMPARE(buffer.at(1), 127.0);
        QCOMPARE(buffer.at(2), -128.0);
    }

    void storesHalfPrecisionAsTheGpuRoundsIt()
    {
        HostBuffer half(ElementType::Float16, 4);
        QCOMPARE(half.bytes(), std::size_t(8));
        half.set(0, 1.0);
        half.set(1, 1.0 + 1.0 / 4096); // below half an ulp of 1 (2^-10): rounds down
        half.set(2, 65504);            // float16's largest finite value
        half.set(3, 1e6);              // past it: infinity
        QCOMPARE(half.at(0), 1.0);
        QCOMPARE(half.at(1), 1.0);
        QCOMPARE(half.at(2), 65504.0);
        QVERIFY(std::isinf(half.at(3)));
        std::uint16_t bits = 0;
        std::memcpy(&bits, half.data(), 2);
        QCOMPARE(bits, std::uint16_t(0x3c00)); // IEEE binary16's 1.0

        HostBuffer brain(ElementType::BFloat16, 2);
        brain.set(0, 3.0);
        brain.set(1, 1e30); // bfloat16 keeps float's exponent range
        std::memcpy(&bits, brain.data(), 2);
        QCOMPARE(bits, std::uint16_t(0x4040)); // the top half of float's 3.0f
        QVERIFY(std::abs(brain.at(1) / 1e30 - 1) < 1.0 / 128);
    }

    void drawsHalfPrecisionRandomsBelowTheMaximum()
    {
        BufferInit init;
        init.kind = BufferInit::Kind::Random;
        init.min = 0;
        init.max = 1;
        for (ElementType type : {ElementType::Float16, ElementType::BFloat16}) {
            HostBuffer buffer(type, 50000);
            buffer.fill(init);
            double largest = 0;
            for (std::size_t i = 0; i < 50000; ++i) {
                const double value = buffer.at(i);
                QVERIFY2(value >= 0 && value < 1, qPrintable(QString::number(value)));
                largest = std::max(largest, value);
            }
            QVERIFY(largest > 0.99); // the top of the range is drawn, rounded below 1
        }
    }

    void movesOwnership()
    {
        HostBuffer buffer(ElementType::Int32, 4);
        buffer.set(3, 9);
        void *data = buffer.data();
        HostBuffer moved(std::move(buffer));
        QCOMPARE(moved.data(), data);
        QCOMPARE(moved.at(3), 9.0);
        QCOMPARE(buffer.count(), std::uint64_t(0)); // NOLINT: checking the moved-from state
    }
};

QTEST_GUILESS_MAIN(TestHostBuffer)
#include "tst_hostbuffer.moc"
