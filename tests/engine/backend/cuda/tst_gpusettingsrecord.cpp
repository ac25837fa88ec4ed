// The record of changed GPU settings (gpusettingsrecord.h): a real file in a real directory,
// and which records count as left behind, by whether their worker is still alive.
#include "backend/cuda/gpusettingsrecord.h"
#include "endedprocess.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace tb;

class TestGpuSettingsRecord : public QObject
{
    Q_OBJECT

private slots:
    void savesAndLoadsWhatWasChanged()
    {
        QTemporaryDir dir;
        const std::string directory = dir.filePath("cache/gpu-settings").toStdString();
        const GpuSettingsRecord record{4242, "00000000:19:00.0", true, 700000u};
        QVERIFY(record.save(directory).hasValue());
        QCOMPARE(record.pathIn(directory), directory + "/4242.settings");
        const auto loaded = GpuSettingsRecord::load(record.pathIn(directory));
        QVERIFY2(loaded.hasValue(), loaded ? "" : loaded.error().toString().c_str());
        QCOMPARE(loaded->pid, 4242);
        QCOMPARE(loaded->pciBusId, std::string("00000000:19:00.0"));
        QVERIFY(loaded->clocksLocked);
        QCOMPARE(loaded->originalPowerLimitMw, std::optional<unsigned>(700000u));
    }

    void aRecordOfClocksAloneHasNoPowerLimit()
    {
        QTemporaryDir dir;
        const GpuSettingsRecord record{77, "00000000:1A:00.0", true, std::nullopt};
        QVERIFY(record.save(dir.path().toStdString()).hasValue());
        const auto loaded = GpuSettingsRecord::load(record.pathIn(dir.path().toStdString()));
        QVERIFY(loaded.hasValue());
        QVERIFY(!loaded->originalPowerLimitMw);
    }

    void refusesAFileThatIsNoRecord()
    {
        QTemporaryDir dir;
        for (const QByteArray &text : {QByteArray("pid 12\n"), QByteArray("hello world\n"),
                                       QByteArray("pid x\npci_bus_id 0:1\n")}) {
            QFile file(dir.filePath("12.settings"));
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write(text);
            file.close();
            const auto loaded = GpuSettingsRecord::load(file.fileName().toStdString());
            QVERIFY(!loaded.hasValue());
            QVERIFY(loaded.error().message.find("12.settings") != std::string::npos);
        }
    }

    // A live worker's record is its own to restore; one whose worker is gone is left over.
    void leftoversAreTheRecordsOfEndedWorkers()
    {
        QTemporaryDir dir;
        const std::string directory = dir.path().toStdString();
        const GpuSettingsRecord live{::getpid(), "00000000:19:00.0", true, std::nullopt};
        const GpuSettingsRecord gone{tbtest::endedPid(), "00000000:1A:00.0", true, std::nullopt};
        QVERIFY(live.save(directory).hasValue());
        QVERIFY(gone.save(directory).hasValue());
        QFile other(dir.filePath("notes.txt"));
        QVERIFY(other.open(QIODevice::WriteOnly));
        const auto leftovers = GpuSettingsRecord::leftoversIn(directory);
        QCOMPARE(leftovers, std::vector<std::string>{gone.pathIn(directory)});
    }

    void noDirectoryMeansNoLeftovers()
    {
        QVERIFY(GpuSettingsRecord::leftoversIn("/nonexistent/gpu-settings").empty());
    }
};

QTEST_GUILESS_MAIN(TestGpuSettingsRecord)
#include "tst_gpusettingsrecord.moc"
