// tb_fake_faulty_worker: a FAKE worker, for fault injection in the supervisor's tests only. It
// speaks the real protocol (tb_protocol) and misbehaves on demand.
//
// Whole-worker faults, by flag: --wrong-protocol (hello says protocol 2), --wrong-role (hello
// says "compile"), --fail-setup (answers setup_failed), --garbage-hello (first line is not
// JSON), --exit-before-hello (exits 5 at once), --exit-on-restart (behaves the first time it
// runs, then every later start exits 5 before its hello; marker in $TB_FAKE_STATE_DIR).
//
// Pretended hardware, for the launched-GPU tests: `--role R` answers as role R (default cpu);
// as "cuda" it names a FAKE GPU in its hello, entry CUDA_VISIBLE_DEVICES (default 0) of
// $TB_FAKE_GPUS ("name|uuid|arch;name|uuid|arch"); with `--arch A` its hello's device says
// "compiles for A" (what a compile worker was told).
//
// Per-job faults, by the job's first config value:
//   0 answer ok with a made-up one-sample result     1 crash (abort())
//   2 hang (sleep for ever)                          3 write garbage instead of a result
//   4 exit(3) mid-job                                5 crash the first time this config is seen
//   6 flood stderr with 1 MiB, then answer ok          (marker files in $TB_FAKE_STATE_DIR)
#include "protocol/messagecodec.h"
#include "protocol/streamparser.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

struct Faults
{
    bool wrongProtocol = false;
    bool wrongRole = false;
    bool failSetup = false;
    bool garbageHello = false;
    bool exitBeforeHello = false;
    bool exitOnRestart = false;
    std::string role = "cpu";
    std::string arch;
};

void writeAll(const std::string &bytes)
{
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(STDOUT_FILENO, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            std::exit(1);
        done += static_cast<std::size_t>(n);
    }
}

void send(const tb::Message &message)
{
    writeAll(tb::encode(message));
}

[[noreturn]] void hangForever()
{
    for (;;)
        ::pause();
}

std::string stateDirectory()
{
    const char *directory = std::getenv("TB_FAKE_STATE_DIR");
    return directory ? directory : "/tmp";
}

// Creates the marker; false when it was there already.
bool createMarker(const std::string &path)
{
    const int fd = ::open(path.c_str(), O_CREAT | O_EXCL | O_WRONLY, 0644);
    if (fd < 0)
        return false;
    ::close(fd);
    return true;
}

std::string markerPath(const tb::JobMessage &job)
{
    std::string name = "crashed";
    for (double value : job.values)
        name += "_" + std::to_string(static_cast<long long>(value));
    name += "_size" + std::to_string(job.sizeIndex);
    return stateDirectory() + "/" + name;
}

tb::Result okResult(const tb::JobMessage &job)
{
    tb::Result result;
    result.samples = {0.001 * static_cast<double>(job.id + 1)};
    result.summary = {result.samples[0], result.samples[0], result.samples[0], 0, 1, 0};
    result.timer = "fake_clock";
    result.message = "fake worker pid " + std::to_string(::getpid());
    return result;
}

void runJob(const tb::JobMessage &job)
{
    const int fault = job.values.empty() ? 0 : static_cast<int>(job.values[0]);
    switch (fault) {
    case 1:
        std::fprintf(stderr, "fake worker: crashing on purpose (job %llu)\n",
                     static_cast<unsigned long long>(job.id));
        std::abort();
    case 2:
        std::fprintf(stderr, "fake worker: hanging on purpose\n");
        hangForever();
    case 3:
        writeAll("this is not a job result {{{\n");
        hangForever(); // the supervisor must not wait for a proper answer
    case 4:
        std::fprintf(stderr, "fake worker: exiting with code 3 on purpose\n");
        std::exit(3);
    case 5: {
        if (createMarker(markerPath(job))) {
            std::fprintf(stderr, "fake worker: crashing once on purpose\n");
            std::abort();
        }
        break;
    }
    case 6: {
        const std::string line(1023, 'x');
        for (int i = 0; i < 1024; ++i)
            std::fprintf(stderr, "%s\n", line.c_str());
        break;
    }
    default:
        break;
    }
    send(tb::JobResultMessage{job.id, okResult(job)});
}

Faults parseFaults(int argc, char **argv)
{
    Faults faults;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        faults.wrongProtocol |= flag == "--wrong-protocol";
        faults.wrongRole |= flag == "--wrong-role";
        faults.failSetup |= flag == "--fail-setup";
        faults.garbageHello |= flag == "--garbage-hello";
        faults.exitBeforeHello |= flag == "--exit-before-hello";
        faults.exitOnRestart |= flag == "--exit-on-restart";
        if (flag == "--role" && i + 1 < argc)
            faults.role = argv[++i];
        if (flag == "--arch" && i + 1 < argc)
            faults.arch = argv[++i];
    }
    return faults;
}

std::string environmentOr(const char *name, const char *fallback)
{
    const char *value = std::getenv(name);
    return value && *value ? value : fallback;
}

std::vector<std::string> split(const std::string &text, char separator)
{
    std::vector<std::string> parts;
    for (std::size_t start = 0;;) {
        const std::size_t end = text.find(separator, start);
        parts.push_back(text.substr(start, end - start));
        if (end == std::string::npos)
            return parts;
        start = end + 1;
    }
}

tb::HelloMessage helloOf(const Faults &faults)
{
    tb::HelloMessage hello{faults.wrongProtocol ? tb::kProtocolVersion + 1 : tb::kProtocolVersion,
                           "fake-0",
                           faults.wrongRole ? "compile" : faults.role,
                           ::getpid(),
                           "localhost",
                           faults.arch.empty() ? "fake device" : "compiles for " + faults.arch,
                           {}};
    const std::string gpus = environmentOr("TB_FAKE_GPUS", "");
    if (faults.role != "cuda" || gpus.empty())
        return hello;
    const std::string visible = environmentOr("CUDA_VISIBLE_DEVICES", "0");
    const auto entries = split(gpus, ';');
    const auto entry = static_cast<std::size_t>(std::strtoul(visible.c_str(), nullptr, 10));
    if (entry >= entries.size())
        return hello;
    auto fields = split(entries[entry], '|');
    fields.resize(3);
    hello.gpu = {visible, fields[0], fields[1], fields[2], {}};
    hello.device = hello.gpu.name;
    return hello;
}

} // namespace

int main(int argc, char **argv)
{
    const Faults faults = parseFaults(argc, argv);
    if (faults.exitOnRestart && !createMarker(stateDirectory() + "/started")) {
        std::fprintf(stderr, "fake worker: refusing to restart on purpose\n");
        return 5;
    }
    if (faults.exitBeforeHello) {
        std::fprintf(stderr, "fake worker: exiting before the hello on purpose\n");
        return 5;
    }
    if (faults.garbageHello) {
        writeAll("HELLO?? not json\n");
        hangForever();
    }
    send(helloOf(faults));

    tb::StreamParser parser;
    char buffer[4096];
    for (;;) {
        const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return 0;
        parser.feed(buffer, static_cast<std::size_t>(n));
        while (auto message = parser.next()) {
            if (!*message) {
                std::fprintf(stderr, "fake worker: %s\n", message->error().toString().c_str());
                return 2;
            }
            if (std::holds_alternative<tb::ShutdownMessage>(message->value()))
                return 0;
            if (std::holds_alternative<tb::SetupMessage>(message->value())) {
                if (faults.failSetup)
                    send(tb::SetupFailedMessage{"fake setup failure: spec rejected on purpose",
                                                "at $.kernel"});
                else
                    send(tb::ReadyMessage{});
            } else if (const auto *job = std::get_if<tb::JobMessage>(&message->value())) {
                runJob(*job);
            }
        }
    }
}
