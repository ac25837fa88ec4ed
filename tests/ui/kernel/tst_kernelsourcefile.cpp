// KernelSourceFile: where a spec's kernel file is, reading and saving it, and which compiler
// messages are about it; without the page's widgets.
#include "kernel/compilermessage.h"
#include "kernel/kernelsourcefile.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

CompilerMessage messageIn(const QString &file)
{
    CompilerMessage message;
    message.file = file;
    message.line = 3;
    return message;
}

QByteArray contentOf(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestKernelSourceFile : public QObject
{
    Q_OBJECT

private slots:
    void resolvesTheSpecsKernelPath()
    {
        Spec spec;
        QVERIFY(KernelSourceFile::resolvePath(spec, "/specs/a.json").isEmpty()); // inline
        spec.kernel.sourcePath = "/abs/k/../kernel.cu";
        QCOMPARE(KernelSourceFile::resolvePath(spec, "/specs/a.json"), QString("/abs/kernel.cu"));
        spec.kernel.sourcePath = "src/kernel.cu";
        QCOMPARE(KernelSourceFile::resolvePath(spec, "/specs/a.json"),
                 QString("/specs/src/kernel.cu"));
        spec.baseDirectory = "/base";
        QCOMPARE(KernelSourceFile::resolvePath(spec, "/specs/a.json"),
                 QString("/base/src/kernel.cu"));
    }

    void loadsInlineCodeWithNothingToSave()
    {
        Spec spec;
        spec.kernel.code = "void f() {}";
        KernelSourceFile source;
        const auto loaded = source.load(spec, QString());
        QVERIFY(loaded.ok());
        QCOMPARE(loaded.text, QString("void f() {}"));
        QVERIFY(source.isInline());
        QVERIFY(!source.canSave());
        QVERIFY(source.save("x").contains("inline in the spec"));
        QVERIFY(source.isAbout(messageIn("kernel.cu")));
        QVERIFY(!source.isAbout(messageIn("/usr/include/kernel.h")));
        QVERIFY(!source.isAbout(messageIn("other.cu")));
    }

    void readsAndSavesTheFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("kernel.cu");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("old");
        file.close();

        KernelSourceFile source;
        const auto loaded = source.load(Spec{}, path);
        QVERIFY(loaded.ok());
        QCOMPARE(loaded.text, QString("old"));
        QCOMPARE(source.path(), path);
        QVERIFY(source.canSave());
        QVERIFY(source.save("new").isEmpty());
        QCOMPARE(contentOf(path), QByteArray("new"));

        QVERIFY(source.isAbout(messageIn(path)));
        QVERIFY(source.isAbout(messageIn("kernel.cu"))); // a relative name, as NVRTC's
        QVERIFY(!source.isAbout(messageIn("/elsewhere/kernel.cu")));
        QVERIFY(!source.isAbout(messageIn("other.cu")));
    }

    void refusesToSaveAFileItCouldNotRead()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("missing.cu");
        KernelSourceFile source;
        const auto loaded = source.load(Spec{}, path);
        QVERIFY(!loaded.ok());
        QVERIFY(loaded.text.isEmpty());
        QVERIFY(!source.canSave());
        QVERIFY(source.save("x").contains("could not be read"));
        QVERIFY(!QFile::exists(path)); // nothing written
    }
};

QTEST_GUILESS_MAIN(TestKernelSourceFile)
#include "tst_kernelsourcefile.moc"
