#include "document/specdocument.h"
#include "space/argumentseditor.h"
#include "space/argumentsmodel.h"
#include "space/bufferiniteditor.h"
#include "space/constraintseditor.h"
#include "space/errorlabel.h"
#include "space/fieldlineedit.h"
#include "space/geometryfield.h"
#include "space/jsoncombofield.h"
#include "space/jsonfield.h"
#include "space/launcheditor.h"
#include "space/parameterseditor.h"
#include "space/parametersmodel.h"
#include "space/runsettingseditor.h"
#include "space/searchspace.h"
#include "space/sizeseditor.h"
#include "space/sizesmodel.h"
#include "space/spacepage.h"
#include "space/specbasicseditor.h"
#include "space/validcounter.h"
#include "space/variables.h"
#include "space/verificationeditor.h"
#include "spec/specloader.h"
#include "testpaths.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

#include <memory>

using namespace tb;

namespace {

QString copyExample(const QTemporaryDir &dir, const QString &name)
{
    const QDir source(tbtest::sourceDir() + QStringLiteral("/resources/examples/") + name);
    for (const auto &file : source.entryList(QDir::Files)) {
        if (!QFile::copy(source.filePath(file), dir.filePath(file)))
            return {};
    }
    return dir.filePath(name + QStringLiteral(".json"));
}

bool sameJson(const SpecJson &actual, const SpecJson &expected)
{
    if (actual == expected)
        return true;
    qWarning("json differs:\n  actual:   %s\n  expected: %s", actual.dump().c_str(),
             expected.dump().c_str());
    return false;
}

// What the count label must say, computed independently with the engine's SearchSpace.
QString expectedCount(const SpecDocument &document)
{
    SpecJson json = document.json();
    json.erase("verification"); // a reference config that the constraints reject is no matter
    SpecLoader loader;
    auto spec = loader.parse(json.dump(), document.baseDirectory().toStdString());
    if (!spec)
        return QStringLiteral("(spec invalid: %1)").arg(spec.error().toString().c_str());
    QStringList lines;
    const QLocale locale;
    for (std::size_t size = 0; size < spec->sizes.values.size(); ++size) {
        auto space = SearchSpace::build(*spec, size);
        if (!space)
            return QStringLiteral("(no space)");
        lines << QStringLiteral("%1: %2 of %3 valid")
                     .arg(QString::fromStdString(problemSizeLabel(*spec, size)),
                          locale.toString(space->validCount()),
                          locale.toString(space->totalCount()));
    }
    return lines.join(QLatin1Char('\n'));
}

// Replaces the text of the cell editor the view opens on `index` and commits it with Enter.
void editCell(QTableView *view, const QModelIndex &index, const QString &text)
{
    view->setCurrentIndex(index);
    view->setFocus();
    QTest::keyClick(view, Qt::Key_F2);
    QWidget *editor = QApplication::focusWidget();
    QVERIFY(editor && editor != view);
    QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(editor, text);
    QTest::keyClick(editor, Qt::Key_Return);
    QCoreApplication::processEvents(); // the delegate commits in a queued call
}

} // namespace

class TestSpacePage : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    std::unique_ptr<SpecDocument> m_document;
    std::unique_ptr<SpacePage> m_page;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> m_testers;
    SpecJson m_original;

    bool settle() const
    {
        return QTest::qWaitFor([this] { return !m_document->isValidationPending(); }, 10000);
    }
    void undoAll()
    {
        while (m_document->undoStack()->canUndo())
            m_document->undoStack()->undo();
    }

private slots:
    void init()
    {
        QVERIFY(m_dir.isValid());
        QDir(m_dir.path()).removeRecursively();
        QVERIFY(QDir().mkpath(m_dir.path()));
        const QString path = copyExample(m_dir, QStringLiteral("matmul"));
        m_document = std::make_unique<SpecDocument>();
        QVERIFY2(m_document->load(path), qPrintable(m_document->errorString()));
        m_original = m_document->json();
        m_page = std::make_unique<SpacePage>(m_document.get());
        m_page->resize(1100, 900);
        m_page->show();
        m_page->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_page.get()));
        using Mode = QAbstractItemModelTester::FailureReportingMode;
        for (QAbstractItemModel *model : std::initializer_list<QAbstractItemModel *>{
                 m_page->parametersEditor()->model(), m_page->sizesEditor()->model(),
                 m_page->argumentsEditor()->model()})
            m_testers.push_back(std::make_unique<QAbstractItemModelTester>(model, Mode::QtTest));
        QVERIFY(settle());
        QVERIFY(m_document->isValid());
    }

    void cleanup()
    {
        m_testers.clear();
        m_page.reset();
        m_document.reset();
    }

    void showsTheSpec()
    {
        QCOMPARE(m_page->statusLabel()->text(), QStringLiteral("The spec is valid."));
        QCOMPARE(m_page->basicsEditor()->nameField()->lineEdit()->text(),
                 QStringLiteral("matmul_blocked"));
        auto *parameters = m_page->parametersEditor()->model();
        QCOMPARE(parameters->rowCount(), 4);
        QCOMPARE(parameters->index(0, ParametersModel::Values).data().toString(),
                 QStringLiteral("16, 32, 64, 128"));
        QCOMPARE(m_page->sizesEditor()->model()->rowCount(), 2);
        QCOMPARE(m_page->argumentsEditor()->model()->rowCount(), 4);
        QCOMPARE(m_page->constraintsEditor()->rowCount(), 2);
        // A CPU spec: the launch geometry is off, with a note.
        QVERIFY(!m_page->launchEditor()->gridField()->isEnabled());
    }

    // The same page follows the document through loads of every bundled example.
    void followsEveryExample_data()
    {
        QTest::addColumn<QString>("example");
        for (const char *name : {"stencil", "copy_scale", "sgemm", "matmul"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    void followsEveryExample()
    {
        QFETCH(QString, example);
        QTemporaryDir dir;
        const QString path = copyExample(dir, example);
        QVERIFY2(m_document->load(path), qPrintable(m_document->errorString()));
        QVERIFY(settle());
        QVERIFY2(m_document->isValid(), qPrintable(m_page->issuesLabel()->text()));
        QCOMPARE(m_page->statusLabel()->text(), QStringLiteral("The spec is valid."));
        QVERIFY(m_page->issuesLabel()->isHidden());

        const SpecJson &json = m_document->json();
        QCOMPARE(m_page->basicsEditor()->nameField()->lineEdit()->text(),
                 QString::fromStdString(json["name"].get<std::string>()));
        QCOMPARE(m_page->parametersEditor()->model()->rowCount(), int(json["parameters"].size()));
        QCOMPARE(m_page->argumentsEditor()->model()->rowCount(), int(json["arguments"].size()));
        QCOMPARE(m_page->constraintsEditor()->rowCount(), int(json["constraints"].size()));
        QCOMPARE(m_page->sizesEditor()->model()->rowCount(), int(json["problem_sizes"].size()));
        QTRY_COMPARE(m_page->constraintsEditor()->countLabel()->text(), expectedCount(*m_document));

        GeometryField *grid = m_page->launchEditor()->gridField();
        const bool cuda = json["backend"] == "cuda";
        QCOMPARE(grid->isEnabled(), cuda);
        if (cuda)
            QCOMPARE(grid->edit(0)->text(),
                     QString::fromStdString(json["launch"]["grid"][0].get<std::string>()));
        else
            QVERIFY(grid->edit(0)->text().isEmpty());
        if (example == QLatin1String("stencil")) {
            const QModelIndex ty =
                m_page->parametersEditor()->model()->index(1, ParametersModel::Values);
            QCOMPARE(ty.data().toString(), QStringLiteral("2, 10, 18, 26, 34 (5 values)"));
        }
        QVERIFY(!m_document->isModified());
        QCOMPARE(m_document->undoStack()->count(), 0);
    }

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

    void formFieldsEditAndUndo()
    {
        JsonField *name = m_page->basicsEditor()->nameField();
        name->lineEdit()->setFocus();
        name->lineEdit()->selectAll();
        QTest::keyClicks(name->lineEdit(), "gemm");
        QVERIFY(sameJson(m_document->value("/name"), "gemm"));

        // A number field: text that is no number stays local, with its reason.
        RunSettingsEditor *settings = m_page->runSettingsEditor();
        JsonField *maxSamples = settings->field("/measurement/max_samples");
        QVERIFY(maxSamples);
        maxSamples->lineEdit()->setFocus();
        maxSamples->lineEdit()->selectAll();
        QTest::keyClicks(maxSamples->lineEdit(), "1x");
        QVERIFY(maxSamples->errorLabel()->text().contains("'1x' is not a number"));
        QVERIFY(sameJson(m_document->value("/measurement/max_samples"), 1)); // the last number
        QTest::keyClick(maxSamples->lineEdit(), Qt::Key_Backspace);
        QTest::keyClicks(maxSamples->lineEdit(), "00");
        QVERIFY(sameJson(m_document->value("/measurement/max_samples"), 100));
        QVERIFY(maxSamples->errorLabel()->isHidden());

        // The validator's verdict lands on its field.
        JsonField *minSamples = settings->field("/measurement/min_samples");
        minSamples->lineEdit()->setFocus();
        minSamples->lineEdit()->selectAll();
        QTest::keyClicks(minSamples->lineEdit(), "0");
        QTRY_VERIFY(minSamples->errorLabel()->text().contains("at least 1"));
        QVERIFY(minSamples->errorLabel()->isVisible());

        // Emptying an optional field removes its key (the default applies).
        JsonField *seed = settings->field("/strategy/seed");
        QVERIFY(seed->lineEdit()->text().isEmpty());
        QCOMPARE(seed->lineEdit()->placeholderText(), QStringLiteral("1"));
        seed->lineEdit()->setFocus();
        QTest::keyClicks(seed->lineEdit(), "7");
        QVERIFY(sameJson(m_document->value("/strategy/seed"), 7));
        QTest::keyClick(seed->lineEdit(), Qt::Key_Backspace);
        QVERIFY(!m_document->contains("/strategy/seed"));

        QTest::keyClick(seed->lineEdit(), Qt::Key_Z, Qt::ControlModifier);
        undoAll();
        QVERIFY(sameJson(m_document->json(), m_original));
        QCOMPARE(name->lineEdit()->text(), QStringLiteral("matmul_blocked"));
        QCOMPARE(maxSamples->lineEdit()->text(), QStringLiteral("50"));
        QCOMPARE(minSamples->lineEdit()->text(), QStringLiteral("5"));
        QTRY_VERIFY(minSamples->errorLabel()->isHidden());
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

        // n is a scalar: its value is in the size/value column, no init.
        editor->view()->setCurrentIndex(model->index(3, 0));
        QVERIFY(!init->kindCombo()->isEnabled());
        QCOMPARE(model->index(3, ArgumentsModel::SizeOrValue).data().toString(),
                 QStringLiteral("N"));
        undoAll();
        QVERIFY(sameJson(m_document->json(), m_original));
    }

    void verificationReferenceAndLaunch()
    {
        VerificationEditor *verification = m_page->verificationEditor();
        QVERIFY(verification->referenceBox()->isChecked());
        QComboBox *bm = verification->referenceCombo("BM");
        QVERIFY(bm);
        QCOMPARE(bm->currentText(), QStringLiteral("16"));
        bm->setFocus();
        QTest::keyClick(bm, Qt::Key_Down);
        QVERIFY(sameJson(m_document->value("/verification/reference/BM"), 32));
        verification->referenceBox()->setFocus();
        QTest::keyClick(verification->referenceBox(), Qt::Key_Space);
        QVERIFY(!m_document->contains("/verification/reference"));

        // Switching to CUDA enables the launch geometry; typing creates it.
        QComboBox *backend = m_page->basicsEditor()->backendField()->comboBox();
        backend->setFocus();
        QTest::keyClick(backend, Qt::Key_Down);
        QVERIFY(sameJson(m_document->value("/backend"), "cuda"));
        GeometryField *grid = m_page->launchEditor()->gridField();
        QVERIFY(grid->isEnabled());
        grid->edit(0)->setFocus();
        QTest::keyClicks(grid->edit(0), "ceil_div(N, BM)");
        grid->edit(1)->setFocus();
        QTest::keyClicks(grid->edit(1), "N / BQ");
        QVERIFY(sameJson(m_document->value("/launch/grid"), {"ceil_div(N, BM)", "N / BQ"}));
        QVERIFY(grid->errorLabel()->text().contains("y: unknown name 'BQ'"));
        undoAll();
        QVERIFY(sameJson(m_document->json(), m_original));
        QCOMPARE(grid->edit(0)->text(), QString());
        QVERIFY(!grid->isEnabled());
        QVERIFY(verification->referenceBox()->isChecked());
    }
};

QTEST_MAIN(TestSpacePage)
#include "tst_spacepage.moc"
