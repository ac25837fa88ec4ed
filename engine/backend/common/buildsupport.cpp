#include "buildsupport.h"

#include "sourcenames.h"

#include "model/gpusettingparameters.h"

#include <cctype>
#include <regex>
#include <set>
#include <sstream>

namespace tb {

std::string parameterCountMismatch(const std::vector<Parameter> &parameters,
                                   const Configuration &config)
{
    if (config.values.size() == parameters.size())
        return {};
    return "the configuration has " + std::to_string(config.values.size()) + " values for " +
           std::to_string(parameters.size()) + " parameters";
}

std::vector<std::string> parameterDefines(const std::vector<Parameter> &parameters,
                                          const Configuration &config, const std::string &source)
{
    const std::set<std::string> templated = templateParameterNames(source);
    std::vector<std::string> defines;
    for (std::size_t i = 0; i < parameters.size() && i < config.values.size(); ++i) {
        const std::string &name = parameters[i].name;
        if (isGpuSettingParameter(name))
            continue; // the bench worker's, not the kernel's: one build serves every clock
        const std::string macro =
            templated.contains(name) ? kTemplateParameterMacroPrefix + name : name;
        defines.push_back("-D" + macro + "=" + formatValue(config.values[i]));
    }
    return defines;
}

namespace {

bool isIdentifierChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

} // namespace

std::string entryInstantiation(const std::string &entry, const std::vector<Parameter> &parameters,
                               const Configuration &config)
{
    std::string result;
    for (std::size_t i = 0; i < entry.size();) {
        if (!isIdentifierChar(entry[i])) {
            result += entry[i++];
            continue;
        }
        std::size_t end = i;
        while (end < entry.size() && isIdentifierChar(entry[end]))
            ++end;
        const std::string word = entry.substr(i, end - i);
        std::string replacement = word;
        for (std::size_t p = 0; p < parameters.size() && p < config.values.size(); ++p)
            if (parameters[p].name == word)
                replacement = formatValue(config.values[p]);
        result += replacement;
        i = end;
    }
    return result;
}

std::string defineCollisionNote(const std::vector<Parameter> &parameters,
                                const Configuration &config, const std::string &source)
{
    const std::set<std::string> templated = templateParameterNames(source);
    std::string note;
    for (std::size_t i = 0; i < parameters.size() && i < config.values.size(); ++i) {
        const std::string &name = parameters[i].name;
        if (templated.contains(name))
            continue;
        const auto line = declarationLine(source, name);
        if (!line)
            continue;
        note += (note.empty() ? "" : "; ") + std::string("the spec's parameter ") + name +
                " is passed as -D" + name + "=" + formatValue(config.values[i]) +
                ", which rewrites the name " + name + " declared at line " + std::to_string(*line) +
                " of the kernel: rename one of them";
    }
    return note;
}

std::string withDefineCollisionNote(std::string message, const std::vector<Parameter> &parameters,
                                    const Configuration &config, const std::string &source)
{
    if (const std::string note = defineCollisionNote(parameters, config, source); !note.empty())
        message += " (" + note + ")";
    return message;
}

std::string firstErrorLine(const std::string &log)
{
    // "file:line:col: error: ..." (gcc, clang; "fatal error" too), "file(line): error: ..."
    // (NVRTC; "catastrophic error" too). Matched on the diagnostic, not on the word "error"
    // anywhere: a file named compile_error.c puts it into every line the compiler prints.
    static const std::regex located(R"(^.*(:\d+(:\d+)?|\(\d+\)): ([a-z]+ )?error: .*$)");
    static const std::regex word(R"(\berror\b)", std::regex::icase);
    std::istringstream lines(log);
    std::string firstWithWord;
    std::string last;
    for (std::string line; std::getline(lines, line);) {
        if (std::regex_match(line, located))
            return line;
        if (firstWithWord.empty() && std::regex_search(line, word))
            firstWithWord = line;
        if (!line.empty())
            last = line;
    }
    return firstWithWord.empty() ? last : firstWithWord;
}

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace tb
