#include "document/specdocument.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <csignal>
#include <sys/resource.h>
#include <unistd.h>

using namespace tb;

namespace {

// A private copy of a bundled example (spec + kernel), so edits and saves touch nothing shared.
QString copyExample(const QTemporaryDir &dir, const QString &name)
{
    const QDir source(tbtest::sourceDir() + QStringLiteral("/resources/examples/") + name);
    for (const auto &file : source.entryList(QDir::Files)) {
        if (!QFile::copy(source.filePath(file), dir.filePath(file)))
            return {};
    }
    return dir.filePath(name + QStringLiteral(".json"));
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// QCOMPARE cannot print a json; say what differed instead.
bool sameJson(const SpecJson &actual, const SpecJson &expected)
{
    if (actual == expected)
        return true;
    qWarning("json differs:\n  actual:   %s\n  expected: %s", actual.dump().c_str(),
             expected.dump().c_str());
    return false;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

} // namespace

class TestSpecDocument : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_path;

    // Validation runs on a pool thread after a quiet period; wait for the verdict.
    static bool settle(const SpecDocument &document)
    {
        return QTest::qWaitFor([&] { return !document.isValidationPending(); }, 10000);
    }

private slots:
    void init()
    {
        QVERIFY(m_dir.isValid());
        QDir(m_dir.path()).removeRecursively();
        QVERIFY(QDir().mkpath(m_dir.path()));
        m_path = copyExample(m_dir, QStringLiteral("matmul"));
        QVERIFY(!m_path.isEmpty());
    }

    void loadsAndValidatesAnExample()
    {
        SpecDocument document;
        QSignalSpy validity(&document, &SpecDocument::validityChanged);
        QVERIFY2(document.load(m_path), qPrintable(document.errorString()));
        QCOMPARE(document.filePath(), QFileInfo(m_path).absoluteFilePath());
        QVERIFY(!document.isModified());
        QVERIFY(sameJson(document.value("/name"), SpecJson("matmul_blocked")));
        QVERIFY(settle(document));
        QVERIFY(document.isValid());
        QCOMPARE(validity.count(), 1);
        QCOMPARE(validity.first().first().toBool(), true);
        const auto spec = document.spec();
        QVERIFY(spec);
        QCOMPARE(spec->name, std::string("matmul_blocked"));
        QCOMPARE(spec->parameters.size(), std::size_t(4));
        QVERIFY(document.issues().empty());
    }

    void editsAreUndoable()
    {
        SpecDocument document;
        QVERIFY(document.load(m_path));
        const SpecJson original = document.json();
        QSignalSpy modified(&document, &SpecDocument::modificationChanged);
        QSignalSpy changed(&document, &SpecDocument::changed);

        QVERIFY(document.setValue("/name", "renamed"));
        QVERIFY(sameJson(document.value("/name"), SpecJson("renamed")));
        QVERIFY(document.isModified());
        QCOMPARE(modified.count(), 1);
        QCOMPARE(changed.last().first().toString(), QStringLiteral("/name"));

        document.undoStack()->undo();
        QVERIFY(sameJson(document.json(), original));
        QVERIFY(!document.isModified());
        QCOMPARE(modified.count(), 2);
        document.undoStack()->redo();
        QVERIFY(sameJson(document.value("/name"), SpecJson("renamed")));

        // Setting the value a field already has is no step at all.
        const int steps = document.undoStack()->count();
        QVERIFY(document.setValue("/name", "renamed"));
        QCOMPARE(document.undoStack()->count(), steps);
    }

    void typingInOneFieldMergesIntoOneStep()
    {
        SpecDocument document;
        QVERIFY(document.load(m_path));
        for (const char *text : {"m", "ma", "mat"})
            QVERIFY(document.setValue("/name", text, SpecDocument::Merge::Typing));
        QCOMPARE(document.undoStack()->count(), 1);
        document.endTyping(); // the field lost focus: the next typing is a new step
        QVERIFY(document.setValue("/name", "math", SpecDocument::Merge::Typing));
        QCOMPARE(document.undoStack()->count(), 2);
        // Another field never merges with this one.
        QVERIFY(document.setValue("/constraints/0", "BM <= 64", SpecDocument::Merge::Typing));
        QCOMPARE(document.undoStack()->count(), 3);

        document.undoStack()->undo();
        document.undoStack()->undo();
        QVERIFY(sameJson(document.value("/name"), SpecJson("mat")));
        document.undoStack()->undo();
        QVERIFY(sameJson(document.value("/name"), SpecJson("matmul_blocked")));
    }

    void typingBackToTheStartLeavesNoStep()
    {
        SpecDocument document;
        QVERIFY(document.load(m_path));
        QVERIFY(document.setValue("/name", "matmul_blocke", SpecDocument::Merge::Typing));
        QVERIFY(document.setValue("/name", "matmul_blocked", SpecDocument::Merge::Typing));
        QCOMPARE(document.undoStack()->count(), 0);
        QVERIFY(!document.isModified());
    }

    void arrayEditsUndoExactly()
    {
        SpecDocument document;
        QVERIFY(document.load(m_path));
        const SpecJson original = document.json();
        QVERIFY(document.insertElement("/constraints", 2, "BM <= 64"));
        QCOMPARE(document.value("/constraints").size(), std::size_t(3));
        QVERIFY(document.moveElement("/constraints", 2, 0));
        QVERIFY(sameJson(document.value("/constraints/0"), SpecJson("BM <= 64")));
        QVERIFY(document.removeElement("/constraints", 1));
        QVERIFY(sameJson(document.value("/constraints/1"), SpecJson("N % BM == 0 && N % BN == 0")));
        QVERIFY(!document.removeElement("/constraints", 7));
        QVERIFY(!document.moveElement("/name", 0, 1));
        QCOMPARE(document.undoStack()->count(), 3);

        while (document.undoStack()->canUndo())
            document.undoStack()->undo();
        QVERIFY(sameJson(document.json(), original));
        QCOMPARE(QString::fromStdString(document.json().dump()),
                 QString::fromStdString(original.dump())); // key order too
    }

    void createdObjectsGoAwayOnUndo()
    {
        SpecDocument document;
        QVERIFY(document.load(m_path));
        const SpecJson original = document.json();
        QVERIFY(document.setValue("/launch/shared_memory", "0"));
        QVERIFY(sameJson(document.value("/launch"), SpecJson({{"shared_memory", "0"}})));
        document.undoStack()->undo();
        QVERIFY(!document.contains("/launch"));
        QVERIFY(sameJson(document.json(), original));

        // An array created by its first element.
        QVERIFY(document.removeValue("/metrics"));
        QVERIFY(document.insertElement("/metrics", 0, {{"name", "x"}, {"expression", "1"}}));
        QCOMPARE(document.value("/metrics").size(), std::size_t(1));

        // A removed key comes back in its place, not at the end of its object.
        QVERIFY(document.removeValue("/verification/rtol"));
        QVERIFY(!document.contains("/verification/rtol"));
        document.undoStack()->undo();
        QCOMPARE(QString::fromStdString(document.value("/verification").dump()),
                 QString::fromStdString(original["verification"].dump()));

        // Writing below a scalar is refused and leaves no step.
        const int steps = document.undoStack()->count();
        QVERIFY(!document.setValue("/name/first", 1));
        QVERIFY(!document.setValue("/parameters/9/name", "X"));
        QCOMPARE(document.undoStack()->count(), steps);
    }

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
        QVERIFY(readAll(m_path).contains(R"({"name": "BM", "values": [16, 32]})"));

        // The engine does not know the field: the issue lands on it.
        QVERIFY(settle(reloaded));
        QVERIFY(!reloaded.isValid());
        QCOMPARE(reloaded.errorsAt("/x_note").size(), 1);
        QVERIFY(reloaded.errorsAt("/x_note").first().contains("unknown"));

        const QString copy = m_dir.filePath("copy.json");
        QSignalSpy pathChanged(&document, &SpecDocument::filePathChanged);
        QVERIFY(document.saveAs(copy));
        QCOMPARE(document.filePath(), copy);
        QCOMPARE(pathChanged.count(), 1);
        QCOMPARE(readAll(copy), readAll(m_path));
    }

    void saveIntoReadOnlyDirectoryLeavesTheFile()
    {
        if (geteuid() == 0)
            QSKIP("root writes into read-only directories; see saveFailureLeavesTheFile");
        SpecDocument document;
        QVERIFY(document.load(m_path));
        const QByteArray before = readAll(m_path);
        QVERIFY(document.setValue("/name", "changed"));
        QVERIFY(QFile::setPermissions(m_dir.path(), QFile::ReadOwner | QFile::ExeOwner));
        const bool saved = document.save();
        QFile::setPermissions(m_dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QVERIFY(!saved);
        QVERIFY(document.errorString().contains(m_path));
        QVERIFY(document.errorString().contains("ermission"));
        QCOMPARE(readAll(m_path), before);
        QVERIFY(document.isModified());
    }

    // Root ignores directory permissions, so also fail the write itself: a file size limit
    // makes the temporary file's write fail as a full disk would.
    void saveFailureLeavesTheFile()
    {
        SpecDocument document;
        QVERIFY(document.load(m_path));
        const QByteArray before = readAll(m_path);
        const QStringList filesBefore = QDir(m_dir.path()).entryList(QDir::Files);
        QVERIFY(document.setValue("/name", "changed"));

        rlimit saved{};
        QCOMPARE(getrlimit(RLIMIT_FSIZE, &saved), 0);
        const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit tiny = saved;
        tiny.rlim_cur = 64;
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &tiny), 0);
        const bool ok = document.save();
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &saved), 0);
        std::signal(SIGXFSZ, previousHandler);

        QVERIFY(!ok);
        QVERIFY2(document.errorString().contains(m_path), qPrintable(document.errorString()));
        QVERIFY(document.errorString().startsWith("Cannot save"));
        QVERIFY2(document.errorString().contains("too large"), qPrintable(document.errorString()));
        QCOMPARE(readAll(m_path), before);
        QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files), filesBefore); // no temp left
        QVERIFY(document.isModified());
    }

    void badFilesAreRefusedWithAClearError()
    {
        SpecDocument document;
        QVERIFY(document.load(m_path));
        const SpecJson original = document.json();

        const QString bad = m_dir.filePath("bad.json");
        QVERIFY(writeFile(bad, "{\n  \"name\": \"x\",\n  oops\n}\n"));
        QVERIFY(!document.load(bad));
        QVERIFY2(document.errorString().contains("line 3, column 3"),
                 qPrintable(document.errorString()));
        QVERIFY(document.errorString().contains(bad));
        QVERIFY(!document.errorString().contains("json.exception"));
        // The open document is untouched.
        QVERIFY(sameJson(document.json(), original));
        QCOMPARE(document.filePath(), QFileInfo(m_path).absoluteFilePath());

        QVERIFY(writeFile(bad, "[1, 2]"));
        QVERIFY(!document.load(bad));
        QVERIFY(document.errorString().contains("expected a JSON object"));

        const QString missing = m_dir.filePath("missing.json");
        QVERIFY(!document.load(missing));
        QVERIFY(document.errorString().contains(missing));
        QVERIFY(document.errorString().contains("No such file"));
        QVERIFY(!document.load(m_dir.path()));
        QVERIFY(document.errorString().contains("directory"));
    }

    void validationIssuesMapToTheirFields()
    {
        SpecDocument document;
        QVERIFY(document.load(m_path));
        QVERIFY(settle(document));
        QVERIFY(document.isValid());
        QSignalSpy validity(&document, &SpecDocument::validityChanged);

        QVERIFY(document.setValue("/parameters/1/values", "oops"));
        QVERIFY(document.setValue("/constraints/0", "BK * (BM + BX) <= 8192"));
        QVERIFY(document.isValidationPending());
        QVERIFY(!document.spec()); // never a spec older than the text
        QVERIFY(settle(document));
        QVERIFY(!document.isValid());
        QCOMPARE(validity.count(), 1);
        QCOMPARE(validity.first().first().toBool(), false);

        const QStringList values = document.errorsAt("/parameters/1/values");
        QCOMPARE(values.size(), 1);
        QVERIFY2(values.first().contains("array"), qPrintable(values.first()));
        const QStringList constraint = document.errorsAt("/constraints/0");
        QCOMPARE(constraint.size(), 1);
        QVERIFY2(constraint.first().contains("BX"), qPrintable(constraint.first()));
        QVERIFY(document.errorsAt("/constraints/1").isEmpty());
        QVERIFY(document.errorsAt("/parameters").isEmpty());
        // A section sees its fields' issues, with the relative path.
        QCOMPARE(document.errorsUnder("/parameters"), QStringList("1/values: " + values.first()));

        document.undoStack()->undo();
        document.undoStack()->undo();
        QVERIFY(settle(document));
        QVERIFY(document.isValid());
        QCOMPARE(validity.count(), 2);
        QVERIFY(document.spec());
    }
};

QTEST_GUILESS_MAIN(TestSpecDocument)
#include "tst_specdocument.moc"
