#pragma once

#include "constraintprogress.h"
#include "run/sessionlistener.h"

#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tb {

// Prints a Session's events: on a terminal one live progress line (done/total, ETA, best so
// far); otherwise one plain line per result, so logs and CI output stay readable.
class ConsoleReporter : public SessionListener
{
public:
    ConsoleReporter(std::FILE *out, bool interactive, bool verbose);

    void onRunStarted(std::int64_t runId, bool resumed) override;
    void onPlanning(std::size_t sizeIndex, double fraction) override;
    void onSpaceSized(const SpaceSummary &summary) override;
    void onResult(const ResultEvent &event) override;
    void onSizeFailed(const SizeFailure &failure) override;
    void onRoundStarted(const RoundStart &start) override;
    void onRoundResult(const RoundEvent &event) override;
    void onProgress(const Progress &progress) override;
    void onLog(const std::string &line) override;
    void onNotice(const std::string &line) override;
    void onFinished(const RunSummary &summary) override;
    void onFailed(const EngineError &error) override;

private:
    void clearProgressLine();
    std::string bestText() const;

    std::FILE *m_out;
    bool m_interactive;
    bool m_verbose;
    bool m_progressShown = false;
    std::vector<std::string> m_sizeLabels;
    std::map<std::size_t, std::pair<double, std::string>> m_best; // size -> (time, key)
    Progress m_lastProgress;
    std::optional<ConstraintProgress> m_planning; // of the size being planned
    std::size_t m_planningSize = 0;
};

} // namespace tb
