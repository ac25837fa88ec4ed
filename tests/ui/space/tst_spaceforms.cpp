#include "space/errorlabel.h"
#include "space/fieldlineedit.h"
#include "space/geometryfield.h"
#include "space/jsoncombofield.h"
#include "space/jsonfield.h"
#include "space/launcheditor.h"
#include "space/runsettingseditor.h"
#include "space/specbasicseditor.h"
#include "space/verificationeditor.h"
#include "spacepagefixture.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>

using namespace tb;
using namespace spacetest;

// The form sections (basics, run settings, verification, launch): fields edit the document,
// show their errors and undo.
class TestSpaceForms : public SpacePageFixture
{
    Q_OBJECT
private slots:
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

    // verification.expected shows one line per output, and its errors under it.
    void expectedOutputsShowWithTheirErrors()
    {
        VerificationEditor *verification = m_page->verificationEditor();
        QVERIFY(verification->expectedLabel()->isHidden());
        QVERIFY(
            m_document->setValue("/verification/expected",
                                 SpecJson::parse(R"({"C": {"max_mismatches": 3, "rtol": 0.01}})")));
        QVERIFY(verification->expectedLabel()->isVisible());
        QVERIFY2(verification->expectedLabel()->text().contains(
                     "C: up to 3 elements may differ; rtol 0.01"),
                 qPrintable(verification->expectedLabel()->text()));
        QVERIFY(m_document->setValue("/verification/expected/C/max_mismatches", 0.001));
        QVERIFY2(verification->expectedLabel()->text().contains(
                     "C: up to 0.1% of its elements may differ"),
                 qPrintable(verification->expectedLabel()->text()));
        QVERIFY(m_document->setValue("/verification/expected/n", SpecJson::object()));
        QTRY_VERIFY2(
            verification->expectedErrorLabel()->text().contains("argument 'n' is not an output"),
            qPrintable(verification->expectedErrorLabel()->text()));
        undoAll();
        QVERIFY(verification->expectedLabel()->isHidden());
    }

    // The validator's verdict on a launch dimension goes as soon as the user edits it (issue
    // 34, item 14): "missing field 'grid'" stayed under the grid being typed until the
    // validator had seen the new text, where a field's verdict does not.
    void aGeometryErrorGoesOnceTheFieldIsEdited()
    {
        QComboBox *backend = m_page->basicsEditor()->backendField()->comboBox();
        backend->setFocus();
        QTest::keyClick(backend, Qt::Key_Down);
        GeometryField *block = m_page->launchEditor()->blockField();
        block->edit(0)->setFocus();
        QTest::keyClicks(block->edit(0), "BM");
        GeometryField *grid = m_page->launchEditor()->gridField();
        QVERIFY(settle());
        QVERIFY2(grid->errorLabel()->text().contains("missing field 'grid'"),
                 qPrintable(grid->errorLabel()->text()));
        grid->edit(0)->setFocus();
        QTest::keyClicks(grid->edit(0), "ceil_div(N, BM)");
        QVERIFY2(grid->errorLabel()->isHidden(), qPrintable(grid->errorLabel()->text()));
        QVERIFY(settle());
        QVERIFY2(grid->errorLabel()->isHidden(), qPrintable(grid->errorLabel()->text()));
        // A name the expressions cannot use shows at once, validated or not.
        QTest::keyClicks(grid->edit(0), " + BQ");
        QVERIFY(grid->errorLabel()->text().contains("x: unknown name 'BQ'"));
    }
};

QTEST_MAIN(TestSpaceForms)
#include "tst_spaceforms.moc"
