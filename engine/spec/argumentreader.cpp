#include "argumentreader.h"

#include "model/parameter.h"
#include "spec/specname.h"

#include <algorithm>

namespace tb {

namespace {

using Need = JsonReader::Need;

constexpr const char *kInitKinds = "constant, random, sequence, file, expression";

std::string typeNames()
{
    std::string names;
    for (ElementType type : allElementTypes())
        names += (names.empty() ? "" : ", ") + std::string(toString(type));
    return names;
}

} // namespace

void ArgumentReader::read(const Json &list, const std::string &path)
{
    if (!m_reader.array(list, path, "argument objects"))
        return;
    if (list.empty())
        m_reader.report(path, "at least one argument is needed");
    for (std::size_t i = 0; i < list.size(); ++i) {
        Argument argument;
        readArgument(list[i], JsonReader::child(path, i), argument);
        for (std::size_t j = 0; j < m_spec.arguments.size(); ++j) {
            if (!argument.name.empty() && m_spec.arguments[j].name == argument.name)
                m_reader.report(JsonReader::child(JsonReader::child(path, i), "name"),
                                "duplicate argument name '" + argument.name +
                                    "' (also /arguments/" + std::to_string(j) + ")");
        }
        m_spec.arguments.push_back(std::move(argument));
    }
}

void ArgumentReader::readArgument(const Json &item, const std::string &path, Argument &argument)
{
    if (!m_reader.object(item, path, {"name", "kind", "type", "size", "init", "output", "value"}))
        return;
    if (auto name = m_reader.text(item, path, "name", Need::Required)) {
        if (checkSpecName(m_reader, *name, JsonReader::child(path, "name")))
            argument.name = *name;
    }
    if (auto kind = m_reader.text(item, path, "kind")) {
        if (*kind == "buffer")
            argument.kind = Argument::Kind::Buffer;
        else if (*kind == "scalar")
            argument.kind = Argument::Kind::Scalar;
        else if (*kind == "constant")
            argument.kind = Argument::Kind::Constant;
        else
            m_reader.report(JsonReader::child(path, "kind"),
                            "unknown argument kind '" + *kind +
                                "' (known: buffer, scalar, constant)");
        if (argument.kind == Argument::Kind::Constant && m_backendKnown &&
            m_spec.backend != BackendKind::Cuda)
            m_reader.report(JsonReader::child(path, "kind"),
                            "constant arguments (__constant__ memory) are for the cuda backend "
                            "only");
    }
    if (auto type = m_reader.text(item, path, "type")) {
        const auto types = allElementTypes();
        auto it = std::find_if(types.begin(), types.end(),
                               [&](ElementType known) { return *type == toString(known); });
        if (it != types.end())
            argument.type = *it;
        else
            m_reader.report(JsonReader::child(path, "type"),
                            "unknown type '" + *type + "' (known: " + typeNames() + ")");
        // C has no portable 16- or 8-bit real to pass a kernel; GPU kernels (Triton's) do.
        if (isNarrowReal(argument.type) && m_backendKnown && m_spec.backend != BackendKind::Cuda)
            m_reader.report(JsonReader::child(path, "type"),
                            "type '" + *type + "' is for the cuda backend only");
    }

    if (argument.kind == Argument::Kind::Scalar) {
        for (const char *key : {"size", "init", "output"}) {
            if (item.contains(key))
                m_reader.report(JsonReader::child(path, key),
                                std::string("'") + key + "' applies to buffers only");
        }
        argument.value = m_reader.expression(item, path, "value", Need::Required).value_or("");
        return;
    }
    if (item.contains("value"))
        m_reader.report(JsonReader::child(path, "value"), "'value' applies to scalars only");
    argument.size = m_reader.expression(item, path, "size", Need::Required).value_or("");
    if (argument.kind == Argument::Kind::Constant && item.contains("output"))
        m_reader.report(JsonReader::child(path, "output"),
                        "a constant argument is read-only: it cannot be an output");
    else if (auto output = m_reader.boolean(item, path, "output"))
        argument.output = *output;
    if (auto *init = m_reader.member(item, path, "init"))
        readInit(*init, JsonReader::child(path, "init"), argument.init);
}

void ArgumentReader::readInit(const Json &init, const std::string &path, BufferInit &out)
{
    if (init.is_string() && init.get<std::string>() == "zero") {
        out.kind = BufferInit::Kind::Zero;
        return;
    }
    if (!init.is_object()) {
        m_reader.report(path, "expected \"zero\" or an object with one of " +
                                  std::string(kInitKinds) + ", got " +
                                  (init.is_string() ? init.dump() : init.type_name()));
        return;
    }
    if (!m_reader.object(init, path, {"constant", "random", "sequence", "file", "expression"}))
        return;
    if (init.size() != 1) {
        m_reader.report(path, "give exactly one of " + std::string(kInitKinds));
        return;
    }
    if (init.contains("file")) {
        out.kind = BufferInit::Kind::File;
        out.file = m_reader.text(init, path, "file").value_or("");
        return;
    }
    if (init.contains("expression")) {
        out.kind = BufferInit::Kind::Expression;
        out.expression = m_reader.expression(init, path, "expression").value_or("");
        return;
    }
    if (init.contains("constant")) {
        out.kind = BufferInit::Kind::Constant;
        out.value = m_reader.number(init, path, "constant").value_or(0.0);
    } else if (init.contains("random")) {
        out.kind = BufferInit::Kind::Random;
        const std::string randomPath = JsonReader::child(path, "random");
        if (!m_reader.object(init["random"], randomPath, {"seed", "min", "max"}))
            return;
        out.seed = m_reader.unsignedInteger(init["random"], randomPath, "seed").value_or(out.seed);
        out.min = m_reader.number(init["random"], randomPath, "min").value_or(out.min);
        out.max = m_reader.number(init["random"], randomPath, "max").value_or(out.max);
        if (out.min > out.max)
            m_reader.report(JsonReader::child(randomPath, "max"), "max (" + formatValue(out.max) +
                                                                      ") is below min (" +
                                                                      formatValue(out.min) + ")");
    } else if (init.contains("sequence")) {
        out.kind = BufferInit::Kind::Sequence;
        const std::string sequencePath = JsonReader::child(path, "sequence");
        if (!m_reader.object(init["sequence"], sequencePath, {"start", "step"}))
            return;
        out.start = m_reader.number(init["sequence"], sequencePath, "start").value_or(out.start);
        out.step = m_reader.number(init["sequence"], sequencePath, "step").value_or(out.step);
    }
}

} // namespace tb
