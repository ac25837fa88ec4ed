#include "backend/cuda/compile/tritonrequest.h"

#include <QTest>

using namespace tb;

namespace {

// add_kernel(x_ptr, y_ptr, out_ptr, n, stride, scale, BLOCK: tl.constexpr, EVEN: tl.constexpr =
// True), tuned over BLOCK and num_warps, at two sizes.
Spec additionSpec()
{
    Spec spec;
    spec.backend = BackendKind::Cuda;
    spec.kernel.language = "triton";
    spec.kernel.entry = "add_kernel";
    spec.parameters = {{"BLOCK", {64, 128}}, {"num_warps", {4, 8}}};
    spec.sizes.names = {"N"};
    spec.sizes.values = {{4096}, {1000}};
    spec.launch = LaunchGeometry{{"ceil_div(N, BLOCK)"}, {}, "0"};
    auto buffer = [](std::string name, ElementType type) {
        Argument argument;
        argument.name = std::move(name);
        argument.type = type;
        argument.size = "N";
        return argument;
    };
    auto scalar = [](std::string name, ElementType type, std::string value) {
        Argument argument;
        argument.name = std::move(name);
        argument.kind = Argument::Kind::Scalar;
        argument.type = type;
        argument.value = std::move(value);
        return argument;
    };
    spec.arguments = {
        buffer("x_ptr", ElementType::Float16),     buffer("y_ptr", ElementType::Float16),
        buffer("out_ptr", ElementType::BFloat16),  scalar("n", ElementType::Int32, "N"),
        scalar("stride", ElementType::Int32, "1"), scalar("scale", ElementType::Float32, "0.5")};
    return spec;
}

std::vector<TritonKernelParameter> additionKernel()
{
    return {{"x_ptr", false, false}, {"y_ptr", false, false},  {"out_ptr", false, false},
            {"n", false, false},     {"stride", false, false}, {"scale", false, false},
            {"BLOCK", true, false},  {"EVEN", true, true}};
}

Expected<nlohmann::json> requestFor(const Spec &spec,
                                    const std::vector<TritonKernelParameter> &kernel,
                                    std::vector<double> config, std::size_t size)
{
    auto arguments = ArgumentExpressions::create(spec);
    if (!arguments)
        return arguments.error();
    return tritonCompileRequest(spec, *arguments, kernel, Configuration{std::move(config)}, size,
                                90);
}

std::string errorOf(const Expected<nlohmann::json> &request)
{
    return request ? std::string("(no error)") : request.error().message;
}

} // namespace

class TestTritonRequest : public QObject
{
    Q_OBJECT

private slots:
    void mapsArgumentsAndParametersByName()
    {
        auto request = requestFor(additionSpec(), additionKernel(), {128, 8}, 0);
        QVERIFY2(request.hasValue(), errorOf(request).c_str());
        const auto &json = *request;
        QCOMPARE(json["op"], "compile");
        QCOMPARE(json["entry"], "add_kernel");
        QCOMPARE(json["signature"], nlohmann::json::parse(R"({"x_ptr": "*fp16", "y_ptr": "*fp16",
                     "out_ptr": "*bf16", "n": "i32", "stride": "i32", "scale": "fp32"})"));
        // BLOCK from the configuration; EVEN keeps its default, so it is not sent.
        QCOMPARE(json["constants"], nlohmann::json::parse(R"({"BLOCK": 128})"));
        QCOMPARE(json["options"]["num_warps"], 8);
        QCOMPARE(json["options"]["num_stages"], 3); // Triton's default: not tuned here
        QVERIFY(json["options"]["maxnreg"].is_null());
        QCOMPARE(json["target"]["arch"], 90);
    }

    // A clock the kernel runs at is the bench worker's: the request is the one without it.
    void leavesGpuSettingsOut()
    {
        Spec spec = additionSpec();
        spec.parameters.push_back({"gpu_clock_mhz", {1200}});
        auto clocked = requestFor(spec, additionKernel(), {128, 8, 1200}, 0);
        QVERIFY2(clocked.hasValue(), errorOf(clocked).c_str());
        auto plain = requestFor(additionSpec(), additionKernel(), {128, 8}, 0);
        QVERIFY(plain.hasValue());
        QCOMPARE(*clocked, *plain);
    }

    // As Triton's JIT: pointers and multiples of 16 are divisible by 16, ints equal to 1 are
    // constants; the problem size decides.
    void specialisesIntegersByTheirValueAtEachSize()
    {
        auto large = requestFor(additionSpec(), additionKernel(), {64, 4}, 0); // N = 4096
        QVERIFY(large.hasValue());
        QCOMPARE((*large)["divisible_by_16"],
                 nlohmann::json::parse(R"(["x_ptr", "y_ptr", "out_ptr", "n"])"));
        QCOMPARE((*large)["equal_to_1"], nlohmann::json::parse(R"(["stride"])"));
        auto odd = requestFor(additionSpec(), additionKernel(), {64, 4}, 1); // N = 1000
        QVERIFY(odd.hasValue());
        QCOMPARE((*odd)["divisible_by_16"],
                 nlohmann::json::parse(R"(["x_ptr", "y_ptr", "out_ptr"])"));
    }

    void takesAConstexprFromAScalarArgument()
    {
        Spec spec = additionSpec();
        spec.parameters = {{"num_warps", {4}}};
        Argument block;
        block.name = "BLOCK";
        block.kind = Argument::Kind::Scalar;
        block.type = ElementType::Int32;
        block.value = "N / 4";
        spec.arguments.push_back(block);
        auto request = requestFor(spec, additionKernel(), {4}, 0);
        QVERIFY2(request.hasValue(), errorOf(request).c_str());
        QCOMPARE((*request)["constants"]["BLOCK"], 1024);
        QVERIFY(!(*request)["signature"].contains("BLOCK"));
    }

    void namesWhatDoesNotMatchTheKernel()
    {
        Spec spec = additionSpec();
        spec.arguments.pop_back(); // scale
        QVERIFY(errorOf(requestFor(spec, additionKernel(), {64, 4}, 0))
                    .find("parameter 'scale' has no argument") != std::string::npos);

        spec = additionSpec();
        spec.arguments[0].name = "x";
        QVERIFY(errorOf(requestFor(spec, additionKernel(), {64, 4}, 0))
                    .find("argument 'x' is not a parameter of kernel 'add_kernel'") !=
                std::string::npos);

        spec = additionSpec();
        spec.parameters.push_back({"UNROLL", {2}});
        QVERIFY(errorOf(requestFor(spec, additionKernel(), {64, 4, 2}, 0))
                    .find("'UNROLL' is neither a tl.constexpr") != std::string::npos);

        spec = additionSpec();
        spec.parameters = {{"num_warps", {4}}};
        QVERIFY(errorOf(requestFor(spec, additionKernel(), {4}, 0))
                    .find("tl.constexpr 'BLOCK' has no value") != std::string::npos);
    }

    void readsTheHelpersDescriptionOfTheKernel()
    {
        const auto answer = nlohmann::json::parse(R"({"ok": true, "params": [
            {"name": "a", "constexpr": false, "annotation": "", "default": null},
            {"name": "B", "constexpr": true, "annotation": "tl.constexpr", "default": 4}],
            "autotune": null})");
        const auto parameters = tritonParametersFromInspect(answer);
        QCOMPARE(parameters.size(), std::size_t(2));
        QCOMPARE(parameters[0].name, std::string("a"));
        QVERIFY(!parameters[0].isConstexpr && !parameters[0].hasDefault);
        QVERIFY(parameters[1].isConstexpr && parameters[1].hasDefault);
    }
};

QTEST_GUILESS_MAIN(TestTritonRequest)
#include "tst_tritonrequest.moc"
