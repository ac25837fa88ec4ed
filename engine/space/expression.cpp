#include "expression.h"

#include <muParser.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <set>

namespace tb {

namespace {

double ceilDiv(double a, double b)
{
    return std::ceil(a / b);
}
double floorDiv(double a, double b)
{
    return std::floor(a / b);
}
double remainder(double a, double b)
{
    return std::fmod(a, b);
}
double floorOf(double a)
{
    return std::floor(a);
}
double ceilOf(double a)
{
    return std::ceil(a);
}

void defineDialect(mu::Parser &parser)
{
    parser.DefineFun("ceil_div", ceilDiv);
    parser.DefineFun("div", floorDiv);
    parser.DefineFun("floor", floorOf);
    parser.DefineFun("ceil", ceilOf);
    parser.DefineOprt("%", remainder, mu::prMUL_DIV, mu::oaLEFT, true);
    // muparser built with GCC defines _pi with 12 digits (3.141592653589, for speed): an init
    // expression's cos(2 * _pi * i / n) would drift by 2e-7 at i = 2 million.
    parser.DefineConst("_pi", std::numbers::pi);
    parser.DefineConst("_e", std::numbers::e);
}

// Collects every name the expression uses as a variable, known or not.
double *collectName(const char *name, void *userData)
{
    static double sink = 0;
    static_cast<std::set<std::string> *>(userData)->insert(name);
    return &sink;
}

std::string joined(const std::vector<std::string> &names)
{
    std::string text;
    for (const auto &name : names)
        text += (text.empty() ? "" : ", ") + name;
    return text.empty() ? "(none)" : text;
}

} // namespace

struct Expression::Impl
{
    mu::Parser parser;
    std::string text;
    std::vector<double> storage; // one slot per variable given to compile()
    std::vector<std::string> used;
    std::vector<std::size_t> usedIndices;
};

Expected<Expression> Expression::compile(const std::string &text,
                                         const std::vector<std::string> &variables)
{
    if (text.find_first_not_of(" \t\n") == std::string::npos)
        return makeError(EngineError::Code::InvalidSpec, "empty expression");
    std::set<std::string> names;
    try {
        mu::Parser probe;
        defineDialect(probe);
        probe.SetVarFactory(collectName, &names);
        probe.SetExpr(text);
        probe.Eval();
    } catch (const mu::Parser::exception_type &e) {
        return makeError(EngineError::Code::InvalidSpec,
                         "cannot parse expression '" + text + "': " + e.GetMsg());
    }
    auto impl = std::make_unique<Impl>();
    impl->text = text;
    impl->storage.assign(variables.size(), 0.0);
    for (const auto &name : names) {
        auto it = std::find(variables.begin(), variables.end(), name);
        if (it == variables.end())
            return makeError(EngineError::Code::InvalidSpec,
                             "unknown name '" + name + "' in expression '" + text + "'",
                             "known names: " + joined(variables));
    }
    try {
        defineDialect(impl->parser);
        for (std::size_t i = 0; i < variables.size(); ++i) {
            if (!names.count(variables[i]))
                continue;
            impl->parser.DefineVar(variables[i], &impl->storage[i]);
            impl->used.push_back(variables[i]);
            impl->usedIndices.push_back(i);
        }
        impl->parser.SetExpr(text);
        impl->parser.Eval(); // compiles to bytecode now, so later calls are fast
    } catch (const mu::Parser::exception_type &e) {
        return makeError(EngineError::Code::InvalidSpec,
                         "cannot parse expression '" + text + "': " + e.GetMsg());
    }
    return Expression(std::move(impl));
}

Expression::Expression(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
Expression::Expression(Expression &&) noexcept = default;
Expression &Expression::operator=(Expression &&) noexcept = default;
Expression::~Expression() = default;

double Expression::evaluate(std::span<const double> values) const
{
    for (std::size_t index : m_impl->usedIndices)
        m_impl->storage[index] = index < values.size() ? values[index] : 0.0;
    try {
        return m_impl->parser.Eval();
    } catch (const mu::Parser::exception_type &) {
        return std::numeric_limits<double>::quiet_NaN();
    }
}

const std::string &Expression::text() const
{
    return m_impl->text;
}

const std::vector<std::string> &Expression::usedVariables() const
{
    return m_impl->used;
}

const std::vector<std::size_t> &Expression::usedIndices() const
{
    return m_impl->usedIndices;
}

} // namespace tb
