#pragma once

#include "startingspec.h"

#include <functional>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace tb {

// The argument part of a Triton kernel's starting spec (tritonstartingspec.h): one problem
// size of the autotune key's variables (those not tunable), and the kernel's other parameters
// as arguments, in order. A pointer (annotated so, or named ...ptr) is a buffer of the sizes'
// product, everything else a scalar whose value is the size variable of its name. What it has
// to guess goes to `guesses`. Throws nlohmann::json::exception on an answer of an unknown form.
class TritonArgumentDraft
{
public:
    using IsTunable = std::function<bool(const std::string &)>;

    TritonArgumentDraft(const nlohmann::json &inspect, const IsTunable &isTunable,
                        std::vector<SpecGuess> &guesses);

    void writeProblemSizes(nlohmann::ordered_json &document);
    void writeArguments(nlohmann::ordered_json &document);

private:
    void guess(std::string pointer, std::string why);
    std::string allSizes() const;
    bool isSize(const std::string &name) const;
    nlohmann::ordered_json buffer(const nlohmann::json &item, const std::string &pointer,
                                  std::size_t seed);
    nlohmann::ordered_json scalar(const nlohmann::json &item, const std::string &pointer);
    void markOutputs(nlohmann::ordered_json &arguments, const std::vector<std::size_t> &buffers);

    const nlohmann::json &m_params;
    std::vector<SpecGuess> &m_guesses;
    std::vector<std::string> m_sizes;
};

} // namespace tb
