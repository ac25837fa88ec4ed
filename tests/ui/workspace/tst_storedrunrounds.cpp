// A stored run whose finalist was measured in more than one process round, read back for the
// Run page: the event carries the rounds' medians, and the details pane lists them.
#include "exampleworkspace.h"
#include "pages/resultdetails.h"
#include "session/storedrun.h"
#include "session/workspacefiles.h"

#include <QTemporaryDir>
#include <QTest>

using namespace tb;

class TestStoredRunRounds : public QObject
{
    Q_OBJECT
private slots:
    void aStoredFinalistShowsItsRounds()
    {
        QTemporaryDir dir;
        const QString workspace = dir.filePath("ws.tbw");
        auto summary = tbtest::runMatmulInto(workspace, 2);
        QVERIFY(summary.hasValue());
        const auto results = tbtest::storedResults(workspace, summary->runId);
        const StoredResult *finalist = nullptr;
        for (const auto &stored : results)
            if (stored.result.status == ResultStatus::Ok && !finalist)
                finalist = &stored;
        QVERIFY(finalist);
        const double first = finalist->result.summary.median;
        Result second;
        second.summary = {first * 1.04, first, first * 1.04, 0, 5, 0.01};
        Result combined = finalist->result;
        combined.summary.median = first * 1.02;
        {
            auto store = Store::open(workspace.toStdString());
            QVERIFY(store.hasValue());
            QVERIFY(store->saveRound(finalist->id, 2, second, combined).hasValue());
        }

        auto stored = readStoredRun(workspace.toStdString(), summary->runId, true);
        QVERIFY(stored.hasValue());
        QCOMPARE(stored->rounds.size(), std::size_t(2));
        const LoadedRun loaded = toLoadedRun(std::move(*stored));
        int withRounds = 0;
        for (const ResultEvent &event : loaded.events) {
            if (event.roundMedians.empty())
                continue;
            ++withRounds;
            QCOMPARE(event.configKey, finalist->configKey);
            QCOMPARE(event.roundMedians, (std::vector<double>{first, first * 1.04}));
            QCOMPARE(event.result.summary.median, first * 1.02);

            ResultDetails details;
            details.showResult(event);
            const QString text = details.summaryText();
            QVERIFY2(text.contains("Process rounds") && text.contains("round 2") &&
                         text.contains("3.92%"), // (1.04 - 1) / 1.02
                     qPrintable(text));
        }
        QCOMPARE(withRounds, 1);
    }
};

QTEST_MAIN(TestStoredRunRounds)
#include "tst_storedrunrounds.moc"
