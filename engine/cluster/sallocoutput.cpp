#include "sallocoutput.h"

#include <algorithm>
#include <cctype>
#include <regex>

namespace tb {

namespace {

std::string lowered(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

bool mentions(const std::string &text, const char *word)
{
    return text.find(word) != std::string::npos;
}

// salloc's error lines, or its last lines when none says "error".
std::string sallocsWords(const std::vector<std::string> &output)
{
    std::string words;
    for (const auto &line : output) {
        if (mentions(lowered(line), "error") || mentions(lowered(line), "unrecognized"))
            words += (words.empty() ? "" : "; ") + line;
    }
    if (!words.empty())
        return words;
    const std::size_t first = output.size() > 3 ? output.size() - 3 : 0;
    for (std::size_t i = first; i < output.size(); ++i)
        words += (words.empty() ? "" : "; ") + output[i];
    return words.empty() ? "it said nothing" : words;
}

std::string setting(const std::string &name, const std::string &value)
{
    return name + (value.empty() ? " (not given: the site's default)" : " '" + value + "'");
}

// The setting salloc's complaint is about, in the request's words; "" when none is named.
std::string settingComplainedOf(const SallocRequest &request, const std::string &words)
{
    const std::string text = lowered(words);
    // "Invalid account or account/partition combination specified" is about the account.
    if (mentions(text, "account"))
        return setting(request.wording.account, request.account);
    if (mentions(text, "partition"))
        return setting(request.wording.partition, request.partition);
    if (mentions(text, "time limit") || mentions(text, "--time") || mentions(text, "time spec"))
        return setting(request.wording.timeLimit, request.timeLimit);
    if (!request.extraArguments.empty() &&
        (mentions(text, "unrecognized option") || mentions(text, "invalid option")))
        return request.wording.arguments;
    return "";
}

} // namespace

SallocLine readSallocLine(const std::string &line)
{
    static const std::regex pending(R"(Pending job allocation (\d+))");
    static const std::regex queued(R"(job (\d+) queued and waiting for resources)");
    static const std::regex granted(R"(Granted job allocation (\d+))");
    static const std::regex revoked(R"(Job allocation (\d+) has been revoked)");
    std::smatch match;
    const std::pair<const std::regex *, SallocLine::Kind> kinds[] = {
        {&pending, SallocLine::Kind::Pending},
        {&queued, SallocLine::Kind::Queued},
        {&granted, SallocLine::Kind::Granted},
        {&revoked, SallocLine::Kind::Revoked},
    };
    for (const auto &[pattern, kind] : kinds) {
        if (std::regex_search(line, match, *pattern))
            return SallocLine{kind, match[1].str()};
    }
    return {};
}

EngineError sallocRefusal(const SallocRequest &request, const std::vector<std::string> &output,
                          int exitCode)
{
    const std::string words = sallocsWords(output);
    const std::string named = settingComplainedOf(request, words);
    if (!named.empty())
        return makeError(EngineError::Code::InvalidArgument,
                         "Slurm refused the allocation: check " + named, "salloc said: " + words);
    return makeError(EngineError::Code::WorkerError,
                     "salloc got no allocation (exit status " + std::to_string(exitCode) + ")",
                     "salloc said: " + words);
}

} // namespace tb
