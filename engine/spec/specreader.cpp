#include "specreader.h"

#include "spec/argumentreader.h"
#include "spec/kernelreader.h"
#include "spec/launchreader.h"
#include "spec/measurementreader.h"
#include "spec/objectivereader.h"
#include "spec/peaksreader.h"
#include "spec/problemsizereader.h"
#include "spec/searchspacereader.h"
#include "spec/strategyreader.h"
#include "spec/verificationreader.h"

namespace tb {

namespace {

using Need = JsonReader::Need;

constexpr int kFormatVersion = 1;

} // namespace

void SpecReader::read(const Json &root)
{
    if (!root.is_object()) {
        m_reader.object(root, "", {});
        return;
    }
    // The version first: a newer format's keys are not "unknown", they are just not ours.
    if (!readVersion(root))
        return;
    m_reader.object(root, "", kSpecTopLevelKeys);
    if (auto name = m_reader.text(root, "", "name", Need::Required))
        m_spec.name = *name;
    readBackend(root);
    if (auto *kernel = m_reader.member(root, "", "kernel", Need::Required))
        KernelReader(m_reader, m_spec, m_backendKnown).read(*kernel, "/kernel");
    SearchSpaceReader space(m_reader, m_spec);
    if (auto *parameters = m_reader.member(root, "", "parameters", Need::Required))
        space.readParameters(*parameters, "/parameters");
    if (auto *constraints = m_reader.member(root, "", "constraints"))
        space.readConstraints(*constraints, "/constraints");
    if (auto *sizes = m_reader.member(root, "", "problem_sizes", Need::Required))
        ProblemSizeReader(m_reader, m_spec).read(*sizes, "/problem_sizes");
    if (auto *launch = m_reader.member(root, "", "launch"))
        LaunchReader(m_reader, m_spec).read(*launch, "/launch");
    else if (m_backendKnown && m_spec.backend == BackendKind::Cuda)
        m_reader.report("/launch", "missing field 'launch' (required for the cuda backend)");
    if (auto *arguments = m_reader.member(root, "", "arguments", Need::Required))
        ArgumentReader(m_reader, m_spec, m_backendKnown).read(*arguments, "/arguments");
    // After the parameters: the reference configuration gives each of them a value.
    if (auto *verification = m_reader.member(root, "", "verification"))
        VerificationReader(m_reader, m_spec).read(*verification, "/verification");
    ObjectiveReader objective(m_reader, m_spec);
    if (auto *metrics = m_reader.member(root, "", "metrics"))
        objective.readMetrics(*metrics, "/metrics");
    if (auto *objectiveSection = m_reader.member(root, "", "objective"))
        objective.readObjective(*objectiveSection, "/objective");
    if (auto *peaks = m_reader.member(root, "", "peaks"))
        PeaksReader(m_reader, m_spec).read(*peaks, "/peaks");
    if (auto *strategy = m_reader.member(root, "", "strategy"))
        StrategyReader(m_reader, m_spec).read(*strategy, "/strategy");
    if (auto *measurement = m_reader.member(root, "", "measurement"))
        MeasurementReader(m_reader, m_spec).read(*measurement, "/measurement");
}

// False when the document is from a newer format: its other fields would only give noise.
bool SpecReader::readVersion(const Json &root)
{
    auto version = m_reader.integer(root, "", "tunebench_spec", Need::Required);
    if (!version)
        return true;
    if (*version > kFormatVersion) {
        m_reader.report("/tunebench_spec",
                        "format version " + std::to_string(*version) +
                            " was written by a newer Tunebench; this build reads version " +
                            std::to_string(kFormatVersion));
        return false;
    }
    if (*version < kFormatVersion)
        m_reader.report("/tunebench_spec",
                        "unsupported format version " + std::to_string(*version) +
                            " (this build reads version " + std::to_string(kFormatVersion) + ")");
    m_spec.formatVersion = kFormatVersion;
    return true;
}

void SpecReader::readBackend(const Json &root)
{
    auto backend = m_reader.text(root, "", "backend", Need::Required);
    if (!backend)
        return;
    if (*backend == "cpu" || *backend == "cuda") {
        m_spec.backend = *backend == "cpu" ? BackendKind::Cpu : BackendKind::Cuda;
        m_backendKnown = true;
    } else {
        m_reader.report("/backend", "unknown backend '" + *backend + "' (known: cpu, cuda)");
    }
}

} // namespace tb
