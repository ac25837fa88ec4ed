// narrowSpecToPairs: the spec a missing pair is measured with (export --measure-missing). Each
// size admits exactly its pairs and the verification reference, searched exhaustively without
// budgets; a pair the spec's own constraints reject stays rejected; no pairs, or a size the spec
// lacks, is refused.
#include "analysis/pairnarrowing.h"
#include "space/searchspace.h"
#include "spec/specloader.h"

#include <QTest>

#include <algorithm>

using namespace tb;

namespace {

// P <= 2 except at the larger size: (P=3, size 0) is rejected by the spec itself.
constexpr const char *kSpec = R"({
  "tunebench_spec": 1, "name": "narrow", "backend": "cpu",
  "kernel": {"code": "void k(float *y, int n) {}", "entry": "k", "language": "c"},
  "parameters": [{"name": "P", "values": [1, 2, 3]}, {"name": "Q", "values": [0.5, 1]}],
  "constraints": ["P <= 2 || N > 1024"],
  "problem_sizes": [{"N": 1024}, {"N": 2048}],
  "arguments": [
    {"name": "y", "kind": "buffer", "type": "float32", "size": "N", "output": true},
    {"name": "n", "kind": "scalar", "type": "int32", "value": "N"}
  ],
  "verification": {"reference": {"P": 1, "Q": 1}},
  "strategy": {"name": "random", "max_configs": 2, "seed": 4}
})";

Spec loadSpec()
{
    auto spec = SpecLoader().parse(kSpec, ".");
    if (!spec)
        qFatal("%s", spec.error().toString().c_str());
    return *spec;
}

std::vector<Configuration> validAt(const Spec &spec, std::size_t sizeIndex)
{
    auto space = SearchSpace::build(spec, sizeIndex);
    if (!space)
        qFatal("%s", space.error().toString().c_str());
    std::vector<Configuration> valid;
    for (std::uint64_t i = 0; i < space->validCount(); ++i)
        valid.push_back(space->at(i));
    std::sort(valid.begin(), valid.end(),
              [](const auto &a, const auto &b) { return a.values < b.values; });
    return valid;
}

} // namespace

class TestPairNarrowing : public QObject
{
    Q_OBJECT

private slots:
    void eachSizeAdmitsItsPairsAndTheReference()
    {
        const Spec spec = loadSpec();
        const std::vector<ConfigAtSize> pairs = {
            {Configuration{{2, 0.5}}, 0}, {Configuration{{3, 0.5}}, 0}, {Configuration{{3, 1}}, 1}};
        auto narrowed = narrowSpecToPairs(spec, pairs);
        QVERIFY2(narrowed.hasValue(), narrowed ? "" : narrowed.error().toString().c_str());
        // (P=3, N=1024) stays rejected by the spec's own constraint.
        QCOMPARE(validAt(*narrowed, 0),
                 (std::vector<Configuration>{Configuration{{1, 1}}, Configuration{{2, 0.5}}}));
        QCOMPARE(validAt(*narrowed, 1),
                 (std::vector<Configuration>{Configuration{{1, 1}}, Configuration{{3, 1}}}));
        QCOMPARE(narrowed->strategy.name, std::string("brute_force"));
        QCOMPARE(narrowed->strategy.maxConfigs, std::int64_t{0});
        QCOMPARE(narrowed->constraints.size(), spec.constraints.size() + 1);
        QCOMPARE(narrowed->sizes.values, spec.sizes.values);
    }

    void nothingToMeasureOrAnUnknownSizeIsRefused()
    {
        const Spec spec = loadSpec();
        auto none = narrowSpecToPairs(spec, {});
        QVERIFY(!none.hasValue());
        QCOMPARE(none.error().code, EngineError::Code::InvalidArgument);
        auto unknown = narrowSpecToPairs(spec, {{Configuration{{1, 1}}, 2}});
        QVERIFY(!unknown.hasValue());
        QVERIFY2(unknown.error().message.find("no problem size 2") != std::string::npos,
                 unknown.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestPairNarrowing)
#include "tst_pairnarrowing.moc"
