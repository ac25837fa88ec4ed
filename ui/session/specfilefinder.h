#pragma once

#include "model/spec.h"

#include <QString>

namespace tb {

// The spec file a stored run ran, found again on disk. A workspace keeps the spec's document
// (its kernel inlined) and the directory it was read from, not the file's name: the file is
// the one in that directory that reads as the same spec.
struct SpecFileMatch
{
    QString path;        // absolute; empty when no file there is the run's spec
    bool edited = false; // the file, or its kernel, changed since the run read it
    QString directory;   // where it was looked for: the directory the run read its spec from
};

// Which file in ran.baseDirectory is the spec `ran` was read from: a *.json file that loads to
// the same document (unchanged), else one that names the same spec (name, backend, kernel entry
// and kernel file: edited since). At most kMaxSpecCandidates files of at most kMaxSpecFileBytes
// each are read, so a folder of exports or a device file never stalls the search. Reads files:
// call it off the GUI thread.
SpecFileMatch findSpecFile(const Spec &ran);

inline constexpr int kMaxSpecCandidates = 200;
inline constexpr qint64 kMaxSpecFileBytes = 4 * 1024 * 1024;

} // namespace tb
