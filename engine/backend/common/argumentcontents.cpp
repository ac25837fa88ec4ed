#include "argumentcontents.h"

#include "argumentexpressions.h"

#include "data/datafilename.h"
#include "model/parameter.h"

namespace tb {

ArgumentContents::ArgumentContents(const Spec &spec)
    : m_sizeNames(spec.sizes.names), m_baseDirectory(spec.baseDirectory),
      m_parameterCount(spec.parameters.size())
{}

std::span<const double> ArgumentContents::sizeValues(std::span<const double> variableValues) const
{
    if (variableValues.size() <= m_parameterCount)
        return {};
    return variableValues.subspan(m_parameterCount);
}

std::string ArgumentContents::key(const Argument &argument,
                                  std::span<const double> variableValues) const
{
    if (argument.init.kind == BufferInit::Kind::File) {
        auto path = DataFileName::resolve(argument.init.file, m_sizeNames,
                                          sizeValues(variableValues), m_baseDirectory);
        return path ? *path : argument.init.file;
    }
    if (argument.init.kind == BufferInit::Kind::Expression) {
        std::string sizes;
        for (double value : sizeValues(variableValues))
            sizes += formatValue(value) + ",";
        return sizes;
    }
    return {};
}

Expected<DataFile> ArgumentContents::openFile(const Argument &argument, std::uint64_t count,
                                              std::span<const double> variableValues) const
{
    auto path = DataFileName::resolve(argument.init.file, m_sizeNames, sizeValues(variableValues),
                                      m_baseDirectory);
    if (!path)
        return argumentError(argument, path.error().message);
    auto file = DataFile::open(*path, argument, count);
    if (!file) // already names the argument
        return makeError(EngineError::Code::InvalidArgument, file.error().message);
    return file;
}

Status ArgumentContents::fill(const Argument &argument, HostBuffer &buffer,
                              std::span<const double> variableValues) const
{
    switch (argument.init.kind) {
    case BufferInit::Kind::File: {
        auto file = openFile(argument, buffer.count(), variableValues);
        if (!file)
            return file.error();
        buffer.copyFrom(file->elements());
        return ok();
    }
    case BufferInit::Kind::Expression:
        if (Status filled = buffer.fillByExpression(argument.init.expression, m_sizeNames,
                                                    sizeValues(variableValues));
            !filled)
            return argumentError(argument, "init expression: " + filled.error().message);
        return ok();
    default:
        buffer.fill(argument.init);
        return ok();
    }
}

} // namespace tb
