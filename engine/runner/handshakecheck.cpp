#include "handshakecheck.h"

#include "protocol/messagecodec.h"

#include <optional>

namespace tb::runner_detail {

Expected<Message> decodeFrame(const Expected<std::string> &frame)
{
    if (!frame)
        return frame.error();
    return decode(frame.value());
}

Expected<HelloMessage> checkHello(const Expected<std::string> &frame, WorkerRole expectedRole,
                                  const std::string &workerName)
{
    using Code = EngineError::Code;
    const Expected<Message> message = decodeFrame(frame);
    const auto *hello = message ? std::get_if<HelloMessage>(&message.value()) : nullptr;
    std::optional<int> version;
    if (hello)
        version = hello->protocol;
    else if (frame)
        version = peekProtocolVersion(frame.value());
    if (version && *version != kProtocolVersion)
        return makeError(Code::WorkerError,
                         workerName + " speaks protocol " + std::to_string(*version) +
                             ", this Tunebench speaks " + std::to_string(kProtocolVersion));
    if (!hello)
        return makeError(Code::ProtocolError, workerName + " sent an unreadable hello",
                         message ? std::string("expected 'hello', got '") +
                                       messageType(message.value()) + "'"
                                 : message.error().toString());
    // Compared as text: a role this Tunebench does not know is refused by name too.
    const std::string expected(toString(expectedRole));
    if (hello->role != expected)
        return makeError(Code::WorkerError, workerName + " has role '" + hello->role +
                                                "', expected '" + expected + "'");
    return *hello;
}

Status checkSetupAnswer(const Expected<Message> &answer, const std::string &who,
                        const std::string &workerName)
{
    if (answer && std::holds_alternative<ReadyMessage>(answer.value()))
        return ok();
    if (answer) {
        if (const auto *failed = std::get_if<SetupFailedMessage>(&answer.value()))
            return makeError(EngineError::Code::WorkerError,
                             who + " setup failed: " + failed->message, failed->detail);
    }
    return makeError(EngineError::Code::ProtocolError,
                     "protocol error: " + workerName + " broke the protocol in its setup",
                     answer ? std::string("expected 'ready' or 'setup_failed', got '") +
                                  messageType(answer.value()) + "'"
                            : answer.error().toString());
}

} // namespace tb::runner_detail
