#include "document/specdocument.h"
#include "examplecopyfixture.h"
#include "samejson.h"
#include "specdocumentsupport.h"
#include "testfiles.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace tb;
using tbtest::sameJson;

// Each test works on its own copy of the bundled matmul example: edits, undo and validation.
class TestSpecDocument : public documenttest::ExampleCopyFixture
{
    Q_OBJECT
private slots:
    void loadsAndValidatesAnExample()
    {
        SpecDocument document;
        QSignalSpy validity(&document, &SpecDocument::validityChanged);
        QVERIFY2(document.load(m_path), qPrintable(document.errorString()));
        QCOMPARE(document.filePath(), QFileInfo(m_path).absoluteFilePath());
        QVERIFY(!document.isModified());
        QVERIFY(sameJson(document.value("/name"), SpecJson("matmul_blocked")));
        QVERIFY(tbtest::settle(document));
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

    void validationIssuesMapToTheirFields()
    {
        SpecDocument document;
        QVERIFY(document.load(m_path));
        QVERIFY(tbtest::settle(document));
        QVERIFY(document.isValid());
        QSignalSpy validity(&document, &SpecDocument::validityChanged);

        QVERIFY(document.setValue("/parameters/1/values", "oops"));
        QVERIFY(document.setValue("/constraints/0", "BK * (BM + BX) <= 8192"));
        QVERIFY(document.isValidationPending());
        QVERIFY(!document.spec()); // never a spec older than the text
        QVERIFY(tbtest::settle(document));
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
        QVERIFY(tbtest::settle(document));
        QVERIFY(document.isValid());
        QCOMPARE(validity.count(), 2);
        QVERIFY(document.spec());
    }
};

QTEST_GUILESS_MAIN(TestSpecDocument)
#include "tst_specdocument.moc"
