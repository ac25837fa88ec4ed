#include "kernel/findbar.h"

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>

using namespace tb;

class TestFindBar : public QObject
{
    Q_OBJECT
private slots:
    void asksForMatchesWithTheKeys()
    {
        QWidget window;
        auto *bar = new FindBar(&window);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(!bar->isVisible());
        QSignalSpy requested(bar, &FindBar::findRequested);
        QSignalSpy closed(bar, &FindBar::closed);

        bar->open(QStringLiteral("blockIdx"));
        QVERIFY(bar->isVisible());
        QTRY_VERIFY(bar->field()->hasFocus());
        QCOMPARE(bar->field()->selectedText(), QStringLiteral("blockIdx"));
        QTest::keyClicks(bar->field(), QStringLiteral("threadIdx")); // replaces the selection
        QTest::keyClick(bar->field(), Qt::Key_Return);
        QCOMPARE(requested.count(), 1);
        QCOMPARE(requested.at(0).at(0).toString(), QStringLiteral("threadIdx"));
        QCOMPARE(requested.at(0).at(1).toBool(), true);
        QCOMPARE(requested.at(0).at(2).toBool(), false);
        QTest::keyClick(bar->field(), Qt::Key_Return, Qt::ShiftModifier);
        QCOMPARE(requested.at(1).at(1).toBool(), false);
        QTest::keyClick(bar->field(), Qt::Key_F3);
        QCOMPARE(requested.at(2).at(1).toBool(), true);
        QTest::keyClick(bar->field(), Qt::Key_F3, Qt::ShiftModifier);
        QCOMPARE(requested.at(3).at(1).toBool(), false);
        bar->findChild<QCheckBox *>()->setChecked(true);
        QTest::keyClick(bar->field(), Qt::Key_Enter);
        QCOMPARE(requested.at(4).at(2).toBool(), true);
        QCOMPARE(requested.count(), 5);

        QTest::keyClick(bar->field(), Qt::Key_Escape);
        QVERIFY(!bar->isVisible());
        QCOMPARE(closed.count(), 1);
    }

    void showsNotFoundUntilTheTextChanges()
    {
        FindBar bar;
        bar.open(QStringLiteral("nothing"));
        bar.setFound(false);
        QVERIFY(bar.notFoundShown());
        QCOMPARE(bar.statusLabel()->text(), QStringLiteral("not found"));
        bar.setFound(true);
        QVERIFY(!bar.notFoundShown());
        bar.setFound(false);
        QTest::keyClick(bar.field(), Qt::Key_S);
        QVERIFY(!bar.notFoundShown());
    }

    void ignoresAnEmptySearch()
    {
        FindBar bar;
        QSignalSpy requested(&bar, &FindBar::findRequested);
        bar.open();
        QTest::keyClick(bar.field(), Qt::Key_Return);
        QCOMPARE(requested.count(), 0);
    }
};

QTEST_MAIN(TestFindBar)
#include "tst_findbar.moc"
