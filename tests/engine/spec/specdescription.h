#pragma once

#include "spectesthelpers.h"

#include "model/spec.h"
#include "spec/specloader.h"

#include <QString>

#include <iomanip>
#include <limits>
#include <sstream>
#include <string>

namespace tb::testing {

// Every measurement field as text, numbers exact to the last digit.
inline std::string describe(const MeasurementSettings &m)
{
    std::ostringstream o;
    o << std::setprecision(std::numeric_limits<double>::max_digits10) << m.warmupRuns << ','
      << m.minSamples << ',' << m.maxSamples << ',' << m.targetRelativeHalfWidth << ','
      << m.minSecondsPerConfig << ',' << m.maxSecondsPerConfig << ',' << m.timeoutSeconds << ','
      << m.warmCache << ',' << m.concurrentCuptiRecords << ',' << m.processRounds << ','
      << m.maxProcessRounds << ',' << m.finalistsPerSize << ',' << m.earlyExitFactor;
    return o.str();
}

// Every field of a Spec as text, so two specs compare with one readable QCOMPARE.
inline std::string describe(const Spec &s)
{
    std::ostringstream o;
    auto list = [&](const auto &items) {
        for (const auto &item : items)
            o << item << ';';
        o << '|';
    };
    o << s.formatVersion << '|' << s.name << '|' << toString(s.backend) << '|'
      << s.kernel.sourcePath << '|' << s.kernel.code << '|' << s.kernel.entry << '|'
      << s.kernel.language << '|';
    list(s.kernel.compilerFlags);
    for (const auto &p : s.parameters) {
        o << p.name << '=';
        list(p.values);
    }
    list(s.constraints);
    list(s.sizes.names);
    for (const auto &row : s.sizes.values)
        list(row);
    if (s.launch) {
        list(s.launch->grid);
        list(s.launch->block);
        o << s.launch->dynamicSharedMemory << '|';
    }
    for (const auto &a : s.arguments) {
        o << a.name << ',' << int(a.kind) << ',' << toString(a.type) << ',' << a.size << ','
          << int(a.init.kind) << ',' << a.init.value << ',' << a.init.seed << ',' << a.init.min
          << ',' << a.init.max << ',' << a.init.start << ',' << a.init.step << ',' << a.output
          << ',' << a.value << '|';
    }
    if (s.verification.reference)
        list(*s.verification.reference);
    o << s.verification.rtol << ',' << s.verification.atol << '|';
    auto optional = [&](const std::optional<double> &value) {
        if (value)
            o << *value;
        else
            o << "unset";
        o << ',';
    };
    for (const auto &e : s.verification.expected) {
        o << e.output << ',';
        optional(e.rtol);
        optional(e.atol);
        o << e.maxMismatches.value << ',' << e.file << ';';
    }
    o << '|';
    for (const auto &m : s.metrics)
        o << m.name << '=' << m.expression << '|';
    o << s.objective.metric << ',' << s.objective.minimize << '|' << s.strategy.name << ','
      << s.strategy.maxConfigs << ',' << s.strategy.maxSeconds << ',' << s.strategy.seed << '|';
    o << describe(s.measurement) << '|' << s.baseDirectory << '|' << s.document;
    return o.str();
}

// The spec that `loader` reads back from spec.document (the worker's copy), described; or,
// when it refuses the document, the issues. Compare it with qs(describe(spec)).
inline QString describeReparsed(SpecLoader &loader, const Spec &spec)
{
    auto again = loader.parse(spec.document, spec.baseDirectory);
    if (!again.hasValue())
        return QStringLiteral("the document was refused:") + QString::fromUtf8(issueList(loader));
    return qs(describe(*again));
}

} // namespace tb::testing
