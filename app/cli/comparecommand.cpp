#include "comparecommand.h"

#include "analysis/runcomparison.h"
#include "devicecomparisonreport.h"
#include "exitcodes.h"
#include "measure/statistics.h"
#include "resultsreport.h"
#include "runorigin.h"
#include "storedrun.h"
#include "textformat.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tb {

namespace {

// A change, signed: "+1.25%".
std::string percent(double fraction)
{
    return formatPercent(fraction, true);
}

// What the changes of a set of pairs add up to.
struct ChangeSummary
{
    std::size_t pairs = 0;
    double median = 0;
    double largest = 0;     // the change farthest from zero, with its sign
    std::size_t slower = 0; // beyond the medians' uncertainty
    std::size_t faster = 0;
    std::size_t flagged = 0; // beyond the uncertainty and the threshold
};

// A change counts only where it is beyond what the two medians are uncertain by; the threshold
// then says which of those are large enough to matter to the reader.
bool flagged(const ComparedResult &pair, double threshold)
{
    return pair.beyondUncertainty() && std::fabs(pair.change()) > threshold;
}

ChangeSummary summarizeChanges(const std::vector<ComparedResult> &pairs, double threshold)
{
    ChangeSummary summary;
    std::vector<double> changes;
    for (const auto &pair : pairs) {
        const double change = pair.change();
        changes.push_back(change);
        if (std::fabs(change) > std::fabs(summary.largest))
            summary.largest = change;
        if (pair.beyondUncertainty())
            ++(change > 0 ? summary.slower : summary.faster);
        if (flagged(pair, threshold))
            ++summary.flagged;
    }
    summary.pairs = changes.size();
    if (!changes.empty()) {
        std::sort(changes.begin(), changes.end());
        summary.median = sortedMedian(changes);
    }
    return summary;
}

std::string describe(const ChangeSummary &summary, double threshold)
{
    return std::to_string(summary.pairs) + " configurations in both; change: median " +
           percent(summary.median) + ", largest " + percent(summary.largest) + "; beyond the " +
           "medians' uncertainty: " + std::to_string(summary.slower) + " slower, " +
           std::to_string(summary.faster) + " faster (" + std::to_string(summary.flagged) +
           " by more than " + formatPercent(threshold) + ")";
}

// "same" where the change is within the medians' uncertainty: another pair of runs may move
// them the other way.
std::string verdict(const ComparedResult &pair, double threshold)
{
    if (!pair.beyondUncertainty())
        return "same";
    return std::string(pair.change() > 0 ? "slower" : "faster") +
           (flagged(pair, threshold) ? " !" : "");
}

std::string uncertaintyCell(const ComparedResult &pair)
{
    if (!std::isfinite(pair.uncertainty))
        return "unbounded";
    std::string cell = "+-" + formatPercent(pair.uncertainty);
    if (pair.clockStep > 0)
        cell += " (clock step " + formatPercent(pair.clockStep) + ")";
    return cell;
}

// How one run's best leads the other run's best, as that run measured both, against what the
// two medians are uncertain by (the CLI's best/tie reasoning, WinnerMargin).
std::string leadLine(const std::string &run, const std::string &best, const std::string &other,
                     const std::optional<WinnerMargin> &lead)
{
    if (!lead)
        return {};
    const std::string leads =
        "    in " + run + ", " + best + " leads " + other + " by " + formatPercent(lead->lead);
    if (!std::isfinite(lead->uncertainty))
        return leads + ", but too few samples leave their medians' uncertainty unbounded\n";
    return leads + (lead->decided() ? ", beyond" : ", within") + " the " +
           formatPercent(lead->uncertainty) + " their medians are uncertain by\n";
}

// Same best in both, or how each run's best leads the other's there: a different best within
// the uncertainty in both runs is a tie that fell the other way, not a change.
std::string bestLine(const SizeComparison &size, const std::string &nameA, const std::string &nameB)
{
    if (size.bestA.empty() || size.bestB.empty())
        return {};
    if (size.bestA == size.bestB)
        return "  the same best in both: " + size.bestA + "\n";
    std::string line =
        "  the best differs: " + nameA + " " + size.bestA + ", " + nameB + " " + size.bestB + "\n";
    line += leadLine(nameA, size.bestA, size.bestB, size.bestLeadInA);
    line += leadLine(nameB, size.bestB, size.bestA, size.bestLeadInB);
    const bool tieInBoth = size.bestLeadInA && size.bestLeadInB && !size.bestLeadInA->decided() &&
                           !size.bestLeadInB->decided();
    if (tieInBoth)
        line += "    a tie in both runs: either may be the best in another run\n";
    return line;
}

std::string renderSize(const SizeComparison &size, const CompareOptions &options,
                       const std::string &nameA, const std::string &nameB)
{
    const double threshold = options.thresholdPercent / 100;
    std::string text = "\nProblem size " + size.sizeLabel + ": ";
    if (!size.inB)
        return text + "not in " + nameB + "\n";
    text += describe(summarizeChanges(size.pairs, threshold), threshold) + "\n" +
            bestLine(size, nameA, nameB);
    TextTable table({"#", "config", nameA, nameB, "change", "uncertainty", "verdict"});
    for (std::size_t i = 0; i < size.pairs.size() && i < options.top; ++i) {
        const ComparedResult &pair = size.pairs[i];
        table.addRow({std::to_string(i + 1), pair.configKey, formatSeconds(pair.medianA),
                      formatSeconds(pair.medianB), percent(pair.change()), uncertaintyCell(pair),
                      verdict(pair, threshold)});
    }
    if (!size.pairs.empty() && options.top > 0)
        text += table.render();
    if (size.onlyInA || size.onlyInB)
        text += "  ok in one run only: " + std::to_string(size.onlyInA) + " in " + nameA + ", " +
                std::to_string(size.onlyInB) + " in " + nameB + "\n";
    return text;
}

// Where each run ran and came from, when that is news: an imported run, or two devices.
void printRunOrigins(const RunRecord &a, const RunRecord &b)
{
    if (!a.imported() && !b.imported() && !differentDevices(a, b))
        return;
    for (const RunRecord *run : {&a, &b}) {
        const std::string origin = runOriginText(*run);
        std::printf("  run %lld: %s%s%s\n", static_cast<long long>(run->id),
                    runDeviceText(*run).c_str(), origin.empty() ? "" : ", ", origin.c_str());
    }
}

} // namespace

int runCompare(const CliContext &context, const CompareOptions &options)
{
    auto a = loadStoredRun(context.workspacePath, options.runA);
    if (!a)
        return reportCliError(a.error(), exitcode::kInvalidInput);
    auto b = loadStoredRun(context.workspacePath, options.runB);
    if (!b)
        return reportCliError(b.error(), exitcode::kInvalidInput);
    auto resultsA = a->store.results().ofRun(options.runA);
    auto resultsB = b->store.results().ofRun(options.runB);
    if (!resultsA || !resultsB)
        return reportCliError(resultsA ? resultsB.error() : resultsA.error(), exitcode::kFailure);
    const std::string nameA = "run " + std::to_string(options.runA);
    const std::string nameB = "run " + std::to_string(options.runB);
    std::printf("%s ('%s') against %s ('%s'): change = (%s's median - %s's) / %s's; "
                "positive is slower in %s\n",
                nameB.c_str(), b->spec.name.c_str(), nameA.c_str(), a->spec.name.c_str(),
                nameB.c_str(), nameA.c_str(), nameA.c_str(), nameB.c_str());
    printRunOrigins(a->run, b->run);
    const std::string clockA = clockRangeText(*resultsA);
    const std::string clockB = clockRangeText(*resultsB);
    if (!clockA.empty() && !clockB.empty())
        std::printf("SM clock by the GPU's own timer: %s %s, %s %s\n", nameA.c_str(),
                    clockA.c_str(), nameB.c_str(), clockB.c_str());
    std::vector<ComparedResult> all;
    for (const SizeComparison &size : compareRuns(a->spec, *resultsA, b->spec, *resultsB)) {
        std::printf("%s", renderSize(size, options, nameA, nameB).c_str());
        all.insert(all.end(), size.pairs.begin(), size.pairs.end());
    }
    const double threshold = options.thresholdPercent / 100;
    std::printf("\nAll sizes: %s\n", describe(summarizeChanges(all, threshold), threshold).c_str());
    if (options.crossDevice || differentDevices(a->run, b->run))
        std::printf("%s",
                    renderCrossDevice(compareAcrossDevices(a->spec, *resultsA, b->spec, *resultsB),
                                      a->run, b->run)
                        .c_str());
    return exitcode::kSuccess;
}

} // namespace tb
