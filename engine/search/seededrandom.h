#pragma once

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace tb {

// The one source of randomness of every search strategy. mt19937_64 is fully specified by the
// standard, but std::uniform_*_distribution and std::shuffle are not: their results differ
// between standard libraries. Drawing through this class instead keeps "same seed, same
// proposals" true everywhere.
class SeededRandom
{
public:
    explicit SeededRandom(std::uint64_t seed) : m_engine(seed) {}

    // Uniform in [0, bound); precondition: bound > 0.
    std::uint64_t below(std::uint64_t bound);
    // Uniform in [0, 1), with 53 random bits.
    double unit();
    // True with the given probability.
    bool chance(double probability) { return unit() < probability; }

    // Fisher-Yates with below(): the same permutation with every standard library.
    template <typename T> void shuffle(std::vector<T> &items)
    {
        for (std::size_t i = items.size(); i > 1; --i)
            std::swap(items[i - 1], items[below(i)]);
    }

private:
    std::mt19937_64 m_engine;
};

} // namespace tb
