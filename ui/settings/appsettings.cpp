#include "appsettings.h"

#include <QSettings>

#include <algorithm>

namespace tb {

namespace {

const QString keyCompileWorkers = QStringLiteral("workers/compile");
const QString keyLauncher = QStringLiteral("workers/launcher");
const QString keySrunTasks = QStringLiteral("workers/srun_tasks");
const QString keySrunArguments = QStringLiteral("workers/srun_arguments");
const QString keySshHosts = QStringLiteral("workers/ssh_hosts");
const QString keySalloc = QStringLiteral("workers/salloc");
const QString keySlurmPartition = QStringLiteral("workers/slurm_partition");
const QString keySlurmAccount = QStringLiteral("workers/slurm_account");
const QString keySlurmTime = QStringLiteral("workers/slurm_time");
const QString keyBuildOnNodes = QStringLiteral("workers/build_on_nodes");
const QString keyGpus = QStringLiteral("devices/gpus");
const QString keyAppearance = QStringLiteral("appearance/scheme");
const QString keyMeasurement = QStringLiteral("measurement");
const QString keyWarmupRuns = QStringLiteral("measurement/warmup_runs");
const QString keyMinSamples = QStringLiteral("measurement/min_samples");
const QString keyMaxSamples = QStringLiteral("measurement/max_samples");
const QString keyTargetRelCi = QStringLiteral("measurement/target_rel_ci");
const QString keyMinSecondsPerConfig = QStringLiteral("measurement/min_seconds_per_config");
const QString keyMaxSecondsPerConfig = QStringLiteral("measurement/max_seconds_per_config");
const QString keyTimeoutSeconds = QStringLiteral("measurement/timeout_seconds");
const QString keyWarmCache = QStringLiteral("measurement/warm_cache");

bool within(double value, double low, double high)
{
    return value >= low && value <= high;
}

} // namespace

AppSettings::AppSettings() : m_settings(std::make_unique<QSettings>()) {}

AppSettings::AppSettings(const QString &iniFile)
    : m_settings(std::make_unique<QSettings>(iniFile, QSettings::IniFormat))
{}

AppSettings::~AppSettings() = default;

int AppSettings::compileWorkers() const
{
    bool ok = false;
    const int workers = m_settings->value(keyCompileWorkers).toInt(&ok);
    return ok && within(workers, kAutomaticWorkers, kMaxWorkers) ? workers : kAutomaticWorkers;
}

void AppSettings::setCompileWorkers(int workers)
{
    m_settings->setValue(keyCompileWorkers, std::clamp(workers, kAutomaticWorkers, kMaxWorkers));
}

std::optional<QStringList> AppSettings::enabledGpus() const
{
    if (!m_settings->contains(keyGpus))
        return std::nullopt;
    // INI stores a one-element list as a plain string: toStringList reads both.
    return m_settings->value(keyGpus).toStringList();
}

void AppSettings::setEnabledGpus(const std::optional<QStringList> &gpus)
{
    if (gpus)
        m_settings->setValue(keyGpus, *gpus);
    else
        m_settings->remove(keyGpus);
}

LauncherPreference AppSettings::launcherPreference() const
{
    LauncherPreference launch;
    const auto kind =
        launcherKindFromString(m_settings->value(keyLauncher).toString().toStdString());
    launch.kind = kind.value_or(LauncherKind::Local);
    bool ok = false;
    const int tasks = m_settings->value(keySrunTasks).toInt(&ok);
    launch.srunTasks = ok ? tasks : 1;
    launch.srunArguments = m_settings->value(keySrunArguments).toString();
    launch.sshHosts = m_settings->value(keySshHosts).toStringList();
    launch.askForAllocation = m_settings->value(keySalloc, false).toBool();
    launch.slurmPartition = m_settings->value(keySlurmPartition).toString();
    launch.slurmAccount = m_settings->value(keySlurmAccount).toString();
    launch.slurmTimeLimit = m_settings->value(keySlurmTime).toString();
    launch.buildWhereMeasured = m_settings->value(keyBuildOnNodes, false).toBool();
    return launcherPreferenceProblem(launch).isEmpty() ? launch : LauncherPreference();
}

void AppSettings::setLauncherPreference(const LauncherPreference &launch)
{
    m_settings->setValue(keyLauncher, QString::fromLatin1(toString(launch.kind)));
    m_settings->setValue(keySrunTasks, launch.srunTasks);
    m_settings->setValue(keySrunArguments, launch.srunArguments);
    m_settings->setValue(keySshHosts, launch.sshHosts);
    m_settings->setValue(keySalloc, launch.askForAllocation);
    m_settings->setValue(keySlurmPartition, launch.slurmPartition);
    m_settings->setValue(keySlurmAccount, launch.slurmAccount);
    m_settings->setValue(keySlurmTime, launch.slurmTimeLimit);
    m_settings->setValue(keyBuildOnNodes, launch.buildWhereMeasured);
}

MeasurementSettings AppSettings::measurement() const
{
    const MeasurementSettings defaults;
    MeasurementSettings read;
    const auto number = [this](const QString &key, double fallback) {
        bool ok = false;
        const double value = m_settings->value(key).toDouble(&ok);
        return ok ? value : fallback;
    };
    read.warmupRuns = int(number(keyWarmupRuns, defaults.warmupRuns));
    read.minSamples = int(number(keyMinSamples, defaults.minSamples));
    read.maxSamples = int(number(keyMaxSamples, defaults.maxSamples));
    read.targetRelativeHalfWidth = number(keyTargetRelCi, defaults.targetRelativeHalfWidth);
    read.minSecondsPerConfig = number(keyMinSecondsPerConfig, defaults.minSecondsPerConfig);
    read.maxSecondsPerConfig = number(keyMaxSecondsPerConfig, defaults.maxSecondsPerConfig);
    read.timeoutSeconds = number(keyTimeoutSeconds, defaults.timeoutSeconds);
    read.warmCache = m_settings->value(keyWarmCache, defaults.warmCache).toBool();
    // Values that belong together (min <= max) fall back together.
    return measurementProblem(read).isEmpty() ? read : defaults;
}

void AppSettings::setMeasurement(const MeasurementSettings &measurement)
{
    Q_ASSERT(measurementProblem(measurement).isEmpty());
    m_settings->setValue(keyWarmupRuns, measurement.warmupRuns);
    m_settings->setValue(keyMinSamples, measurement.minSamples);
    m_settings->setValue(keyMaxSamples, measurement.maxSamples);
    m_settings->setValue(keyTargetRelCi, measurement.targetRelativeHalfWidth);
    m_settings->setValue(keyMinSecondsPerConfig, measurement.minSecondsPerConfig);
    m_settings->setValue(keyMaxSecondsPerConfig, measurement.maxSecondsPerConfig);
    m_settings->setValue(keyTimeoutSeconds, measurement.timeoutSeconds);
    m_settings->setValue(keyWarmCache, measurement.warmCache);
}

QString AppSettings::measurementProblem(const MeasurementSettings &m)
{
    if (!within(m.warmupRuns, 0, kMaxWarmupRuns))
        return QObject::tr("Warm-up launches must be from 0 to %1.").arg(kMaxWarmupRuns);
    if (!within(m.minSamples, 1, kMaxSamples) || !within(m.maxSamples, 1, kMaxSamples))
        return QObject::tr("Samples must be from 1 to %1.").arg(kMaxSamples);
    if (m.minSamples > m.maxSamples)
        return QObject::tr("Minimum samples (%1) is more than maximum samples (%2).")
            .arg(m.minSamples)
            .arg(m.maxSamples);
    if (!within(m.targetRelativeHalfWidth, kMinTargetHalfWidth, kMaxTargetHalfWidth))
        return QObject::tr("The target confidence half-width must be from %1% to %2%.")
            .arg(kMinTargetHalfWidth * 100)
            .arg(kMaxTargetHalfWidth * 100);
    if (!(m.maxSecondsPerConfig > 0) || m.maxSecondsPerConfig > kMaxSecondsPerConfig)
        return QObject::tr("The sampling time per configuration must be more than 0 and at "
                           "most %1 s.")
            .arg(kMaxSecondsPerConfig);
    if (!(m.minSecondsPerConfig >= 0) || m.minSecondsPerConfig > m.maxSecondsPerConfig)
        return QObject::tr("The minimum sampling time per configuration must be from 0 to the "
                           "sampling time (%1 s).")
            .arg(m.maxSecondsPerConfig);
    if (!(m.timeoutSeconds > 0) || m.timeoutSeconds > kMaxTimeoutSeconds)
        return QObject::tr("The timeout must be more than 0 and at most %1 s.")
            .arg(kMaxTimeoutSeconds);
    return QString();
}

Appearance AppSettings::appearance() const
{
    return appearanceFromName(m_settings->value(keyAppearance).toString());
}

void AppSettings::setAppearance(Appearance appearance)
{
    m_settings->setValue(keyAppearance, appearanceName(appearance));
}

void AppSettings::restoreDefaults()
{
    for (const QString &key :
         {keyCompileWorkers, keyLauncher, keySrunTasks, keySrunArguments, keySshHosts, keySalloc,
          keySlurmPartition, keySlurmAccount, keySlurmTime, keyBuildOnNodes, keyGpus, keyAppearance,
          keyMeasurement})
        m_settings->remove(key);
}

void AppSettings::sync()
{
    m_settings->sync();
}

} // namespace tb
