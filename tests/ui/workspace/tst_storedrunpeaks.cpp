// A stored run read back for the Results page judges its results by the peaks the GPU had when
// the run was created (stored with the run) and the spec's, which win; the spec's rate metric
// is the one "% of peak" reads.
#include "session/loadedrun.h"
#include "spec/specloader.h"
#include "storage/store.h"
#include "tasks/workspacefiles.h"

#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

// A CPU spec with a byte-rate objective and a FLOP metric, the DRAM bandwidth given.
const char *kSpec = R"({
    "tunebench_spec": 1, "name": "peaks", "backend": "cpu",
    "kernel": {"code": "void k(float *a, int n) { (void)a; (void)n; }", "entry": "k"},
    "parameters": [{"name": "BM", "values": [16, 32]}],
    "problem_sizes": [{"N": 256}],
    "arguments": [{"name": "a", "kind": "buffer", "type": "float32", "size": "N"},
                  {"name": "n", "kind": "scalar", "type": "int32", "value": "N"}],
    "metrics": [{"name": "GFLOP/s", "expression": "N / time / 1e9"},
                {"name": "bw", "expression": "N * 4 / time / 1e9", "unit": "GB/s"}],
    "objective": {"metric": "bw", "direction": "maximize"},
    "peaks": {"gbps": 900}
})";

} // namespace

class TestStoredRunPeaks : public QObject
{
    Q_OBJECT
private slots:
    void theSpecsPeaksWinOverTheStoredDevices()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("ws.tbw").toStdString();
        SpecLoader loader;
        auto spec = loader.parse(kSpec, dir.path().toStdString());
        QVERIFY(spec.hasValue());
        std::int64_t runId = 0;
        {
            auto store = Store::open(path);
            QVERIFY(store.hasValue());
            RunRecord run;
            run.specId = *store->specs().save(*spec);
            run.devicePeaks = devicePeaksOf({9, 0, 132, 1980000, 2619000, 5120});
            runId = *store->runs().create(run);
        }
        auto stored = readStoredRun(path, runId, false);
        QVERIFY(stored.hasValue());
        const SpecOutline outline = toLoadedRun(std::move(*stored)).outline;
        QCOMPARE(outline.peaks.bytesPerSecond, std::optional<double>(900e9));
        QCOMPARE(outline.peaks.bytesSource, std::string(kPeakFromSpec));
        QVERIFY(outline.peaks.flopsPerSecond.has_value()); // the device's, the spec gave none
        QCOMPARE(outline.peaks.flopsSource, std::string(kPeakFromDevice));
        QCOMPARE(outline.peakMetric, 1); // the objective, a byte rate by its unit
        QCOMPARE(outline.flopMetric, 0);
        QCOMPARE(outline.byteMetric, 1);
    }
};

QTEST_GUILESS_MAIN(TestStoredRunPeaks)
#include "tst_storedrunpeaks.moc"
