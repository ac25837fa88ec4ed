// Issue 36 item 5: the starting spec of a @triton.jit function from the helper's "inspect"
// answer alone (written here by hand, as the helper documents it): no Python runs.
#include "spec/specloader.h"
#include "tasks/tritonstartingspec.h"

#include <QTest>

#include <algorithm>

using namespace tb;

namespace {

nlohmann::json param(const std::string &name, bool constexpr_ = false,
                     nlohmann::json defaultValue = nullptr, const std::string &annotation = "")
{
    return {{"name", name},
            {"constexpr", constexpr_},
            {"annotation", constexpr_ && annotation.empty() ? "tl.constexpr" : annotation},
            {"default", defaultValue},
            {"has_default", !defaultValue.is_null()},
            {"default_source",
             defaultValue.is_null() ? nlohmann::json() : nlohmann::json(defaultValue.dump())}};
}

nlohmann::json config(nlohmann::json kwargs, int warps, int stages, int line)
{
    return {{"kwargs", std::move(kwargs)}, {"num_warps", warps},
            {"num_stages", stages},        {"num_ctas", 1},
            {"maxnreg", nullptr},          {"line", line}};
}

// A vector add with a BLOCK autotuned over three (BLOCK, num_warps) pairs.
nlohmann::json addInspect()
{
    return {{"ok", true},
            {"params",
             {param("x_ptr"), param("y_ptr"), param("out_ptr"), param("n", false, nullptr, "int"),
              param("BLOCK", true), param("EVEN", true, 1)}},
            {"line", 5},
            {"heuristics", nlohmann::json::array()},
            {"autotune",
             {{"configs",
               {config({{"BLOCK", 256}}, 2, 3, 1), config({{"BLOCK", 1024}}, 4, 3, 2),
                config({{"BLOCK", 4096}}, 8, 3, 3)}},
              {"key", {"n"}}}}};
}

// The guesses' pointers.
std::vector<std::string> pointers(const StartingSpec &spec)
{
    std::vector<std::string> result;
    for (const SpecGuess &guess : spec.toCheck)
        result.push_back(guess.pointer);
    return result;
}

bool has(const std::vector<std::string> &list, const std::string &item)
{
    return std::find(list.begin(), list.end(), item) != list.end();
}

Spec load(const StartingSpec &spec)
{
    SpecLoader loader;
    // The kernel file need not exist for the check: inline code stands in for it.
    auto document = spec.document;
    document["kernel"]["code"] = "import triton";
    document["kernel"].erase("source");
    auto loaded = loader.parse(document.dump(), ".");
    if (!loaded)
        qFatal("%s", loaded.error().toString().c_str());
    return *loaded;
}

} // namespace

class TestTritonStartingSpec : public QObject
{
    Q_OBJECT

private slots:
    void autotuneConfigurationsAreTheGrid()
    {
        auto spec = tritonStartingSpec(addInspect(), "add_kernel", "add.py");
        QVERIFY2(spec, spec ? "" : spec.error().toString().c_str());
        const auto &doc = spec->document;
        QCOMPARE(doc["name"], "add_kernel");
        QCOMPARE(doc["kernel"]["source"], "add.py");
        QCOMPARE(doc["kernel"]["language"], "triton");
        QCOMPARE(doc["parameters"].dump(),
                 R"([{"name":"BLOCK","values":[256,1024,4096]},)"
                 R"({"name":"num_warps","values":[2,4,8]},{"name":"num_stages","values":[3]}])");
        QCOMPARE(doc["constraints"].dump(),
                 R"x(["(BLOCK == 256 && num_warps == 2) || (BLOCK == 1024 && num_warps == 4) || )x"
                 R"x((BLOCK == 4096 && num_warps == 8)"])x");
        QCOMPARE(doc["verification"]["reference"].dump(),
                 R"({"BLOCK":256,"num_warps":2,"num_stages":3})");
        QCOMPARE(doc["problem_sizes"].dump(), R"([{"n":1024}])");
        const Spec loaded = load(*spec);
        QCOMPARE(loaded.parameters.size(), std::size_t{3});
    }

    void argumentsFollowTheSignature()
    {
        auto spec = tritonStartingSpec(addInspect(), "add_kernel", "add.py");
        QVERIFY(spec);
        const auto &arguments = spec->document["arguments"];
        QCOMPARE(arguments.size(), std::size_t{4}); // the constexprs are no arguments
        QCOMPARE(arguments[0]["kind"], "buffer");
        QCOMPARE(arguments[0]["size"], "n");
        QVERIFY(!arguments[0].contains("output"));
        QCOMPARE(arguments[2]["output"], true); // out_ptr, named like an output
        QCOMPARE(arguments[3].dump(), R"({"name":"n","kind":"scalar","type":"int32","value":"n"})");
        const auto guessed = pointers(*spec);
        for (const char *pointer : {"/arguments/0/type", "/arguments/0/size", "/arguments/2/output",
                                    "/problem_sizes/0/n", "/launch/grid"})
            QVERIFY2(has(guessed, pointer), pointer);
        QVERIFY(!has(guessed, "/arguments/3/value")); // n is the key's size
    }

    void withoutAutotuneTheDefaultsAreTheGrid()
    {
        nlohmann::json inspect = addInspect();
        inspect["autotune"] = nullptr;
        auto spec = tritonStartingSpec(inspect, "add_kernel", "../kernels/add.py");
        QVERIFY(spec);
        const auto &doc = spec->document;
        // BLOCK has no default: values to check; EVEN its default.
        QCOMPARE(doc["parameters"].dump(),
                 R"([{"name":"BLOCK","values":[16,32,64,128]},{"name":"EVEN","values":[1]},)"
                 R"({"name":"num_warps","values":[4]},{"name":"num_stages","values":[3]}])");
        QVERIFY(!doc.contains("constraints"));
        QCOMPARE(doc["problem_sizes"].dump(), R"([{"N":1024}])");
        QCOMPARE(doc["arguments"][3]["value"], "N");
        const auto guessed = pointers(*spec);
        QVERIFY(has(guessed, "/parameters/0/values"));
        QVERIFY(has(guessed, "/arguments/3/value"));
        load(*spec);
    }

    void stridesAndRealsGuessOne()
    {
        nlohmann::json inspect = addInspect();
        inspect["params"].push_back(param("stride_x"));
        inspect["params"].push_back(param("alpha", false, nullptr, "float"));
        auto spec = tritonStartingSpec(inspect, "add_kernel", "add.py");
        QVERIFY(spec);
        const auto &arguments = spec->document["arguments"];
        QCOMPARE(arguments[4]["value"], "1");
        QCOMPARE(arguments[5]["type"], "float32");
        QCOMPARE(arguments[5]["value"], "1");
    }

    void aKwargThatIsNoNumberIsLeftOutAndSaid()
    {
        nlohmann::json inspect = addInspect();
        inspect["autotune"]["configs"][1]["kwargs"]["MODE"] = "fast";
        auto spec = tritonStartingSpec(inspect, "add_kernel", "add.py");
        QVERIFY(spec);
        QVERIFY(spec->document["parameters"].dump().find("MODE") == std::string::npos);
        QVERIFY(std::any_of(spec->toCheck.begin(), spec->toCheck.end(), [](const SpecGuess &g) {
            return g.why.find("MODE") != std::string::npos;
        }));
    }

    void launchOptionsBeyondTheDefaultsAreParameters()
    {
        nlohmann::json inspect = addInspect();
        for (auto &item : inspect["autotune"]["configs"]) {
            item["maxnreg"] = 128;
            item["num_ctas"] = 1;
        }
        inspect["autotune"]["configs"][2]["num_ctas"] = 2;
        auto spec = tritonStartingSpec(inspect, "add_kernel", "add.py");
        QVERIFY(spec);
        const std::string parameters = spec->document["parameters"].dump();
        QVERIFY(parameters.find(R"({"name":"num_ctas","values":[1,2]})") != std::string::npos);
        QVERIFY(parameters.find(R"({"name":"maxnreg","values":[128]})") != std::string::npos);
    }

    void anUnreadableAutotuneIsAnError()
    {
        nlohmann::json inspect = addInspect();
        inspect["autotune"] = {{"error", "the autotune configs at line 6 are a list "
                                         "comprehension, not a literal list"},
                               {"line", 6}};
        auto spec = tritonStartingSpec(inspect, "add_kernel", "add.py");
        QVERIFY(!spec);
        QCOMPARE(spec.error().code, EngineError::Code::InvalidSpec);
        QVERIFY(spec.error().message.find("line 6") != std::string::npos);
        QVERIFY(spec.error().message.find("add_kernel") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestTritonStartingSpec)
#include "tst_tritonstartingspec.moc"
