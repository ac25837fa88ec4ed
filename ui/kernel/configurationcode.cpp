#include "configurationcode.h"

#include "tasks/kernelfacts.h"

namespace tb {

namespace {

QString extents(const std::array<std::uint64_t, 3> &values)
{
    return QStringLiteral("dim3(%1, %2, %3)").arg(values[0]).arg(values[1]).arg(values[2]);
}

} // namespace

bool ConfigurationCode::isOfSpec(const QStringList &parameterNames) const
{
    if (std::size_t(parameterNames.size()) != m_spec.parameters.size())
        return false;
    for (std::size_t p = 0; p < m_spec.parameters.size(); ++p)
        if (parameterNames[qsizetype(p)].toStdString() != m_spec.parameters[p].name)
            return false;
    return true;
}

QString ConfigurationCode::defineFlags(const QStringList &parameterNames,
                                       const Configuration &config) const
{
    if (!isOfSpec(parameterNames))
        return {};
    // The spec's code, as the run built it (not the editor's unsaved edits): a template
    // parameter's macro is named apart, as the backends name it.
    QStringList flags;
    for (const std::string &define :
         parameterDefines(m_spec.parameters, config, m_spec.kernel.code))
        flags << QString::fromStdString(define);
    return flags.join(QLatin1Char(' '));
}

QString ConfigurationCode::launchGeometry(const QStringList &parameterNames,
                                          const Configuration &config, std::size_t sizeIndex,
                                          QString *problem) const
{
    const auto fail = [problem](const QString &why) {
        if (problem)
            *problem = why;
        return QString();
    };
    if (!isOfSpec(parameterNames))
        return fail(tr("that result is of another spec than the one open"));
    if (m_spec.backend != BackendKind::Cuda)
        return fail(tr("a cpu kernel is called directly: it has no launch geometry"));
    auto evaluator = LaunchShapeEvaluator::create(m_spec);
    if (!evaluator)
        return fail(QString::fromStdString(evaluator.error().toString()));
    const auto shape = evaluator->evaluate(config, sizeIndex);
    if (!shape)
        return fail(QString::fromStdString(shape.error().toString()));
    QString text = extents(shape->grid) + QStringLiteral(", ") + extents(shape->block);
    if (shape->dynamicSharedBytes > 0)
        text += QStringLiteral(", %1").arg(shape->dynamicSharedBytes);
    return QStringLiteral("<<<%1>>>").arg(text);
}

} // namespace tb
