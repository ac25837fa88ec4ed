#pragma once

#include <string>

namespace tb {

// One problem found in a spec. `path` is a JSON pointer to the offending value ("" for the whole
// document, "/parameters/2/values" for a field); a missing field is reported at the path it
// should have had.
struct SpecIssue
{
    std::string path;
    std::string message;

    bool operator==(const SpecIssue &) const = default;
};

} // namespace tb
