#include "kernel/sourcefilewriter.h"
#include "kerneltestsupport.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/resource.h>

using namespace tb;

namespace {

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(bytes), bytes.size());
}

} // namespace

class TestSourceFileWriter : public QObject
{
    Q_OBJECT
private slots:
    void replacesTheContentAndKeepsThePermissions()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("k.cu"));
        writeFile(path, "old");
        const auto mode = QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup;
        QVERIFY(QFile::setPermissions(path, mode));
        QCOMPARE(SourceFileWriter::write(path, "new text\n"), QString());
        QCOMPARE(kerneltest::readFile(path), QByteArray("new text\n"));
        QCOMPARE(QFile::permissions(path) & ~(QFile::ReadUser | QFile::WriteUser | QFile::ExeUser),
                 mode);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList({"k.cu"}));
    }

    void followsASymbolicLink()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath(QStringLiteral("real.c"));
        const QString link = dir.filePath(QStringLiteral("link.c"));
        writeFile(target, "old");
        QVERIFY(QFile::link(target, link));
        QCOMPARE(SourceFileWriter::write(link, "new"), QString());
        QVERIFY(QFileInfo(link).isSymLink());
        QCOMPARE(kerneltest::readFile(target), QByteArray("new"));
    }

    void leavesTheFileAsItWasWhenAWriteFails()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("k.c"));
        const QByteArray before(500, 'a');
        writeFile(path, before);
        // Writes past 64 bytes fail with EFBIG (root included).
        rlimit saved{};
        ::getrlimit(RLIMIT_FSIZE, &saved);
        const auto handler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit limit = saved;
        limit.rlim_cur = 64;
        ::setrlimit(RLIMIT_FSIZE, &limit);
        const QString problem = SourceFileWriter::write(path, QByteArray(1000, 'b'));
        ::setrlimit(RLIMIT_FSIZE, &saved);
        std::signal(SIGXFSZ, handler);
        QVERIFY2(problem.contains(QStringLiteral("cannot write")), qPrintable(problem));
        QCOMPARE(kerneltest::readFile(path), before);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList({"k.c"}));
    }

    void namesTheReasonWhenTheDirectoryIsMissing()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("gone/k.c"));
        const QString problem = SourceFileWriter::write(path, "x");
        QVERIFY2(problem.contains(QStringLiteral("No such file or directory")),
                 qPrintable(problem));
        QVERIFY(problem.contains(dir.filePath(QStringLiteral("gone"))));
        QVERIFY(!QFile::exists(path));
    }
};

QTEST_GUILESS_MAIN(TestSourceFileWriter)
#include "tst_sourcefilewriter.moc"
