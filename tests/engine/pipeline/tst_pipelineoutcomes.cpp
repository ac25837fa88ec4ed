#include "model/resultfigure.h"
#include "pipeline/earlyexitlimit.h"
#include "pipeline/pipelineoutcomes.h"

#include <QTest>

using namespace tb;

namespace {

using Stage = PipelineOutcomes::Stage;

Result okResult(double median)
{
    Result result;
    result.status = ResultStatus::Ok;
    result.summary.count = 5;
    result.summary.median = median;
    return result;
}

// A job of the table on worker job `workerJob`, as the pipeline sends one.
PipelineJob &sent(JobTable &jobs, std::uint64_t token, std::uint64_t workerJob,
                  std::optional<std::size_t> pinnedLane = std::nullopt)
{
    PipelineJob &job = jobs.add(token, Configuration{{64, 4}}, 0, pinnedLane);
    jobs.sentToWorker(job, workerJob);
    return job;
}

JobOutcome outcomeOf(std::uint64_t workerJob, Result result)
{
    JobOutcome outcome;
    outcome.id = workerJob;
    outcome.result = std::move(result);
    outcome.host = "node1";
    return outcome;
}

} // namespace

// The pipeline's rules without workers: what a worker's outcome means for its configuration
// (PipelineOutcomes), and the early-exit limit each configuration is measured under.
class TestPipelineOutcomes : public QObject
{
    Q_OBJECT

private slots:
    void limitsByTheFastestOkTimeOfTheSize()
    {
        EarlyExitLimit limit(3);
        PipelineJob job;
        job.sizeIndex = 1;
        QCOMPARE(limit.stopAboveSeconds(job), 0.0); // nothing measured yet
        limit.noteOkTime(1, 2.0);
        limit.noteOkTime(1, 0.5);
        limit.noteOkTime(1, 4.0);
        limit.noteOkTime(1, 0.0); // not a time
        limit.noteOkTime(0, 0.1); // another size
        QCOMPARE(limit.stopAboveSeconds(job), 1.5);
        job.pinnedLane = 0; // a finalist's round: never cut short
        QCOMPARE(limit.stopAboveSeconds(job), 0.0);

        EarlyExitLimit off(0);
        off.noteOkTime(1, 0.5);
        job.pinnedLane.reset();
        QCOMPARE(off.stopAboveSeconds(job), 0.0);
    }

    void queuesACompiledConfigurationForABenchWorker()
    {
        PipelineSettings settings;
        JobTable jobs;
        EarlyExitLimit limit(0);
        PipelineOutcomes outcomes(settings, jobs, limit);
        sent(jobs, 7, 100);
        Result compiled = okResult(0);
        compiled.compileSeconds = 1.25;
        QVERIFY(!outcomes.settle(Stage::Compile, 0, outcomeOf(100, compiled)));
        QCOMPARE(jobs.waiting().size(), std::size_t{1});
        QVERIFY(jobs.at(7).compiled->resource(figures::kStageSeconds).has_value());

        // Measured: the compile figures join the bench result, which names its GPU and host.
        settings.gpus = {GpuIdentity{"0", "GPU A", "GPU-a", "sm_90", {}}};
        jobs.sentToWorker(jobs.startMeasuring(7), 101);
        const auto finished = outcomes.settle(Stage::Bench, 0, outcomeOf(101, okResult(0.002)));
        QVERIFY(finished);
        QCOMPARE(finished->token, std::uint64_t{7});
        QCOMPARE(finished->result.compileSeconds, 1.25);
        QCOMPARE(finished->result.device, std::string("GPU A"));
        QCOMPARE(finished->result.deviceUuid, std::string("GPU-a"));
        QCOMPARE(finished->result.host, std::string("node1"));
        QVERIFY(finished->result.resource(figures::kBenchSeconds).has_value());
        QVERIFY(jobs.empty());
    }

    void endsAFailedCompileAndIgnoresAnUnknownOutcome()
    {
        PipelineSettings settings;
        JobTable jobs;
        EarlyExitLimit limit(0);
        PipelineOutcomes outcomes(settings, jobs, limit);
        QVERIFY(!outcomes.settle(Stage::Compile, 0, outcomeOf(5, okResult(0))));
        sent(jobs, 1, 6);
        Result failed;
        failed.status = ResultStatus::CompileError;
        const auto finished = outcomes.settle(Stage::Compile, 0, outcomeOf(6, failed));
        QVERIFY(finished);
        QVERIFY(finished->result.status == ResultStatus::CompileError);
        QVERIFY(jobs.empty());
    }

    void notesABenchOkTimeForTheEarlyExit()
    {
        PipelineSettings settings;
        JobTable jobs;
        EarlyExitLimit limit(2);
        PipelineOutcomes outcomes(settings, jobs, limit);
        sent(jobs, 1, 10);
        JobOutcome outcome = outcomeOf(10, okResult(0.5));
        outcome.sizeIndex = 0;
        QVERIFY(outcomes.settle(Stage::Bench, 0, std::move(outcome)));
        PipelineJob next;
        QCOMPARE(limit.stopAboveSeconds(next), 1.0);
    }

    // A worker lost to its launcher: the compiled job waits again, first in line and unpinned,
    // up to kLostWorkersPerConfiguration lost workers.
    void requeuesAJobLostWithItsWorkerOnce()
    {
        PipelineSettings settings;
        JobTable jobs;
        EarlyExitLimit limit(0);
        PipelineOutcomes outcomes(settings, jobs, limit);
        PipelineJob &job = sent(jobs, 1, 20, std::size_t{2});
        job.compiled = okResult(0);
        Result crashed;
        crashed.status = ResultStatus::WorkerCrashed;
        crashed.message = "lost";
        JobOutcome lost = outcomeOf(20, crashed);
        lost.lost = true;
        QVERIFY(!outcomes.settle(Stage::Bench, 2, lost));
        QCOMPARE(jobs.waiting().front(), std::uint64_t{1});
        QVERIFY(!jobs.at(1).pinnedLane);
        QCOMPARE(jobs.at(1).lostOnLane, std::optional<std::size_t>(2));

        jobs.sentToWorker(jobs.startMeasuring(1), 21);
        lost.id = 21;
        const auto finished = outcomes.settle(Stage::Bench, 0, lost);
        QVERIFY(finished);
        QVERIFY2(finished->result.message.find("2 workers lost") != std::string::npos,
                 finished->result.message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestPipelineOutcomes)
#include "tst_pipelineoutcomes.moc"
