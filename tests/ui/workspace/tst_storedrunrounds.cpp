// A stored run whose finalists were measured in more than one process round (3, the default),
// read back for the Run page: each finalist's event carries its rounds' medians, in round
// order, and the details pane lists them with their spread.
#include "exampleworkspace.h"
#include "measure/roundsummary.h"
#include "pages/resultdetails.h"
#include "session/loadedrun.h"
#include "tasks/workspacefiles.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>

using namespace tb;

class TestStoredRunRounds : public QObject
{
    Q_OBJECT
private slots:
    void storedFinalistsShowTheirRounds()
    {
        QTemporaryDir dir;
        const QString workspace = dir.filePath("ws.tbw");
        auto summary = tbtest::runMatmulInto(workspace, 2);
        QVERIFY(summary.hasValue());

        auto stored = readStoredRun(workspace.toStdString(), summary->runId, true);
        QVERIFY(stored.hasValue());
        // Every round of every finalist, as the store holds them: result id -> medians.
        std::map<std::int64_t, std::vector<double>> medians;
        for (const StoredRound &round : stored->rounds) {
            auto &list = medians[round.resultId];
            QCOMPARE(round.round, int(list.size()) + 1); // in round order
            list.push_back(round.result.summary.median);
        }
        QVERIFY(!medians.empty());
        for (const auto &[resultId, list] : medians)
            QCOMPARE(int(list.size()), MeasurementSettings{}.processRounds);

        const LoadedRun loaded = toLoadedRun(std::move(*stored));
        std::size_t withRounds = 0;
        for (const ResultEvent &event : loaded.events) {
            if (event.roundMedians.empty())
                continue;
            ++withRounds;
            const double combined = event.result.summary.median;
            QVERIFY(std::find_if(medians.begin(), medians.end(), [&](const auto &entry) {
                        return entry.second == event.roundMedians;
                    }) != medians.end());
            std::vector<double> sorted = event.roundMedians; // 3 rounds: the middle one
            std::sort(sorted.begin(), sorted.end());
            QCOMPARE(combined, sorted[sorted.size() / 2]);

            ResultDetails details;
            details.showResult(event);
            const QString text = details.summaryText();
            const QString spread = QStringLiteral("%1%").arg(
                100 * relativeSpread(event.roundMedians, combined), 0, 'f', 2);
            QVERIFY2(text.contains("Process rounds") && text.contains("round 3") &&
                         text.contains(spread),
                     qPrintable(text));
        }
        QCOMPARE(withRounds, medians.size());
    }
};

QTEST_MAIN(TestStoredRunRounds)
#include "tst_storedrunrounds.moc"
