// The reading side of a capture folder (issue 37 item 4): capture.json read back as written,
// hostile folders refused with the JSON path and the folder, and the spec skeleton of a
// recorded launch with what is left to fill in.
#include "capture/capturemanifestreader.h"
#include "capture/capturemanifestwriter.h"
#include "capture/captureskeleton.h"
#include "capture/npywriter.h"
#include "capturefolder.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <fstream>

using namespace tb;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

void writeText(const fs::path &path, const std::string &text)
{
    std::ofstream out(path, std::ios::binary);
    out << text;
}

// saxpy(int n, float a, float const* x, float* y) on 16 floats, with a __constant__ table.
CaptureManifest saxpyManifest()
{
    CaptureManifest manifest;
    manifest.command = {"./app", "--size", "16"};
    manifest.exitCode = 0;
    manifest.deviceName = "NVIDIA H200";
    manifest.computeCapability = {9, 0};
    manifest.complete = true;
    manifest.kernelsSeen = {{"saxpy(int, float, float const*, float*)", 3}, {"other(int)", 1}};
    CapturedLaunch launch;
    launch.kernel = "saxpy(int, float, float const*, float*)";
    launch.mangled = "_Z5saxpyifPKfPf";
    launch.grid = {1, 1, 1};
    launch.block = {16, 1, 1};
    launch.module = "modules/module-0.cubin";
    launch.arguments = {tbtest::capturedScalar(0, ElementType::Int32, 16, "10000000"),
                        tbtest::capturedScalar(1, ElementType::Float32, 0.1, "cdcccc3d"),
                        tbtest::capturedFloats(2, 64, false), tbtest::capturedFloats(3, 64, true)};
    launch.globals = {{"table", std::nullopt, 32, "launch-0/global-table.bin"}};
    manifest.launches = {launch};
    return manifest;
}

fs::path writeFolder(const QTemporaryDir &dir, const CaptureManifest &manifest)
{
    const fs::path root = dir.path().toStdString();
    if (!tbtest::writeCaptureFolder(root, manifest))
        qFatal("cannot write the capture folder %s", root.c_str());
    return root;
}

json manifestJson()
{
    return json::parse(captureManifestJson(saxpyManifest()));
}

// The error of reading `document` as DIR/capture.json.
std::string readError(const QTemporaryDir &dir, const std::string &document)
{
    const fs::path root = dir.path().toStdString();
    writeText(root / "capture.json", document);
    auto manifest = readCaptureManifest(root);
    return manifest ? std::string("(read without an error)") : manifest.error().message;
}

bool mentions(const std::string &text, const std::string &part)
{
    if (text.find(part) != std::string::npos)
        return true;
    qWarning("'%s' does not mention '%s'", text.c_str(), part.c_str());
    return false;
}

const SkeletonGap *gapAt(const CaptureSkeleton &skeleton, const std::string &pointer)
{
    for (const SkeletonGap &gap : skeleton.left)
        if (gap.pointer == pointer)
            return &gap;
    return nullptr;
}

} // namespace

class TestCaptureReader : public QObject
{
    Q_OBJECT

private slots:
    void readsBackWhatTheWriterWrote()
    {
        QTemporaryDir dir;
        const fs::path root = writeFolder(dir, saxpyManifest());
        auto manifest = readCaptureManifest(root);
        QVERIFY2(manifest, manifest ? "" : manifest.error().message.c_str());
        // Written again, it is the same text: every field came back.
        QCOMPARE(captureManifestJson(*manifest), captureManifestJson(saxpyManifest()));
        QCOMPARE(manifest->launches[0].arguments[1].value.value(), 0.1);
        QCOMPARE(manifest->launches[0].globals[0].name, std::string("table"));
    }

    void aCrashedCaptureReadsWithItsMessages()
    {
        QTemporaryDir dir;
        CaptureManifest crashed;
        crashed.command = {"./app"};
        crashed.signal = "SIGSEGV";
        crashed.messages = {"the application ended on SIGSEGV"};
        crashed.kernelsSeen = {{"other(int)", 2}};
        const fs::path root = writeFolder(dir, crashed);
        auto manifest = readCaptureManifest(root);
        QVERIFY(manifest);
        QVERIFY(!manifest->complete);
        QCOMPARE(manifest->signal, std::string("SIGSEGV"));
        QCOMPARE(manifest->messages, crashed.messages);
        QVERIFY(!manifest->exitCode);
        auto skeleton = captureSkeleton(*manifest);
        QVERIFY(!skeleton);
        QVERIFY(mentions(skeleton.error().message, "no launch"));
        QVERIFY(mentions(skeleton.error().message, "other(int) (2x)"));
    }

    void wrongTypesNameTheirPath()
    {
        QTemporaryDir dir;
        json document = manifestJson();
        document["launches"][0]["arguments"][2]["allocation_bytes"] = "64";
        std::string error = readError(dir, document.dump());
        QVERIFY(mentions(error, "launches[0].arguments[2].allocation_bytes: expected a whole "
                                "number >= 0, got string"));
        QVERIFY(mentions(error, dir.path().toStdString() + "/capture.json"));

        document = manifestJson();
        document["launches"][0]["grid"][1] = 1.5;
        QVERIFY(mentions(readError(dir, document.dump()),
                         "launches[0].grid[1]: expected a whole number >= 0, got a real number"));
        document = manifestJson();
        document["complete"] = "yes";
        QVERIFY(mentions(readError(dir, document.dump()), "complete: expected true or false"));
        document = manifestJson();
        document["launches"] = json::object();
        QVERIFY(mentions(readError(dir, document.dump()), "launches: expected an array"));
        QVERIFY(mentions(readError(dir, "[1, 2]"), "expected an object, got array"));
    }

    void missingFieldsAreNamed()
    {
        QTemporaryDir dir;
        json document = manifestJson();
        document["launches"][0]["arguments"][3].erase("written");
        QVERIFY(
            mentions(readError(dir, document.dump()), "launches[0].arguments[3].written: missing"));
        document = manifestJson();
        document.erase("tunebench_capture");
        QVERIFY(mentions(readError(dir, document.dump()), "tunebench_capture: missing"));
        document = manifestJson();
        document["tunebench_capture"] = 2;
        QVERIFY(mentions(readError(dir, document.dump()), "expected 1"));
    }

    void absurdNumbersAreRefused()
    {
        QTemporaryDir dir;
        const std::vector<std::pair<std::string, json>> cases = {
            {"/launches/0/arguments/2/allocation_bytes", json(std::uint64_t(1) << 60)},
            {"/launches/0/arguments/2/offset_bytes", json(65)},
            {"/launches/0/grid/0", json(0)},
            {"/launches/0/block/0", json(2048)},
            {"/launches/0/block/1", json(128)}, // 16 x 128 threads: more than a block holds
            {"/launches/0/dynamic_shared_bytes", json(std::uint64_t(1) << 40)},
            {"/launches/0/arguments/0/bytes", json(1 << 20)},
            {"/launches/0/arguments/0/index", json(-1)},
            {"/launches/0/arguments/1/index", json(0)},    // twice
            {"/launches/0/arguments/0/hex", json("1000")}, // 2 bytes for an int32
            {"/launches/0/arguments/0/hex", json("zz000000")},
            {"/device/compute_capability/0", json(1000)},
            {"/application/exit_code", json(std::int64_t(1) << 40)},
            {"/application/exit_code", json(~std::uint64_t(0))}, // not -1 by wrapping
        };
        for (const auto &[pointer, value] : cases) {
            json document = manifestJson();
            document[json::json_pointer(pointer)] = value;
            const std::string error = readError(dir, document.dump());
            QVERIFY2(error != "(read without an error)", pointer.c_str());
        }
        json document = manifestJson();
        document["launches"][0]["block"][1] = 128;
        QVERIFY(
            mentions(readError(dir, document.dump()), "launches[0].block: more than 1024 threads"));
    }

    void unknownTypeNamesAreRefused()
    {
        QTemporaryDir dir;
        json document = manifestJson();
        document["launches"][0]["arguments"][2]["type"] = "float128";
        QVERIFY(mentions(readError(dir, document.dump()),
                         "launches[0].arguments[2].type: unknown type 'float128'"));
        document = manifestJson();
        document["launches"][0]["arguments"][2]["kind"] = "texture";
        QVERIFY(mentions(readError(dir, document.dump()), "unknown kind 'texture'"));
    }

    void pathsMayNotLeaveTheFolder()
    {
        QTemporaryDir dir;
        json document = manifestJson();
        document["launches"][0]["arguments"][2]["before"] = "/etc/passwd";
        QVERIFY(mentions(readError(dir, document.dump()),
                         "launches[0].arguments[2].before: an absolute path ('/etc/passwd')"));
        document = manifestJson();
        document["launches"][0]["arguments"][3]["after"] = "launch-0/../../secret.npy";
        QVERIFY(mentions(readError(dir, document.dump()),
                         "launches[0].arguments[3].after: a path that leaves the capture "
                         "folder"));
        document = manifestJson();
        document["launches"][0]["globals"][0]["before"] = "";
        QVERIFY(mentions(readError(dir, document.dump()),
                         "launches[0].globals[0].before: an empty path"));
        document = manifestJson();
        document["launches"][0]["module"] = "modules/\nx";
        QVERIFY(mentions(readError(dir, document.dump()), "launches[0].module: a path with a "
                                                          "control character"));
    }

    void symbolicLinksMayNotLeaveTheFolder()
    {
        QTemporaryDir outside;
        QTemporaryDir dir;
        const fs::path root = writeFolder(dir, saxpyManifest());
        fs::create_directory_symlink(outside.path().toStdString(), root / "elsewhere");
        json document = manifestJson();
        document["launches"][0]["arguments"][2]["before"] = "elsewhere/x.npy";
        QVERIFY(mentions(readError(dir, document.dump()),
                         "launches[0].arguments[2].before: a path that a symbolic link takes "
                         "out of the capture folder"));
        // A link that stays inside is followed.
        fs::create_directory_symlink(root / "launch-0", root / "same");
        document["launches"][0]["arguments"][2]["before"] = "same/arg-2.before.npy";
        QCOMPARE(readError(dir, document.dump()), std::string("(read without an error)"));
        // capture.json itself a link out of the folder.
        writeText(fs::path(outside.path().toStdString()) / "capture.json", manifestJson().dump());
        fs::remove(root / "capture.json");
        fs::create_symlink(fs::path(outside.path().toStdString()) / "capture.json",
                           root / "capture.json");
        auto manifest = readCaptureManifest(root);
        QVERIFY(!manifest);
        QVERIFY(mentions(manifest.error().message, "symbolic link"));
    }

    void truncatedOrMissingManifestsAreSaid()
    {
        QTemporaryDir dir;
        const std::string whole = captureManifestJson(saxpyManifest());
        QVERIFY(mentions(readError(dir, whole.substr(0, whole.size() / 2)), "not JSON"));
        QVERIFY(mentions(readError(dir, ""), "not JSON"));
        QTemporaryDir empty;
        auto manifest = readCaptureManifest(empty.path().toStdString());
        QVERIFY(!manifest);
        QVERIFY(mentions(manifest.error().message, "capture.json"));
        manifest = readCaptureManifest("/nonexistent-capture-folder");
        QVERIFY(!manifest);
        QVERIFY(
            mentions(manifest.error().message, "no capture folder /nonexistent-capture-folder"));
    }

    void theSkeletonFollowsTheLaunch()
    {
        auto skeleton = captureSkeleton(saxpyManifest());
        QVERIFY(skeleton);
        const json spec = json::parse(skeleton->specJson);
        QCOMPARE(spec["tunebench_spec"].get<int>(), 1);
        QCOMPARE(spec["name"].get<std::string>(), std::string("saxpy"));
        QCOMPARE(spec["backend"].get<std::string>(), std::string("cuda"));
        QCOMPARE(spec["kernel"]["entry"].get<std::string>(), std::string("saxpy"));
        QVERIFY(spec["parameters"].empty());
        QCOMPARE(spec["problem_sizes"], json::parse(R"([{"N": 16}])"));
        QCOMPARE(spec["launch"], json::parse(R"({"grid": ["1", "1", "1"],
                                                 "block": ["16", "1", "1"]})"));
        const json &arguments = spec["arguments"];
        QCOMPARE(arguments.size(), std::size_t(5));
        // n is 16, the size: it follows N.
        QCOMPARE(arguments[0], json::parse(R"({"name": "arg0", "kind": "scalar",
                                               "type": "int32", "value": "N"})"));
        QCOMPARE(arguments[1]["value"].get<std::string>(), std::string("0.1"));
        QCOMPARE(arguments[2], json::parse(R"({"name": "arg2", "kind": "buffer",
            "type": "float32", "size": "N",
            "init": {"file": "launch-0/arg-2.before.npy"}})"));
        QVERIFY(arguments[3]["output"].get<bool>());
        QCOMPARE(arguments[4], json::parse(R"({"name": "table", "kind": "constant",
            "type": "uint8", "size": "32", "init": {"file": "launch-0/global-table.bin"}})"));
        QCOMPARE(spec["verification"], json::parse(R"({"expected":
            {"arg3": {"file": "launch-0/arg-3.after.npy"}}})"));

        for (const char *pointer : {"/kernel/source", "/parameters", "/launch", "/arguments/0/name",
                                    "/arguments/3/name", "/arguments/4/type"})
            QVERIFY2(gapAt(*skeleton, pointer), pointer);
        QVERIFY(mentions(gapAt(*skeleton, "/kernel/source")->what, "modules/module-0.cubin"));
        QVERIFY(mentions(gapAt(*skeleton, "/arguments/3/name")->what, "/verification/expected"));
        QVERIFY(!gapAt(*skeleton, "/arguments/0/type"));
        QVERIFY(!gapAt(*skeleton, "/kernel/entry"));
    }

    void theSkeletonSaysWhatItCouldNotKnow()
    {
        CaptureManifest manifest = saxpyManifest();
        CapturedLaunch &launch = manifest.launches[0];
        launch.kernel = "void gemm<128, 64>(float const*, float*, int)";
        launch.dynamicSharedBytes = 4096;
        launch.arguments[0].type.reset(); // an extern "C" kernel's scalar
        launch.arguments[0].value.reset();
        launch.arguments[1].bytes = 12; // a struct
        launch.arguments[1].type.reset();
        launch.arguments[1].value.reset();
        launch.arguments[1].hex = std::string(24, '0');
        launch.arguments[2].allocationBytes = 0; // a host pointer
        launch.arguments[2].before.clear();
        launch.arguments[2].after.clear();
        launch.arguments[3].after.clear();        // the launch failed
        launch.arguments[3].allocationBytes = 62; // not whole floats
        launch.globals[0].name = "ns::table";
        CapturedLaunch second = launch;
        second.block = {32, 1, 1};
        manifest.launches.push_back(second);

        auto skeleton = captureSkeleton(manifest);
        QVERIFY(skeleton);
        const json spec = json::parse(skeleton->specJson);
        QCOMPARE(spec["kernel"]["entry"].get<std::string>(), std::string("gemm<128, 64>"));
        QVERIFY(gapAt(*skeleton, "/kernel/entry"));
        QCOMPARE(spec["launch"]["shared_memory"].get<std::string>(), std::string("4096"));
        // 4 bytes without a type: a guess, said to be one.
        QCOMPARE(spec["arguments"][0]["type"].get<std::string>(), std::string("uint32"));
        QCOMPARE(spec["arguments"][0]["value"].get<std::string>(), std::string("16"));
        QVERIFY(mentions(gapAt(*skeleton, "/arguments/0/type")->what, "uint32 is a guess"));
        QVERIFY(gapAt(*skeleton, "/arguments/1/value"));
        QVERIFY(gapAt(*skeleton, "/arguments/2/size"));
        QCOMPARE(spec["arguments"][3]["type"].get<std::string>(), std::string("uint8"));
        QCOMPARE(spec["arguments"][3]["size"].get<std::string>(), std::string("N"));
        QCOMPARE(spec["problem_sizes"], json::parse(R"([{"N": 62}])"));
        QVERIFY(gapAt(*skeleton, "/arguments/3/type"));
        QVERIFY(gapAt(*skeleton, "/arguments/3/output"));
        QVERIFY(!spec.contains("verification"));
        QVERIFY(gapAt(*skeleton, "/arguments/4/name"));

        auto chosen = captureSkeleton(manifest, {1});
        QVERIFY(chosen);
        QCOMPARE(json::parse(chosen->specJson)["launch"]["block"][0].get<std::string>(),
                 std::string("32"));
        auto missing = captureSkeleton(manifest, {2});
        QVERIFY(!missing);
        QVERIFY(mentions(missing.error().message, "no launch 2: the capture has 2 (0 to 1)"));
    }

    void distinctCountsAreDistinctSizes()
    {
        CaptureManifest manifest = saxpyManifest();
        manifest.launches[0].arguments[3].allocationBytes = 128;
        auto skeleton = captureSkeleton(manifest);
        QVERIFY(skeleton);
        const json spec = json::parse(skeleton->specJson);
        QCOMPARE(spec["problem_sizes"], json::parse(R"([{"N1": 16, "N2": 32}])"));
        QCOMPARE(spec["arguments"][0]["value"].get<std::string>(), std::string("N1"));
        QCOMPARE(spec["arguments"][3]["size"].get<std::string>(), std::string("N2"));
    }

    void scalarsKeepTheirValues()
    {
        CaptureManifest manifest = saxpyManifest();
        manifest.launches[0].arguments[1].value = 1e300; // no float32: written as a double
        manifest.launches[0].arguments[0].value = 1048577;
        auto skeleton = captureSkeleton(manifest);
        QVERIFY(skeleton);
        const json spec = json::parse(skeleton->specJson);
        QCOMPARE(spec["arguments"][0]["value"].get<std::string>(), std::string("1048577"));
        QCOMPARE(spec["arguments"][1]["value"].get<std::string>(), std::string("1e+300"));
        // A parameter the capture has no record of is said to be missing, where it goes.
        manifest.launches[0].arguments.erase(manifest.launches[0].arguments.begin() + 1);
        skeleton = captureSkeleton(manifest);
        QVERIFY(skeleton);
        QVERIFY(mentions(gapAt(*skeleton, "/arguments/1")->what, "no record of parameter 1"));
    }
};

QTEST_GUILESS_MAIN(TestCaptureReader)
#include "tst_capturereader.moc"
