// Issue 36 item 5: a @triton.autotune list opens as a grid whose constraints keep exactly the
// listed configurations, written per independent group of parameters. Plain data, no Python.
#include "space/expression.h"
#include "space/independentgroups.h"
#include "space/listedconfigurations.h"

#include <QTest>

#include <set>

using namespace tb;

namespace {

using Rows = std::vector<std::vector<double>>;
using Groups = std::vector<std::vector<std::size_t>>;

// matmul.py's 24: BM, BN in {64, 128}, BK in {32, 64}, (warps, stages) in {(4,3),(8,3),(8,4)}.
Rows matmulConfigurations()
{
    Rows rows;
    for (double bm : {64, 128})
        for (double bn : {64, 128})
            for (double bk : {32, 64})
                for (auto [warps, stages] : {std::pair{4.0, 3.0}, {8.0, 3.0}, {8.0, 4.0}})
                    rows.push_back({bm, bn, bk, warps, stages});
    return rows;
}

// Every row of the grid the rows' values span.
Rows gridOf(const Rows &rows)
{
    const std::size_t width = rows.front().size();
    std::vector<std::set<double>> values(width);
    for (const auto &row : rows)
        for (std::size_t i = 0; i < width; ++i)
            values[i].insert(row[i]);
    Rows grid{{}};
    for (const auto &column : values) {
        Rows longer;
        for (const auto &prefix : grid)
            for (double value : column) {
                auto row = prefix;
                row.push_back(value);
                longer.push_back(row);
            }
        grid = longer;
    }
    return grid;
}

// The grid's rows every constraint keeps.
std::set<std::vector<double>> kept(const std::vector<std::string> &names, const Rows &rows)
{
    const auto constraints = constraintsKeepingOnly(names, rows);
    std::set<std::vector<double>> result;
    for (const auto &row : gridOf(rows)) {
        bool keep = true;
        for (const auto &text : constraints) {
            auto expression = Expression::compile(text, names);
            if (!expression)
                qFatal("%s does not compile", text.c_str());
            keep = keep && expression->evaluate(row) != 0;
        }
        if (keep)
            result.insert(row);
    }
    return result;
}

} // namespace

class TestListedConfigurations : public QObject
{
    Q_OBJECT

private slots:
    void matmulSplitsIntoFourGroups()
    {
        QCOMPARE(independentParameterGroups(matmulConfigurations(), 5),
                 (Groups{{0}, {1}, {2}, {3, 4}}));
    }

    void matmulKeepsItsPairsInOneConstraint()
    {
        const std::vector<std::string> names{"BLOCK_M", "BLOCK_N", "BLOCK_K", "num_warps",
                                             "num_stages"};
        QCOMPARE(constraintsKeepingOnly(names, matmulConfigurations()),
                 (std::vector<std::string>{
                     "(num_warps == 4 && num_stages == 3) || (num_warps == 8 && num_stages == 3) "
                     "|| (num_warps == 8 && num_stages == 4)"}));
        const Rows rows = matmulConfigurations();
        QCOMPARE(kept(names, rows), std::set<std::vector<double>>(rows.begin(), rows.end()));
    }

    void aWholeGridNeedsNoConstraint()
    {
        const Rows rows = gridOf({{1, 10, 100}, {2, 20, 200}});
        QCOMPARE(independentParameterGroups(rows, 3), (Groups{{0}, {1}, {2}}));
        QVERIFY(constraintsKeepingOnly({"a", "b", "c"}, rows).empty());
    }

    void aListThatDoesNotFactoriseIsOneOr()
    {
        const Rows rows{{1, 1, 1}, {2, 2, 1}, {1, 2, 2}};
        QCOMPARE(independentParameterGroups(rows, 3), (Groups{{0, 1, 2}}));
        QCOMPARE(constraintsKeepingOnly({"a", "b", "c"}, rows),
                 (std::vector<std::string>{"(a == 1 && b == 1 && c == 1) || "
                                           "(a == 2 && b == 2 && c == 1) || "
                                           "(a == 1 && b == 2 && c == 2)"}));
        QCOMPARE(kept({"a", "b", "c"}, rows),
                 std::set<std::vector<double>>(rows.begin(), rows.end()));
    }

    void groupsNeedNotBeNeighbours()
    {
        // a pairs with c, b is free: {(a, c)} = {(1, 5), (2, 6)} x b in {0, 1}.
        Rows rows;
        for (auto [a, c] : {std::pair{1.0, 5.0}, {2.0, 6.0}})
            for (double b : {0.0, 1.0})
                rows.push_back({a, b, c});
        QCOMPARE(independentParameterGroups(rows, 3), (Groups{{0, 2}, {1}}));
        QCOMPARE(constraintsKeepingOnly({"a", "b", "c"}, rows),
                 (std::vector<std::string>{"(a == 1 && c == 5) || (a == 2 && c == 6)"}));
    }

    void duplicatesAndFractionsAreKeptApart()
    {
        const Rows rows{{0.5, 1}, {0.5, 1}, {1.5, 2}};
        QCOMPARE(constraintsKeepingOnly({"x", "y"}, rows),
                 (std::vector<std::string>{"(x == 0.5 && y == 1) || (x == 1.5 && y == 2)"}));
    }

    void oneConfigurationIsItsOwnGrid()
    {
        QCOMPARE(independentParameterGroups({{64, 4}}, 2), (Groups{{0}, {1}}));
        QVERIFY(constraintsKeepingOnly({"B", "num_warps"}, {{64, 4}}).empty());
    }
};

QTEST_APPLESS_MAIN(TestListedConfigurations)
#include "tst_listedconfigurations.moc"
