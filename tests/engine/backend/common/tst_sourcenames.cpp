#include "backend/common/buildsupport.h"
#include "backend/common/sourcenames.h"

#include <QTest>

using namespace tb;

// Which names a kernel declares, so that a spec's -D<name> macros rewrite none of them
// (issue 18, item 3: template kernels written the natural way).
class TestSourceNames : public QObject
{
    Q_OBJECT
private slots:
    void findsTemplateParametersOfEveryKind()
    {
        const std::string source =
            "template <int BM, int BN = 64, typename T = float>\n"
            "__global__ void gemm(T *c);\n"
            "template<unsigned UNROLL, class Op, bool FAST=(1 > 0)>\n"
            "struct S {};\n"
            "template <typename V = Pair<int, float>, int... Ks> void f();\n";
        const std::set<std::string> expected{"BM", "BN", "T", "UNROLL", "Op", "FAST", "V", "Ks"};
        QCOMPARE(templateParameterNames(source), expected);
    }

    void ignoresTemplatesInComments()
    {
        QVERIFY(templateParameterNames("// template <int BM>\n/* template <int BN> */\n").empty());
    }

    void findsTheLineOfADeclaration()
    {
        const std::string source = "// TILE is the tile edge\n"
                                   "#include <x.h>\n"
                                   "constexpr int TILE = 16;\n"
                                   "#define WIDTH 8\n";
        QCOMPARE(declarationLine(source, "TILE"), std::optional<int>(3));
        QCOMPARE(declarationLine(source, "WIDTH"), std::optional<int>()); // a default, not a clash
        QCOMPARE(declarationLine(source, "TIL"), std::optional<int>());
        QCOMPARE(declarationLine("x[TILE] = 0;", "TILE"), std::optional<int>()); // a use
    }

    void templateParametersGetPrefixedMacros()
    {
        const std::vector<Parameter> parameters{{"BM", {64}}, {"UNROLL", {4}}};
        const auto defines = parameterDefines(parameters, Configuration{{64, 4}},
                                              "template <int BM> __global__ void k();\n");
        QCOMPARE(defines, (std::vector<std::string>{"-DTB_PARAM_BM=64", "-DUNROLL=4"}));
    }

    // The clock a configuration runs at is the bench worker's: the kernel never sees it, and
    // the same build (the same options, so the same cache key) serves every clock.
    void gpuSettingsGetNoDefine()
    {
        const std::vector<Parameter> parameters{
            {"BM", {64}}, {"gpu_clock_mhz", {1200}}, {"power_limit_w", {400}}};
        const auto defines = parameterDefines(parameters, Configuration{{64, 1200, 400}}, "");
        QCOMPARE(defines, (std::vector<std::string>{"-DBM=64"}));
        QCOMPARE(parameterDefines(parameters, Configuration{{64, 420, 700}}, ""), defines);
    }

    void aCollisionNoteNamesParameterValueAndLine()
    {
        const std::vector<Parameter> parameters{{"TILE", {32}}, {"BM", {8}}};
        const std::string note = defineCollisionNote(parameters, Configuration{{32, 8}},
                                                     "template <int BM>\nconst int TILE = 4;\n");
        QCOMPARE(note, std::string("the spec's parameter TILE is passed as -DTILE=32, which "
                                   "rewrites the name TILE declared at line 2 of the kernel: "
                                   "rename one of them"));
        QVERIFY(defineCollisionNote(parameters, Configuration{{32, 8}}, "int x = TILE;").empty());
    }
};

QTEST_GUILESS_MAIN(TestSourceNames)
#include "tst_sourcenames.moc"
