#pragma once

#include "model/expected.h"
#include "model/spec.h"
#include "spec/specissue.h"

#include <string>
#include <vector>

namespace tb {

// Loads and validates a spec document, format v1 (engine/spec/FORMAT.md). Validation collects
// every problem it can find in one pass, each with the JSON pointer of the offending value, so
// a user (or the GUI's spec editor) can fix them all at once. Only a valid spec comes back.
//
// On failure the error is EngineError{InvalidSpec, "spec has N problem(s)", detail}, one
// "PATH: message" line per issue ("(root)" for the empty path), and issues() lists them.
// A spec file that cannot be read at all is an IoError (with one issue at path "").
//
// Measurement fields a spec leaves out take the loader's measurement defaults (the built-in
// MeasurementSettings unless the caller gives its own, e.g. the workbench's preferences); the
// spec's own values win.
//
// Spec::document is the document with the kernel source inlined as "code" (and its absolute
// path kept as "source_path") and every measurement field that came from a default other than
// the built-in one written out, so parse(spec.document, spec.baseDirectory) needs no file access
// and gives the same Spec with any loader: that is what workers receive.
class SpecLoader
{
public:
    explicit SpecLoader(const MeasurementSettings &measurementDefaults = {})
        : m_measurementDefaults(measurementDefaults)
    {}

    const MeasurementSettings &measurementDefaults() const { return m_measurementDefaults; }

    // baseDirectory = the directory of the file.
    Expected<Spec> loadFile(const std::string &path);
    // Relative kernel paths resolve against baseDirectory (made absolute; "" = current dir).
    Expected<Spec> parse(const std::string &jsonText, const std::string &baseDirectory);

    // Every problem found by the last call, in document order of discovery.
    const std::vector<SpecIssue> &issues() const { return m_issues; }

private:
    EngineError failure() const;

    MeasurementSettings m_measurementDefaults;
    std::vector<SpecIssue> m_issues;
};

} // namespace tb
