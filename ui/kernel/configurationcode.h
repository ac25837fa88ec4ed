#pragma once

#include "model/configuration.h"
#include "model/spec.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <cstddef>

namespace tb {

// From a result to its code: what a configuration of the spec open is built and launched with.
// Each takes a result's configuration with its parameters' names (the run's order) and refuses
// one of another spec (names not the spec's): values alone could fit by chance. A view of the
// spec: it must outlive this.
class ConfigurationCode
{
    Q_DECLARE_TR_FUNCTIONS(ConfigurationCode)
public:
    explicit ConfigurationCode(const Spec &spec) : m_spec(spec) {}

    // The names are the spec's parameters', in the spec's order.
    bool isOfSpec(const QStringList &parameterNames) const;
    // "-DBM=64 -DBN=32": the backends' own defines (parameterDefines(), template parameters
    // included); empty for a configuration of another spec.
    QString defineFlags(const QStringList &parameterNames, const Configuration &config) const;
    // "<<<dim3(16, 16, 1), dim3(32, 8, 1), 4096>>>": grid, block and (when not 0) dynamic
    // shared memory from the spec's launch expressions; empty with `problem` saying why when
    // there is none (a cpu spec, another spec, an expression that fails).
    QString launchGeometry(const QStringList &parameterNames, const Configuration &config,
                           std::size_t sizeIndex, QString *problem = nullptr) const;

private:
    const Spec &m_spec;
};

} // namespace tb
