// Search-space build and enumeration speed on a 10^6-point grid (6 parameters x 10 values).
// Prints a markdown table; bench/results/space_enumeration.md keeps a run of it.
//
//   bench_space [repetitions]     (default 5; each figure is the best of the repetitions)

#include "search/searchstrategy.h"
#include "space/searchspace.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <string>
#include <vector>

using namespace tb;

namespace {

struct Scenario
{
    const char *name;
    std::vector<std::string> constraints;
};

Spec gridSpec(const std::vector<std::string> &constraints)
{
    Spec spec;
    for (const char *name : {"A", "B", "C", "D", "E", "F"})
        spec.parameters.push_back({name, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}});
    spec.constraints = constraints;
    spec.sizes = {{"N"}, {{1024}}};
    return spec;
}

double bestSeconds(int repetitions, const std::function<void()> &work)
{
    double best = std::numeric_limits<double>::infinity();
    for (int i = 0; i < repetitions; ++i) {
        const auto start = std::chrono::steady_clock::now();
        work();
        const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
        best = std::min(best, elapsed.count());
    }
    return best;
}

void runScenario(const Scenario &scenario, int repetitions)
{
    const Spec spec = gridSpec(scenario.constraints);
    std::uint64_t valid = 0;
    const double build = bestSeconds(repetitions, [&] {
        auto space = SearchSpace::build(spec, 0);
        if (!space) {
            std::fprintf(stderr, "%s\n", space.error().toString().c_str());
            std::exit(1);
        }
        valid = space->validCount();
    });
    auto space = SearchSpace::build(spec, 0);

    double checksum = 0; // keeps the enumeration from being optimised away
    const double enumerate = bestSeconds(repetitions, [&] {
        for (std::uint64_t i = 0; i < space->validCount(); ++i)
            checksum += space->at(i).values.back();
    });
    const double lookup = bestSeconds(repetitions, [&] {
        for (std::uint64_t i = 0; i < space->validCount(); i += 97)
            checksum += static_cast<double>(space->indexOf(space->at(i)).value_or(0));
    });
    const std::uint64_t lookups = (space->validCount() + 96) / 97;
    const std::uint64_t draws = std::min<std::uint64_t>(10'000, space->validCount());
    const double random = bestSeconds(repetitions, [&] {
        auto strategy = makeStrategy("random", *space, 1);
        for (std::uint64_t i = 0; i < draws; ++i)
            checksum += strategy.value()->next()->values.front();
    });

    // 4 bytes per valid point; nothing at all when no constraint depends on a parameter.
    const double storedBytes = scenario.constraints.empty() ? 0.0 : static_cast<double>(valid) * 4;
    auto perPoint = [](double seconds, std::uint64_t count) {
        return count ? seconds / static_cast<double>(count) * 1e9 : 0.0;
    };
    const std::string constraints = [&] {
        std::string text;
        for (const auto &c : scenario.constraints)
            text += (text.empty() ? "`" : ", `") + c + "`";
        return text.empty() ? std::string("none") : text;
    }();
    std::printf("| %s | %s | %llu | %.1f | %.1f | %.1f | %.1f | %.1f | %.0f |\n", scenario.name,
                constraints.c_str(), static_cast<unsigned long long>(valid), build * 1e3,
                enumerate * 1e3, perPoint(enumerate, valid), perPoint(lookup, lookups),
                random * 1e3, storedBytes / 1024);
    if (checksum == -1)
        std::printf("\n"); // never true; uses the checksum
}

} // namespace

int main(int argc, char **argv)
{
    const int repetitions = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
    const std::vector<Scenario> scenarios{
        {"pruning", {"A * B <= 40", "(C + D + E + F) % 3 == 0"}},
        {"no pruning", {"E * F <= 40", "(A + B + C + D + E + F) % 3 == 0"}},
        {"dense", {}},
    };
    std::printf("Grid: 6 parameters x 10 values = 1000000 raw points, best of %d runs.\n\n",
                repetitions);
    std::printf("| scenario | constraints | valid | build ms | enumerate ms | ns/point (at) | "
                "ns/lookup (indexOf) | random 10k draws ms | stored KiB |\n");
    std::printf("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
    for (const auto &scenario : scenarios)
        runScenario(scenario, repetitions);
    return 0;
}
