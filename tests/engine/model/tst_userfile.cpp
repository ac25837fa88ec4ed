// readUserFile(): what every file a user names goes through (issue 34, item 4). /dev/zero read
// whole ended in std::bad_alloc; a FIFO blocked the open for good.
#include "model/userfile.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace tb;

namespace {

bool contains(const std::string &text, const std::string &fragment)
{
    return text.find(fragment) != std::string::npos;
}

} // namespace

class TestUserFile : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // Refused with IoError, naming the file, what it was read as, and `reason`.
    static void expectRefused(const std::string &path, const std::string &reason)
    {
        auto bytes = readUserFile(path, "spec file", kMaxSpecFileBytes);
        QVERIFY(!bytes.hasValue());
        QCOMPARE(bytes.error().code, EngineError::Code::IoError);
        const std::string &message = bytes.error().message;
        QVERIFY2(contains(message, "cannot read spec file '" + path + "'"), message.c_str());
        QVERIFY2(contains(message, reason), message.c_str());
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void readsARegularFile()
    {
        const QString path = m_dir.filePath("spec.json");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"tunebench_spec\": 1}\n");
        file.close();
        auto bytes = readUserFile(path.toStdString(), "spec file", kMaxSpecFileBytes);
        QVERIFY2(bytes.hasValue(), bytes ? "" : bytes.error().message.c_str());
        QCOMPARE(*bytes, std::string("{\"tunebench_spec\": 1}\n"));
    }

    void refusesACharacterDeviceUnread() { expectRefused("/dev/zero", "character device"); }

    // Without O_NONBLOCK and the check before it, the open waits for a writer forever.
    void refusesAFifoWithoutWaitingForAWriter()
    {
        const std::string fifo = m_dir.filePath("pipe").toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        expectRefused(fifo, "FIFO");
    }

    void refusesADirectory() { expectRefused(m_dir.path().toStdString(), "is a directory"); }

    void refusesAMissingFileWithTheSystemsReason()
    {
        expectRefused(m_dir.filePath("absent.json").toStdString(), "No such file");
    }

    // A sparse file: its size is over the limit, and it is refused by its size, not read.
    void refusesAFileOverTheLimit()
    {
        const QString path = m_dir.filePath("huge.json");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.resize(qint64(kMaxSpecFileBytes) + 1));
        file.close();
        expectRefused(path.toStdString(), "larger than the limit of 64 MiB");

        auto exactly = readUserFile(path.toStdString(), "file", kMaxSpecFileBytes + 1);
        QVERIFY(exactly.hasValue());
        QCOMPARE(exactly->size(), kMaxSpecFileBytes + 1);
    }
};

QTEST_GUILESS_MAIN(TestUserFile)
#include "tst_userfile.moc"
