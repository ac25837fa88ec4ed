#include "buildsupport.h"

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
                                          const Configuration &config)
{
    std::vector<std::string> defines;
    for (std::size_t i = 0; i < parameters.size() && i < config.values.size(); ++i)
        defines.push_back("-D" + parameters[i].name + "=" + formatValue(config.values[i]));
    return defines;
}

std::string firstErrorLine(const std::string &log)
{
    std::istringstream lines(log);
    std::string last;
    for (std::string line; std::getline(lines, line);) {
        if (line.find("error") != std::string::npos)
            return line;
        if (!line.empty())
            last = line;
    }
    return last;
}

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace tb
