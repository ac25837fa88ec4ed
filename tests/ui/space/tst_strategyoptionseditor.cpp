#include "search/searchstrategy.h"
#include "space/errorlabel.h"
#include "space/fieldlineedit.h"
#include "space/jsoncombofield.h"
#include "space/jsonfield.h"
#include "space/runsettingseditor.h"
#include "space/strategyoptionseditor.h"
#include "spacepagefixture.h"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>

using namespace tb;
using namespace spacetest;

namespace {

// What a field must show for a number: written independently of the editor's FieldCodec.
QString shown(double value)
{
    return QString::number(value, 'g', 15);
}

QString optionName(const JsonField *field)
{
    return jsonpointer::tokens(field->pointer()).constLast();
}

} // namespace

// The strategy's own options under the Search group of the run settings: one field per option
// the engine describes, rebuilt when the strategy changes; options the strategy does not take
// are kept and named.
class TestStrategyOptionsEditor : public SpacePageFixture
{
    Q_OBJECT
private:
    StrategyOptionsEditor *editor() const
    {
        return m_page->runSettingsEditor()->strategyOptionsEditor();
    }

    // As the user picks in the combo: the choice whose label starts with `name`.
    void pick(const QString &name)
    {
        QComboBox *combo = m_page->runSettingsEditor()->strategyField()->comboBox();
        int index = -1;
        for (int i = 0; i < combo->count() && index < 0; ++i) {
            if (combo->itemText(i).split(QLatin1Char(' ')).constFirst() == name)
                index = i;
        }
        QVERIFY2(index >= 0, qPrintable(name));
        combo->setCurrentIndex(index);
        emit combo->activated(index);
        QVERIFY(sameJson(m_document->value("/strategy/name"), name.toStdString()));
    }

    // The form shows exactly `strategy`'s options, in the engine's order, with their defaults
    // as placeholders and their help and range as tooltips; no stale field survives.
    void verifyShowsOptionsOf(const QString &strategy)
    {
        const auto options = strategyOptionDescriptions(strategy.toStdString());
        QVERIFY2(!options.empty(), qPrintable(strategy));
        QCOMPARE(editor()->strategy(), strategy);
        QCOMPARE(editor()->findChildren<JsonField *>().size(), qsizetype(options.size()));
        QCOMPARE(editor()->fields().size(), qsizetype(options.size()));
        for (std::size_t i = 0; i < options.size(); ++i) {
            const auto &option = options[i];
            JsonField *field = editor()->fields()[qsizetype(i)];
            QCOMPARE(optionName(field), QString::fromStdString(option.name));
            QCOMPARE(field->pointer(),
                     QStringLiteral("/strategy/options/%1").arg(option.name.c_str()));
            QCOMPARE(field->lineEdit()->placeholderText(), shown(option.defaultValue));
            const QString tip = field->lineEdit()->toolTip();
            QVERIFY2(tip.contains(QString::fromStdString(option.help)), qPrintable(tip));
            const QString range =
                QStringLiteral("from %1 to %2").arg(shown(option.minimum), shown(option.maximum));
            QVERIFY2(tip.contains(range, Qt::CaseInsensitive), qPrintable(tip));
        }
        QVERIFY(editor()->note()->isHidden());
    }

    void typeInto(JsonField *field, const QString &text)
    {
        field->lineEdit()->setFocus();
        field->lineEdit()->selectAll();
        QTest::keyClicks(field->lineEdit(), text);
    }

private slots:
    void showsTheEngineOptionsOfTheChosenStrategy()
    {
        QVERIFY(m_document->contains("/strategy/name"));
        pick(QStringLiteral("simulated_annealing"));
        verifyShowsOptionsOf(QStringLiteral("simulated_annealing"));
        for (JsonField *field : editor()->fields())
            QVERIFY(field->lineEdit()->text().isEmpty()); // none in the file: defaults apply
        QVERIFY(editor()->errorLabel()->isHidden());
    }

    void typingWritesTheOptionAndUndoRemovesIt()
    {
        pick(QStringLiteral("simulated_annealing"));
        JsonField *cooling = editor()->field(QStringLiteral("cooling"));
        QVERIFY(cooling);
        typeInto(cooling, QStringLiteral("0.9"));
        QVERIFY(sameJson(m_document->value("/strategy/options/cooling"), 0.9));
        QVERIFY(cooling->errorLabel()->isHidden());

        m_document->endTyping();
        m_document->undoStack()->undo();
        QVERIFY(!m_document->contains("/strategy/options/cooling"));
        QVERIFY(!m_document->contains("/strategy/options")); // the object the edit made too
        QVERIFY(sameJson(m_document->value("/strategy/name"), "simulated_annealing"));
        QCOMPARE(editor()->field(QStringLiteral("cooling")), cooling); // no rebuild
        QVERIFY(cooling->lineEdit()->text().isEmpty());
    }

    void outOfRangeAndNonNumbersAreFlagged()
    {
        pick(QStringLiteral("genetic_algorithm"));
        JsonField *population = editor()->field(QStringLiteral("population_size"));
        QVERIFY(population);
        typeInto(population, QStringLiteral("1000000"));
        QVERIFY(population->errorLabel()->isVisible());
        QVERIFY2(population->errorLabel()->text().contains(QStringLiteral("outside")),
                 qPrintable(population->errorLabel()->text()));

        typeInto(population, QStringLiteral("2.5")); // an integer option
        QVERIFY2(population->errorLabel()->text().contains(QStringLiteral("whole")),
                 qPrintable(population->errorLabel()->text()));

        JsonField *mutation = editor()->field(QStringLiteral("mutation_rate"));
        QVERIFY(mutation);
        typeInto(mutation, QStringLiteral("x"));
        QVERIFY2(mutation->errorLabel()->text().contains(QStringLiteral("not a number")),
                 qPrintable(mutation->errorLabel()->text()));
        QVERIFY(!m_document->contains("/strategy/options/mutation_rate"));

        typeInto(population, QStringLiteral("30"));
        QVERIFY(population->errorLabel()->isHidden());
        QVERIFY(sameJson(m_document->value("/strategy/options/population_size"), 30));
    }

    void switchingToAStrategyWithoutOptionsNamesTheUnusedOnes()
    {
        pick(QStringLiteral("simulated_annealing"));
        JsonField *temperature = editor()->field(QStringLiteral("initial_temperature"));
        QVERIFY(temperature);
        typeInto(temperature, QStringLiteral("0.5"));
        QVERIFY(sameJson(m_document->value("/strategy/options/initial_temperature"), 0.5));
        m_document->endTyping();

        pick(QStringLiteral("brute_force"));
        QCOMPARE(editor()->strategy(), QStringLiteral("brute_force"));
        QVERIFY(editor()->fields().isEmpty());
        QVERIFY(editor()->findChildren<JsonField *>().isEmpty());
        QVERIFY(editor()->note()->isVisible());
        QCOMPARE(editor()->note()->text(), QStringLiteral("brute_force takes no options"));
        // Kept in the file, and named so the user can remove it.
        QVERIFY(sameJson(m_document->value("/strategy/options/initial_temperature"), 0.5));
        QCOMPARE(editor()->unusedOptions(), QStringList{QStringLiteral("initial_temperature")});
        QVERIFY(editor()->errorLabel()->isVisible());
        const QString error = editor()->errorLabel()->text();
        QVERIFY2(error.contains(QStringLiteral("not used by brute_force")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("initial_temperature")), qPrintable(error));
        QVERIFY(settle());
        QVERIFY(!m_document->isValid()); // why it is red: the engine refuses the option

        // Removing them is one undoable step.
        QVERIFY(editor()->removeUnusedButton()->isVisible());
        QTest::mouseClick(editor()->removeUnusedButton(), Qt::LeftButton);
        QVERIFY(!m_document->contains("/strategy/options"));
        QVERIFY(editor()->errorLabel()->isHidden());
        QVERIFY(editor()->removeUnusedButton()->isHidden());
        QVERIFY(settle());
        QVERIFY(m_document->isValid());

        // Undo brings the option back, then the strategy and its form with the value.
        m_document->undoStack()->undo();
        QCOMPARE(editor()->unusedOptions(), QStringList{QStringLiteral("initial_temperature")});
        QVERIFY(editor()->errorLabel()->isVisible());
        m_document->undoStack()->undo();
        verifyShowsOptionsOf(QStringLiteral("simulated_annealing"));
        QCOMPARE(editor()->field(QStringLiteral("initial_temperature"))->lineEdit()->text(),
                 QStringLiteral("0.5"));
        QVERIFY(editor()->unusedOptions().isEmpty());
        QVERIFY(editor()->errorLabel()->isHidden());
    }

    void switchingToBayesianOptimizationShowsItsOptionsInTabOrder()
    {
        pick(QStringLiteral("simulated_annealing"));
        pick(QStringLiteral("bayesian_optimization"));
        verifyShowsOptionsOf(QStringLiteral("bayesian_optimization"));

        // Tab goes from the Search group's last field through the options to the Measurement
        // group, though the fields were made after it.
        RunSettingsEditor *settings = m_page->runSettingsEditor();
        QWidget *last = settings->field("/strategy/stop_after_no_improvement")->lineEdit();
        QList<QWidget *> expected;
        for (JsonField *field : editor()->fields())
            expected << field->lineEdit();
        expected << settings->field("/measurement/warmup_runs")->lineEdit();
        last->setFocus();
        QCOMPARE(QApplication::focusWidget(), last);
        for (QWidget *next : expected) {
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
            QCOMPARE(QApplication::focusWidget(), next);
        }
    }

    void reloadingTheDocumentFollowsItsStrategy()
    {
        SpecJson json = m_document->json();
        json["strategy"] = {{"name", "greedy_ils"}, {"options", {{"restart_after", 70}}}};
        m_document->reset(json, m_document->filePath());
        verifyShowsOptionsOf(QStringLiteral("greedy_ils"));
        QCOMPARE(editor()->field(QStringLiteral("restart_after"))->lineEdit()->text(),
                 QStringLiteral("70"));

        json.erase("strategy"); // auto by default
        m_document->reset(json, m_document->filePath());
        QCOMPARE(editor()->strategy(), QStringLiteral("auto"));
        QVERIFY(editor()->fields().isEmpty());
        QVERIFY(editor()->note()->isVisible());
    }
};

QTEST_MAIN(TestStrategyOptionsEditor)
#include "tst_strategyoptionseditor.moc"
