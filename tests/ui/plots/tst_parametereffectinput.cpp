// The parameter-effect plot's controls: the combo boxes (keyboard and code), clicking a point,
// parameter names that arrive after the results.
#include "parametereffectevents.h"

#include <QComboBox>
#include <QSignalSpy>
#include <QTest>

#include <cmath>

using namespace tb;
using namespace plottest;

class TestParameterEffectInput : public QObject
{
    Q_OBJECT
private slots:
    void comboBoxesDriveTheView()
    {
        ParameterEffectPlot plot;
        plot.setParameters({QStringLiteral("BLOCK"), QStringLiteral("UNROLL")});
        plot.setSizeLabel(0, QStringLiteral("N=1024"));
        plot.setSizeLabel(1, QStringLiteral("N=8192"));
        plot.addResults(grid(0, 1e-4));
        plot.addResults({result(32, 1, 5e-3, 1), result(64, 1, 4e-3, 1)});
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        for (QComboBox *combo : {plot.xCombo(), plot.colorCombo(), plot.sizeCombo()})
            QVERIFY(!combo->toolTip().isEmpty());
        QSignalSpy changed(&plot, &ParameterEffectPlot::viewChanged);

        plot.xCombo()->setFocus();
        QTest::keyClick(plot.xCombo(), Qt::Key_Down);
        QCOMPARE(plot.xParameter(), QStringLiteral("UNROLL"));
        QCOMPARE(plot.xTickLabels(), QStringList({"1", "2", "4"}));
        QCOMPARE(changed.count(), 1);

        QTest::keyClick(plot.colorCombo(), Qt::Key_Home); // "(none)"
        QVERIFY(plot.colorParameter().isEmpty());
        QCOMPARE(groups(plot).size(), 1);
        QTest::keyClick(plot.colorCombo(), Qt::Key_Down); // BLOCK
        QCOMPARE(plot.colorParameter(), QStringLiteral("BLOCK"));
        QCOMPARE(plot.colorValueLabels(), QStringList({"32", "64", "128", "256"}));

        QCOMPARE(plot.sizeCombo()->count(), 2);
        QCOMPARE(plot.sizeCombo()->currentText(), QStringLiteral("N=1024"));
        QTest::keyClick(plot.sizeCombo(), Qt::Key_Down);
        QCOMPARE(plot.sizeIndex(), std::size_t(1));
        QCOMPARE(plot.pointCount(), 2);
        QCOMPARE(totalPoints(plot), 2);
        QCOMPARE(changed.count(), 4);

        plot.setXParameter(QStringLiteral("BLOCK")); // from code: the combo follows
        QCOMPARE(plot.xCombo()->currentText(), QStringLiteral("BLOCK"));
        QCOMPARE(plot.xTickLabels(), QStringList({"32", "64", "128", "256"}));
    }

    void clickingAPointNamesItsResult()
    {
        ParameterEffectPlot plot;
        plot.resize(600, 400);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.setParameters({QStringLiteral("BLOCK"), QStringLiteral("UNROLL")});
        plot.addResults(grid(0, 1e-4));
        plot.addResults(grid(1, 1e-3));
        plot.replotIfDirty();
        plot.plot()->replot();
        QSignalSpy clicked(&plot, &ParameterEffectPlot::resultClicked);
        // Each point of the shown size, clicked where it is drawn, names its own result.
        int tried = 0;
        for (int row = 0; row < plot.data().count(); ++row) {
            if (plot.data().sizeIndex(row) != 0)
                continue;
            const double x =
                plot.data().category(0, plot.data().value(row, 0)) + plot.data().jitter(row);
            const QPoint at(
                int(std::lround(plot.plot()->xAxis->coordToPixel(x))),
                int(std::lround(plot.plot()->yAxis->coordToPixel(plot.data().objective(row)))));
            QTest::mouseClick(plot.plot(), Qt::LeftButton, {}, at);
            QCOMPARE(clicked.count(), 1);
            QCOMPARE(clicked.first().at(0).toString(),
                     QString::fromStdString(std::string(plot.data().configKey(row))));
            QCOMPARE(clicked.first().at(1).value<std::size_t>(), std::size_t(0));
            clicked.clear();
            ++tried;
        }
        QCOMPARE(tried, 12);
        // Far from every point: nothing. A drag (a pan) is no click either.
        const QRect rect = plot.plot()->axisRect()->rect();
        QTest::mouseClick(plot.plot(), Qt::LeftButton, {}, rect.topLeft() + QPoint(3, 3));
        QCOMPARE(clicked.count(), 0);
        const int row = plot.bestRow();
        const QPoint best(
            int(plot.plot()->xAxis->coordToPixel(
                plot.data().category(0, plot.data().value(row, 0)) + plot.data().jitter(row))),
            int(plot.plot()->yAxis->coordToPixel(plot.data().objective(row))));
        QTest::mousePress(plot.plot(), Qt::LeftButton, {}, best + QPoint(0, 40));
        QTest::mouseMove(plot.plot(), best);
        QTest::mouseRelease(plot.plot(), Qt::LeftButton, {}, best);
        QCOMPARE(clicked.count(), 0);
    }

    void namesArriveAfterTheResults()
    {
        ParameterEffectPlot plot;
        plot.addResults(grid(0, 1e-4));
        plot.replotIfDirty();
        QCOMPARE(plot.xCombo()->count(), 2); // placeholders until the spec's names come
        QCOMPARE(plot.xTickLabels(), QStringList({"32", "64", "128", "256"}));
        plot.setColorParameter(QString());
        plot.setParameters({QStringLiteral("BLOCK"), QStringLiteral("UNROLL")});
        QCOMPARE(plot.xParameter(), QStringLiteral("BLOCK"));
        QVERIFY(plot.colorParameter().isEmpty()); // the choice made meanwhile stays
        QCOMPARE(plot.xCombo()->itemText(1), QStringLiteral("UNROLL"));
    }
};

QTEST_MAIN(TestParameterEffectInput)
#include "tst_parametereffectinput.moc"
