#include "kernel/configpicker.h"
#include "kerneltestsupport.h"

#include <QComboBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

class TestConfigPicker : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    Spec example(const QString &name)
    {
        return kerneltest::loadSpec(tbtest::copyExample(name, m_dir.filePath(name)));
    }

private slots:
    void offersEachParameterAndSizeStartingAtTheReference()
    {
        ConfigPicker picker;
        QSignalSpy changed(&picker, &ConfigPicker::changed);
        picker.setSpec(example(QStringLiteral("copy_scale")));
        QVERIFY(changed.count() >= 1);
        QComboBox *block = picker.parameterCombo(QStringLiteral("BLOCK"));
        QVERIFY(block);
        QCOMPARE(block->count(), 4);
        QCOMPARE(block->itemText(3), QStringLiteral("1024"));
        QCOMPARE(picker.parameterCombo(QStringLiteral("VEC"))->count(), 3);
        QCOMPARE(picker.parameterCombo(QStringLiteral("ITEMS"))->count(), 4);
        QVERIFY(!picker.parameterCombo(QStringLiteral("N")));
        QCOMPARE(picker.sizeCombo()->count(), 3);
        QCOMPARE(picker.sizeCombo()->itemText(0), QStringLiteral("N=1048576"));
        // The spec's reference configuration is the default: BLOCK=256, VEC=1, ITEMS=1.
        QCOMPARE(picker.configuration().values, std::vector<double>({256, 1, 1}));
        QCOMPARE(picker.sizeIndex(), std::size_t(0));
        QCOMPARE(picker.label(), QStringLiteral("BLOCK=256,VEC=1,ITEMS=1 at N=1048576"));
    }

    void picksWhatTheCombosSay()
    {
        ConfigPicker picker;
        const Spec spec = example(QStringLiteral("copy_scale"));
        picker.setSpec(spec);
        QSignalSpy changed(&picker, &ConfigPicker::changed);
        picker.parameterCombo(QStringLiteral("VEC"))->setCurrentIndex(2);
        picker.sizeCombo()->setCurrentIndex(2);
        QCOMPARE(changed.count(), 2);
        QCOMPARE(picker.configuration().values, std::vector<double>({256, 4, 1}));
        QCOMPARE(picker.sizeIndex(), std::size_t(2));
        QVERIFY(picker.setConfiguration(Configuration{{1024, 2, 8}}));
        QCOMPARE(picker.configuration().values, std::vector<double>({1024, 2, 8}));
        QVERIFY(!picker.setConfiguration(Configuration{{1000, 2, 8}})); // not a listed value
        QVERIFY(!picker.setConfiguration(Configuration{{1024}}));
        QCOMPARE(picker.configuration().values, std::vector<double>({1024, 2, 8}));

        // The same spec again (an edit elsewhere) keeps what was picked.
        picker.setSpec(spec);
        QCOMPARE(picker.configuration().values, std::vector<double>({1024, 2, 8}));
        QCOMPARE(picker.sizeIndex(), std::size_t(2));
    }

    void namesTheConstraintsAConfigurationBreaks()
    {
        ConfigPicker picker;
        picker.setSpec(example(QStringLiteral("matmul")));
        QVERIFY(picker.violatedConstraints().isEmpty()); // the reference is valid
        // BK * (BM + BN) <= 8192 fails for 128 * (128 + 256).
        QVERIFY(picker.setConfiguration(Configuration{{128, 256, 128, 1}}));
        QCOMPARE(picker.violatedConstraints(),
                 QStringList({QStringLiteral("BK * (BM + BN) <= 8192")}));
        // Back to a configuration every constraint keeps.
        QVERIFY(picker.setConfiguration(Configuration{{16, 32, 16, 4}}));
        QVERIFY(picker.violatedConstraints().isEmpty());
    }
};

QTEST_MAIN(TestConfigPicker)
#include "tst_configpicker.moc"
