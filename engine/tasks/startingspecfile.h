#pragma once

#include "model/expected.h"
#include "startingspec.h"

#include <string>

namespace tb {

// Where a starting spec goes and how it is written and told, one policy for the CLI's
// new-spec and the workbench's File > New spec from kernel...

// <directory of the kernel>/<its stem>.json
std::string specPathBeside(const std::string &kernelPath);
// specPathBeside, else <stem>-2.json, -3, ...: the first name no file has.
std::string unusedSpecPathBeside(const std::string &kernelPath);

// The document as people write specs (spec/jsonformat.h). IoError when `path` exists and
// `overwrite` is false (the user's spec is never replaced unasked), or it cannot be written.
Status writeStartingSpec(const StartingSpec &spec, const std::string &path, bool overwrite);

// One line per guess: "  /arguments/0/type: float32 is a guess: ...".
std::string describeGuesses(const StartingSpec &spec);

} // namespace tb
