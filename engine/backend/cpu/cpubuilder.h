#pragma once

#include "model/configuration.h"
#include "model/expected.h"
#include "model/spec.h"

#include <string>
#include <vector>

namespace tb {

// What building one configuration produced. The log is kept whatever happened.
struct CpuBuild
{
    std::string libraryPath;  // the shared object, on success
    std::string log;          // compiler stdout + stderr (from the cache on a hit)
    std::string errorMessage; // why there is no library; empty on success
    double seconds = 0;       // wall time of the build (or of the cache lookup)
    bool cached = false;      // the library was already in the cache: no compiler ran

    bool succeeded() const { return errorMessage.empty(); }
};

// Builds a spec's C or C++ kernel for one configuration into a shared object with the host
// compiler: `cc` for "c", `c++` for "c++" (the environment variables TB_CC / TB_CXX override,
// e.g. "clang" or "ccache gcc"). Command line: -O3 -march=native -fPIC -shared -std=c11|c++17,
// then the spec's extra flags, then -DNAME=value per parameter.
//
// Results are cached as <cacheDirectory>/<hash>.so, where hash is FNV-1a 64 over the compiler's
// identity (first line of `<compiler> --version`, plus the CPU model because of -march=native),
// the flags, the defines and the source text. Several worker processes may share one cache
// directory: every file is written under a unique temporary name and renamed into place.
//
// For C++ the entry function must be declared extern "C": the backend looks it up by its plain
// name, and a C++ name would be mangled.
// InvalidSpec unless the spec is a cpu spec of a C or C++ kernel: what both CPU worker roles
// (cpu, cpu-compile) check before taking it.
Status checkCpuSpec(const Spec &spec);

class CpuBuilder
{
public:
    explicit CpuBuilder(std::string cacheDirectory);

    // Creates the cache directory (and its parents) when missing.
    Status createCacheDirectory() const;

    CpuBuild build(const KernelSource &kernel, const std::vector<Parameter> &parameters,
                   const Configuration &config) const;

    // The compiler command for a language ("c" or "c++"), after the environment overrides.
    static std::vector<std::string> compilerCommand(const std::string &language);
    // The flags build() passes, without the source and output paths.
    static std::vector<std::string> compileFlags(const KernelSource &kernel,
                                                 const std::vector<Parameter> &parameters,
                                                 const Configuration &config);

    const std::string &cacheDirectory() const { return m_cacheDirectory; }

private:
    std::string m_cacheDirectory;
};

} // namespace tb
