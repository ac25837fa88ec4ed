#include "workerloop.h"

#include "protocol/messagecodec.h"
#include "protocol/streamparser.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <fcntl.h>
#include <optional>
#include <unistd.h>

namespace tb {

namespace {

constexpr int kProtocolFailure = 2;
constexpr int kBackendUnusable = 3; // exit code after a result that left the backend broken

void logLine(const std::string &text)
{
    std::fprintf(stderr, "tunebench-worker: %s\n", text.c_str());
    std::fflush(stderr);
}

bool writeAll(int fd, const std::string &bytes)
{
    std::size_t written = 0;
    while (written < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            logLine(std::string("cannot write to the supervisor: ") + std::strerror(errno));
            return false;
        }
        written += static_cast<std::size_t>(n);
    }
    return true;
}

std::string hostName()
{
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0)
        return "unknown";
    return name;
}

// One worker's conversation; handle() returns the exit code once the loop must end.
class WorkerSession
{
public:
    WorkerSession(KernelBackend &backend, const SpecParser &parseSpec, int outputFd)
        : m_backend(backend), m_parseSpec(parseSpec), m_outputFd(outputFd)
    {}

    bool send(const Message &message) { return writeAll(m_outputFd, encode(message)); }

    std::optional<int> handle(Message &message)
    {
        if (std::holds_alternative<ShutdownMessage>(message))
            return 0;
        if (auto *setup = std::get_if<SetupMessage>(&message))
            return handleSetup(*setup);
        if (auto *job = std::get_if<JobMessage>(&message))
            return handleJob(*job);
        return violation(std::string("unexpected '") + messageType(message) + "' message");
    }

    std::optional<int> violation(const std::string &what)
    {
        logLine("protocol error: " + what);
        return kProtocolFailure;
    }

private:
    std::optional<int> handleSetup(const SetupMessage &setup)
    {
        if (m_setUp)
            return violation("a second setup");
        const Status prepared = prepare(setup);
        if (!prepared) {
            logLine("setup failed: " + prepared.error().toString());
            if (!send(SetupFailedMessage{prepared.error().message, prepared.error().detail}))
                return kProtocolFailure;
            return std::nullopt; // wait for the supervisor's shutdown
        }
        m_setUp = true;
        return send(ReadyMessage{}) ? std::nullopt : std::optional<int>(kProtocolFailure);
    }

    Status prepare(const SetupMessage &setup)
    {
        // Neither may throw, but a worker that dies of an exception explains nothing.
        try {
            auto spec = m_parseSpec(setup.specDocument, setup.baseDirectory);
            if (!spec)
                return spec.error();
            return m_backend.prepare(*spec);
        } catch (const std::exception &error) {
            return makeError(EngineError::Code::Internal, "setup threw an exception", error.what());
        }
    }

    std::optional<int> handleJob(const JobMessage &job)
    {
        if (!m_setUp)
            return violation("a job before a successful setup");
        JobResultMessage answer{job.id, {}};
        std::string referenceFailure;
        if (m_backend.needsReference(job.sizeIndex)) {
            if (!send(ReferenceMessage{job.id, true}))
                return kProtocolFailure;
            referenceFailure = m_backend.prepareReference(job.sizeIndex);
            if (!send(ReferenceMessage{job.id, false}))
                return kProtocolFailure;
        }
        if (!referenceFailure.empty()) {
            answer.result.status = ResultStatus::ReferenceFailed;
            answer.result.message = std::move(referenceFailure);
        } else {
            answer.result = evaluate(job);
        }
        if (!send(answer))
            return kProtocolFailure;
        // A backend that cannot go on (a broken CUDA context) ends the worker after its answer;
        // the supervisor starts a fresh one.
        return m_backend.usable() ? std::nullopt : std::optional<int>(kBackendUnusable);
    }

    Result evaluate(const JobMessage &job)
    {
        try {
            return m_backend.evaluate(Configuration{job.values}, job.sizeIndex,
                                      job.stopAboveSeconds);
        } catch (const std::exception &error) {
            Result result;
            result.status = ResultStatus::RuntimeError;
            result.message = std::string("the backend threw an exception: ") + error.what();
            return result;
        }
    }

    KernelBackend &m_backend;
    const SpecParser &m_parseSpec;
    int m_outputFd;
    bool m_setUp = false;
};

// Handles every message the parser has; the exit code once one ends the loop.
std::optional<int> drain(StreamParser &parser, WorkerSession &session)
{
    while (auto item = parser.next()) {
        if (!*item) {
            logLine(item->error().toString()); // says "protocol error: ..." itself
            return kProtocolFailure;
        }
        if (auto exitCode = session.handle(item->value()))
            return exitCode;
    }
    return std::nullopt;
}

} // namespace

int runWorkerLoop(KernelBackend &backend, const SpecParser &parseSpec,
                  const WorkerIdentity &identity, int inputFd, int outputFd)
{
    WorkerSession session(backend, parseSpec, outputFd);
    const HelloMessage hello{kProtocolVersion,
                             identity.workerVersion,
                             std::string(toString(identity.role)),
                             static_cast<std::int64_t>(::getpid()),
                             hostName(),
                             identity.device,
                             identity.gpu};
    if (!session.send(hello))
        return kProtocolFailure;

    StreamParser parser;
    char buffer[64 * 1024];
    for (;;) {
        const ssize_t n = ::read(inputFd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            logLine(std::string("cannot read from the supervisor: ") + std::strerror(errno));
            return kProtocolFailure;
        }
        if (n == 0) {
            parser.finish(); // a partial frame at the end is a protocol error
            return drain(parser, session).value_or(0);
        }
        parser.feed(buffer, static_cast<std::size_t>(n));
        if (auto exitCode = drain(parser, session))
            return *exitCode;
    }
}

int claimProtocolOutput()
{
    std::fflush(stdout);
    const int protocolFd = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    if (protocolFd < 0)
        return -1;
    if (::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
        ::close(protocolFd);
        return -1;
    }
    return protocolFd;
}

} // namespace tb
