#include "npyfiles.h"
#include "specbuilders.h"

#include "backend/common/hostbuffer.h"
#include "tasks/argumentpreview.h"

#include <QTemporaryDir>
#include <QTest>

using namespace tb;
using tbtest::buffer;
using tbtest::scalar;

namespace {

// Five arguments, one of each source the preview names, over two problem sizes; `y` is as
// large as BLOCK says, so its count needs a configuration.
Spec previewSpec(const std::string &base)
{
    Spec spec;
    spec.name = "preview";
    spec.backend = BackendKind::Cpu;
    spec.baseDirectory = base;
    spec.parameters = {{"BLOCK", {64, 128}}};
    spec.sizes.names = {"N"};
    spec.sizes.values = {{100}, {40}};
    BufferInit fromFile;
    fromFile.kind = BufferInit::Kind::File;
    fromFile.file = "x_{N}.npy";
    BufferInit random{BufferInit::Kind::Random, 0, 7, -1, 1, 0, 1, {}, {}};
    BufferInit fromExpression;
    fromExpression.kind = BufferInit::Kind::Expression;
    fromExpression.expression = "N - i";
    spec.arguments = {buffer("x", "N", fromFile), buffer("r", ElementType::Float64, "N", random),
                      buffer("e", ElementType::Int32, "N", fromExpression),
                      buffer("y", "N + BLOCK", {}, true), scalar("n", ElementType::Int32, "N")};
    spec.verification.reference = std::vector<double>{128};
    return spec;
}

} // namespace

class TestArgumentPreview : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_data.isValid()); }

    // Each source is named, with the count at that size and the values a backend would fill.
    void showsEachArgumentsSourceCountAndFirstValues()
    {
        const std::string base = m_data.path().toStdString();
        QVERIFY(tbtest::writeNpy(base + "/x_100.npy", "<f4", std::vector<float>(100, 0.5f)));
        std::vector<float> small(40);
        for (std::size_t i = 0; i < small.size(); ++i)
            small[i] = static_cast<float>(i) * 2;
        QVERIFY(tbtest::writeNpy(base + "/x_40.npy", "<f4", small));
        const Spec spec = previewSpec(base);

        auto file = previewArgument(spec, 0, 1, 3);
        QVERIFY2(file, file ? "" : file.error().message.c_str());
        QCOMPARE(file->source, "file " + base + "/x_40.npy");
        QCOMPARE(file->count, std::uint64_t(40));
        QCOMPARE(file->first, (std::vector<double>{0, 2, 4}));

        // The random values are the first of the whole buffer a backend fills.
        auto random = previewArgument(spec, 1, 0, 4);
        QVERIFY(random);
        QCOMPARE(random->source, std::string("random in [-1, 1), seed 7"));
        HostBuffer whole(ElementType::Float64, 100);
        whole.fill(spec.arguments[1].init);
        for (std::size_t i = 0; i < 4; ++i)
            QCOMPARE(random->first[i], whole.at(i));

        auto expression = previewArgument(spec, 2, 1, 2);
        QVERIFY(expression);
        QCOMPARE(expression->source, std::string("expression N - i"));
        QCOMPARE(expression->first, (std::vector<double>{40, 39}));

        auto sized = previewArgument(spec, 3, 0); // at the reference, BLOCK = 128
        QVERIFY(sized);
        QCOMPARE(sized->source, std::string("zero"));
        QCOMPARE(sized->count, std::uint64_t(228));
        QCOMPARE(sized->first, std::vector<double>(8, 0.0));

        auto value = previewArgument(spec, 4, 1);
        QVERIFY(value);
        QCOMPARE(value->source, std::string("value N"));
        QCOMPARE(value->first, std::vector<double>{40});
    }

    // A file that cannot serve is the argument's error, as the spec's checks word it.
    void namesAFileThatCannotServe()
    {
        const std::string base = m_data.path().toStdString();
        Spec spec = previewSpec(base);
        spec.arguments[0].init.file = "missing_{N}.npy";
        auto missing = previewArgument(spec, 0, 0);
        QVERIFY(!missing);
        QVERIFY2(missing.error().message.find("argument 'x'") != std::string::npos &&
                     missing.error().message.find("missing_100.npy") != std::string::npos,
                 missing.error().message.c_str());
        QVERIFY(!previewArgument(spec, 9, 0));
        QVERIFY(!previewArgument(spec, 0, 2));
    }

private:
    QTemporaryDir m_data;
};

QTEST_GUILESS_MAIN(TestArgumentPreview)
#include "tst_argumentpreview.moc"
