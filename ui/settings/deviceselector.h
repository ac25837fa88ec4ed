#pragma once

#include "tasks/machinefacts.h"

#include <QStringList>
#include <QWidget>

#include <functional>
#include <optional>

class QLabel;
class QListWidget;
template <typename T> class QFutureWatcher;

namespace tb {

// The GPUs the CUDA driver sees, each with a checkbox: which ones bench workers use. The probe
// loads the driver library, so it runs on a pool thread; the list fills in when it is done.
class DeviceSelector : public QWidget
{
    Q_OBJECT
public:
    using CudaProbe = std::function<CudaEnvironment()>;

    explicit DeviceSelector(CudaProbe probe, QWidget *parent = nullptr);
    ~DeviceSelector() override;

    bool isProbing() const;
    bool hasGpus() const;

    // nullopt: every GPU (all are checked, or none was found and the stored choice stands).
    std::optional<QStringList> selection() const;
    void setSelection(const std::optional<QStringList> &gpus);
    void selectAll();
    QString problem() const; // why the current choice cannot be saved, or empty

    QListWidget *list() const { return m_list; }
    QLabel *status() const { return m_status; }

signals:
    void probed();
    void changed();

private:
    void showEnvironment(const CudaEnvironment &environment);
    void applySelection();

    QLabel *m_status;
    QListWidget *m_list;
    QFutureWatcher<CudaEnvironment> *m_watcher;
    std::optional<QStringList> m_requested;
    bool m_probing = true;
};

} // namespace tb
