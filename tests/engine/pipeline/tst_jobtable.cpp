#include "pipeline/jobtable.h"

#include <QTest>

using namespace tb;

// The pipeline's table of configurations in flight: what JobPipeline asks of it to hold the
// measuring workers while the reference configuration compiles.
class TestJobTable : public QObject
{
    Q_OBJECT

private slots:
    void tellsAConfigurationOnACompileWorker()
    {
        JobTable jobs;
        PipelineJob &reference = jobs.add(1, Configuration{{64, 4}}, 0, std::nullopt);
        PipelineJob &other = jobs.add(2, Configuration{{128, 4}}, 0, std::nullopt);
        QVERIFY(jobs.compiling({64, 4}));
        QVERIFY(!jobs.compiling({64, 8}));
        jobs.queue(other);
        QVERIFY(jobs.compiling({64, 4}));
        QVERIFY(!jobs.compiling({128, 4})); // compiled: in line for a bench worker
        jobs.queue(reference);
        QVERIFY(!jobs.compiling({64, 4}));
        jobs.startMeasuring(1);
        QVERIFY(!jobs.compiling({64, 4}));
        jobs.erase(1);
        jobs.erase(2);
        QVERIFY(jobs.empty());
    }
};

QTEST_GUILESS_MAIN(TestJobTable)
#include "tst_jobtable.moc"
