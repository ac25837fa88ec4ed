#pragma once

#include "tasks/machinefacts.h"

#include <QDialog>

#include <functional>

class QFormLayout;
class QLabel;

namespace tb {

// Help > About Tunebench: what the program is, its version and commit, the Qt it runs on, and
// the NVRTC and CUDA driver versions (cudaVersions(), found on a pool thread: loading the
// driver may take a moment). Copy puts the same lines on the clipboard, for a bug report.
class AboutDialog : public QDialog
{
    Q_OBJECT
public:
    using VersionsProbe = std::function<CudaVersions()>;

    // probe: where the CUDA versions come from (tests give their own).
    explicit AboutDialog(QWidget *parent, VersionsProbe probe = defaultProbe());

    // The version lines as plain text, one "Name: value" a line.
    QString summary() const;
    bool cudaShown() const { return m_cudaShown; }

    static VersionsProbe defaultProbe();

signals:
    void cudaVersionsShown();

private:
    QLabel *addLine(const QString &name, const QString &value);
    void showCudaVersions(const CudaVersions &versions);

    QFormLayout *m_form;
    QLabel *m_nvrtc = nullptr;
    QLabel *m_driver = nullptr;
    bool m_cudaShown = false;
};

} // namespace tb
