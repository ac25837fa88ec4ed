#include "jsonreader.h"

#include "model/parameter.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tb {

namespace {

// Edits (insert, delete, replace, swap two neighbours) between two short keys.
std::size_t editDistance(std::string_view a, std::string_view b)
{
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i)
        d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j)
        d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[a.size()][b.size()];
}

// "sourec" -> " (did you mean 'source'?)": typos are the usual reason for an unknown key.
std::string suggestion(std::string_view key, std::span<const std::string_view> known)
{
    std::string_view best;
    std::size_t bestDistance = 3;
    for (auto candidate : known) {
        const std::size_t distance = editDistance(key, candidate);
        if (distance < bestDistance && distance < candidate.size()) {
            best = candidate;
            bestDistance = distance;
        }
    }
    return best.empty() ? std::string() : " (did you mean '" + std::string(best) + "'?)";
}

// Reads member `key` with `read` when present; reports it missing when required.
template <typename Read>
auto readMember(JsonReader &reader, const Json &object, const std::string &path,
                std::string_view key, JsonReader::Need need, Read read)
    -> decltype(read(object, path))
{
    const Json *value = reader.member(object, path, key, need);
    if (!value)
        return std::nullopt;
    return read(*value, JsonReader::child(path, key));
}

} // namespace

void JsonReader::report(const std::string &path, std::string message)
{
    m_issues.push_back({path, std::move(message)});
}

bool JsonReader::hasIssueUnder(const std::string &path) const
{
    return std::any_of(m_issues.begin(), m_issues.end(), [&](const SpecIssue &issue) {
        return issue.path == path || issue.path.starts_with(path + "/");
    });
}

std::string JsonReader::child(const std::string &path, std::string_view key)
{
    std::string escaped; // RFC 6901: '~' -> "~0", '/' -> "~1"
    for (char c : key) {
        if (c == '~')
            escaped += "~0";
        else if (c == '/')
            escaped += "~1";
        else
            escaped += c;
    }
    return path + "/" + escaped;
}

std::string JsonReader::child(const std::string &path, std::size_t index)
{
    return path + "/" + std::to_string(index);
}

void JsonReader::wrongType(const Json &value, const std::string &path, std::string_view expected)
{
    std::string got = value.type_name();
    if (value.is_number())
        got = value.dump(); // "expected an integer, got 2.5" says more than "got number"
    report(path, "expected " + std::string(expected) + ", got " + got);
}

bool JsonReader::object(const Json &value, const std::string &path,
                        std::span<const std::string_view> known)
{
    if (!value.is_object()) {
        wrongType(value, path, "an object");
        return false;
    }
    for (const auto &[key, member] : value.items()) {
        if (std::find(known.begin(), known.end(), key) == known.end())
            report(child(path, key), "unknown key '" + key + "'" + suggestion(key, known));
    }
    return true;
}

bool JsonReader::array(const Json &value, const std::string &path, std::string_view what)
{
    if (value.is_array())
        return true;
    wrongType(value, path, "an array of " + std::string(what));
    return false;
}

const Json *JsonReader::member(const Json &object, const std::string &path, std::string_view key,
                               Need need)
{
    if (object.is_object()) {
        auto it = object.find(key);
        if (it != object.end())
            return &*it;
    }
    if (need == Need::Required)
        report(child(path, key), "missing field '" + std::string(key) + "'");
    return nullptr;
}

std::optional<std::string> JsonReader::text(const Json &value, const std::string &path)
{
    if (!value.is_string()) {
        wrongType(value, path, "a string");
        return std::nullopt;
    }
    auto result = value.get<std::string>();
    if (result.find_first_not_of(" \t\r\n") == std::string::npos) {
        report(path, "must not be empty");
        return std::nullopt;
    }
    return result;
}

std::optional<double> JsonReader::number(const Json &value, const std::string &path)
{
    if (!value.is_number()) {
        wrongType(value, path, "a number");
        return std::nullopt;
    }
    return value.get<double>(); // JSON has no NaN or infinity: always finite
}

std::optional<std::int64_t> JsonReader::integer(const Json &value, const std::string &path)
{
    if (value.is_number_integer()) {
        if (value.is_number_unsigned() &&
            value.get<std::uint64_t>() >
                static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
            report(path, "integer out of range");
            return std::nullopt;
        }
        return value.get<std::int64_t>();
    }
    // 5.0 is a whole number written with a fraction: accept it.
    if (value.is_number_float()) {
        const double x = value.get<double>();
        if (std::nearbyint(x) == x && std::fabs(x) < 9.0e15)
            return static_cast<std::int64_t>(x);
    }
    wrongType(value, path, "an integer");
    return std::nullopt;
}

std::optional<std::uint64_t> JsonReader::unsignedInteger(const Json &value, const std::string &path)
{
    if (value.is_number_unsigned())
        return value.get<std::uint64_t>();
    auto signedValue = integer(value, path);
    if (!signedValue)
        return std::nullopt;
    if (*signedValue < 0) {
        report(path, "must not be negative");
        return std::nullopt;
    }
    return static_cast<std::uint64_t>(*signedValue);
}

std::optional<bool> JsonReader::boolean(const Json &value, const std::string &path)
{
    if (!value.is_boolean()) {
        wrongType(value, path, "a boolean");
        return std::nullopt;
    }
    return value.get<bool>();
}

std::optional<std::string> JsonReader::expression(const Json &value, const std::string &path)
{
    if (value.is_number())
        return formatValue(value.get<double>());
    if (!value.is_string()) {
        wrongType(value, path, "an expression (a string)");
        return std::nullopt;
    }
    return text(value, path);
}

std::optional<std::string> JsonReader::text(const Json &object, const std::string &path,
                                            std::string_view key, Need need)
{
    return readMember(*this, object, path, key, need,
                      [this](const Json &v, const std::string &p) { return text(v, p); });
}

std::optional<double> JsonReader::number(const Json &object, const std::string &path,
                                         std::string_view key, Need need)
{
    return readMember(*this, object, path, key, need,
                      [this](const Json &v, const std::string &p) { return number(v, p); });
}

std::optional<std::int64_t> JsonReader::integer(const Json &object, const std::string &path,
                                                std::string_view key, Need need)
{
    return readMember(*this, object, path, key, need,
                      [this](const Json &v, const std::string &p) { return integer(v, p); });
}

std::optional<std::uint64_t> JsonReader::unsignedInteger(const Json &object,
                                                         const std::string &path,
                                                         std::string_view key, Need need)
{
    return readMember(*this, object, path, key, need, [this](const Json &v, const std::string &p) {
        return unsignedInteger(v, p);
    });
}

std::optional<bool> JsonReader::boolean(const Json &object, const std::string &path,
                                        std::string_view key, Need need)
{
    return readMember(*this, object, path, key, need,
                      [this](const Json &v, const std::string &p) { return boolean(v, p); });
}

std::optional<std::string> JsonReader::expression(const Json &object, const std::string &path,
                                                  std::string_view key, Need need)
{
    return readMember(*this, object, path, key, need,
                      [this](const Json &v, const std::string &p) { return expression(v, p); });
}

bool JsonReader::isIdentifier(std::string_view name)
{
    auto isAlpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
    if (name.empty() || !(isAlpha(name[0]) || name[0] == '_'))
        return false;
    return std::all_of(name.begin(), name.end(),
                       [&](char c) { return isAlpha(c) || isDigit(c) || c == '_'; });
}

} // namespace tb
