#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace tb {

// A field of a starting spec that Tunebench had to guess: where (a JSON pointer into the
// document) and why it could not know.
struct SpecGuess
{
    std::string pointer;
    std::string why;
};

// A spec made for the user to finish: a document that loads (spec format 1), and every field
// in it that is a guess, for the user to check before trusting a run of it.
struct StartingSpec
{
    nlohmann::ordered_json document;
    std::vector<SpecGuess> toCheck;
};

} // namespace tb
