#pragma once

#include "appearance.h"
#include "model/spec.h"
#include "session/workerlaunch.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

class QSettings;

namespace tb {

// The workbench's preferences, typed, over QSettings, each with its default. A value missing
// from the store or out of its range (a hand-edited file) reads as the default. Measurement
// keys use the spec format's names ("measurement/max_samples") and MeasurementSettings'
// defaults, so a preference and a spec field always mean the same thing.
class AppSettings
{
public:
    AppSettings(); // the application's QSettings (organisation and application name)
    explicit AppSettings(const QString &iniFile);
    ~AppSettings();
    AppSettings(const AppSettings &) = delete;
    AppSettings &operator=(const AppSettings &) = delete;

    // What the dialog accepts; a spec may go further.
    static constexpr int kMaxWorkers = 256;
    static constexpr int kMaxWarmupRuns = 10000;
    static constexpr int kMaxSamples = 1000000;
    static constexpr double kMinTargetHalfWidth = 0.0001; // 0.01%
    static constexpr double kMaxTargetHalfWidth = 0.5;    // 50%
    static constexpr double kMaxSecondsPerConfig = 3600;
    static constexpr double kMaxTimeoutSeconds = 86400;

    // 0 compile workers, the default: the engine chooses for the run's GPUs
    // (tb::defaultCompileWorkers). The old default, one per core, ignored the GPU count and on
    // a large host started so many compilers that the first results came seconds later.
    static constexpr int kAutomaticWorkers = 0;
    int compileWorkers() const; // kAutomaticWorkers or 1..kMaxWorkers
    void setCompileWorkers(int workers);

    // The CUDA_VISIBLE_DEVICES values of the GPUs to measure on; nullopt: every GPU found.
    std::optional<QStringList> enabledGpus() const;
    void setEnabledGpus(const std::optional<QStringList> &gpus);

    // Where the measuring workers run (Workers page): Local unless set; values out of range
    // (a hand-edited file) read as Local.
    LauncherPreference launcherPreference() const;
    void setLauncherPreference(const LauncherPreference &launch);

    MeasurementSettings measurement() const;
    void setMeasurement(const MeasurementSettings &measurement);
    // The problem with these values ("minimum samples (9) is more than ..."), or empty.
    static QString measurementProblem(const MeasurementSettings &measurement);

    Appearance appearance() const;
    void setAppearance(Appearance appearance);

    void restoreDefaults(); // removes every key this class owns
    void sync();
    QSettings &settings() const { return *m_settings; }

private:
    std::unique_ptr<QSettings> m_settings;
};

} // namespace tb
