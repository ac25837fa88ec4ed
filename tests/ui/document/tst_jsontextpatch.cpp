// patchJsonText: a save rewrites only the values edited and keeps every other byte of the
// user's file; SpecDocument saves that way.
#include "document/jsonspans.h"
#include "document/jsontextpatch.h"
#include "document/specdocument.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

// A spec as someone formats it by hand: tabs, a compact array, a blank line, keys in their
// own order, "1.0" where 1 would do, no final newline.
const std::string kHandWritten =
    "{\n"
    "\t\"name\":\"scale\",\n"
    "\t\"parameters\": [ {\"name\":\"BS\", \"values\":[32,64,128]} ],\n"
    "\n"
    "\t\"measurement\": {\"min_samples\": 5, \"warmup\": 1.0},\n"
    "\t\"x_note\": \"keep\\u00e9 me\"\n"
    "}";

std::string patched(const std::function<void(SpecJson &)> &edit)
{
    const SpecJson before = SpecJson::parse(kHandWritten);
    SpecJson after = before;
    edit(after);
    const std::string text = patchJsonText(kHandWritten, before, after);
    if (SpecJson::parse(text) != after)
        qFatal("patched text does not hold the edited JSON:\n%s", text.c_str());
    return text;
}

std::string replaced(std::string text, const std::string &from, const std::string &to)
{
    const auto at = text.find(from);
    if (at == std::string::npos)
        qFatal("'%s' not in the text", from.c_str());
    return text.replace(at, from.size(), to);
}

} // namespace

class TestJsonTextPatch : public QObject
{
    Q_OBJECT
private slots:
    void spansNameEveryValue()
    {
        const auto spans = scanJsonSpans(kHandWritten);
        QVERIFY(spans);
        QCOMPARE(spans->members.size(), std::size_t(4));
        QCOMPARE(spans->members[3].key, std::string("x_note"));
        const JsonSpan &values = spans->members[1].value.elements[0].members[1].value;
        QCOMPARE(kHandWritten.substr(values.begin, values.end - values.begin),
                 std::string("[32,64,128]"));
        QCOMPARE(values.elements.size(), std::size_t(3));
        QVERIFY(!scanJsonSpans("{\"a\": 1,}"));
        QVERIFY(!scanJsonSpans("{\"a\": 1} x"));
        QVERIFY(!scanJsonSpans(std::string(2000, '[') + std::string(2000, ']'))); // too deep
    }

    void nothingChangedKeepsEveryByte()
    {
        QCOMPARE(patched([](SpecJson &) {}), kHandWritten);
    }

    void aChangedValueIsRewrittenWhereItStands()
    {
        QCOMPARE(patched([](SpecJson &json) { json["parameters"][0]["values"][1] = 96; }),
                 replaced(kHandWritten, "[32,64,128]", "[32,96,128]"));
        QCOMPARE(patched([](SpecJson &json) { json["name"] = "scale \"v2\""; }),
                 replaced(kHandWritten, "\"scale\"", "\"scale \\\"v2\\\"\""));
        // A list of another length is written anew, that list only.
        QCOMPARE(patched([](SpecJson &json) {
                     json["parameters"][0]["values"] = SpecJson::array({16, 32});
                 }),
                 replaced(kHandWritten, "[32,64,128]", "[16, 32]"));
    }

    void aRemovedMemberTakesItsComma()
    {
        QCOMPARE(patched([](SpecJson &json) { json.erase("x_note"); }),
                 replaced(kHandWritten, ",\n\t\"x_note\": \"keep\\u00e9 me\"", ""));
        QCOMPARE(patched([](SpecJson &json) { json["measurement"].erase("min_samples"); }),
                 replaced(kHandWritten, "\"min_samples\": 5, ", ""));
        // Every member of an object removed: the object is written anew.
        QCOMPARE(patched([](SpecJson &json) { json["measurement"] = SpecJson::object(); }),
                 replaced(kHandWritten, "{\"min_samples\": 5, \"warmup\": 1.0}", "{}"));
    }

    void anAddedMemberFollowsItsSiblingsLayout()
    {
        // Siblings on lines of their own: a line at their indentation.
        QCOMPARE(
            patched([](SpecJson &json) {
                json["strategy"] = {{"name", "random"}};
            }),
            replaced(kHandWritten, "me\"\n}", "me\",\n\t\"strategy\": {\"name\": \"random\"}\n}"));
        // Siblings on one line: inline.
        QCOMPARE(
            patched([](SpecJson &json) { json["measurement"]["max_samples"] = 50; }),
            replaced(kHandWritten, "\"warmup\": 1.0}", "\"warmup\": 1.0, \"max_samples\": 50}"));
    }

    void aTextThatDoesNotHoldTheJsonIsFormattedAfresh()
    {
        const SpecJson before = SpecJson::parse(kHandWritten);
        SpecJson after = before;
        after["name"] = "other";
        // The text says something else than `before`: no patch can be trusted.
        const std::string text = patchJsonText("{\"name\": \"x\"}", before, after);
        QVERIFY(SpecJson::parse(text) == after);
        QVERIFY(text.find("\"parameters\": [") != std::string::npos);
        QVERIFY(SpecJson::parse(patchJsonText("not json", before, after)) == after);
    }

    void theDocumentSavesOnlyWhatWasEdited()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("hand.json");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(kHandWritten.data(), qint64(kHandWritten.size()));
        file.close();

        SpecDocument document;
        QVERIFY(document.load(path));
        QVERIFY(document.setValue("/measurement/min_samples", 9));
        QVERIFY2(document.save(), qPrintable(document.errorString()));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll().toStdString(),
                 replaced(kHandWritten, "\"min_samples\": 5", "\"min_samples\": 9"));
        file.close();
        // A second edit patches what the first save wrote.
        QVERIFY(document.setValue("/name", "scaled"));
        QVERIFY(document.save());
        QVERIFY(file.open(QIODevice::ReadOnly));
        const std::string twice =
            replaced(kHandWritten, "\"min_samples\": 5", "\"min_samples\": 9");
        QCOMPARE(file.readAll().toStdString(), replaced(twice, "\"scale\"", "\"scaled\""));
    }
};

QTEST_MAIN(TestJsonTextPatch)
#include "tst_jsontextpatch.moc"
