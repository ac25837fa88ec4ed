// tunebench-capture: runs a CUDA application unchanged and records its kernel launches into a
// capture folder (docs/capture-format.md), then writes a spec skeleton from them.
#include "applicationrun.h"
#include "capture/captureenvironment.h"
#include "capture/capturemanifestreader.h"
#include "capture/capturemanifestwriter.h"
#include "injectionlibrary.h"
#include "tasks/captureskeletonfile.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <regex>

namespace {

namespace fs = std::filesystem;

// Exit codes, as --help says.
constexpr int kRecorded = 0;
constexpr int kUsage = 2;
constexpr int kNothingRecorded = 3;
constexpr int kCannotCapture = 4;

struct Options
{
    std::string kernel = ".*";
    std::uint64_t launches = 1;
    std::string out;
    std::uint64_t maxBytes = std::uint64_t(1) << 30;
    std::vector<std::string> command;
};

// The folder must be new or empty: a capture never mixes with files already there.
bool prepareFolder(const fs::path &folder)
{
    std::error_code error;
    if (fs::exists(folder, error) && !fs::is_empty(folder, error)) {
        std::cerr << "tunebench-capture: " << folder.string()
                  << " is not empty; name a new folder with --out\n";
        return false;
    }
    fs::create_directories(folder, error);
    if (error) {
        std::cerr << "tunebench-capture: cannot create " << folder.string() << ": "
                  << error.message() << "\n";
        return false;
    }
    return true;
}

std::string defaultFolder(const std::string &application)
{
    return "capture-" + fs::path(application).filename().string();
}

void printSummary(const fs::path &folder, const tb::CaptureManifest &manifest)
{
    std::cout << "tunebench-capture: " << manifest.launches.size() << " launch"
              << (manifest.launches.size() == 1 ? "" : "es") << " recorded in " << folder.string()
              << (manifest.complete ? "" : " (partial)") << "\n";
    for (const auto &launch : manifest.launches)
        std::cout << "  " << launch.kernel << "  grid " << launch.grid[0] << "x" << launch.grid[1]
                  << "x" << launch.grid[2] << ", block " << launch.block[0] << "x"
                  << launch.block[1] << "x" << launch.block[2] << "\n";
    for (const auto &message : manifest.messages)
        std::cout << "  note: " << message << "\n";
}

// Writes DIR/spec.json from the first recorded launch and says what is left to fill in.
int writeSkeleton(const fs::path &folder)
{
    const auto file =
        tb::writeCaptureSkeleton({folder.string(), std::nullopt, tb::ExistingCaptureSpec::Refuse});
    if (!file) {
        std::cerr << "tunebench-capture: " << file.error().toString() << "\n";
        return kCannotCapture;
    }
    std::cout << "tunebench-capture: wrote " << file->specPath << " for " << file->kernel
              << "; fill in what is left, then tune it:\n"
              << tb::describeCaptureSpec(*file);
    return kRecorded;
}

int capture(const Options &options)
{
    std::string tried;
    const auto library = tb::findInjectionLibrary(&tried);
    if (!library) {
        std::cerr << "tunebench-capture: libtunebench-inject.so not found (looked at " << tried
                  << "); set TUNEBENCH_INJECT_LIBRARY to its path\n";
        return kCannotCapture;
    }
    const fs::path folder =
        fs::absolute(options.out.empty() ? defaultFolder(options.command[0]) : options.out);
    if (!prepareFolder(folder))
        return kCannotCapture;
    const tb::ApplicationEnd end = tb::runApplication(
        options.command, {{"CUDA_INJECTION64_PATH", *library},
                          // Modules load at start-up, so their images are kept before a launch.
                          {"CUDA_MODULE_LOADING", "EAGER"},
                          {tb::captureenv::kDirectory, folder.string()},
                          {tb::captureenv::kKernel, options.kernel},
                          {tb::captureenv::kLaunches, std::to_string(options.launches)},
                          {tb::captureenv::kMaxBytes, std::to_string(options.maxBytes)}});
    const bool injectionRan = fs::exists(folder / "capture.json");
    tb::CaptureManifest manifest;
    if (injectionRan) {
        auto read = tb::readCaptureManifest(folder);
        if (!read) {
            std::cerr << "tunebench-capture: " << read.error().toString() << "\n";
            return kCannotCapture;
        }
        manifest = std::move(*read);
    }
    tb::recordApplicationEnd(manifest, options.command, options.kernel, end, injectionRan);
    if (tb::Status written = tb::writeCaptureManifest(folder, manifest); !written) {
        std::cerr << "tunebench-capture: " << written.error().toString() << "\n";
        return kCannotCapture;
    }
    printSummary(folder, manifest);
    if (manifest.launches.empty())
        return kNothingRecorded;
    return writeSkeleton(folder);
}

} // namespace

int main(int argc, char **argv)
{
    CLI::App app{"tunebench-capture [OPTIONS] -- APPLICATION [ARGUMENTS...]\n\nRun a CUDA "
                 "application unchanged and record its kernel "
                 "launches (arguments, memory before and after, launch geometry) into a "
                 "folder, with a spec skeleton to tune them on that data."};
    app.footer("Exit codes: 0 launches recorded; 2 bad command line; 3 nothing recorded (the "
               "folder says why); 4 the capture could not be made.\nFormat: "
               "docs/capture-format.md.");
    Options options;
    app.add_option("-k,--kernel", options.kernel,
                   "record kernels whose demangled name matches this regular expression")
        ->default_str(".*");
    app.add_option("-n,--launches", options.launches, "launches recorded of each kernel")
        ->check(CLI::PositiveNumber)
        ->default_str("1");
    app.add_option("-o,--out", options.out,
                   "the capture folder, new or empty (default: capture-<application>)");
    app.add_option("--max-bytes", options.maxBytes,
                   "most bytes saved of one pointer's memory (an allocator's pool can be "
                   "gigabytes)")
        ->check(CLI::PositiveNumber)
        ->default_str("1073741824");
    app.add_option("command", options.command, "the application and its arguments, after --")
        ->required();
    try {
        app.parse(argc, argv);
        std::regex check(options.kernel, std::regex::ECMAScript);
    } catch (const CLI::ParseError &error) {
        const int code = app.exit(error);
        return code == 0 ? 0 : kUsage;
    } catch (const std::regex_error &error) {
        std::cerr << "tunebench-capture: --kernel '" << options.kernel
                  << "' is no regular expression: " << error.what() << "\n";
        return kUsage;
    }
    return capture(options);
}
