#include "sessioncontroller.h"

#include "cluster/launcherchoice.h"
#include "cudarunsetup.h"
#include "postedcalls.h"
#include "run/session.h"
#include "sessionbridge.h"
#include "spec/specloader.h"
#include "tasks/workerlocation.h"

#include <QFileInfo>

namespace tb {

namespace {

void registerMetaTypes()
{
    qRegisterMetaType<tb::SpecOutline>();
    qRegisterMetaType<tb::SpaceSummary>();
    qRegisterMetaType<tb::ResultEvent>();
    qRegisterMetaType<tb::Progress>();
    qRegisterMetaType<tb::RunSummary>();
    qRegisterMetaType<tb::RoundStart>();
    qRegisterMetaType<tb::RoundEvent>();
    qRegisterMetaType<tb::BenchLane>();
}

QString describeError(const QString &specPath, const EngineError &error)
{
    QString text = specPath + QStringLiteral(": ") + QString::fromStdString(error.message);
    if (!error.detail.empty())
        text += QLatin1Char('\n') + QString::fromStdString(error.detail);
    return text;
}

} // namespace

SessionController::SessionController(QObject *parent)
    : QObject(parent), m_posted(new PostedCalls(this))
{
    registerMetaTypes();
}

SessionController::~SessionController()
{
    m_stop.store(true);
    if (m_thread.joinable())
        m_thread.join();
}

QString SessionController::defaultWorkerPath()
{
    return QString::fromStdString(tb::defaultWorkerPath());
}

bool SessionController::start(const RunRequest &request)
{
    if (m_running)
        return false;
    if (m_thread.joinable())
        m_thread.join(); // a finished run whose end has not been handled yet
    m_stop.store(false);
    m_pauseFlag.store(false);
    m_running = true;
    m_thread = std::thread([this, request] { runOnThread(request); });
    return true;
}

void SessionController::stop()
{
    m_stop.store(true);
}

void SessionController::pause()
{
    if (m_running)
        setPaused(true);
}

void SessionController::resume()
{
    setPaused(false);
}

void SessionController::setPaused(bool paused)
{
    if (paused == m_paused)
        return;
    m_paused = paused;
    m_pauseFlag.store(paused);
    emit pausedChanged(paused);
}

void SessionController::post(std::function<void()> call)
{
    m_posted->post(std::move(call));
}

// Runs on the GUI thread after the run's thread posted its last event.
void SessionController::endRun()
{
    if (m_thread.joinable())
        m_thread.join();
    m_running = false;
    setPaused(false);
}

// False where this build cannot run CUDA at all; the reason is then in `why`.
bool SessionController::applyCudaEnvironment(const RunRequest &request, const Spec &spec,
                                             SessionOptions &options, QString &why)
{
    const auto announcement =
        applyCudaRunPlan(spec, request.compileOnly, request.enabledGpus, options, why);
    if (!announcement)
        return false;
    const QString line = *announcement;
    post([this, line] { emit logLine(line); });
    if (options.compileOnly)
        post([this, line] { emit compilingOnly(line); });
    return true;
}

// Preferences > Workers through the launcher policy the CLI uses; false (with the policy's
// words in `why`) when it refuses: outside an allocation, srun missing, a CUDA spec.
bool SessionController::applyLaunchers(const RunRequest &request, const Spec &spec,
                                       SessionOptions &options, QString &why)
{
    const LauncherChoice choice =
        chooseLaunchers(launcherRequest(request.launcherPreference), spec);
    if (!choice.error.empty()) {
        why = QString::fromStdString(choice.error);
        return false;
    }
    options.benchLaunchers = choice.benchLaunchers;
    options.compileWhereMeasured = choice.compileWhereMeasured;
    options.allocation = choice.allocation; // asked for and held by the session, as the CLI's
    if (choice.benchLaunchers.empty())
        return true;
    // A worker on another host starts in another directory (ssh: the home directory).
    options.workspacePath = QFileInfo(request.workspacePath).absoluteFilePath().toStdString();
    const QString line = QString::fromStdString(choice.announcement);
    post([this, line] { emit logLine(line); });
    return true;
}

void SessionController::runOnThread(RunRequest request)
{
    SpecLoader loader(request.measurementDefaults);
    auto spec = loader.loadFile(request.specPath.toStdString());
    if (!spec) {
        const QString message = describeError(request.specPath, spec.error());
        post([this, message] {
            endRun();
            emit failed(message);
        });
        return;
    }
    SpecOutline outline = specOutline(*spec);
    const bool cuda = outline.cuda;

    SessionOptions options;
    options.workspacePath = request.workspacePath.toStdString();
    const QString worker = request.workerPath.isEmpty() ? defaultWorkerPath() : request.workerPath;
    options.workerCommand = {worker.toStdString()};
    options.workers = std::max(0, request.workers); // 0: the engine's default for the run
    options.maxConfigs = request.maxConfigs;
    options.maxSeconds = request.maxSeconds;
    if (request.strategy)
        options.strategy = request.strategy->toStdString();
    options.fresh = request.fresh;
    options.toolVersion = TUNEBENCH_VERSION;
    options.stopRequested = &m_stop;
    options.pauseRequested = &m_pauseFlag;
    QString why;
    // The launchers first: a CUDA run's GPUs are where its measuring workers start.
    const bool launchersReady = applyLaunchers(request, *spec, options, why);
    const bool cudaReady =
        launchersReady && (!cuda || applyCudaEnvironment(request, *spec, options, why));
    // Announced once the GPUs are known: the results are judged against their peaks.
    if (!options.gpus.empty())
        outline.peaks = effectivePeaks(spec->peaks, options.gpus.front().peaks);
    post([this, outline] { emit specLoaded(outline); });
    if (!cudaReady) {
        const QString message = request.specPath + QStringLiteral(": ") + why;
        post([this, message] {
            endRun();
            emit failed(message);
        });
        return;
    }

    SessionBridge bridge(this, m_posted);
    Session session(*spec, options, bridge);
    auto summary = session.run();
    if (summary) {
        post([this, result = *summary] {
            endRun();
            emit finished(result);
        });
    } else {
        const QString message = describeError(request.specPath, summary.error());
        post([this, message] {
            endRun();
            emit failed(message);
        });
    }
}

} // namespace tb
