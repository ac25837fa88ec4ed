#include "space/argumentsmodel.h"
#include "space/bufferiniteditor.h"
#include "space/errorlabel.h"
#include "space/fieldlineedit.h"
#include "space/jsonfield.h"
#include "space/parametersmodel.h"
#include "space/sizesmodel.h"
#include "spacepagefixture.h"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>

using namespace tb;
using namespace spacetest;

// The table editors (parameters, problem sizes, arguments): cell edits, keys and buttons go
// through the document as undoable steps.
class TestSpaceTables : public SpacePageFixture
{
    Q_OBJECT
private slots:
    void parameterTableEditsGoThroughTheDocument()
    {
        ParametersEditor *editor = m_page->parametersEditor();
        QTableView *view = editor->view();
        auto *model = editor->model();

        QTest::mouseClick(editor->addButton(), Qt::LeftButton);
        QCOMPARE(m_document->value("/parameters").size(), std::size_t(5));
        // The new row's name is open for typing.
        QWidget *nameEditor = QApplication::focusWidget();
        QVERIFY(nameEditor && nameEditor != view);
        QTest::keyClick(nameEditor, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(nameEditor, "TILE");
        QTest::keyClick(nameEditor, Qt::Key_Return);
        QCoreApplication::processEvents();
        QVERIFY(sameJson(m_document->value("/parameters/4/name"), "TILE"));

        editCell(view, model->index(4, ParametersModel::Values), "4, 8, 16");
        QVERIFY(sameJson(m_document->value("/parameters/4/values"), {4, 8, 16}));

        // Kind: pick "range" in the cell's combo box with the keyboard.
        view->setCurrentIndex(model->index(4, ParametersModel::Kind));
        QTest::keyClick(view, Qt::Key_F2);
        auto *combo = qobject_cast<QComboBox *>(QApplication::focusWidget());
        QVERIFY(combo);
        QTest::keyClick(combo, Qt::Key_Down);
        QVERIFY(sameJson(m_document->value("/parameters/4"),
                         {{"name", "TILE"}, {"range", {{"start", 4}, {"stop", 16}, {"step", 4}}}}));
        QCOMPARE(model->index(4, ParametersModel::Values).data().toString(),
                 QStringLiteral("4, 8, 12, 16 (4 values)"));
        editCell(view, model->index(4, ParametersModel::Step), "6");
        QVERIFY(sameJson(m_document->value("/parameters/4/range/step"), 6));

        view->setCurrentIndex(model->index(4, 0));
        QTest::mouseClick(editor->upButton(), Qt::LeftButton);
        QVERIFY(sameJson(m_document->value("/parameters/3/name"), "TILE"));
        QCOMPARE(view->currentIndex().row(), 3);
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Delete); // the table's own shortcut
        QCOMPARE(m_document->value("/parameters").size(), std::size_t(4));

        // Ctrl+Z on the page walks back every step, Ctrl+Shift+Z forward again.
        const int steps = m_document->undoStack()->count();
        QCOMPARE(steps, 7); // add, rename, values, kind, step, move, remove
        for (int i = 0; i < steps; ++i)
            QTest::keyClick(view, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(sameJson(m_document->json(), m_original));
        QCOMPARE(model->rowCount(), 4);
        QTest::keyClick(view, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(model->rowCount(), 5);
    }

    void aBadParameterShowsItsError()
    {
        auto *model = m_page->parametersEditor()->model();
        editCell(m_page->parametersEditor()->view(), model->index(1, ParametersModel::Values),
                 "32, x");
        QVERIFY(sameJson(m_document->value("/parameters/1/values"), "32, x")); // kept as typed
        QVERIFY(settle());
        const QString tip =
            model->index(1, ParametersModel::Values).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains("array"), qPrintable(tip));
        QVERIFY(model->index(1, ParametersModel::Values).data(Qt::ForegroundRole).isValid());
        QVERIFY(!model->index(1, ParametersModel::Name).data(Qt::DecorationRole).isNull());
        ErrorLabel *label = m_page->parametersEditor()->errorLabel();
        QVERIFY(label->isVisible());
        QVERIFY2(label->text().startsWith("BN: values:"), qPrintable(label->text()));
        QVERIFY(m_page->statusLabel()->text().contains("1 problem"));
    }

    void sizesVariablesAndRows()
    {
        SizesEditor *editor = m_page->sizesEditor();
        QCOMPARE(editor->variablesEdit()->text(), QStringLiteral("N"));
        editor->variablesEdit()->setFocus();
        editor->variablesEdit()->selectAll();
        QTest::keyClicks(editor->variablesEdit(), "N, K");
        QTest::keyClick(editor->variablesEdit(), Qt::Key_Return);
        QVERIFY(sameJson(m_document->value("/problem_sizes"),
                         {{{"N", 256}, {"K", 1}}, {{"N", 512}, {"K", 1}}}));
        QCOMPARE(editor->model()->columnCount(), 2);
        editCell(editor->view(), editor->model()->index(1, 1), "64");
        QVERIFY(sameJson(m_document->value("/problem_sizes/1/K"), 64));
        QTest::mouseClick(editor->addButton(), Qt::LeftButton);
        QVERIFY(sameJson(m_document->value("/problem_sizes/2"), {{"N", 1024}, {"K", 128}}));
        undoAll();
        QCOMPARE(editor->variablesEdit()->text(), QStringLiteral("N"));
        QCOMPARE(editor->model()->columnCount(), 1);
        QCOMPARE(editor->model()->rowCount(), 2);
    }

    void argumentsAndBufferContents()
    {
        ArgumentsEditor *editor = m_page->argumentsEditor();
        auto *model = editor->model();
        QCOMPARE(model->index(2, ArgumentsModel::Output).data(Qt::CheckStateRole).toInt(),
                 int(Qt::Checked));
        editCell(editor->view(), model->index(0, ArgumentsModel::SizeOrValue), "N*N + 1");
        QVERIFY(sameJson(m_document->value("/arguments/0/size"), "N*N + 1"));

        // C has no init: pick "constant" and type its value.
        editor->view()->setCurrentIndex(model->index(2, 0));
        BufferInitEditor *init = editor->initEditor();
        QCOMPARE(init->kindCombo()->currentText(), QStringLiteral("zero"));
        init->kindCombo()->setFocus();
        QTest::keyClick(init->kindCombo(), Qt::Key_Down);
        QVERIFY(sameJson(m_document->value("/arguments/2/init"), {{"constant", 0}}));
        JsonField *value = init->field("constant");
        QVERIFY(value->isVisibleTo(init));
        QVERIFY(!init->field("seed")->isVisibleTo(init));
        value->lineEdit()->setFocus();
        value->lineEdit()->selectAll();
        QTest::keyClicks(value->lineEdit(), "2.5");
        QVERIFY(sameJson(m_document->value("/arguments/2/init"), {{"constant", 2.5}}));

        // A's random seed is shown and edited in place.
        editor->view()->setCurrentIndex(model->index(0, 0));
        QCOMPARE(init->kindCombo()->currentText(), QStringLiteral("random"));
        QCOMPARE(init->field("seed")->lineEdit()->text(), QStringLiteral("1"));

        // A becomes a constant (__constant__ memory): size and init stay, it can be no output.
        QVERIFY(model->setData(model->index(0, ArgumentsModel::Kind), QStringLiteral("constant"),
                               Qt::EditRole));
        QVERIFY(sameJson(m_document->value("/arguments/0/kind"), "constant"));
        QVERIFY(sameJson(m_document->value("/arguments/0/size"), "N*N + 1"));
        QVERIFY(m_document->value("/arguments/0/init").is_object());
        QVERIFY(!(model->index(0, ArgumentsModel::Output).flags() & Qt::ItemIsUserCheckable));
        QCOMPARE(model->index(0, ArgumentsModel::SizeOrValue).data().toString(),
                 QStringLiteral("N*N + 1"));

        // n is a scalar: its value is in the size/value column, no init.
        editor->view()->setCurrentIndex(model->index(3, 0));
        QVERIFY(!init->kindCombo()->isEnabled());
        QCOMPARE(model->index(3, ArgumentsModel::SizeOrValue).data().toString(),
                 QStringLiteral("N"));
        undoAll();
        QVERIFY(sameJson(m_document->json(), m_original));
    }
};

QTEST_MAIN(TestSpaceTables)
#include "tst_spacetables.moc"
