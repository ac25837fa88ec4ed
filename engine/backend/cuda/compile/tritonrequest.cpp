#include "tritonrequest.h"

#include "model/gpusettingparameters.h"
#include "model/tritonkernel.h"
#include "space/variables.h"

#include <algorithm>
#include <cmath>

namespace tb {

namespace {

const Argument *findArgument(const Spec &spec, const std::string &name)
{
    const auto found = std::find_if(spec.arguments.begin(), spec.arguments.end(),
                                    [&](const Argument &a) { return a.name == name; });
    return found == spec.arguments.end() ? nullptr : &*found;
}

int parameterIndex(const Spec &spec, const std::string &name)
{
    for (std::size_t i = 0; i < spec.parameters.size(); ++i)
        if (spec.parameters[i].name == name)
            return static_cast<int>(i);
    return -1;
}

bool isInteger(ElementType type)
{
    return !isNarrowReal(type) && type != ElementType::Float32 && type != ElementType::Float64;
}

std::string parameterList(const std::vector<TritonKernelParameter> &kernel)
{
    std::string names;
    for (const auto &parameter : kernel)
        names += (names.empty() ? "" : ", ") + parameter.name;
    return names;
}

// A JSON number that stays an integer when the value is whole (Triton tells 64 from 64.0).
nlohmann::json jsonNumber(double value)
{
    if (std::nearbyint(value) == value && std::abs(value) < 9.0e15)
        return static_cast<std::int64_t>(value);
    return value;
}

// The checks that do not depend on the configuration: every argument and every tunable
// parameter belongs to the kernel.
Status checkNames(const Spec &spec, const std::vector<TritonKernelParameter> &kernel)
{
    auto inKernel = [&](const std::string &name, bool wantConstexpr) {
        return std::any_of(kernel.begin(), kernel.end(), [&](const TritonKernelParameter &p) {
            return p.name == name && (!wantConstexpr || p.isConstexpr);
        });
    };
    const std::string entry = "kernel '" + spec.kernel.entry + "' (" + parameterList(kernel) + ")";
    for (const Argument &argument : spec.arguments) {
        if (argument.kind == Argument::Kind::Constant)
            return makeError(EngineError::Code::InvalidSpec,
                             "argument '" + argument.name +
                                 "': a Triton kernel has no __constant__ memory; pass it as a "
                                 "buffer");
        if (!inKernel(argument.name, false))
            return makeError(EngineError::Code::InvalidSpec,
                             "argument '" + argument.name + "' is not a parameter of " + entry);
    }
    for (const Parameter &parameter : spec.parameters)
        if (!isTritonLaunchOption(parameter.name) && !isGpuSettingParameter(parameter.name) &&
            !inKernel(parameter.name, true))
            return makeError(EngineError::Code::InvalidSpec,
                             "tunable parameter '" + parameter.name +
                                 "' is neither a tl.constexpr of " + entry +
                                 " nor a launch option (num_warps, num_stages, num_ctas, "
                                 "maxnreg)");
    return ok();
}

nlohmann::json compileOptions(const Spec &spec, const std::vector<double> &values)
{
    auto option = [&](const char *name, nlohmann::json fallback) -> nlohmann::json {
        const int index = parameterIndex(spec, name);
        return index < 0 ? fallback : jsonNumber(values[static_cast<std::size_t>(index)]);
    };
    return {{"num_warps", option("num_warps", kTritonDefaultWarps)},
            {"num_stages", option("num_stages", kTritonDefaultStages)},
            {"num_ctas", option("num_ctas", 1)},
            {"maxnreg", option("maxnreg", nullptr)}};
}

} // namespace

std::vector<TritonKernelParameter> tritonParametersFromInspect(const nlohmann::json &answer)
{
    std::vector<TritonKernelParameter> parameters;
    for (const auto &item : answer.at("params"))
        parameters.push_back({item.at("name").get<std::string>(), item.at("constexpr").get<bool>(),
                              item.contains("default") && !item["default"].is_null()});
    return parameters;
}

const char *tritonTypeName(ElementType type)
{
    switch (type) {
    case ElementType::Int8:
        return "i8";
    case ElementType::Int16:
        return "i16";
    case ElementType::Int32:
        return "i32";
    case ElementType::Int64:
        return "i64";
    case ElementType::UInt8:
        return "u8";
    case ElementType::UInt16:
        return "u16";
    case ElementType::UInt32:
        return "u32";
    case ElementType::UInt64:
        return "u64";
    case ElementType::Float32:
        return "fp32";
    case ElementType::Float64:
        return "fp64";
    case ElementType::Float16:
        return "fp16";
    case ElementType::BFloat16:
        return "bf16";
    case ElementType::Float8E4M3:
        return "fp8e4nv"; // Triton's name of float8_e4m3fn on NVIDIA GPUs
    case ElementType::Float8E5M2:
        return "fp8e5";
    }
    return "fp32";
}

Expected<nlohmann::json> tritonCompileRequest(const Spec &spec,
                                              const ArgumentExpressions &arguments,
                                              const std::vector<TritonKernelParameter> &kernel,
                                              const Configuration &config, std::size_t sizeIndex,
                                              int computeCapability)
{
    if (Status names = checkNames(spec, kernel); !names)
        return names.error();
    const std::vector<double> values = configurationValues(spec, config, sizeIndex);
    auto scalarValue = [&](const std::string &name) {
        for (std::size_t i = 0; i < arguments.size(); ++i)
            if (arguments.argument(i).name == name)
                return arguments.evaluate(i, values);
        return std::nan("");
    };

    nlohmann::json signature = nlohmann::json::object();
    nlohmann::json constants = nlohmann::json::object();
    nlohmann::json divisible = nlohmann::json::array();
    nlohmann::json equalToOne = nlohmann::json::array();
    for (const TritonKernelParameter &parameter : kernel) {
        const Argument *argument = findArgument(spec, parameter.name);
        if (parameter.isConstexpr) {
            if (const int index = parameterIndex(spec, parameter.name); index >= 0)
                constants[parameter.name] = jsonNumber(values[static_cast<std::size_t>(index)]);
            else if (argument && argument->kind == Argument::Kind::Scalar)
                constants[parameter.name] = jsonNumber(scalarValue(parameter.name));
            else if (!parameter.hasDefault)
                return makeError(EngineError::Code::InvalidSpec,
                                 "the kernel's tl.constexpr '" + parameter.name +
                                     "' has no value: add a tunable parameter or a scalar "
                                     "argument of that name");
            continue;
        }
        if (!argument)
            return makeError(EngineError::Code::InvalidSpec,
                             "the kernel's parameter '" + parameter.name +
                                 "' has no argument: add an argument of that name");
        if (argument->kind == Argument::Kind::Buffer) {
            signature[parameter.name] = std::string("*") + tritonTypeName(argument->type);
            divisible.push_back(parameter.name);
            continue;
        }
        signature[parameter.name] = tritonTypeName(argument->type);
        if (!isInteger(argument->type))
            continue;
        const double value = scalarValue(parameter.name);
        if (!std::isfinite(value))
            return makeError(EngineError::Code::InvalidArgument,
                             "argument '" + parameter.name + "' has no finite value");
        if (value == 1)
            equalToOne.push_back(parameter.name);
        else if (std::fmod(value, 16) == 0)
            divisible.push_back(parameter.name);
    }
    return nlohmann::json{{"op", "compile"},
                          {"entry", spec.kernel.entry},
                          {"signature", signature},
                          {"constants", constants},
                          {"divisible_by_16", divisible},
                          {"equal_to_1", equalToOne},
                          {"options", compileOptions(spec, values)},
                          {"target", {{"arch", computeCapability}, {"warp_size", 32}}}};
}

} // namespace tb
