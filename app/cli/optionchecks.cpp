#include "optionchecks.h"

#include <charconv>
#include <cmath>
#include <optional>
#include <string>

namespace tb {

namespace {

std::optional<double> parseNumber(const std::string &text)
{
    double value = 0;
    const char *end = text.data() + text.size();
    const auto [at, error] = std::from_chars(text.data(), end, value);
    if (error != std::errc() || at != end || !std::isfinite(value))
        return std::nullopt;
    return value;
}

} // namespace

CLI::Validator wholeNumberAtLeast(long long minimum)
{
    const std::string need =
        "needs a whole number of " + std::to_string(minimum) + " or more, got ";
    return CLI::Validator(
        [need, minimum](std::string &text) -> std::string {
            long long value = 0;
            const char *end = text.data() + text.size();
            const auto [at, error] = std::from_chars(text.data(), end, value);
            if (error != std::errc() || at != end || value < minimum)
                return need + "'" + text + "'";
            return {};
        },
        "INTEGER>=" + std::to_string(minimum));
}

CLI::Validator positiveSeconds()
{
    return CLI::Validator(
        [](std::string &text) -> std::string {
            const auto value = parseNumber(text);
            if (!value || *value <= 0)
                return "needs a number of seconds above 0, got '" + text + "'";
            return {};
        },
        "SECONDS>0");
}

CLI::Validator percentage()
{
    return CLI::Validator(
        [](std::string &text) -> std::string {
            const auto value = parseNumber(text);
            if (!value || *value < 0 || *value > 100)
                return "needs a percentage from 0 to 100, got '" + text + "'";
            return {};
        },
        "PERCENT");
}

CLI::Validator nonNegativePercentage()
{
    return CLI::Validator(
        [](std::string &text) -> std::string {
            const auto value = parseNumber(text);
            if (!value || *value < 0)
                return "needs a percentage of 0 or more, got '" + text + "'";
            return {};
        },
        "PERCENT>=0");
}

} // namespace tb
