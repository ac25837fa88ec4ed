// tb_fake_faulty_worker: a FAKE worker, for fault injection in the supervisor's tests only. It
// speaks the real protocol (tb_protocol) and misbehaves on demand.
//
// Whole-worker faults, by flag: --wrong-protocol (hello says protocol 2), --wrong-role (hello
// says "compile"), --fail-setup (answers setup_failed), --garbage-hello (first line is not
// JSON), --exit-before-hello (exits 5 at once), --exit-on-restart (behaves the first time it
// runs, then every later start exits 5 before its hello; marker in $TB_FAKE_STATE_DIR).
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

namespace {

struct Faults
{
    bool wrongProtocol = false;
    bool wrongRole = false;
    bool failSetup = false;
    bool garbageHello = false;
    bool exitBeforeHello = false;
    bool exitOnRestart = false;
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
    }
    return faults;
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
    send(tb::HelloMessage{faults.wrongProtocol ? tb::kProtocolVersion + 1 : tb::kProtocolVersion,
                          "fake-0", faults.wrongRole ? "compile" : "cpu", ::getpid(), "localhost",
                          "fake device"});

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
