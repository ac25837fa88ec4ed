#include "capturesettings.h"

#include <charconv>
#include <cstdlib>

namespace tb {

namespace {

std::optional<std::uint64_t> positiveNumber(const char *text)
{
    std::uint64_t value = 0;
    const char *end = text + std::char_traits<char>::length(text);
    const auto [stop, error] = std::from_chars(text, end, value);
    if (error != std::errc() || stop != end || value == 0)
        return std::nullopt;
    return value;
}

} // namespace

std::optional<CaptureSettings> CaptureSettings::fromEnvironment(std::string *why)
{
    CaptureSettings settings;
    const char *directory = std::getenv(captureenv::kDirectory);
    if (!directory || !*directory) {
        *why = std::string(captureenv::kDirectory) + " is not set: run the application " +
               "through tunebench-capture";
        return std::nullopt;
    }
    settings.directory = directory;
    if (const char *pattern = std::getenv(captureenv::kKernel); pattern && *pattern) {
        try {
            settings.kernel = std::regex(pattern, std::regex::ECMAScript);
            settings.kernelPattern = pattern;
        } catch (const std::regex_error &error) {
            *why = std::string("the kernel pattern '") + pattern +
                   "' is no regular expression: " + error.what();
            return std::nullopt;
        }
    }
    for (const auto &[name, target] :
         {std::pair{captureenv::kLaunches, &settings.launchesPerKernel},
          std::pair{captureenv::kMaxBytes, &settings.maxBytesPerPointer}}) {
        const char *text = std::getenv(name);
        if (!text || !*text)
            continue;
        const auto value = positiveNumber(text);
        if (!value) {
            *why = std::string(name) + " must be a whole number above 0, not '" + text + "'";
            return std::nullopt;
        }
        *target = *value;
    }
    return settings;
}

} // namespace tb
