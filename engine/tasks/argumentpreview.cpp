#include "argumentpreview.h"

#include "backend/common/argumentcontents.h"
#include "backend/common/argumentexpressions.h"
#include "backend/common/hostbuffer.h"
#include "data/datafilename.h"
#include "model/parameter.h"
#include "space/searchspace.h"
#include "space/variables.h"

#include <algorithm>

namespace tb {

namespace {

EngineError previewError(const Argument &argument, const std::string &problem)
{
    return makeError(EngineError::Code::InvalidArgument,
                     "argument '" + argument.name + "': " + problem);
}

// The configuration whose sizes and values stand for the size's, as the spec's checks take it.
Expected<Configuration> standIn(const Spec &spec, std::size_t sizeIndex)
{
    if (spec.verification.reference)
        return Configuration{*spec.verification.reference};
    auto first = SearchSpace::findFirst(spec, sizeIndex);
    if (!first)
        return first.error();
    if (!*first)
        return makeError(EngineError::Code::InvalidArgument,
                         "no configuration is valid for problem size " + std::to_string(sizeIndex));
    return **first;
}

std::string sourceText(const Spec &spec, const Argument &argument, std::size_t sizeIndex)
{
    const BufferInit &init = argument.init;
    switch (init.kind) {
    case BufferInit::Kind::Zero:
        return "zero";
    case BufferInit::Kind::Constant:
        return "constant " + formatValue(init.value);
    case BufferInit::Kind::Random:
        return "random in [" + formatValue(init.min) + ", " + formatValue(init.max) + "), seed " +
               std::to_string(init.seed);
    case BufferInit::Kind::Sequence:
        return "sequence from " + formatValue(init.start) + ", step " + formatValue(init.step);
    case BufferInit::Kind::File: {
        auto path = DataFileName::resolve(init.file, spec, sizeIndex);
        return "file " + (path ? *path : init.file);
    }
    case BufferInit::Kind::Expression:
        return "expression " + init.expression;
    }
    return {};
}

// The first `wanted` elements as the backends fill them: the random and expression inits
// give the same first elements whatever the count, so only those are made.
Expected<std::vector<double>> firstElements(const Spec &spec, const Argument &argument,
                                            std::uint64_t count, std::size_t wanted,
                                            std::span<const double> values)
{
    const ArgumentContents contents(spec);
    const std::uint64_t shown = std::min<std::uint64_t>(count, wanted);
    std::vector<double> first;
    if (argument.init.kind == BufferInit::Kind::File) {
        auto file = contents.openFile(argument, count, values);
        if (!file)
            return file.error();
        for (std::uint64_t i = 0; i < shown; ++i)
            first.push_back(readElement(file->elements().data(), argument.type, i));
        return first;
    }
    HostBuffer buffer(argument.type, shown);
    if (Status filled = contents.fill(argument, buffer, values); !filled)
        return filled.error();
    for (std::uint64_t i = 0; i < shown; ++i)
        first.push_back(buffer.at(i));
    return first;
}

} // namespace

Expected<ArgumentPreview> previewArgument(const Spec &spec, std::size_t argumentIndex,
                                          std::size_t sizeIndex, std::size_t maxValues)
{
    if (argumentIndex >= spec.arguments.size() || sizeIndex >= spec.sizes.values.size())
        return makeError(EngineError::Code::InvalidArgument,
                         "no argument " + std::to_string(argumentIndex) + " at problem size " +
                             std::to_string(sizeIndex));
    const Argument &argument = spec.arguments[argumentIndex];
    auto config = standIn(spec, sizeIndex);
    if (!config)
        return previewError(argument, config.error().message);
    auto expressions = ArgumentExpressions::create(spec);
    if (!expressions)
        return expressions.error();
    const std::vector<double> values = configurationValues(spec, *config, sizeIndex);
    const double evaluated = expressions->evaluate(argumentIndex, values);
    if (!argument.hasElements())
        return ArgumentPreview{"value " + argument.value, 1, {evaluated}};
    auto count = bufferElementCount(argument, evaluated);
    if (!count)
        return count.error();
    auto first = firstElements(spec, argument, *count, maxValues, values);
    if (!first)
        return first.error();
    return ArgumentPreview{sourceText(spec, argument, sizeIndex), *count, std::move(*first)};
}

} // namespace tb
