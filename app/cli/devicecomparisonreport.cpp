#include "devicecomparisonreport.h"

#include "runorigin.h"
#include "textformat.h"

#include <cstdio>

namespace tb {

namespace {

std::string runName(const RunRecord &run)
{
    return "run " + std::to_string(run.id);
}

// "1.066x its best (+6.61%)", "the best there too", "not measured", "failed (compile_error)".
std::string costCell(const CrossDeviceCost &cost)
{
    switch (cost.state) {
    case CrossDeviceCost::State::NoWinner:
        return "-";
    case CrossDeviceCost::State::NotMeasured:
        return "not measured";
    case CrossDeviceCost::State::Failed:
        return "failed (" + std::string(toString(cost.failure)) + ")";
    case CrossDeviceCost::State::Measured:
        break;
    }
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, "%.3fx", cost.ratio());
    return formatSeconds(cost.medianThere) + ", " + ratio + " its best (" +
           formatPercent(cost.ratio() - 1, true) + ")";
}

void addRow(TextTable &table, const RunRecord &run, const std::string &winner, double best,
            const CrossDeviceCost &elsewhere)
{
    if (winner.empty()) {
        table.addRow({runName(run), runDeviceText(run), "no ok result", "", ""});
        return;
    }
    table.addRow(
        {runName(run), runDeviceText(run), winner, formatSeconds(best), costCell(elsewhere)});
}

std::string renderSize(const CrossDeviceSize &size, const RunRecord &a, const RunRecord &b)
{
    std::string text = "\nProblem size " + size.sizeLabel + ":";
    if (!size.inB)
        return text + " not in " + runName(b) + "\n";
    text +=
        size.winnerA.empty() || size.winnerA != size.winnerB ? "\n" : " the same winner on both\n";
    TextTable table({"run", "device", "winner", "median", "the winner on the other device"});
    addRow(table, a, size.winnerA, size.bestA, size.aWinnerOnB);
    addRow(table, b, size.winnerB, size.bestB, size.bWinnerOnA);
    return text + table.render();
}

} // namespace

std::string renderCrossDevice(const std::vector<CrossDeviceSize> &sizes, const RunRecord &a,
                              const RunRecord &b)
{
    std::string text = "\nAcross devices: " + runName(a) + " on " + runDeviceText(a) + ", " +
                       runName(b) + " on " + runDeviceText(b) +
                       "; each winner on the other device: its median there over that "
                       "device's best\n";
    for (const CrossDeviceSize &size : sizes)
        text += renderSize(size, a, b);
    return text;
}

} // namespace tb
