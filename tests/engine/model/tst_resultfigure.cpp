// The declarations of result figures: one per stored key, keys and CSV columns unique, the
// fixed column order the CSV export has always had.
#include "model/resultfigure.h"

#include <QTest>

#include <set>
#include <string>
#include <vector>

using namespace tb;

namespace {

std::vector<std::string_view> fixedKeys()
{
    std::vector<std::string_view> keys;
    for (const ResultFigure &figure : resultFigures())
        if (figure.fixedColumn)
            keys.push_back(figure.key);
    return keys;
}

} // namespace

class TestResultFigure : public QObject
{
    Q_OBJECT

private slots:
    void keysAreUnique()
    {
        std::set<std::string_view> keys;
        for (const ResultFigure &figure : resultFigures())
            QVERIFY2(keys.insert(figure.key).second, std::string(figure.key).c_str());
    }

    void csvColumnsAreUnique()
    {
        std::set<std::string_view> columns;
        for (const ResultFigure &figure : resultFigures()) {
            QVERIFY(!figure.csvColumn.empty());
            QVERIFY2(columns.insert(figure.csvColumn).second, std::string(figure.key).c_str());
        }
    }

    void everyFigureHasALabel()
    {
        for (const ResultFigure &figure : resultFigures())
            QVERIFY2(!figure.label.empty(), std::string(figure.key).c_str());
    }

    void eachKeyFindsItsDeclaration()
    {
        for (const ResultFigure &figure : resultFigures()) {
            const auto found = findResultFigure(figure.key);
            QVERIFY(found);
            QCOMPARE(found->key, figure.key);
            QCOMPARE(found->csvColumn, figure.csvColumn);
        }
        QCOMPARE(findResultFigure(figures::kSpillStores)->csvColumn,
                 std::string_view("spill_stores_bytes"));
        QCOMPARE(findResultFigure(figures::kOccupancy)->display, FigureDisplay::Fraction);
    }

    void unknownKeyIsNotDeclared()
    {
        QVERIFY(!findResultFigure("l2_hit_rate"));
        QVERIFY(!findResultFigure(""));
        QVERIFY(!findResultFigure("Registers"));
    }

    // The stored strings: workspaces and exports of before hold them.
    void keysKeepTheirStoredNames()
    {
        QCOMPARE(std::string_view(figures::kRegisters), std::string_view("registers"));
        QCOMPARE(std::string_view(figures::kSmClockEffectiveMhz),
                 std::string_view("sm_clock_effective_mhz"));
        QCOMPARE(std::string_view(figures::kStoppedEarlyAboveSeconds),
                 std::string_view("stopped_early_above_s"));
        QCOMPARE(std::string_view(figures::kStageSeconds), std::string_view("stage_seconds"));
        QCOMPARE(std::string_view(figures::kEnergyJoules), std::string_view("energy_j"));
    }

    // The order and names of the CSV's figure columns before the declarations existed; new
    // ones (energy, CPU pressure and wait) only after them.
    void fixedColumnsKeepTheirOrder()
    {
        const std::vector<std::string_view> expected{
            "registers",         "spill_stores",           "spill_loads",
            "stack_frame",       "local_memory",           "static_shared",
            "dynamic_shared",    "constant_memory",        "barriers",
            "threads_per_block", "blocks_per_sm",          "warps_per_sm",
            "occupancy",         "sm_clock_mhz",           "sm_clock_effective_mhz",
            "event_median_s",    "cupti_record_offset_s",  "context_switches",
            "other_cpu_load",    "throttle_reasons",       "throttled",
            "clock_mismatch",    "cupti_unavailable",      "energy_j",
            "power_w",           "energy_rel_uncertainty", "energy_window_s",
            "energy_launch_s",   "cpu_pressure",           "cpu_wait"};
        QVERIFY(fixedKeys() == expected);
        QCOMPARE(findResultFigure(figures::kOtherCpuLoad)->csvColumn,
                 std::string_view("other_cpu_load_cpus"));
        QCOMPARE(findResultFigure(figures::kThrottled)->csvColumn,
                 std::string_view("throttled_flag"));
    }

    // The fixed ones come first, so a figure's index is its column rank.
    void fixedColumnsLeadTheTable()
    {
        bool unfixedSeen = false;
        for (const ResultFigure &figure : resultFigures()) {
            QVERIFY2(!(figure.fixedColumn && unfixedSeen), std::string(figure.key).c_str());
            unfixedSeen = unfixedSeen || !figure.fixedColumn;
        }
    }

    // A figure without a fixed column keeps its key as its column, as undeclared keys do.
    void unfixedColumnsAreTheirKeys()
    {
        for (const ResultFigure &figure : resultFigures())
            if (!figure.fixedColumn)
                QCOMPARE(figure.csvColumn, figure.key);
    }
};

QTEST_APPLESS_MAIN(TestResultFigure)
#include "tst_resultfigure.moc"
