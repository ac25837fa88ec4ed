#include "messagecodec.h"

#include "jsonfields.h"

#include <array>
#include <cmath>
#include <limits>
#include <utility>

namespace tb {

using protocol_detail::FieldReader;
using protocol_detail::Json;
using protocol_detail::numberToJson;

namespace {

constexpr std::array<std::pair<ProtocolFault, const char *>, 7> kFaultNames{{
    {ProtocolFault::Garbage, "garbage"},
    {ProtocolFault::NotAnObject, "not_an_object"},
    {ProtocolFault::UnknownType, "unknown_type"},
    {ProtocolFault::MissingField, "missing_field"},
    {ProtocolFault::WrongType, "wrong_type"},
    {ProtocolFault::OversizedFrame, "oversized_frame"},
    {ProtocolFault::Truncated, "truncated"},
}};

template <typename... F> struct Overloaded : F...
{
    using F::operator()...;
};
// Spelled out for clang 14 (the sanitizer builds), which deduces no aggregate's arguments.
template <typename... F> Overloaded(F...) -> Overloaded<F...>;

Json numbersToJson(const std::vector<double> &values)
{
    Json array = Json::array();
    for (double value : values)
        array.push_back(numberToJson(value));
    return array;
}

Json numberMapToJson(const std::map<std::string, double> &values)
{
    Json object = Json::object();
    for (const auto &[key, value] : values)
        object[key] = numberToJson(value);
    return object;
}

Json gpuToJson(const GpuIdentity &gpu)
{
    Json object{{"visibleDevice", gpu.visibleDevice},
                {"name", gpu.name},
                {"uuid", gpu.uuid},
                {"arch", gpu.arch}};
    if (gpu.peaks.flopsPerSecond)
        object["peakFlops"] = numberToJson(*gpu.peaks.flopsPerSecond);
    if (gpu.peaks.bytesPerSecond)
        object["peakBytesPerSecond"] = numberToJson(*gpu.peaks.bytesPerSecond);
    return object;
}

// A peak the worker computed from its driver's attributes (absent: unknown).
std::optional<double> readPeak(FieldReader &reader, const char *name)
{
    const double value = reader.numberOr(name, std::numeric_limits<double>::quiet_NaN());
    if (std::isnan(value)) // JSON has no NaN: the field is absent
        return std::nullopt;
    if (!std::isfinite(value) || value <= 0)
        reader.fail(ProtocolFault::WrongType, std::string("'") + name + "' must be positive");
    return value;
}

GpuIdentity readGpu(const Json &object, FieldReader &outer)
{
    GpuIdentity gpu;
    FieldReader reader(object, outer.where() + ".gpu");
    gpu.visibleDevice = reader.text("visibleDevice");
    gpu.name = reader.text("name");
    gpu.uuid = reader.text("uuid");
    gpu.arch = reader.text("arch");
    gpu.peaks.flopsPerSecond = readPeak(reader, "peakFlops");
    gpu.peaks.bytesPerSecond = readPeak(reader, "peakBytesPerSecond");
    if (gpu.peaks.flopsPerSecond)
        gpu.peaks.flopsSource = kPeakFromDevice;
    if (gpu.peaks.bytesPerSecond)
        gpu.peaks.bytesSource = kPeakFromDevice;
    outer.adopt(reader);
    return gpu;
}

Json resultToJson(const Result &result)
{
    const SampleSummary &s = result.summary;
    return Json{
        {"status", std::string(toString(result.status))},
        {"message", result.message},
        {"compilerLog", result.compilerLog},
        {"samples", numbersToJson(result.samples)},
        {"summary",
         {{"median", numberToJson(s.median)},
          {"min", numberToJson(s.min)},
          {"mean", numberToJson(s.mean)},
          {"stddev", numberToJson(s.stddev)},
          {"count", s.count},
          {"relativeHalfWidth", numberToJson(s.relativeHalfWidth)}}},
        {"timer", result.timer},
        {"compileSeconds", numberToJson(result.compileSeconds)},
        {"cachedBuild", result.cachedBuild},
        {"resources", numberMapToJson(result.resources)},
        {"metrics", numberMapToJson(result.metrics)},
    };
}

Json toJson(const Message &message)
{
    Json body =
        std::visit(Overloaded{
                       [](const HelloMessage &m) {
                           Json hello{{"protocol", m.protocol}, {"workerVersion", m.workerVersion},
                                      {"role", m.role},         {"pid", m.pid},
                                      {"host", m.host},         {"device", m.device}};
                           if (m.gpu != GpuIdentity{})
                               hello["gpu"] = gpuToJson(m.gpu);
                           return hello;
                       },
                       [](const SetupMessage &m) {
                           return Json{{"specDocument", m.specDocument},
                                       {"baseDirectory", m.baseDirectory},
                                       {"cacheDirectory", m.cacheDirectory}};
                       },
                       [](const SetupFailedMessage &m) {
                           return Json{{"message", m.message}, {"detail", m.detail}};
                       },
                       [](const JobMessage &m) {
                           Json job{{"id", m.id},
                                    {"values", numbersToJson(m.values)},
                                    {"sizeIndex", m.sizeIndex}};
                           if (m.stopAboveSeconds > 0)
                               job["stopAbove"] = m.stopAboveSeconds;
                           return job;
                       },
                       [](const JobResultMessage &m) {
                           return Json{{"id", m.id}, {"result", resultToJson(m.result)}};
                       },
                       [](const ReferenceMessage &m) {
                           return Json{{"id", m.id}, {"running", m.running}};
                       },
                       [](const auto &) { return Json::object(); },
                   },
                   message);
    body["type"] = messageType(message);
    return body;
}

Result readResult(const Json &object, FieldReader &outer)
{
    Result result;
    FieldReader reader(object, outer.where() + ".result");
    const std::string status = reader.text("status");
    if (const auto parsed = resultStatusFromString(status))
        result.status = *parsed;
    else if (!reader.error())
        reader.fail(ProtocolFault::WrongType, "unknown status '" + status + "' in result");
    result.message = reader.text("message");
    result.compilerLog = reader.text("compilerLog");
    result.samples = reader.numbers("samples");
    if (const Json *summary = reader.object("summary")) {
        FieldReader s(*summary, reader.where() + ".summary");
        result.summary.median = s.number("median");
        result.summary.min = s.number("min");
        result.summary.mean = s.number("mean");
        result.summary.stddev = s.number("stddev");
        const auto count = s.integer("count");
        if (count < 0 || count > std::numeric_limits<int>::max())
            s.fail(ProtocolFault::WrongType, "'count' in summary is out of range");
        result.summary.count = static_cast<int>(count);
        result.summary.relativeHalfWidth = s.number("relativeHalfWidth");
        reader.adopt(s);
    }
    result.timer = reader.text("timer");
    result.compileSeconds = reader.number("compileSeconds");
    result.cachedBuild = reader.boolean("cachedBuild");
    result.resources = reader.numberMap("resources");
    result.metrics = reader.numberMap("metrics");
    outer.adopt(reader);
    return result;
}

Message readMessage(const std::string &type, FieldReader &reader)
{
    if (type == "hello") {
        HelloMessage m;
        const auto protocol = reader.integer("protocol");
        if (protocol < std::numeric_limits<int>::min() ||
            protocol > std::numeric_limits<int>::max())
            reader.fail(ProtocolFault::WrongType, "'protocol' in hello is out of range");
        m.protocol = static_cast<int>(protocol);
        m.workerVersion = reader.text("workerVersion");
        m.role = reader.text("role");
        m.pid = reader.integer("pid");
        m.host = reader.text("host");
        m.device = reader.text("device");
        if (const Json *gpu = reader.optionalObject("gpu"))
            m.gpu = readGpu(*gpu, reader);
        return m;
    }
    if (type == "setup") {
        return SetupMessage{reader.text("specDocument"), reader.text("baseDirectory"),
                            reader.text("cacheDirectory")};
    }
    if (type == "ready")
        return ReadyMessage{};
    if (type == "setup_failed")
        return SetupFailedMessage{reader.text("message"), reader.text("detail")};
    if (type == "job") {
        JobMessage m;
        m.id = reader.unsignedInteger("id");
        m.values = reader.numbers("values");
        m.sizeIndex = reader.unsignedInteger("sizeIndex");
        m.stopAboveSeconds = reader.numberOr("stopAbove", 0);
        if (!(m.stopAboveSeconds >= 0) || !std::isfinite(m.stopAboveSeconds))
            reader.fail(ProtocolFault::WrongType,
                        "'stopAbove' in job must be a finite number of seconds, 0 or more");
        return m;
    }
    if (type == "job_result") {
        JobResultMessage m;
        m.id = reader.unsignedInteger("id");
        if (const Json *result = reader.object("result"))
            m.result = readResult(*result, reader);
        return m;
    }
    if (type == "reference")
        return ReferenceMessage{reader.unsignedInteger("id"), reader.boolean("running")};
    return ShutdownMessage{}; // the caller checked that the type is known
}

bool isKnownType(const std::string &type)
{
    for (const char *known : {"hello", "setup", "ready", "setup_failed", "job", "job_result",
                              "reference", "shutdown"}) {
        if (type == known)
            return true;
    }
    return false;
}

// Parses without letting a library exception out; the parser's text explains garbage.
Expected<Json> parseJson(std::string_view frame)
{
    try {
        return Json::parse(frame);
    } catch (const Json::exception &error) {
        return makeProtocolError(ProtocolFault::Garbage, "protocol error: a frame is not JSON",
                                 error.what());
    } catch (const std::exception &error) {
        return makeProtocolError(ProtocolFault::Garbage, "protocol error: a frame is not JSON",
                                 error.what());
    }
}

} // namespace

const char *toString(ProtocolFault fault)
{
    for (const auto &[value, name] : kFaultNames) {
        if (value == fault)
            return name;
    }
    return "none";
}

ProtocolFault protocolFault(const EngineError &error)
{
    if (error.code != EngineError::Code::ProtocolError)
        return ProtocolFault::None;
    const std::string_view detail = error.detail;
    for (const auto &[value, name] : kFaultNames) {
        const std::string_view prefix = name;
        if (detail.substr(0, prefix.size()) == prefix &&
            (detail.size() == prefix.size() || detail[prefix.size()] == ':'))
            return value;
    }
    return ProtocolFault::None;
}

EngineError makeProtocolError(ProtocolFault fault, std::string message, std::string specifics)
{
    std::string detail = toString(fault);
    if (!specifics.empty())
        detail += ": " + specifics;
    return makeError(EngineError::Code::ProtocolError, std::move(message), std::move(detail));
}

const char *messageType(const Message &message)
{
    return std::visit(Overloaded{
                          [](const HelloMessage &) { return "hello"; },
                          [](const SetupMessage &) { return "setup"; },
                          [](const ReadyMessage &) { return "ready"; },
                          [](const SetupFailedMessage &) { return "setup_failed"; },
                          [](const JobMessage &) { return "job"; },
                          [](const JobResultMessage &) { return "job_result"; },
                          [](const ReferenceMessage &) { return "reference"; },
                          [](const ShutdownMessage &) { return "shutdown"; },
                      },
                      message);
}

std::string encode(const Message &message)
{
    std::string frame = toJson(message).dump(-1, ' ', false, Json::error_handler_t::replace);
    frame += '\n';
    return frame;
}

Expected<Message> decode(std::string_view frame)
{
    auto json = parseJson(frame);
    if (!json)
        return json.error();
    if (!json->is_object()) {
        return makeProtocolError(ProtocolFault::NotAnObject,
                                 "protocol error: a frame is not a JSON object",
                                 std::string("got ") + json->type_name());
    }
    const auto type = json->find("type");
    if (type == json->end() || !type->is_string()) {
        return makeProtocolError(ProtocolFault::UnknownType,
                                 "protocol error: a frame has no message type",
                                 "'type' must be a string");
    }
    const std::string &name = type->get_ref<const std::string &>();
    if (!isKnownType(name)) {
        return makeProtocolError(ProtocolFault::UnknownType,
                                 "protocol error: unknown message type '" + name + "'", "");
    }
    FieldReader reader(*json, name);
    Message message = readMessage(name, reader);
    if (reader.error())
        return *reader.error();
    return message;
}

std::optional<int> peekProtocolVersion(std::string_view frame)
{
    auto json = parseJson(frame);
    if (!json || !json->is_object())
        return std::nullopt;
    const auto protocol = json->find("protocol");
    if (protocol == json->end() || !protocol->is_number_integer())
        return std::nullopt;
    FieldReader reader(*json, "hello");
    const auto value = reader.integer("protocol");
    if (reader.error() || value < std::numeric_limits<int>::min() ||
        value > std::numeric_limits<int>::max())
        return std::nullopt;
    return static_cast<int>(value);
}

} // namespace tb
