#include "strategyoptions.h"

#include "model/parameter.h"

#include <cmath>

namespace tb {

namespace optiondetail {

EngineError badOption(const std::string &strategy, const std::string &option,
                      const std::string &why, const std::string &detail)
{
    return makeError(EngineError::Code::InvalidArgument,
                     "option '" + option + "' of strategy '" + strategy + "': " + why, detail);
}

std::string knownOptionList(const std::vector<std::string> &names)
{
    if (names.empty())
        return "it takes no options";
    std::string list;
    for (const auto &name : names)
        list += (list.empty() ? "" : ", ") + name;
    return "known options: " + list;
}

std::string checkValue(double value, double minimum, double maximum, bool integer)
{
    if (!std::isfinite(value))
        return "not a finite number";
    if (value < minimum || value > maximum)
        return formatValue(value) + " is outside [" + formatValue(minimum) + ", " +
               formatValue(maximum) + "]";
    if (integer && value != std::floor(value))
        return formatValue(value) + " is not a whole number";
    return {};
}

} // namespace optiondetail

Status refuseOptions(const std::string &strategy, const StrategyOptions &values)
{
    if (values.empty())
        return ok();
    return optiondetail::badOption(strategy, values.begin()->first, "unknown option",
                                   optiondetail::knownOptionList({}));
}

} // namespace tb
