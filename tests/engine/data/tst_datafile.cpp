#include "data/datafile.h"
#include "data/datafilename.h"
#include "data/elementexpression.h"
#include "data/npydtype.h"
#include "data/npyheader.h"
#include "data/specdatafiles.h"

#include "npyfiles.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <numbers>

using namespace tb;
using tbtest::writeBytes;
using tbtest::writeNpy;

namespace {

Argument argumentOf(ElementType type, const std::string &name = "points")
{
    Argument argument;
    argument.name = name;
    argument.type = type;
    return argument;
}

std::span<const unsigned char> bytesOf(const std::string &text)
{
    return {reinterpret_cast<const unsigned char *>(text.data()), text.size()};
}

// The header NumPy writes for `dictionary`, at a version, with no padding.
std::string handMadeHeader(const std::string &dictionary, int major = 1)
{
    std::string bytes = "\x93NUMPY";
    bytes += static_cast<char>(major);
    bytes += '\0';
    const std::size_t length = dictionary.size();
    const int lengthBytes = major == 1 ? 2 : 4;
    for (int i = 0; i < lengthBytes; ++i)
        bytes += static_cast<char>((length >> (8 * i)) & 0xff);
    return bytes + dictionary;
}

template <typename T> std::vector<T> iota(std::size_t count)
{
    std::vector<T> values(count);
    for (std::size_t i = 0; i < count; ++i)
        values[i] = static_cast<T>(i % 100);
    return values;
}

} // namespace

class TestDataFile : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string path(const std::string &name) const
    {
        return m_dir.filePath(QString::fromStdString(name)).toStdString();
    }

    template <typename T> void readsNpyOf(ElementType type, const std::string &descr)
    {
        const std::string file = path(std::string("a_") + toString(type) + ".npy");
        const auto values = iota<T>(37);
        QVERIFY(writeNpy(file, descr, values));
        auto data = DataFile::open(file, argumentOf(type), 37);
        QVERIFY2(data, data ? "" : data.error().toString().c_str());
        QCOMPARE(data->elements().size(), values.size() * sizeof(T));
        QVERIFY(std::memcmp(data->elements().data(), values.data(), data->elements().size()) == 0);
    }

private slots:
    void encodedHeadersParseBackPaddedTo64Bytes()
    {
        const std::vector<std::uint64_t> shape{3, 4};
        const std::string bytes = NpyHeader::encode("<f4", shape);
        QCOMPARE(bytes.size() % 64, std::size_t(0));
        auto header = NpyHeader::parse(bytesOf(bytes));
        QVERIFY(header);
        QCOMPARE(header->descr, std::string("<f4"));
        QCOMPARE(header->shape, shape);
        QCOMPARE(header->dataOffset, bytes.size());
        QCOMPARE(*header->elementCount(), std::uint64_t(12));
        QCOMPARE(header->shapeText(), std::string("(3, 4)"));
    }

    void readsVersions2And3AndPythonSpellings()
    {
        for (int major : {2, 3}) {
            const std::string bytes = handMadeHeader(
                "{\"descr\": \"<i8\", \"shape\": (5L,), \"fortran_order\": False}\n", major);
            auto header = NpyHeader::parse(bytesOf(bytes));
            QVERIFY2(header, header ? "" : header.error().message.c_str());
            QCOMPARE(header->majorVersion, major);
            QCOMPARE(header->shapeText(), std::string("(5,)"));
            QCOMPARE(header->dataOffset, bytes.size());
        }
        auto scalar = NpyHeader::parse(
            bytesOf(handMadeHeader("{'descr': '<f8', 'fortran_order': False, 'shape': (), }")));
        QVERIFY(scalar);
        QCOMPARE(*scalar->elementCount(), std::uint64_t(1));
        QCOMPARE(scalar->shapeText(), std::string("()"));
    }

    void refusesHostileHeaders_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("says");
        const auto row = [](const char *name, const std::string &bytes, const char *says) {
            QTest::newRow(name) << QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size()))
                                << QString(says);
        };
        const std::string good = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
        row("empty", "", "magic");
        row("no magic", "NUMPY\x01\x00\x10\x00{}", "magic");
        row("version 4", handMadeHeader(good, 4), "version 4.0");
        row("header past the end", handMadeHeader(good).substr(0, 40), "ends inside");
        row("not a dictionary", handMadeHeader("['descr']"), "not a dictionary");
        row("unknown key", handMadeHeader("{'descr': '<f4', 'colour': 1}"), "unknown key");
        row("missing shape", handMadeHeader("{'descr': '<f4', 'fortran_order': False}"), "lacks");
        row("structured", handMadeHeader("{'descr': [('x', '<f4')], 'shape': (1,)}"), "structured");
        row("negative extent",
            handMadeHeader("{'descr': '<f4', 'fortran_order': False, 'shape': (-2,)}"),
            "whole numbers");
        row("huge extent",
            handMadeHeader("{'descr': '<f4', 'fortran_order': False, 'shape': "
                           "(99999999999999999999999,)}"),
            "whole numbers");
        row("unterminated string", handMadeHeader("{'descr: 1}"), "quoted");
        row("text after", handMadeHeader(good + " x"), "after the dictionary");
        std::string longHeader = "\x93NUMPY\x02";
        longHeader += std::string("\x00\xff\xff\xff\x7f", 5);
        row("oversized length", longHeader, "at most");
    }

    void refusesHostileHeaders()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, says);
        auto header = NpyHeader::parse({reinterpret_cast<const unsigned char *>(bytes.constData()),
                                        static_cast<std::size_t>(bytes.size())});
        QVERIFY(!header);
        QVERIFY2(QString::fromStdString(header.error().message).contains(says),
                 header.error().message.c_str());
    }

    void readsEveryTypeNumPyHas()
    {
        QVERIFY(m_dir.isValid());
        readsNpyOf<std::int8_t>(ElementType::Int8, "|i1");
        readsNpyOf<std::int16_t>(ElementType::Int16, "<i2");
        readsNpyOf<std::int32_t>(ElementType::Int32, "<i4");
        readsNpyOf<std::int64_t>(ElementType::Int64, "<i8");
        readsNpyOf<std::uint8_t>(ElementType::UInt8, "|u1");
        readsNpyOf<std::uint16_t>(ElementType::UInt16, "<u2");
        readsNpyOf<std::uint32_t>(ElementType::UInt32, "<u4");
        readsNpyOf<std::uint64_t>(ElementType::UInt64, "<u8");
        readsNpyOf<std::uint16_t>(ElementType::Float16, "<f2");
        readsNpyOf<float>(ElementType::Float32, "<f4");
        readsNpyOf<double>(ElementType::Float64, "<f8");
        // Native order ('=') is little-endian on every host Tunebench runs on.
        readsNpyOf<float>(ElementType::Float32, "=f4");
        for (ElementType type : allElementTypes()) {
            if (const auto descr = npyDescr(type))
                QVERIFY2(!npyDescrMismatch(*descr, type), toString(type));
        }
    }

    void saysWhatToUseForTypesNumPyLacks()
    {
        for (ElementType type :
             {ElementType::BFloat16, ElementType::Float8E4M3, ElementType::Float8E5M2}) {
            QVERIFY(!npyDescr(type));
            const auto problem = npyDescrMismatch("<u2", type);
            QVERIFY(problem);
            QVERIFY2(problem->find(".bin") != std::string::npos, problem->c_str());
        }
    }

    void namesFileDtypeShapeAndArgumentOnAMismatch()
    {
        const std::string file = path("doubles.npy");
        QVERIFY(writeNpy(file, "<f8", iota<double>(12), {3, 4}));
        auto data = DataFile::open(file, argumentOf(ElementType::Float32), 12);
        QVERIFY(!data);
        const std::string message = data.error().message;
        for (const char *part : {"'points'", "float32", "doubles.npy", "<f8", "(3, 4)", "<f4"})
            QVERIFY2(message.find(part) != std::string::npos, message.c_str());
    }

    void refusesBigEndianAndFortranOrder()
    {
        const std::string big = path("big.npy");
        QVERIFY(writeNpy(big, ">f4", iota<float>(4)));
        auto bigData = DataFile::open(big, argumentOf(ElementType::Float32), 4);
        QVERIFY(!bigData);
        QVERIFY2(bigData.error().message.find("big-endian") != std::string::npos,
                 bigData.error().message.c_str());

        const std::string fortran = path("fortran.npy");
        QVERIFY(
            writeBytes(fortran, handMadeHeader("{'descr': '<f4', 'fortran_order': True, 'shape': "
                                               "(2, 3), }") +
                                    tbtest::elementBytes(iota<float>(6))));
        auto fortranData = DataFile::open(fortran, argumentOf(ElementType::Float32), 6);
        QVERIFY(!fortranData);
        QVERIFY2(fortranData.error().message.find("Fortran order") != std::string::npos,
                 fortranData.error().message.c_str());

        // A single row is the same bytes in either order.
        const std::string row = path("row.npy");
        QVERIFY(writeBytes(row, handMadeHeader("{'descr': '<f4', 'fortran_order': True, "
                                               "'shape': (1, 6), }") +
                                    tbtest::elementBytes(iota<float>(6))));
        QVERIFY(DataFile::open(row, argumentOf(ElementType::Float32), 6));
    }

    void refusesTruncatedFiles()
    {
        const std::string file = path("truncated.npy");
        const std::vector<std::uint64_t> shape{100};
        QVERIFY(writeBytes(file, NpyHeader::encode("<f4", shape) +
                                     tbtest::elementBytes(iota<float>(99))));
        auto data = DataFile::open(file, argumentOf(ElementType::Float32), 100);
        QVERIFY(!data);
        QVERIFY2(data.error().message.find("truncated") != std::string::npos,
                 data.error().message.c_str());
        QVERIFY(writeBytes(file, NpyHeader::encode("<f4", shape).substr(0, 30)));
        QVERIFY(!DataFile::open(file, argumentOf(ElementType::Float32), 100));
    }

    void refusesFilesTenTimesLargerNamingBothCounts()
    {
        const std::string npy = path("large.npy");
        QVERIFY(writeNpy(npy, "<f4", iota<float>(1000)));
        auto fromNpy = DataFile::open(npy, argumentOf(ElementType::Float32), 100);
        QVERIFY(!fromNpy);
        QVERIFY2(fromNpy.error().message.find("holds 1000 elements, the argument needs 100") !=
                     std::string::npos,
                 fromNpy.error().message.c_str());

        const std::string raw = path("large.bin");
        QVERIFY(writeBytes(raw, tbtest::elementBytes(iota<float>(1000))));
        auto fromRaw = DataFile::open(raw, argumentOf(ElementType::Float32), 100);
        QVERIFY(!fromRaw);
        QVERIFY2(fromRaw.error().message.find("holds 1000 elements") != std::string::npos &&
                     fromRaw.error().message.find("needs 100") != std::string::npos,
                 fromRaw.error().message.c_str());
    }

    void readsRawLittleEndianAsTheArgumentsType()
    {
        const std::string raw = path("values.dat");
        const std::vector<std::int32_t> values{1, -2, 3, 70000};
        QVERIFY(writeBytes(raw, tbtest::elementBytes(values)));
        auto data = DataFile::open(raw, argumentOf(ElementType::Int32), 4);
        QVERIFY(data);
        QVERIFY(std::memcmp(data->elements().data(), values.data(), 16) == 0);
        auto ragged = DataFile::open(raw, argumentOf(ElementType::Float64), 2);
        QVERIFY(ragged); // 16 bytes are two doubles too: raw data has no type of its own
        QVERIFY(writeBytes(raw, "12345"));
        auto odd = DataFile::open(raw, argumentOf(ElementType::Int32), 1);
        QVERIFY(!odd);
        QVERIFY2(odd.error().message.find("whole number") != std::string::npos,
                 odd.error().message.c_str());
    }

    void missingFileIsAnIoErrorNamingTheArgument()
    {
        auto data = DataFile::open(path("absent.npy"), argumentOf(ElementType::Float32), 1);
        QVERIFY(!data);
        QCOMPARE(data.error().code, EngineError::Code::IoError);
        QVERIFY(data.error().message.find("'points'") != std::string::npos);
        QVERIFY(data.error().message.find("absent.npy") != std::string::npos);
    }

    void hashesTheWholeFile()
    {
        const std::string file = path("hashed.bin");
        QVERIFY(writeBytes(file, ""));
        QCOMPARE(*dataFileHash(file), std::string("cbf29ce484222325")); // FNV-1a's basis
        QVERIFY(writeBytes(file, "a"));
        QCOMPARE(*dataFileHash(file), std::string("af63dc4c8601ec8c")); // FNV-1a 64 of "a"
        QVERIFY(!dataFileHash(path("absent.bin")));
    }

    void expandsSizeVariablesPerProblemSize()
    {
        const std::vector<std::string> names{"n", "m"};
        const std::vector<double> values{4096, 0.5};
        QCOMPARE(*DataFileName::resolve("points_{n}_{m}.npy", names, values, "/data"),
                 std::string("/data/points_4096_0.5.npy"));
        QCOMPARE(*DataFileName::resolve("/abs/{n}.bin", names, values, "/data"),
                 std::string("/abs/4096.bin"));
        QCOMPARE(*DataFileName::resolve("sub/../x.npy", names, values, "/data"),
                 std::string("/data/x.npy"));
        auto unknown = DataFileName::resolve("p_{k}.npy", names, values, "/data");
        QVERIFY(!unknown);
        QVERIFY(unknown.error().message.find("known: n, m") != std::string::npos);
        QVERIFY(!DataFileName::resolve("p_{n.npy", names, values, "/data"));
        QVERIFY(!DataFileName::resolve("p_n}.npy", names, values, "/data"));
        QVERIFY(DataFileName::variesWithSize("p_{n}.npy"));
        QVERIFY(!DataFileName::variesWithSize("p.npy"));
    }

    void listsEachArgumentsFilesOnce()
    {
        Spec spec;
        spec.baseDirectory = "/data";
        spec.sizes.names = {"n"};
        spec.sizes.values = {{10}, {20}};
        Argument perSize = argumentOf(ElementType::Float32, "x");
        perSize.init.kind = BufferInit::Kind::File;
        perSize.init.file = "x_{n}.npy";
        Argument shared = argumentOf(ElementType::Float32, "y");
        shared.init.kind = BufferInit::Kind::File;
        shared.init.file = "y.bin";
        spec.arguments = {perSize, shared, argumentOf(ElementType::Float32, "z")};
        auto uses = specDataFiles(spec);
        QVERIFY(uses);
        const std::vector<DataFileUse> expected{
            {"x", "/data/x_10.npy"}, {"x", "/data/x_20.npy"}, {"y", "/data/y.bin"}};
        QVERIFY(*uses == expected);
    }

    void evaluatesExpressionsPerElement()
    {
        auto expression = ElementExpression::compile("cos(2 * _pi * i / n) + m", {"n", "m"});
        QVERIFY2(expression, expression ? "" : expression.error().message.c_str());
        const std::vector<double> sizes{600, 1};
        expression->setSizes(sizes);
        QCOMPARE(expression->at(0), 2.0);
        QVERIFY(std::abs(expression->at(150) - 1.0) < 1e-12);
        QVERIFY(std::abs(expression->at(300) - 0.0) < 1e-12);
        auto e = ElementExpression::compile("_e", {});
        QVERIFY(e);
        QCOMPARE(e->at(0), std::numbers::e);
        auto unknown = ElementExpression::compile("i * BM", {"n"});
        QVERIFY(!unknown);
        QVERIFY(unknown.error().message.find("BM") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestDataFile)
#include "tst_datafile.moc"
