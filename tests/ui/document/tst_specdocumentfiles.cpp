#include "document/specdocument.h"
#include "examplecopyfixture.h"
#include "filesizelimit.h"
#include "samejson.h"
#include "specdocumentsupport.h"
#include "testfiles.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace tb;
using tbtest::sameJson;

// Saving and loading a copy of the bundled matmul example: what reaches the disk, and that a
// failure loses nothing.
class TestSpecDocumentFiles : public documenttest::ExampleCopyFixture
{
    Q_OBJECT
private slots:
    void savesAndReloadsKeepingUnknownFieldsAndOrder()
    {
        SpecDocument document;
        QVERIFY(document.load(m_path));
        QVERIFY(document.setValue("/x_note", "keep me"));
        QVERIFY(document.setValue("/parameters/0/values", SpecJson::array({16, 32})));
        QVERIFY(document.isModified());
        QSignalSpy modified(&document, &SpecDocument::modificationChanged);
        QVERIFY2(document.save(), qPrintable(document.errorString()));
        QVERIFY(!document.isModified());
        QCOMPARE(modified.count(), 1);

        SpecDocument reloaded;
        QVERIFY2(reloaded.load(m_path), qPrintable(reloaded.errorString()));
        QVERIFY(sameJson(reloaded.json(), document.json()));
        QCOMPARE(QString::fromStdString(reloaded.json().dump()),
                 QString::fromStdString(document.json().dump()));
        QVERIFY(sameJson(reloaded.value("/x_note"), SpecJson("keep me")));
        // Short objects stay on one line, as people write them.
        QVERIFY(tbtest::readFile(m_path).contains(R"({"name": "BM", "values": [16, 32]})"));

        // The engine does not know the field: the issue lands on it.
        QVERIFY(tbtest::settle(reloaded));
        QVERIFY(!reloaded.isValid());
        QCOMPARE(reloaded.errorsAt("/x_note").size(), 1);
        QVERIFY(reloaded.errorsAt("/x_note").first().contains("unknown"));

        const QString copy = m_dir.filePath("copy.json");
        QSignalSpy pathChanged(&document, &SpecDocument::filePathChanged);
        QVERIFY(document.saveAs(copy));
        QCOMPARE(document.filePath(), copy);
        QCOMPARE(pathChanged.count(), 1);
        QCOMPARE(tbtest::readFile(copy), tbtest::readFile(m_path));
    }

    // A spec made here (File > New spec from kernel...) is modified until saved to its path.
    void anUnsavedResetIsWrittenBySave()
    {
        SpecDocument source;
        QVERIFY(source.load(m_path));
        const QString path = m_dir.filePath("made.json");
        SpecDocument document;
        QSignalSpy modified(&document, &SpecDocument::modificationChanged);
        document.resetUnsaved(source.json(), path);
        QCOMPARE(document.filePath(), path);
        QVERIFY(document.isModified());
        QCOMPARE(modified.count(), 1);
        QVERIFY(!QFile::exists(path));
        QVERIFY2(document.save(), qPrintable(document.errorString()));
        QVERIFY(!document.isModified());
        SpecDocument reloaded;
        QVERIFY(reloaded.load(path));
        QVERIFY(sameJson(reloaded.json(), source.json()));
    }

    void saveIntoReadOnlyDirectoryLeavesTheFile()
    {
        if (geteuid() == 0)
            QSKIP("root writes into read-only directories; see saveFailureLeavesTheFile");
        SpecDocument document;
        QVERIFY(document.load(m_path));
        const QByteArray before = tbtest::readFile(m_path);
        QVERIFY(document.setValue("/name", "changed"));
        QVERIFY(QFile::setPermissions(m_dir.path(), QFile::ReadOwner | QFile::ExeOwner));
        const bool saved = document.save();
        QFile::setPermissions(m_dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QVERIFY(!saved);
        QVERIFY(document.errorString().contains(m_path));
        QVERIFY(document.errorString().contains("ermission"));
        QCOMPARE(tbtest::readFile(m_path), before);
        QVERIFY(document.isModified());
    }

    // Root ignores directory permissions, so also fail the write itself: a file size limit
    // makes the temporary file's write fail as a full disk would.
    void saveFailureLeavesTheFile()
    {
        SpecDocument document;
        QVERIFY(document.load(m_path));
        const QByteArray before = tbtest::readFile(m_path);
        const QStringList filesBefore = QDir(m_dir.path()).entryList(QDir::Files);
        QVERIFY(document.setValue("/name", "changed"));

        tbtest::FileSizeLimit tiny(64);
        QVERIFY(tiny.isSet());
        const bool ok = document.save();
        QVERIFY(tiny.restore());

        QVERIFY(!ok);
        QVERIFY2(document.errorString().contains(m_path), qPrintable(document.errorString()));
        QVERIFY(document.errorString().startsWith("Cannot save"));
        QVERIFY2(document.errorString().contains("too large"), qPrintable(document.errorString()));
        QCOMPARE(tbtest::readFile(m_path), before);
        QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files), filesBefore); // no temp left
        QVERIFY(document.isModified());
    }

    void badFilesAreRefusedWithAClearError()
    {
        SpecDocument document;
        QVERIFY(document.load(m_path));
        const SpecJson original = document.json();

        const QString bad = m_dir.filePath("bad.json");
        QVERIFY(tbtest::writeFile(bad, "{\n  \"name\": \"x\",\n  oops\n}\n"));
        QVERIFY(!document.load(bad));
        QVERIFY2(document.errorString().contains("line 3, column 3"),
                 qPrintable(document.errorString()));
        QVERIFY(document.errorString().contains(bad));
        QVERIFY(!document.errorString().contains("json.exception"));
        // The open document is untouched.
        QVERIFY(sameJson(document.json(), original));
        QCOMPARE(document.filePath(), QFileInfo(m_path).absoluteFilePath());

        // A number beyond a double is valid syntax the parser refuses (it threw past load()).
        QVERIFY(tbtest::writeFile(bad, "{\"name\": \"x\", \"n\": 1e777777777}"));
        QVERIFY(!document.load(bad));
        QVERIFY2(document.errorString().contains("number overflow"),
                 qPrintable(document.errorString()));
        QVERIFY(!document.errorString().contains("json.exception"));
        QVERIFY(sameJson(document.json(), original));

        QVERIFY(tbtest::writeFile(bad, "[1, 2]"));
        QVERIFY(!document.load(bad));
        QVERIFY(document.errorString().contains("expected a JSON object"));

        const QString missing = m_dir.filePath("missing.json");
        QVERIFY(!document.load(missing));
        QVERIFY(document.errorString().contains(missing));
        QVERIFY(document.errorString().contains("No such file"));
        QVERIFY(!document.load(m_dir.path()));
        QVERIFY(document.errorString().contains("directory"));
    }

    // Issue 34, item 4: /dev/zero ran the workbench out of memory, a FIFO blocked it; both are
    // refused unread, naming the file and why, and the open document stays.
    void aDeviceOrAFifoIsRefusedUnread()
    {
        SpecDocument document;
        QVERIFY(document.load(m_path));
        const SpecJson original = document.json();

        QVERIFY(!document.load("/dev/zero"));
        QVERIFY2(document.errorString().contains("/dev/zero") &&
                     document.errorString().contains("character device"),
                 qPrintable(document.errorString()));

        const QString fifo = m_dir.filePath("spec.fifo");
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        QVERIFY(!document.load(fifo)); // returns: no writer is waited for
        QVERIFY2(document.errorString().contains("FIFO"), qPrintable(document.errorString()));
        QVERIFY(sameJson(document.json(), original));
        QCOMPARE(document.filePath(), QFileInfo(m_path).absoluteFilePath());
    }
};

QTEST_GUILESS_MAIN(TestSpecDocumentFiles)
#include "tst_specdocumentfiles.moc"
