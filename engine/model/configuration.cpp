#include "configuration.h"

#include "parameter.h"

#include <cassert>

namespace tb {

std::string Configuration::key(const std::vector<Parameter> &parameters) const
{
    assert(parameters.size() == values.size());
    std::string text;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i > 0)
            text += ',';
        text += parameters[i].name;
        text += '=';
        text += formatValue(values[i]);
    }
    return text;
}

} // namespace tb
