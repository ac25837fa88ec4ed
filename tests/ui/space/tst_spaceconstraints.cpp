#include "space/constraintseditor.h"
#include "space/errorlabel.h"
#include "space/fieldlineedit.h"
#include "space/jsonfield.h"
#include "space/validcounter.h"
#include "spacepagefixture.h"

#include <QLabel>
#include <QPushButton>
#include <QToolButton>

using namespace tb;
using namespace spacetest;

// Constraints: checked as they are typed, and the valid configurations counted off the GUI
// thread.
class TestSpaceConstraints : public SpacePageFixture
{
    Q_OBJECT
private slots:
    // A superseded count stops early; an unsound grid says why instead of counting.
    void counterStopsWhenCancelledAndExplainsBadGrids()
    {
        const std::atomic<bool> cancelled{true};
        QVERIFY(ValidCounter::count(m_document->json(), cancelled).sizes.isEmpty());
        const std::atomic<bool> running{false};
        const auto full = ValidCounter::count(m_document->json(), running);
        QCOMPARE(full.sizes.size(), 2);
        QCOMPARE(full.sizes[0].total, quint64(128));
        QVERIFY(full.error.isEmpty());

        SpecJson json = m_document->json();
        json["parameters"][0]["values"] = SpecJson::array();
        const auto empty = ValidCounter::count(json, running);
        QVERIFY(empty.sizes.isEmpty());
        QVERIFY2(empty.error.startsWith("/parameters/0/values: "), qPrintable(empty.error));
        json = m_document->json();
        json["constraints"][0] = "BM < ";
        QVERIFY(ValidCounter::count(json, running).error.contains("cannot parse"));
    }

    void constraintsAreCheckedAsTypedAndCounted()
    {
        ConstraintsEditor *editor = m_page->constraintsEditor();
        QLabel *count = editor->countLabel();
        QTRY_COMPARE(count->text(), expectedCount(*m_document));
        QVERIFY(count->text().startsWith("N=256: "));

        JsonField *field = editor->field(0);
        FieldLineEdit *edit = field->lineEdit();
        edit->setFocus();
        edit->end(false);
        QTest::keyClicks(edit, " && BX > 0");
        QCOMPARE(count->text(), QStringLiteral("counting..."));
        QVERIFY(sameJson(m_document->value("/constraints/0"), "BK * (BM + BN) <= 8192 && BX > 0"));
        // The error shows at once, before any validation ran.
        QVERIFY(field->errorLabel()->isVisible());
        QVERIFY2(field->errorLabel()->text().contains("unknown name 'BX'"),
                 qPrintable(field->errorLabel()->text()));
        QVERIFY(m_page->constraintsEditor()->field(1)->errorLabel()->isHidden());
        QTRY_VERIFY(count->text().contains("not known"));
        // ... and the validator agrees, on the same field.
        QVERIFY(settle());
        QVERIFY(m_document->errorsAt("/constraints/0").join("").contains("BX"));

        for (int i = 0; i < 10; ++i)
            QTest::keyClick(edit, Qt::Key_Backspace);
        QTest::keyClicks(edit, " && UNROLL == 1");
        QVERIFY(field->errorLabel()->isHidden());
        QTRY_COMPARE(count->text(), expectedCount(*m_document));
        const QString tighter = count->text();
        QVERIFY(tighter.contains(" of 128 valid"));

        // All that typing is one undo step.
        QCOMPARE(m_document->undoStack()->count(), 1);
        QTest::keyClick(edit, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(sameJson(m_document->json(), m_original));
        QCOMPARE(edit->text(), QStringLiteral("BK * (BM + BN) <= 8192"));
        QTRY_COMPARE(count->text(), expectedCount(*m_document));
        QVERIFY(count->text() != tighter);
        QTest::keyClick(edit, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(edit->text(), QStringLiteral("BK * (BM + BN) <= 8192 && UNROLL == 1"));
        QTRY_COMPARE(count->text(), tighter);
    }

    void addingAndRemovingConstraints()
    {
        ConstraintsEditor *editor = m_page->constraintsEditor();
        QTest::mouseClick(editor->addButton(), Qt::LeftButton);
        QCOMPARE(editor->rowCount(), 3);
        QVERIFY(editor->field(2)->lineEdit()->hasFocus());
        QTest::keyClicks(editor->field(2)->lineEdit(), "BN >= BM");
        QVERIFY(sameJson(m_document->value("/constraints/2"), "BN >= BM"));
        QTRY_COMPARE(editor->countLabel()->text(), expectedCount(*m_document));
        QTest::mouseClick(editor->removeButton(0), Qt::LeftButton);
        QCOMPARE(editor->rowCount(), 2);
        QCOMPARE(editor->field(1)->lineEdit()->text(), QStringLiteral("BN >= BM"));
        undoAll();
        QCOMPARE(editor->rowCount(), 2);
        QCOMPARE(editor->field(0)->lineEdit()->text(), QStringLiteral("BK * (BM + BN) <= 8192"));
    }

    // Ctrl+Z right after "Add constraint", the focus in the new empty row, takes the row away
    // again, and the next Ctrl+Z undoes the edit before it (issue 34, item 14): the removed
    // row took the focus with it, and Undo, a shortcut of the page, had nowhere to land.
    void undoAfterAddingAConstraintKeepsUndoing()
    {
        QVERIFY(m_document->setValue("/measurement/min_samples", 4));
        ConstraintsEditor *editor = m_page->constraintsEditor();
        QTest::mouseClick(editor->addButton(), Qt::LeftButton);
        QCOMPARE(editor->rowCount(), 3);
        QVERIFY(editor->field(2)->lineEdit()->hasFocus());
        const auto ctrlZ = [this] { // as the keyboard does: to whatever holds the focus
            QWidget *focus = QApplication::focusWidget();
            QTest::keyClick(focus ? focus : m_page.get(), Qt::Key_Z, Qt::ControlModifier);
        };
        ctrlZ();
        QCOMPARE(editor->rowCount(), 2);
        QVERIFY(m_page->isAncestorOf(QApplication::focusWidget()));
        ctrlZ();
        QVERIFY(sameJson(m_document->json(), m_original));
        QVERIFY(!m_document->undoStack()->canUndo());
    }
};

QTEST_MAIN(TestSpaceConstraints)
#include "tst_spaceconstraints.moc"
