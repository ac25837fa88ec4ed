#include "npyfiles.h"
#include "space/argumentcontentsview.h"
#include "space/argumentsmodel.h"
#include "space/constraintseditor.h"
#include "space/errorlabel.h"
#include "space/fieldlineedit.h"
#include "space/geometryfield.h"
#include "space/jsonfield.h"
#include "space/launcheditor.h"
#include "space/parametersmodel.h"
#include "space/sizesmodel.h"
#include "space/specbasicseditor.h"
#include "spacepagefixture.h"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QTableWidget>
#include <QTemporaryDir>

using namespace tb;
using namespace spacetest;

// The page shows the spec it is given and follows the document through loads.
class TestSpacePage : public SpacePageFixture
{
    Q_OBJECT
private slots:
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

    // Each argument's source, count and first values, per problem size; a file that cannot
    // serve is one of the page's problems.
    void previewsWhatEachArgumentHolds()
    {
        QTableWidget *table = m_page->argumentContents()->table();
        const auto text = [table](int row, int column) { return table->item(row, column)->text(); };
        QCOMPARE(table->rowCount(), 4);
        QCOMPARE(text(0, ArgumentContentsView::Source),
                 QStringLiteral("random in [-1, 1), seed 1"));
        QCOMPARE(text(0, ArgumentContentsView::Elements), QLocale().toString(256 * 256));
        QCOMPARE(text(3, ArgumentContentsView::Source), QStringLiteral("value N"));
        QCOMPARE(text(3, ArgumentContentsView::FirstValues), QStringLiteral("256"));

        // A's data from a file per size: the chosen size's file and values show.
        const std::string base = m_dir.path().toStdString();
        std::vector<float> values(512 * 512);
        for (std::size_t i = 0; i < values.size(); ++i)
            values[i] = static_cast<float>(i % 7) / 4;
        QVERIFY(tbtest::writeNpy(base + "/a_512.npy", "<f4", values));
        QVERIFY(tbtest::writeNpy(base + "/a_256.npy", "<f4", std::vector<float>(256 * 256, 1)));
        QVERIFY(m_document->setValue("/arguments/0/init", SpecJson{{"file", "a_{N}.npy"}}));
        QVERIFY(settle());
        QVERIFY2(m_document->isValid(), qPrintable(m_page->issuesLabel()->text()));
        QComboBox *size = m_page->argumentContents()->sizeChooser();
        QCOMPARE(size->count(), 2);
        size->setCurrentIndex(1);
        QVERIFY(text(0, ArgumentContentsView::Source).endsWith(QStringLiteral("/a_512.npy")));
        QCOMPARE(text(0, ArgumentContentsView::FirstValues),
                 QStringLiteral("0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 0, ..."));

        // The 256 file gone: the page lists the problem, and the preview waits for a valid spec.
        QVERIFY(QFile::remove(m_dir.filePath(QStringLiteral("a_256.npy"))));
        QVERIFY(m_document->setValue("/arguments/0/init", SpecJson{{"file", "a_{N}.npy "}}));
        QVERIFY(m_document->setValue("/arguments/0/init", SpecJson{{"file", "a_{N}.npy"}}));
        QVERIFY(settle());
        QVERIFY(!m_document->isValid());
        QVERIFY2(m_page->issuesLabel()->toolTip().contains(
                     QStringLiteral("/arguments/0/init/file: argument 'A'")),
                 qPrintable(m_page->issuesLabel()->toolTip()));
        QVERIFY(m_page->issuesLabel()->toolTip().contains(QStringLiteral("a_256.npy")));
        QCOMPARE(table->rowCount(), 0);
        QVERIFY(m_page->argumentContents()->noteLabel()->isVisibleTo(m_page.get()));
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
        const QString path = tbtest::copyExample(example, dir.path());
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
};

QTEST_MAIN(TestSpacePage)
#include "tst_spacepage.moc"
