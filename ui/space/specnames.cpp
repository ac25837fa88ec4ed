#include "specnames.h"

#include "space/expression.h"
#include "space/variables.h"

namespace tb::specnames {

namespace {

QStringList namesOf(const SpecJson &spec, const char *section)
{
    QStringList names;
    const auto it = spec.find(section);
    if (it == spec.end() || !it->is_array())
        return names;
    for (const auto &item : *it) {
        if (item.is_object() && item.contains("name") && item["name"].is_string())
            names << QString::fromStdString(item["name"].get<std::string>());
    }
    return names;
}

} // namespace

QStringList parameters(const SpecJson &spec)
{
    return namesOf(spec, "parameters");
}

QStringList sizes(const SpecJson &spec)
{
    QStringList names;
    const auto it = spec.find("problem_sizes");
    if (it == spec.end() || !it->is_array() || it->empty() || !it->front().is_object())
        return names;
    for (const auto &[name, value] : it->front().items())
        names << QString::fromStdString(name);
    return names;
}

QStringList metrics(const SpecJson &spec)
{
    return namesOf(spec, "metrics");
}

QStringList arguments(const SpecJson &spec)
{
    return namesOf(spec, "arguments");
}

std::vector<std::string> expressionNames(const SpecJson &spec, bool withTime)
{
    std::vector<std::string> names;
    for (const auto &name : parameters(spec) + sizes(spec))
        names.push_back(name.toStdString());
    if (withTime) {
        names.push_back(kTimeVariable);
        names.push_back(kEnergyVariable);
    }
    return names;
}

QString checkExpression(const QString &text, const std::vector<std::string> &names)
{
    auto compiled = Expression::compile(text.toStdString(), names);
    return compiled ? QString() : QString::fromStdString(compiled.error().toString());
}

} // namespace tb::specnames
