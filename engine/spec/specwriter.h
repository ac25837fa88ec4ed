#pragma once

#include "model/spec.h"
#include "spec/jsonreader.h"

namespace tb {

// Writes a Spec's values into its JSON document, so that a reader with the built-in defaults
// (a worker's SpecLoader) reads the same Spec from the document alone. SpecReader's opposite:
// every field it reads for a section, this writes, and reading what was written gives the
// values that were written. A field the document already sets is never replaced.
class SpecWriter
{
public:
    explicit SpecWriter(Json &root) : m_root(root) {}

    // "kernel": a "source" file name becomes the file's text as "code", with its absolute path
    // as "source_path", so that reading needs no file system.
    void inlineKernelSource(const KernelSource &kernel);
    // "measurement": every field the document leaves out whose value is not the one a reader
    // with the built-in defaults would take. With the built-in defaults nothing is added: the
    // document, and its hash in a workspace, stay as they were.
    void writeMeasurement(const MeasurementSettings &settings);

private:
    // Writes measurement[key] = value unless the document sets it or value is `readAlike`.
    template <typename Value>
    void fillMeasurement(const char *key, const Value &value, const Value &readAlike);

    Json &m_root;
};

} // namespace tb
