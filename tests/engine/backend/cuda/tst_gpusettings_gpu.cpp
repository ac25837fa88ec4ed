// On a GPU, as root (issue 39 item 3): gpu_clock_mhz and power_limit_w are set through NVML
// around each configuration, read back while it runs, and put back when the backend ends; a
// record left by a worker that is gone is put back by the next one. Fails, never skips,
// without a GPU or without root.
#include "backend/cuda/cudabackend.h"
#include "backend/cuda/gpusettings.h"
#include "backend/cuda/nvmllibrary.h"
#include "endedprocess.h"
#include "gputestspecs.h"
#include "model/resultfigure.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace tb;
using namespace tbtest;

namespace {

// The copy kernel at two locked clocks (both on the H200's 15 MHz grid) and a power limit.
Spec clockedCopySpec()
{
    Spec spec = copyScaleSpec(16.0 * 1024 * 1024);
    spec.parameters = {{"BLOCK", {256}},
                       {"BUG", {0}},
                       {std::string(kGpuClockParameter), {600, 1500}},
                       {std::string(kPowerLimitParameter), {600}}};
    spec.verification.reference = std::vector<double>{256, 0, 1500, 600};
    return spec;
}

unsigned powerLimitMw(const NvmlLibrary &nvml, const std::string &pciBusId)
{
    NvmlLibrary::Device device = nullptr;
    unsigned limit = 0;
    if (nvml.deviceGetHandleByPciBusId(pciBusId.c_str(), &device) != NvmlLibrary::kSuccess ||
        nvml.deviceGetPowerManagementLimit(device, &limit) != NvmlLibrary::kSuccess)
        return 0;
    return limit;
}

} // namespace

class TestGpuSettingsGpu : public QObject
{
    Q_OBJECT

private slots:
    void appliesEachConfigurationsSettingsThenPutsThemBack()
    {
        QTemporaryDir cache;
        auto nvml = NvmlLibrary::load();
        QVERIFY2(nvml.hasValue(), nvml ? "" : nvml.error().toString().c_str());
        std::string busId;
        unsigned before = 0;
        {
            CudaBackend backend(cache.path().toStdString());
            const Status prepared = backend.prepare(clockedCopySpec());
            QVERIFY2(prepared.hasValue(), prepared ? "" : prepared.error().toString().c_str());
            busId = backend.device()->pciBusId;
            before = powerLimitMw(*nvml, busId);
            for (const double clock : {600.0, 1500.0}) {
                const Result result = backend.evaluate(Configuration{{256, 0, clock, 600}}, 0, 0);
                QVERIFY2(result.status == ResultStatus::Ok, result.message.c_str());
                // The GPU's own timer is the truth; NVML's report lags a change.
                const double seen = result.resources.at(figures::kSmClockMhz);
                const double timed = result.resources.at(figures::kSmClockEffectiveMhz);
                qInfo("locked at %.0f MHz: NVML saw %.0f MHz, the GPU's timer %.1f MHz", clock,
                      seen, timed);
                QVERIFY(std::abs(timed - clock) <= 0.02 * clock);
                QVERIFY(std::abs(seen - clock) <= 15);
                QCOMPARE(powerLimitMw(*nvml, busId), 600000u);
            }
            const QString record =
                cache.filePath(QString("gpu-settings/%1.settings").arg(::getpid()));
            QVERIFY2(QFile::exists(record), qPrintable(record));
        }
        QVERIFY(before != 0); // read after prepare(), which changes nothing yet
        QCOMPARE(powerLimitMw(*nvml, busId), before);
        QVERIFY(QDir(cache.filePath("gpu-settings")).isEmpty());
    }

    // A worker killed with the power limit lowered and the clock locked left its record: the
    // restore reads it, puts the GPU back and removes it.
    void restoresWhatAKilledWorkerLeft()
    {
        QTemporaryDir cache;
        auto nvml = NvmlLibrary::load();
        QVERIFY(nvml.hasValue());
        std::string busId;
        {
            CudaBackend backend(cache.path().toStdString());
            QVERIFY(backend.prepare(copyScaleSpec(1 << 20)).hasValue());
            busId = backend.device()->pciBusId;
        }
        const unsigned original = powerLimitMw(*nvml, busId);
        NvmlLibrary::Device device = nullptr;
        QCOMPARE(nvml->deviceGetHandleByPciBusId(busId.c_str(), &device), NvmlLibrary::kSuccess);
        const std::string directory = GpuSettingsRecord::directoryFor(cache.path().toStdString());
        const GpuSettingsRecord left{tbtest::endedPid(), busId, true, original};
        QVERIFY(left.save(directory).hasValue());
        QCOMPARE(nvml->deviceSetPowerManagementLimit(device, 450000), NvmlLibrary::kSuccess);
        QCOMPARE(nvml->deviceSetGpuLockedClocks(device, 420, 420), NvmlLibrary::kSuccess);
        QCOMPARE(powerLimitMw(*nvml, busId), 450000u);

        const auto lines = GpuSettings::restoreLeftovers(directory);
        QCOMPARE(lines.size(), std::size_t(1));
        qInfo("%s", lines.front().c_str());
        QVERIFY(lines.front().find("restored the GPU at " + busId) == 0);
        QCOMPARE(powerLimitMw(*nvml, busId), original);
        QVERIFY(!QFile::exists(QString::fromStdString(left.pathIn(directory))));
        // NVML cannot read a clock lock back; a kernel that runs does: far above 420 MHz now.
        CudaBackend backend(cache.path().toStdString());
        QVERIFY(backend.prepare(copyScaleSpec()).hasValue());
        const Result result = backend.evaluate(Configuration{{256, 0}}, 0, 0);
        QVERIFY2(result.status == ResultStatus::Ok, result.message.c_str());
        qInfo("unlocked: NVML saw %.0f MHz", result.resources.at(figures::kSmClockMhz));
        QVERIFY(result.resources.at(figures::kSmClockMhz) > 1000);
    }

    void refusesAClockTheGpuDoesNotHave()
    {
        QTemporaryDir cache;
        Spec spec = clockedCopySpec();
        spec.parameters[2].values = {1500, 9000};
        CudaBackend backend(cache.path().toStdString());
        const Status prepared = backend.prepare(spec);
        QVERIFY(!prepared.hasValue());
        QCOMPARE(prepared.error().code, EngineError::Code::InvalidSpec);
        QVERIFY2(prepared.error().message.find("gpu_clock_mhz 9000 is outside") == 0,
                 prepared.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestGpuSettingsGpu)
#include "tst_gpusettings_gpu.moc"
