#include "replay/pythonrestriction.h"
#include "space/expression.h"

#include <QTest>

#include <cmath>
#include <vector>

using namespace tb;

namespace {

std::string translated(const std::string &python)
{
    auto text = translatePythonRestriction(python);
    return text ? *text : "error: " + text.error().message;
}

// The translation of `python` over x and y, evaluated at (x, y).
double valueAt(const std::string &python, double x, double y)
{
    auto text = translatePythonRestriction(python);
    if (!text)
        return NAN;
    auto expression = Expression::compile(*text, {"x", "y"});
    if (!expression)
        return NAN;
    const std::vector<double> values{x, y};
    return expression->evaluate(values);
}

} // namespace

// Kernel Tuner restrictions (Python) in the spec's expression dialect: the text written, and
// the value the dialect computes, which must be Python's.
class TestPythonRestriction : public QObject
{
    Q_OBJECT

private slots:
    void writesTheDialectsOperators()
    {
        QCOMPARE(translated("block_size_x*block_size_y<=1024"),
                 std::string("((block_size_x * block_size_y) <= 1024)"));
        QCOMPARE(translated("a and b or not c"), std::string("((a && b) || (c == 0))"));
        QCOMPARE(translated("32 <= x < 256"), std::string("((32 <= x) && (x < 256))"));
        QCOMPARE(translated("x in [1, 2, 4]"), std::string("(((x == 1) || (x == 2)) || (x == 4))"));
        QCOMPARE(translated("x not in (3,)"), std::string("(x != 3)"));
        QCOMPARE(translated("x // 2 % 4 == 0"), std::string("((div(x, 2) % 4) == 0)"));
        QCOMPARE(translated("2 ** k > x"), std::string("((2 ^ k) > x)"));
        QCOMPARE(translated("a if b else c"), std::string("(b ? a : c)"));
        QCOMPARE(translated("min(x, y, 8) >= abs(-z)"), std::string("(min(x, y, 8) >= abs((-z)))"));
        QCOMPARE(translated("True and 0x10 == 1_6"), std::string("(1 && (16 == 16))"));
    }

    // Each translation computes what Python does, over a grid of values.
    void computesWhatPythonComputes()
    {
        struct Case
        {
            const char *python;
            bool (*expected)(int x, int y);
        };
        const Case cases[] = {
            {"x * y <= 12", [](int x, int y) { return x * y <= 12; }},
            {"1 < x <= y < 5", [](int x, int y) { return 1 < x && x <= y && y < 5; }},
            {"x in [2, 3] or not y", [](int x, int y) { return x == 2 || x == 3 || y == 0; }},
            {"x not in [0, 4] and y % 2 == 0",
             [](int x, int y) { return x != 0 && x != 4 && y % 2 == 0; }},
            {"x // 2 == y - 1", [](int x, int y) { return x / 2 == y - 1; }},
            {"-2 ** x < -y", [](int x, int y) { return -std::pow(2, x) < -y; }},
            {"(x if x > y else y) == max(x, y)", [](int, int) { return true; }},
        };
        for (const Case &c : cases)
            for (int x = 0; x <= 5; ++x)
                for (int y = 0; y <= 5; ++y)
                    QVERIFY2(valueAt(c.python, x, y) == (c.expected(x, y) ? 1.0 : 0.0),
                             qPrintable(QStringLiteral("%1 at x=%2, y=%3")
                                            .arg(QString::fromLatin1(c.python))
                                            .arg(x)
                                            .arg(y)));
    }

    // Python beyond arithmetic is refused with what and where, never evaluated.
    void refusesWhatItCannotTranslate()
    {
        const struct
        {
            const char *python;
            const char *said;
        } refused[] = {
            {"x == 'a'", "a string at character 6"},
            {"lambda p: p['x'] > 2", "the character ':' at character 9"},
            {"x is None", "'is'"},
            {"math.floor(x) > 1", "the character '.'"},
            {"len(x) > 1", "the function 'len'"},
            {"x[0] > 1", "'x['"},
            {"x > 1 +", "the end, where a value belongs"},
            {"x in range(4)", "'in' takes a list or tuple"},
            {"(x, y) == (1, 2)", "a tuple"},
            {"x > 1 y", "'y' after a whole expression"},
        };
        for (const auto &r : refused) {
            auto text = translatePythonRestriction(r.python);
            QVERIFY2(!text, r.python);
            QVERIFY2(text.error().message.find(r.said) != std::string::npos &&
                         text.error().message.find(r.python) != std::string::npos,
                     text.error().message.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestPythonRestriction)
#include "tst_pythonrestriction.moc"
