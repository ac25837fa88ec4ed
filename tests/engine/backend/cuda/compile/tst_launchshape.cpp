#include "backend/cuda/compile/launchshape.h"
#include "backend/cuda/compile/tritonlaunch.h"

#include <QTest>

using namespace tb;

namespace {

// Parameters BLOCK and ROWS, problem sizes N = 4096 and N = 1000.
Spec spec(LaunchGeometry launch)
{
    Spec spec;
    spec.backend = BackendKind::Cuda;
    spec.parameters = {{"BLOCK", {64, 128}}, {"ROWS", {1, 2}}};
    spec.sizes.names = {"N"};
    spec.sizes.values = {{4096}, {1000}};
    spec.launch = std::move(launch);
    return spec;
}

LaunchGeometry geometry(std::vector<std::string> grid, std::vector<std::string> block,
                        std::string shared = "0")
{
    return LaunchGeometry{std::move(grid), std::move(block), std::move(shared)};
}

std::string errorOf(const LaunchShapeEvaluator &evaluator, const Configuration &config,
                    std::size_t sizeIndex)
{
    auto shape = evaluator.evaluate(config, sizeIndex);
    return shape ? std::string("(no error)") : shape.error().message;
}

} // namespace

class TestLaunchShape : public QObject
{
    Q_OBJECT

private slots:
    void evaluatesTheExpressions()
    {
        auto evaluator = LaunchShapeEvaluator::create(
            spec(geometry({"ceil_div(N, BLOCK)", "ROWS"}, {"BLOCK", "ROWS", "2"}, "BLOCK * 4")));
        QVERIFY2(evaluator.hasValue(), evaluator ? "" : evaluator.error().message.c_str());
        auto shape = evaluator->evaluate(Configuration{{128, 2}}, 0);
        QVERIFY(shape.hasValue());
        QCOMPARE(shape->grid, (std::array<std::uint64_t, 3>{32, 2, 1}));
        QCOMPARE(shape->block, (std::array<std::uint64_t, 3>{128, 2, 2}));
        QCOMPARE(shape->dynamicSharedBytes, std::uint64_t{512});
        QCOMPARE(shape->threadsPerBlock(), std::uint64_t{512});

        // The second problem size: ceil(1000 / 64) = 16.
        auto other = evaluator->evaluate(Configuration{{64, 1}}, 1);
        QVERIFY(other.hasValue());
        QCOMPARE(other->grid[0], std::uint64_t{16});
        QCOMPARE(other->grid[2], std::uint64_t{1});
    }

    // Triton decides a kernel's block: 32 threads a warp, num_warps tuned or Triton's 4.
    void givesATritonKernelNumWarpsTimes32Threads()
    {
        Spec triton = spec(geometry({"ceil_div(N, BLOCK)"}, {}));
        triton.kernel.language = "triton";
        triton.parameters.push_back({"num_warps", {4, 8}});
        auto evaluator = LaunchShapeEvaluator::create(triton);
        QVERIFY2(evaluator.hasValue(), evaluator ? "" : evaluator.error().message.c_str());
        auto shape = evaluator->evaluate(Configuration{{128, 1, 8}}, 0);
        QVERIFY(shape.hasValue());
        QCOMPARE(shape->block, (std::array<std::uint64_t, 3>{256, 1, 1}));
        QCOMPARE(shape->grid[0], std::uint64_t{32});

        triton.parameters.pop_back();
        auto fixed = LaunchShapeEvaluator::create(triton);
        QVERIFY(fixed.hasValue());
        QCOMPARE(fixed->evaluate(Configuration{{64, 1}}, 0)->block[0], std::uint64_t{128});
    }

    // The build's launch overrides the spec's: what both the measuring and the compile-only
    // backend launch or report, the grid's x counting a cluster of num_ctas blocks per program.
    void shapesATritonBuildAsTritonsLauncher()
    {
        TritonLaunch launch;
        launch.numWarps = 8;
        launch.numCtas = 2;
        launch.sharedBytes = 49152;
        LaunchShape shape;
        shape.grid = {32, 3, 1};
        shape.block = {128, 1, 1};
        applyTritonShape(launch, shape);
        QCOMPARE(shape.grid, (std::array<std::uint64_t, 3>{64, 3, 1}));
        QCOMPARE(shape.block, (std::array<std::uint64_t, 3>{256, 1, 1}));
        QCOMPARE(shape.dynamicSharedBytes, std::uint64_t{49152});
    }

    void worksWithoutProblemSizes()
    {
        Spec noSizes = spec(geometry({"8"}, {"BLOCK"}));
        noSizes.sizes = {};
        auto evaluator = LaunchShapeEvaluator::create(noSizes);
        QVERIFY(evaluator.hasValue());
        auto shape = evaluator->evaluate(Configuration{{64, 1}}, 0);
        QVERIFY(shape.hasValue());
        QCOMPARE(shape->grid[0], std::uint64_t{8});
        QCOMPARE(shape->dynamicSharedBytes, std::uint64_t{0});
    }

    void rejectsValuesThatAreNotExtents()
    {
        auto evaluator = LaunchShapeEvaluator::create(
            spec(geometry({"N / BLOCK"}, {"BLOCK - 64 * ROWS"}, "BLOCK - 100")));
        QVERIFY(evaluator.hasValue());
        // 1000 / 64 = 15.625
        QCOMPARE(errorOf(*evaluator, Configuration{{64, 1}}, 1),
                 std::string("/launch/grid/0 \"N / BLOCK\" gives 15.625, not a whole number >= 1"));
        // 128 - 64 * 2 = 0
        QCOMPARE(
            errorOf(*evaluator, Configuration{{128, 2}}, 0),
            std::string("/launch/block/0 \"BLOCK - 64 * ROWS\" gives 0, not a whole number >= 1"));
        // shared memory 64 - 100 = -36
        QCOMPARE(errorOf(*evaluator, Configuration{{64, 0}}, 0),
                 std::string("/launch/shared_memory \"BLOCK - 100\" gives -36, not a whole number "
                             ">= 0"));
    }

    void rejectsNaNAndInfinity()
    {
        auto evaluator =
            LaunchShapeEvaluator::create(spec(geometry({"sqrt(0 - N)"}, {"N / (BLOCK - 64)"})));
        QVERIFY(evaluator.hasValue());
        const std::string nan = errorOf(*evaluator, Configuration{{64, 1}}, 0);
        QVERIFY2(nan.find("/launch/grid/0") != std::string::npos, nan.c_str());
        QVERIFY2(nan.find("NaN") != std::string::npos, nan.c_str());

        auto division = LaunchShapeEvaluator::create(spec(geometry({"1"}, {"N / (BLOCK - 64)"})));
        QVERIFY(division.hasValue());
        const std::string inf = errorOf(*division, Configuration{{64, 1}}, 0);
        QVERIFY2(inf.find("/launch/block/0") != std::string::npos, inf.c_str());
        QVERIFY2(inf.find("inf") != std::string::npos, inf.c_str());
    }

    void rejectsAConfigurationOrSizeThatDoesNotFit()
    {
        auto evaluator = LaunchShapeEvaluator::create(spec(geometry({"1"}, {"BLOCK"})));
        QVERIFY(evaluator.hasValue());
        QVERIFY(!evaluator->evaluate(Configuration{{64}}, 0).hasValue());
        QVERIFY(!evaluator->evaluate(Configuration{{64, 1}}, 2).hasValue());
        QCOMPARE(evaluator->evaluate(Configuration{{64, 1}}, 2).error().code,
                 EngineError::Code::InvalidArgument);
    }

    void rejectsABadGeometry()
    {
        Spec noLaunch = spec(geometry({"1"}, {"1"}));
        noLaunch.launch.reset();
        auto missing = LaunchShapeEvaluator::create(noLaunch);
        QVERIFY(!missing.hasValue());
        QCOMPARE(missing.error().code, EngineError::Code::InvalidSpec);

        QVERIFY(!LaunchShapeEvaluator::create(spec(geometry({}, {"1"}))).hasValue());
        QVERIFY(
            !LaunchShapeEvaluator::create(spec(geometry({"1"}, {"1", "1", "1", "1"}))).hasValue());

        auto unknown = LaunchShapeEvaluator::create(spec(geometry({"1", "M"}, {"BLOCK"})));
        QVERIFY(!unknown.hasValue());
        QCOMPARE(unknown.error().code, EngineError::Code::InvalidSpec);
        QVERIFY2(unknown.error().message.find("/launch/grid/1") != std::string::npos,
                 unknown.error().message.c_str());

        auto shared = LaunchShapeEvaluator::create(spec(geometry({"1"}, {"1"}, "BLOCK *")));
        QVERIFY(!shared.hasValue());
        QVERIFY(shared.error().message.find("/launch/shared_memory") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestLaunchShape)
#include "tst_launchshape.moc"
