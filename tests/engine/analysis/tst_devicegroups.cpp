// A run's results by device model (devicegroups.h, devicemodeltally.h): what the CLI's `show`
// and the workbench's Results page both rank per model, on hand-built results.
#include "analysis/devicegroups.h"
#include "analysis/devicemodeltally.h"

#include <QObject>
#include <QTest>

using namespace tb;

namespace {

StoredResult on(std::int64_t id, const std::string &device, const std::string &host = {})
{
    StoredResult stored;
    stored.id = id;
    stored.result.device = device;
    stored.result.host = host;
    return stored;
}

std::vector<std::int64_t> ids(const DeviceGroup &group)
{
    std::vector<std::int64_t> list;
    for (const StoredResult &stored : group.results)
        list.push_back(stored.id);
    return list;
}

} // namespace

class TestDeviceGroups : public QObject
{
    Q_OBJECT
private slots:
    void theTallyCountsModelsInTheOrderTheyAppear()
    {
        DeviceModelTally tally;
        QVERIFY(!tally.mixed());
        QCOMPARE(tally.mostMeasured(), std::string());
        tally.add("H100");
        tally.add("");
        QVERIFY(!tally.mixed()); // one model and a failed compile: nothing to tell apart
        QVERIFY(tally.rankedTogether("A100", "H100"));
        tally.add("A100");
        tally.add("A100");
        tally.add("H100");
        QVERIFY(tally.mixed());
        QCOMPARE(tally.models().size(), std::size_t{2});
        QCOMPARE(tally.models()[0].device, std::string("H100"));
        QCOMPARE(tally.models()[0].results, std::size_t{2});
        QCOMPARE(tally.models()[1].device, std::string("A100"));
        QCOMPARE(tally.models()[1].results, std::size_t{2});
        QCOMPARE(tally.unmeasured(), std::size_t{1});
        QCOMPARE(tally.mostMeasured(), std::string("H100")); // a tie: the first to appear
        tally.add("A100");
        QCOMPARE(tally.mostMeasured(), std::string("A100"));
        QVERIFY(tally.rankedTogether("A100", "A100"));
        QVERIFY(!tally.rankedTogether("H100", "A100"));
        QVERIFY(!tally.rankedTogether("", "A100"));
        QVERIFY(tally.rankedTogether("", "")); // the results no device measured
        tally.clear();
        QVERIFY(!tally.mixed());
        QCOMPARE(tally.unmeasured(), std::size_t{0});
    }

    void oneModelIsOneGroupOfEveryResult()
    {
        const auto groups = groupByDeviceModel({on(1, "cpu: X"), on(2, ""), on(3, "cpu: X")});
        QCOMPARE(groups.size(), std::size_t{1});
        QCOMPARE(groups[0].device, std::string("cpu: X"));
        QCOMPARE(ids(groups[0]), (std::vector<std::int64_t>{1, 2, 3}));

        const auto unnamed = groupByDeviceModel({on(1, ""), on(2, "")});
        QCOMPARE(unnamed.size(), std::size_t{1});
        QCOMPARE(unnamed[0].device, std::string());
        QCOMPARE(unnamed[0].results.size(), std::size_t{2});
        QVERIFY(groupByDeviceModel({}).front().results.empty());
    }

    void mixedModelsAreGroupedApartTheUnmeasuredLast()
    {
        const auto groups = groupByDeviceModel(
            {on(1, ""), on(2, "A100"), on(3, "H100"), on(4, "A100"), on(5, "H100"), on(6, "")});
        QCOMPARE(groups.size(), std::size_t{3});
        QCOMPARE(groups[0].device, std::string("A100"));
        QCOMPARE(ids(groups[0]), (std::vector<std::int64_t>{2, 4}));
        QCOMPARE(groups[1].device, std::string("H100"));
        QCOMPARE(ids(groups[1]), (std::vector<std::int64_t>{3, 5}));
        QCOMPARE(groups[2].device, std::string());
        QCOMPARE(ids(groups[2]), (std::vector<std::int64_t>{1, 6}));
    }

    void countsTheHostsNamed()
    {
        QCOMPARE(hostCount({on(1, "A", "node-a"), on(2, "A", "node-b"), on(3, "A", "node-a"),
                            on(4, "A", "")}),
                 std::size_t{2});
        QCOMPARE(hostCount({on(1, "A")}), std::size_t{0});
    }
};

QTEST_GUILESS_MAIN(TestDeviceGroups)
#include "tst_devicegroups.moc"
