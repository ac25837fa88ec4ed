#pragma once

#include "model/expected.h"

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace tb {

// Named option values for a strategy, as a spec or the command line gives them.
using StrategyOptions = std::map<std::string, double>;

// One option a strategy takes: what a GUI, the CLI's help and the docs show.
struct StrategyOptionDescription
{
    std::string name;
    double defaultValue = 0;
    std::string help; // one line
    double minimum = 0;
    double maximum = 0;
    bool integer = false;
};

// One field of a strategy's options struct bound to its option name; made by optionField().
template <typename Options> struct OptionField
{
    std::string name;
    std::string help;
    double minimum;
    double maximum;
    bool integer;
    std::function<double(const Options &)> get;
    std::function<void(Options &, double)> set;
};

template <typename Options>
OptionField<Options> optionField(std::string name, std::string help, double minimum, double maximum,
                                 double Options::*member)
{
    return {std::move(name),
            std::move(help),
            minimum,
            maximum,
            false,
            [member](const Options &options) { return options.*member; },
            [member](Options &options, double value) { options.*member = value; }};
}

template <typename Options>
OptionField<Options> optionField(std::string name, std::string help, double minimum, double maximum,
                                 int Options::*member)
{
    return {
        std::move(name),
        std::move(help),
        minimum,
        maximum,
        true,
        [member](const Options &options) { return static_cast<double>(options.*member); },
        [member](Options &options, double value) { options.*member = static_cast<int>(value); }};
}

namespace optiondetail {

EngineError badOption(const std::string &strategy, const std::string &option,
                      const std::string &why, const std::string &detail);
std::string knownOptionList(const std::vector<std::string> &names);
// Empty when `value` fits the bounds (and is whole where `integer`); else why not.
std::string checkValue(double value, double minimum, double maximum, bool integer);

} // namespace optiondetail

template <typename Options> std::vector<StrategyOptionDescription> describeOptions()
{
    const Options defaults;
    std::vector<StrategyOptionDescription> descriptions;
    for (const auto &field : Options::fields()) {
        StrategyOptionDescription description;
        description.name = field.name;
        description.help = field.help;
        description.minimum = field.minimum;
        description.maximum = field.maximum;
        description.integer = field.integer;
        description.defaultValue = field.get(defaults);
        descriptions.push_back(std::move(description));
    }
    return descriptions;
}

// The options struct with the given values over its defaults; InvalidArgument naming the option
// and `strategy` when an option is unknown or its value is out of range.
template <typename Options>
Expected<Options> parseOptions(const std::string &strategy, const StrategyOptions &values)
{
    Options options;
    const auto fields = Options::fields();
    std::vector<std::string> known;
    for (const auto &field : fields)
        known.push_back(field.name);
    // Not a structured binding: clang 14 cannot capture one in a lambda.
    for (const auto &entry : values) {
        const std::string &name = entry.first;
        const double value = entry.second;
        auto field = std::find_if(fields.begin(), fields.end(),
                                  [&](const auto &candidate) { return candidate.name == name; });
        if (field == fields.end())
            return optiondetail::badOption(strategy, name, "unknown option",
                                           optiondetail::knownOptionList(known));
        const auto why =
            optiondetail::checkValue(value, field->minimum, field->maximum, field->integer);
        if (!why.empty())
            return optiondetail::badOption(strategy, name, why, field->help);
        field->set(options, value);
    }
    return options;
}

// For the strategies that take no options: any given is refused.
Status refuseOptions(const std::string &strategy, const StrategyOptions &values);

} // namespace tb
