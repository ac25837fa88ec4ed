// The worker's loop, run in-process on a thread over real pipes, with a tiny backend.
#include "worker/workerloop.h"

#include "protocol/messagecodec.h"
#include "protocol/streamparser.h"

#include <QTest>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <poll.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace tb;

namespace {

// Measures nothing: answers each job from its config, and refuses a spec named "bad".
class TestBackend : public KernelBackend
{
public:
    Status prepare(const Spec &spec) override
    {
        preparedName = spec.name;
        if (spec.name == "bad")
            return makeError(EngineError::Code::InvalidSpec, "the kernel has no entry",
                             "at $.kernel.entry");
        return ok();
    }

    Result evaluate(const Configuration &config, std::size_t sizeIndex,
                    double stopAboveSeconds) override
    {
        lastStopAboveSeconds = stopAboveSeconds;
        Result result;
        result.samples = {config.values.at(0) * 1e-3};
        result.summary.count = 1;
        result.timer = "test_clock";
        result.resources["sizeIndex"] = static_cast<double>(sizeIndex);
        ++evaluations;
        // A config value of 99 stands for a kernel that breaks its context (illegal address).
        broken = broken || config.values.at(0) == 99;
        return result;
    }

    bool usable() const override { return !broken; }
    bool broken = false;

    std::string preparedName;
    std::atomic<int> evaluations{0};
    std::atomic<double> lastStopAboveSeconds{-1};
};

// The spec "parser" of this test: the document is the spec's name; "{oops" does not parse.
Expected<Spec> parseSpec(const std::string &document, const std::string &baseDirectory)
{
    if (document == "{oops")
        return makeError(EngineError::Code::InvalidSpec, "the spec is not JSON", "line 1");
    Spec spec;
    spec.name = document;
    spec.baseDirectory = baseDirectory;
    return spec;
}

// The supervisor's end of a worker loop running on a thread.
class LoopHarness
{
public:
    LoopHarness()
    {
        if (::pipe(m_toWorker) != 0 || ::pipe(m_fromWorker) != 0)
            qFatal("pipe failed");
        m_thread = std::thread([this] {
            const WorkerIdentity identity{WorkerRole::Cpu, "9.9.9", "cpu: test device", {}};
            m_exitCode =
                runWorkerLoop(m_backend, parseSpec, identity, m_toWorker[0], m_fromWorker[1]);
        });
    }

    ~LoopHarness()
    {
        closeInput();
        join();
        for (int fd : {m_toWorker[0], m_fromWorker[0], m_fromWorker[1]})
            ::close(fd);
    }

    void send(const Message &message) { sendRaw(encode(message)); }

    void sendRaw(const std::string &bytes)
    {
        if (::write(m_toWorker[1], bytes.data(), bytes.size()) != ssize_t(bytes.size()))
            qFatal("short write to the worker");
    }

    // The next message from the worker, waiting up to 5 s.
    Expected<Message> receive()
    {
        for (;;) {
            if (auto message = m_parser.next())
                return *message;
            pollfd fd{m_fromWorker[0], POLLIN, 0};
            if (::poll(&fd, 1, 5000) != 1)
                return makeError(EngineError::Code::Internal, "no message from the worker");
            char buffer[4096];
            const ssize_t n = ::read(m_fromWorker[0], buffer, sizeof buffer);
            if (n <= 0)
                return makeError(EngineError::Code::Internal, "the worker closed its output");
            m_parser.feed(buffer, static_cast<std::size_t>(n));
        }
    }

    template <typename T> T receiveAs()
    {
        auto message = receive();
        if (!message)
            qFatal("%s", message.error().toString().c_str());
        if (!std::holds_alternative<T>(message.value()))
            qFatal("unexpected '%s' from the worker", messageType(message.value()));
        return std::get<T>(message.value());
    }

    void closeInput()
    {
        if (m_toWorker[1] >= 0)
            ::close(m_toWorker[1]);
        m_toWorker[1] = -1;
    }

    int join()
    {
        if (m_thread.joinable())
            m_thread.join();
        return m_exitCode;
    }

    TestBackend &backend() { return m_backend; }

private:
    int m_toWorker[2] = {-1, -1};
    int m_fromWorker[2] = {-1, -1};
    TestBackend m_backend;
    StreamParser m_parser;
    std::thread m_thread;
    int m_exitCode = -1;
};

} // namespace

class TestWorkerLoop : public QObject
{
    Q_OBJECT

private slots:
    void greetsSetsUpAnswersJobsAndShutsDown()
    {
        LoopHarness worker;
        const auto hello = worker.receiveAs<HelloMessage>();
        QCOMPARE(hello.protocol, kProtocolVersion);
        QCOMPARE(hello.role, std::string("cpu"));
        QCOMPARE(hello.workerVersion, std::string("9.9.9"));
        QCOMPARE(hello.device, std::string("cpu: test device"));
        QCOMPARE(hello.pid, std::int64_t(::getpid()));
        QVERIFY(!hello.host.empty());

        worker.send(SetupMessage{"saxpy", "/specs", "/cache"});
        worker.receiveAs<ReadyMessage>();
        QCOMPARE(worker.backend().preparedName, std::string("saxpy"));

        worker.send(JobMessage{7, {3, 64}, 1});
        worker.send(JobMessage{8, {5, 32}, 0});
        const auto first = worker.receiveAs<JobResultMessage>();
        const auto second = worker.receiveAs<JobResultMessage>();
        QCOMPARE(first.id, std::uint64_t(7));
        QCOMPARE(first.result.samples, std::vector<double>{3e-3});
        QCOMPARE(first.result.timer, std::string("test_clock"));
        QCOMPARE(first.result.resources.at("sizeIndex"), 1.0);
        QCOMPARE(second.id, std::uint64_t(8));
        QCOMPARE(second.result.samples, std::vector<double>{5e-3});

        worker.send(ShutdownMessage{});
        QCOMPARE(worker.join(), 0);
        QCOMPARE(worker.backend().evaluations.load(), 2);
    }

    void answersSetupFailedWithTheBackendsError()
    {
        LoopHarness worker;
        worker.receiveAs<HelloMessage>();
        worker.send(SetupMessage{"bad", "/specs", "/cache"});
        const auto failed = worker.receiveAs<SetupFailedMessage>();
        QCOMPARE(failed.message, std::string("the kernel has no entry"));
        QCOMPARE(failed.detail, std::string("at $.kernel.entry"));
        worker.send(ShutdownMessage{});
        QCOMPARE(worker.join(), 0);
    }

    void answersSetupFailedWhenTheSpecDoesNotParse()
    {
        LoopHarness worker;
        worker.receiveAs<HelloMessage>();
        worker.send(SetupMessage{"{oops", "/specs", "/cache"});
        const auto failed = worker.receiveAs<SetupFailedMessage>();
        QCOMPARE(failed.message, std::string("the spec is not JSON"));
        QCOMPARE(worker.backend().preparedName, std::string());
        // A job after a failed setup is a protocol violation: the worker quits, non-zero.
        worker.send(JobMessage{1, {1}, 0});
        QCOMPARE(worker.join(), 2);
        QCOMPARE(worker.backend().evaluations.load(), 0);
    }

    void exitsAfterAnsweringAJobThatBrokeTheBackend()
    {
        LoopHarness worker;
        worker.receiveAs<HelloMessage>();
        worker.send(SetupMessage{"saxpy", "", ""});
        worker.receiveAs<ReadyMessage>();
        worker.send(JobMessage{1, {99}, 0});
        QCOMPARE(worker.receiveAs<JobResultMessage>().id, std::uint64_t(1)); // answered first
        QCOMPARE(worker.join(), 3);
    }

    // The early-exit threshold reaches evaluate() as its argument, job by job.
    void passesEachJobsStopAboveToEvaluate()
    {
        LoopHarness worker;
        worker.receiveAs<HelloMessage>();
        worker.send(SetupMessage{"saxpy", "", ""});
        worker.receiveAs<ReadyMessage>();
        worker.send(JobMessage{1, {3}, 0, 0.25});
        worker.receiveAs<JobResultMessage>();
        QCOMPARE(worker.backend().lastStopAboveSeconds.load(), 0.25);
        worker.send(JobMessage{2, {3}, 0});
        worker.receiveAs<JobResultMessage>();
        QCOMPARE(worker.backend().lastStopAboveSeconds.load(), kNoStopAbove);
        worker.send(ShutdownMessage{});
        QCOMPARE(worker.join(), 0);
    }

    void endsCleanlyAtTheEndOfInput()
    {
        LoopHarness worker;
        worker.receiveAs<HelloMessage>();
        worker.send(SetupMessage{"saxpy", "", ""});
        worker.receiveAs<ReadyMessage>();
        worker.closeInput();
        QCOMPARE(worker.join(), 0);
    }

    void quitsOnGarbageOrATruncatedFrame()
    {
        {
            LoopHarness worker;
            worker.receiveAs<HelloMessage>();
            worker.sendRaw("{\"type\": \"setup\", oops\n");
            QCOMPARE(worker.join(), 2);
        }
        {
            LoopHarness worker;
            worker.receiveAs<HelloMessage>();
            worker.sendRaw("{\"type\": \"shutdown\"");
            worker.closeInput();
            QCOMPARE(worker.join(), 2);
        }
    }

    // In a child process, since it rewires fd 1: a kernel's printf must land on stderr.
    void claimsStdoutForTheProtocol()
    {
        int out[2];
        int err[2];
        QVERIFY(::pipe(out) == 0 && ::pipe(err) == 0);
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            ::dup2(out[1], STDOUT_FILENO);
            ::dup2(err[1], STDERR_FILENO);
            const int protocolFd = claimProtocolOutput();
            std::printf("kernel noise\n");
            std::fflush(stdout);
            const std::string frame = encode(ReadyMessage{});
            const bool wrote = protocolFd > 2 && ::write(protocolFd, frame.data(), frame.size()) ==
                                                     ssize_t(frame.size());
            ::_exit(wrote ? 0 : 1);
        }
        ::close(out[1]);
        ::close(err[1]);
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        auto readAll = [](int fd) {
            std::string text;
            char buffer[256];
            ssize_t n;
            while ((n = ::read(fd, buffer, sizeof buffer)) > 0)
                text.append(buffer, static_cast<std::size_t>(n));
            ::close(fd);
            return text;
        };
        QCOMPARE(readAll(out[0]), encode(ReadyMessage{}));
        QCOMPARE(readAll(err[0]), std::string("kernel noise\n"));
    }
};

QTEST_GUILESS_MAIN(TestWorkerLoop)
#include "tst_workerloop.moc"
