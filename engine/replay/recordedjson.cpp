#include "recordedjson.h"

#include "replay/compressedfile.h"
#include "replay/configurationhash.h"

#include <cmath>
#include <unordered_map>

namespace tb::replay_detail {

namespace {

// nlohmann's "[json.exception.parse_error.101] " tag says nothing to a user.
std::string withoutExceptionTag(std::string text)
{
    const auto end = text.find("] ");
    if (text.starts_with("[json.exception") && end != std::string::npos)
        text.erase(0, end + 2);
    return text;
}

} // namespace

Expected<RecordedJson> loadRecordedJson(const std::string &path)
{
    auto text = readPlainOrGzipFile(path);
    if (!text)
        return text.error();
    try {
        return RecordedJson::parse(*text);
    } catch (const nlohmann::json::parse_error &error) {
        return makeError(EngineError::Code::InvalidArgument, path + ": invalid JSON at byte " +
                                                                 std::to_string(error.byte) + ": " +
                                                                 withoutExceptionTag(error.what()));
    } catch (const nlohmann::json::exception &error) {
        // Valid syntax the parser still refuses, such as a number beyond a double (1e999).
        return makeError(EngineError::Code::InvalidArgument,
                         path + ": invalid JSON: " + withoutExceptionTag(error.what()));
    }
}

std::optional<double> numberOf(const RecordedJson &value)
{
    if (!value.is_number())
        return std::nullopt;
    const double number = value.get<double>();
    if (!std::isfinite(number))
        return std::nullopt;
    return number;
}

std::string shortText(const RecordedJson &value)
{
    constexpr std::size_t kLimit = 40;
    std::string text = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (text.size() > kLimit)
        text = text.substr(0, kLimit) + "...";
    return text;
}

std::string nonNumericParameter(const std::string &name, const RecordedJson &value)
{
    return "parameter '" + name + "' has the value " + shortText(value) +
           ", which is not a number (Tunebench's parameter values are numeric)";
}

Status checkDistinct(const RecordedSpace &space, const std::string &path,
                     const std::vector<std::string> &entryNames)
{
    std::unordered_map<Configuration, std::size_t, ConfigurationHash> seen;
    seen.reserve(space.configurations.size());
    for (std::size_t i = 0; i < space.configurations.size(); ++i) {
        const auto [it, inserted] = seen.emplace(space.configurations[i].configuration, i);
        if (!inserted)
            return contentError(path, entryNames[i],
                                "records the same configuration as " + entryNames[it->second]);
    }
    return ok();
}

EngineError contentError(const std::string &path, const std::string &where, const std::string &what)
{
    const std::string prefix = where.empty() ? path : path + ": " + where;
    return makeError(EngineError::Code::InvalidArgument, prefix + ": " + what);
}

} // namespace tb::replay_detail
