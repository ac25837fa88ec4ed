#include "filesizelimit.h"
#include "kernel/sourcefilewriter.h"
#include "testfiles.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

class TestSourceFileWriter : public QObject
{
    Q_OBJECT
private slots:
    void replacesTheContentAndKeepsThePermissions()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("k.cu"));
        QVERIFY(tbtest::writeFile(path, "old"));
        const auto mode = QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup;
        QVERIFY(QFile::setPermissions(path, mode));
        QCOMPARE(SourceFileWriter::write(path, "new text\n"), QString());
        QCOMPARE(tbtest::readFile(path), QByteArray("new text\n"));
        QCOMPARE(QFile::permissions(path) & ~(QFile::ReadUser | QFile::WriteUser | QFile::ExeUser),
                 mode);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList({"k.cu"}));
    }

    void followsASymbolicLink()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath(QStringLiteral("real.c"));
        const QString link = dir.filePath(QStringLiteral("link.c"));
        QVERIFY(tbtest::writeFile(target, "old"));
        QVERIFY(QFile::link(target, link));
        QCOMPARE(SourceFileWriter::write(link, "new"), QString());
        QVERIFY(QFileInfo(link).isSymLink());
        QCOMPARE(tbtest::readFile(target), QByteArray("new"));
    }

    void leavesTheFileAsItWasWhenAWriteFails()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("k.c"));
        const QByteArray before(500, 'a');
        QVERIFY(tbtest::writeFile(path, before));
        // Writes past 64 bytes fail with EFBIG (root included).
        tbtest::FileSizeLimit limit(64);
        QVERIFY(limit.isSet());
        const QString problem = SourceFileWriter::write(path, QByteArray(1000, 'b'));
        QVERIFY(limit.restore());
        QVERIFY2(problem.contains(QStringLiteral("cannot write")), qPrintable(problem));
        QCOMPARE(tbtest::readFile(path), before);
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
