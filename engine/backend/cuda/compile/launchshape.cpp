#include "launchshape.h"

#include "model/tritonkernel.h"
#include "space/variables.h"

#include <cmath>

namespace tb {

namespace {

// Whole numbers above this lose precision as doubles; no launch extent comes near it.
constexpr double kLargestExact = 9007199254740992.0; // 2^53

std::string describe(double value)
{
    if (std::isnan(value))
        return "NaN";
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";
    return formatValue(value);
}

} // namespace

Status LaunchShapeEvaluator::compileExtent(const std::string &text, const std::string &path,
                                           const std::vector<std::string> &names,
                                           std::vector<Extent> &out)
{
    auto expression = Expression::compile(text, names);
    if (!expression) {
        EngineError error = expression.error();
        error.message = path + ": " + error.message;
        return error;
    }
    out.push_back({path, std::move(*expression)});
    return ok();
}

Expected<LaunchShapeEvaluator> LaunchShapeEvaluator::create(const Spec &spec)
{
    if (!spec.launch)
        return makeError(EngineError::Code::InvalidSpec, "a cuda spec needs a launch geometry");
    const LaunchGeometry &launch = *spec.launch;
    if (launch.grid.empty() || launch.grid.size() > 3)
        return makeError(EngineError::Code::InvalidSpec, "/launch/grid needs 1 to 3 expressions");
    // A Triton kernel's block is Triton's rule, not the spec's.
    const bool triton = isTritonKernel(spec.kernel);
    const std::vector<std::string> block =
        triton ? std::vector<std::string>{tritonBlockExpression(spec)} : launch.block;
    if (block.empty() || block.size() > 3)
        return makeError(EngineError::Code::InvalidSpec, "/launch/block needs 1 to 3 expressions");

    const auto names = configurationVariableNames(spec);
    LaunchShapeEvaluator evaluator;
    for (std::size_t i = 0; i < launch.grid.size(); ++i)
        if (Status status = compileExtent(launch.grid[i], "/launch/grid/" + std::to_string(i),
                                          names, evaluator.m_grid);
            !status)
            return status.error();
    for (std::size_t i = 0; i < block.size(); ++i)
        if (Status status = compileExtent(block[i],
                                          triton ? std::string("32 x num_warps")
                                                 : "/launch/block/" + std::to_string(i),
                                          names, evaluator.m_block);
            !status)
            return status.error();
    if (Status status = compileExtent(launch.dynamicSharedMemory, "/launch/shared_memory", names,
                                      evaluator.m_shared);
        !status)
        return status.error();
    evaluator.m_parameterCount = spec.parameters.size();
    evaluator.m_sizes = spec.sizes.values;
    return evaluator;
}

Expected<LaunchShape> LaunchShapeEvaluator::evaluate(const Configuration &config,
                                                     std::size_t sizeIndex) const
{
    if (config.values.size() != m_parameterCount)
        return makeError(EngineError::Code::InvalidArgument,
                         "the configuration does not have one value per parameter");
    if (!m_sizes.empty() && sizeIndex >= m_sizes.size())
        return makeError(EngineError::Code::InvalidArgument,
                         "no problem size #" + std::to_string(sizeIndex));
    // In the order of configurationVariableNames: the parameters, then the size variables.
    std::vector<double> values = config.values;
    if (!m_sizes.empty())
        values.insert(values.end(), m_sizes[sizeIndex].begin(), m_sizes[sizeIndex].end());

    auto read = [&values](const Extent &extent, double minimum, std::uint64_t &out) -> Status {
        const double value = extent.expression.evaluate(values);
        if (!std::isfinite(value) || value != std::floor(value) || value < minimum ||
            value > kLargestExact)
            return makeError(EngineError::Code::InvalidArgument,
                             extent.path + " \"" + extent.expression.text() + "\" gives " +
                                 describe(value) +
                                 ", not a whole number >= " + formatValue(minimum));
        out = static_cast<std::uint64_t>(value);
        return ok();
    };
    LaunchShape shape;
    for (std::size_t i = 0; i < m_grid.size(); ++i)
        if (Status status = read(m_grid[i], 1, shape.grid[i]); !status)
            return status.error();
    for (std::size_t i = 0; i < m_block.size(); ++i)
        if (Status status = read(m_block[i], 1, shape.block[i]); !status)
            return status.error();
    if (Status status = read(m_shared.front(), 0, shape.dynamicSharedBytes); !status)
        return status.error();
    return shape;
}

} // namespace tb
