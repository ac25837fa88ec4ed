// salloc's side of the allocation a run asks for (cluster/sallocoutput.h, sallocrequest.h),
// without Slurm: the time limits Slurm takes, what salloc's lines say (Slurm 22.05's words, as
// its sources print them and the CI's Slurm showed them), and its refusals worded to name the
// setting in the caller's words.
#include "cluster/sallocoutput.h"

#include <QTest>

using namespace tb;

namespace {

bool has(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

class TestSallocOutput : public QObject
{
    Q_OBJECT
private slots:
    void slurmTimeLimits()
    {
        for (const char *time :
             {"", "30", "30:00", "2:00:00", "1-0", "1-2:30", "1-02:30:00", "UNLIMITED", "infinite"})
            QVERIFY2(slurmTimeProblem(time).empty(), time);
        for (const char *time : {"abc", "1:2:3:4", "-5", "1h", "1-", "2:00:00 "})
            QVERIFY2(!slurmTimeProblem(time).empty(), time);
    }

    void sallocOutputRead()
    {
        QCOMPARE(int(readSallocLine("salloc: Pending job allocation 812").kind),
                 int(SallocLine::Kind::Pending));
        QCOMPARE(readSallocLine("salloc: Pending job allocation 812").jobId, std::string("812"));
        const SallocLine queued =
            readSallocLine("salloc: job 812 queued and waiting for resources");
        QCOMPARE(int(queued.kind), int(SallocLine::Kind::Queued));
        QCOMPARE(queued.jobId, std::string("812"));
        const SallocLine granted = readSallocLine("salloc: Granted job allocation 813");
        QCOMPARE(int(granted.kind), int(SallocLine::Kind::Granted));
        QCOMPARE(granted.jobId, std::string("813"));
        QCOMPARE(int(readSallocLine("salloc: Job allocation 812 has been revoked.").kind),
                 int(SallocLine::Kind::Revoked));
        QCOMPARE(int(readSallocLine("salloc: Waiting for resource configuration").kind),
                 int(SallocLine::Kind::Other));
        QVERIFY(readSallocLine("salloc: Nodes node3 are ready for job").jobId.empty());
    }

    void sallocRefusalsNameTheSetting()
    {
        SallocRequest request;
        request.partition = "nope";
        request.account = "lab";
        EngineError error = sallocRefusal(
            request,
            {"salloc: error: invalid partition specified: nope",
             "salloc: error: Job submit/allocate failed: Invalid partition name specified"},
            1);
        QCOMPARE(error.code, EngineError::Code::InvalidArgument);
        QVERIFY2(has(error.message, "check --slurm-partition 'nope'"), error.message.c_str());
        QVERIFY2(has(error.detail, "salloc: error: invalid partition specified: nope"),
                 error.detail.c_str());

        error = sallocRefusal(request,
                              {"salloc: error: Job submit/allocate failed: Invalid account or "
                               "account/partition combination specified"},
                              1);
        // Both named in salloc's words: the account is what it is about.
        QVERIFY2(has(error.message, "check --slurm-account 'lab'"), error.message.c_str());

        request.partition.clear();
        error = sallocRefusal(request,
                              {"salloc: error: Job submit/allocate failed: Invalid account "
                               "specified"},
                              1);
        QVERIFY2(has(error.message, "check --slurm-account 'lab'"), error.message.c_str());

        request.wording.timeLimit = "the Slurm time limit (Preferences > Workers)";
        error = sallocRefusal(request,
                              {"salloc: error: Job submit/allocate failed: Requested time limit "
                               "is invalid (missing or exceeds some limit)"},
                              1);
        QVERIFY2(has(error.message, "check the Slurm time limit (Preferences > Workers) (not "
                                    "given: the site's default)"),
                 error.message.c_str());

        error = sallocRefusal(request, {"salloc: error: Munge encode failed"}, 1);
        QCOMPARE(error.code, EngineError::Code::WorkerError);
        QVERIFY2(has(error.message, "salloc got no allocation (exit status 1)"),
                 error.message.c_str());
        QVERIFY2(has(error.detail, "Munge encode failed"), error.detail.c_str());
    }
};

QTEST_GUILESS_MAIN(TestSallocOutput)
#include "tst_sallocoutput.moc"
