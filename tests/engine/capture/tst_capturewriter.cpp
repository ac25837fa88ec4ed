#include "capture/capturemanifestwriter.h"
#include "capture/npywriter.h"
#include "data/npydtype.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

using namespace tb;

namespace {

std::string fileText(const std::filesystem::path &path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

CaptureManifest sampleManifest()
{
    CaptureManifest manifest;
    manifest.command = {"./app", "--size", "4096"};
    manifest.exitCode = 0;
    manifest.deviceName = "NVIDIA H200";
    manifest.computeCapability = {9, 0};
    manifest.complete = true;
    manifest.kernelsSeen = {{"saxpy(int, float, float const*, float*)", 3}};
    CapturedLaunch launch;
    launch.kernel = "saxpy(int, float, float const*, float*)";
    launch.mangled = "_Z5saxpyifPKfPf";
    launch.grid = {4096, 1, 1};
    launch.block = {256, 1, 1};
    CapturedArgument n;
    n.index = 0;
    n.bytes = 4;
    n.type = ElementType::Int32;
    n.value = 1048576;
    n.hex = "00001000";
    CapturedArgument y;
    y.index = 3;
    y.bytes = 8;
    y.kind = CapturedArgument::Kind::Pointer;
    y.type = ElementType::Float32;
    y.allocationBytes = 4194304;
    y.before = "launch-0/arg-3.before.npy";
    y.after = "launch-0/arg-3.after.npy";
    y.written = true;
    launch.arguments = {n, y};
    launch.globals = {{"polygon", std::nullopt, 256, "launch-0/global-polygon.bin"}};
    manifest.launches = {launch};
    return manifest;
}

} // namespace

class TestCaptureWriter : public QObject
{
    Q_OBJECT

private slots:
    void writesTheManifestAsTheFormatSays()
    {
        const auto json = nlohmann::json::parse(captureManifestJson(sampleManifest()));
        QCOMPARE(json["tunebench_capture"].get<int>(), 1);
        QCOMPARE(json["application"]["exit_code"].get<int>(), 0);
        QVERIFY(!json["application"].contains("signal"));
        QCOMPARE(json["device"]["compute_capability"][0].get<int>(), 9);
        QCOMPARE(json["kernels_seen"][0]["launches"].get<int>(), 3);
        const auto &launch = json["launches"][0];
        QCOMPARE(launch["grid"][0].get<int>(), 4096);
        QCOMPARE(launch["arguments"][0]["kind"].get<std::string>(), std::string("scalar"));
        QCOMPARE(launch["arguments"][0]["type"].get<std::string>(), std::string("int32"));
        QCOMPARE(launch["arguments"][0]["value"].get<double>(), 1048576.0);
        QCOMPARE(launch["arguments"][1]["kind"].get<std::string>(), std::string("pointer"));
        QVERIFY(launch["arguments"][1]["written"].get<bool>());
        QCOMPARE(launch["arguments"][1]["after"].get<std::string>(),
                 std::string("launch-0/arg-3.after.npy"));
        QVERIFY(launch["globals"][0]["type"].is_null());
        QVERIFY(!launch.contains("module")); // none was had
    }

    void aCrashIsWrittenAsASignal()
    {
        CaptureManifest manifest;
        manifest.command = {"./app"};
        manifest.signal = "SIGSEGV";
        manifest.messages = {"the application ended on SIGSEGV"};
        const auto json = nlohmann::json::parse(captureManifestJson(manifest));
        QVERIFY(!json["complete"].get<bool>());
        QVERIFY(!json["application"].contains("exit_code"));
        QCOMPARE(json["application"]["signal"].get<std::string>(), std::string("SIGSEGV"));
        QVERIFY(json["launches"].empty());
    }

    void writesTheManifestFileWhole()
    {
        QTemporaryDir dir;
        QVERIFY(writeCaptureManifest(dir.path().toStdString(), sampleManifest()).hasValue());
        const std::string text = fileText(dir.filePath("capture.json").toStdString());
        QCOMPARE(text, captureManifestJson(sampleManifest()));
    }

    void writesNpyAsNumPyDoes()
    {
        QTemporaryDir dir;
        const float values[3] = {1.5f, -2.0f, 0.25f};
        const auto path = std::filesystem::path(dir.path().toStdString()) / "x.npy";
        QVERIFY(writeNpy(path, ElementType::Float32, values, sizeof values).hasValue());
        const std::string bytes = fileText(path);
        QCOMPARE(bytes.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
        const std::size_t headerLength =
            static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
        QCOMPARE((10 + headerLength) % 64, std::size_t(0)); // data aligned as NumPy writes it
        const std::string header = bytes.substr(10, headerLength);
        QVERIFY(header.find("'descr': '<f4'") != std::string::npos);
        QVERIFY(header.find("'shape': (3,)") != std::string::npos);
        QVERIFY(header.find("'fortran_order': False") != std::string::npos);
        QCOMPARE(header.back(), '\n');
        QCOMPARE(bytes.size(), 10 + headerLength + sizeof values);
        QCOMPARE(std::memcmp(bytes.data() + 10 + headerLength, values, sizeof values), 0);
    }

    void writesBytesWhereTheTypeDoesNotFit()
    {
        QTemporaryDir dir;
        const unsigned char raw[6] = {1, 2, 3, 4, 5, 6};
        const auto path = std::filesystem::path(dir.path().toStdString()) / "r.npy";
        // Six bytes are not whole float32s; bfloat16 has no NumPy dtype: both as |u1.
        QVERIFY(writeNpy(path, ElementType::Float32, raw, sizeof raw).hasValue());
        QVERIFY(fileText(path).find("'descr': '|u1', 'fortran_order': False, 'shape': (6,)") !=
                std::string::npos);
        QVERIFY(writeNpy(path, ElementType::BFloat16, raw, sizeof raw).hasValue());
        QVERIFY(fileText(path).find("'|u1'") != std::string::npos);
        QVERIFY(!npyDescr(ElementType::BFloat16));
        QCOMPARE(*npyDescr(ElementType::UInt16), std::string("<u2"));
    }

    // Data NumPy has a type for is kept as .npy; other data as the raw bytes, which a spec reads
    // as the type the user gives.
    void keepsUntypedDataAsRawBytes()
    {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        const unsigned char raw[8] = {1, 2, 3, 4, 5, 6, 7, 8};
        auto typed = writeCapturedData(root / "a", ElementType::Int32, raw, sizeof raw);
        QVERIFY(typed);
        QCOMPARE(typed->filename().string(), std::string("a.npy"));
        QVERIFY(fileText(*typed).starts_with("\x93NUMPY"));
        for (std::optional<ElementType> type :
             {std::optional<ElementType>(), std::optional(ElementType::BFloat16),
              std::optional(ElementType::Float64)}) { // 8 bytes are one float64: .npy
            auto written = writeCapturedData(root / "b", type, raw, sizeof raw);
            QVERIFY(written);
            const bool npy = type == ElementType::Float64;
            QCOMPARE(written->filename().string(), std::string(npy ? "b.npy" : "b.bin"));
            QCOMPARE(keptAsNpy(type, sizeof raw), npy);
            if (!npy)
                QCOMPARE(fileText(*written), std::string(reinterpret_cast<const char *>(raw), 8));
        }
        QVERIFY(!keptAsNpy(ElementType::Float32, 6)); // not whole elements
        QVERIFY(!writeCapturedData("/nonexistent-folder/c", std::nullopt, raw, sizeof raw));
    }

    void aFileThatCannotBeWrittenIsNamed()
    {
        const auto status = writeNpy("/nonexistent-folder/x.npy", ElementType::Float32, nullptr, 0);
        QVERIFY(!status);
        QVERIFY(status.error().message.find("/nonexistent-folder/x.npy") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestCaptureWriter)
#include "tst_capturewriter.moc"
