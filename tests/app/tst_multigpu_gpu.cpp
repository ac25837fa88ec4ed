// Several GPUs of one host (label gpu; needs two or more GPUs, skipped on a node with one):
// the real CLI starts one bench worker per GPU, every result names the GPU that measured it,
// and a size's finalists are all measured again on one GPU (issue 23).
#include "backend/cuda/cudaenvironment.h"
#include "clirunner.h"
#include "examplevariant.h"

#include "storage/store.h"

#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <set>

using namespace tb;

class TestMultiGpu : public QObject
{
    Q_OBJECT

private slots:
    void everyResultNamesItsGpuAndASizesRoundsStayOnOne()
    {
        const CudaEnvironment cuda = probeCudaEnvironment();
        if (cuda.gpus.size() < 2)
            QSKIP("needs two GPUs or more");
        QTemporaryDir dir;
        const QString spec = tbtest::writeExampleVariant(
            "copy_scale",
            {{"measurement", QJsonObject{{"process_rounds", 3}, {"finalists_per_size", 2}}}},
            dir.path(), "rounds.json");
        QVERIFY(!spec.isEmpty());
        const QString workspace = dir.filePath("ws.tbw");
        const auto outcome = runCli({"--workspace", workspace, "tune", spec, "--strategy",
                                     "brute_force", "--max-configs", "8"},
                                    600000);
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.out + outcome.err));
        QVERIFY2(outcome.out.contains(QStringLiteral("; %1 bench worker(s)").arg(cuda.gpus.size())),
                 qPrintable(outcome.out));

        std::set<std::string> known;
        for (const GpuIdentity &gpu : cuda.devices)
            known.insert(gpu.uuid);
        auto store = Store::open(workspace.toStdString());
        QVERIFY(store.hasValue());
        auto results = store->results().ofRun(1);
        QVERIFY(results.hasValue() && results->size() >= 2 * cuda.gpus.size());
        std::set<std::string> used;
        for (const auto &stored : *results) {
            QCOMPARE(QString::fromUtf8(toString(stored.result.status)), QString("ok"));
            QVERIFY2(known.count(stored.result.deviceUuid), stored.result.deviceUuid.c_str());
            QCOMPARE(stored.result.device, cuda.devices.front().name);
            used.insert(stored.result.deviceUuid);
        }
        QVERIFY2(used.size() >= 2, "the search was measured on one GPU only");
        QCOMPARE(store->runs().read(1)->device, cuda.devices.front().name);

        // Rounds 2 and 3 of a size's finalists: one GPU for all of them.
        std::map<std::int64_t, std::size_t> sizeOf;
        for (const auto &stored : *results)
            sizeOf[stored.id] = stored.sizeIndex;
        auto rounds = store->rounds().ofRun(1);
        QVERIFY(rounds.hasValue());
        std::map<std::size_t, std::set<std::string>> roundGpus;
        for (const auto &round : *rounds)
            if (round.round > 1)
                roundGpus[sizeOf.at(round.resultId)].insert(round.result.deviceUuid);
        QVERIFY(!roundGpus.empty());
        for (const auto &[size, gpus] : roundGpus)
            QVERIFY2(gpus.size() == 1 && known.count(*gpus.begin()),
                     qPrintable(
                         QStringLiteral("size %1: rounds on %2 GPUs").arg(size).arg(gpus.size())));
    }
};

QTEST_GUILESS_MAIN(TestMultiGpu)
#include "tst_multigpu_gpu.moc"
