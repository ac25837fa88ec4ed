// roundsDisagree: the rule by which the rounds of a finalist call for more rounds and by which
// the workbench flags a result whose rounds never agreed.
#include "measure/roundagreement.h"

#include <QTest>

#include <vector>

using namespace tb;

class TestRoundAgreement : public QObject
{
    Q_OBJECT

private slots:
    void aSpreadOverTheTargetDisagrees()
    {
        const std::vector<double> medians{100e-6, 105e-6, 101e-6}; // spread 5/101 = 4.95%
        QVERIFY(roundsDisagree(medians, 0.01));
        QVERIFY(!roundsDisagree(medians, 0.05));
        QCOMPARE(roundsDisagreementCaveat(medians, 0.01),
                 std::string("its 3 process rounds disagree by 5.0%, beyond the 1% target: its "
                             "time depends on the process that measured it"));
        QVERIFY(roundsDisagreementCaveat(medians, 0.05).empty());
    }

    void oneRoundHasNothingToDisagreeWith()
    {
        QVERIFY(!roundsDisagree(std::vector<double>{1e-3}, 0.0));
        QVERIFY(!roundsDisagree(std::vector<double>{}, 0.0));
    }
};

QTEST_APPLESS_MAIN(TestRoundAgreement)
#include "tst_roundagreement.moc"
