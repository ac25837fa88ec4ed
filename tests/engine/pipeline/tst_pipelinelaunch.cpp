// The command lines of the pipeline's supervisors (pipelinelaunch.h): a measuring CUDA worker
// is followed by the restore of the GPU settings it may have changed; no other worker is.
#include "pipeline/pipelinelaunch.h"

#include <QTest>

using namespace tb;

class TestPipelineLaunch : public QObject
{
    Q_OBJECT

private:
    static PipelineSettings settings()
    {
        PipelineSettings settings;
        settings.workerCommand = {"/opt/tb/bin/tunebench-worker"};
        settings.cacheDirectory = "/var/cache/tb";
        return settings;
    }

private slots:
    void aCudaBenchWorkerIsFollowedByTheSettingsRestore()
    {
        PoolDefinition pool;
        pool.role = WorkerRole::Cuda;
        const SupervisorOptions options = PipelineLaunch::options(settings(), pool, 0);
        QCOMPARE(options.launch.afterEnd,
                 (std::vector<std::string>{"/opt/tb/bin/tunebench-worker", "--restore-gpu-settings",
                                           "--cache-dir", "/var/cache/tb"}));
    }

    void otherWorkersHaveNothingToRestore()
    {
        for (const WorkerRole role :
             {WorkerRole::Cpu, WorkerRole::CpuCompile, WorkerRole::CudaCompile}) {
            PoolDefinition pool;
            pool.role = role;
            QVERIFY(PipelineLaunch::options(settings(), pool, 0).launch.afterEnd.empty());
        }
    }
};

QTEST_GUILESS_MAIN(TestPipelineLaunch)
#include "tst_pipelinelaunch.moc"
